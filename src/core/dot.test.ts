import { describe, expect, it } from 'vitest';
import { activeAt, closedForm, dotData, dotReference, dotTolerance, dotWorkgroups, formatDotValue, reductionSchedule } from './dot';

describe('dot product model', () => {
  it('the tree halves the active invocations each step', () => {
    expect(reductionSchedule(256)).toEqual([128, 64, 32, 16, 8, 4, 2, 1]);
    expect(reductionSchedule(32)).toEqual([16, 8, 4, 2, 1]);
    expect(activeAt(256, 0)).toBe(256);
    expect(activeAt(256, 1)).toBe(128);
    expect(activeAt(256, 8)).toBe(1);
  });
  it('workgroups are capped like the seed (blocksPerGrid = min(32, …))', () => {
    expect(dotWorkgroups(1, 256)).toBe(1);
    expect(dotWorkgroups(1000, 256)).toBe(4);
    expect(dotWorkgroups(1 << 20, 256)).toBe(32);
    expect(dotWorkgroups(1 << 20, 256, 64)).toBe(64);
  });
  it('closed form: a[i] = i, b[i] = 2 gives N(N − 1)', () => {
    for (const n of [1, 2, 7, 1000, 4097]) {
      expect(dotReference(dotData(n, 'closed-form')).value).toBe(closedForm(n));
    }
  });
  it('a tree reduction in f32 simulated on the CPU stays within the tolerance', () => {
    const n = 100_003;
    const d = dotData(n, 'random', 5);
    const wg = 64;
    const g = dotWorkgroups(n, wg);
    const partials: number[] = [];
    for (let w = 0; w < g; w++) {
      const cache = new Float32Array(wg);
      for (let t = 0; t < wg; t++) {
        let s = 0;
        for (let i = w * wg + t; i < n; i += g * wg) s = Math.fround(s + Math.fround(d.a[i]! * d.b[i]!));
        cache[t] = s;
      }
      for (const s of reductionSchedule(wg)) for (let t = 0; t < s; t++) cache[t] = Math.fround(cache[t]! + cache[t + s]!);
      partials.push(cache[0]!);
    }
    const got = partials.reduce((x, y) => x + y, 0);
    const ref = dotReference(d);
    expect(Math.abs(got - ref.value)).toBeLessThanOrEqual(dotTolerance(n, wg, g, false, ref.absSum));
    // …and dropping one product is caught.
    expect(Math.abs(got - d.a[0]! * d.b[0]! - ref.value) > 0).toBe(true);
  });
  it('integers are shown exactly', () => {
    expect(formatDotValue(999000)).toBe('999,000');
    expect(formatDotValue(1.5)).toBe('1.500000');
  });
});
