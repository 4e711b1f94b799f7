/**
 * A benchmark sweep: every size × kernel of a SweepConfig, each point verified like a single run,
 * with buffers reused across points. Sizes beyond the adapter's limits, or that would take too
 * long on this adapter (estimated from the previous point), are skipped with the reason.
 */
import { estimateMs, sweepPlan, type BenchPoint, type SweepConfig } from '../core/bench';
import type { Pattern } from '../core/data';
import { GpuRunError, type GpuContext } from './device';
import { planExperiment, pointFields, runVerified } from './experiment';
import { MatmulBuffers } from './runner';
import { kKernels } from '../core/kernels';

/** A point whose single dispatch is estimated above this is skipped (the page must stay usable). */
export const kMaxPointDispatchMs = 4000;

export interface SweepCallbacks {
  readonly onPoint: (p: BenchPoint, index: number, total: number) => void;
  readonly onProgress: (done: number, total: number, label: string) => void;
  readonly signal?: AbortSignal;
  readonly pattern?: Pattern;
  readonly seed?: number;
}

const yieldToPage = () => new Promise<void>((r) => setTimeout(r, 0));

export async function runSweep(ctx: GpuContext, config: SweepConfig, cb: SweepCallbacks): Promise<BenchPoint[]> {
  const plan = sweepPlan(config);
  const points: BenchPoint[] = [];
  const last = new Map<string, { size: number; ms: number }>();
  const buffers = new MatmulBuffers(ctx.device);
  try {
    for (const [i, { size, kernel }] of plan.entries()) {
      if (cb.signal?.aborted) break;
      const tile = kKernels[kernel].usesTile ? config.tile : null;
      const label = `${kernel}${tile ? ` (tile ${tile})` : ''} at ${size}³`;
      cb.onProgress(i, plan.length, label);
      await yieldToPage();
      const shape = { m: size, k: size, n: size };
      const base = { kernel, tile, size } as const;
      let point: BenchPoint;
      const { plans, errors: problems } = planExperiment(ctx.info, shape, config.tile, [kernel]);
      const prev = last.get(kernel);
      const estimate = prev ? estimateMs(prev.ms, prev.size, size) : 0;
      if (Object.keys(problems).length > 0) {
        point = { ...base, skipped: [...new Set(Object.values(problems))].join(' ') };
      } else if (estimate > kMaxPointDispatchMs) {
        point = { ...base, skipped: `Estimated ${(estimate / 1000).toFixed(0)} s per run on this adapter (from ${prev!.size}³), over the ${kMaxPointDispatchMs / 1000} s limit.` };
      } else {
        try {
          const verified = await runVerified(
            ctx,
            kernel,
            { shape, tile: config.tile, pattern: cb.pattern ?? 'random', seed: cb.seed ?? 1 },
            {
              buffers,
              plan: plans[kernel],
              warmups: config.warmups,
              ...(config.samples > 0 ? { minSamples: config.samples, maxSamples: config.samples } : {}),
              signal: cb.signal,
            },
          );
          last.set(kernel, { size, ms: verified.run.stats.median });
          point = { ...base, ...pointFields(verified) };
        } catch (e) {
          if (e instanceof GpuRunError && (e.kind === 'cancelled' || e.kind === 'device-lost')) throw e;
          point = { ...base, error: e instanceof Error ? e.message.slice(0, 300) : String(e).slice(0, 300) };
        }
      }
      points.push(point);
      cb.onPoint(point, i, plan.length);
    }
    cb.onProgress(points.length, plan.length, cb.signal?.aborted ? 'cancelled' : 'done');
    return points;
  } finally {
    buffers.destroy();
  }
}
