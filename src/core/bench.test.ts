import { describe, expect, it } from 'vitest';
import { crossover, estimateMs, parseSizes, pointReasonText, pointsToCsv, sweepPlan } from './bench';
import { i18n, t } from '../i18n';

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

describe('a point’s recorded reason', () => {
  it('is recorded in English and shown in the reader’s language; other reasons are shown as recorded', async () => {
    const recorded = t('bench:sweep.skippedEstimate', { lng: 'en', seconds: '12', from: '1024³', limit: 4 });
    expect(recorded).toBe('Estimated 12 s per run on this adapter (from 1024³), over the 4 s limit.');
    expect(pointReasonText(recorded)).toBe(recorded);
    try {
      await i18n.changeLanguage('zh-CN');
      // Made while the page reads Chinese, the record is still English (a link carries no language).
      expect(t('bench:sweep.skippedEstimate', { lng: 'en', seconds: '12', from: '1024³', limit: 4 })).toBe(recorded);
      expect(pointReasonText(recorded)).toBe('估计在此适配器上每次运行需 12 秒（根据 1024³ 推算），超过 4 秒的上限。');
      expect(pointReasonText('The adapter refused it.')).toBe('The adapter refused it.');
      expect(parseSizes('').error).toMatch(/\p{Script=Han}/u);
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(parseSizes('').error).toBe('Enter at least one size, e.g. 64, 128, 256.');
  });
});
