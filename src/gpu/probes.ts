/**
 * Run the coalescing and bank-conflict probes (shaders/probe_*.wgsl): upload, time every variant the
 * way the kernels are timed (gpu/timing.ts: warm-ups, batched samples, GPU timestamps when present),
 * read back every invocation's sum and check it against core/probes.ts's reference. No React, no
 * DOM: the headless bench runs the same functions.
 */
import coalescedSource from '../../shaders/probe_coalesced.wgsl?raw';
import stridedSource from '../../shaders/probe_strided.wgsl?raw';
import bankRowsSource from '../../shaders/probe_banks_rows.wgsl?raw';
import bankColumnsSource from '../../shaders/probe_banks_columns.wgsl?raw';
import {
  bankBytes,
  bankInput,
  bankPitch,
  checkSums,
  expectedBankSums,
  expectedGlobalSums,
  fillGlobal,
  globalBytes,
  kBankKinds,
  kGlobalKinds,
  kProbeStride,
  kProbeWorkgroup,
  kWordBytes,
  probeSizes,
  type BankKind,
  type BankSize,
  type GlobalKind,
  type GlobalSize,
  type ProbeId,
  type SumCheck,
} from '../core/probes';
import { said } from '../core/said';
import { OwnedBuffers, readBack, type Guard } from './buffers';
import { withErrorScopes, type GpuContext } from './device';
import { getPipeline } from './pipelines';
import { makeGuard } from './lossGuard';
import { timeDispatches, type Timing, type TimingOptions } from './timing';

export interface ProbeOptions extends Omit<TimingOptions, 'onProgress'> {
  readonly signal?: AbortSignal;
  /** Sizes other than the adapter's defaults (core/probes probeSizes). */
  readonly global?: GlobalSize;
  readonly banks?: BankSize;
  /** Called as each variant starts: its index and how many there are. */
  readonly onVariant?: (index: number, total: number) => void;
}

export interface ProbeVariant<K extends string = string> {
  readonly kind: K;
  readonly timing: Timing;
  readonly check: SumCheck;
  /** Bytes one dispatch reads (global memory, or workgroup memory for the bank probe). */
  readonly bytes: number;
  /** bytes over the median time. */
  readonly gbPerS: number;
}

export interface CoalescingResult {
  readonly probe: 'coalescing';
  readonly size: GlobalSize;
  readonly workgroup: number;
  readonly stride: number;
  readonly software: boolean;
  readonly variants: readonly ProbeVariant<GlobalKind>[];
}

export interface BankResult {
  readonly probe: 'banks';
  readonly size: BankSize;
  readonly workgroup: number;
  readonly software: boolean;
  readonly variants: readonly ProbeVariant<BankKind>[];
}

export type ProbeResult = CoalescingResult | BankResult;

/** The data goes up in chunks of this many bytes, the page getting a turn between them. */
const kUploadChunkBytes = 4 << 20;
const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

/** The sizes this adapter runs the probes at. */
export function adapterProbeSizes(ctx: GpuContext) {
  const l = ctx.info.limits;
  return probeSizes(ctx.info.isFallbackAdapter, Math.min(l.maxStorageBufferBindingSize, l.maxBufferSize), l.maxComputeWorkgroupsPerDimension);
}

/** Times one pipeline over `groups` workgroups, then reads `sums` back (one more dispatch). */
async function timeAndRead(
  ctx: GpuContext,
  guard: Guard,
  label: string,
  pipeline: GPUComputePipeline,
  bindGroup: GPUBindGroup,
  groups: number,
  sums: GPUBuffer,
  read: GPUBuffer,
  count: number,
  opts: ProbeOptions,
): Promise<{ timing: Timing; got: Uint32Array }> {
  const { device } = ctx;
  const timing = await timeDispatches(
    ctx,
    label,
    (pass, n) => {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      for (let i = 0; i < n; i++) pass.dispatchWorkgroups(groups);
    },
    guard,
    opts,
  );
  // The result does not depend on how often it ran: clear the sums, run once more, read them.
  await withErrorScopes(device, said('run:scope.running', { label }), () => {
    const enc = device.createCommandEncoder({ label: `${label}.check.encoder` });
    enc.clearBuffer(sums);
    const pass = enc.beginComputePass({ label: `${label}.check.pass` });
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bindGroup);
    pass.dispatchWorkgroups(groups);
    pass.end();
    enc.copyBufferToBuffer(sums, 0, read, 0, count * 4);
    device.queue.submit([enc.finish()]);
  });
  return { timing, got: new Uint32Array(await readBack(read, count * 4, guard)) };
}

const variantOf = <K extends string>(kind: K, timing: Timing, check: SumCheck, bytes: number): ProbeVariant<K> => ({
  kind,
  timing,
  check,
  bytes,
  gbPerS: timing.stats.median > 0 ? bytes / (timing.stats.median * 1e6) : 0,
});

/** The buffers every variant of a probe shares: what it reads, and its sums with their read-back. */
interface ProbeBuffers {
  readonly input: GPUBuffer;
  readonly sums: GPUBuffer;
  readonly read: GPUBuffer;
  /** Sums (one per invocation). */
  readonly count: number;
}

/** Each variant in turn: its bind group (input, sums), timed, its sums read back and checked. */
async function timeVariants<K extends string>(
  ctx: GpuContext,
  guard: Guard,
  opts: ProbeOptions,
  label: string,
  kinds: readonly K[],
  pipes: Record<K, GPUComputePipeline>,
  b: ProbeBuffers,
  groups: number,
  check: (kind: K, got: Uint32Array) => SumCheck,
  bytes: number,
): Promise<ProbeVariant<K>[]> {
  const variants: ProbeVariant<K>[] = [];
  for (const [v, kind] of kinds.entries()) {
    opts.onVariant?.(v, kinds.length);
    const pipe = pipes[kind];
    const bg = ctx.device.createBindGroup({
      label: `${label}.${kind}.bindGroup`,
      layout: pipe.getBindGroupLayout(0),
      entries: [b.input, b.sums].map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
    const { timing, got } = await timeAndRead(ctx, guard, `${label}.${kind}`, pipe, bg, groups, b.sums, b.read, b.count, opts);
    variants.push(variantOf(kind, timing, check(kind, got), bytes));
  }
  return variants;
}

/** Coalesced against strided global reads of the same words. */
export async function runCoalescingProbe(ctx: GpuContext, opts: ProbeOptions = {}): Promise<CoalescingResult> {
  const { device } = ctx;
  const size = opts.global ?? adapterProbeSizes(ctx).global;
  const guard = makeGuard(ctx, opts.signal);
  const owned = new OwnedBuffers(device, 'Probe.coalescing');
  const count = size.groups * kProbeWorkgroup;
  try {
    const S = GPUBufferUsage.STORAGE;
    const { src, sums, read, pipes } = await withErrorScopes(device, said('probes:preparing'), async () => {
      const src = owned.create('src', size.words * kWordBytes, S | GPUBufferUsage.COPY_DST);
      const sums = owned.create('sums', count * 4, S | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST);
      const read = owned.createRead('sums.read', count * 4);
      const constants = { WG: kProbeWorkgroup, S: kProbeStride };
      const [coalesced, strided] = await Promise.all([
        getPipeline(device, { label: 'Probe.coalesced', source: coalescedSource, constants, what: said('probes:pipeline', { probe: 'probe_coalesced' }) }),
        getPipeline(device, { label: 'Probe.strided', source: stridedSource, constants, what: said('probes:pipeline', { probe: 'probe_strided' }) }),
      ]);
      return { src, sums, read, pipes: { coalesced, strided } as Record<GlobalKind, GPUComputePipeline> };
    });
    // The words, made and uploaded a chunk at a time (64 MiB at once held the page).
    const per = kUploadChunkBytes / kWordBytes;
    const chunk = new Uint32Array(Math.min(per, size.words));
    for (let i = 0; i < size.words; i += per) {
      const n = Math.min(per, size.words - i);
      await withErrorScopes(device, said('probes:preparing'), () => device.queue.writeBuffer(src, i * kWordBytes, fillGlobal(chunk.subarray(0, n), i)));
      if (size.words > per) {
        await guard(device.queue.onSubmittedWorkDone());
        await nextTask();
      }
    }
    const check = (kind: GlobalKind, got: Uint32Array) => checkSums(got, expectedGlobalSums(kind, size.groups));
    const variants = await timeVariants(ctx, guard, opts, 'Probe', kGlobalKinds, pipes, { input: src, sums, read, count }, size.groups, check, globalBytes(size));
    return { probe: 'coalescing', size, workgroup: kProbeWorkgroup, stride: kProbeStride, software: ctx.info.isFallbackAdapter, variants };
  } finally {
    owned.destroy();
  }
}

/** Workgroup-memory reads: along rows (no conflicts), down columns (conflicts), down padded columns. */
export async function runBankProbe(ctx: GpuContext, opts: ProbeOptions = {}): Promise<BankResult> {
  const { device } = ctx;
  const size = opts.banks ?? adapterProbeSizes(ctx).banks;
  const guard = makeGuard(ctx, opts.signal);
  const owned = new OwnedBuffers(device, 'Probe.banks');
  const count = size.groups * kProbeWorkgroup;
  try {
    const S = GPUBufferUsage.STORAGE;
    const { tile, sums, read, pipes } = await withErrorScopes(device, said('probes:preparing'), async () => {
      const tile = owned.create('tile', 1024 * 4, S | GPUBufferUsage.COPY_DST);
      const sums = owned.create('sums', count * 4, S | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST);
      const read = owned.createRead('sums.read', count * 4);
      device.queue.writeBuffer(tile, 0, bankInput());
      const base = { WG: kProbeWorkgroup, REPS: size.reps };
      const [rows, columns, padded] = await Promise.all([
        getPipeline(device, { label: 'Probe.banks.rows', source: bankRowsSource, constants: base, what: said('probes:pipeline', { probe: 'probe_banks_rows' }) }),
        getPipeline(device, { label: 'Probe.banks.columns', source: bankColumnsSource, constants: { ...base, PITCH: bankPitch('columns') }, what: said('probes:pipeline', { probe: 'probe_banks_columns' }) }),
        getPipeline(device, { label: 'Probe.banks.columns', source: bankColumnsSource, constants: { ...base, PITCH: bankPitch('padded') }, what: said('probes:pipeline', { probe: 'probe_banks_columns' }) }),
      ]);
      return { tile, sums, read, pipes: { rows, columns, padded } as Record<BankKind, GPUComputePipeline> };
    });
    const check = (kind: BankKind, got: Uint32Array) => checkSums(got, expectedBankSums(kind, size.groups, size.reps));
    const variants = await timeVariants(ctx, guard, opts, 'Probe.banks', kBankKinds, pipes, { input: tile, sums, read, count }, size.groups, check, bankBytes(size));
    return { probe: 'banks', size, workgroup: kProbeWorkgroup, software: ctx.info.isFallbackAdapter, variants };
  } finally {
    owned.destroy();
  }
}

/** Either probe by its id. */
export const runProbe = (ctx: GpuContext, id: ProbeId, opts: ProbeOptions = {}): Promise<ProbeResult> =>
  id === 'coalescing' ? runCoalescingProbe(ctx, opts) : runBankProbe(ctx, opts);
