/**
 * Which products did each element of C sum? (issue #43, "slips named from the products"). A matrix
 * product kernel's C is bilinear in A and B for every common slip, so data chosen to be decoded tells
 * which terms an element summed, in four extra runs of the learner's kernel on a small shape:
 *
 * - `ak`: A[i][k] = 4^k, B all ones — C[i][j] in base 4 says how often each column k of A was used;
 * - `bk`: B[k][j] = 4^k, A all ones — how often each row k of B was used;
 * - `ai`: A[i][k] = 64^i, B all ones — how many terms came from each row i of A (K of them from row i);
 * - `bj`: B[k][j] = 64^j, A all ones — how many terms came from each column j of B.
 *
 * With K ≤ 12 and M, N ≤ 4 every partial sum is an integer below 2^24, exact in f32, so the digits are
 * exact. Compared with the expected sets they name any slip of this kind, modelled or not: a term
 * missing, a term added twice, a row or column of the wrong index (B's indices swapped). Pure data.
 */
import type { Shape } from '../shape';

export type DecodeRun = 'ak' | 'bk' | 'ai' | 'bj';
export const kDecodeRuns: readonly DecodeRun[] = ['ak', 'bk', 'ai', 'bj'];

const base = (run: DecodeRun) => (run === 'ak' || run === 'bk' ? 4 : 64);

/** Whether a shape can be decoded exactly: K ≤ 12 (base 4), M and N ≤ 4 (base 64, digits up to 63). */
export function decodable(s: Shape): boolean {
  return s.k >= 1 && s.k <= 12 && s.m <= 4 && s.n <= 4;
}

/** The inputs of one decode run (row-major A: M×K, B: K×N). */
export function decodeData(s: Shape, run: DecodeRun): { a: Float32Array; b: Float32Array } {
  const a = new Float32Array(s.m * s.k).fill(1);
  const b = new Float32Array(s.k * s.n).fill(1);
  const b0 = base(run);
  if (run === 'ak') for (let i = 0; i < s.m; i++) for (let k = 0; k < s.k; k++) a[i * s.k + k] = b0 ** k;
  if (run === 'ai') for (let i = 0; i < s.m; i++) for (let k = 0; k < s.k; k++) a[i * s.k + k] = b0 ** i;
  if (run === 'bk') for (let k = 0; k < s.k; k++) for (let j = 0; j < s.n; j++) b[k * s.n + j] = b0 ** k;
  if (run === 'bj') for (let k = 0; k < s.k; k++) for (let j = 0; j < s.n; j++) b[k * s.n + j] = b0 ** j;
  return { a, b };
}

/** The digits of a value in a base (least significant first), or undefined when it is not a whole number in range. */
function digits(v: number, b: number, count: number): number[] | undefined {
  if (!Number.isInteger(v) || v < 0 || v >= b ** count) return undefined;
  const out: number[] = [];
  let x = v;
  for (let i = 0; i < count; i++) {
    out.push(x % b);
    x = Math.floor(x / b);
  }
  return out;
}

/** What the decode runs say of one element of C. */
export interface Terms {
  readonly row: number;
  readonly col: number;
  /** Terms k that were never added (columns of A, or rows of B, used no time). */
  readonly missing: readonly number[];
  /** Terms k added more than once. */
  readonly extra: readonly number[];
  /** Rows of A other than `row` the element took terms from; columns of B other than `col`. */
  readonly aRows: readonly number[];
  readonly bCols: readonly number[];
  /** B's indices swapped: the terms came from B's row `col` (B[col][k]) instead of column `col` (B[k][col]); likewise A's. */
  readonly swapped?: 'A' | 'B';
  /** The runs could not be read (a value that is not a whole number): the slip is of another kind. */
  readonly unreadable?: boolean;
}

/**
 * The terms of the first element of C the four runs show wrong (row-major C of the decode shape, one
 * array per run), or undefined when every element summed exactly the right terms.
 */
export function decodeTerms(s: Shape, c: Readonly<Record<DecodeRun, Float32Array>>): Terms | undefined {
  for (let i = 0; i < s.m; i++) {
    for (let j = 0; j < s.n; j++) {
      const at = i * s.n + j;
      const ak = digits(c.ak[at]!, 4, s.k);
      const bk = digits(c.bk[at]!, 4, s.k);
      const ai = digits(c.ai[at]!, 64, s.m);
      const bj = digits(c.bj[at]!, 64, s.n);
      if (!ak || !bk || !ai || !bj) {
        // Not a whole number of terms: wrong, but not a slip of which terms were summed.
        return { row: i, col: j, missing: [], extra: [], aRows: [], bCols: [], unreadable: true };
      }
      const aRows = ai.flatMap((d, r) => (d > 0 && r !== i ? [r] : []));
      const bCols = bj.flatMap((d, q) => (d > 0 && q !== j ? [q] : []));
      // An index swapped: the element took one term from each of several columns of B (B[j][k] for B[k][j]), or rows of A.
      const swapped = bCols.length > 0 && bj.every((d) => d <= 1) ? 'B' : aRows.length > 0 && ai.every((d) => d <= 1) ? 'A' : undefined;
      // Base-4 digits hold up to 3 uses: past a swap the swapped matrix's k-run is not read.
      const runs = swapped === 'B' ? [ak] : swapped === 'A' ? [bk] : [ak, bk];
      const missing = [...new Set(runs.flatMap((r) => r.flatMap((d, k) => (d === 0 ? [k] : []))))].sort((x, y) => x - y);
      const extra = [...new Set(runs.flatMap((r) => r.flatMap((d, k) => (d > 1 ? [k] : []))))].sort((x, y) => x - y);
      if (missing.length === 0 && extra.length === 0 && aRows.length === 0 && bCols.length === 0) continue;
      return { row: i, col: j, missing, extra, aRows, bCols, ...(swapped ? { swapped } : {}) };
    }
  }
  return undefined;
}

/** The shape the decode runs use for an exercise: its smallest teaching shape that decodes, if any. */
export function decodeShape(shapes: readonly Shape[]): Shape | undefined {
  return [...shapes].filter(decodable).sort((x, y) => x.m * x.k * x.n - y.m * y.k * y.n)[0];
}
