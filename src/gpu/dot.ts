/**
 * Run the shared-memory dot product (shaders/dot.wgsl, optionally shaders/dot_final.wgsl) on the
 * GPU: upload, timed dispatches, read back, verify; and, for small problems, a traced run that
 * records the workgroup array after every tree step for the reduction view.
 */
import dotSource from '../../shaders/dot.wgsl?raw';
import dotFinalSource from '../../shaders/dot_final.wgsl?raw';
import { closedForm, dotReference, dotTolerance, dotWorkgroups, type DotData, type DotPattern, type DotReference } from '../core/dot';
import { GpuRunError, withErrorScopes, type GpuContext } from './device';
import { OwnedBuffers, readBack } from './buffers';
import { getPipeline } from './pipelines';
import { makeGuard } from './lossGuard';
import { timeDispatches, type Timing, type TimingOptions } from './timing';
import { num, said, type Said } from '../core/said';

export interface DotOptions extends Omit<TimingOptions, 'onProgress'> {
  readonly workgroupSize: number;
  readonly maxWorkgroups: number;
  readonly gpuFinal: boolean;
  readonly signal?: AbortSignal;
  /** The f64 reference, when it was computed elsewhere (the app's worker); else computed here. */
  readonly reference?: DotReference;
}

/** a and b go to the GPU in chunks of this many bytes, the page getting a turn between them (N = 2^25 is 2 × 128 MiB). */
const kDotUploadChunkBytes = 4 << 20;
const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

export interface DotResult {
  readonly n: number;
  readonly pattern: DotPattern;
  readonly workgroupSize: number;
  readonly workgroups: number;
  readonly gpuFinal: boolean;
  /** The GPU's result (after the host or GPU final sum). */
  readonly value: number;
  /** Per-workgroup sums read back from the first pass. */
  readonly partials: readonly number[];
  readonly reference: number;
  readonly closedForm?: number;
  readonly tolerance: number;
  readonly verified: boolean;
  readonly timing: Timing;
  /** Bytes of a and b read per run, over the median time. */
  readonly gbPerS: number;
  /** cache[] after the partial sums and after each tree step, per workgroup (small problems). */
  readonly trace?: Float32Array;
}

/** Largest trace (floats) recorded for the reduction view. */
const kMaxTraceFloats = 1 << 20;

export function dotLimitsProblem(ctx: GpuContext, n: number, wg: number): Said | undefined {
  const l = ctx.info.limits;
  const bytes = n * 4;
  const cap = Math.min(l.maxStorageBufferBindingSize, l.maxBufferSize);
  const mib = (b: number) => num(b / 2 ** 20, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (bytes > cap) return said('bench:dot.tooLargeN', { n, need: mib(bytes), cap: mib(cap) });
  if (wg > l.maxComputeInvocationsPerWorkgroup || wg > l.maxComputeWorkgroupSizeX) return said('bench:dot.tooLargeWg', { wg });
  return undefined;
}

/** runDot's result without timing: computeDot's. */
export type DotComputed = Omit<DotResult, 'timing' | 'gbPerS'>;

/** Timed samples, then the traced run and the check (the app's run). */
export function runDot(ctx: GpuContext, data: DotData, pattern: DotPattern, opts: DotOptions): Promise<DotResult> {
  return dotRun(ctx, data, pattern, opts, true) as Promise<DotResult>;
}

/**
 * The same passes as runDot, computed once and not timed: one dispatch of the first pass (traced
 * when small) and of the final pass, read back and checked. For correctness checks (the GPU harness, src/harness).
 */
export function computeDot(ctx: GpuContext, data: DotData, pattern: DotPattern, opts: Omit<DotOptions, keyof TimingOptions>): Promise<DotComputed> {
  return dotRun(ctx, data, pattern, opts, false);
}

async function dotRun(ctx: GpuContext, data: DotData, pattern: DotPattern, opts: DotOptions, timed: boolean): Promise<DotResult | DotComputed> {
  const { device } = ctx;
  const n = data.a.length;
  const wg = opts.workgroupSize;
  const problem = dotLimitsProblem(ctx, n, wg);
  if (problem) throw new GpuRunError(problem, 'validation');
  const groups = dotWorkgroups(n, wg, opts.maxWorkgroups);
  const steps = Math.log2(wg);
  const traceFloats = groups * (steps + 1) * wg;
  const traced = traceFloats <= kMaxTraceFloats;
  const guard = makeGuard(ctx, opts.signal);
  const owned = new OwnedBuffers(device, 'Dot');
  const mk = (label: string, size: number, usage: GPUBufferUsageFlags) => owned.create(label, size, usage);
  try {
    const S = GPUBufferUsage.STORAGE;
    const { bufs, pipes } = await withErrorScopes(device, said('bench:dot.preparing'), async () => {
      const bufs = {
        a: mk('a', n * 4, S | GPUBufferUsage.COPY_DST),
        b: mk('b', n * 4, S | GPUBufferUsage.COPY_DST),
        partials: mk('partials', groups * 4, S | GPUBufferUsage.COPY_SRC),
        params: mk('params', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST),
        finalParams: mk('finalParams', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST),
        result: mk('result', 4, S | GPUBufferUsage.COPY_SRC),
        trace: mk('trace', traced ? traceFloats * 4 : 16, S | GPUBufferUsage.COPY_SRC),
        readPartials: owned.createRead('partials.read', groups * 4),
        readResult: owned.createRead('result.read', 4),
        readTrace: owned.createRead('trace.read', traced ? traceFloats * 4 : 16),
      };
      device.queue.writeBuffer(bufs.params, 0, new Uint32Array([n, 0, 0, 0]));
      device.queue.writeBuffer(bufs.finalParams, 0, new Uint32Array([groups, 0, 0, 0]));
      // From the one pipeline cache: built on the first run with these constants, reused after.
      const [main, tracePipe, final] = await Promise.all([
        getPipeline(device, { label: 'Dot', source: dotSource, constants: { WG: wg, STEPS: steps, TRACE: 0 }, what: said('bench:dot.pipeline.main') }),
        getPipeline(device, { label: 'Dot', source: dotSource, constants: { WG: wg, STEPS: steps, TRACE: 1 }, what: said('bench:dot.pipeline.traced') }),
        getPipeline(device, { label: 'Dot.final', source: dotFinalSource, constants: { WG: wg }, what: said('bench:dot.pipeline.final') }),
      ]);
      return { bufs, pipes: { main, tracePipe, final } };
    });
    const per = kDotUploadChunkBytes / 4;
    await withErrorScopes(device, said('bench:dot.preparing'), async () => {
      for (const [buf, v] of [[bufs.a, data.a], [bufs.b, data.b]] as const) {
        for (let i = 0; i < n; i += per) {
          device.queue.writeBuffer(buf, i * 4, v, i, Math.min(per, n - i));
          if (n > per) {
            await guard(device.queue.onSubmittedWorkDone());
            await nextTask();
          }
        }
      }
    });
    const bind = (p: GPUComputePipeline) =>
      device.createBindGroup({
        label: 'Dot.bindGroup',
        layout: p.getBindGroupLayout(0),
        entries: [bufs.a, bufs.b, bufs.partials, bufs.params, bufs.trace].map((buffer, binding) => ({ binding, resource: { buffer } })),
      });
    const mainBg = bind(pipes.main);
    const finalBg = device.createBindGroup({
      label: 'Dot.final.bindGroup',
      layout: pipes.final.getBindGroupLayout(0),
      entries: [bufs.partials, bufs.result, bufs.finalParams].map((buffer, binding) => ({ binding, resource: { buffer } })),
    });

    const timing = !timed ? undefined : await timeDispatches(
      ctx,
      'Dot',
      (pass, count) => {
        for (let i = 0; i < count; i++) {
          pass.setPipeline(pipes.main);
          pass.setBindGroup(0, mainBg);
          pass.dispatchWorkgroups(groups);
          if (opts.gpuFinal) {
            pass.setPipeline(pipes.final);
            pass.setBindGroup(0, finalBg);
            pass.dispatchWorkgroups(1);
          }
        }
      },
      guard,
      opts,
    );

    // One more run, traced when small, then read everything back.
    const enc = device.createCommandEncoder({ label: 'Dot.readback.encoder' });
    const pass = enc.beginComputePass({ label: 'Dot.traced.pass' });
    pass.setPipeline(traced ? pipes.tracePipe : pipes.main);
    pass.setBindGroup(0, traced ? bind(pipes.tracePipe) : mainBg);
    pass.dispatchWorkgroups(groups);
    pass.setPipeline(pipes.final);
    pass.setBindGroup(0, finalBg);
    pass.dispatchWorkgroups(1);
    pass.end();
    enc.copyBufferToBuffer(bufs.partials, 0, bufs.readPartials, 0, groups * 4);
    enc.copyBufferToBuffer(bufs.result, 0, bufs.readResult, 0, 4);
    if (traced) enc.copyBufferToBuffer(bufs.trace, 0, bufs.readTrace, 0, traceFloats * 4);
    device.queue.submit([enc.finish()]);
    const read = async (b: GPUBuffer, count: number) => new Float32Array(await readBack(b, count * 4, guard));
    const partials = Array.from(await read(bufs.readPartials, groups));
    const gpuFinalValue = (await read(bufs.readResult, 1))[0]!;
    const trace = traced ? await read(bufs.readTrace, traceFloats) : undefined;

    const value = opts.gpuFinal ? gpuFinalValue : partials.reduce((x, y) => x + y, 0); // the host sums in f64
    const ref = opts.reference ?? dotReference(data);
    const tolerance = dotTolerance(n, wg, groups, opts.gpuFinal, ref.absSum);
    const computed: DotComputed = {
      n,
      pattern,
      workgroupSize: wg,
      workgroups: groups,
      gpuFinal: opts.gpuFinal,
      value,
      partials,
      reference: ref.value,
      closedForm: pattern === 'closed-form' ? closedForm(n) : undefined,
      tolerance,
      verified: Math.abs(value - ref.value) <= tolerance,
      trace,
    };
    return timing ? { ...computed, timing, gbPerS: (8 * n) / (timing.stats.median * 1e6) } : computed;
  } finally {
    owned.destroy();
  }
}
