/**
 * Run the roofline's probes on the GPU, each verified and timed like the kernels (timing.ts):
 * the streaming copy (shaders/roofline_copy.wgsl) → GB/s, beside the engine's own
 * copyBufferToBuffer of the same buffers in the same run; chains of fma
 * (shaders/roofline_fma.wgsl) → GFLOP/s; and, where the adapter has what the tensor-core rungs
 * need (core/kernels kernelNeeds), the tensor cores' multiply-accumulate
 * (shaders/roofline_mma.wgsl) → GFLOP/s. Sizes, models and checks are core/roofline.ts.
 */
import copySource from '../../shaders/roofline_copy.wgsl?raw';
import fmaSource from '../../shaders/roofline_fma.wgsl?raw';
import mmaSource from '../../shaders/roofline_mma.wgsl?raw';
import { kernelNeeds, kTensorCoreIds } from '../core/kernels';
import { bestClock, type Clock } from '../core/clock';
import {
  copyBytesMoved,
  copyElements,
  copyMismatches,
  copyWorkgroups,
  fillCopyWords,
  fmaFlops,
  fmaMismatches,
  gbPerS,
  gflopPerS,
  grid2d,
  kFmaA,
  kFmaB,
  kFmaUnroll,
  kVec4Bytes,
  kMaxMmaTrips,
  kMmaFloatsPerSubgroup,
  mmaExpected,
  mmaFlops,
  mmaInputs,
  mmaMismatches,
  mmaOutputFloats,
  rooflineSizes,
  type CopyConfig,
  type FmaConfig,
  type MmaConfig,
  type RooflineSizes,
} from '../core/roofline';
import { said, type Said } from '../core/said';
import { summarize } from '../core/stats';
import { OwnedBuffers, readBack, type Guard } from './buffers';
import { GpuRunError, withErrorScopes, type GpuContext } from './device';
import { getPipeline } from './pipelines';
import { makeGuard } from './lossGuard';
import { kMinSampleMs, kTimingBudgetMs, kMinSamples, kMaxSamples, timeDispatches, type Timing, type TimingOptions } from './timing';

/** Records one dispatch of a probe (its pipeline, bind group 0 and grid) into a pass. */
function dispatcher(pipe: GPUComputePipeline, bg: GPUBindGroup, grid: { readonly x: number; readonly y: number }) {
  return (pass: GPUComputePassEncoder) => {
    pass.setPipeline(pipe);
    pass.setBindGroup(0, bg);
    pass.dispatchWorkgroups(grid.x, grid.y);
  };
}

/** A sample's work for timeDispatches: `count` dispatches back to back. */
const repeat = (dispatch: (pass: GPUComputePassEncoder) => void) => (pass: GPUComputePassEncoder, count: number) => {
  for (let i = 0; i < count; i++) dispatch(pass);
};

export interface RooflineOptions extends Omit<TimingOptions, 'onProgress'> {
  readonly signal?: AbortSignal;
  /** Overrides the sizes chosen from the adapter (the bench's experiments). */
  readonly sizes?: RooflineSizes;
  /** Another WGSL in place of roofline_copy.wgsl (the bench's experiments; same bindings and overrides). */
  readonly copySource?: string;
  readonly onStage?: (stage: RooflineStage) => void;
}

export type RooflineStage = 'copy' | 'builtin' | 'fma' | 'mma' | 'verify';

export interface CopyProbeResult {
  readonly config: CopyConfig;
  readonly workgroups: number;
  /** Bytes read + written per run. */
  readonly bytesMoved: number;
  readonly timing: Timing;
  readonly gbps: number;
  readonly verified: boolean;
  readonly mismatches: number;
}

/** The engine's own copyBufferToBuffer of the same buffers, timed in the same run. */
export interface BuiltinCopyResult {
  readonly bytesMoved: number;
  readonly timing: Timing;
  readonly gbps: number;
}

export interface FmaProbeResult {
  readonly config: FmaConfig;
  readonly flops: number;
  readonly timing: Timing;
  readonly gflops: number;
  readonly verified: boolean;
  readonly mismatches: number;
}

export interface MmaProbeResult {
  readonly config: MmaConfig;
  readonly flops: number;
  readonly timing: Timing;
  readonly gflops: number;
  readonly verified: boolean;
  readonly mismatches: number;
}

export interface RooflineResult {
  readonly scale: RooflineSizes['scale'];
  readonly copy: CopyProbeResult;
  readonly builtin: BuiltinCopyResult;
  readonly fma: FmaProbeResult;
  /** The tensor roof, where the adapter could run its probe. */
  readonly tensor?: MmaProbeResult;
  /** Why there is no tensor roof (a missing feature, the subgroup size, or the probe's own failure), as data. */
  readonly tensorWhyNot?: Said;
}

/**
 * Why this adapter cannot run the tensor probe, or undefined when it can: the tensor-core rung's own
 * needs (its features and subgroup size, core/kernels kernelNeeds), so the roof is measured exactly
 * where the rung can run.
 */
export function tensorProbeNeeds(info: GpuContext['info']): Said | undefined {
  const id = kTensorCoreIds[0];
  if (id === undefined) return said('run:roofline.tensorNoRung');
  const n = kernelNeeds(id, info);
  if (!n) return undefined;
  switch (n.need) {
    case 'features':
      return said('run:roofline.tensorNeedsFeature', { features: { list: n.missing } });
    case 'subgroupExact':
      return said('run:roofline.tensorNeedsSubgroupExact', { size: n.size, min: n.min ?? '?', max: n.max ?? '?' });
    case 'subgroupAtMost':
      return said('run:roofline.tensorNeedsSubgroupAtMost', { max: n.max, got: n.got });
  }
}

/** Bytes read back at a time when checking the copy. */
const kReadChunkBytes = 16 << 20;
/** Bytes written at a time when filling the source. */
const kUploadChunkBytes = 4 << 20;
const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * A probe's check run: `out` cleared, one dispatch of the probe, and (with `copy`) its first bytes
 * copied into a read-back buffer, in one submission under the verifying error scopes. Every probe is
 * checked after its timed runs this way, so an element it never wrote cannot pass.
 */
async function checkRun(device: GPUDevice, label: string, out: GPUBuffer, dispatch: (pass: GPUComputePassEncoder) => void, copy?: { read: GPUBuffer; bytes: number }): Promise<void> {
  await withErrorScopes(device, said('run:roofline.verifying'), () => {
    const enc = device.createCommandEncoder({ label: `${label}.check` });
    enc.clearBuffer(out);
    const pass = enc.beginComputePass({ label: `${label}.check.pass` });
    dispatch(pass);
    pass.end();
    if (copy) enc.copyBufferToBuffer(out, 0, copy.read, 0, copy.bytes);
    device.queue.submit([enc.finish()]);
  });
}

/**
 * The mismatches in `out` after checkRun: read back through `read` in chunks of at most
 * kReadChunkBytes (the page gets a turn between chunks), each counted by `wrong` (the chunk's bytes,
 * the index of its first 32-bit word in `out`).
 */
async function chunkedMismatches(device: GPUDevice, label: string, out: GPUBuffer, read: GPUBuffer, bytes: number, guard: Guard, wrong: (chunk: ArrayBuffer, firstWord: number) => number): Promise<number> {
  let mismatches = 0;
  for (let at = 0; at < bytes; at += kReadChunkBytes) {
    const len = Math.min(kReadChunkBytes, bytes - at);
    const enc = device.createCommandEncoder({ label: `${label}.readback` });
    enc.copyBufferToBuffer(out, at, read, 0, len);
    device.queue.submit([enc.finish()]);
    mismatches += wrong(await readBack(read, len, guard), at / 4);
    if (bytes > kReadChunkBytes) await nextTask();
  }
  return mismatches;
}

/** A buffer too large for this device, said as a validation failure. */
function checkFits(ctx: GpuContext, bytes: number): void {
  const cap = Math.min(ctx.info.limits.maxStorageBufferBindingSize, ctx.info.limits.maxBufferSize);
  if (bytes > cap) throw new GpuRunError(said('run:roofline.tooLarge', { mib: Math.round(bytes / 2 ** 20), cap: Math.floor(cap / 2 ** 20) }), 'validation');
}

/**
 * Times `count` copyBufferToBuffer calls per sample: each sample is bracketed by two empty compute
 * passes that write the GPU timestamps (copies have no timestampWrites of their own), all samples
 * queued at once after warm-ups; the wall clock around each sample where there are no timestamps.
 */
async function timeCopies(ctx: GpuContext, label: string, encode: (enc: GPUCommandEncoder, count: number) => void, guard: Guard, opts: TimingOptions): Promise<Timing> {
  const { device } = ctx;
  const clock: Clock = bestClock(ctx.info.timestampQuery && !opts.forceWallClock);
  const owned = new OwnedBuffers(device, label);
  const sets: GPUQuerySet[] = [];
  const querySet = (pairs: number) => {
    const s = device.createQuerySet({ label: `${label}.timestamps`, type: 'timestamp', count: 2 * pairs });
    sets.push(s);
    return s;
  };
  const bracket = (enc: GPUCommandEncoder, set: GPUQuerySet | undefined, i: number, end: boolean) => {
    if (!set) return;
    enc.beginComputePass({ label: `${label}.stamp`, timestampWrites: { querySet: set, ...(end ? { endOfPassWriteIndex: 2 * i + 1 } : { beginningOfPassWriteIndex: 2 * i }) } }).end();
  };
  const readStamps = async (set: GPUQuerySet, pairs: number): Promise<number[]> => {
    const resolve = owned.create(`resolve${sets.length}`, 16 * pairs, GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC);
    const read = owned.createRead(`read${sets.length}`, 16 * pairs);
    const enc = device.createCommandEncoder({ label: `${label}.resolve` });
    enc.resolveQuerySet(set, 0, 2 * pairs, resolve, 0);
    enc.copyBufferToBuffer(resolve, 0, read, 0, 16 * pairs);
    device.queue.submit([enc.finish()]);
    const raw = new BigInt64Array(await readBack(read, 16 * pairs, guard));
    return Array.from({ length: pairs }, (_, i) => Number(raw[2 * i + 1]! - raw[2 * i]!) / 1e6);
  };
  /** `n` samples of `count` copies, queued at once; ms per copy. */
  const samples = async (n: number, count: number): Promise<number[]> => {
    const set = clock === 'gpu-timestamp' ? querySet(n) : undefined;
    if (!set) {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const enc = device.createCommandEncoder({ label: `${label}.encoder` });
        encode(enc, count);
        const t0 = performance.now();
        device.queue.submit([enc.finish()]);
        await guard(device.queue.onSubmittedWorkDone());
        out.push((performance.now() - t0) / count);
      }
      return out;
    }
    await withErrorScopes(device, said('run:scope.running', { label }), () => {
      const enc = device.createCommandEncoder({ label: `${label}.encoder` });
      for (let i = 0; i < n; i++) {
        bracket(enc, set, i, false);
        encode(enc, count);
        bracket(enc, set, i, true);
      }
      device.queue.submit([enc.finish()]);
    });
    return (await readStamps(set, n)).map((ms) => ms / count);
  };
  try {
    const warmups = Math.max(1, opts.warmups ?? 2);
    let per = Infinity;
    for (let w = 0; w < warmups; w++) per = Math.min(per, ...(await samples(1, 1)));
    const dps = Math.min(256, Math.max(1, Math.ceil(kMinSampleMs / Math.max(per, 1e-4))));
    const n = Math.min(opts.maxSamples ?? kMaxSamples, Math.max(opts.minSamples ?? kMinSamples, Math.round((opts.budgetMs ?? kTimingBudgetMs) / (per * dps))));
    const got = await samples(n, dps);
    return { clock, ...(opts.forceWallClock ? { clockWhy: 'requested' as const } : clock === 'wall-clock' ? { clockWhy: 'noTimestamps' as const } : {}), warmups, samplesMs: got, dispatchesPerSample: dps, stats: summarize(got) };
  } finally {
    sets.forEach((s) => s.destroy());
    owned.destroy();
  }
}

/** Runs both probes with the sizes for this adapter (or opts.sizes). */
export async function runRoofline(ctx: GpuContext, opts: RooflineOptions = {}): Promise<RooflineResult> {
  const sizes = opts.sizes ?? rooflineSizes({ isFallbackAdapter: ctx.info.isFallbackAdapter, ...ctx.info.limits });
  const guard = makeGuard(ctx, opts.signal);
  const { copy, builtin } = await runCopyProbe(ctx, sizes.copy, guard, opts);
  const fma = await runFmaProbe(ctx, sizes.fma, guard, opts);
  const needs = tensorProbeNeeds(ctx.info);
  if (needs) return { scale: sizes.scale, copy, builtin, fma, tensorWhyNot: needs };
  try {
    const tensor = await runMmaProbe(ctx, sizes.mma, guard, opts);
    return { scale: sizes.scale, copy, builtin, fma, tensor };
  } catch (e) {
    // A lost device or a cancelled run ends the whole run; any other failure of this one probe (an
    // engine that offers the features but cannot compile the WGSL) leaves the other roofs standing and says why.
    if (opts.signal?.aborted || (e instanceof GpuRunError && (e.kind === 'device-lost' || e.kind === 'cancelled'))) throw e;
    return { scale: sizes.scale, copy, builtin, fma, tensorWhyNot: said('run:roofline.tensorFailed', { error: e instanceof GpuRunError && typeof e.said !== 'string' ? e.said : e instanceof Error ? e.message : String(e) }) };
  }
}

/**
 * The tensor probe: `trips` trips of four subgroupMatrixMultiplyAccumulate per subgroup, timed like
 * the fma probe, then one run's every stored value compared with the CPU's (core/roofline mmaExpected).
 * The workgroups are cut to what one binding holds on this device.
 */
export async function runMmaProbe(ctx: GpuContext, m: MmaConfig, guard: Guard, opts: RooflineOptions = {}): Promise<MmaProbeResult> {
  const { device } = ctx;
  const cap = Math.min(ctx.info.limits.maxStorageBufferBindingSize, ctx.info.limits.maxBufferSize);
  const perGroup = m.subgroups * kMmaFloatsPerSubgroup * 4;
  const wanted = Math.max(1, Math.min(m.workgroups, Math.floor(cap / perGroup)));
  const grid = grid2d(wanted, ctx.info.limits.maxComputeWorkgroupsPerDimension || 65535);
  // Every workgroup of the grid runs and stores (the WGSL has no bounds test), so the output holds them all.
  const config: MmaConfig = { ...m, workgroups: grid.x * grid.y, trips: Math.max(1, Math.min(kMaxMmaTrips, Math.round(m.trips))) };
  const bytes = mmaOutputFloats(config) * 4;
  checkFits(ctx, bytes);
  const owned = new OwnedBuffers(device, 'Roofline.mma');
  try {
    const { out, read, bg, pipe } = await withErrorScopes(device, said('run:roofline.preparing'), async () => {
      const x = owned.create('x', mmaInputs().byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST);
      const out = owned.create('out', bytes, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST);
      const params = owned.create('params', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
      const read = owned.createRead('read', Math.min(bytes, kReadChunkBytes));
      device.queue.writeBuffer(x, 0, mmaInputs());
      device.queue.writeBuffer(params, 0, new Uint32Array([config.trips, grid.x, 0, 0]));
      const pipe = await getPipeline(device, { label: 'Roofline.mma', source: mmaSource, constants: { SUBGROUPS: config.subgroups }, what: said('run:roofline.pipeline.mma') });
      const bg = device.createBindGroup({ label: 'Roofline.mma.bindGroup', layout: pipe.getBindGroupLayout(0), entries: [x, out, params].map((buffer, binding) => ({ binding, resource: { buffer } })) });
      return { out, read, bg, pipe };
    });
    const dispatch = dispatcher(pipe, bg, grid);
    opts.onStage?.('mma');
    const timing = await timeDispatches(ctx, 'Roofline.mma', repeat(dispatch), guard, opts);
    opts.onStage?.('verify');
    await checkRun(device, 'Roofline.mma', out, dispatch);
    const expected = mmaExpected(config.trips);
    const mismatches = await chunkedMismatches(device, 'Roofline.mma', out, read, bytes, guard, (chunk, first) => mmaMismatches(new Float32Array(chunk), first, expected).count);
    const flop = mmaFlops(config);
    return { config, flops: flop, timing, gflops: gflopPerS(flop, timing.stats.median), verified: mismatches === 0, mismatches };
  } finally {
    owned.destroy();
  }
}

export async function runCopyProbe(ctx: GpuContext, c: CopyConfig, guard: Guard, opts: RooflineOptions = {}): Promise<{ copy: CopyProbeResult; builtin: BuiltinCopyResult }> {
  const { device } = ctx;
  const n4 = copyElements(c);
  const bytes = n4 * kVec4Bytes;
  checkFits(ctx, bytes);
  const groups = copyWorkgroups(c);
  const grid = grid2d(groups, ctx.info.limits.maxComputeWorkgroupsPerDimension || 65535);
  const owned = new OwnedBuffers(device, 'Roofline.copy');
  try {
    const S = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
    const { src, dst, params, read, pipe } = await withErrorScopes(device, said('run:roofline.preparing'), async () => {
      const src = owned.create('src', bytes, S);
      const dst = owned.create('dst', bytes, S);
      const params = owned.create('params', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
      const read = owned.createRead('read', Math.min(bytes, kReadChunkBytes));
      device.queue.writeBuffer(params, 0, new Uint32Array([n4, grid.x, 0, 0]));
      const pipe = await getPipeline(device, {
        label: 'Roofline.copy',
        source: opts.copySource ?? copySource,
        constants: { WG: c.workgroupSize, VPT: c.perInvocation, MODE: c.mode === 'grid-stride' ? 1 : 0 },
        what: said('run:roofline.pipeline.copy'),
      });
      return { src, dst, params, read, pipe };
    });
    // The source's words, in chunks, the page getting a turn between them.
    const words = new Uint32Array(kUploadChunkBytes / 4);
    for (let at = 0; at < bytes; at += kUploadChunkBytes) {
      const len = Math.min(kUploadChunkBytes, bytes - at) / 4;
      const part = len === words.length ? words : words.subarray(0, len);
      fillCopyWords(part, at / 4);
      device.queue.writeBuffer(src, at, part);
      await guard(device.queue.onSubmittedWorkDone());
      if (bytes > kUploadChunkBytes) await nextTask();
    }
    const bg = device.createBindGroup({ label: 'Roofline.copy.bindGroup', layout: pipe.getBindGroupLayout(0), entries: [src, dst, params].map((buffer, binding) => ({ binding, resource: { buffer } })) });
    const dispatch = dispatcher(pipe, bg, grid);
    opts.onStage?.('copy');
    const timing = await timeDispatches(ctx, 'Roofline.copy', repeat(dispatch), guard, opts);
    opts.onStage?.('builtin');
    const builtinTiming = await timeCopies(ctx, 'Roofline.copyBufferToBuffer', (enc, count) => { for (let i = 0; i < count; i++) enc.copyBufferToBuffer(src, 0, dst, 0, bytes); }, guard, opts);
    // The check: clear dst, one run of the probe, then dst read back in chunks and compared word by word.
    opts.onStage?.('verify');
    await checkRun(device, 'Roofline.copy', dst, dispatch);
    const mismatches = await chunkedMismatches(device, 'Roofline.copy', dst, read, bytes, guard, (chunk, first) => copyMismatches(new Uint32Array(chunk), first).count);
    const moved = copyBytesMoved(c);
    return {
      copy: { config: c, workgroups: grid.x * grid.y, bytesMoved: moved, timing, gbps: gbPerS(moved, timing.stats.median), verified: mismatches === 0, mismatches },
      builtin: { bytesMoved: moved, timing: builtinTiming, gbps: gbPerS(moved, builtinTiming.stats.median) },
    };
  } finally {
    owned.destroy();
  }
}

export async function runFmaProbe(ctx: GpuContext, f: FmaConfig, guard: Guard, opts: RooflineOptions = {}): Promise<FmaProbeResult> {
  const { device } = ctx;
  const groups = Math.ceil(f.invocations / f.workgroupSize);
  const grid = grid2d(groups, ctx.info.limits.maxComputeWorkgroupsPerDimension || 65535);
  const invocations = grid.x * grid.y * f.workgroupSize;
  const bytes = invocations * kVec4Bytes;
  checkFits(ctx, bytes);
  const trips = Math.max(1, Math.round(f.iterations / kFmaUnroll));
  const iterations = trips * kFmaUnroll;
  const owned = new OwnedBuffers(device, 'Roofline.fma');
  try {
    const { out, read, bg, pipe } = await withErrorScopes(device, said('run:roofline.preparing'), async () => {
      const out = owned.create('out', bytes, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST);
      const params = owned.create('params', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
      const read = owned.createRead('read', bytes);
      const p = new ArrayBuffer(16);
      new Float32Array(p, 0, 2).set([kFmaA, kFmaB]);
      new Uint32Array(p, 8, 2).set([trips, grid.x]);
      device.queue.writeBuffer(params, 0, p);
      const pipe = await getPipeline(device, { label: 'Roofline.fma', source: fmaSource, constants: { WG: f.workgroupSize }, what: said('run:roofline.pipeline.fma') });
      const bg = device.createBindGroup({ label: 'Roofline.fma.bindGroup', layout: pipe.getBindGroupLayout(0), entries: [out, params].map((buffer, binding) => ({ binding, resource: { buffer } })) });
      return { out, read, bg, pipe };
    });
    const dispatch = dispatcher(pipe, bg, grid);
    opts.onStage?.('fma');
    const timing = await timeDispatches(ctx, 'Roofline.fma', repeat(dispatch), guard, opts);
    opts.onStage?.('verify');
    await checkRun(device, 'Roofline.fma', out, dispatch, { read, bytes });
    const got = new Float32Array(await readBack(read, bytes, guard));
    const { count } = fmaMismatches(got, iterations);
    const config = { ...f, invocations, iterations };
    const flop = fmaFlops(config);
    return { config, flops: flop, timing, gflops: gflopPerS(flop, timing.stats.median), verified: count === 0, mismatches: count };
  } finally {
    owned.destroy();
  }
}
