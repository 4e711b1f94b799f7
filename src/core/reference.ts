import { drain, mulberry32, type MatmulData, type Step } from './data';
import { f16roundArray } from './half';
import { ceilDiv, type Shape } from './shape';
import type { CBlock } from './tiling';

/** Unit roundoff of f32. */
export const kF32Unit = 2 ** -24;

/** Problems up to this many multiply-adds are checked in full; larger ones by sample. */
export const kFullCheckMacs = 2 ** 25;
/** Multiply-add budget for a sampled check (about 0.1–0.3 s of CPU time). */
export const kSampleMacBudget = 2 ** 26;
/** Most random entries in a sampled check, whatever K (a small K must not mean millions of entries). */
export const kMaxRandomEntries = 1 << 16;

/** One C element computed on the CPU in f64, with Σ|a·b| (the scale its rounding error grows with). */
export function referenceEntry(d: MatmulData, s: Shape, i: number, j: number): { value: number; absSum: number } {
  let value = 0;
  let absSum = 0;
  const rowA = i * s.k;
  for (let k = 0; k < s.k; k++) {
    const p = d.a[rowA + k]! * d.b[k * s.n + j]!;
    value += p;
    absSum += Math.abs(p);
  }
  return { value, absSum };
}

/** The full C on the CPU, accumulated in f64 (i-k-j order so both inner reads are sequential). */
export function referenceMatmul(d: MatmulData, s: Shape): Float64Array {
  const c = new Float64Array(s.m * s.n);
  for (let i = 0; i < s.m; i++) {
    for (let k = 0; k < s.k; k++) {
      const aik = d.a[i * s.k + k]!;
      if (aik === 0) continue;
      const rowB = k * s.n;
      const rowC = i * s.n;
      for (let j = 0; j < s.n; j++) c[rowC + j]! += aik * d.b[rowB + j]!;
    }
  }
  return c;
}

/**
 * Tolerance for one element: zero when the data make every sum exact; otherwise the f32 rounding
 * error of a K-term dot product, which grows like √K times the unit roundoff times Σ|a·b| for
 * any summation order (serial, tiled or tree); the factor 4 puts it several standard deviations
 * out, while a missing or doubled term of average size (Σ|a·b|/K) still fails for K up to about
 * 2.6·10^4 (beyond that, exact patterns — tolerance 0 — are the sharp test).
 */
export function tolerance(k: number, absSum: number, exact: boolean): number {
  return exact ? 0 : (2 + 4 * Math.sqrt(k)) * kF32Unit * absSum;
}

/** Corner blocks up to this many elements are checked in full (every tile width the app offers). */
export const kFullCornerBlock = 32 * 32;

/**
 * Which entries a check covers. `block` is the C block of one workgroup of the kernel that ran (its
 * plan's block: the tile for the tiled kernel, 128×128 for the 8×8 register-tiled rungs); a number is a square
 * block. Small problems: every entry. Otherwise the four corner blocks (the bottom and right ones
 * are the partial blocks), the corners and centre of every block on the border of C, and random
 * entries up to the multiply-add budget.
 */
export function entriesToCheck(s: Shape, block: number | CBlock, seed: number): { indices: Uint32Array; full: boolean; sampled?: SampledEntries } {
  const total = s.m * s.n;
  if (total * s.k <= kFullCheckMacs) {
    const indices = new Uint32Array(total);
    for (let i = 0; i < total; i++) indices[i] = i;
    return { indices, full: true };
  }
  const bm = typeof block === 'number' ? block : block.rows;
  const bn = typeof block === 'number' ? block : block.cols;
  const picked = new Set<number>();
  const add = (i: number, j: number) => {
    if (i >= 0 && i < s.m && j >= 0 && j < s.n) picked.add(i * s.n + j);
  };
  // The four corner blocks: every element when they are small or K is short; otherwise every
  // element on a grid of their rows and columns (every `step`-th row and column, the first and
  // last included), the step the smallest power of two that keeps them within half the budget.
  let step = 1;
  if (bm * bn > kFullCornerBlock) {
    while (step < Math.max(bm, bn) && 4 * ((bm * bn) / step) * 2 * s.k > kSampleMacBudget / 2) step *= 2;
  }
  const lastBi = (ceilDiv(s.m, bm) - 1) * bm;
  const lastBj = (ceilDiv(s.n, bn) - 1) * bn;
  for (const [bi, bj] of [[0, 0], [0, lastBj], [lastBi, 0], [lastBi, lastBj]] as const) {
    const i1 = Math.min(bi + bm, s.m) - 1;
    const j1 = Math.min(bj + bn, s.n) - 1;
    for (let i = bi; i <= i1; i++) {
      const gridRow = step === 1 || (i - bi) % step === 0 || i === i1;
      for (let j = bj; j <= j1; j++) if (gridRow || (j - bj) % step === 0 || j === j1) add(i, j);
    }
  }
  // The four corners and the centre of every block on the border of C.
  const blocksX = ceilDiv(s.n, bn);
  const blocksY = ceilDiv(s.m, bm);
  for (let by = 0; by < blocksY; by++) {
    for (let bx = 0; bx < blocksX; bx++) {
      if (by !== 0 && bx !== 0 && by !== blocksY - 1 && bx !== blocksX - 1) continue;
      const i0 = by * bm;
      const j0 = bx * bn;
      const i1 = Math.min(i0 + bm, s.m) - 1;
      const j1 = Math.min(j0 + bn, s.n) - 1;
      add(i0, j0); add(i0, j1); add(i1, j0); add(i1, j1); add((i0 + i1) >> 1, (j0 + j1) >> 1);
    }
  }
  const structured = picked.size;
  // Then random entries up to the multiply-add budget.
  const budget = Math.min(kMaxRandomEntries, Math.max(256, Math.floor(kSampleMacBudget / s.k) - structured));
  const rand = mulberry32(seed ^ 0x5bd1e995); // any seed, 0 included, gives a full-period stream
  for (let r = 0; r < budget * 4 && picked.size < structured + budget && picked.size < total; r++) {
    picked.add(Math.floor(rand() * total));
  }
  const sampled = { structured, random: picked.size - structured };
  return { indices: Uint32Array.from(picked), full: false, sampled };
}

export interface Mismatch {
  readonly i: number;
  readonly j: number;
  readonly got: number;
  readonly want: number;
  readonly tolerance: number;
}

/** How a sample was made: entries in the corner and edge blocks, then random ones. */
export interface SampledEntries {
  readonly structured: number;
  readonly random: number;
}

export interface Verification {
  readonly ok: boolean;
  readonly checked: number;
  readonly total: number;
  readonly full: boolean;
  /** How many entries of each kind were checked, when they were sampled (core/words howChecked says it). */
  readonly sampled?: SampledEntries;
  readonly exact: boolean;
  readonly maxAbsError: number;
  /** max |gpu − ref| / Σ|a·b| over the checked entries (0 when both are 0). */
  readonly maxRelError: number;
  readonly mismatches: number;
  readonly firstMismatches: readonly Mismatch[];
  /**
   * With f16 inputs (a kernel that rounds A and B to f16): the check above is against the product of
   * the ROUNDED inputs; this is max |gpu − ref| / Σ|a·b| against the product of the unrounded ones,
   * what the half-precision inputs cost.
   */
  readonly halfInputCost?: number;
}

/** A and B rounded to f16 (for kernels with f16 inputs); `exact` survives when rounding changed nothing. */
export function halfData(d: MatmulData): MatmulData {
  const a = f16roundArray(d.a);
  const b = f16roundArray(d.b);
  const same = (x: Float32Array, y: Float32Array) => x.every((v, i) => v === y[i]);
  return { a, b, exact: d.exact && same(a, d.a) && same(b, d.b) };
}

/**
 * Compare a GPU result with the f64 CPU reference. NaN or ±Inf in C is always a mismatch. `block`:
 * the C block of the kernel's own plan (see entriesToCheck).
 */
export function verify(d: MatmulData, s: Shape, c: Float32Array, block: number | CBlock, seed = 1, half = false): Verification {
  return drain(verifySteps(d, s, c, block, seed, half));
}

/** Multiply-adds between two progress steps of verifySteps. */
export const kVerifyStepMacs = 1 << 22;

/**
 * verify in steps: yields its progress (entries checked of the entries to check) about every
 * kVerifyStepMacs multiply-adds, so a worker can report it and notice a cancel; returns verify's result.
 */
export function* verifySteps(d: MatmulData, s: Shape, c: Float32Array, block: number | CBlock, seed = 1, half = false): Generator<Step, Verification, void> {
  const { indices, full, sampled } = entriesToCheck(s, block, seed);
  // f16 inputs: the reference is the product of the rounded inputs; the unrounded one measures the cost.
  const unrounded = d;
  if (half) d = halfData(d);
  let halfCost = 0;
  const perStep = Math.max(1, Math.floor(kVerifyStepMacs / Math.max(1, s.k)));
  let maxAbs = 0;
  let maxRel = 0;
  let mismatches = 0;
  const first: Mismatch[] = [];
  for (let n = 0; n < indices.length; n++) {
    if (n > 0 && n % perStep === 0) yield { done: n, total: indices.length };
    const idx = indices[n]!;
    const i = Math.floor(idx / s.n);
    const j = idx - i * s.n;
    const { value, absSum } = referenceEntry(d, s, i, j);
    const got = c[idx]!;
    const err = Math.abs(got - value);
    if (half) {
      const u = referenceEntry(unrounded, s, i, j);
      const e = Math.abs(got - u.value);
      halfCost = Math.max(halfCost, e === 0 ? 0 : u.absSum > 0 ? e / u.absSum : Infinity);
    }
    const tol = tolerance(s.k, absSum, d.exact);
    const rel = err === 0 ? 0 : absSum > 0 ? err / absSum : Infinity;
    const bad = !(err <= tol); // catches NaN
    if (Number.isNaN(err)) {
      maxAbs = Infinity;
      maxRel = Infinity;
    } else {
      maxAbs = Math.max(maxAbs, err);
      maxRel = Math.max(maxRel, rel);
    }
    if (bad) {
      mismatches++;
      if (first.length < 8) first.push({ i, j, got, want: value, tolerance: tol });
    }
  }
  return {
    ok: mismatches === 0 && indices.length > 0,
    checked: indices.length,
    total: s.m * s.n,
    full,
    ...(sampled ? { sampled } : {}),
    exact: d.exact,
    maxAbsError: maxAbs,
    maxRelError: maxRel,
    ...(half ? { halfInputCost: halfCost } : {}),
    mismatches,
    firstMismatches: first,
  };
}

/**
 * Every element of C checked against the reference (small problems): 1 where it is wrong.
 * Used for the error heatmap of the variant without boundary tests.
 */
export function elementErrors(d: MatmulData, s: Shape, c: Float32Array): { wrong: Uint8Array; count: number } {
  const wrong = new Uint8Array(s.m * s.n);
  let count = 0;
  for (let i = 0; i < s.m; i++) {
    for (let j = 0; j < s.n; j++) {
      const { value, absSum } = referenceEntry(d, s, i, j);
      const got = c[i * s.n + j]!;
      if (!(Math.abs(got - value) <= tolerance(s.k, absSum, d.exact))) {
        wrong[i * s.n + j] = 1;
        count++;
      }
    }
  }
  return { wrong, count };
}

/**
 * The relative tolerance the verification applies at size K (random data; exact data use 0): an
 * element passes when |gpu − ref| ≤ (2 + 4√K)·2⁻²⁴·Σ|a·b|, i.e. its error relative to Σ|a·b| is
 * at most (2 + 4√K)·2⁻²⁴. (Here rather than in core/bench.ts, which re-exports it: a run needs it
 * without the benchmark's schemas.)
 */
export const relTolerance = (k: number, exact = false): number => tolerance(k, 1, exact);
