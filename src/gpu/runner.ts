/**
 * Upload → dispatch → readback for one kernel and one shape, timed honestly:
 * warm-up, calibration, repeated samples; GPU timestamps (timestamp-query) when the device has
 * them, otherwise wall clock around onSubmittedWorkDone. Upload and readback are timed apart
 * from the kernel. No React, no DOM.
 */
import type { MatmulData } from '../core/data';
import { said } from '../i18n';
import { gflops, type Shape, type TileWidth } from '../core/shape';
import { GpuRunError, withErrorScopes, type GpuContext } from './device';
import { gpuShape, kernelLabelSaid, kKernels, planKernel, splitScratchBytes, type KernelId, type KernelParams, type LaunchPlan } from '../core/kernels';
import { paddedRows } from '../core/data';
import { OwnedBuffers } from './buffers';
import { getPipeline, matmulBindGroupLayout, matmulPipeline } from './pipelines';
import { lossError, makeGuard, timeDispatches, type Timing, type TimingOptions } from './timing';

export { kClockLabels, type Clock } from './timing';

export interface Progress {
  /** generate and verify: the CPU work around a run (gpu/experiment.ts); the rest: this runner. */
  readonly stage: 'generate' | 'upload' | 'compile' | 'warmup' | 'timing' | 'readback' | 'verify';
  readonly done: number;
  readonly total: number;
}

/**
 * Where A and B come from: rows [row0, row0 + count) of A or B as rows of `colsP` columns (zeros
 * past the matrix's own columns and rows). A worker hands them over in chunks (gpu/experiment.ts),
 * so the page never holds or copies whole matrices; memoryRows serves data already in memory.
 */
export interface RowSource {
  rows(matrix: 'a' | 'b', row0: number, count: number, colsP: number): Promise<Float32Array> | Float32Array;
}

/** A and B in memory, as a RowSource. */
export function memoryRows(data: MatmulData, shape: Shape): RowSource {
  return {
    rows: (matrix, row0, count, colsP) =>
      matrix === 'a' ? paddedRows(data.a, shape.m, shape.k, colsP, row0, count) : paddedRows(data.b, shape.k, shape.n, colsP, row0, count),
  };
}

/**
 * Uploads and read-backs move this many bytes per step, and the page gets a turn between steps
 * (a 256 MiB matrix in one writeBuffer or one copy blocks the main thread for a noticeable time).
 */
export const kTransferChunkBytes = 4 << 20;
/** Steps of main-thread work run back to back for at most about this long before the page gets a turn. */
export const kMainSliceMs = 30;

/** Yields a task (the page can paint and answer input) when `sliceMs` have passed since the last turn. */
export function makeSlicer(sliceMs = kMainSliceMs): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < sliceMs) return;
    await new Promise((r) => setTimeout(r, 0));
    last = performance.now();
  };
}

const rowsPerChunk = (cols: number) => Math.max(1, Math.floor(kTransferChunkBytes / Math.max(4, cols * 4)));
const chunksOf = (rows: number, cols: number) => Math.ceil(rows / rowsPerChunk(cols));

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
    this.set = await withErrorScopes(this.device, said('run:scope.allocate'), () => {
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

/**
 * C from a MAP_READ buffer holding rows×colsP floats: its first `cols` columns, copied out in
 * chunks with the page getting a turn between them (the mapping is released whatever happens).
 */
async function readRows(
  buffer: GPUBuffer,
  rows: number,
  colsP: number,
  cols: number,
  guard: <T>(p: Promise<T>) => Promise<T>,
  signal: AbortSignal | undefined,
  onStep: (done: number, total: number) => void,
): Promise<Float32Array> {
  const bytes = Math.max(4, rows * colsP * 4);
  await guard(buffer.mapAsync(GPUMapMode.READ, 0, bytes));
  try {
    const mapped = buffer.getMappedRange(0, bytes);
    const out = new Float32Array(rows * cols);
    const per = rowsPerChunk(colsP);
    const total = Math.ceil(rows / per);
    const slice = makeSlicer();
    for (let row0 = 0, step = 0; row0 < rows; row0 += per, step++) {
      if (signal?.aborted) throw new GpuRunError(said('run:error.cancelled'), 'cancelled');
      onStep(step, total);
      const count = Math.min(per, rows - row0);
      const src = new Float32Array(mapped, row0 * colsP * 4, count * colsP);
      if (colsP === cols) out.set(src, row0 * cols);
      else for (let r = 0; r < count; r++) out.set(src.subarray(r * colsP, r * colsP + cols), (row0 + r) * cols);
      await slice();
    }
    return out;
  } finally {
    buffer.unmap();
  }
}

export async function runMatmul(
  ctx: GpuContext,
  kernel: KernelId,
  shape: Shape,
  tile: TileWidth,
  data: MatmulData | RowSource,
  opts: RunOptions = {},
): Promise<RunResult> {
  const source = 'rows' in data ? data : memoryRows(data, shape);
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
  if (ctx.isLost()) throw new GpuRunError(said('run:error.lost'), 'device-lost');

  try {
    // --- upload -------------------------------------------------------------------------
    progress('upload');
    const t0 = now();
    const pool = opts.buffers ?? new MatmulBuffers(device);
    if (!opts.buffers) ownedPools.push(pool);
    const { a: bufA, b: bufB, c: bufC, dims: bufDims, read: bufRead } = await pool.ensure(g);
    // In chunks of rows, the page getting a turn between them; A and B come from the source
    // (padded for the vec4 rungs), C starts as NaN, so an element the kernel never writes can
    // never pass verification.
    const slice = makeSlicer();
    const uploads: { buf: GPUBuffer; rows: number; cols: number; get?: 'a' | 'b' }[] = [
      { buf: bufA, rows: g.m, cols: g.k, get: 'a' },
      { buf: bufB, rows: g.k, cols: g.n, get: 'b' },
      { buf: bufC, rows: g.m, cols: g.n },
    ];
    const chunks = uploads.reduce((sum, u) => sum + chunksOf(u.rows, u.cols), 0);
    let sent = 0;
    let nan: Float32Array | undefined;
    for (const u of uploads) {
      const per = rowsPerChunk(u.cols);
      for (let row0 = 0; row0 < u.rows; row0 += per) {
        const count = Math.min(per, u.rows - row0);
        progress('upload', sent, chunks);
        let chunk: Float32Array;
        if (u.get) chunk = await guard(Promise.resolve(source.rows(u.get, row0, count, u.cols)));
        else {
          if (!nan || nan.length < count * u.cols) nan = new Float32Array(Math.min(u.rows, per) * u.cols).fill(NaN);
          chunk = nan.length === count * u.cols ? nan : nan.subarray(0, count * u.cols);
        }
        await withErrorScopes(device, said('run:scope.upload'), () => device.queue.writeBuffer(u.buf, row0 * u.cols * 4, chunk));
        // Now and then let the GPU catch up, so staged copies do not pile up in memory.
        if (++sent % 16 === 0) await guard(device.queue.onSubmittedWorkDone());
        await slice();
      }
    }
    device.queue.writeBuffer(bufDims, 0, new Uint32Array([g.m, g.k, g.n, 0]));
    await guard(device.queue.onSubmittedWorkDone());
    const uploadMs = now() - t0;

    // --- pipeline -----------------------------------------------------------------------
    progress('compile');
    const t1 = now();
    const pipeline = await guard(matmulPipeline(device, spec, plan, 'main', opts.source));
    // Split-K: the first pass writes its partial products into a scratch buffer, the second sums them into C.
    const reduce = plan.reduce;
    const scratch = reduce ? owned.create('partials', splitScratchBytes(g, reduce.slices), GPUBufferUsage.STORAGE) : undefined;
    const sumPipeline = reduce
      ? await guard(getPipeline(device, { label: `Matmul.${kernel}.sum`, source: reduce.source, constants: reduce.constants, layout: 'matmul', what: kernelLabelSaid(kernel) }))
      : undefined;
    const compileMs = now() - t1;
    // Bind-group entries for a band of `rows` rows from row0 (a part of a split run; the whole run: 0, g.m).
    const entryB = { binding: 1, resource: { buffer: bufB, size: Math.max(4, g.k * g.n * 4) } };
    const entryC = (row0: number, rows: number) => ({ binding: 2, resource: { buffer: bufC, offset: row0 * g.n * 4, size: Math.max(4, rows * g.n * 4) } });
    // A part's partial products use the front of the scratch buffer (its sum pass has read them before the next part's first pass).
    const entryScratch = (binding: number, buffer: GPUBuffer, slices: number, rows: number) => ({ binding, resource: { buffer, size: Math.max(4, splitScratchBytes({ m: rows, k: g.k, n: g.n }, slices)) } });
    /** Bind A, B, C (the scratch buffer for split-K's first pass), dims; a part of a split run binds only its band of A's and C's rows. */
    const bind = (dims: GPUBuffer, row0?: number, rowsInPart?: number) =>
      row0 === undefined || rowsInPart === undefined
        ? device.createBindGroup({
            label: `Matmul.${kernel}.bindGroup`,
            layout: matmulBindGroupLayout(device),
            entries: [bufA, bufB, scratch ?? bufC, dims].map((buffer, binding) => ({ binding, resource: { buffer } })),
          })
        : device.createBindGroup({
        label: `Matmul.${kernel}.bindGroup`,
        layout: matmulBindGroupLayout(device),
        entries: [
          { binding: 0, resource: { buffer: bufA, offset: row0 * g.k * 4, size: Math.max(4, rowsInPart * g.k * 4) } },
          entryB,
          scratch && reduce ? entryScratch(2, scratch, reduce.slices, rowsInPart) : entryC(row0, rowsInPart),
          { binding: 3, resource: { buffer: dims } },
        ],
      });
    /** Split-K's second pass: the scratch buffer where A is, C (or its band of rows), dims. */
    const bindSum = (scratchBuffer: GPUBuffer, slices: number, dims: GPUBuffer, row0 = 0, rowsInPart = g.m) =>
      device.createBindGroup({
        label: `Matmul.${kernel}.sum.bindGroup`,
        layout: matmulBindGroupLayout(device),
        entries: [entryScratch(0, scratchBuffer, slices, rowsInPart), entryB, entryC(row0, rowsInPart), { binding: 3, resource: { buffer: dims } }],
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
    const sumOf = (p: LaunchPlan, dims: GPUBuffer, row0?: number, rowsHere?: number) =>
      scratch && p.reduce ? { group: bindSum(scratch, p.reduce.slices, dims, row0, rowsHere), dispatch: p.reduce.dispatch } : undefined;
    const partRuns = Array.from({ length: parts }, (_, p) => {
      if (parts === 1) return { group: bind(bufDims), dispatch: plan.dispatch, sum: sumOf(plan, bufDims) };
      const row0 = p * rowsPerPart;
      const rowsHere = Math.min(rowsPerPart, g.m - row0);
      const dims = owned.create(`dims.part${p}`, 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
      device.queue.writeBuffer(dims, 0, new Uint32Array([rowsHere, g.k, g.n, 0]));
      const partPlan = planKernel(kernel, { m: rowsHere, k: g.k, n: g.n }, tile, ctx.info, opts.params);
      if (typeof partPlan === 'string') throw new GpuRunError(partPlan, 'validation');
      return { group: bind(dims, row0, rowsHere), dispatch: partPlan.dispatch, sum: sumOf(partPlan, dims, row0, rowsHere) };
    });

    // --- warm-up, calibration and timed samples ------------------------------------------
    const timing = await timeDispatches(
      ctx,
      `Matmul.${kernel}`,
      (pass, count, part) => {
        const r = partRuns[part]!;
        if (r.sum && sumPipeline) {
          // Split-K: one product is both passes.
          for (let i = 0; i < count; i++) {
            pass.setPipeline(pipeline);
            pass.setBindGroup(0, r.group);
            pass.dispatchWorkgroups(...r.dispatch);
            pass.setPipeline(sumPipeline);
            pass.setBindGroup(0, r.sum.group);
            pass.dispatchWorkgroups(...r.sum.dispatch);
          }
          return;
        }
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
    const c = await readRows(bufRead, g.m, g.n, shape.n, guard, opts.signal, (done, total) => progress('readback', done, total));
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
    // After a loss, whatever failed says so in the app's words (lossError), never in the engine's.
    // (ctx.lost has resolved: awaiting it lets the loss watch record the loss's reason first.)
    if (ctx.isLost()) {
      await ctx.lost;
      throw lossError(ctx, e);
    }
    throw e;
  } finally {
    owned.destroy();
    for (const p of ownedPools) p.destroy();
  }
}
