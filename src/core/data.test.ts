import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPattern, kPatterns, makeData, mulberry32, padMatrix } from './data';
import { kPatternLabels } from '../i18n/words';
import { referenceMatmul } from './reference';
import type { Shape } from './shape';

const take = (rand: () => number, n: number) => Array.from({ length: n }, () => rand());

describe('mulberry32', () => {
  it('matches the published mulberry32 sequence (same matrices everywhere)', () => {
    expect(take(mulberry32(1), 3)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
    expect(take(mulberry32(0), 2)).toEqual([0.26642920868471265, 0.0003297457005828619]);
  });

  it('is deterministic: the same seed gives the same stream', () => {
    for (const seed of [0, 1, 42, 0xffffffff, 123456789]) {
      expect(take(mulberry32(seed), 100)).toEqual(take(mulberry32(seed), 100));
    }
  });

  it('different seeds give different streams', () => {
    const a = take(mulberry32(1), 16);
    const b = take(mulberry32(2), 16);
    expect(a).not.toEqual(b);
    expect(a.filter((x, i) => x === b[i]).length).toBe(0);
  });

  it('treats the seed as a uint32', () => {
    expect(take(mulberry32(2 ** 32 + 5), 8)).toEqual(take(mulberry32(5), 8));
    expect(take(mulberry32(-1), 8)).toEqual(take(mulberry32(0xffffffff), 8));
  });

  it('returns multiples of 2^-32 in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const bad = take(mulberry32(seed), 50).filter((x) => !(x >= 0 && x < 1 && Number.isInteger(x * 4294967296)));
        expect(bad).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('is roughly uniform (mean and decile counts of 100 000 draws)', () => {
    const rand = mulberry32(7);
    const bins = new Array<number>(10).fill(0);
    let sum = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const x = rand();
      sum += x;
      bins[Math.floor(x * 10)]!++;
    }
    expect(sum / n).toBeGreaterThan(0.49);
    expect(sum / n).toBeLessThan(0.51);
    for (const c of bins) {
      expect(c).toBeGreaterThan(n / 10 - 600);
      expect(c).toBeLessThan(n / 10 + 600);
    }
  });
});

describe('isPattern / labels', () => {
  it('knows the four patterns', () => {
    expect([...kPatterns]).toEqual(['random', 'integers', 'ones', 'identity']);
    for (const p of kPatterns) expect(isPattern(p)).toBe(true);
  });

  it.each(['', 'Random', 'zeros', 'constructor', 'toString', '__proto__', 'random ', ' ones'])('rejects %j', (p) => {
    expect(isPattern(p)).toBe(false);
  });

  it('labels every pattern', () => {
    expect(Object.keys(kPatternLabels).sort()).toEqual([...kPatterns].sort());
    for (const p of kPatterns) expect(kPatternLabels[p].length).toBeGreaterThan(0);
  });
});

describe('makeData', () => {
  const shapes: Shape[] = [
    { m: 1, k: 1, n: 1 },
    { m: 3, k: 5, n: 7 },
    { m: 7, k: 5, n: 3 },
    { m: 16, k: 1, n: 9 },
    { m: 1, k: 300, n: 1 },
  ];

  it('gives A as M×K and B as K×N for every pattern', () => {
    for (const s of shapes) {
      for (const p of kPatterns) {
        const d = makeData(s, p, 1);
        expect(d.a).toBeInstanceOf(Float32Array);
        expect(d.b).toBeInstanceOf(Float32Array);
        expect(d.a.length, `${p} A`).toBe(s.m * s.k);
        expect(d.b.length, `${p} B`).toBe(s.k * s.n);
      }
    }
  });

  it('is deterministic per (shape, pattern, seed) and the seed matters for random data', () => {
    const s = { m: 9, k: 11, n: 13 };
    for (const p of kPatterns) {
      const x = makeData(s, p, 99);
      const y = makeData(s, p, 99);
      expect(x.a).toEqual(y.a);
      expect(x.b).toEqual(y.b);
    }
    expect(makeData(s, 'random', 1).a).not.toEqual(makeData(s, 'random', 2).a);
    expect(makeData(s, 'integers', 1).a).not.toEqual(makeData(s, 'integers', 2).a);
  });

  it('random: values in [−1, 1), spread over the range, not exact; B continues the stream after A', () => {
    const s = { m: 64, k: 64, n: 64 };
    const d = makeData(s, 'random', 1);
    expect(d.exact).toBe(false);
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let outside = 0;
    for (const arr of [d.a, d.b]) {
      for (const v of arr) {
        if (!(v >= -1 && v < 1)) outside++;
        min = Math.min(min, v);
        max = Math.max(max, v);
        sum += v;
      }
    }
    expect(outside).toBe(0);
    expect(min).toBeLessThan(-0.99);
    expect(max).toBeGreaterThan(0.99);
    expect(Math.abs(sum / (2 * 64 * 64))).toBeLessThan(0.05);
    // Same values as the generator, A first then B.
    const rand = mulberry32(1);
    const wantA = Float32Array.from({ length: d.a.length }, () => Math.floor(rand() * 2 ** 24) / 2 ** 23 - 1);
    const wantB = Float32Array.from({ length: d.b.length }, () => Math.floor(rand() * 2 ** 24) / 2 ** 23 - 1);
    expect(d.a).toEqual(wantA);
    expect(d.b).toEqual(wantB);
    expect(d.a).not.toEqual(d.b);
  });

  // Bug (minor): a draw of rand() ≥ 1 − 2^−26 gives rand()·2 − 1 ≥ 1 − 2^−25, which rounds to
  // exactly 1.0 when stored in the Float32Array, outside the documented [−1, 1). Probability 2^−26
  // per element, so a 4096² random problem (2^25 values) hits it about half the time. Seed
  // 52078625 makes the very first draw do it.
  it('random: never produces 1.0 (documented range is [−1, 1))', () => {
    const d = makeData({ m: 1, k: 1, n: 1 }, 'random', 52078625);
    expect(d.a[0]).toBeLessThan(1);
  });

  it('integers: whole numbers in [−8, 8], every value used, exact for small K', () => {
    const d = makeData({ m: 40, k: 40, n: 40 }, 'integers', 3);
    expect(d.exact).toBe(true);
    const seen = new Set<number>();
    for (const arr of [d.a, d.b]) for (const v of arr) seen.add(v);
    expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 17 }, (_, i) => i - 8));
    expect(Array.from(makeData({ m: 2, k: 2, n: 2 }, 'integers', 1).a)).toEqual([2, -8, 0, 8]);
  });

  it('integers: exact exactly while K·64 < 2^24 (K < 262 144)', () => {
    expect(makeData({ m: 1, k: 262_143, n: 1 }, 'integers', 1).exact).toBe(true);
    expect(makeData({ m: 1, k: 262_144, n: 1 }, 'integers', 1).exact).toBe(false);
  });

  it('ones: every entry 1, exact', () => {
    const d = makeData({ m: 5, k: 6, n: 7 }, 'ones', 1);
    expect(d.exact).toBe(true);
    expect(d.a.every((v) => v === 1)).toBe(true);
    expect(d.b.every((v) => v === 1)).toBe(true);
    // C = K everywhere.
    expect(Array.from(referenceMatmul(d, { m: 5, k: 6, n: 7 })).every((v) => v === 6)).toBe(true);
  });

  it.each([
    { m: 4, k: 4, n: 3 },
    { m: 3, k: 6, n: 5 }, // wide A: M < K
    { m: 6, k: 3, n: 5 }, // tall A: M > K
    { m: 1, k: 1, n: 1 },
    { m: 17, k: 1, n: 2 },
  ])('identity: A is the $m×$k identity (ones on the diagonal only)', (s) => {
    const d = makeData(s, 'identity', 1);
    for (let i = 0; i < s.m; i++) {
      for (let k = 0; k < s.k; k++) {
        expect(d.a[i * s.k + k], `A[${i}][${k}]`).toBe(i === k ? 1 : 0);
      }
    }
    expect(d.a.reduce((acc, v) => acc + v, 0)).toBe(Math.min(s.m, s.k));
  });

  it('identity: B is small integers and C is B’s first rows (zero rows past K)', () => {
    for (const s of [
      { m: 3, k: 6, n: 5 },
      { m: 6, k: 3, n: 5 },
      { m: 20, k: 20, n: 20 },
    ]) {
      const d = makeData(s, 'identity', 1);
      expect(d.exact).toBe(true);
      for (let i = 0; i < d.b.length; i++) expect(d.b[i]).toBe((i % 17) - 8);
      const c = referenceMatmul(d, s);
      for (let i = 0; i < s.m; i++) {
        for (let j = 0; j < s.n; j++) {
          expect(c[i * s.n + j], `C[${i}][${j}]`).toBe(i < s.k ? d.b[i * s.n + j] : 0);
        }
      }
    }
  });

  it('identity: exact exactly while K·8 < 2^24 (K < 2^21)', () => {
    expect(makeData({ m: 1, k: 2 ** 21 - 1, n: 1 }, 'identity', 1).exact).toBe(true);
    expect(makeData({ m: 1, k: 2 ** 21, n: 1 }, 'identity', 1).exact).toBe(false);
  });

  it('identity and ones do not depend on the seed', () => {
    const s = { m: 5, k: 4, n: 3 };
    for (const p of ['identity', 'ones'] as const) {
      expect(makeData(s, p, 1)).toEqual(makeData(s, p, 777));
    }
  });
});

describe('padMatrix', () => {
  it('copies rows into a wider, taller zero matrix', () => {
    const a = Float32Array.from([1, 2, 3, 4, 5, 6]); // 2×3
    const p = padMatrix(a, 2, 3, 3, 4);
    expect(Array.from(p)).toEqual([1, 2, 3, 0, 4, 5, 6, 0, 0, 0, 0, 0]);
  });
  it('returns the same array when nothing is padded', () => {
    const a = new Float32Array(8);
    expect(padMatrix(a, 2, 4, 2, 4)).toBe(a);
  });
});
