import { describe, expect, it } from 'vitest';
import { dispatchStep, untimeable, untimeableRun } from './timing';

describe('untimeable: a time too small to be a speed', () => {
  it('trusts a time well above the clock step with a small spread', () => {
    expect(untimeable(2, 10, 0.001)).toBeUndefined();
    expect(untimeable(2, 50)).toBeUndefined(); // exactly 50% is still trusted
  });
  it('refuses a time within 10 steps of the clock', () => {
    const why = untimeable(0.009, 5, 0.001);
    expect(why).toHaveLength(1);
    expect(why![0]).toMatch(/within 10 steps of the clock/);
    expect(untimeable(0.0101, 5, 0.001)).toBeUndefined();
  });
  it('refuses a spread over 50%, as the 3×3×3 run with spread 905% was', () => {
    const why = untimeable(0.5, 905);
    expect(why).toEqual(['the samples spread 905% (over 50%)']);
  });
  it('gives both reasons when both hold; an unknown step is no reason', () => {
    expect(untimeable(0.001, 120, 0.001)).toHaveLength(2);
    expect(untimeable(0.001, 10, undefined)).toBeUndefined();
    expect(untimeable(0.001, 10, 0)).toBeUndefined();
  });
});

describe('untimeableRun: the rule over a run’s own statistics and clock step', () => {
  const stats = (median: number, min: number, max: number) => ({ n: 3, median, min, max, mean: median });
  it('divides the clock step by the dispatches per sample', () => {
    expect(dispatchStep({ stats: stats(1, 1, 1), resolutionMs: 0.1, dispatchesPerSample: 20 })).toBeCloseTo(0.005);
    expect(dispatchStep({ stats: stats(1, 1, 1), dispatchesPerSample: 20 })).toBeUndefined();
  });
  it('gives the same verdict as untimeable with the run’s spread and step', () => {
    expect(untimeableRun({ stats: stats(0.04, 0.039, 0.041), resolutionMs: 0.1, dispatchesPerSample: 20 })).toHaveLength(1); // 8 steps
    expect(untimeableRun({ stats: stats(1, 0.5, 2), resolutionMs: 0.1, dispatchesPerSample: 20 })).toEqual(['the samples spread 150% (over 50%)']);
    expect(untimeableRun({ stats: stats(1, 0.9, 1.1), resolutionMs: 0.1, dispatchesPerSample: 20 })).toBeUndefined();
  });
});
