/**
 * Upload → dispatch → readback for one kernel and one shape, timed honestly:
 * warm-up, calibration, repeated samples; GPU timestamps (timestamp-query) when the device has
 * them, otherwise wall clock around onSubmittedWorkDone. Upload and readback are timed apart
 * from the kernel. No React, no DOM.
 */
import type { MatmulData } from '../core/data';
import { said } from '../core/said';
import { gflops, type Shape, type TileWidth } from '../core/shape';
import { GpuRunError, withErrorScopes, type GpuContext } from './device';
import { bandPlan, gpuShape, isPlanFailure, kernelLabelSaid, kKernels, planKernel, splitScratchBytes, type KernelId, type KernelParams, type LaunchPlan } from '../core/kernels';
import type { Dispatch } from '../core/tiling';
import { paddedRows } from '../core/data';
import { OwnedBuffers } from './buffers';
import { getPipeline, matmulBindGroupLayout, matmulPipeline } from './pipelines';
import { lossError, makeGuard } from './lossGuard';
import { timeDispatches, timeOnePass, type Timing, type TimingOptions } from './timing';
import { bandMs, chooseSplit } from '../core/split';

export { type Clock } from './timing';

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
   * params): the run uses it instead of planning again; the bands of a split run are cut from it (bandPlan).
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

/** The buffers of one run: A, B, C, dims and the read-back (from a MatmulBuffers pool). */
export type RunBuffers = Awaited<ReturnType<MatmulBuffers['ensure']>>;
type Guard = <T>(p: Promise<T>) => Promise<T>;
export type Report = (stage: Progress['stage'], done?: number, total?: number) => void;

/**
 * Step 1, upload: A and B from the source (padded for the vec4 rungs) and C as NaN — so an
 * element the kernel never writes can never pass verification — in chunks of rows, the page
 * getting a turn between them.
 */
export async function upload(device: GPUDevice, bufs: RunBuffers, g: Shape, source: RowSource, guard: Guard, progress: Report): Promise<number> {
  progress('upload');
  const t0 = now();
  const slice = makeSlicer();
  const uploads: { buf: GPUBuffer; rows: number; cols: number; get?: 'a' | 'b' }[] = [
    { buf: bufs.a, rows: g.m, cols: g.k, get: 'a' },
    { buf: bufs.b, rows: g.k, cols: g.n, get: 'b' },
    { buf: bufs.c, rows: g.m, cols: g.n },
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
  device.queue.writeBuffer(bufs.dims, 0, new Uint32Array([g.m, g.k, g.n, 0]));
  await guard(device.queue.onSubmittedWorkDone());
  return now() - t0;
}

/** One band of rows ready to dispatch: its bind group and grid, and split-K's summing pass. */
interface BandRun {
  readonly group: GPUBindGroup;
  readonly dispatch: Dispatch;
  readonly sum?: { readonly group: GPUBindGroup; readonly dispatch: Dispatch };
}

/** Step 2, the passes: the kernel's pipeline (and split-K's summing pass, or the tensor rung's first pass) and how to bind a band of rows. */
async function preparePasses(device: GPUDevice, kernel: KernelId, plan: LaunchPlan, g: Shape, bufs: RunBuffers, owned: OwnedBuffers, guard: Guard, wgsl?: string) {
  const spec = kKernels[kernel];
  const pipeline = await guard(matmulPipeline(device, spec, plan, 'main', wgsl));
  // Split-K: the first pass writes its partial products into a scratch buffer, the second sums them into C.
  const reduce = plan.reduce;
  const scratch = reduce ? owned.create('partials', splitScratchBytes(g, reduce.slices), GPUBufferUsage.STORAGE) : undefined;
  const sumPipeline = reduce
    ? await guard(getPipeline(device, { label: `Matmul.${kernel}.sum`, source: reduce.source.text(), constants: reduce.constants, layout: 'matmul', what: kernelLabelSaid(kernel) }))
    : undefined;
  // A first pass (the tensor rung: B's f16 copy): it writes a scratch buffer bound where C is; the kernel reads it where B is.
  const prep = plan.prepare;
  const prepared = prep ? owned.create('prepared', Math.max(16, prep.scratchBytes), GPUBufferUsage.STORAGE) : undefined;
  const prepPipeline = prep
    ? await guard(getPipeline(device, { label: `Matmul.${kernel}.prepare`, source: prep.source.text(), constants: prep.constants, layout: 'matmul', what: kernelLabelSaid(kernel) }))
    : undefined;
  const layout = matmulBindGroupLayout(device);
  // B is whole for every band (and for the probe): one bind group, with the whole run's dims (the pass reads only K and N).
  const prepGroup = prepared && prep
    ? device.createBindGroup({
        label: `Matmul.${kernel}.prepare.bindGroup`,
        layout,
        entries: [
          { binding: 0, resource: { buffer: bufs.a } },
          { binding: 1, resource: { buffer: bufs.b, size: Math.max(4, g.k * g.n * 4) } },
          { binding: 2, resource: { buffer: prepared, size: Math.max(16, prep.scratchBytes) } },
          { binding: 3, resource: { buffer: bufs.dims } },
        ],
      })
    : undefined;
  const dimsEntry = (dims: GPUBuffer) => ({ binding: 3, resource: { buffer: dims } });
  const entryB = prepared && prep
    ? { binding: 1, resource: { buffer: prepared, size: Math.max(16, prep.scratchBytes) } }
    : { binding: 1, resource: { buffer: bufs.b, size: Math.max(4, g.k * g.n * 4) } };
  const entryC = (row0: number, rows: number) => ({ binding: 2, resource: { buffer: bufs.c, offset: row0 * g.n * 4, size: Math.max(4, rows * g.n * 4) } });
  // A band's partial products use the front of the scratch buffer (its sum pass has read them before the next band's first pass).
  const entryScratch = (binding: number, buffer: GPUBuffer, slices: number, rows: number) => ({ binding, resource: { buffer, size: Math.max(4, splitScratchBytes({ m: rows, k: g.k, n: g.n }, slices)) } });
  /** Bind A, B, C (the scratch buffer for split-K's first pass) and dims: whole buffers, or a band of A's and C's rows. */
  const bind = (dims: GPUBuffer, band?: { row0: number; rows: number }) =>
    device.createBindGroup({
      label: `Matmul.${kernel}.bindGroup`,
      layout,
      entries: band
        ? [
            { binding: 0, resource: { buffer: bufs.a, offset: band.row0 * g.k * 4, size: Math.max(4, band.rows * g.k * 4) } },
            entryB,
            scratch && reduce ? entryScratch(2, scratch, reduce.slices, band.rows) : entryC(band.row0, band.rows),
            dimsEntry(dims),
          ]
        : [bufs.a, prepared ?? bufs.b, scratch ?? bufs.c, dims].map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
  /** Split-K's second pass: the scratch buffer where A is, C (or its band of rows), dims. */
  const bindSum = (buffer: GPUBuffer, slices: number, dims: GPUBuffer, row0: number, rows: number) =>
    device.createBindGroup({
      label: `Matmul.${kernel}.sum.bindGroup`,
      layout,
      entries: [entryScratch(0, buffer, slices, rows), entryB, entryC(row0, rows), dimsEntry(dims)],
    });
  /** A band of rows from row0 (the whole run: 0, g.m, with the run's own dims), planned from the whole run's plan (bandPlan). */
  const band = (row0: number, rows: number, dims: GPUBuffer): BandRun => {
    const whole = row0 === 0 && rows === g.m;
    const p = whole ? plan : bandPlan(plan, rows);
    const sum = scratch && p.reduce ? { group: bindSum(scratch, p.reduce.slices, dims, row0, rows), dispatch: p.reduce.dispatch } : undefined;
    return { group: whole ? bind(dims) : bind(dims, { row0, rows }), dispatch: p.dispatch, ...(sum ? { sum } : {}) };
  };
  /** Records the first pass of one product, where the kernel has one (the tensor rung's B in f16). */
  const prepare = (pass: GPUComputePassEncoder) => {
    if (!prepPipeline || !prepGroup || !prep) return;
    pass.setPipeline(prepPipeline);
    pass.setBindGroup(0, prepGroup);
    pass.dispatchWorkgroups(...prep.dispatch);
  };
  /** Records `count` products of one band into a compute pass (split-K, a first pass: every pass of each product). */
  const encode = (pass: GPUComputePassEncoder, count: number, r: BandRun) => {
    const sum = r.sum && sumPipeline ? { pipeline: sumPipeline, ...r.sum } : undefined;
    if (sum || prepPipeline) {
      for (let i = 0; i < count; i++) {
        prepare(pass);
        pass.setPipeline(pipeline);
        pass.setBindGroup(0, r.group);
        pass.dispatchWorkgroups(...r.dispatch);
        if (!sum) continue;
        pass.setPipeline(sum.pipeline);
        pass.setBindGroup(0, sum.group);
        pass.dispatchWorkgroups(...sum.dispatch);
      }
      return;
    }
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, r.group);
    for (let i = 0; i < count; i++) pass.dispatchWorkgroups(...r.dispatch);
  };
  return { bind, band, encode, prepare };
}

/**
 * Step 3, the bands: time one band of kBandRows rows; if the whole run would make one submission
 * longer than the budget, split C into bands of rows, each computed as its own (smaller) matmul
 * on views of A and C — the kernels are unchanged. Bands are multiples of kBandRows rows, so the
 * views' offsets meet every adapter's storage-offset alignment (a multiple of 256 bytes).
 */
async function chooseBands(
  ctx: GpuContext,
  kernel: KernelId,
  plan: LaunchPlan,
  g: Shape,
  bufs: RunBuffers,
  passes: Awaited<ReturnType<typeof preparePasses>>,
  owned: OwnedBuffers,
  guard: Guard,
  budgetMs: number,
  wgsl?: string,
): Promise<{ bands: BandRun[]; split: RunResult['split'] }> {
  const { device } = ctx;
  const partsOf = (rowsPerPart: number) => Math.ceil(g.m / rowsPerPart);
  let rowsPerPart = g.m;
  let split: RunResult['split'];
  if (g.m > kBandRows && Number.isFinite(budgetMs)) {
    const probeDims = owned.create('dims.probe', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
    device.queue.writeBuffer(probeDims, 0, new Uint32Array([kBandRows, g.k, g.n, 0]));
    const probePipeline = await guard(matmulPipeline(device, kKernels[kernel], plan, 'probe', wgsl));
    // The first band of rows starts at offset 0: whole-buffer bindings with M = kBandRows (a
    // ranged binding here measurably slowed the following runs on wgpu). The upload is finished
    // first (timeOnePass), or the probe's time includes it (at 4096² that made the estimate ~30×
    // too long); GPU timestamps time the band when the device has them (core/split bandMs).
    const probe = await timeOnePass(ctx, `Matmul.${kernel}.probe`, (pass) => {
      passes.prepare(pass);
      pass.setPipeline(probePipeline);
      pass.setBindGroup(0, passes.bind(probeDims));
      pass.dispatchWorkgroups(...bandPlan(plan, kBandRows).dispatch);
    }, guard);
    const choice = chooseSplit(g.m, kBandRows, bandMs(probe), budgetMs);
    if (choice.parts > 1) {
      rowsPerPart = choice.rowsPerPart;
      split = { parts: choice.parts, rowsPerPart, estimateMs: choice.estimateMs, budgetMs };
    }
  }
  const parts = partsOf(rowsPerPart);
  const bands = Array.from({ length: parts }, (_, p) => {
    if (parts === 1) return passes.band(0, g.m, bufs.dims);
    const row0 = p * rowsPerPart;
    const rows = Math.min(rowsPerPart, g.m - row0);
    const dims = owned.create(`dims.part${p}`, 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
    device.queue.writeBuffer(dims, 0, new Uint32Array([rows, g.k, g.n, 0]));
    return passes.band(row0, rows, dims);
  });
  return { bands, split };
}

/** Step 5, read-back: C copied out of the GPU, its first `shape.m` rows and `shape.n` columns (the padding dropped). */
export async function readBack(device: GPUDevice, bufs: RunBuffers, g: Shape, shape: Pick<Shape, 'm' | 'n'>, guard: Guard, signal: AbortSignal | undefined, progress: Report): Promise<{ c: Float32Array; readbackMs: number }> {
  progress('readback');
  const t = now();
  const enc = device.createCommandEncoder({ label: 'Matmul.readback.encoder' });
  enc.copyBufferToBuffer(bufs.c, 0, bufs.read, 0, shape.m * g.n * 4);
  device.queue.submit([enc.finish()]);
  const c = await readRows(bufs.read, shape.m, g.n, shape.n, guard, signal, (done, total) => progress('readback', done, total));
  return { c, readbackMs: now() - t };
}

/** What runMatmul and computeMatmul share: the buffers, the upload, the passes and the bands of one run. */
async function withRun<T>(
  ctx: GpuContext,
  kernel: KernelId,
  shape: Shape,
  tile: TileWidth,
  data: MatmulData | RowSource,
  opts: RunOptions,
  defaultMaxSubmitMs: number,
  body: (r: { plan: LaunchPlan; g: Shape; bufs: RunBuffers; passes: Awaited<ReturnType<typeof preparePasses>>; bands: BandRun[]; split: RunResult['split']; uploadMs: number; compileMs: number; guard: Guard; progress: Report }) => Promise<T>,
): Promise<T> {
  const source = 'rows' in data ? data : memoryRows(data, shape);
  const { device } = ctx;
  const plan = opts.plan ?? planKernel(kernel, shape, tile, ctx.info, opts.params);
  if (isPlanFailure(plan)) throw new GpuRunError(plan.why, 'validation');
  // The shape on the GPU (vec4 rungs: K and N padded to multiples of 4; the padding is zeros, so
  // C's first N columns are the product). GFLOP/s are counted for the shape asked for.
  const g = gpuShape(kernel, shape);
  const progress: Report = (stage, done = 0, total = 1) => opts.onProgress?.({ stage, done, total });
  const owned = new OwnedBuffers(device, 'Matmul');
  const pool = opts.buffers ?? new MatmulBuffers(device);

  const guard = makeGuard(ctx, opts.signal);
  if (ctx.isLost()) throw new GpuRunError(said('run:error.lost'), 'device-lost');

  try {
    const bufs = await pool.ensure(g);
    const uploadMs = await upload(device, bufs, g, source, guard, progress);
    progress('compile');
    const t1 = now();
    const passes = await preparePasses(device, kernel, plan, g, bufs, owned, guard, opts.source);
    const compileMs = now() - t1;
    const { bands, split } = await chooseBands(ctx, kernel, plan, g, bufs, passes, owned, guard, opts.maxSubmitMs ?? defaultMaxSubmitMs, opts.source);
    return await body({ plan, g, bufs, passes, bands, split, uploadMs, compileMs, guard, progress });
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
    if (!opts.buffers) pool.destroy();
  }
}

/**
 * One kernel at one shape: upload, the passes, the bands, timed samples (step 4, gpu/timing.ts),
 * read-back. C comes back in the result (the caller verifies it and keeps it only if it needs it).
 */
export function runMatmul(
  ctx: GpuContext,
  kernel: KernelId,
  shape: Shape,
  tile: TileWidth,
  data: MatmulData | RowSource,
  opts: RunOptions = {},
): Promise<RunResult> {
  return withRun(ctx, kernel, shape, tile, data, opts, kMaxSubmitMs, async ({ plan, g, bufs, passes, bands, split, uploadMs, compileMs, guard, progress }) => {
    // Warm-up, calibration and timed samples.
    const timing = await timeDispatches(
      ctx,
      `Matmul.${kernel}`,
      (pass, count, part) => passes.encode(pass, count, bands[part]!),
      guard,
      { ...opts, onProgress: (stage, done, total) => progress(stage, done, total) },
      bands.length,
    );
    const { c, readbackMs } = await readBack(ctx.device, bufs, g, shape, guard, opts.signal, progress);
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
  });
}

/** What computeMatmul returns: C and how it was launched, no timing. */
export interface ComputeResult {
  readonly kernel: KernelId;
  readonly shape: Shape;
  readonly tile: TileWidth;
  readonly plan: LaunchPlan;
  readonly split?: RunResult['split'];
  readonly c: Float32Array;
}

/**
 * One kernel at one shape, computed once and not timed: upload, one dispatch (one per band of a
 * split run, with split-K's summing pass), read-back. The same passes and bands as runMatmul,
 * without warm-ups or samples: for correctness checks (the GPU harness, src/harness). Bands are
 * cut only when `opts.maxSubmitMs` is given (by default one submission, no probe dispatch).
 */
export function computeMatmul(
  ctx: GpuContext,
  kernel: KernelId,
  shape: Shape,
  tile: TileWidth,
  data: MatmulData | RowSource,
  opts: Omit<RunOptions, keyof TimingOptions> = {},
): Promise<ComputeResult> {
  return withRun(ctx, kernel, shape, tile, data, opts, Infinity, async ({ plan, g, bufs, passes, bands, split, guard, progress }) => {
    const { device } = ctx;
    await withErrorScopes(device, said('run:scope.running', { label: `Matmul.${kernel}` }), () => {
      for (const band of bands) {
        const enc = device.createCommandEncoder({ label: `Matmul.${kernel}.once` });
        const pass = enc.beginComputePass({ label: `Matmul.${kernel}.once.pass` });
        passes.encode(pass, 1, band);
        pass.end();
        device.queue.submit([enc.finish()]);
      }
    });
    await guard(device.queue.onSubmittedWorkDone());
    const { c } = await readBack(device, bufs, g, shape, guard, opts.signal, progress);
    return { kernel, shape, tile, plan, ...(split ? { split } : {}), c };
  });
}
