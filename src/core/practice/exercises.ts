/**
 * The practice exercises' judge and data: where everything lies for a shape (layoutOf), the data and
 * shapes a run checks (teaching shapes, and random shapes from the run's seed, what a pass covers),
 * the expected C, and the verdict on one shape from its values and its trace (judgeShape; the trace's
 * verdicts: ./judge.ts). The exercises themselves are data, one file each: ./exercise/.
 */
import { makeData, mulberry32 } from '../data';
import { referenceEntry, tolerance } from '../reference';
import { said, num, type Said } from '../said';
import { ceilDiv, type Shape } from '../shape';
import { kFlag, kUniformWords } from './constants';
import { kCell, kUnwrittenBits } from './cells';
import { findSlip, type Slip } from './slips';
import { slotWords, structureChecks, traceFacts, type Race, type StructureCheck, type TraceFacts } from './judge';
import type { AccessSite, WorkgroupVar } from './instrument';

import { kExercises, type Exercise } from './exercise';
import type { ListedExerciseId } from './ids';

export { kCell, kUnwrittenBits, kExercises };
export type { Exercise, ExerciseKind } from './exercise';

export type ExerciseId = (typeof kExercises)[number]['id'];
// ids.ts lists the same ids (what loads before the exercises do): a missing or extra one does not compile.
const kSameIds: [ExerciseId] extends [ListedExerciseId] ? ([ListedExerciseId] extends [ExerciseId] ? true : never) : never = true;
void kSameIds;
export const kExerciseIds: readonly ExerciseId[] = kExercises.map((e) => e.id);

export function isExerciseId(x: unknown): x is ExerciseId {
  return typeof x === 'string' && (kExerciseIds as readonly string[]).includes(x);
}

export function exercise(id: ExerciseId): Exercise {
  return kExercises.find((e) => e.id === id)!;
}

/** Where everything lies for one shape: the matrices' sizes, the grid, the budgets. */
export interface Layout {
  readonly aRows: number;
  readonly aCols: number;
  readonly bRows: number;
  readonly bCols: number;
  readonly cRows: number;
  readonly cCols: number;
  /** Workgroups along x and y. */
  readonly grid: readonly [number, number];
  /** Invocations along x and y (the grid times the workgroup). */
  readonly invocationsX: number;
  readonly invocationsY: number;
  readonly invocations: number;
  /** Phases of a tiled exercise (1 otherwise). */
  readonly phases: number;
  /** The most global reads one invocation may make. */
  readonly readBudget: number;
  /** The fewest barriers every invocation must run (0: none required). */
  readonly minBarriers: number;
  /** The most barriers any invocation may run, where the exercise counts them exactly (double buffering). */
  readonly maxBarriers?: number;
  /** Loop iterations one invocation may run before the run stops it (the budget every loop shares). */
  readonly loopBudget: number;
  /** The most loop iterations one invocation may run for the structure the exercise teaches (the tree), if it teaches one. */
  readonly structureLoops?: number;
}

/** Workgroups of the dot product: at most 4 (the tutorial's min(32, …), scaled to tiny shapes). */
export const kDotMaxWorkgroups = 4;

export function layoutOf(ex: Exercise, s: Shape): Layout {
  const [wx, wy] = ex.workgroup;
  const t = ex.constants.tile;
  let a: [number, number], b: [number, number], c: [number, number], grid: [number, number];
  switch (ex.kind) {
    case 'add':
      a = [s.m, s.n];
      b = [s.m, s.n];
      c = [s.m, s.n];
      grid = [ceilDiv(s.m * s.n, wx), 1];
      break;
    case 'transpose':
      a = [s.m, s.k];
      b = [1, 1];
      c = [s.k, s.m];
      grid = ex.block ? [ceilDiv(s.k, ex.block.cols), ceilDiv(s.m, ex.block.rows)] : [ceilDiv(s.k, wx), ceilDiv(s.m, wy)];
      break;
    case 'dot': {
      const g = Math.min(kDotMaxWorkgroups, ceilDiv(s.k, wx));
      a = [1, s.k];
      b = [s.k, 1];
      c = [1, g];
      grid = [g, 1];
      break;
    }
    case 'matmul':
      a = [s.m, s.k];
      b = [s.k, s.n];
      c = [s.m, s.n];
      grid = ex.block
        ? [ceilDiv(s.n, ex.block.cols), ceilDiv(s.m, ex.block.rows)]
        : ex.rowsAlongX
          ? [ceilDiv(s.m, wx), ceilDiv(s.n, wy)]
          : [ceilDiv(s.n, wx), ceilDiv(s.m, wy)];
      break;
  }
  const invocationsX = grid[0] * wx;
  const invocationsY = grid[1] * wy;
  const depth = ex.block?.depth;
  const phases = ex.budget === 'tiled' ? ceilDiv(s.k, t) : depth !== undefined ? ceilDiv(s.k, depth) : 1;
  const perWorkgroup = wx * wy;
  // A block exercise's share of one phase's tiles (a matmul: BM·BK of A and BK·BN of B; a transpose: the BM·BN tile).
  const blockReads = ex.block ? ceilDiv(depth !== undefined ? ex.block.rows * depth + depth * ex.block.cols : ex.block.rows * ex.block.cols, perWorkgroup) : 0;
  // A strip's width: the columns of C one invocation computes.
  const width = ex.block ? ex.block.cols / wx : 1;
  const readBudget =
    ex.budget === 'elementwise'
      ? 2
      : ex.budget === 'one'
        ? 1
        : ex.budget === 'naive'
          ? 2 * s.k
          : ex.budget === 'tiled'
            ? 2 * phases
            : ex.budget === 'block'
              ? blockReads * phases
              : ex.budget === 'strip'
                ? s.k * (1 + width)
                : 2 * ceilDiv(s.k, invocationsX);
  const minBarriers =
    ex.barriers === undefined ? 0 : ex.barriers === 'reduction' ? 1 + Math.log2(wx) : ex.barriers.perPhase * phases + (ex.barriers.extra ?? 0);
  const maxBarriers = ex.barriers !== undefined && ex.barriers !== 'reduction' && ex.barriers.exact ? minBarriers : undefined;
  // What the solution needs, times four, plus room for a learner's own small loops.
  const share = ceilDiv(s.k, invocationsX);
  const perInvocation = ex.block ? Math.max(1, (ex.block.rows * ex.block.cols) / perWorkgroup) : 1;
  const needed =
    ex.budget === 'naive' || ex.budget === 'strip'
      ? s.k
      : ex.budget === 'tiled'
        ? phases * (t + 1)
        : ex.budget === 'block'
          ? phases * ((depth ?? 1) * (perInvocation + 1) + blockReads + 2) + 2 * perInvocation + 2
          : ex.budget === 'gridStride'
            ? share + Math.log2(wx)
            : 0;
  const loopBudget = 4 * needed + 64;
  return {
    aRows: a[0],
    aCols: a[1],
    bRows: b[0],
    bCols: b[1],
    cRows: c[0],
    cCols: c[1],
    grid,
    invocationsX,
    invocationsY,
    invocations: invocationsX * invocationsY,
    phases,
    readBudget,
    minBarriers,
    ...(maxBarriers !== undefined ? { maxBarriers } : {}),
    loopBudget,
  };
}

/** Small integers in [-3, 3]: every sum is exact in f32, so a right answer is right bit for bit. */
function smallIntegers(count: number, seed: number): Float32Array {
  let x = seed >>> 0 || 1;
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = ((x >>> 0) % 7) - 3;
  }
  return out;
}

/** Random values in [-2, 2), not integers (products up to 4 in size): a kernel that truncates or rounds cannot match. */
function randomValues(count: number, seed: number): Float32Array {
  const r = mulberry32(seed);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = r() * 4 - 2;
  return out;
}

export interface ExerciseData {
  readonly a: Float32Array;
  readonly b: Float32Array;
  /** Every sum exact in f32 (integers): the answer must match bit for bit. */
  readonly exact: boolean;
}

/** One shape a run checks, and the data it is checked with. */
export interface CheckCase {
  readonly shape: Shape;
  /** A teaching shape (listed, integer data) or one drawn at random for this run (random data). */
  readonly random: boolean;
  /** The seed of its data. */
  readonly seed: number;
  /** Random data spread over several binades (2⁻¹⁰ to 2¹⁰): a kernel right only on values near 1 fails. */
  readonly spread?: boolean;
}

/** The inputs for one case: integers for a teaching shape, random non-integer values for a random one. */
export function exerciseData(ex: Exercise, s: Shape, seed = 7, random = false, spread = false): ExerciseData {
  if (ex.kind === 'matmul' && !random) return makeData(s, 'integers', seed);
  const l = layoutOf(ex, s);
  const gen = spread ? spreadValues : random ? randomValues : smallIntegers;
  return { a: gen(l.aRows * l.aCols, seed), b: gen(l.bRows * l.bCols, seed * 31 + 1), exact: !random };
}

/** Random values in ±[2⁻¹⁰, 2¹⁰): a random mantissa times a power of two drawn for each element. */
function spreadValues(count: number, seed: number): Float32Array {
  const r = mulberry32(seed ^ 0xb1ade);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = (r() < 0.5 ? -1 : 1) * (1 + r()) * 2 ** (Math.floor(r() * 20) - 10);
  return out;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Random shapes a run draws (beside the teaching shapes). */
export const kRandomShapes = 3;

/** The K past the teaching sizes a run always checks, where the exercise allows it: above this, and not a power of two. */
export const kLargeK = 96;

const isPowerOfTwo = (x: number) => x > 0 && (x & (x - 1)) === 0;

/**
 * The shapes drawn for a run from its seed, within the exercise's premise (what a pass covers, issue
 * #43): the first large in every dimension, with K above 96 and not a power of two for a matrix
 * product or a transpose (a kernel right only on round or small K fails); the second anywhere, with
 * K not a multiple of 4 where the premise allows (its data spread over several binades); the third
 * small, so that its run is traced (races and structure judged on a random shape too). Not multiples
 * of the tile or the workgroup unless the exercise says they are.
 */
export function randomShapes(ex: Exercise, seed: number, count = kRandomShapes): Shape[] {
  const r = mulberry32(seed ^ 0x5eed);
  const { max, multipleOf = 1, mnMultipleOf } = ex.random;
  const pick = (hi: number, large: boolean) => {
    const units = Math.max(1, Math.floor(hi / multipleOf));
    const lo = large ? Math.max(1, Math.floor(units / 2) + 1) : 1;
    return (lo + Math.floor(r() * (units - lo + 1))) * multipleOf;
  };
  const small = Math.max(16, 2 * multipleOf);
  const out: Shape[] = [];
  for (let i = 0; i < count; i++) {
    const large = i === 0;
    const tiny = i === 2;
    let m = pick(tiny ? Math.min(small, max.m) : max.m, large);
    let k = pick(tiny ? Math.min(small, max.k) : max.k, large);
    let n = pick(tiny ? Math.min(small, max.n) : max.n, large);
    if (large && (ex.kind === 'matmul' || ex.kind === 'transpose')) {
      // K in (96, 96 + 64], a multiple of the premise's step, never a power of two.
      const lo = Math.floor(kLargeK / multipleOf) + 1;
      const span = Math.max(1, Math.floor(64 / multipleOf));
      do k = (lo + Math.floor(r() * span)) * multipleOf;
      while (isPowerOfTwo(k));
    }
    if (i === 1 && ex.kind === 'matmul' && multipleOf === 1 && k % 4 === 0) k = k > 1 ? k - 1 : k + 1;
    if (mnMultipleOf !== undefined) {
      // M·N whole workgroups: M a multiple of what N leaves to make one.
      const step = mnMultipleOf / gcd(n, mnMultipleOf);
      m = step * (1 + Math.floor(r() * Math.max(1, Math.floor(max.m / step))));
      k = n;
    }
    if (ex.kind === 'dot') {
      m = 1;
      n = 1;
    }
    out.push({ m, k, n });
  }
  return out;
}

/** Every case of a run: the teaching shapes, then the random ones of `seed`. */
export function checkCases(ex: Exercise, seed: number): CheckCase[] {
  return [
    ...ex.shapes.map((shape) => ({ shape, random: false, seed: 7 })),
    ...randomShapes(ex, seed).map((shape, i) => ({ shape, random: true, seed: (seed + 101 * (i + 1)) >>> 0, ...(i === 1 ? { spread: true } : {}) })),
  ];
}


/** The right C for a case, in f64, with each element's Σ|terms| (what its tolerance grows with) and tolerance. */
export function expectedC(ex: Exercise, s: Shape, d: ExerciseData): { want: Float64Array; abs: Float64Array; tol: Float64Array } {
  const l = layoutOf(ex, s);
  const want = new Float64Array(l.cRows * l.cCols);
  const abs = new Float64Array(want.length);
  const tol = new Float64Array(want.length);
  if (ex.kind === 'matmul') {
    for (let i = 0; i < s.m; i++) {
      for (let j = 0; j < s.n; j++) {
        const { value, absSum } = referenceEntry({ ...d }, s, i, j);
        want[i * s.n + j] = value;
        abs[i * s.n + j] = absSum;
        tol[i * s.n + j] = tolerance(s.k, absSum, d.exact);
      }
    }
  } else if (ex.kind === 'add') {
    for (let i = 0; i < want.length; i++) {
      want[i] = d.a[i]! + d.b[i]!;
      abs[i] = Math.abs(d.a[i]!) + Math.abs(d.b[i]!);
      tol[i] = tolerance(1, abs[i]!, d.exact);
    }
  } else if (ex.kind === 'transpose') {
    for (let r = 0; r < s.m; r++) for (let q = 0; q < s.k; q++) want[q * s.m + r] = d.a[r * s.k + q]!;
  } else {
    // The dot product's partial sums: invocation g adds the elements g, g + stride, …; workgroup w adds its WG invocations.
    const wg = ex.workgroup[0];
    const terms = new Float64Array(want.length);
    for (let i = 0; i < s.k; i++) {
      const w = Math.floor((i % l.invocationsX) / wg);
      want[w]! += d.a[i]! * d.b[i]!;
      abs[w]! += Math.abs(d.a[i]! * d.b[i]!);
      terms[w]!++;
    }
    for (let w = 0; w < want.length; w++) tol[w] = tolerance(Math.max(1, terms[w]!), abs[w]!, d.exact);
  }
  return { want, abs, tol };
}

/** Each element of C judged: right, wrong or never written (the bits it started as). */
export function judgeCells(ex: Exercise, s: Shape, d: ExerciseData, c: Float32Array): { kinds: Uint8Array; want: Float64Array; abs: Float64Array; wrong: number; unwritten: number } {
  const { want, abs, tol } = expectedC(ex, s, d);
  const bits = new Uint32Array(c.buffer, c.byteOffset, c.length);
  const kinds = new Uint8Array(want.length);
  let wrong = 0;
  let unwritten = 0;
  for (let i = 0; i < want.length; i++) {
    if (bits[i] === kUnwrittenBits) {
      kinds[i] = kCell.unwritten;
      unwritten++;
    } else if (!(Math.abs(c[i]! - want[i]!) <= tol[i]!)) {
      kinds[i] = kCell.wrong;
      wrong++;
    }
  }
  return { kinds, want, abs, wrong, unwritten };
}

/** What the checked run of one shape gave back. */
export interface ShapeOutcome {
  readonly c: Float32Array;
  /** The trace: each invocation's slot (core/practice/judge.ts slotWords of `cap`). */
  readonly trace: Uint32Array;
  /** Records each invocation could keep (0: this shape was run without a trace, its values checked only). */
  readonly cap: number;
  /** The traced invocations, x × y from (x0, y0) (traceRegion); the whole grid when absent. */
  readonly region?: { readonly x: number; readonly y: number; readonly x0: number; readonly y0: number };
  /** kFlag: loop budget spent, reads outside A, outside B, writes outside C. */
  readonly flags: Uint32Array;
  /** The instrumentation's map of the learner's workgroup variables and access sites. */
  readonly variables: readonly WorkgroupVar[];
  readonly sites: readonly AccessSite[];
}

export type VerdictStatus = 'pass' | 'fail' | 'error';

/**
 * The failure a headline names, most telling first: the run was stopped, it read or wrote out of
 * range, invocations raced on workgroup memory, values are wrong, elements were never written, or
 * the values are right but the trace does not show the structure the exercise teaches.
 */
export type FailureKind = 'none' | 'stopped' | 'out-of-range' | 'race' | 'wrong' | 'unwritten' | 'structure' | 'compile' | 'unreadable';

export interface ShapeVerdict {
  readonly shape: Shape;
  readonly random: boolean;
  readonly seed: number;
  readonly status: VerdictStatus;
  readonly failure: FailureKind;
  readonly cRows: number;
  readonly cCols: number;
  /** Per element of C: kCell. */
  readonly cells: Uint8Array;
  readonly expected: Float64Array;
  readonly actual: Float32Array;
  readonly wrongCount: number;
  readonly unwrittenCount: number;
  /** Whether this shape ran with a trace (races and structure judged), or with its values checked only. */
  readonly traced: boolean;
  /** Workgroups whose trace was read, of the grid's (all of them, unless the shape is too large to trace whole), and the first of them. */
  readonly tracedWorkgroups: number;
  readonly workgroups: number;
  readonly tracedFrom: readonly [number, number];
  /** Facts from the trace: global reads of the busiest invocation, barriers per invocation (fewest, most). */
  readonly maxReads: number;
  readonly barriersMin: number;
  readonly barriersMax: number;
  readonly phases: number;
  readonly loopBudget: number;
  readonly races: readonly Race[];
  readonly raceCount: number;
  readonly structure: readonly StructureCheck[];
  readonly workgroupOutOfRange?: TraceFacts['workgroupOutOfRange'];
  /** An element of C two invocations stored different values into (a race in global memory). */
  readonly storeRace?: TraceFacts['storeRace'];
  /** The known slip the wrong values match, if one does. */
  readonly slip?: Slip;
  /** Why it did not pass, as data. */
  readonly problems: readonly Said[];
}

/** The verdict on one case: right elements, no access outside a matrix or a workgroup array, within the budget, no race, the structure taught. */
export function judgeShape(ex: Exercise, c: CheckCase, d: ExerciseData, out: ShapeOutcome): ShapeVerdict {
  const s = c.shape;
  const l = layoutOf(ex, s);
  const { kinds, want, abs, wrong, unwritten } = judgeCells(ex, s, d, out.c);
  const traced = out.cap > 0;
  // The trace's slots: the traced invocations only (slot = y · x-extent + x).
  const rx = out.region?.x ?? l.invocationsX;
  const ry = out.region?.y ?? l.invocationsY;
  const tl = { invocations: rx * ry, invocationsX: rx, workgroup: ex.workgroup, cap: out.cap, origin: [out.region?.x0 ?? 0, out.region?.y0 ?? 0] as const };
  const facts = traceFacts(out.trace, tl, out.variables, out.sites);
  const problems: Said[] = [];
  const flag = (i: number) => out.flags[i] ?? 0;
  // A trace longer than its slots is more work than the budget allows (the slots follow from the budget).
  const stopped = flag(kFlag.budget) > 0 || (traced && facts.overflow);
  const wgOut = traced ? facts.workgroupOutOfRange : undefined;
  const outOfRange = flag(kFlag.readA) + flag(kFlag.readB) + flag(kFlag.writeC) > 0 || wgOut !== undefined;
  const races = traced ? facts.races : [];
  const storeRace = traced ? facts.storeRace : undefined;
  const structure = traced && !stopped ? structureChecks(ex.structure ?? [], facts.recs, tl, { phases: l.phases, tile: ex.constants.tile, sites: out.sites, variables: out.variables }) : [];
  const badStructure = structure.filter((x) => !x.ok);
  if (flag(kFlag.budget) > 0) problems.push(said('practice:problem.budget', { budget: num(l.loopBudget) }));
  else if (stopped) problems.push(said('practice:problem.trace', { records: num(facts.maxRecords), cap: num(out.cap) }));
  if (wrong > 0) problems.push(said('practice:problem.wrong', { count: num(wrong), total: num(kinds.length) }));
  if (unwritten > 0) problems.push(said('practice:problem.unwritten', { count: num(unwritten), total: num(kinds.length) }));
  if (flag(kFlag.readA) > 0) problems.push(said('practice:problem.readA', { count: num(flag(kFlag.readA)) }));
  if (flag(kFlag.readB) > 0) problems.push(said('practice:problem.readB', { count: num(flag(kFlag.readB)) }));
  if (flag(kFlag.writeC) > 0) problems.push(said('practice:problem.writeC', { count: num(flag(kFlag.writeC)) }));
  if (wgOut) problems.push(said('practice:problem.workgroupRange', { name: wgOut.variable, line: num(wgOut.line), count: num(wgOut.count) }));
  if (traced && facts.raceCount > 0) problems.push(said('practice:problem.races', { count: num(facts.raceCount) }));
  if (storeRace) {
    const w = storeRace.writer;
    const o = storeRace.other;
    problems.push(
      said('practice:problem.storeRace', {
        row: num(storeRace.row),
        col: num(storeRace.col),
        a: num(storeRace.values[0]),
        b: num(storeRace.values[1]),
        wx: num(w.local[0]),
        wy: num(w.local[1]),
        gx: num(w.wg[0]),
        gy: num(w.wg[1]),
        ox: num(o.local[0]),
        oy: num(o.local[1]),
        hx: num(o.wg[0]),
        hy: num(o.wg[1]),
        count: num(storeRace.count),
      }),
    );
  }
  const failure: FailureKind = stopped
    ? 'stopped'
    : outOfRange
      ? 'out-of-range'
      : races.length > 0 || storeRace
        ? 'race'
        : wrong > 0
          ? 'wrong'
          : unwritten > 0
            ? 'unwritten'
            : badStructure.length > 0
              ? 'structure'
              : 'none';
  const slip =
    wrong + unwritten > 0
      ? findSlip({ kind: ex.kind, tile: ex.constants.tile, workgroup: ex.workgroup, rowsAlongX: ex.rowsAlongX === true, tiled: ex.budget === 'tiled', invocationsX: l.invocationsX, a: d.a, b: d.b, absSum: abs }, s, out.c, kinds, { barriersMin: 1, minBarriers: 0, barriersMinAt: 0, phases: l.phases })
      : undefined;
  return {
    shape: s,
    random: c.random,
    seed: c.seed,
    status: stopped ? 'error' : failure === 'none' ? 'pass' : 'fail',
    failure,
    cRows: l.cRows,
    cCols: l.cCols,
    cells: kinds,
    expected: want,
    actual: out.c,
    wrongCount: wrong,
    unwrittenCount: unwritten,
    traced,
    tracedWorkgroups: traced ? Math.ceil(rx / ex.workgroup[0]) * Math.ceil(ry / ex.workgroup[1]) : 0,
    workgroups: l.grid[0] * l.grid[1],
    tracedFrom: [Math.floor((out.region?.x0 ?? 0) / ex.workgroup[0]), Math.floor((out.region?.y0 ?? 0) / ex.workgroup[1])],
    maxReads: facts.maxReads,
    barriersMin: facts.barriersMin,
    barriersMax: facts.barriersMax,
    phases: l.phases,
    loopBudget: l.loopBudget,
    races,
    raceCount: traced ? facts.raceCount : 0,
    structure,
    ...(wgOut ? { workgroupOutOfRange: wgOut } : {}),
    ...(storeRace ? { storeRace } : {}),
    ...(slip ? { slip } : {}),
    problems,
  };
}

/** The most 32-bit words the trace of one shape may take (32 MiB): larger shapes are checked by their values only. */
export const kMaxTraceWords = 8 * 1024 * 1024;

/**
 * Which invocations of a shape's run keep a trace, and how many records each may keep. `cap`: from the
 * budget (every loop iteration may touch a few words). `x`, `y`: the traced invocations are x × y of
 * the grid from (x0, y0), whole workgroups: the whole grid where its trace fits in kMaxTraceWords, else
 * one row of workgroups (as many as fit, the row and the first drawn from the run's seed), so that a large shape — the one with K above 96 — has its
 * races and structure read too, on the workgroups traced (a kernel that skips a barrier only on large
 * shapes fails). `cap` 0: not one workgroup fits, values only.
 */
export interface TraceRegion {
  readonly cap: number;
  readonly x: number;
  readonly y: number;
  /** The first traced invocation (x0, y0) of the grid: a workgroup drawn from the run's seed where only part of the grid is traced. */
  readonly x0: number;
  readonly y0: number;
  /** Workgroups traced, of `workgroups` in the grid. */
  readonly traced: number;
  readonly workgroups: number;
}

export function traceRegion(ex: Exercise, s: Shape, seed = 0): TraceRegion {
  const l = layoutOf(ex, s);
  const [wx, wy] = ex.workgroup;
  const workgroups = l.grid[0] * l.grid[1];
  const cap = 8 * l.loopBudget + 64;
  const per = slotWords(cap) * wx * wy;
  const whole = { x: l.invocationsX, y: l.invocationsY, x0: 0, y0: 0 };
  if (workgroups * per <= kMaxTraceWords) return { cap, ...whole, traced: workgroups, workgroups };
  const fit = Math.min(l.grid[0], Math.floor(kMaxTraceWords / per));
  if (fit < 1) return { cap: 0, ...whole, traced: 0, workgroups };
  // Which row, and where along it, from the run's seed: a kernel cannot aim its mistake at the workgroups left untraced.
  const r = mulberry32(seed ^ 0x7ace);
  const gx0 = Math.floor(r() * (l.grid[0] - fit + 1));
  const gy0 = Math.floor(r() * l.grid[1]);
  return { cap, x: fit * wx, y: wy, x0: gx0 * wx, y0: gy0 * wy, traced: fit, workgroups };
}

/** Records each invocation may keep on a shape (0: values only); see traceRegion. */
export function traceCap(ex: Exercise, s: Shape): number {
  return traceRegion(ex, s).cap;
}

/** The exercise's verdict from its shapes': an error anywhere is an error, else any failure fails. */
export function overallStatus(shapes: readonly ShapeVerdict[]): VerdictStatus {
  if (shapes.some((v) => v.status === 'error')) return 'error';
  return shapes.length > 0 && shapes.every((v) => v.status === 'pass') ? 'pass' : 'fail';
}

const kFailureOrder: readonly FailureKind[] = ['compile', 'unreadable', 'stopped', 'out-of-range', 'race', 'wrong', 'unwritten', 'structure', 'none'];

/** The failure the headline names: the most telling over every shape. */
export function headlineFailure(shapes: readonly ShapeVerdict[]): FailureKind {
  let best: FailureKind = 'none';
  for (const v of shapes) if (kFailureOrder.indexOf(v.failure) < kFailureOrder.indexOf(best)) best = v.failure;
  return best;
}

/** The words the uniform holds for one shape (see the prelude's `Dims`); `region`: the traced invocations (the whole grid unless said). */
export function uniformWords(ex: Exercise, s: Shape, cap = 0, region?: { readonly x: number; readonly y: number; readonly x0: number; readonly y0: number }): Uint32Array {
  const l = layoutOf(ex, s);
  const nan = 0x7fc00000;
  const w = new Uint32Array(kUniformWords);
  w.set([s.m, s.k, s.n, l.invocationsX, l.invocationsY, l.aRows, l.aCols, l.bRows, l.bCols, l.cRows, l.cCols, nan, l.loopBudget, cap, slotWords(cap), region?.x ?? l.invocationsX, region?.y ?? l.invocationsY, region?.x0 ?? 0, region?.y0 ?? 0]);
  return w;
}
