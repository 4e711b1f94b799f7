/**
 * The one loop over benchmark points, shared by the app's sweep and the headless bench: each point
 * (shape × kernel × tile) is planned once and checked against the adapter, skipped with the reason
 * when it cannot run or would take too long (estimated from the kernel's previous point), else run
 * and verified like a single run, with buffers reused across points.
 */
import { kAutoSampling, sweepPlan, type BenchPoint, type SweepConfig } from '../core/bench';
import type { Pattern } from '../core/data';
import { kKernels, type KernelId, type KernelParams } from '../core/kernels';
import { flops, shapeLabel, type Shape, type TileWidth } from '../core/shape';
import { GpuRunError, type GpuContext } from './device';
import { kMaxPointDispatchMs, type KernelRate } from './estimate';
import { planExperiment, pointFields, runVerified, type VerifiedRun } from './experiment';
import { MatmulBuffers, type RunOptions } from './runner';
import { said, sayNow } from '../core/said';

export { kMaxPointDispatchMs } from './estimate';

/** One point to run. */
export interface PointJob {
  readonly shape: Shape;
  readonly kernel: KernelId;
  readonly tile: TileWidth;
  readonly params?: KernelParams;
}

/** What became of a point: skipped (why), failed (the error), or run and verified. */
export type PointOutcome =
  | { readonly skipped: string }
  | { readonly error: string }
  | { readonly verified: VerifiedRun; readonly startedAt: string; readonly endedAt: string };

export interface PointLoopOptions {
  readonly pattern: Pattern;
  readonly seed: number;
  /** Timing options for every run (warm-ups, samples, budget, clock, split budget). */
  readonly run?: Omit<RunOptions, 'plan' | 'params' | 'buffers' | 'signal' | 'source' | 'onProgress'>;
  /**
   * Buffers shared by every point (the caller destroys them); by default the loop owns one set,
   * grown as needed; 'per-run': each run allocates and frees its own (the headless bench without --pool).
   */
  readonly buffers?: MatmulBuffers | 'per-run';
  /** WGSL to run in place of a kernel's own (experiments); its plan, tunables and checks stay. */
  readonly sources?: Partial<Record<KernelId, string>>;
  readonly signal?: AbortSignal;
  /** Skip a point whose dispatch is estimated above this many ms (default: never). */
  readonly maxPointDispatchMs?: number;
  /**
   * Rates measured before the loop (a probe, see estimate.ts), by kernel: a kernel's first point is
   * estimated from its rate (later ones from its previous point), so a first point too long is skipped too.
   */
  readonly rates?: readonly KernelRate[];
  /** Errors that end the loop instead of being reported as the point's error (default: cancelled, device lost). */
  readonly fatal?: (e: unknown) => boolean;
  /** Before each point (e.g. progress, and a chance for the page to paint). */
  readonly onStart?: (job: PointJob, index: number, total: number) => void | Promise<void>;
  readonly onOutcome: (job: PointJob, outcome: PointOutcome, index: number, total: number) => void;
}

const fatalByDefault = (e: unknown) => e instanceof GpuRunError && (e.kind === 'cancelled' || e.kind === 'device-lost');
const sizeLabel = (s: Shape) => (s.m === s.k && s.k === s.n ? `${s.m}³` : shapeLabel(s));

/** Runs `jobs` in order (stops early when the signal aborts). */
export async function runPoints(ctx: GpuContext, jobs: readonly PointJob[], opts: PointLoopOptions): Promise<void> {
  const last = new Map<KernelId, { shape: Shape; ms: number }>();
  for (const r of opts.rates ?? []) if (r.gflops !== undefined && r.gflops > 0 && r.from) last.set(r.kernel, { shape: r.from, ms: flops(r.from) / (r.gflops * 1e6) });
  const owned = opts.buffers === undefined ? new MatmulBuffers(ctx.device) : undefined;
  const buffers = opts.buffers === 'per-run' ? undefined : (opts.buffers ?? owned);
  const fatal = opts.fatal ?? fatalByDefault;
  const limitMs = opts.maxPointDispatchMs ?? Infinity;
  try {
    for (const [i, job] of jobs.entries()) {
      if (opts.signal?.aborted) break;
      await opts.onStart?.(job, i, jobs.length);
      const { shape, kernel, tile, params } = job;
      const { plans, errors } = planExperiment(ctx.info, shape, tile, [kernel], params ? { [kernel]: params } : {});
      const prev = last.get(kernel);
      const estimate = prev ? (prev.ms * flops(shape)) / flops(prev.shape) : 0;
      let outcome: PointOutcome;
      if (Object.keys(errors).length > 0) {
        outcome = { skipped: [...new Set(Object.values(errors).map(sayNow))].join(' ') };
      } else if (estimate > limitMs) {
        // Recorded as words (a point's reason travels in its share link, which carries no language); shown in the reader's language (src/i18n/bench pointReasonText).
        outcome = { skipped: sayNow(said('bench:sweep.skippedEstimate', { seconds: (estimate / 1000).toFixed(0), from: sizeLabel(prev!.shape), limit: limitMs / 1000 })) };
      } else {
        const startedAt = new Date().toISOString();
        try {
          const verified = await runVerified(ctx, kernel, { shape, tile, pattern: opts.pattern, seed: opts.seed }, {
            ...opts.run,
            ...(buffers ? { buffers } : {}),
            plan: plans[kernel],
            ...(params ? { params } : {}),
            ...(opts.sources?.[kernel] !== undefined ? { source: opts.sources[kernel] } : {}),
            signal: opts.signal,
          });
          last.set(kernel, { shape, ms: verified.run.stats.median });
          outcome = { verified, startedAt, endedAt: new Date().toISOString() };
        } catch (e) {
          if (fatal(e)) throw e;
          outcome = { error: e instanceof Error ? e.message : String(e) };
        }
      }
      opts.onOutcome(job, outcome, i, jobs.length);
    }
  } finally {
    owned?.destroy();
  }
}

/** The point a sweep is running: the view puts it into words. */
export interface SweepPointId {
  readonly kernel: KernelId;
  readonly tile: TileWidth | null;
  readonly size: number;
}

export interface SweepCallbacks {
  readonly onPoint: (p: BenchPoint, index: number, total: number) => void;
  /** Before each point (with the point) and once at the end (without). */
  readonly onProgress: (done: number, total: number, current?: SweepPointId) => void;
  readonly signal?: AbortSignal;
  readonly pattern?: Pattern;
  readonly seed?: number;
  /** Rates measured before the sweep (see PointLoopOptions.rates). */
  readonly rates?: readonly KernelRate[];
}

const yieldToPage = () => new Promise<void>((r) => setTimeout(r, 0));

/** The app's benchmark sweep: every size × kernel of a SweepConfig, as BenchPoints. */
export async function runSweep(ctx: GpuContext, config: SweepConfig, cb: SweepCallbacks): Promise<BenchPoint[]> {
  const jobs: PointJob[] = sweepPlan(config).map(({ size, kernel }) => ({ shape: { m: size, k: size, n: size }, kernel, tile: config.tile }));
  const points: BenchPoint[] = [];
  await runPoints(ctx, jobs, {
    pattern: cb.pattern ?? 'random',
    seed: cb.seed ?? 1,
    // A fixed count: that many samples (the interval is reported, not used to stop); else the rule the config states (kAutoSampling).
    run: { warmups: config.warmups, ...(config.samples > 0 ? { minSamples: config.samples, maxSamples: config.samples } : { untilCi: config.stop ?? kAutoSampling }) },
    signal: cb.signal,
    maxPointDispatchMs: kMaxPointDispatchMs,
    ...(cb.rates ? { rates: cb.rates } : {}),
    onStart: async ({ kernel, shape }, i, total) => {
      const tile = kKernels[kernel].usesTile ? config.tile : null;
      cb.onProgress(i, total, { kernel, tile, size: shape.m });
      await yieldToPage();
    },
    onOutcome: ({ kernel, shape }, outcome, i, total) => {
      const base = { kernel, tile: kKernels[kernel].usesTile ? config.tile : null, size: shape.m } as const;
      const point: BenchPoint =
        'verified' in outcome ? { ...base, ...pointFields(outcome.verified) } : 'error' in outcome ? { ...base, error: outcome.error.slice(0, 300) } : { ...base, skipped: outcome.skipped };
      points.push(point);
      cb.onPoint(point, i, total);
    },
  });
  cb.onProgress(points.length, jobs.length);
  return points;
}
