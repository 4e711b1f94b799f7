import { describe, expect, it } from 'vitest';
import { gpuPeakOf, peakGflopsOf } from './gpuPeaks';
import { kMaxGpuGflops } from './trust';

describe('GPUs’ FP32 peaks', () => {
  it('finds a GPU by its name’s words in the adapter’s description', () => {
    expect(peakGflopsOf('NVIDIA H200')).toEqual({ gflops: 67_000, known: true });
    expect(peakGflopsOf('NVIDIA GeForce RTX 4090')).toEqual({ gflops: 82_600, known: true });
    expect(peakGflopsOf('AMD Radeon RX 7900 XTX')).toEqual({ gflops: 61_400, known: true });
    expect(peakGflopsOf('Apple M1 Max').gflops).toBe(10_400);
    expect(peakGflopsOf('Apple M1').gflops).toBe(2_600);
  });

  it('does not take a faster variant, or a longer number, for the GPU it starts like', () => {
    expect(gpuPeakOf('NVIDIA GeForce RTX 3080 Ti')).toBeUndefined();
    expect(gpuPeakOf('NVIDIA GeForce RTX 4080 SUPER')).toBeUndefined();
    expect(gpuPeakOf('NVIDIA RTX A4000')).toBeUndefined();
    expect(gpuPeakOf('Intel H2000')).toBeUndefined();
    expect(gpuPeakOf('')).toBeUndefined();
  });

  it('judges an unknown GPU by the cap no GPU comes near', () => {
    expect(peakGflopsOf('SwiftShader Device')).toEqual({ gflops: kMaxGpuGflops, known: false });
  });
});
