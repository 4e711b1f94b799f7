import { describe, expect, it } from 'vitest';
import { trustOf } from '../../core/trust';
import { dispatchStep, distrustAdvice, distrustHeadline, distrustMark, distrustWords, untimeableRun } from './timing';

const fig = (medianMs: number, minMs: number, maxMs: number, dispatchesPerSample = 1, clockStepMs = 0.001) => ({ medianMs, minMs, maxMs, dispatchesPerSample, clockStepMs });

describe('distrustWords: core’s verdict in words', () => {
  it('says nothing for a trusted figure (exactly 50% is still trusted)', () => {
    expect(distrustWords(trustOf(fig(2, 1.9, 2.1)), 2)).toBeUndefined();
    expect(distrustWords(trustOf(fig(2, 1.5, 2.5)), 2)).toBeUndefined();
  });
  it('says a time within 10 steps of the clock', () => {
    const why = distrustWords(trustOf(fig(0.009, 0.009, 0.009)), 0.009);
    expect(why).toHaveLength(1);
    expect(why![0]).toMatch(/within 10 steps of the clock/);
  });
  it('says a spread over 50%, as the 3×3×3 run with spread 905% was', () => {
    expect(distrustWords(trustOf(fig(0.5, 0.1, 4.625)), 0.5)).toEqual(['the samples spread 905% (over 50%)']);
  });
  it('says a zero median is below the clock’s resolution, and gives both reasons when both hold', () => {
    expect(distrustWords(trustOf(fig(0, 0, 0)), 0)).toEqual(['the median is zero: below the clock’s resolution']);
    expect(distrustWords(trustOf(fig(0.001, 0.0005, 0.003)), 0.001)).toHaveLength(2);
  });
  it('marks in words and a symbol, not colour alone', () => {
    const v = trustOf(fig(0.001, 0.0005, 0.003));
    expect(distrustMark(v, 'untimeable')).toBe('⚠ too small to time');
    expect(distrustMark(v, 'noisy')).toBe('⚠ noisy (spread 250%)');
  });
});

describe('untimeableRun: the rule over a run’s own statistics and clock step', () => {
  const stats = (median: number, min: number, max: number) => ({ n: 3, median, min, max, mean: median });
  it('divides the clock step by the dispatches per sample', () => {
    expect(dispatchStep({ clock: 'gpu-timestamp', stats: stats(1, 1, 1), resolutionMs: 0.1, dispatchesPerSample: 20 })).toBeCloseTo(0.005);
    expect(dispatchStep({ clock: 'gpu-timestamp', stats: stats(1, 1, 1), dispatchesPerSample: 20 })).toBeCloseTo(0.00005); // unquantised: under 1 µs
  });
  it('gives the verdict of core/trust with the run’s spread and step', () => {
    expect(untimeableRun({ clock: 'gpu-timestamp', stats: stats(0.04, 0.039, 0.041), resolutionMs: 0.1, dispatchesPerSample: 20 })).toHaveLength(1); // 8 steps
    expect(untimeableRun({ clock: 'gpu-timestamp', stats: stats(1, 0.5, 2), resolutionMs: 0.1, dispatchesPerSample: 20 })).toEqual(['the samples spread 150% (over 50%)']);
    expect(untimeableRun({ clock: 'gpu-timestamp', stats: stats(1, 0.9, 1.1), resolutionMs: 0.1, dispatchesPerSample: 20 })).toBeUndefined();
  });
});

describe('distrustHeadline and distrustAdvice: a noisy run is not called too small', () => {
  const stats = (median: number, min: number, max: number) => ({ n: 10, median, min, max, mean: median });
  it('calls a run near the clock too small to time, and advises a larger problem', () => {
    const run = { clock: 'gpu-timestamp' as const, stats: stats(0.04, 0.039, 0.041), resolutionMs: 0.1, dispatchesPerSample: 20 };
    expect(distrustHeadline(run)).toBe('Too small to time meaningfully');
    expect(distrustAdvice(run)).toMatch(/larger problem/);
  });
  it('calls a 2.96 ms median spread over 50% too noisy, and advises running it again', () => {
    const run = { clock: 'gpu-timestamp' as const, stats: stats(2.96, 1.2, 6.1), resolutionMs: 0.001, dispatchesPerSample: 1 };
    expect(distrustHeadline(run)).toBe('Too noisy to trust as a speed');
    expect(distrustAdvice(run)).toMatch(/again/);
  });
});
