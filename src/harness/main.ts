/**
 * The GPU correctness harness: a test page (harness.html, built with the app, as the WebGPU CTS
 * has one) that runs the app's kernels through src/gpu on the real WebGPU adapter, with no UI.
 * Each case is computed once (one dispatch, or one per band of a split run, and split-K's summing
 * pass: gpu/runner computeMatmul), never timed, and checked against the CPU reference in f64
 * (core/reference verify, the check every run of the app gets). The dot product likewise
 * (gpu/dot computeDot). e2e/gpu.spec.ts drives it through page.evaluate(window.tilesHarness).
 *
 * It returns data only: what ran, how it was checked, and what was wrong.
 */
import { makeData, type Pattern } from '../core/data';
import { verify } from '../core/reference';
import { isTileWidth, type Shape } from '../core/shape';
import { dotData, type DotPattern } from '../core/dot';
import { isKernelId, isPlanFailure, kKernelIdList, kKernels, loadKernelSources, planKernel, type KernelParams } from '../core/kernels';
import { acquireGpu, type GpuContext } from '../gpu/device';
import { computeMatmul } from '../gpu/runner';
import { computeDot } from '../gpu/dot';
import { loadLanguage, say } from '../i18n';
import { isExerciseId, kExercises, overallStatus, headlineFailure } from '../core/practice/exercises';
import { runPractice, type PracticeOutcome } from '../gpu/practice';

/** A practice check, as the practice view runs it (refusals, compile, the traced run, the judge), without the UI. */
export interface PracticeCase {
  readonly exercise: string;
  readonly code: string;
  readonly seed?: number;
  /** A name for the case (the corpus's), echoed back. */
  readonly name?: string;
}

/** What the judge said, in plain data: the outcome's kind, the verdict, the headline's failure, and each shape's findings. */
export interface PracticeResult {
  readonly name?: string;
  readonly kind: PracticeOutcome['kind'] | 'error';
  readonly status?: 'pass' | 'fail' | 'error';
  readonly failure?: string;
  readonly why?: string;
  readonly refusals?: readonly { kind: string; name?: string; line?: number }[];
  readonly compile?: readonly string[];
  readonly shapes?: readonly {
    shape: string;
    traced: boolean;
    /** Workgroups whose trace was read, of the grid's. */
    tracedWorkgroups: number;
    workgroups: number;
    status: string;
    failure: string;
    wrong: number;
    unwritten: number;
    races: readonly { word: string; epoch: number; writer: number; other: number; otherKind: string }[];
    structure: readonly { check: string; ok: boolean; values: Record<string, number | string> }[];
    slip?: string;
    barriers: readonly [number, number];
    maxReads: number;
  }[];
  /** Which terms the first wrong element summed (the extra decode runs), where they were read. */
  readonly terms?: { element: string; missing: readonly number[]; extra: readonly number[]; swapped?: string };
  readonly ms: number;
}

export interface MatmulCase {
  readonly kernel: string;
  readonly shape: Shape;
  readonly tile: number;
  readonly pattern?: Pattern;
  readonly seed?: number;
  readonly params?: KernelParams;
  /** Split the run into bands of rows, one submission each, when one would take longer (gpu/runner kMaxSubmitMs). */
  readonly maxSubmitMs?: number;
  /** Run on a device with only WebGPU's default limits (the app's ?limits=default). */
  readonly defaultLimits?: boolean;
}

export interface MatmulOutcome {
  readonly kernel: string;
  readonly shape: string;
  readonly tile: number;
  /** n/a: this adapter cannot run it (a feature or limit it lacks), said in `why`. */
  readonly status: 'verified' | 'mismatch' | 'error' | 'n/a';
  readonly why?: string;
  readonly checked?: number;
  readonly total?: number;
  readonly full?: boolean;
  readonly exact?: boolean;
  readonly maxRelError?: number | null;
  readonly mismatches?: number;
  readonly firstMismatches?: readonly { i: number; j: number; got: number; want: number }[];
  /** Dispatches recorded for the case (1 per band, 2 per band with split-K's summing pass or a first pass, plus the probe of a split run). */
  readonly dispatches: number;
  /** Submissions a split run used. */
  readonly parts?: number;
  readonly workgroup?: { readonly x: number; readonly y: number };
  readonly constants?: Record<string, number>;
  /** Split-K: a second, summing pass follows each dispatch of the kernel. */
  readonly summed?: boolean;
  /** A first pass precedes each dispatch of the kernel (the tensor rung's f16 copy of B). */
  readonly prepared?: boolean;
  /** Wall time of the case (ms): data, pipeline (compiled on a kernel's first case), dispatch, read-back, check. */
  readonly ms: number;
}

export interface DotCase {
  readonly n: number;
  readonly pattern: DotPattern;
  readonly workgroupSize: number;
  readonly maxWorkgroups: number;
  readonly gpuFinal: boolean;
  readonly seed?: number;
}

export interface DotOutcome extends DotCase {
  readonly status: 'verified' | 'mismatch' | 'error';
  readonly why?: string;
  readonly value?: number;
  readonly reference?: number;
  readonly closedForm?: number;
  readonly tolerance?: number;
  readonly workgroups?: number;
  readonly partials?: number;
  readonly dispatches: number;
}

export interface RecordEntry {
  readonly id: string;
  readonly ladder: boolean;
  readonly usesTile: boolean;
  readonly tuned: boolean;
  readonly requiredFeatures: readonly string[];
  readonly tunables: readonly { readonly name: string; readonly values: readonly number[] }[];
}

// Every dispatch the page records, so a case reports how many it ran (one per case is the point).
let dispatches = 0;
const proto = GPUComputePassEncoder.prototype;
const dispatch = proto.dispatchWorkgroups;
proto.dispatchWorkgroups = function (this: GPUComputePassEncoder, ...args: Parameters<GPUComputePassEncoder['dispatchWorkgroups']>) {
  dispatches++;
  return dispatch.apply(this, args);
};

const uncaptured: string[] = [];
const contexts = new Map<boolean, Promise<GpuContext>>();
function gpu(defaultLimits = false): Promise<GpuContext> {
  let ctx = contexts.get(defaultLimits);
  if (!ctx) {
    ctx = acquireGpu({ defaultLimitsOnly: defaultLimits, onUncapturedError: (m) => uncaptured.push(m) });
    contexts.set(defaultLimits, ctx);
  }
  return ctx;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const shapeText = (s: Shape) => `${s.m}x${s.k}x${s.n}`;

async function matmul(c: MatmulCase): Promise<MatmulOutcome> {
  const t0 = performance.now();
  const out = await matmulCase(c);
  return { ...out, ms: Math.round(performance.now() - t0) };
}

async function matmulCase(c: MatmulCase): Promise<Omit<MatmulOutcome, 'ms'>> {
  const base = { kernel: c.kernel, shape: shapeText(c.shape), tile: c.tile };
  const before = dispatches;
  const ran = () => dispatches - before;
  if (!isKernelId(c.kernel)) return { ...base, status: 'error', why: `no kernel ${c.kernel}`, dispatches: 0 };
  if (!isTileWidth(c.tile)) return { ...base, status: 'error', why: `no tile width ${c.tile}`, dispatches: 0 };
  const ctx = await gpu(c.defaultLimits);
  const missing = (kKernels[c.kernel].requiredFeatures ?? []).filter((f) => !ctx.info.features.includes(f));
  if (missing.length > 0) return { ...base, status: 'n/a', why: `needs ${missing.join(', ')}`, dispatches: 0 };
  const plan = planKernel(c.kernel, c.shape, c.tile, ctx.info, c.params);
  if (isPlanFailure(plan)) return { ...base, status: 'n/a', why: say(plan.why), dispatches: 0 };
  const data = makeData(c.shape, c.pattern ?? 'random', c.seed ?? 1);
  try {
    const r = await computeMatmul(ctx, c.kernel, c.shape, c.tile, data, { plan, ...(c.maxSubmitMs !== undefined ? { maxSubmitMs: c.maxSubmitMs } : {}) });
    const v = verify(data, c.shape, r.c, r.plan.block, 1, kKernels[c.kernel].halfInputs === true);
    return {
      ...base,
      status: v.ok ? 'verified' : 'mismatch',
      checked: v.checked,
      total: v.total,
      full: v.full,
      exact: v.exact,
      maxRelError: Number.isFinite(v.maxRelError) ? v.maxRelError : null,
      mismatches: v.mismatches,
      firstMismatches: v.firstMismatches.map(({ i, j, got, want }) => ({ i, j, got, want })),
      dispatches: ran(),
      ...(r.split ? { parts: r.split.parts } : {}),
      workgroup: r.plan.workgroup,
      // The kernel's override constants, and split-K's summing pass's (its S: the slices).
      constants: { ...r.plan.constants, ...(r.plan.reduce?.constants ?? {}) },
      summed: Boolean(r.plan.reduce),
      prepared: Boolean(r.plan.prepare),
    };
  } catch (e) {
    return { ...base, status: 'error', why: messageOf(e), dispatches: ran() };
  }
}

async function dot(c: DotCase): Promise<DotOutcome> {
  const before = dispatches;
  try {
    const ctx = await gpu();
    const r = await computeDot(ctx, dotData(c.n, c.pattern, c.seed ?? 1), c.pattern, c);
    return {
      ...c,
      status: r.verified ? 'verified' : 'mismatch',
      value: r.value,
      reference: r.reference,
      ...(r.closedForm !== undefined ? { closedForm: r.closedForm } : {}),
      tolerance: r.tolerance,
      workgroups: r.workgroups,
      partials: r.partials.length,
      dispatches: dispatches - before,
    };
  } catch (e) {
    return { ...c, status: 'error', why: messageOf(e), dispatches: dispatches - before };
  }
}

async function practice(c: PracticeCase): Promise<PracticeResult> {
  const t0 = performance.now();
  const ms = () => Math.round(performance.now() - t0);
  const name = c.name !== undefined ? { name: c.name } : {};
  if (!isExerciseId(c.exercise)) return { ...name, kind: 'error', why: `unknown exercise ${c.exercise}`, ms: ms() };
  try {
    const o = await runPractice(await gpu(), c.exercise, c.code, c.seed ?? 1);
    if (o.kind === 'refused') return { ...name, kind: o.kind, refusals: o.refusals.map((r) => ({ kind: r.kind, ...('name' in r ? { name: r.name } : {}), ...('line' in r ? { line: r.line } : {}) })), ms: ms() };
    if (o.kind === 'compile') return { ...name, kind: o.kind, compile: o.messages.map((m) => `${m.line}: ${m.message}`), ms: ms() };
    const shapes = o.shapes.map((v) => ({
      shape: `${v.shape.m}x${v.shape.k}x${v.shape.n}`,
      traced: v.traced,
      tracedWorkgroups: v.tracedWorkgroups,
      workgroups: v.workgroups,
      status: v.status,
      failure: v.failure,
      wrong: v.wrongCount,
      unwritten: v.unwrittenCount,
      races: v.races.map((r) => ({ word: r.word, epoch: r.epoch, writer: r.writer.index, other: r.other.index, otherKind: r.otherKind })),
      structure: v.structure.map((x) => ({ check: x.check, ok: x.ok, values: { ...x.values } })),
      ...(v.slip ? { slip: v.slip.kind } : {}),
      barriers: [v.barriersMin, v.barriersMax] as const,
      maxReads: v.maxReads,
    }));
    const why = o.kind === 'failed' ? (typeof o.why === 'string' ? o.why : say(o.why)) : undefined;
    const t = o.kind === 'ran' ? o.terms?.terms : undefined;
    const terms = t ? { terms: { element: `C[${t.row}][${t.col}]`, missing: t.missing, extra: t.extra, ...(t.swapped ? { swapped: t.swapped } : {}) } } : {};
    return { ...name, kind: o.kind, status: o.kind === 'failed' ? 'error' : overallStatus(o.shapes), failure: o.kind === 'failed' ? (o.unreadable ? 'unreadable' : 'error') : headlineFailure(o.shapes), ...(why !== undefined ? { why } : {}), ...terms, shapes, ms: ms() };
  } catch (e) {
    return { ...name, kind: 'error', why: messageOf(e), ms: ms() };
  }
}

/** Cases run one after another (one device; the GPU work of one case at a time). */
async function each<C, O>(cases: readonly C[], run: (c: C) => Promise<O>): Promise<O[]> {
  const out: O[] = [];
  for (const c of cases) out.push(await run(c));
  return out;
}

const harness = {
  /** The adapter the cases run on. */
  async info() {
    const { info } = await gpu();
    return { description: info.description, vendor: info.vendor, architecture: info.architecture, isFallbackAdapter: info.isFallbackAdapter, features: info.features, limits: info.limits };
  },
  /** The kernel record, in record order (a new kernel is tested without editing the spec). */
  record(): RecordEntry[] {
    return kKernelIdList.map((id) => {
      const k = kKernels[id];
      return { id, ladder: k.ladder, usesTile: k.usesTile, tuned: k.tuned, requiredFeatures: [...(k.requiredFeatures ?? [])], tunables: (k.tunables ?? []).map((t) => ({ name: t.name, values: [...t.values] })) };
    });
  },
  matmul: (cases: readonly MatmulCase[]) => each(cases, matmul),
  dot: (cases: readonly DotCase[]) => each(cases, dot),
  /** The exercises' solutions and skeletons (a corpus varies them without copying them). */
  exercises: () => kExercises.map((e) => ({ id: e.id, solution: e.solution, skeleton: e.skeleton })),
  /** Practice checks through the practice judge (gpu/practice runPractice), one after another. */
  practice: (cases: readonly PracticeCase[]) => each(cases, practice),
  /** WebGPU errors no error scope caught, since the page opened. */
  uncaptured: () => [...uncaptured],
};

export type Harness = typeof harness;
// What the app loads on demand (issue #47): every kernel's WGSL and the English words, before the page says it is ready.
await Promise.all([loadKernelSources(kKernelIdList), loadLanguage('en', true)]);
(globalThis as unknown as { tilesHarness: Harness }).tilesHarness = harness;
const status = document.getElementById('harness-status');
if (status) {
  status.textContent = 'ready';
  status.dataset.state = 'ready';
}
