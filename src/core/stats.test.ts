import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadPercent, summarize, type Summary } from './stats';

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
