/**
 * How long a run will take and how much memory it needs, before it starts: the kernel's rate on
 * this adapter (measured by a tiny probe run, kept per device), the timing loop's dispatch count,
 * and the CPU work around the run. Above kConfirmMs or kConfirmPageBytes the app asks first.
 * The maths is plain (estimateRun); probeRate runs on the GPU. No DOM.
 */
import { makeData } from '../core/data';
import { gpuShape, isPlanFailure, kKernels, planKernel, type KernelId, type KernelParams } from '../core/kernels';
import { kFullCheckMacs, kSampleMacBudget } from '../core/reference';
import { gflops, type Shape, type TileWidth } from '../core/shape';
import type { GpuContext } from './device';
import { kTransferChunkBytes, memoryRows, runMatmul } from './runner';
import { kMaxSettleMs, kMinSamples, kMinSampleMs, kSettleChunkMs, kSettleStaleChunks, kTimingBudgetMs, kWarmupRuns } from './timing';
import { kConfirmMs, kConfirmPageBytes, kMaxPointDispatchMs } from '../core/limits';

/** Runs below this many multiply-adds (and under kConfirmPageBytes) start at once: no probe, no estimate. */
export const kEstimateMinMacs = 2 ** 27;

/**
 * CPU rates assumed for the work around a run (deliberately low: a busy 2-core machine; the worker
 * runs one thread): elements of A and B generated, reference multiply-adds, bytes moved to or from
 * the GPU, per millisecond.
 */
export const kCpuRates = { generatePerMs: 20_000, verifyMacsPerMs: 100_000, transferBytesPerMs: 300_000 } as const;

export interface KernelRate {
  readonly kernel: KernelId;
  /** The measured rate on this adapter (GFLOP/s), or undefined when the probe could not run. */
  readonly gflops: number | undefined;
  /** The probe's shape that gave the rate. */
  readonly from?: Shape;
}

export interface KernelEstimate {
  readonly kernel: KernelId;
  /** One dispatch at the measured rate. */
  readonly dispatchMs: number | undefined;
  /** Dispatches the run makes (warm-ups, samples, the split probe). */
  readonly dispatches: number;
  /** The whole kernel run: dispatches, upload, read-back, verification. */
  readonly runMs: number | undefined;
}

export interface RunEstimate {
  readonly shape: Shape;
  readonly kernels: readonly KernelEstimate[];
  /** Every kernel run plus generating the data; undefined when a rate is unknown. */
  readonly totalMs: number | undefined;
  /** Memory the page needs (the worker's A and B, C read back and its mapping, transfer chunks). */
  readonly pageBytes: number;
  /** GPU memory: A, B, C and C's read-back buffer (the largest kernel's padded shape), and the largest scratch buffer of a kernel (split-K's partial products). */
  readonly gpuBytes: number;
  /** Why the run asks for confirmation (empty: it starts at once). */
  readonly confirm: readonly ('time' | 'memory')[];
  /** A sweep's estimate: how many sizes it sums (its shape is the largest). */
  readonly points?: number;
  /** A sweep's estimate: how many points (size × kernel) the sweep's own rule will skip (one dispatch estimated over kMaxPointDispatchMs), left out of totalMs. */
  readonly skipped?: number;
}

export { kMaxPointDispatchMs } from '../core/limits';

const macs = (s: Shape) => s.m * s.k * s.n;

/** Memory for one run of `shape` (see RunEstimate); `g` is the padded shape on the GPU. */
export function runMemory(shape: Shape, g: Shape = shape): { pageBytes: number; gpuBytes: number } {
  const pageBytes = 4 * (shape.m * shape.k + shape.k * shape.n) + 2 * 4 * shape.m * shape.n + 2 * kTransferChunkBytes;
  const gpuBytes = 4 * (g.m * g.k + g.k * g.n + 2 * g.m * g.n);
  return { pageBytes, gpuBytes };
}

/** Dispatches one run makes when one takes `dispatchMs` (the timing loop's rules, see timing.ts), and their total time. */
export function dispatchTime(dispatchMs: number, samples: number, m: number): { dispatches: number; ms: number } {
  const warmups = dispatchMs > 2000 ? 1 : kWarmupRuns;
  const probe = m > 128 ? 128 / m : 0; // the split probe: one band of 128 rows
  // Fixed samples: that many, each at least kMinSampleMs; auto: about the budget, at least kMinSamples.
  const timed = samples > 0 ? samples * Math.max(dispatchMs, kMinSampleMs) : Math.max(kTimingBudgetMs, kMinSamples * dispatchMs);
  return { dispatches: warmups + probe + timed / Math.max(dispatchMs, 1e-3), ms: (warmups + probe) * dispatchMs + timed };
}

/** The multiply-adds verification does (see entriesToCheck): everything when small, else about the sample budget. */
export function verifyMacs(s: Shape): number {
  const all = macs(s);
  return all <= kFullCheckMacs ? all : Math.min(all, 1.5 * kSampleMacBudget);
}

/**
 * The estimate for running `rates` (one kernel after another) at `shape`. `samples`: the form's
 * sample count (0: auto). `settles`: whether timing settles the GPU's clock first (a real GPU).
 */
export function estimateRun(shape: Shape, rates: readonly KernelRate[], samples: number, settles = false): RunEstimate {
  const moveMs = (bytes: number) => bytes / kCpuRates.transferBytesPerMs;
  const shapes = rates.map((r) => gpuShape(r.kernel, shape));
  const widest = shapes.reduce((a, b) => (macs(b) > macs(a) ? b : a), shape);
  const memory = runMemory(shape, widest);
  const { pageBytes } = memory;
  // Runs follow one another and each frees its buffers: the largest scratch buffer is what adds.
  const scratch = Math.max(0, ...rates.map((r, i) => kKernels[r.kernel].scratchBytes?.(shapes[i]!) ?? 0));
  const gpuBytes = memory.gpuBytes + scratch;
  const kernels = rates.map((r, i): KernelEstimate => {
    const g = shapes[i]!;
    if (r.gflops === undefined || !(r.gflops > 0)) return { kernel: r.kernel, dispatchMs: undefined, dispatches: 0, runMs: undefined };
    const dispatchMs = (2 * macs(shape)) / (r.gflops * 1e6);
    const d = dispatchTime(dispatchMs, samples, g.m);
    // Settling (gpu/timing settle): the first kernel may wait for the clock to climb, up to kMaxSettleMs;
    // the kernels after it find it up and stop after kSettleStaleChunks chunks (on an H200 the ladder's
    // rungs settled in about 0.2 s each, and "Run every rung" estimated 60 s for 22 s of work at 2 s a rung).
    const settleMs = settles && dispatchMs * 2 <= kMaxSettleMs ? (i === 0 ? kMaxSettleMs : kSettleStaleChunks * Math.max(kSettleChunkMs, dispatchMs)) : 0;
    const io = moveMs(4 * (g.m * g.k + g.k * g.n + 2 * g.m * g.n)) + verifyMacs(shape) / kCpuRates.verifyMacsPerMs;
    return { kernel: r.kernel, dispatchMs, dispatches: d.dispatches, runMs: d.ms + settleMs + io };
  });
  const generateMs = (shape.m * shape.k + shape.k * shape.n) / kCpuRates.generatePerMs;
  const totalMs = kernels.every((k) => k.runMs !== undefined) ? generateMs + kernels.reduce((sum, k) => sum + k.runMs!, 0) : undefined;
  const confirm: ('time' | 'memory')[] = [];
  // An unknown rate on a problem this large is no reason to start without asking.
  if (totalMs === undefined || totalMs > kConfirmMs) confirm.push('time');
  if (pageBytes > kConfirmPageBytes) confirm.push('memory');
  return { shape, kernels, totalMs, pageBytes, gpuBytes, confirm };
}

/**
 * A sweep's estimate (issue #34: a benchmark up to 4096 started with no total): every size run after
 * another at the measured rates, summed; the memory of the largest; asks on the total.
 */
export function estimateSweep(shapes: readonly Shape[], rates: readonly KernelRate[], samples: number, settles = false): RunEstimate {
  const each = shapes.map((s) => estimateRun(s, rates, samples, settles));
  const largest = each.reduce((a, b) => (macs(b.shape) > macs(a.shape) ? b : a));
  // The sweep skips a point whose one dispatch would take over kMaxPointDispatchMs (gpu/sweep.ts): the estimate does too.
  const skips = (k: KernelEstimate) => k.dispatchMs !== undefined && k.dispatchMs > kMaxPointDispatchMs;
  const skipped = each.reduce((n, e) => n + e.kernels.filter(skips).length, 0);
  const totalMs = each.every((e) => e.totalMs !== undefined)
    ? each.reduce((sum, e) => sum + e.totalMs! - e.kernels.filter(skips).reduce((s, k) => s + (k.runMs ?? 0), 0), 0)
    : undefined;
  const pageBytes = Math.max(...each.map((e) => e.pageBytes));
  const gpuBytes = Math.max(...each.map((e) => e.gpuBytes));
  const confirm: ('time' | 'memory')[] = [];
  if (totalMs === undefined || totalMs > kConfirmMs) confirm.push('time');
  if (pageBytes > kConfirmPageBytes) confirm.push('memory');
  return { shape: largest.shape, kernels: largest.kernels, totalMs, pageBytes, gpuBytes, confirm, points: shapes.length, skipped };
}

/** Whether a run of this shape needs an estimate first (large enough to take long or need much memory). */
export function needsEstimate(shape: Shape): boolean {
  return macs(shape) >= kEstimateMinMacs || runMemory(shape).pageBytes > kConfirmPageBytes;
}

const rates = new WeakMap<GpuContext, Map<string, { rate: number | undefined; from?: Shape }>>();

/**
 * The kernel's rate on this adapter (GFLOP/s): one warm-up and one timed sample at 128³, and at
 * 512³ too when 128³ is too quick to say much. Kept per device and configuration; undefined when the
 * kernel cannot run here.
 */
export async function probeRate(ctx: GpuContext, kernel: KernelId, tile: TileWidth, params?: KernelParams, signal?: AbortSignal): Promise<number | undefined> {
  return (await probeKernel(ctx, kernel, tile, params, signal)).gflops;
}

/** probeRate, with the probe's shape the rate came from. */
export async function probeKernel(ctx: GpuContext, kernel: KernelId, tile: TileWidth, params?: KernelParams, signal?: AbortSignal): Promise<KernelRate> {
  const key = `${kernel}|${tile}|${JSON.stringify(params ?? {})}`;
  let known = rates.get(ctx);
  if (!known) rates.set(ctx, (known = new Map()));
  const had = known.get(key);
  if (had) return { kernel, gflops: had.rate, ...(had.from ? { from: had.from } : {}) };
  let rate: number | undefined;
  let from: Shape | undefined;
  for (const n of [128, 512]) {
    const shape = { m: n, k: n, n };
    const plan = planKernel(kernel, shape, tile, ctx.info, params);
    if (isPlanFailure(plan)) break;
    const run = await runMatmul(ctx, kernel, shape, tile, memoryRows(makeData(shape, 'ones', 1), shape), {
      plan,
      ...(params ? { params } : {}),
      warmups: 1,
      minSamples: 1,
      maxSamples: 1,
      budgetMs: 0,
      maxSubmitMs: Infinity,
      ...(signal ? { signal } : {}),
    });
    rate = gflops(shape, run.stats.median);
    from = shape;
    if (run.stats.median >= 1) break;
  }
  known.set(key, { rate, ...(from ? { from } : {}) });
  return { kernel, gflops: rate, ...(from ? { from } : {}) };
}
