/**
 * Name the slip: when a matmul exercise's wrong values are exactly what a known slip produces, say
 * which, and where it shows. Each slip is a model of the kernel with that one mistake, run on the
 * CPU on the same data; it is named only when every element the kernel wrote matches the model (and
 * the model differs from the right answer somewhere), so a name is never a guess. A missing barrier
 * is named from the GPU's own barrier counts. Pure data, no words: the view says it.
 */
import { tolerance } from '../reference';
import type { Shape } from '../shape';
import { kCell } from './cells';

/** What a slip model needs of the exercise and the run's layout. */
export interface SlipContext {
  readonly kind: 'add' | 'matmul' | 'transpose' | 'dot';
  readonly tile: number;
  readonly workgroup: readonly [number, number];
  readonly rowsAlongX: boolean;
  /** A tiled exercise (phases of TILE). */
  readonly tiled: boolean;
  readonly invocationsX: number;
  readonly a: Float32Array;
  readonly b: Float32Array;
  /** Each element's Σ|a·b| (the judge's own, from the CPU reference): what a model's tolerance grows with. */
  readonly absSum: Float64Array;
}

export type SlipKind =
  | 'as-transposed'
  | 'bs-transposed'
  | 'phase-skipped'
  | 'phase-repeated'
  | 'last-tile-dropped'
  | 'off-by-one'
  | 'k-capped'
  | 'int-accumulator'
  | 'missing-barrier';

export const kSlipKinds: readonly SlipKind[] = [
  'as-transposed',
  'bs-transposed',
  'phase-skipped',
  'phase-repeated',
  'last-tile-dropped',
  'off-by-one',
  'k-capped',
  'int-accumulator',
  'missing-barrier',
];

export interface Slip {
  readonly kind: SlipKind;
  /** The first element of C it shows in (row, column), its workgroup's tile and its lane in it. */
  readonly row: number;
  readonly col: number;
  readonly tileRow: number;
  readonly tileCol: number;
  readonly laneX: number;
  readonly laneY: number;
  /** The phase involved (phase-skipped, phase-repeated), 0-based. */
  readonly phase?: number;
  /** How many terms of the sum it kept (off-by-one, k-capped, last-tile-dropped). */
  readonly terms?: number;
  /** Barriers the invocation ran, and what it needed (missing-barrier). */
  readonly barriers?: number;
  readonly need?: number;
}

interface BarrierCounts {
  readonly barriersMin: number;
  readonly minBarriers: number;
  /** The invocation that ran the fewest. */
  readonly barriersMinAt: number;
  readonly phases: number;
}

/** A model's value for element (i, j), or undefined where the model says nothing. */
type Model = (i: number, j: number) => number | undefined;

/** The slip the kernel's C matches, if any. `c`: the GPU's C; `cells`: kCell per element. */
export function findSlip(x: SlipContext, s: Shape, c: Float32Array, cells: Uint8Array, counts: BarrierCounts): Slip | undefined {
  const d = x;
  const [wx, wy] = x.workgroup;
  const where = (row: number, col: number) => {
    // Rows of C run along the grid's y (x in the Numba port).
    const [gx, gy] = x.rowsAlongX ? [row, col] : [col, row];
    return { row, col, tileRow: Math.floor(gy / wy), tileCol: Math.floor(gx / wx), laneX: gx % wx, laneY: gy % wy };
  };
  if (counts.barriersMin < counts.minBarriers) {
    const gx = counts.barriersMinAt % x.invocationsX;
    const gy = Math.floor(counts.barriersMinAt / x.invocationsX);
    const [row, col] = x.rowsAlongX ? [gx, gy] : [gy, gx];
    return { kind: 'missing-barrier', ...where(row, col), barriers: counts.barriersMin, need: counts.minBarriers };
  }
  if (x.kind !== 'matmul') return undefined;
  const first = cells.findIndex((k) => k === kCell.wrong);
  if (first < 0) return undefined;
  const { m, k: K, n } = s;
  const T = x.tile;
  const tiled = x.tiled;
  const A = (i: number, q: number) => (i < m && q < K ? d.a[i * K + q]! : 0);
  const B = (q: number, j: number) => (q < K && j < n ? d.b[q * n + j]! : 0);
  const tol = (i: number, j: number) => 2 * tolerance(K, x.absSum[i * n + j]!, false) + 1e-30;
  /** True when every element the kernel wrote matches the model, and the model is wrong somewhere. */
  const matches = (model: Model) => {
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < n; j++) {
        const e = i * n + j;
        if (cells[e] === kCell.unwritten) continue;
        const v = model(i, j);
        if (v === undefined) continue;
        if (!(Math.abs(c[e]! - v) <= tol(i, j))) return false;
      }
    }
    return true;
  };
  const sumRange = (i: number, j: number, from: number, to: number) => {
    let t = 0;
    for (let q = from; q < Math.min(to, K); q++) t += A(i, q) * B(q, j);
    return t;
  };
  const full = (i: number, j: number) => sumRange(i, j, 0, K);
  const at = where(Math.floor(first / n), first % n);
  const phases = Math.ceil(K / T);
  if (tiled) {
    // As[ty][tx] stored as As[tx][ty]: the k-th term takes A[tile row + k][phase column + ty].
    const asT: Model = (i, j) => {
      const r0 = i - (i % T);
      let t = 0;
      for (let ph = 0; ph < phases; ph++) for (let q = 0; q < T; q++) t += A(r0 + q, ph * T + (i % T)) * B(ph * T + q, j);
      return t;
    };
    if (matches(asT)) return { kind: 'as-transposed', ...at };
    const bsT: Model = (i, j) => {
      const c0 = j - (j % T);
      let t = 0;
      for (let ph = 0; ph < phases; ph++) for (let q = 0; q < T; q++) t += A(i, ph * T + q) * B(ph * T + (j % T), c0 + q);
      return t;
    };
    if (matches(bsT)) return { kind: 'bs-transposed', ...at };
    if (K % T !== 0 && phases > 1 && matches((i, j) => sumRange(i, j, 0, (phases - 1) * T))) return { kind: 'last-tile-dropped', ...at, terms: (phases - 1) * T, phase: phases - 1 };
    for (let p = 0; p < phases; p++) {
      if (matches((i, j) => full(i, j) - sumRange(i, j, p * T, (p + 1) * T))) return { kind: 'phase-skipped', ...at, phase: p };
      if (matches((i, j) => full(i, j) + sumRange(i, j, p * T, (p + 1) * T))) return { kind: 'phase-repeated', ...at, phase: p };
    }
  }
  // The sum cut short: the first wrong element tells how many terms; every other must agree.
  const i0 = Math.floor(first / n);
  const j0 = first % n;
  for (let kept = K - 1; kept >= 0; kept--) {
    if (!(Math.abs(c[first]! - sumRange(i0, j0, 0, kept)) <= tol(i0, j0))) continue;
    if (matches((i, j) => sumRange(i, j, 0, kept))) return { kind: kept === K - 1 ? 'off-by-one' : 'k-capped', ...at, terms: kept };
    break;
  }
  // An integer accumulator: each product truncated toward zero before it is added.
  const intAcc: Model = (i, j) => {
    let t = 0;
    for (let q = 0; q < K; q++) t += Math.trunc(Math.fround(A(i, q) * B(q, j)));
    return t;
  };
  if (matches(intAcc)) return { kind: 'int-accumulator', ...at };
  return undefined;
}
