import { describe, expect, it } from 'vitest';
import {
  copyBytesMoved,
  copyElements,
  copyMismatches,
  copyWord,
  copyWorkgroups,
  fillCopyWords,
  fmaChain,
  fmaExpected,
  fmaFlops,
  fmaMismatches,
  gbPerS,
  gflopPerS,
  grid2d,
  kH100Roofline,
  ridge,
  roofline,
  rooflineChart,
  rooflineSizes,
} from './roofline';

describe('roofline models', () => {
  it('counts a copy as every byte read once and written once', () => {
    expect(copyElements({ bytes: 1 << 20 })).toBe(65536);
    expect(copyBytesMoved({ bytes: 1 << 20 })).toBe(2 << 20);
    expect(gbPerS(2e9, 1000)).toBeCloseTo(2);
    expect(gbPerS(1, 0)).toBe(0);
  });
  it('counts an fma as two FLOP on 32 chains per invocation', () => {
    expect(fmaFlops({ invocations: 10, iterations: 8 })).toBe(2 * 32 * 8 * 10);
    expect(gflopPerS(5e9, 1)).toBeCloseTo(5000);
  });
  it('is min(peak, intensity × bandwidth), with the ridge where they meet', () => {
    expect(roofline(1, 1000, 100)).toBe(100);
    expect(roofline(100, 1000, 100)).toBe(1000);
    expect(ridge(67000, 3350)).toBeCloseTo(20);
    expect(roofline(ridge(67000, 3350), 67000, 3350)).toBeCloseTo(67000);
  });
});

describe('roofline sizes', () => {
  const gpu = { isFallbackAdapter: false, maxStorageBufferBindingSize: 2 ** 31, maxBufferSize: 2 ** 31 };
  it('are tiny on a software adapter and large on a GPU', () => {
    const sw = rooflineSizes({ ...gpu, isFallbackAdapter: true });
    const hw = rooflineSizes(gpu);
    expect(sw.scale).toBe('small');
    expect(hw.scale).toBe('large');
    expect(fmaFlops(sw.fma)).toBeLessThan(1e7);
    expect(hw.copy.bytes).toBe(256 << 20);
    expect(fmaFlops(hw.fma)).toBeGreaterThan(1e11);
  });
  it('keep the copy within the binding limit', () => {
    expect(rooflineSizes({ ...gpu, maxStorageBufferBindingSize: 128 << 20 }).copy.bytes).toBe(128 << 20);
    expect(rooflineSizes({ ...gpu, maxBufferSize: (100 << 20) + 5 }).copy.bytes).toBe(100 << 20);
  });
  it('lay out more than 65,535 workgroups in two dimensions', () => {
    expect(grid2d(100)).toEqual({ x: 100, y: 1 });
    const g = grid2d(262144);
    expect(g.y).toBe(5);
    expect(g.x).toBeLessThanOrEqual(65535);
    expect(g.x * g.y).toBeGreaterThanOrEqual(262144);
    expect(copyWorkgroups({ bytes: 1 << 20, workgroupSize: 64, perInvocation: 1, mode: 'block' })).toBe(1024);
    expect(copyWorkgroups({ bytes: 1 << 20, workgroupSize: 64, perInvocation: 1, mode: 'grid-stride', gridWorkgroups: 7 })).toBe(7);
  });
});

describe('roofline checks', () => {
  it('find every misplaced word of a copy', () => {
    const w = new Uint32Array(1000);
    fillCopyWords(w, 500);
    expect(copyMismatches(w, 500)).toEqual({ count: 0 });
    expect(new Set(w).size).toBe(1000);
    w[3] = w[4]!;
    expect(copyMismatches(w, 500)).toEqual({ count: 1, firstAt: 503 });
    expect(copyMismatches(w, 501).count).toBeGreaterThan(990); // shifted by one word: nearly all wrong
    expect(copyWord(0)).toBe(0);
  });
  it('run the fma chain in f32 exactly (a = b = 1 adds one per step)', () => {
    expect(fmaChain(5, 64)).toBe(69);
    // Where f32 rounds: 2^24 + 1 is not representable, so the chain stops there.
    expect(fmaChain(2 ** 24, 3)).toBe(2 ** 24);
    expect(fmaChain(1.5, 2, 0.5, 0.25)).toBe(Math.fround(Math.fround(1.5 * 0.5 + 0.25) * 0.5 + 0.25));
  });
  it('expect each invocation to write the sum of its 8 chains, lane by lane', () => {
    const e = fmaExpected(1025, 8); // g mod 1024 = 1: chains start at 1 + 4c + lane
    const sum = (lane: number) => Array.from({ length: 8 }, (_, c) => 1 + 4 * c + lane + 8).reduce((a, b) => a + b, 0);
    expect(Array.from(e)).toEqual([0, 1, 2, 3].map(sum));
  });
  it('count invocations whose result is not the CPU chain’s', () => {
    const n = 2048;
    const got = new Float32Array(4 * n);
    for (let g = 0; g < n; g++) got.set(fmaExpected(g, 16), 4 * g);
    expect(fmaMismatches(got, 16)).toEqual({ count: 0, checked: n });
    got[4 * 1500 + 2] = got[4 * 1500 + 2]! + 1;
    expect(fmaMismatches(got, 16)).toEqual({ count: 1, checked: n, firstAt: 1500 });
    expect(fmaMismatches(got, 12).count).toBe(n); // four steps fewer: every invocation differs
  });
});

describe('roofline chart', () => {
  const here = { bandwidthGbs: 3000, fmaGflops: 58000 };
  const ref = { bandwidthGbs: kH100Roofline.bandwidthGbs, fmaGflops: kH100Roofline.fmaGflops };
  it('draws each roof as a slope up to its ridge, then flat', () => {
    const c = rooflineChart(here, ref, []);
    expect(c.here.points).toHaveLength(3);
    expect(c.here.ridge).toBeCloseTo(58000 / 3000);
    const [, knee, end] = c.here.points;
    expect(knee![1]).toBeCloseTo(end![1]); // flat after the ridge
    expect(c.xTicks[0]).toBe(c.xMin);
    expect(c.yTicks.at(-1)).toBe(c.yMax);
    expect(c.yMax).toBeGreaterThanOrEqual(Math.log10(67000));
  });
  it('places rungs at their intensity and rate, inside the axes', () => {
    const c = rooflineChart(here, ref, [
      { id: 'naive', intensity: 0.25, gflops: 1600, trusted: true },
      { id: 'blk', intensity: 100, gflops: 43000, trusted: false },
      { id: 'nothing', intensity: 0, gflops: 10, trusted: true },
    ]);
    expect(c.points.map((p) => p.id)).toEqual(['naive', 'blk']);
    for (const p of c.points) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(1);
      expect(p.clamped).toBe(false);
    }
    expect(c.points[1]!.x).toBeGreaterThan(c.points[0]!.x);
    expect(c.points[1]!.y).toBeGreaterThan(c.points[0]!.y);
  });
  it('widens its axes for a slow GPU (SwiftShader: tenths of a GFLOP/s)', () => {
    const c = rooflineChart({ bandwidthGbs: 0.5, fmaGflops: 0.3 }, ref, [{ id: 'naive', intensity: 0.25, gflops: 0.05, trusted: true }]);
    expect(c.yMin).toBeLessThanOrEqual(Math.log10(0.05));
    expect(c.points[0]!.clamped).toBe(false);
    expect(c.here.points.every(([x, y]) => x >= 0 && x <= 1 && y >= 0 && y <= 1)).toBe(true);
  });
});
