import { describe, expect, it } from 'vitest';
import { decodable, decodeData, decodeShape, decodeTerms, kDecodeRuns, type DecodeRun } from './terms';
import type { Shape } from '../shape';

/** A kernel as a rule for the terms of C[i][j]: the (A row, A col, B row, B col) of each product it adds. */
type Rule = (i: number, j: number, K: number) => [number, number, number, number][];

/** What a kernel following `rule` writes on each decode run (f32, as the GPU would). */
function run(s: Shape, rule: Rule): Record<DecodeRun, Float32Array> {
  const out = {} as Record<DecodeRun, Float32Array>;
  for (const r of kDecodeRuns) {
    const { a, b } = decodeData(s, r);
    const c = new Float32Array(s.m * s.n);
    for (let i = 0; i < s.m; i++) for (let j = 0; j < s.n; j++) for (const [ar, ac, br, bc] of rule(i, j, s.k)) c[i * s.n + j]! += a[ar * s.k + ac]! * b[br * s.n + bc]!;
    out[r] = c;
  }
  return out;
}
const ks = (K: number) => Array.from({ length: K }, (_, k) => k);
const right: Rule = (i, j, K) => ks(K).map((k) => [i, k, k, j]);

describe('the terms each element summed, decoded from four runs', () => {
  const s = { m: 4, k: 4, n: 4 };
  it('the right kernel sums exactly the right terms', () => {
    expect(decodeTerms(s, run(s, right))).toBeUndefined();
  });
  it('names the missing terms of the last partial tile', () => {
    const t = decodeTerms({ m: 3, k: 7, n: 3 }, run({ m: 3, k: 7, n: 3 }, (i, j) => ks(4).map((k) => [i, k, k, j])));
    expect(t).toMatchObject({ row: 0, col: 0, missing: [4, 5, 6], extra: [] });
  });
  it('names a term added twice', () => {
    expect(decodeTerms(s, run(s, (i, j, K) => [...right(i, j, K), [i, 2, 2, j]]))).toMatchObject({ missing: [], extra: [2] });
  });
  it('names B’s indices swapped (B[j][k] for B[k][j]) and A’s', () => {
    expect(decodeTerms(s, run(s, (i, j, K) => ks(K).map((k) => [i, k, j, k])))).toMatchObject({ row: 0, col: 0, swapped: 'B', bCols: [1, 2, 3] });
    expect(decodeTerms(s, run(s, (i, j, K) => ks(K).map((k) => [k, i, k, j])))).toMatchObject({ swapped: 'A', aRows: [1, 2, 3] });
  });
  it('a value that is no whole number of terms is not read as terms', () => {
    const c = run(s, right);
    c.ak[5] = 0.5;
    expect(decodeTerms(s, c)).toMatchObject({ row: 1, col: 1, unreadable: true });
  });
  it('decodes only shapes whose sums stay exact, and picks the smallest teaching shape that does', () => {
    expect(decodable({ m: 4, k: 12, n: 4 })).toBe(true);
    expect(decodable({ m: 8, k: 8, n: 8 })).toBe(false);
    expect(decodable({ m: 4, k: 13, n: 4 })).toBe(false);
    expect(decodeShape([{ m: 8, k: 12, n: 4 }, { m: 4, k: 8, n: 4 }, { m: 4, k: 4, n: 4 }])).toEqual({ m: 4, k: 4, n: 4 });
    // 4^11 · 3 + … stays below 2^24: exact in f32.
    const big = { m: 4, k: 12, n: 4 };
    expect(decodeTerms(big, run(big, right))).toBeUndefined();
  });
});
