import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomialHalfCdf, intervalHalfWidthPercent, medianInterval, nextRound, spreadPercent, stopReason, summarize, type StopRule, type Summary } from './stats';

describe('summarize', () => {
  it('takes the middle sample of an odd count (after sorting)', () => {
    expect(summarize([3, 1, 2])).toEqual({ n: 3, median: 2, min: 1, max: 3, mean: 2 });
    expect(summarize([10, 1, 7, 3, 100])).toEqual({ n: 5, median: 7, min: 1, max: 100, mean: 24.2 });
  });

  it('averages the two middle samples of an even count', () => {
    expect(summarize([4, 1, 3, 2])).toEqual({ n: 4, median: 2.5, min: 1, max: 4, mean: 2.5 });
    expect(summarize([1, 100])).toEqual({ n: 2, median: 50.5, min: 1, max: 100, mean: 50.5 });
    expect(summarize([5, 5, 1, 9]).median).toBe(5);
  });

  it('handles a single sample', () => {
    expect(summarize([0.25])).toEqual({ n: 1, median: 0.25, min: 0.25, max: 0.25, mean: 0.25 });
  });

  it('sorts numerically, not lexicographically', () => {
    // Lexicographic sort would give [10, 2, 9] → median 2.
    const s = summarize([10, 9, 2]);
    expect(s.median).toBe(9);
    expect(s.min).toBe(2);
    expect(s.max).toBe(10);
  });

  it('handles negative and fractional values', () => {
    const s = summarize([-1.5, 2.5, -3, 0]);
    expect(s).toEqual({ n: 4, median: -0.75, min: -3, max: 2.5, mean: -0.5 });
  });

  it('does not reorder the caller’s array', () => {
    const samples = [3, 1, 2];
    summarize(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  it('throws on no samples', () => {
    expect(() => summarize([])).toThrow(/no samples/);
  });

  it('min ≤ median ≤ max, min ≤ mean ≤ max, and n is the count (property)', () => {
    fc.assert(
      // x + 0 turns −0 into +0: min/max may return either zero when both occur, and toBe tells them apart.
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => x + 0), { minLength: 1, maxLength: 60 }), (xs) => {
        const s = summarize(xs);
        expect(s.n).toBe(xs.length);
        expect(s.min).toBe(Math.min(...xs));
        expect(s.max).toBe(Math.max(...xs));
        expect(s.median).toBeGreaterThanOrEqual(s.min);
        expect(s.median).toBeLessThanOrEqual(s.max);
        const slack = 1e-9 * Math.max(1, Math.abs(s.min), Math.abs(s.max));
        expect(s.mean).toBeGreaterThanOrEqual(s.min - slack);
        expect(s.mean).toBeLessThanOrEqual(s.max + slack);
        // Median: at least half the samples are ≤ it and at least half are ≥ it.
        expect(xs.filter((x) => x <= s.median).length * 2).toBeGreaterThanOrEqual(xs.length);
        expect(xs.filter((x) => x >= s.median).length * 2).toBeGreaterThanOrEqual(xs.length);
      }),
    );
  });
});

describe('spreadPercent', () => {
  const sum = (min: number, median: number, max: number): Summary => ({ n: 3, min, median, max, mean: median });

  it('is (max − min) / median × 100', () => {
    expect(spreadPercent(sum(9, 10, 12))).toBeCloseTo(30, 12);
    expect(spreadPercent(summarize([1, 2, 3]))).toBeCloseTo(100, 12);
    expect(spreadPercent(summarize([4, 4, 4]))).toBe(0);
  });

  it('is 0 rather than Infinity/NaN/negative when the median is not positive', () => {
    expect(spreadPercent(sum(0, 0, 0))).toBe(0);
    expect(spreadPercent(sum(-1, 0, 5))).toBe(0);
    expect(spreadPercent(sum(-5, -2, -1))).toBe(0);
  });
});

describe('binomialHalfCdf', () => {
  it('matches exact binomial sums', () => {
    expect(binomialHalfCdf(10, 1)).toBeCloseTo(11 / 1024, 15);
    expect(binomialHalfCdf(10, 2)).toBeCloseTo(56 / 1024, 15);
    expect(binomialHalfCdf(6, 0)).toBeCloseTo(1 / 64, 15);
    expect(binomialHalfCdf(4, 2)).toBeCloseTo(11 / 16, 15);
    expect(binomialHalfCdf(5, -1)).toBe(0);
    expect(binomialHalfCdf(5, 5)).toBe(1);
  });

  it('stays finite for large n (no underflow to 0 over the whole sum)', () => {
    // Symmetry: P(B ≤ n/2 − 1) + P(B = n/2) + P(B ≥ n/2 + 1) = 1, with the two tails equal.
    const n = 2000;
    const below = binomialHalfCdf(n, n / 2 - 1);
    expect(below).toBeGreaterThan(0.48);
    expect(below).toBeLessThan(0.5);
  });
});

describe('medianInterval', () => {
  const ranks = (n: number) => {
    const ci = medianInterval(Array.from({ length: n }, (_, i) => i + 1));
    return ci && [ci.loRank, ci.hiRank];
  };

  it('gives the tabulated 95% order-statistic ranks', () => {
    // The standard table of distribution-free 95% intervals of the median (e.g. Conover, Practical Nonparametric Statistics).
    expect(ranks(6)).toEqual([1, 6]);
    expect(ranks(8)).toEqual([1, 8]);
    expect(ranks(9)).toEqual([2, 8]);
    expect(ranks(10)).toEqual([2, 9]);
    expect(ranks(20)).toEqual([6, 15]);
    expect(ranks(30)).toEqual([10, 21]);
    expect(ranks(60)).toEqual([22, 39]);
    expect(ranks(100)).toEqual([40, 61]);
  });

  it('returns the sorted samples at those ranks, with their exact coverage', () => {
    const ci = medianInterval([9, 2, 7, 4, 10, 1, 5, 3, 8, 6])!;
    expect([ci.lo, ci.hi]).toEqual([2, 9]);
    expect(ci.coverage).toBeCloseTo(1 - (2 * 11) / 1024, 12); // 0.978515625
  });

  it('is undefined below 6 samples at 95%, and at a lower level allows fewer', () => {
    expect(medianInterval([1, 2, 3, 4, 5])).toBeUndefined();
    expect(medianInterval([])).toBeUndefined();
    expect(medianInterval([1, 2, 3, 4, 5], 0.9)).toMatchObject({ loRank: 1, hiRank: 5 });
  });

  it('covers at least the level asked for, brackets the median, and is the narrowest such (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.01, max: 1e3, noNaN: true }), { minLength: 6, maxLength: 200 }), (xs) => {
        const ci = medianInterval(xs)!;
        const m = summarize(xs).median;
        expect(ci.coverage).toBeGreaterThanOrEqual(0.95);
        expect(ci.lo).toBeLessThanOrEqual(m);
        expect(ci.hi).toBeGreaterThanOrEqual(m);
        // One rank narrower would cover less than 95%.
        if (ci.loRank < Math.floor((xs.length + 1) / 2)) expect(1 - 2 * binomialHalfCdf(xs.length, ci.loRank)).toBeLessThan(0.95);
      }),
    );
  });
});

describe('intervalHalfWidthPercent', () => {
  it('is the farther bound from the median, per cent of the median', () => {
    expect(intervalHalfWidthPercent(100, 98, 103)).toBeCloseTo(3, 12);
    expect(intervalHalfWidthPercent(100, 95, 101)).toBeCloseTo(5, 12);
    expect(intervalHalfWidthPercent(0, 0, 1)).toBe(Infinity);
  });
});

describe('stopReason and nextRound (automatic sampling)', () => {
  const rule: StopRule = { level: 0.95, halfWidthPct: 3, maxSamples: 60, budgetMs: 2000, minSamples: 3 };
  const steady = (n: number) => Array.from({ length: n }, (_, i) => 1 + 0.001 * (i % 5)); // within 0.4%
  const wild = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 ? 1 : 3)); // half 1, half 3

  it('stops once the 95% interval is within ±3%, never before 6 samples can give one', () => {
    expect(stopReason(steady(5), 1, rule)).toBeUndefined();
    expect(stopReason(steady(6), 1, rule)).toBe('interval');
  });

  it('stops at the maximum of samples, or of kernel time, when the interval is wider', () => {
    expect(stopReason(wild(59), 1, rule)).toBeUndefined();
    expect(stopReason(wild(60), 1, rule)).toBe('maxSamples');
    // 4 samples of 600 ms: 2.4 s of kernel time, over the 2 s budget; too few for an interval.
    expect(stopReason([600, 610, 590, 605], 1, rule)).toBe('budget');
    // The budget counts every dispatch of a batched sample.
    expect(stopReason(wild(10), 100, rule)).toBe('budget');
    expect(stopReason(wild(10), 1, rule)).toBeUndefined();
  });

  it('takes at least minSamples, even past the budget', () => {
    expect(stopReason([3000, 3000], 1, rule)).toBeUndefined();
    expect(stopReason([3000, 3000, 3000], 1, rule)).toBe('budget');
  });

  it('plans rounds: up to 10 first, then doubling, within the maximum and the budget', () => {
    expect(nextRound(0, 2, 0, rule)).toBe(10);
    expect(nextRound(0, 500, 0, rule)).toBe(4);
    expect(nextRound(0, 3000, 0, rule)).toBe(3);
    expect(nextRound(10, 2, 20, rule)).toBe(10);
    expect(nextRound(40, 2, 80, rule)).toBe(20);
    expect(nextRound(4, 500, 1800, rule)).toBe(1);
  });
});
