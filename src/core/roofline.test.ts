import { describe, expect, it } from 'vitest';
import mmaSource from '../../shaders/roofline_mma.wgsl?raw';
import { f16round } from './half';
import { kTensorLanes } from './kernels/tensor';
import {
  attainableGflops,
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
  kLargeMma,
  kMaxMmaTrips,
  kMmaInputs,
  kMmaLanes,
  kMmaPerTrip,
  mmaExpected,
  mmaFlops,
  mmaInputs,
  mmaMismatches,
  mmaOutputFloats,
  mmaTripSums,
  ridge,
  roofShare,
  roofline,
  rooflineChart,
  rooflineEstimateSeconds,
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

describe('the tensor roof’s probe (roofline_mma.wgsl, issue #49)', () => {
  it('counts a 16×16×16 multiply-accumulate as 8,192 FLOP, four per trip per subgroup', () => {
    expect(mmaFlops({ workgroups: 1, subgroups: 1, trips: 1 })).toBe(4 * 2 * 16 ** 3);
    expect(mmaFlops(kLargeMma)).toBe(4096 * 4 * 4 * 2048 * 8192);
    expect(mmaOutputFloats({ workgroups: 3, subgroups: 4 })).toBe(3 * 4 * 1024);
  });
  it('is written for the tensor-core rung’s subgroups of 32', () => {
    expect(kMmaLanes).toBe(kTensorLanes);
  });
  it('sizes a GPU’s run at about 10^12 FLOP within one 128 MiB binding, a software adapter’s tiny', () => {
    const hw = rooflineSizes({ isFallbackAdapter: false, maxStorageBufferBindingSize: 2 ** 31, maxBufferSize: 2 ** 31 });
    const sw = rooflineSizes({ isFallbackAdapter: true, maxStorageBufferBindingSize: 2 ** 27, maxBufferSize: 2 ** 28 });
    expect(mmaFlops(hw.mma)).toBeGreaterThan(5e11);
    expect(mmaFlops(hw.mma)).toBeLessThan(5e12);
    expect(mmaOutputFloats(hw.mma) * 4).toBeLessThanOrEqual(128 << 20);
    expect(hw.mma.trips).toBeLessThanOrEqual(kMaxMmaTrips);
    expect(mmaFlops(sw.mma)).toBeLessThan(1e7);
  });
  it('takes small integers, exact in f16, that differ fragment from fragment', () => {
    const x = mmaInputs();
    expect(x).toHaveLength(kMmaInputs);
    for (const v of x) {
      expect(Number.isInteger(v) && v >= -2 && v <= 2).toBe(true);
      expect(f16round(v)).toBe(v);
    }
    const frags = [0, 1, 2, 3].map((f) => Array.from(x.subarray(256 * f, 256 * (f + 1))).join());
    expect(new Set(frags).size).toBe(4);
  });
  it('expects each result fragment to be left × right, row-major (not the transpose)', () => {
    const x = mmaInputs();
    const s = mmaTripSums(x);
    // c01, row 3, column 5: Σ_k a0[3][k] · b1[k][5], a0 at 0 and b1 at 768, both row-major.
    let want = 0;
    for (let k = 0; k < 16; k++) want += x[3 * 16 + k]! * x[768 + k * 16 + 5]!;
    expect(s[256 + 3 * 16 + 5]).toBe(want);
    // The transpose's element differs somewhere: the check tells row-major from column-major.
    let differs = 0;
    for (let r = 0; r < 16; r++) for (let c = 0; c < 16; c++) if (s[r * 16 + c] !== s[c * 16 + r]) differs++;
    expect(differs).toBeGreaterThan(100);
  });
  it('keeps every partial sum exact in f32 up to kMaxMmaTrips trips, in any order of adding', () => {
    const s = mmaTripSums();
    const big = Math.max(...Array.from(s, Math.abs));
    expect(big).toBeLessThanOrEqual(64);
    expect(big * kMaxMmaTrips).toBeLessThan(2 ** 24);
    // Trip by trip, each product added in f32 (as a tensor core may): the same integers as trips × one trip's sums.
    const trips = 300;
    const e = mmaExpected(trips);
    const x = mmaInputs();
    for (const at of [0, 17, 300, 555, 1023]) {
      const f = Math.floor(at / 256);
      const a = (f >> 1) * 256;
      const b = 512 + (f & 1) * 256;
      const r = Math.floor((at % 256) / 16);
      const c = at % 16;
      let acc = 0;
      for (let t = 0; t < trips; t++) for (let k = 15; k >= 0; k--) acc = Math.fround(acc + x[a + r * 16 + k]! * x[b + k * 16 + c]!);
      expect(acc).toBe(e[at]);
      expect(Math.fround(e[at]!)).toBe(e[at]);
    }
  });
  it('counts every stored value that differs from its subgroup’s, at any offset into the output', () => {
    const e = mmaExpected(8);
    const got = new Float32Array(3 * 1024);
    for (let s = 0; s < 3; s++) got.set(e, s * 1024);
    expect(mmaMismatches(got, 0, e)).toEqual({ count: 0 });
    expect(mmaMismatches(got.subarray(100), 100, e)).toEqual({ count: 0 });
    got[2048 + 7] = got[2048 + 7]! + 1;
    expect(mmaMismatches(got, 0, e)).toEqual({ count: 1, firstAt: 2055 });
    // Nearly every sum is non-zero, so a lost trip or a subgroup that never stored shows almost everywhere.
    const nonZero = Array.from(e).filter((v) => v !== 0).length;
    expect(nonZero).toBeGreaterThan(0.9 * 1024);
    expect(new Set(e).size).toBeGreaterThan(20);
    expect(mmaMismatches(got, 0, mmaExpected(7)).count).toBeGreaterThanOrEqual(3 * nonZero - 1);
    expect(mmaMismatches(new Float32Array(1024), 0, e).count).toBe(nonZero);
  });
  it('is written with four named result fragments in straight-line code, never an array of fragments', () => {
    expect(mmaSource.match(/var c\d\d: subgroup_matrix_result<f32, 16, 16>;/g)).toHaveLength(4);
    expect(mmaSource.match(/subgroupMatrixMultiplyAccumulate\(/g)).toHaveLength(kMmaPerTrip);
    expect(mmaSource).not.toMatch(/array<subgroup_matrix/);
    expect(mmaSource).toMatch(new RegExp(`const SG: u32 = ${kMmaLanes}u;`));
  });
});

describe('the tensor roof on the chart and as a point’s roof', () => {
  const h200 = { bandwidthGbs: 4190, fmaGflops: 58323, tensorGflops: 633000 };
  const ref = { bandwidthGbs: kH100Roofline.bandwidthGbs, fmaGflops: kH100Roofline.fmaGflops };
  it('draws a third roof, flat at the tensor figure, with the axes fitted to it', () => {
    const c = rooflineChart(h200, ref, [{ id: 'tensor', intensity: 600, gflops: 17500, trusted: true, tensor: true }]);
    expect(c.tensor).toBeDefined();
    expect(c.tensor!.ridge).toBeCloseTo(633000 / 4190);
    expect(c.yMax).toBeGreaterThanOrEqual(Math.log10(633000));
    expect(c.xMax).toBeGreaterThanOrEqual(Math.log10(633000 / 4190));
    const flat = c.tensor!.points.at(-1)![1];
    expect(flat).toBeLessThanOrEqual(1);
    expect(flat).toBeGreaterThan(c.here.points.at(-1)![1]); // above the FP32 roof
    expect(c.tensor!.points.every(([x, y]) => x >= 0 && x <= 1 && y >= 0 && y <= 1)).toBe(true);
    expect(c.points[0]!.clamped).toBe(false);
    expect(rooflineChart({ bandwidthGbs: 4190, fmaGflops: 58323 }, ref, []).tensor).toBeUndefined();
    expect(rooflineChart({ ...h200, tensorGflops: 0 }, ref, []).tensor).toBeUndefined();
  });
  it('judges a tensor-core rung against the tensor roof, any other against the FP32 roof', () => {
    expect(attainableGflops({ intensity: 1000 }, h200)).toBe(58323);
    expect(attainableGflops({ intensity: 1000, tensor: true }, h200)).toBe(633000);
    expect(attainableGflops({ intensity: 10, tensor: true }, h200)).toBe(41900); // under the slope
    expect(roofShare({ intensity: 1000, gflops: 17500, tensor: true }, h200)).toBeCloseTo(17500 / 633000);
    expect(roofShare({ intensity: 1000, gflops: 17500 }, h200)).toBeCloseTo(17500 / 58323);
    // No tensor roof measured: the tensor rung is not judged against the FP32 one.
    expect(roofShare({ intensity: 1000, gflops: 17500, tensor: true }, { bandwidthGbs: 4190, fmaGflops: 58323 })).toBeUndefined();
    expect(roofShare({ intensity: 0, gflops: 1 }, h200)).toBeUndefined();
  });
  it('adds the tensor probe to the run’s estimate where it runs', () => {
    const hw = rooflineSizes({ isFallbackAdapter: false, maxStorageBufferBindingSize: 2 ** 31, maxBufferSize: 2 ** 31 });
    expect(rooflineEstimateSeconds(hw, true)).toBeGreaterThan(rooflineEstimateSeconds(hw));
  });
});
