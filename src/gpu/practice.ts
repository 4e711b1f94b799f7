/**
 * The practice view's checked run: the learner's WGSL, refused first if it names what the app keeps
 * for itself, declares a predeclared WGSL name or another workgroup size (core/practice/wgsl.ts),
 * compiled as written (behind the app's prelude) so that compile errors land on the learner's lines,
 * then instrumented from its parse to leave a trace (core/practice/instrument.ts: every workgroup
 * access with its barrier epoch, every global read and store; one budget per invocation for loops and
 * calls) and run once per case: the exercise's teaching shapes with integer data, and shapes drawn at
 * random from the run's seed. C starts as a NaN no arithmetic makes, so "never written" is told apart
 * from a wrong value. The judge reads races and structure from the trace (core/practice/judge.ts);
 * when a matrix product's values are wrong, four decode runs say which terms it summed
 * (core/practice/terms.ts). The budget ends any kernel before `kHangMs`; should the GPU still not
 * answer, the device is given up and the session acquires a new one for the next run. Nothing here
 * is timed; the result is verdicts, as data.
 */
import { checkCases, exercise, exerciseData, judgeShape, kUnwrittenBits, layoutOf, traceRegion, uniformWords, type CheckCase, type ExerciseId, type ShapeVerdict } from '../core/practice/exercises';
import { slotWords } from '../core/practice/judge';
import { decodeData, decodeShape, decodeTerms, kDecodeRuns, type DecodeRun, type Terms } from '../core/practice/terms';
import type { Shape } from '../core/shape';
import {
  checkModule,
  compileHints,
  editorLines,
  kFlagCount,
  kUniformWords,
  preludeLines,
  refusals,
  runModule,
  type CompileHint,
  type Instrumented,
  type Refusal,
} from '../core/practice/wgsl';
import { num, said, type Said } from '../core/said';
import { OwnedBuffers, readBack } from './buffers';
import { failureOf, GpuRunError, withErrorScopes, type GpuContext } from './device';

/** How long one case's run may take before it is stopped (SwiftShader included); the loop budget ends any kernel long before. */
export const kHangMs = 10_000;

export interface CompileMessage {
  /** The learner's line (1-based); messages about the app's prelude land on line 1. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export type PracticeOutcome =
  | { readonly kind: 'refused'; readonly refusals: readonly Refusal[] }
  | { readonly kind: 'compile'; readonly messages: readonly CompileMessage[]; readonly hints: readonly CompileHint[] }
  | { readonly kind: 'ran'; readonly seed: number; readonly shapes: readonly ShapeVerdict[]; readonly terms?: { readonly shape: Shape; readonly terms: Terms }; readonly otherBarriers: number }
  | { readonly kind: 'failed'; readonly why: Said | string; readonly seed: number; readonly shapes: readonly ShapeVerdict[]; readonly unreadable?: boolean };

/** The compiler's errors for a module, on the learner's lines (`offset`: the prelude's lines). */
export async function compileErrors(device: GPUDevice, label: string, source: string, offset: number): Promise<{ module: GPUShaderModule; messages: CompileMessage[] }> {
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ label, code: source });
  const info = await module.getCompilationInfo();
  await device.popErrorScope(); // reported below, from the compilation info
  const messages = info.messages
    .filter((m) => m.type === 'error')
    .map((m) => ({ line: Math.max(1, m.lineNum - offset), column: m.linePos, message: m.message }));
  return { module, messages };
}

export function bindGroupLayout(device: GPUDevice): GPUBindGroupLayout {
  const entry = (binding: number, type: GPUBufferBindingType): GPUBindGroupLayoutEntry => ({ binding, visibility: GPUShaderStage.COMPUTE, buffer: { type } });
  return device.createBindGroupLayout({
    label: 'Practice.bindGroupLayout',
    entries: [entry(0, 'read-only-storage'), entry(1, 'read-only-storage'), entry(2, 'storage'), entry(3, 'uniform'), entry(4, 'storage'), entry(5, 'storage')],
  });
}

type Wait<T> = { ok: true; value: T } | { ok: false; why: 'hang' | 'lost'; message: string };

/** `p`, or why it did not come: the device was lost, or `kHangMs` passed. */
async function within<T>(ctx: GpuContext, p: Promise<T>): Promise<Wait<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<Wait<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, why: 'hang', message: '' }), kHangMs);
  });
  const lost = ctx.lost.then((li): Wait<T> => ({ ok: false, why: 'lost', message: li.message || li.reason || '' }));
  try {
    return await Promise.race([p.then((value): Wait<T> => ({ ok: true, value })), hang, lost]);
  } finally {
    clearTimeout(timer);
  }
}

/** One dispatch of the checked module on a shape and its data: C, the trace (`cap` records per invocation) and the flags. */
async function runRaw(ctx: GpuContext, id: ExerciseId, pipeline: GPUComputePipeline, layout: GPUBindGroupLayout, s: Shape, d: { readonly a: Float32Array; readonly b: Float32Array }, cap: number, region?: { readonly x: number; readonly y: number; readonly x0: number; readonly y0: number }): Promise<Wait<{ c: Float32Array; trace: Uint32Array; flags: Uint32Array }>> {
  const ex = exercise(id);
  const { device } = ctx;
  const l = layoutOf(ex, s);
  const buffers = new OwnedBuffers(device, `Practice.${id}`);
  try {
    const cLen = l.cRows * l.cCols;
    // A slot per traced invocation (the whole grid unless a region is given), and the spare slot the others share.
    const countWords = ((region ? region.x * region.y : l.invocations) + 1) * slotWords(cap);
    const input = (name: string, data: Float32Array) => {
      const b = buffers.create(name, data.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST);
      device.queue.writeBuffer(b, 0, data);
      return b;
    };
    const a = input('A', d.a);
    const b = input('B', d.b);
    // C starts as a NaN no arithmetic makes, so an element never written is told from a wrong one.
    const cBuf = buffers.create('C', cLen * 4, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST);
    device.queue.writeBuffer(cBuf, 0, new Uint32Array(cLen).fill(kUnwrittenBits));
    const dims = buffers.create('dims', kUniformWords * 4, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
    device.queue.writeBuffer(dims, 0, uniformWords(ex, s, cap, region));
    const counts = buffers.create('trace', countWords * 4, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC);
    const flags = buffers.create('flags', kFlagCount * 4, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC);
    const cRead = buffers.createRead('C.read', cLen * 4);
    const countsRead = buffers.createRead('trace.read', countWords * 4);
    const flagsRead = buffers.createRead('flags.read', kFlagCount * 4);
    await withErrorScopes(device, said('practice:runWhat'), () => {
      const group = device.createBindGroup({
        label: `Practice.${id}.bindGroup`,
        layout,
        entries: [a, b, cBuf, dims, counts, flags].map((buffer, binding) => ({ binding, resource: { buffer } })),
      });
      const enc = device.createCommandEncoder({ label: `Practice.${id}.encoder` });
      const pass = enc.beginComputePass({ label: `Practice.${id}.pass` });
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(l.grid[0], l.grid[1]);
      pass.end();
      enc.copyBufferToBuffer(cBuf, 0, cRead, 0, cRead.size);
      enc.copyBufferToBuffer(counts, 0, countsRead, 0, countsRead.size);
      enc.copyBufferToBuffer(flags, 0, flagsRead, 0, flagsRead.size);
      device.queue.submit([enc.finish()]);
    });
    const done = await within(ctx, device.queue.onSubmittedWorkDone());
    if (!done.ok) return done;
    const guard = <T>(p: Promise<T>) => p;
    const [cb, nb, fb] = [await readBack(cRead, cLen * 4, guard), await readBack(countsRead, countWords * 4, guard), await readBack(flagsRead, kFlagCount * 4, guard)];
    return { ok: true, value: { c: new Float32Array(cb), trace: new Uint32Array(nb), flags: new Uint32Array(fb) } };
  } finally {
    if (!ctx.isLost()) buffers.destroy();
  }
}

/** One case: run with its data and a trace of the workgroups that fit (traceRegion; 0 records when none does: values only), and judged. */
async function runCase(ctx: GpuContext, id: ExerciseId, pipeline: GPUComputePipeline, layout: GPUBindGroupLayout, c: CheckCase, instrumented: Instrumented): Promise<Wait<ShapeVerdict>> {
  const ex = exercise(id);
  const d = exerciseData(ex, c.shape, c.seed, c.random, c.spread === true);
  const region = traceRegion(ex, c.shape, c.seed);
  const r = await runRaw(ctx, id, pipeline, layout, c.shape, d, region.cap, region);
  if (!r.ok) return r;
  return { ok: true, value: judgeShape(ex, c, d, { ...r.value, cap: region.cap, region, variables: instrumented.variables, sites: instrumented.sites }) };
}

/**
 * Which terms the wrong elements summed: four more runs on the exercise's smallest decodable teaching
 * shape, with A or B set to powers of 4 and 64 (core/practice/terms.ts). Only for a matrix product
 * whose values were wrong without a race (a race makes any run's sums a matter of timing).
 */
async function findTerms(ctx: GpuContext, id: ExerciseId, pipeline: GPUComputePipeline, layout: GPUBindGroupLayout, shapes: readonly ShapeVerdict[]): Promise<{ shape: Shape; terms: Terms } | undefined> {
  const ex = exercise(id);
  if (ex.kind !== 'matmul' || !shapes.some((v) => v.failure === 'wrong' || v.failure === 'unwritten') || shapes.some((v) => v.raceCount > 0 || v.status === 'error')) return undefined;
  const s = decodeShape(ex.shapes);
  if (!s) return undefined;
  const c = {} as Record<DecodeRun, Float32Array>;
  for (const run of kDecodeRuns) {
    const r = await runRaw(ctx, id, pipeline, layout, s, decodeData(s, run), 0);
    if (!r.ok) return undefined;
    c[run] = r.value.c;
  }
  const terms = decodeTerms(s, c);
  return terms && !terms.unreadable ? { shape: s, terms } : undefined;
}

/** Check the learner's code on every case of the exercise (its teaching shapes and the random shapes of `seed`), and judge each. */
export async function runPractice(ctx: GpuContext, id: ExerciseId, code: string, seed: number): Promise<PracticeOutcome> {
  const ex = exercise(id);
  const refused = refusals(code, ex);
  if (refused.length > 0) {
    const toEditor = editorLines(code);
    return { kind: 'refused', refusals: refused.map((r) => ('line' in r ? { ...r, line: toEditor(r.line) } : r)) };
  }
  const { device } = ctx;
  const offset = preludeLines(ex.constants);
  // 1. As written: errors speak of the learner's code.
  const plain = await compileErrors(device, `Practice.${id}.check`, checkModule(ex.constants, code), offset);
  // The compiler numbers WGSL's lines; the editor's lines may be fewer (a U+2028 stays inside one of them).
  const toEditor = editorLines(code);
  if (plain.messages.length > 0) {
    const hints = compileHints(code, plain.messages.map((m) => m.line)).map((h) => ({ ...h, line: toEditor(h.line) }));
    return { kind: 'compile', messages: plain.messages.map((m) => ({ ...m, line: toEditor(m.line) })), hints };
  }
  const mod = runModule(ex.constants, code);
  if (!('source' in mod)) {
    if (mod.kind === 'no-entry') return { kind: 'compile', messages: [], hints: [{ ...mod.hint, line: toEditor(mod.hint.line) }] };
    if (mod.kind === 'pointer') return { kind: 'refused', refusals: [{ ...mod, line: toEditor(mod.line) }] };
    return { kind: 'failed', why: said('practice:failure.unreadable', { line: num(toEditor(mod.line)) }), seed, shapes: [], unreadable: true };
  }
  // 2. Instrumented (compiles whenever the code does; if not, say so on its lines too).
  const run = await compileErrors(device, `Practice.${id}.module`, mod.source, offset);
  if (run.messages.length > 0) return { kind: 'compile', messages: run.messages, hints: [] };
  const layout = bindGroupLayout(device);
  let pipeline: GPUComputePipeline;
  try {
    pipeline = await withErrorScopes(device, said('practice:runWhat'), () =>
      device.createComputePipelineAsync({
        label: `Practice.${id}.pipeline`,
        layout: device.createPipelineLayout({ label: `Practice.${id}.layout`, bindGroupLayouts: [layout] }),
        compute: { module: run.module, entryPoint: 'main' },
      }),
    );
  } catch (e) {
    return { kind: 'failed', why: said('practice:failure.gpu', { message: e instanceof GpuRunError ? e.message : String(failureOf(e)) }), seed, shapes: [] };
  }
  const shapes: ShapeVerdict[] = [];
  for (const c of checkCases(ex, seed)) {
    let r: Wait<ShapeVerdict>;
    try {
      r = await runCase(ctx, id, pipeline, layout, c, mod.instrumented);
    } catch (e) {
      if (ctx.isLost()) return { kind: 'failed', why: said('practice:failure.lost', { message: String(failureOf(e)) }), seed, shapes };
      return { kind: 'failed', why: said('practice:failure.gpu', { message: e instanceof GpuRunError ? e.message : String(failureOf(e)) }), seed, shapes };
    }
    if (!r.ok) {
      if (r.why === 'hang') {
        // No watchdog will end it: give the device up; the session starts a new one on the next run.
        device.destroy();
        return { kind: 'failed', why: said('practice:failure.hang', { seconds: num(kHangMs / 1000) }), seed, shapes };
      }
      return { kind: 'failed', why: said('practice:failure.lost', { message: r.message }), seed, shapes };
    }
    shapes.push(r.value);
  }
  let terms: { shape: Shape; terms: Terms } | undefined;
  try {
    terms = await findTerms(ctx, id, pipeline, layout, shapes);
  } catch {
    terms = undefined; // the verdict stands without the terms
  }
  return { kind: 'ran', seed, shapes, ...(terms ? { terms } : {}), otherBarriers: mod.instrumented.otherBarriers };
}
