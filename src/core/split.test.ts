import { describe, expect, it } from 'vitest';
import { bandMs, chooseSplit } from './split';

describe('how long one band of rows runs, from its probe', () => {
  it('takes the GPU timestamps when there are any: the engine’s round trip is not the kernel’s', () => {
    // Measured through Deno (wgpu) on an H200, blk128x256 at 4096³: 16.5 ms wall for a band the GPU ran in 0.1 ms.
    expect(bandMs({ wallMs: 16.5, emptyWallMs: 16, gpuMs: 0.1 })).toBe(0.1);
  });
  it('without timestamps, takes the wall clock less an empty submission’s round trip', () => {
    expect(bandMs({ wallMs: 250, emptyWallMs: 16 })).toBe(234);
  });
  it('but never less than half the wall clock, however long the empty round trip read', () => {
    expect(bandMs({ wallMs: 16.5, emptyWallMs: 16 })).toBe(8.25);
    expect(bandMs({ wallMs: 10, emptyWallMs: 30 })).toBe(5);
  });
  it('ignores timestamps that are zero or not numbers', () => {
    expect(bandMs({ wallMs: 100, emptyWallMs: 10, gpuMs: 0 })).toBe(90);
    expect(bandMs({ wallMs: 100, emptyWallMs: 10, gpuMs: Number.NaN })).toBe(90);
  });
});

describe('cutting a long run into submissions of whole bands', () => {
  it('keeps one submission when the whole run fits the budget', () => {
    // 4096 rows, a band of 128 rows timed at 0.1 ms: 3.2 ms in all.
    expect(chooseSplit(4096, 128, 0.1, 400)).toEqual({ rowsPerPart: 4096, parts: 1, estimateMs: 3.2 });
  });
  it('the old wall-clock estimate split every run at 4096³ through wgpu in two', () => {
    // 16.5 ms per band × 32 bands = 528 ms > 400: 24 bands (3072 rows) per part, 2 parts.
    expect(chooseSplit(4096, 128, 16.5, 400)).toEqual({ rowsPerPart: 3072, parts: 2, estimateMs: 528 });
  });
  it('cuts into parts of as many whole bands as fit, the last part shorter', () => {
    const s = chooseSplit(1000, 128, 150, 400); // 2 bands (256 rows) fit 400 ms
    expect(s.rowsPerPart).toBe(256);
    expect(s.parts).toBe(4);
  });
  it('a band longer than the budget still gets a part of its own', () => {
    expect(chooseSplit(512, 128, 900, 400).rowsPerPart).toBe(128);
    expect(chooseSplit(512, 128, 900, 400).parts).toBe(4);
  });
  it('an estimate just over the budget splits', () => {
    expect(chooseSplit(256, 128, 201, 400)).toEqual({ rowsPerPart: 128, parts: 2, estimateMs: 402 });
    expect(chooseSplit(256, 128, 200, 400).parts).toBe(1);
  });
  it('an infinite budget never splits', () => {
    expect(chooseSplit(100_000, 128, 1000, Infinity).parts).toBe(1);
  });
});
