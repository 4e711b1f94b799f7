/**
 * The per-adapter tuner: runs every candidate configuration (kernel × override constants) at one
 * shape, verified and timed like any run, and returns what each did. No DOM; the caller stores it.
 */
import { kMismatchNote, tuneCandidates, type Candidate, type TuneEntry } from '../core/tuning';
import type { Shape } from '../core/shape';
import { GpuRunError, type GpuContext } from './device';
import { runVerified } from './experiment';
import { isPlanFailure, planKernel, type KernelId, type PlanInfo } from '../core/kernels';
// The candidates are data the views read too (core/tuning); the headless bench reads them here.
export { kTuneCandidates, tuneCandidates } from '../core/tuning';
import type { MatmulBuffers } from './runner';

/** A candidate whose first-round median is above this (ms per dispatch) is not run again. */
export const kNoSecondRoundMs = 250;

/** Whether a candidate can run at this shape on this adapter (e.g. the subgroup rung needs the subgroups feature). */
export function candidateApplies(c: Candidate, shape: Shape, info: PlanInfo): boolean {
  return !isPlanFailure(planKernel(c.kernel, shape, 16, info, c.params));
}

export interface TuneOptions {
  readonly signal?: AbortSignal;
  readonly buffers?: MatmulBuffers;
  /** Timing budget per candidate (ms); fewer samples than a normal run. */
  readonly budgetMs?: number;
  readonly onProgress?: (done: number, total: number, current: Candidate) => void;
  /** Interleaved rounds over the candidates (default 2); each keeps its best round. */
  readonly rounds?: number;
  /** WGSL to run in place of a kernel's own (the headless bench's --source). */
  readonly sources?: Partial<Record<KernelId, string>>;
  /** The configurations to try; by default those that can win at this shape (autoCandidates). */
  readonly candidates?: readonly Candidate[];
  /**
   * After the rounds, the leaders (at most this many, within kFinalistGap of the best) are timed
   * again, settled and longer (kFinalBudgetMs each, twice, interleaved), and chosen by those runs:
   * short first-round runs of an unsettled GPU misordered them (round 8: blk128x256 read 10.6
   * TFLOP/s through wgpu in tuning, 42 measured). Default 3; 0 skips the final.
   */
  readonly finalists?: number;
}

/** Candidates within this fraction of the best first-round rate go to the final (if among the top `finalists`). */
export const kFinalistGap = 0.6;
/** The final's timing budget per candidate and round (ms): settled (timestamps: gpu/timing settle) and many samples. */
export const kFinalBudgetMs = 1000;

/**
 * Every candidate at `shape` (by default the shape-aware guess), in `rounds` interleaved rounds (A B C … A B C …); each candidate
 * keeps its fastest verified round. Best-of-rounds is for choosing: a GPU whose clock dipped
 * during one candidate's turn should not lose it the choice. (The figures the app reports as
 * measurements are medians, never best-of.)
 */
export async function tune(ctx: GpuContext, shape: Shape, opts: TuneOptions = {}): Promise<TuneEntry[]> {
  const rounds = Math.max(1, opts.rounds ?? 2);
  const best = new Map<Candidate, TuneEntry>();
  const candidates = opts.candidates ?? tuneCandidates(shape);
  const total = candidates.length * rounds;
  let done = 0;
  for (let round = 0; round < rounds; round++) {
    for (const c of candidates) {
      opts.onProgress?.(done++, total, c);
      const prev = best.get(c);
      // Not applicable, failed, or so slow here (a CPU adapter) that a second round only costs time.
      if (prev && (!prev.verified || (prev.medianMs ?? 0) > kNoSecondRoundMs)) continue;
      keepBetter(best, c, await timeCandidate(ctx, shape, c, opts, { budgetMs: opts.budgetMs ?? 300, minSamples: 3, maxSamples: 15 }));
    }
  }
  // The final: the leaders again, settled and longer, interleaved; each keeps its final figure.
  const leaders = finalistsOf(candidates, (c) => best.get(c), opts.finalists ?? 3);
  if (leaders.length > 1) {
    const final = new Map<Candidate, TuneEntry>();
    for (let round = 0; round < 2; round++) {
      for (const c of leaders) {
        opts.onProgress?.(Math.min(done, total - 1), total, c);
        keepBetter(final, c, await timeCandidate(ctx, shape, c, opts, { budgetMs: kFinalBudgetMs, minSamples: 10, maxSamples: 60 }));
      }
    }
    for (const [c, entry] of final) best.set(c, entry);
  }
  if (candidates.length > 0) opts.onProgress?.(total, total, candidates[candidates.length - 1]!);
  return candidates.map((c) => best.get(c)!);
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
    return { ...c, gflops: run.gflops, medianMs: run.stats.median, verified: verification.ok, ...(verification.ok ? {} : { note: kMismatchNote }) };
  } catch (e) {
    if (e instanceof GpuRunError && (e.kind === 'cancelled' || e.kind === 'device-lost')) throw e;
    return { ...c, verified: false, note: e instanceof Error ? e.message : String(e) };
  }
}

/** Keeps a candidate's faster verified figure; a failure replaces whatever it had (it must not be chosen). */
function keepBetter(into: Map<Candidate, TuneEntry>, c: Candidate, entry: TuneEntry): void {
  const prev = into.get(c);
  if (!prev || !entry.verified || (prev.verified && entry.gflops! > prev.gflops!)) into.set(c, entry);
}

/**
 * The candidates worth a final: verified, among the `n` fastest, within kFinalistGap of the
 * fastest, and quick enough that timing them again costs little (medians under kNoSecondRoundMs).
 */
export function finalistsOf(candidates: readonly Candidate[], entryOf: (c: Candidate) => TuneEntry | undefined, n: number): Candidate[] {
  const ok = candidates
    .map((c) => ({ c, e: entryOf(c) }))
    .filter((x): x is { c: Candidate; e: TuneEntry & { gflops: number } } => Boolean(x.e?.verified && x.e.gflops !== undefined && (x.e.medianMs ?? 0) <= kNoSecondRoundMs))
    .sort((a, b) => b.e.gflops - a.e.gflops);
  const top = ok[0]?.e.gflops ?? 0;
  return ok.slice(0, Math.max(0, n)).filter((x) => x.e.gflops >= top * kFinalistGap).map((x) => x.c);
}
