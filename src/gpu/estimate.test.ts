import { describe, expect, it } from 'vitest';
import { dispatchTime, estimateRun, estimateSweep, kMaxPointDispatchMs, needsEstimate, runMemory } from './estimate';
import { kDefaultSweepSizes } from '../core/bench';
import { kConfirmMs, kConfirmPageBytes } from '../core/limits';
import { kMaxSettleMs, kSettleChunkMs, kSettleStaleChunks, kTimingBudgetMs } from './timing';

const cube = (n: number) => ({ m: n, k: n, n });

describe('run estimate', () => {
  it('memory: the worker’s A and B, C and its mapping on the page; A, B, C and the read-back on the GPU', () => {
    const { pageBytes, gpuBytes } = runMemory({ m: 100, k: 50, n: 20 });
    expect(gpuBytes).toBe(4 * (100 * 50 + 50 * 20 + 2 * 100 * 20));
    expect(pageBytes).toBeGreaterThanOrEqual(4 * (100 * 50 + 50 * 20 + 2 * 100 * 20));
    // 13000³ (676 MiB per matrix) needs far more than 1 GiB of page memory.
    expect(runMemory(cube(13000)).pageBytes).toBeGreaterThan(2.5 * kConfirmPageBytes);
  });

  it('GPU memory counts split-K’s partial products (S × M × N), the largest scratch of the kernels run', () => {
    const plain = estimateRun(cube(1024), [{ kernel: 'reg16x8v', gflops: 1000 }], 0).gpuBytes;
    expect(plain).toBe(runMemory(cube(1024)).gpuBytes);
    const split = estimateRun(cube(1024), [{ kernel: 'reg16x8v', gflops: 1000 }, { kernel: 'split128v', gflops: 1000 }], 0).gpuBytes;
    expect(split).toBe(plain + 4 * 1024 * 1024 * 4); // S = 4 by default
  });

  it('dispatches: fixed samples, or about the timing budget; slow dispatches get one warm-up', () => {
    expect(dispatchTime(10, 3, 64)).toEqual({ dispatches: 2 + 3, ms: 2 * 10 + 3 * 10 });
    const auto = dispatchTime(1, 0, 64);
    expect(auto.ms).toBeCloseTo(2 + kTimingBudgetMs, 6);
    const slow = dispatchTime(5000, 0, 64);
    expect(slow.ms).toBe(5000 + 3 * 5000);
  });

  it('a long run asks for confirmation; a quick one does not', () => {
    const slow = estimateRun(cube(2048), [{ kernel: 'tiled', gflops: 0.05 }], 0);
    expect(slow.totalMs!).toBeGreaterThan(kConfirmMs);
    expect(slow.confirm).toEqual(['time']);
    const fast = estimateRun(cube(2048), [{ kernel: 'tiled', gflops: 5000 }], 0);
    expect(fast.totalMs!).toBeLessThan(kConfirmMs);
    expect(fast.confirm).toEqual([]);
    // Both kernels one after the other: more than either alone.
    const both = estimateRun(cube(1024), [{ kernel: 'naive', gflops: 10 }, { kernel: 'tiled', gflops: 10 }], 0);
    const one = estimateRun(cube(1024), [{ kernel: 'tiled', gflops: 10 }], 0);
    expect(both.totalMs!).toBeGreaterThan(one.totalMs!);
  });

  it('time grows with the work at a fixed rate', () => {
    const t = (n: number) => estimateRun(cube(n), [{ kernel: 'tiled', gflops: 1 }], 3).totalMs!;
    expect(t(2048) / t(1024)).toBeGreaterThan(6);
    expect(t(2048) / t(1024)).toBeLessThan(9);
  });

  it('much memory asks even when fast; an unknown rate on a large problem asks too', () => {
    const big = estimateRun(cube(13000), [{ kernel: 'tiled', gflops: 1e6 }], 0);
    expect(big.confirm).toContain('memory');
    const unknown = estimateRun(cube(4096), [{ kernel: 'tiled', gflops: undefined }], 0);
    expect(unknown.totalMs).toBeUndefined();
    expect(unknown.confirm).toEqual(['time']);
  });

  it('small problems start at once, without an estimate', () => {
    expect(needsEstimate(cube(256))).toBe(false);
    expect(needsEstimate({ m: 1024, k: 8, n: 1024 })).toBe(false);
    expect(needsEstimate(cube(1024))).toBe(true);
    expect(needsEstimate({ m: 20000, k: 1, n: 20000 })).toBe(true); // little work, much memory
  });
});

describe('estimateSweep (issue #34: a sweep up to 4096 states its total first)', () => {
  it('sums every size, keeps the largest’s memory, and asks on the total', () => {
    const rates = [{ kernel: 'naive' as const, gflops: 100 }, { kernel: 'tiled' as const, gflops: 200 }];
    const sizes = [256, 1024, 4096].map((n) => ({ m: n, k: n, n }));
    const e = estimateSweep(sizes, rates, 0, true);
    const each = sizes.map((s) => estimateRun(s, rates, 0, true).totalMs!);
    expect(e.totalMs).toBeCloseTo(each.reduce((a, b) => a + b, 0), 6);
    expect(e.points).toBe(3);
    expect(e.shape).toEqual({ m: 4096, k: 4096, n: 4096 });
    expect(e.pageBytes).toBe(estimateRun(sizes[2]!, rates, 0, true).pageBytes);
    expect(e.confirm).toContain('time');
    expect(estimateSweep([{ m: 64, k: 64, n: 64 }], rates, 0).totalMs).toBe(estimateRun({ m: 64, k: 64, n: 64 }, rates, 0).totalMs);
    expect(e.skipped).toBe(0);
  });

  it('applies the sweep’s own skip rule: a point whose one dispatch is estimated over 4 s is left out and counted (issue #46)', () => {
    // Recorded on SwiftShader (a software adapter, issue #46): about 0.2 GFLOP/s naive, 0.3 tiled. The default
    // sweep was estimated at "about 6.5 h" and finished in 34 s: every size from 1000 up is skipped by the run.
    const rates = [{ kernel: 'naive' as const, gflops: 0.2 }, { kernel: 'tiled' as const, gflops: 0.3 }];
    const sizes = kDefaultSweepSizes.map((n) => ({ m: n, k: n, n }));
    const e = estimateSweep(sizes, rates, 0, false);
    let kept = 0;
    let skipped = 0;
    for (const s of sizes) {
      const one = estimateRun(s, rates, 0, false);
      kept += one.totalMs!;
      for (const k of one.kernels) {
        if (k.dispatchMs! > kMaxPointDispatchMs) {
          skipped++;
          kept -= k.runMs!;
        }
      }
    }
    // 1000, 1023, 1024, 1025, 2048 and 4096 for both kernels: 12 of 20 points.
    expect(e.skipped).toBe(12);
    expect(skipped).toBe(12);
    expect(e.totalMs).toBeCloseTo(kept, 6);
    // What is left is small sizes: well under the hours the sum of every point would say.
    expect(e.totalMs!).toBeLessThan(60_000);
    expect(sizes.reduce((sum, s) => sum + estimateRun(s, rates, 0, false).totalMs!, 0)).toBeGreaterThan(3600_000);
  });
});

describe('settling in the estimate', () => {
  it('counts the full settle for the first kernel only: the ones after it find the clock up', () => {
    const shape = { m: 512, k: 512, n: 512 };
    const rates = (['naive', 'tiled', 'reg4x4'] as const).map((kernel) => ({ kernel, gflops: 10_000 }));
    const settled = estimateRun(shape, rates, 0, true);
    const unsettled = estimateRun(shape, rates, 0, false);
    const extra = settled.kernels.map((k, i) => k.runMs! - unsettled.kernels[i]!.runMs!);
    expect(extra[0]).toBeCloseTo(kMaxSettleMs, 6);
    expect(extra[1]).toBeCloseTo(kSettleStaleChunks * kSettleChunkMs, 6);
    expect(extra[2]).toBeCloseTo(kSettleStaleChunks * kSettleChunkMs, 6);
  });
});
