/**
 * The per-adapter tuner: runs every candidate configuration (kernel × override constants) at one
 * shape, verified and timed like any run, and returns what each did. No DOM; the caller stores it.
 */
import { candidatesFor, kTunedKernels, type Candidate, type TuneEntry } from '../core/tuning';
import type { Shape } from '../core/shape';
import { GpuRunError, type GpuContext } from './device';
import { runVerified } from './experiment';
import { kKernels, planKernel, type PlanInfo } from './kernels';
import type { MatmulBuffers } from './runner';

export const kTuneCandidates: readonly Candidate[] = candidatesFor(kTunedKernels.map((id) => kKernels[id]));

/** Whether a candidate can run at this shape on this adapter (e.g. vec4 rungs need K, N multiples of 4). */
export function candidateApplies(c: Candidate, shape: Shape, info: PlanInfo): boolean {
  return typeof planKernel(c.kernel, shape, 16, info, c.params) !== 'string';
}

export interface TuneOptions {
  readonly signal?: AbortSignal;
  readonly buffers?: MatmulBuffers;
  /** Timing budget per candidate (ms); fewer samples than a normal run. */
  readonly budgetMs?: number;
  readonly onProgress?: (done: number, total: number, current: Candidate) => void;
}

export async function tune(ctx: GpuContext, shape: Shape, opts: TuneOptions = {}): Promise<TuneEntry[]> {
  const entries: TuneEntry[] = [];
  const total = kTuneCandidates.length;
  for (const [i, c] of kTuneCandidates.entries()) {
    opts.onProgress?.(i, total, c);
    const plan = planKernel(c.kernel, shape, 16, ctx.info, c.params);
    if (typeof plan === 'string') {
      entries.push({ ...c, verified: false, note: plan });
      continue;
    }
    try {
      const { run, verification } = await runVerified(
        ctx,
        c.kernel,
        { shape, tile: 16, pattern: 'random', seed: 1 },
        { params: c.params, signal: opts.signal, buffers: opts.buffers, budgetMs: opts.budgetMs ?? 300, minSamples: 3, maxSamples: 15 },
      );
      entries.push({ ...c, gflops: run.gflops, medianMs: run.stats.median, verified: verification.ok, ...(verification.ok ? {} : { note: 'did not match the CPU reference' }) });
    } catch (e) {
      // A cancelled or lost device ends the tuning; any other failure marks this candidate.
      if (e instanceof GpuRunError && (e.kind === 'cancelled' || e.kind === 'device-lost')) throw e;
      entries.push({ ...c, verified: false, note: e instanceof Error ? e.message : String(e) });
    }
  }
  opts.onProgress?.(total, total, kTuneCandidates[total - 1]!);
  return entries;
}
