import { describe, expect, it } from 'vitest';
import { crossover, estimateMs, parseSizes, pointsToCsv, sweepPlan } from './bench';

describe('parseSizes', () => {
  it('accepts commas, spaces and semicolons and drops duplicates', () => {
    expect(parseSizes('16, 24 40;16')).toEqual({ sizes: [16, 24, 40] });
  });
  it('rejects empty, non-numeric, zero, fractional and absurd sizes', () => {
    for (const bad of ['', ' , ', 'abc', '0', '2.5', '-3', '99999999', Array.from({ length: 65 }, (_, i) => i + 1).join(',')]) {
      expect(parseSizes(bad).error, bad).toBeTruthy();
    }
  });
});

describe('sweep helpers', () => {
  it('plans each size × kernel in order', () => {
    expect(sweepPlan({ sizes: [8, 16], kernels: ['naive', 'tiled'], tile: 16, warmups: 1, samples: 0 })).toEqual([
      { size: 8, kernel: 'naive' },
      { size: 8, kernel: 'tiled' },
      { size: 16, kernel: 'naive' },
      { size: 16, kernel: 'tiled' },
    ]);
  });
  it('estimates cubic growth', () => {
    expect(estimateMs(2, 512, 1024)).toBe(16);
  });
  it('finds the size from which tiled stays ahead', () => {
    const p = (kernel: 'naive' | 'tiled', size: number, medianMs: number) => ({ kernel, size, medianMs, verified: true, tile: kernel === 'tiled' ? (16 as const) : null });
    expect(crossover([p('naive', 64, 1), p('tiled', 64, 2), p('naive', 128, 2), p('tiled', 128, 1), p('naive', 256, 8), p('tiled', 256, 3)])).toBe(128);
    expect(crossover([p('naive', 64, 1), p('tiled', 64, 0.5), p('naive', 128, 1), p('tiled', 128, 2)])).toBeUndefined();
    expect(crossover([p('naive', 64, 1)])).toBeUndefined();
  });
  it('writes CSV with quoting and defused formulas', () => {
    const csv = pointsToCsv([{ kernel: 'tiled', tile: 16, size: 64, skipped: '=HYPERLINK("x"), too big' }]);
    const [head, row] = csv.trim().split('\n');
    expect(head!.split(',')[0]).toBe('kernel');
    expect(row).toContain(`"'=HYPERLINK(""x""), too big"`);
  });
});
