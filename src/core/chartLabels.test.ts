import { describe, expect, it } from 'vitest';
import { labelWidth, overlaps, placeLabels, segmentHits } from './chartLabels';

/** The placement rule itself; the roofline's use of it, with an H200's figures: ui/ladder/rooflineLayout.test.ts. */
describe('placeLabels', () => {
  const markers = [{ x: 100, y: 100, half: 8 }, { x: 130, y: 100, half: 8 }];
  it('puts a name on its marker’s right when that side is clear, else on the next clear side', () => {
    const [a, b] = placeLabels(markers, [{ marker: 1, width: 40, height: 16 }, { marker: 0, width: 40, height: 16 }], { left: 0, top: 0, right: 400, bottom: 400 });
    expect(a!.side).toBe('right');
    // Marker 0's right is marker 1: its name goes to the left.
    expect(b!.side).toBe('left');
    expect(overlaps(a!.box, b!.box)).toBe(false);
  });
  it('gives no place when every side is blocked or outside the plot', () => {
    const [a] = placeLabels([{ x: 10, y: 10, half: 8 }], [{ marker: 0, width: 300, height: 16 }], { left: 0, top: 0, right: 100, bottom: 100 });
    expect(a).toBeUndefined();
  });
  it('estimates CJK names wider than Latin ones of as many characters', () => {
    expect(labelWidth('核心程式', 13)).toBeGreaterThan(labelWidth('tile', 13) * 1.4);
  });
});

describe('segmentHits and the roofs', () => {
  const box = { left: 10, top: 10, right: 20, bottom: 20 };
  it('finds a segment through, into or beside a box', () => {
    expect(segmentHits([0, 15], [30, 15], box)).toBe(true);
    expect(segmentHits([0, 0], [15, 15], box)).toBe(true);
    expect(segmentHits([0, 0], [30, 5], box)).toBe(false);
    expect(segmentHits([0, 30], [30, 25], box)).toBe(false);
  });
  it('prefers a side clear of a line, and prints over one only when no other side is clear', () => {
    const m = [{ x: 100, y: 100, half: 8 }];
    const wide = { left: 0, top: 0, right: 400, bottom: 400 };
    // A line through the marker's right side: the name goes to the left.
    expect(placeLabels(m, [{ marker: 0, width: 40, height: 16 }], wide, [], [[[105, 0], [160, 200]]])[0]!.side).toBe('left');
    // A line crossing every side's box: still named, on the first clear side.
    expect(placeLabels(m, [{ marker: 0, width: 40, height: 16 }], wide, [], [[[0, 100], [400, 100]], [[100, 0], [100, 400]], [[0, 0], [400, 400]], [[0, 400], [400, 0]]])[0]).toBeDefined();
  });
});
