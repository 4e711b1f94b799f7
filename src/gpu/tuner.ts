/**
 * The per-adapter tuner: runs every candidate configuration (kernel × override constants) at one
 * shape, verified and timed like any run, and returns what each did. No DOM; the caller stores it.
 */
import {
  finalistsOf,
  isUnsettled,
  keepBetter,
  kFinalRounds,
  kFinalists,
  kMismatchNote,
  secondRoundOf,
  tuneCandidates,
  tuneRunsBound,
  type Candidate,
  type TuneEntry,
  type TuneMethod,
  type TunePhase,
} from '../core/tuning';
import type { Shape } from '../core/shape';
import { GpuRunError, type GpuContext } from './device';
import { runVerified } from './experiment';
import { isPlanFailure, planKernel, type KernelId, type PlanInfo } from '../core/kernels';
// The candidates are data the views read too (core/tuning); the headless bench reads them here.
export { kTuneCandidates, tuneCandidates } from '../core/tuning';
import type { MatmulBuffers } from './runner';


/** Whether a candidate can run at this shape on this adapter (e.g. the subgroup rung needs the subgroups feature). */
export function candidateApplies(c: Candidate, shape: Shape, info: PlanInfo): boolean {
  return !isPlanFailure(planKernel(c.kernel, shape, 16, info, c.params));
}

export interface TuneOptions {
  readonly signal?: AbortSignal;
  readonly buffers?: MatmulBuffers;
  /** Timing budget per candidate in the rounds (ms); fewer samples than a normal run. */
  readonly budgetMs?: number;
  readonly onProgress?: (done: number, total: number, current: Candidate) => void;
  /** WGSL to run in place of a kernel's own (the headless bench's --source). */
  readonly sources?: Partial<Record<KernelId, string>>;
  /** The configurations to try; by default those that can win at this shape (autoCandidates). */
  readonly candidates?: readonly Candidate[];
  /**
   * After the rounds, the leaders (at most this many, within kFinalistGap of the best) are timed
   * again, settled and longer (kFinalBudgetMs each, kFinalRounds times, interleaved), and chosen by
   * those runs. Default kFinalists; 0 skips the final.
   */
  readonly finalists?: number;
}

/** What a tuning measured, and how it decided (kept with the record). */
export interface TuneResult {
  readonly entries: TuneEntry[];
  readonly method: TuneMethod;
}

/** The final's timing budget per candidate and round (ms): settled (timestamps: gpu/timing settle) and many samples. */
export const kFinalBudgetMs = 1000;
/** The rounds' timing budget per candidate (ms). */
export const kRoundBudgetMs = 300;

/**
 * Every candidate at `shape` (by default the shape-aware guess), timed verified and settled, in
 * rounds: the first times them all in order; the second, in reverse order, those within
 * kSecondRoundGap of the best and any unsettled reading (core/tuning secondRoundOf); each keeps its
 * fastest round. Then a final times the leaders again, settled and longer, interleaved, and the
 * choice is made on the final's figures. At most tuneRunsBound timed runs in all.
 * Best-of-rounds is for choosing: a GPU whose clock dipped during one candidate's turn should not
 * lose it the choice. (The figures the app reports as measurements are medians, never best-of.)
 *
 * Why the readings are settled (issue 36): through Deno's wgpu the long-run probe (gpu/runner.ts)
 * used to time its band by the wall clock, which holds the engine's ~16 ms round trip, so every
 * run at 4096³ was estimated at over 500 ms and split in two — and a split run skipped the settle,
 * so every short reading was taken on a clock still climbing from idle (5–41 TFLOP/s for kernels
 * that run 38–42 settled, varying 2–3× from tune to tune). The probe now reads GPU timestamps, and
 * split runs settle too.
 */
export async function tune(ctx: GpuContext, shape: Shape, opts: TuneOptions = {}): Promise<TuneResult> {
  const t0 = performance.now();
  const candidates = opts.candidates ?? tuneCandidates(shape);
  const nFinal = Math.max(0, opts.finalists ?? kFinalists);
  const maxRuns = tuneRunsBound(candidates.length, nFinal);
  // Whether a reading can be settled first here: GPU timestamps on a GPU (not a CPU emulation).
  const settles = ctx.info.timestampQuery && !ctx.info.isFallbackAdapter;
  const best = new Map<Candidate, TuneEntry>();
  const runs = new Map<Candidate, number>();
  let done = 0;
  let unsettled = 0;
  const time = async (c: Candidate, timing: CandidateTiming, phase: TunePhase) => {
    opts.onProgress?.(Math.min(done, maxRuns - 1), maxRuns, c);
    done++;
    runs.set(c, (runs.get(c) ?? 0) + 1);
    return { ...(await timeCandidate(ctx, shape, c, opts, timing)), phase };
  };
  const round: CandidateTiming = { budgetMs: opts.budgetMs ?? kRoundBudgetMs, minSamples: 3, maxSamples: 15 };
  for (const c of candidates) best.set(c, await time(c, round, 'round'));
  unsettled += candidates.filter((c) => isUnsettled(best.get(c), settles)).length;
  for (const c of secondRoundOf(candidates, (x) => best.get(x), settles)) best.set(c, keepBetter(best.get(c), await time(c, round, 'round')));
  const roundRuns = done;
  // The final: the leaders again, settled and longer, interleaved; each keeps its best final figure.
  const leaders = finalistsOf(candidates, (c) => best.get(c), nFinal);
  if (leaders.length > 1) {
    const final = new Map<Candidate, TuneEntry>();
    for (let r = 0; r < kFinalRounds; r++) {
      for (const c of leaders) final.set(c, keepBetter(final.get(c), await time(c, { budgetMs: kFinalBudgetMs, minSamples: 10, maxSamples: 60 }, 'final')));
    }
    for (const [c, entry] of final) best.set(c, entry);
  }
  if (candidates.length > 0) opts.onProgress?.(maxRuns, maxRuns, candidates[candidates.length - 1]!);
  const method: TuneMethod = {
    ms: performance.now() - t0,
    roundRuns,
    finalRuns: done - roundRuns,
    maxRuns,
    unsettled,
    decidedBy: leaders.length > 1 ? 'final' : 'rounds',
  };
  return { entries: candidates.map((c) => ({ ...best.get(c)!, runs: runs.get(c) ?? 0 })), method };
}

/** How long one timing of a candidate may run, and how many samples it takes. */
interface CandidateTiming {
  readonly budgetMs: number;
  readonly minSamples: number;
  readonly maxSamples: number;
}

/**
 * One verified, timed run of a candidate at `shape`. A cancelled or lost device ends the tuning
 * (rethrown); any other failure (one that cannot run here says why in a validation error) marks
 * this candidate.
 */
async function timeCandidate(ctx: GpuContext, shape: Shape, c: Candidate, opts: TuneOptions, timing: CandidateTiming): Promise<TuneEntry> {
  try {
    const { run, verification } = await runVerified(
      ctx,
      c.kernel,
      { shape, tile: 16, pattern: 'random', seed: 1 },
      { params: c.params, signal: opts.signal, buffers: opts.buffers, ...timing, source: opts.sources?.[c.kernel] },
    );
    return {
      ...c,
      gflops: run.gflops,
      medianMs: run.stats.median,
      verified: verification.ok,
      ...(verification.ok ? {} : { note: kMismatchNote }),
      ...(run.settledMs !== undefined ? { settledMs: run.settledMs } : {}),
      ...(run.split ? { parts: run.split.parts } : {}),
    };
  } catch (e) {
    if (e instanceof GpuRunError && (e.kind === 'cancelled' || e.kind === 'device-lost')) throw e;
    return { ...c, verified: false, note: e instanceof Error ? e.message : String(e) };
  }
}
