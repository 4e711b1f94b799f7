import { describe, expect, it } from 'vitest';
import { blockForms, fitLabel, labelPx, mapLayout, windowAround, workgroupForms, longestLoadChars } from './tileLabels';
import { kOutside } from './trace';

describe('fitLabel', () => {
  it('keeps the full form where it fits', () => {
    expect(fitLabel(workgroupForms(3, 4), 96, 96, 12.6, 10)).toMatchObject({ text: '(3,4)', form: 0, squeezed: false });
  });
  it('takes the shorter form before going under minFont', () => {
    const w = labelPx(5, 10) + 1; // "23,23" fits at 10 px, "(23,23)" does not
    const f = fitLabel(workgroupForms(23, 23), w, 40, 12.6, 10);
    expect(f).toMatchObject({ text: '23,23', form: 1, squeezed: false });
    expect(f.size).toBeGreaterThanOrEqual(10);
  });
  it('is never blank: the shortest form, squeezed, where nothing fits', () => {
    const f = fitLabel(blockForms('A24,24'), 20, 20, 12.6, 10);
    expect(f.text).toBe('24,24');
    expect(f.squeezed).toBe(true);
    expect(f.size).toBeGreaterThan(0);
  });
});

describe('mapLayout', () => {
  const grid = (m: number, k: number, n: number, t: number) => ({ tilesY: Math.ceil(m / t), tilesX: Math.ceil(n / t), phases: Math.ceil(k / t) });
  for (const [name, g] of [
    ['default example at tile 2', grid(48, 48, 48, 2)],
    ['PMPP 3×3 at tile 2', grid(3, 3, 3, 2)],
    ['1000×1000 at tile 2', grid(1000, 1000, 1000, 2)],
    ['1000×1000 at tile 32', grid(1000, 1000, 1000, 32)],
  ] as const) {
    for (const avail of [360, 700, 1100]) {
      it(`${name}, ${avail} px: A strip and C fit, every shortest label fits at the floor`, () => {
        const l = mapLayout(g, avail, 10);
        const across = Math.min(l.window, g.phases) + Math.min(l.window, g.tilesX);
        if (l.window > 1) expect(across * (l.cell + 2) + 8).toBeLessThanOrEqual(avail);
        const wg = workgroupForms(g.tilesX - 1, g.tilesY - 1)[1];
        expect(labelPx(wg.length, 10)).toBeLessThanOrEqual(l.cell);
        expect(l.window).toBeGreaterThanOrEqual(1);
        expect(l.window).toBeLessThanOrEqual(12);
      });
    }
  }
});

describe('windowAround', () => {
  it('keeps the centre inside', () => {
    for (let c = 0; c < 24; c++) {
      const [a, b] = windowAround(c, 24, 5);
      expect(c).toBeGreaterThanOrEqual(a);
      expect(c).toBeLessThan(b);
      expect(b - a).toBe(5);
    }
  });
});

describe('tableColumns', () => {
  it('fits the columns it gives, at least one, at most the window', async () => {
    const { tableColumns, kTableGlyphEm } = await import('./tileLabels');
    for (const avail of [300, 579, 823, 1400]) {
      const n = tableColumns(avail, 18, 11, 8, false, 8);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(8);
      if (n > 1) expect(8 * kTableGlyphEm * 18 + 18 + n * (11 * kTableGlyphEm * 18 + 18)).toBeLessThanOrEqual(avail);
    }
    expect(tableColumns(0, 18, 11, 8, false, 8)).toBe(8);
  });
});

describe('longestLoadChars (the phase table’s widest load)', () => {
  const load = (row: number, col: number, index = 0) => ({ row, col, inside: index !== kOutside, index });
  it('reads the widest printed load, two more for one outside the matrices', () => {
    const t = [{ ly: 0, lx: 0, phases: [{ a: load(3, 2), b: load(2, 3), matches: true }, { a: load(47, 31), b: load(1, 0, kOutside), matches: true }] }];
    expect(longestLoadChars(t)).toBe('A[47][31]'.length);
    expect(longestLoadChars([{ ly: 0, lx: 0, phases: [{ a: load(1, 0, kOutside), b: load(0, 0), matches: true }] }])).toBe('A[1][0]'.length + 2);
  });
  it('holds a 4096³ table (256 threads × 256 phases × 2 loads) without running out of stack', () => {
    const phases = Array.from({ length: 256 }, (_, p) => ({ a: load(4095, p * 16 + 15), b: load(p * 16 + 15, 4095), matches: true }));
    const t = Array.from({ length: 256 }, (_, i) => ({ ly: i >> 4, lx: i & 15, phases }));
    expect(longestLoadChars(t)).toBe('A[4095][4095]'.length);
  });
});
