import { describe, expect, it } from 'vitest';
import { isPlanFailure, kKernels, kLadderIds, planKernel } from '../core/kernels';
import { applyConfig, initialState, kStartUrl, useApp } from './store';
import { defaultLimitsInfo } from './testing';
import { applyLadderShape, isDefaultShape, kLadderBudgetMs, kLadderGpuBudgetMs, kLadderGpuSize, kLadderSoftwareSizes, ladderEstimate, ladderShapeFor, ladderShapeFromProbe, measuredLadderPace, rungRatesFromNaive } from './ladderShape';

describe('the ladder’s own shape (issue #34)', () => {
  it('is 512³ on a GPU: at least 256 each way, where the largest block rung fits several times', () => {
    const e = ladderShapeFor(false);
    expect(e.shape).toEqual({ m: kLadderGpuSize, k: kLadderGpuSize, n: kLadderGpuSize });
    expect(kLadderGpuSize).toBeGreaterThanOrEqual(256);
    expect(e.basis).toBe('gpu');
    expect(e.rungs).toBe(kLadderIds.length);
  });

  it('is the largest software size whose estimate for every rung fits about a minute', () => {
    const e = ladderShapeFor(true);
    expect(e.totalMs).toBeLessThanOrEqual(kLadderBudgetMs);
    const bigger = kLadderSoftwareSizes.filter((n) => n > e.shape.m);
    for (const n of bigger) expect(ladderEstimate({ m: n, k: n, n }, true).totalMs).toBeGreaterThan(kLadderBudgetMs);
    // Measured: "Run every rung" at 256³ took 54 s on SwiftShader here; the estimate is in that range.
    const at256 = ladderEstimate({ m: 256, k: 256, n: 256 }, true).totalMs;
    expect(at256).toBeGreaterThan(40_000);
    expect(at256).toBeLessThan(70_000);
  });

  it('grows with the shape and the number of rungs', () => {
    const small = ladderEstimate({ m: 128, k: 128, n: 128 }, true).totalMs;
    const big = ladderEstimate({ m: 384, k: 384, n: 384 }, true).totalMs;
    expect(big).toBeGreaterThan(small);
    expect(ladderEstimate({ m: 128, k: 128, n: 128 }, true, kLadderIds.slice(0, 2)).totalMs).toBeLessThan(small);
  });

  it('before naive is timed keeps the assumed pace and says so (measured: false)', () => {
    const e = ladderShapeFor(false);
    expect(e.measured).toBe(false);
    expect(e.pace).toBeGreaterThan(0);
  });
  it('counts only the lesson’s default shape as no shape of the user’s', () => {
    expect(isDefaultShape({ m: '48', k: '32', n: '48' })).toBe(true);
    expect(isDefaultShape({ m: '48', k: '32', n: '49' })).toBe(false);
  });
});

/** The ladder's FP32 rungs (the 15 timed on the H200; the tensor-core rung needs features most adapters lack). */
const kFp32 = kLadderIds.filter((id) => !kKernels[id].halfInputs);

describe('the ladder’s measured pace (issue #46: its estimate uses this GPU’s pace after one run)', () => {
  it('is all the FLOP over all the time: the harmonic mean of the rungs’ rates', () => {
    expect(measuredLadderPace([])).toBeUndefined();
    expect(measuredLadderPace([undefined, 0])).toBeUndefined();
    expect(measuredLadderPace([1500, 43_400])).toBeCloseTo(2 / (1 / 1500 + 1 / 43_400), 6);
    // Its estimate at the same shape scales with it: a faster measured pace, a shorter estimate.
    const slow = ladderEstimate({ m: 4096, k: 4096, n: 4096 }, false, undefined, 0, measuredLadderPace([1500]));
    const fast = ladderEstimate({ m: 4096, k: 4096, n: 4096 }, false, undefined, 0, measuredLadderPace([1500, 43_400, 43_400]));
    expect(fast.totalMs).toBeLessThan(slow.totalMs);
    expect(fast.measured).toBe(true);
  });
});

describe('the ladder’s shape from a probe of the naive kernel (issue #46: it opens where the rungs climb)', () => {
  it('scales each rung by its reference ratio to naive', () => {
    const rates = rungRatesFromNaive(1000, ['naive', 'tiled']);
    expect(rates[0]).toEqual({ kernel: 'naive', gflops: 1000 });
    // tiled ran 7.68 TFLOP/s where naive ran 1.57 on the reference run.
    expect(rates[1]!.gflops).toBeCloseTo(1000 * (7.68 / 1.57), 6);
  });
  it('is 4096³ at an H200’s naive rate, whether the probe reads 1.0 or 1.57 TFLOP/s; measured, with the pace it used', () => {
    for (const naive of [1000, 1570]) {
      const e = ladderShapeFromProbe(naive, kFp32);
      expect(e.shape).toEqual({ m: 4096, k: 4096, n: 4096 });
      expect(e.measured).toBe(true);
      expect(e.basis).toBe('gpu');
      expect(e.pace).toBeGreaterThan(naive);
      expect(e.totalMs).toBeLessThanOrEqual(kLadderGpuBudgetMs);
      // With the tensor-core rung too (an H200 with Chrome's flags offers its features).
      expect(ladderShapeFromProbe(naive, kLadderIds).shape.m).toBe(4096);
    }
  });
  it('is smaller on a slow GPU, never larger for a slower one, and always within the minute where any size fits', () => {
    let last = Infinity;
    for (const naive of [2000, 300, 100, 30, 10, 3]) {
      const e = ladderShapeFromProbe(naive);
      expect(e.shape.m).toBeLessThanOrEqual(last);
      last = e.shape.m;
      if (e.shape.m > 128) expect(e.totalMs).toBeLessThanOrEqual(kLadderGpuBudgetMs);
    }
    expect(ladderShapeFromProbe(10).shape.m).toBeLessThan(4096);
  });
});

describe('the ladder’s own shape on an adapter that lacks a rung’s feature', () => {
  it('counts only the rungs "Run every rung" runs (SwiftShader: no tensor-core rung)', () => {
    useApp.setState({ ...initialState(kStartUrl), view: 'ladder', gpu: { state: 'ready', info: { ...defaultLimitsInfo([]), isFallbackAdapter: true } } }, true);
    applyConfig({ m: '48', k: '32', n: '48' });
    const e = applyLadderShape();
    expect(e).toBeDefined();
    const info = useApp.getState().gpu;
    if (info.state !== 'ready') throw new Error('the store lost its adapter');
    // The rungs the view's button runs at the shape it opened at: the ones whose plan is no failure.
    const runnable = kLadderIds.filter((id) => !isPlanFailure(planKernel(id, e!.shape, 16, info.info)));
    expect(runnable.length).toBeLessThan(kLadderIds.length);
    expect(e!.rungs).toBe(runnable.length);
  });
});
