import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeData, type MatmulData, type Pattern } from './data';
import {
  entriesToCheck,
  kF32Unit,
  kFullCheckMacs,
  kSampleMacBudget,
  referenceEntry,
  referenceMatmul,
  tolerance,
  verify,
} from './reference';
import { ceilDiv, kTileWidths, type Shape } from './shape';
import { howChecked } from '../i18n/words';

type Order = 'forward' | 'reverse' | 'pairwise';

/** C in f32 the way a GPU might compute it: every product and every partial sum rounded to f32. */
function f32Matmul(d: MatmulData, s: Shape, order: Order): Float32Array {
  const c = new Float32Array(s.m * s.n);
  const terms = new Float32Array(s.k);
  const pairwise = (lo: number, hi: number): number => {
    if (hi - lo === 1) return terms[lo]!;
    const mid = (lo + hi) >> 1;
    return Math.fround(pairwise(lo, mid) + pairwise(mid, hi));
  };
  for (let i = 0; i < s.m; i++) {
    for (let j = 0; j < s.n; j++) {
      for (let k = 0; k < s.k; k++) terms[k] = Math.fround(d.a[i * s.k + k]! * d.b[k * s.n + j]!);
      let acc = 0;
      if (order === 'forward') for (let k = 0; k < s.k; k++) acc = Math.fround(acc + terms[k]!);
      else if (order === 'reverse') for (let k = s.k - 1; k >= 0; k--) acc = Math.fround(acc + terms[k]!);
      else acc = pairwise(0, s.k);
      c[i * s.n + j] = acc;
    }
  }
  return c;
}

/** Fast f32 C (i-k-j, one f32 rounding per fused multiply-add), for larger problems. */
function f32MatmulFma(d: MatmulData, s: Shape): Float32Array {
  const c = new Float32Array(s.m * s.n);
  for (let i = 0; i < s.m; i++) {
    for (let k = 0; k < s.k; k++) {
      const aik = d.a[i * s.k + k]!;
      const rowB = k * s.n;
      const rowC = i * s.n;
      for (let j = 0; j < s.n; j++) c[rowC + j] = c[rowC + j]! + aik * d.b[rowB + j]!;
    }
  }
  return c;
}

/** The next f32 above x (x finite). */
function nextUp(x: number): number {
  const f = new Float32Array([x]);
  const u = new Int32Array(f.buffer);
  if (x === 0) u[0] = 1;
  else if (x > 0) u[0]! += 1;
  else u[0]! -= 1;
  return f[0]!;
}

function data(a: number[], b: number[], exact = false): MatmulData {
  return { a: Float32Array.from(a), b: Float32Array.from(b), exact };
}

describe('referenceEntry / referenceMatmul', () => {
  // A = [[1, −2, 3], [4, 5, −6]], B = [[7, 8], [9, 10], [11, 12]]
  const s23 = { m: 2, k: 3, n: 2 };
  const d23 = data([1, -2, 3, 4, 5, -6], [7, 8, 9, 10, 11, 12]);

  it('computes a hand-checked 2×3 · 3×2 product', () => {
    // C00 = 7 − 18 + 33, C01 = 8 − 20 + 36, C10 = 28 + 45 − 66, C11 = 32 + 50 − 72.
    expect(Array.from(referenceMatmul(d23, s23))).toEqual([22, 24, 7, 10]);
    expect(referenceEntry(d23, s23, 0, 0)).toEqual({ value: 22, absSum: 58 });
    expect(referenceEntry(d23, s23, 0, 1)).toEqual({ value: 24, absSum: 64 });
    expect(referenceEntry(d23, s23, 1, 0)).toEqual({ value: 7, absSum: 139 });
    expect(referenceEntry(d23, s23, 1, 1)).toEqual({ value: 10, absSum: 154 });
  });

  it('computes a hand-checked 3×2 · 2×3 product (row-major, not transposed)', () => {
    const s = { m: 3, k: 2, n: 3 };
    // A = [[1, 2], [3, 4], [5, 6]], B = [[1, 0, −1], [2, 1, 0]]
    const d = data([1, 2, 3, 4, 5, 6], [1, 0, -1, 2, 1, 0]);
    expect(Array.from(referenceMatmul(d, s))).toEqual([5, 2, -1, 11, 4, -3, 17, 6, -5]);
  });

  it('accumulates in f64, not f32', () => {
    // 2^24 + 1 − 2^24 is 1 in f64 but 0 when summed left to right in f32.
    const s = { m: 1, k: 3, n: 1 };
    const d = data([1, 1, 1], [2 ** 24, 1, -(2 ** 24)]);
    expect(referenceMatmul(d, s)[0]).toBe(1);
    expect(referenceEntry(d, s, 0, 0)).toEqual({ value: 1, absSum: 2 ** 25 + 1 });
    expect(f32Matmul(d, s, 'forward')[0]).toBe(0);
  });

  it('referenceMatmul and referenceEntry agree bit for bit on every entry (every pattern, odd shapes)', () => {
    const shapes: Shape[] = [
      { m: 1, k: 1, n: 1 },
      { m: 3, k: 3, n: 3 },
      { m: 7, k: 13, n: 5 },
      { m: 5, k: 13, n: 7 },
      { m: 1, k: 64, n: 17 },
      { m: 17, k: 1, n: 1 },
      { m: 8, k: 3, n: 8 },
    ];
    const patterns: Pattern[] = ['random', 'integers', 'ones', 'identity'];
    for (const s of shapes) {
      for (const p of patterns) {
        const d = makeData(s, p, 5);
        const c = referenceMatmul(d, s);
        expect(c).toBeInstanceOf(Float64Array);
        expect(c.length).toBe(s.m * s.n);
        for (let i = 0; i < s.m; i++) {
          for (let j = 0; j < s.n; j++) {
            const e = referenceEntry(d, s, i, j);
            if (c[i * s.n + j] !== e.value) throw new Error(`${p} ${s.m}×${s.k}×${s.n} C[${i}][${j}]: ${c[i * s.n + j]} ≠ ${e.value}`);
          }
        }
      }
    }
  });

  it('absSum is Σ|a·b| over k', () => {
    const s = { m: 4, k: 9, n: 3 };
    const d = makeData(s, 'random', 11);
    for (let i = 0; i < s.m; i++) {
      for (let j = 0; j < s.n; j++) {
        let want = 0;
        for (let k = 0; k < s.k; k++) want += Math.abs(d.a[i * s.k + k]! * d.b[k * s.n + j]!);
        expect(referenceEntry(d, s, i, j).absSum).toBeCloseTo(want, 12);
      }
    }
  });
});

describe('tolerance', () => {
  it('is zero for exact data, whatever K and Σ|a·b|', () => {
    expect(tolerance(1, 1, true)).toBe(0);
    expect(tolerance(1_000_000, 1e9, true)).toBe(0);
  });

  it('is (2 + 4√K) · 2^−24 · Σ|a·b|', () => {
    expect(kF32Unit).toBe(2 ** -24);
    expect(tolerance(1, 1, false)).toBe(6 * 2 ** -24);
    expect(tolerance(100, 2, false)).toBe(42 * 2 ** -24 * 2);
    expect(tolerance(10_000, 0, false)).toBe(0);
  });

  it('is linear in Σ|a·b| and grows like √K', () => {
    expect(tolerance(500, 30, false)).toBeCloseTo(3 * tolerance(500, 10, false), 15);
    for (const k of [100, 10_000, 1_000_000]) {
      const ratio = tolerance(4 * k, 1, false) / tolerance(k, 1, false);
      expect(ratio).toBeGreaterThan(1.8);
      expect(ratio).toBeLessThanOrEqual(2);
      const r100 = tolerance(100 * k, 1, false) / tolerance(k, 1, false);
      expect(r100).toBeGreaterThan(9);
      expect(r100).toBeLessThanOrEqual(10);
    }
    // Strictly increasing in K.
    let prev = 0;
    for (let k = 1; k < 5000; k += 37) {
      const t = tolerance(k, 1, false);
      expect(t).toBeGreaterThan(prev);
      prev = t;
    }
  });

  it('a missing average-size term (Σ|a·b| / K) exceeds the tolerance for K up to 10^4', () => {
    for (const k of [1, 10, 100, 1000, 10_000]) {
      const absSum = k; // K terms of magnitude 1
      expect(tolerance(k, absSum, false), `K = ${k}`).toBeLessThan(absSum / k);
    }
  });

  // Documentation bug: the comment above tolerance() (reference.ts lines 40–45) says a missing or
  // doubled term (about Σ|a·b|/K) "still fails for K up to about 10^6". With this formula the term
  // only exceeds the tolerance while 1 > K·(2 + 4√K)·2^−24, i.e. K ≲ 2.6·10^4; at K = 10^5 the
  // tolerance is ≈ 7.6× an average term and at 10^6 ≈ 240×.
  it('a missing average-size term exceeds the tolerance for K up to 2·10^4 (as documented)', () => {
    for (const k of [1_000, 10_000, 20_000]) expect(tolerance(k, k, false), `K = ${k}`).toBeLessThan(1);
    // …and the comment is honest that it stops there.
    expect(tolerance(100_000, 100_000, false)).toBeGreaterThan(1);
  });
});

describe('verify', () => {
  it('passes a correct f32 result in any summation order (random data, K up to 1000)', () => {
    const shapes: Shape[] = [
      { m: 1, k: 1, n: 1 },
      { m: 3, k: 3, n: 3 },
      { m: 5, k: 2, n: 9 },
      { m: 16, k: 257, n: 9 },
      { m: 4, k: 999, n: 4 },
      { m: 7, k: 1000, n: 5 },
    ];
    for (const s of shapes) {
      for (const seed of [1, 2, 3]) {
        const d = makeData(s, 'random', seed);
        for (const order of ['forward', 'reverse', 'pairwise'] as const) {
          const v = verify(d, s, f32Matmul(d, s, order), 16, seed);
          expect(v.ok, `${s.m}×${s.k}×${s.n} seed ${seed} ${order}: ${JSON.stringify(v.firstMismatches)}`).toBe(true);
          expect(v.mismatches).toBe(0);
          expect(v.firstMismatches).toEqual([]);
          expect(v.full).toBe(true);
          expect(v.checked).toBe(s.m * s.n);
          expect(v.total).toBe(s.m * s.n);
          expect(v.exact).toBe(false);
          expect(howChecked(v)).toBe('every entry');
          expect(Number.isFinite(v.maxAbsError)).toBe(true);
        }
      }
    }
  });

  it('passes a correct f32 result for many random shapes (property)', () => {
    fc.assert(
      fc.property(
        fc.record({ m: fc.integer({ min: 1, max: 6 }), k: fc.integer({ min: 1, max: 1000 }), n: fc.integer({ min: 1, max: 6 }) }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.constantFrom<Order>('forward', 'reverse', 'pairwise'),
        (s, seed, order) => {
          const d = makeData(s, 'random', seed);
          expect(verify(d, s, f32Matmul(d, s, order), 8, seed).ok).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the f32 result is not bit-identical to the reference, so passing relies on the tolerance', () => {
    const s = { m: 7, k: 1000, n: 5 };
    const d = makeData(s, 'random', 1);
    const v = verify(d, s, f32Matmul(d, s, 'reverse'), 16);
    expect(v.ok).toBe(true);
    expect(v.maxAbsError).toBeGreaterThan(0);
    expect(v.maxRelError).toBeGreaterThan(0);
    expect(v.maxRelError).toBeLessThan(1e-5);
  });

  it('fails when one term is dropped from one entry', () => {
    const s = { m: 7, k: 1000, n: 5 };
    const d = makeData(s, 'random', 1);
    const c = f32Matmul(d, s, 'reverse');
    const [i, j] = [2, 3];
    // Drop the largest term of C[2][3].
    let kMax = 0;
    for (let k = 1; k < s.k; k++) {
      if (Math.abs(d.a[i * s.k + k]! * d.b[k * s.n + j]!) > Math.abs(d.a[i * s.k + kMax]! * d.b[kMax * s.n + j]!)) kMax = k;
    }
    c[i * s.n + j] = c[i * s.n + j]! - d.a[i * s.k + kMax]! * d.b[kMax * s.n + j]!;
    const v = verify(d, s, c, 16);
    expect(v.ok).toBe(false);
    expect(v.mismatches).toBe(1);
    expect(v.firstMismatches).toHaveLength(1);
    const mm = v.firstMismatches[0]!;
    expect(mm.i).toBe(i);
    expect(mm.j).toBe(j);
    expect(mm.got).toBe(c[i * s.n + j]);
    expect(mm.want).toBe(referenceEntry(d, s, i, j).value);
    expect(mm.tolerance).toBe(tolerance(s.k, referenceEntry(d, s, i, j).absSum, false));
  });

  it('fails when the first term is dropped from every entry (nearly every entry flagged)', () => {
    const s = { m: 16, k: 256, n: 16 };
    const d = makeData(s, 'random', 4);
    const c = f32Matmul(d, s, 'forward');
    for (let i = 0; i < s.m; i++) for (let j = 0; j < s.n; j++) c[i * s.n + j] = c[i * s.n + j]! - d.a[i * s.k]! * d.b[j]!;
    const v = verify(d, s, c, 16);
    expect(v.ok).toBe(false);
    expect(v.mismatches).toBeGreaterThanOrEqual(Math.floor(0.95 * s.m * s.n));
    expect(v.firstMismatches).toHaveLength(8);
  });

  it('fails when a term is doubled', () => {
    const s = { m: 3, k: 500, n: 3 };
    const d = makeData(s, 'random', 8);
    const c = f32Matmul(d, s, 'forward');
    // Add C[0][0]'s k = 0 term once more (k = 0 term chosen large enough here).
    const term = d.a[0]! * d.b[0]!;
    expect(Math.abs(term)).toBeGreaterThan(1e-2);
    c[0] = c[0]! + term;
    expect(verify(d, s, c, 16).ok).toBe(false);
  });

  it('the tolerance is the boundary: ±½·tol passes, ±1½·tol fails, and 0.01 off fails at K = 1000', () => {
    const s = { m: 4, k: 1000, n: 4 };
    const d = makeData(s, 'random', 2);
    const idx = 5;
    const { value, absSum } = referenceEntry(d, s, 1, 1);
    const tol = tolerance(s.k, absSum, false);
    expect(tol).toBeGreaterThan(0);
    expect(tol).toBeLessThan(0.01);
    for (const [delta, ok] of [
      [0.5 * tol, true],
      [-0.5 * tol, true],
      [1.5 * tol, false],
      [-1.5 * tol, false],
      [0.01, false],
      [-0.01, false],
    ] as const) {
      const c = f32Matmul(d, s, 'forward');
      c[idx] = value + delta;
      const v = verify(d, s, c, 16);
      expect(v.ok, `delta ${delta}`).toBe(ok);
      expect(v.mismatches).toBe(ok ? 0 : 1);
    }
  });

  it.each([NaN, Infinity, -Infinity])('fails on %s and reports it', (bad) => {
    const s = { m: 4, k: 30, n: 5 };
    const d = makeData(s, 'random', 3);
    const c = f32Matmul(d, s, 'forward');
    c[7] = bad;
    const v = verify(d, s, c, 4);
    expect(v.ok).toBe(false);
    expect(v.mismatches).toBe(1);
    expect(v.firstMismatches[0]).toMatchObject({ i: 1, j: 2 });
    expect(Object.is(v.firstMismatches[0]!.got, bad)).toBe(true);
    expect(v.maxAbsError).toBe(Infinity);
    expect(v.maxRelError).toBe(Infinity);
  });

  it('fails on NaN even with exact data', () => {
    const s = { m: 2, k: 2, n: 2 };
    const d = makeData(s, 'ones', 1);
    const c = new Float32Array([2, 2, 2, NaN]);
    const v = verify(d, s, c, 2);
    expect(v.ok).toBe(false);
    expect(v.mismatches).toBe(1);
  });

  it.each(['integers', 'ones', 'identity'] as const)('exact data (%s): bit-exact passes with zero error, one ulp off fails', (p) => {
    const s = { m: 8, k: 300, n: 6 };
    const d = makeData(s, p, 9);
    expect(d.exact).toBe(true);
    for (const order of ['forward', 'reverse', 'pairwise'] as const) {
      const c = f32Matmul(d, s, order);
      const v = verify(d, s, c, 8);
      expect(v.ok).toBe(true);
      expect(v.exact).toBe(true);
      expect(v.maxAbsError).toBe(0);
      expect(v.maxRelError).toBe(0);
    }
    for (const idx of [0, 13, s.m * s.n - 1]) {
      const c = f32Matmul(d, s, 'forward');
      c[idx] = nextUp(c[idx]!);
      expect(c[idx]).not.toBe(f32Matmul(d, s, 'forward')[idx]);
      const v = verify(d, s, c, 8);
      expect(v.ok, `idx ${idx}`).toBe(false);
      expect(v.mismatches).toBe(1);
      expect(v.firstMismatches[0]!.tolerance).toBe(0);
    }
  });

  it('ones: K = 100 gives 100 everywhere; 100 + 2^−17 (one f32 ulp) fails', () => {
    const s = { m: 3, k: 100, n: 3 };
    const d = makeData(s, 'ones', 1);
    const c = new Float32Array(9).fill(100);
    expect(verify(d, s, c, 2).ok).toBe(true);
    c[4] = 100 + 2 ** -17;
    expect(c[4]).not.toBe(100);
    const v = verify(d, s, c, 2);
    expect(v.ok).toBe(false);
    expect(v.firstMismatches).toEqual([{ i: 1, j: 1, got: 100 + 2 ** -17, want: 100, tolerance: 0 }]);
    expect(v.maxAbsError).toBe(2 ** -17);
    expect(v.maxRelError).toBe(2 ** -17 / 100);
  });

  it('reports max absolute and relative error, counts every mismatch but lists only the first 8 in order', () => {
    const s = { m: 4, k: 4, n: 5 };
    const d = makeData(s, 'ones', 1);
    const c = new Float32Array(20).fill(5); // every entry should be 4
    const v = verify(d, s, c, 2);
    expect(v.ok).toBe(false);
    expect(v.mismatches).toBe(20);
    expect(v.maxAbsError).toBe(1);
    expect(v.maxRelError).toBe(0.25);
    expect(v.firstMismatches.map((m) => [m.i, m.j])).toEqual([
      [0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [1, 0], [1, 1], [1, 2],
    ]);
  });

  it('zero rows (Σ|a·b| = 0): exact 0 and −0 pass, any non-zero fails with infinite relative error', () => {
    const s = { m: 5, k: 3, n: 2 }; // identity: rows 3 and 4 of C are zero
    const d = makeData(s, 'identity', 1);
    const c = f32Matmul(d, s, 'forward');
    c[6] = -0;
    let v = verify(d, s, c, 2);
    expect(v.ok).toBe(true);
    expect(v.maxRelError).toBe(0);
    c[9] = 1e-30;
    v = verify(d, s, c, 2);
    expect(v.ok).toBe(false);
    expect(v.firstMismatches[0]).toMatchObject({ i: 4, j: 1, want: 0, tolerance: 0 });
    expect(v.maxRelError).toBe(Infinity);
  });

  describe('sampled (large) problems', () => {
    // 300·400·300 = 3.6·10^7 multiply-adds > 2^25: checked by sample.
    const s = { m: 300, k: 400, n: 300 };
    const d = makeData(s, 'random', 6);
    const good = f32MatmulFma(d, s);

    it('passes a correct result and says it sampled', () => {
      const v = verify(d, s, good, 16, 6);
      expect(v.ok).toBe(true);
      expect(v.full).toBe(false);
      expect(v.total).toBe(s.m * s.n);
      expect(v.checked).toBeLessThan(v.total);
      expect(v.checked).toBe(entriesToCheck(s, 16, 6).indices.length);
      expect(howChecked(v)).toMatch(/^[\d,]+ in corner and edge tiles \+ [\d,]+ random$/);
    });

    it('always catches errors in the corner tiles (partial bottom-right tile included), never looks outside the sample', () => {
      const picked = new Set(entriesToCheck(s, 16, 6).indices);
      let unchecked = -1;
      for (let idx = 0; idx < s.m * s.n && unchecked < 0; idx++) if (!picked.has(idx)) unchecked = idx;
      expect(unchecked).toBeGreaterThanOrEqual(0);
      const corners = [[0, 0], [0, 299], [299, 0], [299, 299], [290, 295], [5, 291]] as const;
      const c = good.slice();
      for (const [i, j] of corners) c[i * s.n + j] = c[i * s.n + j]! + 0.5;
      c[unchecked] = NaN;
      const v = verify(d, s, c, 16, 6);
      expect(v.ok).toBe(false);
      expect(v.mismatches).toBe(corners.length);
      expect(v.firstMismatches.map((m) => `${m.i},${m.j}`).sort()).toEqual(corners.map(([i, j]) => `${i},${j}`).sort());
    });

    it('samples with seed 1 by default, and the seed changes which entries are sampled', () => {
      const one = new Set(entriesToCheck(s, 16, 1).indices);
      const two = new Set(entriesToCheck(s, 16, 2).indices);
      const onlyInOne = [...one].find((x) => !two.has(x));
      expect(onlyInOne).toBeDefined();
      const c = good.slice();
      c[onlyInOne!] = c[onlyInOne!]! + 1;
      expect(verify(d, s, c, 16).ok).toBe(false);
      expect(verify(d, s, c, 16, 2).ok).toBe(true);
    });
  });
});

describe('entriesToCheck', () => {
  it('returns every entry, in order, for small problems', () => {
    const r = entriesToCheck({ m: 3, k: 3, n: 3 }, 2, 1);
    expect(r.full).toBe(true);
    expect(howChecked(r)).toBe('every entry');
    expect(Array.from(r.indices)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const r2 = entriesToCheck({ m: 40, k: 100, n: 70 }, 16, 9);
    expect(r2.full).toBe(true);
    expect(Array.from(r2.indices)).toEqual(Array.from({ length: 2800 }, (_, i) => i));
  });

  it('checks in full up to exactly 2^25 multiply-adds', () => {
    expect(kFullCheckMacs).toBe(2 ** 25);
    expect(kSampleMacBudget).toBe(2 ** 26);
    expect(entriesToCheck({ m: 32, k: 32768, n: 32 }, 16, 1).full).toBe(true);
    const over = entriesToCheck({ m: 32, k: 32769, n: 32 }, 16, 1);
    expect(over.full).toBe(false);
    // The four corner tiles of a 32×32 C with tile 16 are all of C.
    expect(over.indices.length).toBe(1024);
    expect(howChecked(over)).toBe('1,024 in corner and edge tiles + 0 random');
  });

  describe('1000×1000×1000, tile 16', () => {
    const s = { m: 1000, k: 1000, n: 1000 };
    const tile = 16;
    const r = entriesToCheck(s, tile, 1);
    const set = new Set(r.indices);
    const at = (i: number, j: number) => set.has(i * s.n + j);

    it('is a sample, duplicate-free, in range', () => {
      expect(r.full).toBe(false);
      expect(set.size).toBe(r.indices.length);
      expect(r.indices.every((x) => x < s.m * s.n)).toBe(true);
    });

    it('includes every element of the four corner tiles (the bottom/right ones partial: 992..999)', () => {
      const missing: string[] = [];
      for (const [i0, j0] of [[0, 0], [0, 992], [992, 0], [992, 992]] as const) {
        for (let i = i0; i < Math.min(i0 + tile, s.m); i++) {
          for (let j = j0; j < Math.min(j0 + tile, s.n); j++) if (!at(i, j)) missing.push(`${i},${j}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it('includes the four corners and the centre of every edge tile', () => {
      const tiles = ceilDiv(1000, tile);
      const missing: string[] = [];
      for (let ty = 0; ty < tiles; ty++) {
        for (let tx = 0; tx < tiles; tx++) {
          if (ty !== 0 && tx !== 0 && ty !== tiles - 1 && tx !== tiles - 1) continue;
          const i0 = ty * tile;
          const j0 = tx * tile;
          const i1 = Math.min(i0 + tile, s.m) - 1;
          const j1 = Math.min(j0 + tile, s.n) - 1;
          for (const [i, j] of [[i0, j0], [i0, j1], [i1, j0], [i1, j1], [(i0 + i1) >> 1, (j0 + j1) >> 1]] as const) {
            if (!at(i, j)) missing.push(`tile ${ty},${tx}: ${i},${j}`);
          }
        }
      }
      expect(missing).toEqual([]);
      // e.g. the right edge tile in row 10 of tiles: rows 160..175, columns 992..999.
      expect(at(160, 992) && at(160, 999) && at(175, 992) && at(175, 999) && at(167, 995)).toBe(true);
    });

    it('stays within the multiply-add budget and uses most of it', () => {
      expect(r.indices.length * s.k).toBeLessThanOrEqual(kSampleMacBudget);
      expect(r.indices.length * s.k).toBeGreaterThan(0.9 * kSampleMacBudget);
    });

    it('samples interior entries too, spread over C', () => {
      const interior = Array.from(r.indices).filter((idx) => {
        const i = Math.floor(idx / s.n);
        const j = idx % s.n;
        return i >= tile && j >= tile && i < 992 && j < 992;
      });
      expect(interior.length).toBeGreaterThan(50_000);
      const rows = new Set(interior.map((idx) => Math.floor(idx / s.n)));
      expect(rows.size).toBeGreaterThan(900);
    });

    it('counts structured and random entries in `how`', () => {
      const m = /^([\d,]+) in corner and edge tiles \+ ([\d,]+) random$/.exec(howChecked(r));
      expect(m).not.toBeNull();
      const structured = Number(m![1]!.replace(/,/g, ''));
      const random = Number(m![2]!.replace(/,/g, ''));
      expect(structured + random).toBe(r.indices.length);
      // 4 corner tiles: 256 + 128 + 128 + 64 elements; plus edge-tile corners/centres.
      expect(structured).toBeGreaterThan(576);
      expect(random).toBeGreaterThan(60_000);
    });

    it('is deterministic per seed and the random part depends on the seed', () => {
      expect(entriesToCheck(s, tile, 1).indices).toEqual(r.indices);
      const other = new Set(entriesToCheck(s, tile, 2).indices);
      let common = 0;
      for (const x of set) if (other.has(x)) common++;
      expect(common).toBeLessThan(set.size / 2);
    });
  });

  it('structured entries, uniqueness and range hold for any sampled shape (property)', () => {
    fc.assert(
      fc.property(
        // K ≥ 200 keeps each case small (the random part is about 2^26 / K entries).
        fc.record({ m: fc.integer({ min: 1, max: 3000 }), k: fc.integer({ min: 200, max: 5000 }), n: fc.integer({ min: 1, max: 3000 }) }),
        fc.constantFrom(...kTileWidths),
        fc.integer({ min: 0, max: 0xffffffff }),
        (s, tile, seed) => {
          const r = entriesToCheck(s, tile, seed);
          const total = s.m * s.n;
          if (total * s.k <= kFullCheckMacs) {
            expect(r.full).toBe(true);
            expect(r.indices.length).toBe(total);
            return;
          }
          expect(r.full).toBe(false);
          const set = new Set(r.indices);
          expect(set.size).toBe(r.indices.length);
          for (const x of r.indices) if (x >= total) throw new Error(`index ${x} out of range`);
          // All four corners of C and both ends of the last row/column are always checked.
          for (const [i, j] of [[0, 0], [0, s.n - 1], [s.m - 1, 0], [s.m - 1, s.n - 1]] as const) {
            expect(set.has(i * s.n + j)).toBe(true);
          }
          // Budget: the structured entries plus at most max(256, budget/K − structured) random ones.
          const m = /^([\d,]+) in corner/.exec(howChecked(r));
          const structured = Number(m![1]!.replace(/,/g, ''));
          expect(r.indices.length).toBeLessThanOrEqual(structured + Math.max(256, Math.floor(kSampleMacBudget / s.k) - structured));
        },
      ),
      { numRuns: 40 },
    );
  });

  // Bug: the random part is sized in multiply-adds only (about 2^26 / K entries), so for a small K
  // and a large M×N it tries to put tens of millions of indices in a Set. V8 caps a Set at 2^24
  // entries: 5000×2×5000 (valid with the default WebGPU limits: C is 100 MB) throws
  // "RangeError: Set maximum size exceeded" after ~7 s, so verify() throws; 4096×3×4096 does not
  // throw but takes ~20 s, and 4096×8×4096 ~3.5 s, far beyond the documented 0.1–0.3 s.
  // Skipped rather than it.fails because reproducing it takes several seconds.
  it('small K, large M×N: does not throw and keeps the sample bounded (5000×2×5000)', () => {
    const s = { m: 5000, k: 2, n: 5000 };
    const t0 = performance.now();
    const r = entriesToCheck(s, 16, 1);
    expect(r.indices.length).toBeLessThan(2 ** 22);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  // Bug: the random part is an xorshift32 seeded with (seed ^ 0x9e3779b9). For seed 0x9e3779b9 =
  // 2654435769 (a valid seed: parseSeed accepts 0..4294967295, and verify() is called with the
  // data seed) the state is 0, xorshift stays at 0 forever, and the "random" entries collapse to
  // index 0 — which is already in the corner tile. The sampled check silently degrades to the
  // structured border entries only (0 random instead of ~66 000).
  it('samples random entries for every seed, including 0x9e3779b9', () => {
    const s = { m: 1000, k: 1000, n: 1000 };
    const normal = entriesToCheck(s, 16, 1).indices.length;
    const r = entriesToCheck(s, 16, 0x9e3779b9);
    expect(howChecked(r)).not.toMatch(/\+ 0 random$/);
    expect(r.indices.length).toBeGreaterThan(0.9 * normal);
  });
});

describe('entriesToCheck with the kernel’s own C block', () => {
  it('a square number and the same CBlock pick the same entries', () => {
    const s = { m: 1000, k: 1000, n: 1000 };
    expect(entriesToCheck(s, { rows: 16, cols: 16 }, 3).indices).toEqual(entriesToCheck(s, 16, 3).indices);
  });

  it('checks the whole partial corner block of a 128×128-block kernel, which the UI’s tile-16 corners miss', () => {
    const s = { m: 1000, k: 64, n: 1000 }; // 64M multiply-adds: sampled; the last block starts at 896
    const byTile = new Set(entriesToCheck(s, 16, 1).indices);
    const byBlock = new Set(entriesToCheck(s, { rows: 128, cols: 128 }, 1).indices);
    const at = (i: number, j: number) => i * s.n + j;
    expect(byTile.has(at(900, 900))).toBe(false); // inside the block, far from the tile-16 border
    for (let i = 896; i < 1000; i++) for (let j = 896; j < 1000; j++) expect(byBlock.has(at(i, j))).toBe(true);
    for (let i = 0; i < 128; i++) for (let j = 896; j < 1000; j++) expect(byBlock.has(at(i, j))).toBe(true);
    // Corners and centre of a border block: block (0, 3) covers columns 384 … 511.
    expect(byBlock.has(at(0, 384)) && byBlock.has(at(127, 511)) && byBlock.has(at(63, 447))).toBe(true);
  });

  it('with a long K, the corner blocks are checked on a grid of their rows and columns, within budget', () => {
    const s = { m: 1024, k: 4096, n: 1024 };
    const r = entriesToCheck(s, { rows: 128, cols: 128 }, 1);
    const set = new Set(r.indices);
    const at = (i: number, j: number) => i * s.n + j;
    // Every 16th row and column of each corner block, and its last row and column.
    expect(set.has(at(896, 900)) && set.has(at(900, 896)) && set.has(at(1023, 950)) && set.has(at(950, 1023))).toBe(true);
    expect(set.has(at(912, 930))).toBe(true); // row 896 + 16
    const m = /^([\d,]+) in corner/.exec(howChecked(r));
    expect(Number(m![1]!.replace(/,/g, '')) * s.k).toBeLessThanOrEqual(kSampleMacBudget);
  });

  it('a wrong element inside a 128×128 corner block fails verification with the block, not with tile 16', () => {
    const s = { m: 1000, k: 64, n: 1000 };
    const d = makeData(s, 'integers', 5);
    const c = Float32Array.from(referenceMatmul(d, s));
    c[900 * s.n + 900] = c[900 * s.n + 900]! + 1;
    expect(verify(d, s, c, 16, 1).ok).toBe(true);
    expect(verify(d, s, c, { rows: 128, cols: 128 }, 1).ok).toBe(false);
  });
});
