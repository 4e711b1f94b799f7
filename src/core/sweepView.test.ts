import { describe, expect, it } from 'vitest';
import type { BenchPoint, DeviceReport } from './bench';
import { kKernelIdList, kKernels, kLadderIds, type KernelId } from './kernels';
import { kDefaultShareChoice } from './share';
import { chartLines, deviceName, inRecordOrder, kSweepPresets, measuredCount, sameKernelSet, shareReveals, toggleKernel } from './sweepView';

const point = (kernel: KernelId, size: number, measured = true): BenchPoint =>
  ({
    kernel,
    tile: null,
    size,
    clock: 'gpu-timestamp',
    samples: 20,
    dispatchesPerSample: 1,
    ...(measured ? { medianMs: 2, minMs: 1.5, maxMs: 3, gflops: 1, verified: true, checked: 64, maxRelError: 0, relTolerance: 1e-6 } : { skipped: { key: 'bench:skip.tooLarge' } }),
  }) as unknown as BenchPoint;

describe('the sweep form’s kernel choice', () => {
  it('offers the lesson’s pair, every rung of the ladder and auto’s candidates, each in record order', () => {
    const byId = Object.fromEntries(kSweepPresets.map((p) => [p.id, p.kernels]));
    expect(byId.pair).toEqual(['naive', 'tiled']);
    expect(byId.ladder).toEqual(kLadderIds);
    expect(byId.auto).toEqual(kKernelIdList.filter((k) => kKernels[k].tuned));
    for (const p of kSweepPresets) expect(inRecordOrder(p.kernels), p.id).toEqual(p.kernels);
  });

  it('compares choices as sets and keeps a changed choice in record order', () => {
    expect(sameKernelSet(['tiled', 'naive'], ['naive', 'tiled'])).toBe(true);
    expect(sameKernelSet(['naive'], ['naive', 'tiled'])).toBe(false);
    expect(sameKernelSet(['naive', 'strip'], ['naive', 'tiled'])).toBe(false);
    expect(inRecordOrder(['strip', 'reg4x4', 'naive'])).toEqual(['naive', 'reg4x4', 'strip']);
    expect(toggleKernel(['tiled', 'naive'], 'reg4x4', true)).toEqual(['naive', 'tiled', 'reg4x4']);
    expect(toggleKernel(['naive', 'tiled'], 'naive', false)).toEqual(['tiled']);
    expect(toggleKernel([], 'naive', false)).toEqual([]);
  });
});

describe('what the view says about a device and a link', () => {
  const device = { vendor: 'nvidia', architecture: 'unknown', description: 'NVIDIA H100', timing: 'gpu-timestamp' } as unknown as DeviceReport;

  it('names a GPU by what the browser disclosed, leaving out “unknown” and empty parts', () => {
    expect(deviceName(device)).toBe('nvidia · NVIDIA H100');
    expect(deviceName(device, ['vendor', 'architecture'])).toBe('nvidia');
    expect(deviceName({ ...device, vendor: '', description: '' })).toBe('');
  });

  it('splits the withholdable fields into what a link reveals and what it leaves out', () => {
    expect(shareReveals(kDefaultShareChoice)).toEqual({ included: [], left: ['description', 'limits', 'features'] });
    expect(shareReveals({ ...kDefaultShareChoice, include: { description: true, limits: false, features: true } })).toEqual({ included: ['description', 'features'], left: ['limits'] });
  });
});

describe('the chart’s lines', () => {
  it('one line per kernel with a measured point, in record order, this run’s before the shared run’s', () => {
    const mine = [point('tiled', 64), point('naive', 64), point('naive', 128), point('reg4x4', 64, false)];
    const theirs = [point('naive', 64), point('strip', 64)];
    const lines = chartLines(mine, theirs);
    expect(lines.map((l) => [l.kernel, l.shared, l.points.length])).toEqual([
      ['naive', false, 2],
      ['naive', true, 1],
      ['tiled', false, 1],
      ['strip', true, 1],
    ]);
    expect(chartLines([], [])).toEqual([]);
    expect(measuredCount(mine)).toBe(3);
  });
});
