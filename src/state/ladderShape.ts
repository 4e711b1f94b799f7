/**
 * The ladder's own shape and its estimate (issue #34). The lesson's default (48×32×48) is too small
 * for the ladder: its block rungs (up to 128×256 C elements a workgroup) would cover it with one
 * partial block, and at that size every run is fixed cost. Opened without a shape of the user's,
 * the ladder runs at kLadderGpuSize on a GPU; on a software adapter at the largest size whose
 * estimate for every rung stays within about a minute. "Run every rung" states its estimate first.
 * Plain data: the words are the view's.
 */
import { kDefaultConfig } from '../core/url';
import { isPlanFailure, kKernels, kLadderIds, planKernel, type KernelId, type PlanInfo } from '../core/kernels';
import { cube, type Shape } from '../core/shape';
import { estimateRun, probeKernel } from '../gpu/estimate';
import { withRun } from './runs';
import { create } from 'zustand';
import { applyConfig, useApp } from './store';

/** The ladder's size on a GPU: 512³ holds the largest block rung (128×256) 2–4 times each way. */
export const kLadderGpuSize = 512;
/** The time "about a minute" allows on a software adapter. */
export const kLadderBudgetMs = 60_000;
/**
 * The budget on a GPU chosen by its probed pace: a minute and a half by the estimate, which on a GPU
 * overestimates (it counts every rung's settling in full: on the H200 it said 42.7 s for 20.3 s of
 * work at 512³, and 58 s for the 15 FP32 rungs at 4096³, which Time it ran in 37 s), so the run
 * itself stays about a minute.
 */
export const kLadderGpuBudgetMs = 90_000;
/** The sizes tried on a software adapter, largest first (multiples of 64). */
export const kLadderSoftwareSizes = [512, 448, 384, 320, 256, 192, 128] as const;

/**
 * Rates the estimate assumes where none is measured at the ladder's shape (GFLOP/s). Software: the
 * ladder's rungs on SwiftShader (Chromium 156, a busy 2-core machine) ran 0.09–1.4 GFLOP/s each; the
 * whole "Run every rung" took 34 s at 128³ and 54 s at 256³, which 0.15 GFLOP/s a dispatch and
 * kRungOverheadMs a rung reproduce within 10% (3.1 s and 3.5 s a rung). GPU: a conservative rate for
 * an integrated GPU (the H100 reference runs these kernels at 10–40 TFLOP/s).
 */
export const kAssumedGflops = { software: 0.15, gpu: 100 } as const;
/** A rung's cost besides its dispatches: pipeline, data, upload, read-back, verification, the page (software: measured, see above). */
export const kRungOverheadMs = { software: 2000, gpu: 500 } as const;

export interface LadderEstimate {
  readonly shape: Shape;
  readonly rungs: number;
  /** Every rung run one after another, as "Run every rung" does. */
  readonly totalMs: number;
  /** The rate it assumes: a software adapter's, or a GPU's (none is measured before the ladder runs). */
  readonly basis: 'software' | 'gpu';
  /** The pace (GFLOP/s a dispatch) the estimate used: this adapter's measured pace, or the assumed one of its basis. */
  readonly pace: number;
  /** Whether `pace` was measured on this adapter (a run before), not assumed. */
  readonly measured: boolean;
  /** The naive kernel's rate measured by the probe that chose the shape (GFLOP/s), when one did. */
  readonly naiveGflops?: number;
}

/** The sizes tried with a measured pace, largest first: 4096³ where the whole ladder fits about a minute (an H200's rungs run 1.5–43 TFLOP/s there). */
export const kLadderPaceSizes = [4096, 3072, 2048, 1536, 1024, 768, 512, 448, 384, 320, 256, 192, 128] as const;


/** The estimate of running `rungs` at `shape` on this adapter; `samples` is the form's count (0: auto). */
export function ladderEstimate(shape: Shape, software: boolean, rungs: readonly KernelId[] = kLadderIds, samples = 0, pace?: number): LadderEstimate {
  const measured = pace !== undefined && pace > 0;
  const gflops = measured ? pace : software ? kAssumedGflops.software : kAssumedGflops.gpu;
  const e = estimateRun(
    shape,
    rungs.map((kernel) => ({ kernel, gflops })),
    samples,
    !software,
  );
  return { shape, rungs: rungs.length, totalMs: (e.totalMs ?? 0) + rungs.length * kRungOverheadMs[software ? 'software' : 'gpu'], basis: software ? 'software' : 'gpu', pace: gflops, measured };
}

/** The ladder's own shape on this adapter and the estimate that chose it. */
export function ladderShapeFor(software: boolean, rungs: readonly KernelId[] = kLadderIds): LadderEstimate {
  // (On a GPU the app opens the ladder at ladderShapeFromProbe's size once naive has been timed; this is the shape before that.)
  if (!software) return ladderEstimate(cube(kLadderGpuSize), false, rungs);
  return largestFitting(kLadderSoftwareSizes, (n) => ladderEstimate(cube(n), true, rungs), kLadderBudgetMs);
}

/** The estimate at the first of `sizes` (largest first) within `budgetMs`, else at the smallest. */
function largestFitting(sizes: readonly number[], at: (n: number) => LadderEstimate, budgetMs: number): LadderEstimate {
  for (const n of sizes) {
    const e = at(n);
    if (e.totalMs <= budgetMs) return e;
  }
  return at(sizes.at(-1)!);
}

/**
 * This adapter's measured pace for the ladder after a run (GFLOP/s): the harmonic mean of the rungs'
 * rates, i.e. all their FLOP over all their time at one shape (what decides how long the whole ladder
 * takes); undefined before any rung has run.
 */
export function measuredLadderPace(rates: ReadonlyArray<number | undefined>): number | undefined {
  const ok = rates.filter((g): g is number => g !== undefined && g > 0 && Number.isFinite(g));
  return ok.length === 0 ? undefined : ok.length / ok.reduce((sum, g) => sum + 1 / g, 0);
}

/**
 * Each rung's rate at the ladder's sizes from one measured rate of the naive kernel here: naive's
 * rate × the rung's ratio to naive on the reference run (kernel record `reference`, Dawn at 4096³).
 * A rung without a reference figure is assumed as fast as naive (the slowest: a longer estimate).
 */
export function rungRatesFromNaive(naiveGflops: number, rungs: readonly KernelId[] = kLadderIds): Array<{ kernel: KernelId; gflops: number }> {
  const base = kKernels.naive.reference?.dawn;
  // A rung not on the reference run (the tensor-core rung) is assumed as fast as the fastest that was:
  // each later rung is there to be faster.
  const best = Math.max(0, ...kLadderIds.map((id) => kKernels[id].reference?.dawn ?? 0));
  return rungs.map((kernel) => {
    const ref = kKernels[kernel].reference?.dawn ?? best;
    return { kernel, gflops: base && ref ? naiveGflops * (ref / base) : naiveGflops };
  });
}

/**
 * The ladder's own shape on a GPU from a probe of the naive kernel here (`naiveGflops`, GFLOP/s):
 * the largest of kLadderPaceSizes whose whole ladder, each rung at its rate from rungRatesFromNaive,
 * fits about a minute (kLadderGpuBudgetMs by its estimate). Its pace is the harmonic mean of those rates (all the FLOP
 * over all the time). 4096³ at an H200's naive rate (about 1.5 TFLOP/s).
 */
export function ladderShapeFromProbe(naiveGflops: number, rungs: readonly KernelId[] = kLadderIds): LadderEstimate {
  return largestFitting(kLadderPaceSizes, (n) => ladderEstimateFromProbe(cube(n), naiveGflops, rungs), kLadderGpuBudgetMs);
}

/** The estimate of running `rungs` at `shape` on a GPU whose naive kernel the probe timed at `naiveGflops` (rungRatesFromNaive); `samples` is the form's count (0: auto). */
export function ladderEstimateFromProbe(shape: Shape, naiveGflops: number, rungs: readonly KernelId[] = kLadderIds, samples = 0): LadderEstimate {
  const rates = rungRatesFromNaive(naiveGflops, rungs);
  const pace = measuredLadderPace(rates.map((r) => r.gflops)) ?? naiveGflops;
  const e = estimateRun(shape, rates, samples, true);
  return { shape, rungs: rungs.length, totalMs: (e.totalMs ?? 0) + rungs.length * kRungOverheadMs.gpu, basis: 'gpu', pace, measured: true, naiveGflops };
}

/** The rungs this adapter runs (a rung needing a feature or limit it lacks is n/a at any shape, and takes no time). */
export function adapterRungs(info: PlanInfo): KernelId[] {
  return kLadderIds.filter((id) => !isPlanFailure(planKernel(id, cube(1024), 16, info)));
}

/** Whether the inputs hold the lesson's default shape, i.e. no shape of the user's. */
export function isDefaultShape(c: { m: string; k: string; n: string }): boolean {
  return c.m === kDefaultConfig.m && c.k === kDefaultConfig.k && c.n === kDefaultConfig.n;
}

let applied = false;

/**
 * The ladder's own shape, once applied (the view says why it opened at that size); `probing` while
 * the naive kernel is timed on a GPU to choose it.
 */
export const useLadderShape = create<{ readonly own?: LadderEstimate; readonly probing?: boolean }>(() => ({}));

/**
 * On the ladder with the lesson's default shape (opened as `?view=ladder`, or from the lesson before
 * any shape was chosen) and a device: switch once to the ladder's own shape. Returns the estimate
 * that chose it, or undefined when it changed nothing. Once per page: a user who types the default
 * shape back keeps it.
 */
export function applyLadderShape(): LadderEstimate | undefined {
  const s = useApp.getState();
  if (applied || s.view !== 'ladder' || s.gpu.state !== 'ready' || !isDefaultShape(s.config)) return undefined;
  applied = true;
  // The rungs this adapter runs: the estimate the view states counts the same rungs as "Run every rung"
  // (on SwiftShader the tensor-core rung is n/a: it said 16 rungs and 59.7 s above a button's 15 and 56.0 s).
  const e = ladderShapeFor(s.gpu.info.isFallbackAdapter, adapterRungs(s.gpu.info));
  applyConfig({ m: String(e.shape.m), k: String(e.shape.k), n: String(e.shape.n) });
  useLadderShape.setState({ own: e });
  // On a GPU, this GPU's pace decides (issue #46: 4096³ on an H200, where the rungs climb as on the
  // reference): a probe of the naive kernel (128³, and 512³ when that is too quick; well under a
  // second on any GPU), then the largest size whose ladder fits about a minute.
  if (!s.gpu.info.isFallbackAdapter) void probeLadderShape(e);
  return e;
}

async function probeLadderShape(assumed: LadderEstimate): Promise<void> {
  useLadderShape.setState({ probing: true });
  try {
    await withRun({ refuse: () => undefined }, async ({ ctx, signal }) => {
      const probe = await probeKernel(ctx, 'naive', 16, undefined, signal);
      const s = useApp.getState();
      // The user chose a shape meanwhile: theirs stays.
      const still = s.config.m === String(assumed.shape.m) && s.config.k === String(assumed.shape.k) && s.config.n === String(assumed.shape.n);
      if (probe.gflops === undefined || !(probe.gflops > 0) || !still || s.view !== 'ladder') return;
      // The rungs this adapter runs (a rung needing a feature it lacks is n/a, and takes no time).
      const e = ladderShapeFromProbe(probe.gflops, adapterRungs(ctx.info));
      applyConfig({ m: String(e.shape.m), k: String(e.shape.k), n: String(e.shape.n) });
      useLadderShape.setState({ own: e });
    });
  } catch {
    // The probe failed (a lost device says so itself): the assumed shape stays.
  } finally {
    useLadderShape.setState({ probing: false });
  }
}
