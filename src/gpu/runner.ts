/**
 * Upload → dispatch → readback for one kernel and one shape, timed honestly:
 * warm-up, calibration, repeated samples; GPU timestamps (timestamp-query) when the device has
 * them, otherwise wall clock around onSubmittedWorkDone. Upload and readback are timed apart
 * from the kernel. No React, no DOM.
 */
import type { MatmulData } from '../core/data';
import { gflops, type Shape, type TileWidth } from '../core/shape';
import { GpuRunError, withErrorScopes, type GpuContext } from './device';
import { gpuShape, kKernels, planKernel, type KernelId, type KernelParams, type LaunchPlan } from '../core/kernels';
import { padMatrix, unpadMatrix } from '../core/data';
import { OwnedBuffers, readBack } from './buffers';
import { matmulBindGroupLayout, matmulPipeline } from './pipelines';
import { makeGuard, timeDispatches, type Timing, type TimingOptions } from './timing';

export { kClockLabels, type Clock } from './timing';

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
  private set?: { owned: OwnedBuffers; a: GPUBuffer; b: GPUBuffer; c: GPUBuffer; dims: GPUBuffer; read: GPUBuffer; cap: { a: number; b: number; c: number } };
  constructor(private readonly device: GPUDevice) {}

  async ensure(shape: Shape): Promise<{ a: GPUBuffer; b: GPUBuffer; c: GPUBuffer; dims: GPUBuffer; read: GPUBuffer }> {
    const need = { a: shape.m * shape.k * 4, b: shape.k * shape.n * 4, c: shape.m * shape.n * 4 };
    const s = this.set;
    if (s && need.a <= s.cap.a && need.b <= s.cap.b && need.c <= s.cap.c) return s;
    this.destroy();
    const cap = { a: Math.max(need.a, s?.cap.a ?? 0, 16), b: Math.max(need.b, s?.cap.b ?? 0, 16), c: Math.max(need.c, s?.cap.c ?? 0, 16) };
    const owned = new OwnedBuffers(this.device, 'Matmul');
    this.set = await withErrorScopes(this.device, 'Allocating buffers', () => {
      const S = GPUBufferUsage.STORAGE;
      return {
        owned,
        a: owned.create('A', cap.a, S | GPUBufferUsage.COPY_DST),
        b: owned.create('B', cap.b, S | GPUBufferUsage.COPY_DST),
        c: owned.create('C', cap.c, S | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST),
        dims: owned.create('dims', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST),
        read: owned.createRead('C.readback', cap.c),
        cap,
      };
    }).catch((e: unknown) => {
      owned.destroy();
      throw e;
    });
    return this.set;
  }

  /** Bytes currently held on the GPU. */
  get bytes(): number {
    return this.set?.owned.bytes ?? 0;
  }

  destroy(): void {
    this.set?.owned.destroy();
    this.set = undefined;
  }
}

/**
 * A single submission expected to run longer than this is split into bands of workgroup rows, one
 * submission each: browsers may reset a GPU whose submission runs too long (about 2 s on Windows).
 */
export const kMaxSubmitMs = 400;
/** Split runs use bands of a multiple of this many rows (a multiple of every kernel's block height). */
export const kBandRows = 128;

export interface RunOptions extends Omit<TimingOptions, 'onProgress'> {
  /** The per-submission budget (default kMaxSubmitMs). */
  readonly maxSubmitMs?: number;
  /** Tunable parameters (override constants) for kernels that have them; by default the kernel's own choice. */
  readonly params?: KernelParams;
  /**
   * The launch plan, when the caller has it already (planKernel for this kernel, shape, tile and
   * params): the run uses it instead of planning again. Only the parts of a split run plan again.
   */
  readonly plan?: LaunchPlan;
  /** WGSL to run in place of the kernel's own (experiments: the headless bench's --source); same plan and checks. */
  readonly source?: string;
  /** Reuse these buffers (the caller destroys them); by default the run allocates and frees its own. */
  readonly buffers?: MatmulBuffers;
  readonly onProgress?: (p: Progress) => void;
  readonly signal?: AbortSignal;
}

export interface RunResult extends Timing {
  readonly kernel: KernelId;
  readonly shape: Shape;
  readonly tile: TileWidth;
  readonly plan: LaunchPlan;
  /** GFLOP/s at the median time. */
  readonly gflops: number;
  readonly uploadMs: number;
  readonly compileMs: number;
  /** Set when the run was split into several submissions to stay under the per-submission budget. */
  readonly split?: { readonly parts: number; readonly rowsPerPart: number; readonly estimateMs: number; readonly budgetMs: number };
  readonly readbackMs: number;
  readonly c: Float32Array;
}

const now = () => performance.now();

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
  const plan = opts.plan ?? planKernel(kernel, shape, tile, ctx.info, opts.params);
  if (typeof plan === 'string') throw new GpuRunError(plan, 'validation');
  // The shape on the GPU (vec4 rungs: K and N padded to multiples of 4; the padding is zeros, so
  // C's first N columns are the product). GFLOP/s are counted for the shape asked for.
  const g = gpuShape(kernel, shape);
  const progress = (stage: Progress['stage'], done = 0, total = 1) => opts.onProgress?.({ stage, done, total });
  const owned = new OwnedBuffers(device, 'Matmul');
  const ownedPools: MatmulBuffers[] = [];

  const guard = makeGuard(ctx, opts.signal);
  if (ctx.isLost()) throw new GpuRunError('The GPU device is lost; it will be re-acquired on the next run.', 'device-lost');

  try {
    // --- upload -------------------------------------------------------------------------
    progress('upload');
    const t0 = now();
    const pool = opts.buffers ?? new MatmulBuffers(device);
    if (!opts.buffers) ownedPools.push(pool);
    const { a: bufA, b: bufB, c: bufC, dims: bufDims, read: bufRead } = await pool.ensure(g);
    await withErrorScopes(device, 'Uploading A and B', () => {
      device.queue.writeBuffer(bufA, 0, padMatrix(data.a, shape.m, shape.k, g.m, g.k));
      device.queue.writeBuffer(bufB, 0, padMatrix(data.b, shape.k, shape.n, g.k, g.n));
      // C starts as NaN, so an element the kernel never writes can never pass verification.
      device.queue.writeBuffer(bufC, 0, new Float32Array(g.m * g.n).fill(NaN));
      device.queue.writeBuffer(bufDims, 0, new Uint32Array([g.m, g.k, g.n, 0]));
    });
    await guard(device.queue.onSubmittedWorkDone());
    const uploadMs = now() - t0;

    // --- pipeline -----------------------------------------------------------------------
    progress('compile');
    const t1 = now();
    const pipeline = await guard(matmulPipeline(device, spec, plan, 'main', opts.source));
    const compileMs = now() - t1;
    /** Bind A, B, C, dims; a part of a split run binds only its band of A's and C's rows. */
    const bind = (dims: GPUBuffer, row0?: number, rowsInPart?: number) =>
      row0 === undefined || rowsInPart === undefined
        ? device.createBindGroup({
            label: `Matmul.${kernel}.bindGroup`,
            layout: matmulBindGroupLayout(device),
            entries: [bufA, bufB, bufC, dims].map((buffer, binding) => ({ binding, resource: { buffer } })),
          })
        : device.createBindGroup({
        label: `Matmul.${kernel}.bindGroup`,
        layout: matmulBindGroupLayout(device),
        entries: [
          { binding: 0, resource: { buffer: bufA, offset: row0 * g.k * 4, size: Math.max(4, rowsInPart * g.k * 4) } },
          { binding: 1, resource: { buffer: bufB, size: Math.max(4, g.k * g.n * 4) } },
          { binding: 2, resource: { buffer: bufC, offset: row0 * g.n * 4, size: Math.max(4, rowsInPart * g.n * 4) } },
          { binding: 3, resource: { buffer: dims } },
        ],
      });

    // --- long runs: time one band of rows; if the whole run would make one submission longer
    // than the budget, split C into bands of rows, each computed as its own (smaller) matmul on
    // views of A and C — the kernels are unchanged. Bands are multiples of kBandRows rows, so
    // the views' offsets meet every adapter's storage-offset alignment (a multiple of 256 bytes).
    const partsOf = (rowsPerPart: number) => Math.ceil(g.m / rowsPerPart);
    let rowsPerPart = g.m;
    let split: RunResult['split'];
    const budgetMs = opts.maxSubmitMs ?? kMaxSubmitMs;
    const probeDims = owned.create('dims.probe', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
    if (g.m > kBandRows && Number.isFinite(budgetMs)) {
      device.queue.writeBuffer(probeDims, 0, new Uint32Array([kBandRows, g.k, g.n, 0]));
      const probePlan = planKernel(kernel, { m: kBandRows, k: g.k, n: g.n }, tile, ctx.info, opts.params);
      if (typeof probePlan === 'string') throw new GpuRunError(probePlan, 'validation');
      const probePipeline = await guard(matmulPipeline(device, spec, plan, 'probe', opts.source));
      const enc = device.createCommandEncoder({ label: `Matmul.${kernel}.probe` });
      const pass = enc.beginComputePass({ label: `Matmul.${kernel}.probe.pass` });
      pass.setPipeline(probePipeline);
      // The first band of rows starts at offset 0: whole-buffer bindings with M = kBandRows (a
      // ranged binding here measurably slowed the following runs on wgpu).
      pass.setBindGroup(0, bind(probeDims));
      pass.dispatchWorkgroups(...probePlan.dispatch);
      pass.end();
      // The upload must be finished first, or the probe's time includes it (at 4096² that made
      // the estimate ~30× too long and split runs that did not need it).
      await guard(device.queue.onSubmittedWorkDone());
      const t = now();
      device.queue.submit([enc.finish()]);
      await guard(device.queue.onSubmittedWorkDone());
      const perBand = now() - t;
      const estimateMs = perBand * (g.m / kBandRows);
      if (estimateMs > budgetMs) {
        rowsPerPart = kBandRows * Math.max(1, Math.floor(budgetMs / Math.max(perBand, 1e-3)));
        if (partsOf(rowsPerPart) > 1) split = { parts: partsOf(rowsPerPart), rowsPerPart, estimateMs, budgetMs };
        else rowsPerPart = g.m;
      }
    }
    const parts = partsOf(rowsPerPart);
    const partRuns = Array.from({ length: parts }, (_, p) => {
      if (parts === 1) return { group: bind(bufDims), dispatch: plan.dispatch };
      const row0 = p * rowsPerPart;
      const rowsHere = Math.min(rowsPerPart, g.m - row0);
      const dims = owned.create(`dims.part${p}`, 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
      device.queue.writeBuffer(dims, 0, new Uint32Array([rowsHere, g.k, g.n, 0]));
      const partPlan = planKernel(kernel, { m: rowsHere, k: g.k, n: g.n }, tile, ctx.info, opts.params);
      if (typeof partPlan === 'string') throw new GpuRunError(partPlan, 'validation');
      return { group: bind(dims, row0, rowsHere), dispatch: partPlan.dispatch };
    });

    // --- warm-up, calibration and timed samples ------------------------------------------
    const timing = await timeDispatches(
      ctx,
      `Matmul.${kernel}`,
      (pass, count, part) => {
        const r = partRuns[part]!;
        pass.setPipeline(pipeline);
        pass.setBindGroup(0, r.group);
        for (let i = 0; i < count; i++) pass.dispatchWorkgroups(...r.dispatch);
      },
      guard,
      { ...opts, onProgress: (stage, done, total) => progress(stage, done, total) },
      parts,
    );

    // --- readback ------------------------------------------------------------------------
    progress('readback');
    const t2 = now();
    const enc = device.createCommandEncoder({ label: 'Matmul.readback.encoder' });
    enc.copyBufferToBuffer(bufC, 0, bufRead, 0, g.m * g.n * 4);
    device.queue.submit([enc.finish()]);
    const cGpu = new Float32Array(await readBack(bufRead, g.m * g.n * 4, guard));
    const c = unpadMatrix(cGpu, shape.m, g.n, shape.n); // the same array when nothing was padded
    const readbackMs = now() - t2;

    return {
      kernel,
      shape,
      tile,
      plan,
      ...timing, // clock, samples, statistics, timestamp step, settle time
      gflops: gflops(shape, timing.stats.median),
      uploadMs,
      compileMs,
      split,
      readbackMs,
      c,
    };
  } catch (e) {
    if (ctx.isLost() && !(e instanceof GpuRunError && e.kind === 'device-lost')) {
      throw new GpuRunError(`The GPU device was lost during the run: ${e instanceof Error ? e.message : String(e)}`, 'device-lost');
    }
    throw e;
  } finally {
    owned.destroy();
    for (const p of ownedPools) p.destroy();
  }
}
