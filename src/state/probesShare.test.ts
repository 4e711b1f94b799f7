import { describe, expect, it } from 'vitest';
import { SharePayloadSchema } from '../core/share';
import type { CoalescingResult, ProbeVariant } from '../gpu/probes';
import type { Timing } from '../gpu/timing';
import { probesShare } from './probesShare';

const timing = (median: number, min: number, max: number): Timing => ({
  clock: 'gpu-timestamp',
  warmups: 2,
  samplesMs: [min, median, max],
  dispatchesPerSample: 20,
  stats: { n: 10, median, min, max, mean: median },
  resolutionMs: 0.001,
});
const variant = <K extends string>(kind: K, t: Timing, verified = true): ProbeVariant<K> => ({ kind, timing: t, check: { verified, mismatches: verified ? 0 : 1 }, bytes: 64 << 20, gbPerS: (64 << 20) / (t.stats.median * 1e6) });
const coalescing = (variants: ProbeVariant<'coalesced' | 'strided'>[]): CoalescingResult => ({ probe: 'coalescing', size: { words: 16 << 20, groups: 2048 } as CoalescingResult['size'], workgroup: 256, stride: 32, software: false, variants });

describe('probesShare: the probes run here, as a share link carries them', () => {
  it('is undefined when no probe has a result', () => {
    expect(probesShare({ coalescing: { status: 'idle' }, banks: { status: 'running' } })).toBeUndefined();
  });
  it('carries each variant’s median, rate and verdicts (trust by this page’s rule), and the link schema takes it', () => {
    const r = coalescing([variant('coalesced', timing(0.03, 0.029, 0.031)), variant('strided', timing(0.108, 0.03, 0.5))]);
    const share = probesShare({ coalescing: { status: 'done', result: r }, banks: { status: 'idle' } })!;
    expect(share.banks).toBeUndefined();
    expect(share.coalescing).toMatchObject({ mib: 64, software: false, clock: 'gpu-timestamp' });
    expect(share.coalescing!.variants.map((v) => [v.kind, v.medianMs, v.trusted, v.verified])).toEqual([
      ['coalesced', 0.03, true, true],
      ['strided', 0.108, false, true], // spread 435%: not trusted
    ]);
    expect(share.coalescing!.variants[0]!.gbps).toBeCloseTo(2237, 0);
    const parsed = SharePayloadSchema.shape.probes.safeParse(share);
    expect(parsed.success).toBe(true);
  });
  it('keeps a zero median a figure the link accepts (0 GB/s, never Infinity)', () => {
    const r = coalescing([variant('coalesced', timing(0, 0, 0)), variant('strided', timing(0.1, 0.1, 0.1), false)]);
    const share = probesShare({ coalescing: { status: 'done', result: r }, banks: { status: 'idle' } })!;
    expect(share.coalescing!.variants[0]!.gbps).toBe(0);
    expect(share.coalescing!.variants[1]!.verified).toBe(false);
    expect(SharePayloadSchema.shape.probes.safeParse(share).success).toBe(true);
  });
});
