/**
 * Upload → dispatch → readback for one kernel and one shape, timed honestly:
 * warm-up, calibration, repeated samples; GPU timestamps (timestamp-query) when the device has
 * them, otherwise wall clock around onSubmittedWorkDone. Upload and readback are timed apart
 * from the kernel. No React, no DOM.
 */
import type { MatmulData } from '../core/data';
import { gflops, type Shape, type TileWidth } from '../core/shape';
import { summarize, type Summary } from '../core/stats';
import { GpuRunError, withErrorScopes, type GpuContext } from './device';
import { kKernels, type KernelId, type LaunchPlan } from './kernels';
import { getPipeline, matmulBindGroupLayout } from './pipelines';

export const kWarmupRuns = 2;
/** Each sample lasts at least this long, so timestamp quantisation (~0.1 ms in Chrome) stays small. */
export const kMinSampleMs = 2;
/** Most dispatches batched into one sample (one compute pass). */
export const kMaxDispatchesPerSample = 256;
/** Time spent on the timed samples, when the kernel is fast enough to fit. */
export const kTimingBudgetMs = 1000;
export const kMinSamples = 3;
export const kMaxSamples = 30;

export type Clock = 'gpu-timestamp' | 'wall-clock';

export const kClockLabels: Record<Clock, string> = {
  'gpu-timestamp': 'GPU timestamps',
  'wall-clock': 'wall clock (submit → onSubmittedWorkDone)',
};

export interface Progress {
  readonly stage: 'upload' | 'compile' | 'warmup' | 'timing' | 'readback';
  readonly done: number;
  readonly total: number;
}

/**
 * Buffers for A, B, C, dims and the read-back, reused across runs (a benchmark sweep) and grown
 * only when a larger problem needs it.
 */
export class MatmulBuffers {
  private set?: { a: GPUBuffer; b: GPUBuffer; c: GPUBuffer; dims: GPUBuffer; read: GPUBuffer; cap: { a: number; b: number; c: number } };
  constructor(private readonly device: GPUDevice) {}

  async ensure(shape: Shape): Promise<{ a: GPUBuffer; b: GPUBuffer; c: GPUBuffer; dims: GPUBuffer; read: GPUBuffer }> {
    const need = { a: shape.m * shape.k * 4, b: shape.k * shape.n * 4, c: shape.m * shape.n * 4 };
    const s = this.set;
    if (s && need.a <= s.cap.a && need.b <= s.cap.b && need.c <= s.cap.c) return s;
    this.destroy();
    const cap = { a: Math.max(need.a, s?.cap.a ?? 0, 16), b: Math.max(need.b, s?.cap.b ?? 0, 16), c: Math.max(need.c, s?.cap.c ?? 0, 16) };
    const d = this.device;
    this.set = await withErrorScopes(d, 'Allocating buffers', () => {
      const S = GPUBufferUsage.STORAGE;
      return {
        a: d.createBuffer({ label: 'Matmul.A', size: cap.a, usage: S | GPUBufferUsage.COPY_DST }),
        b: d.createBuffer({ label: 'Matmul.B', size: cap.b, usage: S | GPUBufferUsage.COPY_DST }),
        c: d.createBuffer({ label: 'Matmul.C', size: cap.c, usage: S | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST }),
        dims: d.createBuffer({ label: 'Matmul.dims', size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST }),
        read: d.createBuffer({ label: 'Matmul.C.readback', size: cap.c, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST }),
        cap,
      };
    });
    return this.set;
  }

  /** Bytes currently held on the GPU. */
  get bytes(): number {
    const s = this.set;
    return s ? s.cap.a + s.cap.b + 2 * s.cap.c + 16 : 0;
  }

  destroy(): void {
    const s = this.set;
    if (!s) return;
    for (const b of [s.a, s.b, s.c, s.dims, s.read]) b.destroy();
    this.set = undefined;
  }
}

export interface RunOptions {
  /** Reuse these buffers (the caller destroys them); by default the run allocates and frees its own. */
  readonly buffers?: MatmulBuffers;
  readonly warmups?: number;
  readonly budgetMs?: number;
  readonly minSamples?: number;
  readonly maxSamples?: number;
  /** Force the wall clock even when timestamps are available. */
  readonly forceWallClock?: boolean;
  readonly onProgress?: (p: Progress) => void;
  readonly signal?: AbortSignal;
}

export interface RunResult {
  readonly kernel: KernelId;
  readonly shape: Shape;
  readonly tile: TileWidth;
  readonly plan: LaunchPlan;
  readonly clock: Clock;
  /** Why the clock is what it is, when it is not the best available. */
  readonly clockNote: string;
  readonly warmups: number;
  /** Milliseconds per dispatch, one entry per sample. */
  readonly samplesMs: readonly number[];
  readonly dispatchesPerSample: number;
  readonly stats: Summary;
  /** GFLOP/s at the median time. */
  readonly gflops: number;
  readonly uploadMs: number;
  readonly compileMs: number;
  readonly readbackMs: number;
  readonly c: Float32Array;
}

const now = () => performance.now();
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export async function runMatmul(
  ctx: GpuContext,
  kernel: KernelId,
  shape: Shape,
  tile: TileWidth,
  data: MatmulData,
  opts: RunOptions = {},
): Promise<RunResult> {
  const { device } = ctx;
  const spec = kKernels[kernel];
  const plan = spec.plan(shape, tile, ctx.info.limits);
  if (typeof plan === 'string') throw new GpuRunError(plan, 'validation');
  const progress = (stage: Progress['stage'], done = 0, total = 1) => opts.onProgress?.({ stage, done, total });
  const owned: Array<GPUBuffer | GPUQuerySet> = [];
  const ownedPools: MatmulBuffers[] = [];

  /** Rejects when the device is lost; raced against every wait below (and never left unhandled). */
  const lostError = ctx.lost.then((li): never => {
    throw new GpuRunError(`The GPU device was lost during the run (${li.reason}: ${li.message || 'no message'}).`, 'device-lost');
  });
  lostError.catch(() => undefined);
  /** Rejects when the run is cancelled: the page stops waiting at once (work already queued on the GPU still finishes there). */
  const cancelled = new Promise<never>((_, reject) => {
    const fire = () => reject(new GpuRunError('Cancelled before it finished: no result.', 'cancelled'));
    if (opts.signal?.aborted) fire();
    else opts.signal?.addEventListener('abort', fire, { once: true });
  });
  cancelled.catch(() => undefined);
  /** Await GPU work, but fail fast if the device is lost or the run is cancelled meanwhile. */
  const guard = <T>(p: Promise<T>): Promise<T> => Promise.race([p, lostError, cancelled]);
  if (ctx.isLost()) throw new GpuRunError('The GPU device is lost; it will be re-acquired on the next run.', 'device-lost');

  try {
    // --- upload -------------------------------------------------------------------------
    progress('upload');
    const t0 = now();
    const pool = opts.buffers ?? new MatmulBuffers(device);
    if (!opts.buffers) ownedPools.push(pool);
    const { a: bufA, b: bufB, c: bufC, dims: bufDims, read: bufRead } = await pool.ensure(shape);
    await withErrorScopes(device, 'Uploading A and B', () => {
      device.queue.writeBuffer(bufA, 0, data.a);
      device.queue.writeBuffer(bufB, 0, data.b);
      // C starts as NaN, so an element the kernel never writes can never pass verification.
      device.queue.writeBuffer(bufC, 0, new Float32Array(shape.m * shape.n).fill(NaN));
      device.queue.writeBuffer(bufDims, 0, new Uint32Array([shape.m, shape.k, shape.n, 0]));
    });
    await guard(device.queue.onSubmittedWorkDone());
    const uploadMs = now() - t0;

    // --- pipeline -----------------------------------------------------------------------
    progress('compile');
    const t1 = now();
    const pipeline = await guard(getPipeline(device, spec, plan));
    const compileMs = now() - t1;
    const bindGroup = device.createBindGroup({
      label: `Matmul.${kernel}.bindGroup`,
      layout: matmulBindGroupLayout(device),
      entries: [bufA, bufB, bufC, bufDims].map((buffer, binding) => ({ binding, resource: { buffer } })),
    });

    // --- timestamp plumbing ----------------------------------------------------------------
    let clock: Clock = ctx.info.timestampQuery && !opts.forceWallClock ? 'gpu-timestamp' : 'wall-clock';
    let clockNote = clock === 'wall-clock' ? (opts.forceWallClock ? 'wall clock requested' : 'this device has no timestamp-query') : '';
    let ts: { set: GPUQuerySet; resolve: GPUBuffer; read: GPUBuffer } | undefined;
    if (clock === 'gpu-timestamp') {
      ts = await withErrorScopes(device, 'Creating timestamp queries', () => {
        const set = device.createQuerySet({ label: 'Matmul.timestamps', type: 'timestamp', count: 2 });
        const resolve = device.createBuffer({ label: 'Matmul.timestamps.resolve', size: 16, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
        const read = device.createBuffer({ label: 'Matmul.timestamps.read', size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
        owned.push(set, resolve, read);
        return { set, resolve, read };
      });
    }

    /** One sample: `count` dispatches in one compute pass. Returns [wall ms, gpu ms | undefined]. */
    const sample = async (count: number): Promise<[number, number | undefined]> => {
      const enc = device.createCommandEncoder({ label: `Matmul.${kernel}.encoder` });
      const pass = enc.beginComputePass({
        label: `Matmul.${kernel}.pass`,
        ...(ts ? { timestampWrites: { querySet: ts.set, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } } : {}),
      });
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      for (let i = 0; i < count; i++) pass.dispatchWorkgroups(...plan.dispatch);
      pass.end();
      if (ts) {
        enc.resolveQuerySet(ts.set, 0, 2, ts.resolve, 0);
        enc.copyBufferToBuffer(ts.resolve, 0, ts.read, 0, 16);
      }
      const cmd = enc.finish();
      const start = now();
      device.queue.submit([cmd]);
      await guard(device.queue.onSubmittedWorkDone());
      const wall = now() - start;
      let gpu: number | undefined;
      if (ts) {
        await guard(ts.read.mapAsync(GPUMapMode.READ));
        const [b, e] = new BigInt64Array(ts.read.getMappedRange().slice(0));
        ts.read.unmap();
        gpu = Number(e! - b!) / 1e6;
      }
      return [wall, gpu];
    };

    // --- warm-up and calibration -------------------------------------------------------------
    const warmups = Math.max(1, opts.warmups ?? kWarmupRuns);
    let perDispatch = Infinity;
    for (let w = 0; w < warmups; w++) {
      progress('warmup', w, warmups);
      const [wall, gpu] = await withErrorScopes(device, `Running the ${spec.label} kernel`, () => sample(1));
      const t = gpu !== undefined && gpu > 0 ? gpu : wall;
      perDispatch = Math.min(perDispatch, t);
      if (w === 0 && wall > 2000) break; // a slow adapter: one warm-up is enough
    }
    const dps = clamp(Math.ceil(kMinSampleMs / Math.max(perDispatch, 1e-4)), 1, kMaxDispatchesPerSample);
    const budget = opts.budgetMs ?? kTimingBudgetMs;
    const nSamples = clamp(Math.round(budget / (perDispatch * dps)), opts.minSamples ?? kMinSamples, opts.maxSamples ?? kMaxSamples);

    // --- timed samples -----------------------------------------------------------------------
    const samplesMs: number[] = [];
    const wallMs: number[] = [];
    for (let s = 0; s < nSamples; s++) {
      progress('timing', s, nSamples);
      const [wall, gpu] = await sample(dps);
      wallMs.push(wall / dps);
      if (gpu !== undefined) samplesMs.push(gpu / dps);
    }
    // Timestamps can be unusable (zero or negative after quantisation, or disabled): fall back.
    if (clock === 'gpu-timestamp' && !samplesMs.every((v) => Number.isFinite(v) && v > 0)) {
      clock = 'wall-clock';
      clockNote = 'GPU timestamps came back zero or out of order, so the wall clock is reported';
    }
    const chosen = clock === 'gpu-timestamp' ? samplesMs : wallMs;
    const stats = summarize(chosen);

    // --- readback ------------------------------------------------------------------------
    progress('readback');
    const t2 = now();
    const enc = device.createCommandEncoder({ label: 'Matmul.readback.encoder' });
    enc.copyBufferToBuffer(bufC, 0, bufRead, 0, shape.m * shape.n * 4);
    device.queue.submit([enc.finish()]);
    await guard(bufRead.mapAsync(GPUMapMode.READ, 0, shape.m * shape.n * 4));
    const c = new Float32Array(bufRead.getMappedRange(0, shape.m * shape.n * 4).slice(0));
    bufRead.unmap();
    const readbackMs = now() - t2;

    return {
      kernel,
      shape,
      tile,
      plan,
      clock,
      clockNote,
      warmups,
      samplesMs: chosen,
      dispatchesPerSample: dps,
      stats,
      gflops: gflops(shape, stats.median),
      uploadMs,
      compileMs,
      readbackMs,
      c,
    };
  } catch (e) {
    if (ctx.isLost() && !(e instanceof GpuRunError && e.kind === 'device-lost')) {
      throw new GpuRunError(`The GPU device was lost during the run: ${e instanceof Error ? e.message : String(e)}`, 'device-lost');
    }
    throw e;
  } finally {
    for (const o of owned) o.destroy();
    for (const p of ownedPools) p.destroy();
  }
}
