import { describe, expect, it } from 'vitest';
import { allTrusted, barShares, kAssumedStepMs, kMaxCiHalfWidthPct, kMaxGpuBandwidthGbs, kMaxGpuGflops, kMaxProbeRatio, kMaxTensorGflops, kMaxTrustedSpread, kMaxWorkgroupGbs, kMinClockSteps, notDrawn, pointTrust, rooflineFigureTrust, runClockStepMs, runTrust, softwareAdapter, timeableSize, trustOf, type Trust } from './trust';
import { probeFigureTrust } from './probeTrust';

const fig = (medianMs: number, minMs: number, maxMs: number, dispatchesPerSample = 1, clockStepMs = 0.1) => ({ medianMs, minMs, maxMs, dispatchesPerSample, clockStepMs });

describe('trustOf: untimeable near the clock’s step, noisy over the spread limit', () => {
  it('keeps the result cards’ thresholds: 10 steps, 50%', () => {
    expect(kMinClockSteps).toBe(10);
    expect(kMaxTrustedSpread).toBe(50);
  });
  it('trusts a time well above the clock step with a small spread', () => {
    const v = trustOf(fig(2, 1.9, 2.1));
    expect(v).toMatchObject({ trusted: true, reasons: [] });
    expect(v.spreadPct).toBeCloseTo(10, 9);
  });
  it('refuses a median under 10 steps of the clock per dispatch, and trusts one at 10 steps', () => {
    // 20 dispatches per sample: a step of 0.1 ms is 0.005 ms per dispatch, 10 steps 0.05 ms.
    expect(trustOf(fig(0.049, 0.049, 0.049, 20)).reasons).toEqual(['untimeable']);
    expect(trustOf(fig(0.05, 0.05, 0.05, 20)).reasons).toEqual([]);
    expect(trustOf(fig(0.049, 0.049, 0.049, 20)).stepMs).toBeCloseTo(0.005, 12);
  });
  it('refuses a zero or non-finite median as untimeable, whatever the step', () => {
    expect(trustOf(fig(0, 0, 0, 1, 0)).reasons).toEqual(['untimeable']);
    expect(trustOf(fig(Number.NaN, 0, 0, 1, 0)).reasons).toContain('untimeable');
  });
  it('refuses a spread over 50% as noisy, exactly 50% is still trusted', () => {
    expect(trustOf(fig(1, 0.75, 1.25)).reasons).toEqual([]);
    expect(trustOf(fig(1, 0.75, 1.2501)).reasons).toEqual(['noisy']);
    // The 3×3×3 run that set the limit: a spread of 905%.
    expect(trustOf(fig(0.5, 0.1, 4.625)).spreadPct).toBeCloseTo(905, 9);
    expect(trustOf(fig(0.5, 0.1, 4.625, 100)).reasons).toEqual(['noisy']);
  });
  it('gives both reasons, in order, when both hold', () => {
    expect(trustOf(fig(0.001, 0.0005, 0.003, 1, 0.1))).toMatchObject({ trusted: false, reasons: ['untimeable', 'noisy'] });
  });
});

describe('runTrust: a run’s own clock step', () => {
  const stats = (median: number, min: number, max: number) => ({ median, min, max });
  it('uses the step measured with the run', () => {
    expect(runClockStepMs({ clock: 'gpu-timestamp', resolutionMs: 0.1 })).toBe(0.1);
    expect(runTrust({ clock: 'gpu-timestamp', stats: stats(0.04, 0.039, 0.041), resolutionMs: 0.1, dispatchesPerSample: 20 }).reasons).toEqual(['untimeable']); // 8 steps
    expect(runTrust({ clock: 'gpu-timestamp', stats: stats(1, 0.9, 1.1), resolutionMs: 0.1, dispatchesPerSample: 20 }).trusted).toBe(true);
  });
  it('takes GPU timestamps without a step as unquantised (under 1 µs), the wall clock at its assumed step', () => {
    expect(runClockStepMs({ clock: 'gpu-timestamp' })).toBe(0.001);
    expect(runTrust({ clock: 'gpu-timestamp', stats: stats(0.004, 0.004, 0.004), dispatchesPerSample: 1 }).reasons).toEqual(['untimeable']);
    expect(runTrust({ clock: 'gpu-timestamp', stats: stats(0.011, 0.011, 0.011), dispatchesPerSample: 1 }).trusted).toBe(true);
    expect(runClockStepMs({ clock: 'wall-clock' })).toBe(kAssumedStepMs['wall-clock']);
    expect(runTrust({ clock: 'wall-clock', stats: stats(0.5, 0.5, 0.5), dispatchesPerSample: 1 }).reasons).toEqual(['untimeable']);
    expect(runTrust({ clock: 'wall-clock', stats: stats(0.5, 0.5, 0.5), dispatchesPerSample: 2 }).trusted).toBe(true);
  });
  it('judges a wall-clock run at the step measured in its page, when given', () => {
    expect(runClockStepMs({ clock: 'wall-clock' }, 0.005)).toBe(0.005);
    expect(runClockStepMs({ clock: 'wall-clock' }, 0)).toBe(kAssumedStepMs['wall-clock']);
    // performance.now() coarsened to 5 ms: 256 dispatches of 30 µs are 7.7 ms, under 10 steps of 5 ms / 256.
    expect(runTrust({ clock: 'wall-clock', stats: stats(0.03, 0.0195, 0.039), dispatchesPerSample: 256 }, 5).reasons).toEqual(['untimeable', 'noisy']);
    expect(runTrust({ clock: 'wall-clock', stats: stats(0.5, 0.5, 0.5), dispatchesPerSample: 1 }, 0.005).trusted).toBe(true);
    // The GPU clock's own step wins over the page's wall clock.
    expect(runClockStepMs({ clock: 'gpu-timestamp' }, 5)).toBe(0.001);
  });
});

describe('pointTrust: a benchmark point judged from the figures it carries', () => {
  const point = { clock: 'gpu-timestamp' as const, medianMs: 0.002, minMs: 0.001, maxMs: 0.032, dispatchesPerSample: 256 };
  it('gives no verdict for a point not measured', () => {
    expect(pointTrust({})).toBeUndefined();
    expect(pointTrust({ ...point, medianMs: undefined })).toBeUndefined();
  });
  it('judges at the clock’s assumed step per dispatch (100 µs / 256 ≈ 0.39 µs: 10 steps ≈ 3.9 µs)', () => {
    // A 64³ point on an H100 of docs/benchmarks.md: 0.04 GFLOP/s, spread 1,506%.
    expect(pointTrust(point)!.reasons).toEqual(['untimeable', 'noisy']);
    expect(pointTrust({ ...point, medianMs: 0.004, minMs: 0.004, maxMs: 0.0041 })!.trusted).toBe(true);
    expect(pointTrust({ ...point, dispatchesPerSample: 1, medianMs: 0.9, minMs: 0.9, maxMs: 0.9 })!.reasons).toEqual(['untimeable']);
  });
  it('marks a point whose spread is over the limit noisy (a 153% spread)', () => {
    expect(pointTrust({ clock: 'wall-clock', medianMs: 2, minMs: 1.5, maxMs: 4.56, dispatchesPerSample: 1 })!.reasons).toEqual(['noisy']);
  });
  it('a point with its median’s 95% interval is judged by the interval, not the spread', () => {
    const wide = { clock: 'wall-clock' as const, medianMs: 2, minMs: 1.5, maxMs: 4.56, dispatchesPerSample: 1 };
    // A 153% spread from one outlier, but the median known to ±2%: trusted.
    const tight = pointTrust({ ...wide, ci95Ms: [1.96, 2.04] })!;
    expect(tight.trusted).toBe(true);
    expect(tight.ciPct).toBeCloseTo(2, 9);
    // ±2.9% passes; the farther bound decides (−1% / +3.5%): noisy.
    expect(pointTrust({ ...wide, maxMs: 2.1, ci95Ms: [1.942, 2.058] })!.trusted).toBe(true);
    const far = pointTrust({ ...wide, maxMs: 2.1, ci95Ms: [1.98, 2.07] })!;
    expect(far.reasons).toEqual(['noisy']);
    expect(far.ciPct).toBeCloseTo(3.5, 9);
    // Too few samples for an interval (null): noisy, whatever the spread.
    const few = pointTrust({ ...wide, maxMs: 2.01, ci95Ms: null })!;
    expect(few.reasons).toEqual(['noisy']);
    expect(few.ciPct).toBeNull();
    // A point without one (an older link) keeps the spread rule.
    expect(pointTrust({ ...wide, maxMs: 2.01 })!.trusted).toBe(true);
    expect(pointTrust({ ...wide, maxMs: 2.01 })!.ciPct).toBeUndefined();
  });
  it('says the limits it applied', () => {
    expect(kMaxCiHalfWidthPct).toBe(3);
    expect(trustOf(fig(2, 1.9, 2.1)).maxCiPct).toBe(3);
  });
});

describe('allTrusted and barShares: no ratio and no bar from an untrusted figure', () => {
  const ok = trustOf(fig(2, 2, 2));
  const noisy = trustOf(fig(2, 1, 4));
  const untimeable = trustOf(fig(0.001, 0.001, 0.001));
  it('claims a ratio only when every figure is measured and trusted', () => {
    expect(allTrusted([ok, ok])).toBe(true);
    expect(allTrusted([ok, noisy])).toBe(false);
    expect(allTrusted([ok, undefined])).toBe(false);
  });
  it('gives an untimeable figure no bar, even when its rate is the highest', () => {
    const shares = barShares([
      { value: 10, trust: ok },
      { value: 1000, trust: untimeable },
      { value: 5, trust: ok },
    ]);
    expect(shares).toEqual([1, undefined, 0.5]);
  });
  it('scales by the trusted figures and caps a noisy one at the longest', () => {
    expect(barShares([{ value: 10, trust: ok }, { value: 30, trust: noisy }, { value: 4, trust: noisy }])).toEqual([1, 1, 0.4]);
  });
  it('scales by the noisy figures when none is trusted, and draws nothing when every figure is untimeable', () => {
    expect(barShares([{ value: 10, trust: noisy }, { value: 5, trust: noisy }])).toEqual([1, 0.5]);
    const none: Trust | undefined = undefined;
    expect(barShares([{ value: 10, trust: untimeable }, { value: 5, trust: none }])).toEqual([undefined, undefined]);
  });
});

describe('timeableSize: a size this GPU can time, for the lesson’s speed-up', () => {
  it('gives naive about the target time at the measured rate, a multiple of 16 within 64..2048', () => {
    const n = timeableSize(0.2); // SwiftShader's ~0.2 GFLOP/s
    expect(n % 16).toBe(0);
    const ms = ((2 * n ** 3) / (0.2 * 1e9)) * 1000;
    expect(ms).toBeGreaterThan(30);
    expect(ms).toBeLessThan(120);
    expect(timeableSize(40_000)).toBe(2048); // an H100: the largest offered
    expect(timeableSize(0)).toBeGreaterThanOrEqual(64); // no rate yet: a small default
    expect(timeableSize(Number.NaN)).toBeGreaterThanOrEqual(64);
  });
});

describe('softwareAdapter: a software sender is named (issue #35)', () => {
  const d = (vendor: string, architecture: string, description = '', isFallbackAdapter?: boolean) => ({ vendor, architecture, description, ...(isFallbackAdapter !== undefined ? { isFallbackAdapter } : {}) });
  it('names the known software renderers from the adapter’s own strings (older links)', () => {
    expect(softwareAdapter(d('google', 'swiftshader'))).toEqual({ software: true, renderer: 'SwiftShader' });
    expect(softwareAdapter(d('', '', 'SwiftShader Device (Subzero)'))).toEqual({ software: true, renderer: 'SwiftShader' });
    expect(softwareAdapter(d('mesa', '', 'llvmpipe (LLVM 15.0.7, 256 bits)'))).toMatchObject({ software: true, renderer: 'llvmpipe' });
    expect(softwareAdapter(d('mesa', 'lavapipe'))).toMatchObject({ software: true, renderer: 'lavapipe' });
    expect(softwareAdapter(d('microsoft', '', 'Microsoft Basic Render Driver'))).toMatchObject({ software: true, renderer: 'WARP' });
    expect(softwareAdapter(d('microsoft', 'warp'))).toMatchObject({ software: true, renderer: 'WARP' });
  });
  it('takes isFallbackAdapter as recorded, and names no GPU a software one', () => {
    expect(softwareAdapter(d('', '', '', true))).toEqual({ software: true });
    expect(softwareAdapter(d('nvidia', 'hopper', 'NVIDIA H100 80GB HBM3', false))).toEqual({ software: false });
    expect(softwareAdapter(d('apple', 'metal-3'))).toEqual({ software: false });
    expect(softwareAdapter(d('amd', 'rdna-3', 'AMD Radeon RX 7900 XTX (warpath edition)'))).toEqual({ software: false });
  });
  it('marks a software sender’s points so no chart or bar draws them as a GPU’s speed', () => {
    const p = { clock: 'gpu-timestamp' as const, medianMs: 10, minMs: 9.9, maxMs: 10.1, dispatchesPerSample: 1, size: 256, gflops: (2 * 256 ** 3) / 1e7, ci95Ms: [9.95, 10.05] as const };
    expect(pointTrust(p)!.trusted).toBe(true);
    const v = pointTrust(p, { software: true })!;
    expect(v).toMatchObject({ trusted: false, reasons: ['software'] });
    expect(barShares([{ value: 1, trust: v }])).toEqual([undefined]);
    expect(v.reasons.some(notDrawn)).toBe(true);
  });
});

describe('the roofline in a link: plausible, consistent with its own medians, verified in every part (issue #35)', () => {
  // SwiftShader's genuine figures: 1 MiB copied each way in 1.2 ms, 0.0042 GFLOP in 21 ms.
  const copyMs = 1.2;
  const genuine = { bandwidthGbs: (2 * 2 ** 20) / (copyMs * 1e6), builtinGbs: (2 * 2 ** 20) / (0.5 * 1e6), fmaGflops: 0.0042 / 0.021, verified: true, copyMib: 1, fmaGflop: 0.0042, copyMs, builtinMs: 0.5, fmaMs: 21 };
  const H100 = { bandwidthGbs: 2987, builtinGbs: 845, fmaGflops: 57840, verified: true, copyMib: 256, fmaGflop: 274.9 };
  it('trusts genuine figures, with or without their medians (older links), rounded to 3 digits too', () => {
    expect(rooflineFigureTrust(genuine)).toEqual({ trusted: true, verified: true, software: false, problems: [] });
    expect(rooflineFigureTrust(H100).problems).toEqual([]);
    expect(rooflineFigureTrust({ ...genuine, bandwidthGbs: 1.75, copyMs: 1.2 }).problems).toEqual([]);
  });
  it('marks 500 TB/s and 1,000,000 TB/s of bandwidth, and 1 EFLOP/s, implausible (no "verified")', () => {
    for (const bw of [500_000, 1e9]) {
      const v = rooflineFigureTrust({ ...H100, bandwidthGbs: bw });
      expect(v).toMatchObject({ trusted: false, verified: false, problems: [{ figure: 'bandwidth', flaw: 'implausible', value: bw, expected: kMaxGpuBandwidthGbs }] });
    }
    expect(rooflineFigureTrust({ ...H100, fmaGflops: 1e9 }).problems).toEqual([{ figure: 'fma', flaw: 'implausible', value: 1e9, expected: kMaxGpuGflops }]);
    expect(rooflineFigureTrust({ ...H100, builtinGbs: 60_000 }).problems[0]).toMatchObject({ figure: 'builtin', flaw: 'implausible' });
    // An H200's 4.8 TB/s and a B200's 8 TB/s are plausible.
    expect(rooflineFigureTrust({ ...H100, bandwidthGbs: 8000 }).problems).toEqual([]);
  });
  it('marks rates that contradict their own bytes or FLOP and median', () => {
    const v = rooflineFigureTrust({ ...genuine, bandwidthGbs: genuine.bandwidthGbs * 10, fmaMs: genuine.fmaMs / 3 });
    expect(v.problems.map((p) => `${p.figure}:${p.flaw}`)).toEqual(['bandwidth:inconsistent', 'fma:inconsistent']);
    expect(v.problems[0]!.expected).toBeCloseTo(genuine.bandwidthGbs, 9);
    expect(v.verified).toBe(false);
    expect(rooflineFigureTrust({ ...genuine, copyMs: 0 }).problems[0]).toMatchObject({ figure: 'bandwidth', flaw: 'inconsistent', expected: 0 });
  });
  it('checks a tensor roof too: plausible up to 20 PFLOP/s, consistent with its FLOP and median, verified', () => {
    const tensor = { gflops: 1099.5 / 1.74e-3, gflop: 1099.5, ms: 1.74, verified: true };
    expect(rooflineFigureTrust({ ...H100, tensor })).toMatchObject({ trusted: true, verified: true, problems: [] });
    // 633 TFLOP/s is far above the FP32 limit and plausible for tensor cores; 50 PFLOP/s is not.
    expect(tensor.gflops).toBeGreaterThan(kMaxGpuGflops / 2);
    expect(rooflineFigureTrust({ ...H100, tensor: { ...tensor, gflops: 5e7, ms: 1099.5 / 5e7 / 1e-3 } }).problems).toEqual([{ figure: 'tensor', flaw: 'implausible', value: 5e7, expected: kMaxTensorGflops }]);
    expect(rooflineFigureTrust({ ...H100, tensor: { ...tensor, ms: 3.48 } }).problems.map((p) => `${p.figure}:${p.flaw}`)).toEqual(['tensor:inconsistent']);
    expect(rooflineFigureTrust({ ...H100, tensor: { ...tensor, verified: false } })).toMatchObject({ trusted: false, verified: false, problems: [] });
  });
  it('is verified only when both probes were, and trusted only off a software adapter', () => {
    expect(rooflineFigureTrust({ ...genuine, verified: false })).toMatchObject({ trusted: false, verified: false, problems: [] });
    expect(rooflineFigureTrust(genuine, { software: true })).toMatchObject({ trusted: false, verified: true, software: true });
  });
});

describe('the probes in a link: plausible, consistent, ratios from the medians (issue #35)', () => {
  const v = (kind: 'coalesced' | 'strided' | 'rows' | 'columns' | 'padded', mib: number, medianMs: number, extra: Partial<{ gbps: number; verified: boolean; trusted: boolean }> = {}) => ({
    kind,
    medianMs,
    gbps: (mib * 2 ** 20) / (medianMs * 1e6),
    verified: true,
    trusted: true,
    ...extra,
  });
  // The H100's figures through wgpu (docs/benchmarks.md round 10): strided 3.6×, columns 5.4×.
  const coalescing = { mib: 64, software: false, variants: [v('coalesced', 64, 0.03649), v('strided', 64, 0.1315)] };
  const banks = { mib: 2048, software: false, variants: [v('rows', 2048, 0.1171), v('columns', 2048, 2.1252), v('padded', 2048, 0.1207)] };
  it('trusts the H100’s genuine figures (18 TB/s of workgroup memory is plausible there, not in global memory)', () => {
    expect(probeFigureTrust('coalescing', coalescing)).toEqual({ trusted: true, verified: true, software: false, problems: [] });
    expect(probeFigureTrust('banks', banks)).toEqual({ trusted: true, verified: true, software: false, problems: [] });
    expect(banks.variants[0]!.gbps).toBeGreaterThan(15_000);
    expect(banks.variants[0]!.gbps).toBeLessThan(kMaxWorkgroupGbs);
  });
  it('marks a 10¹²× ratio implausible, and the coalesced rate that makes it', () => {
    const forged = { ...coalescing, variants: [v('coalesced', 64, 0.1315e-12), v('strided', 64, 0.1315)] };
    const t = probeFigureTrust('coalescing', forged);
    expect(t.problems.map((p) => `${p.figure}:${p.flaw}`)).toEqual(['coalesced:implausible', 'ratio:implausible']);
    expect(t.problems[1]!.value).toBeCloseTo(1e12, -3);
    expect(t.problems[1]!.expected).toBe(kMaxProbeRatio);
    expect(t.verified).toBe(false);
    // A 10¹²× ratio with every rate plausible (a tiny read): still the ratio.
    const tiny = { mib: 2 ** -20, software: false, variants: [v('coalesced', 2 ** -20, 1e-10), v('strided', 2 ** -20, 100)] };
    expect(probeFigureTrust('coalescing', tiny).problems.map((p) => p.figure)).toEqual(['ratio']);
    // A padded ratio far under 1/1000 too.
    const pad = { ...banks, variants: [v('rows', 2048, 1), v('columns', 2048, 2), v('padded', 2048, 1e5)] };
    expect(probeFigureTrust('banks', pad).problems.map((p) => `${p.figure}:${p.flaw}`)).toEqual(['paddedRatio:implausible']);
  });
  it('marks GB/s that contradict their own MiB and median (within rounding is fine)', () => {
    const forged = { ...coalescing, variants: [v('coalesced', 64, 0.03649), v('strided', 64, 0.1315, { gbps: 2000 })] };
    const t = probeFigureTrust('coalescing', forged);
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toMatchObject({ figure: 'strided', flaw: 'inconsistent', value: 2000 });
    expect(t.problems[0]!.expected).toBeCloseTo((64 * 2 ** 20) / (0.1315 * 1e6), 6);
    const rounded = { ...coalescing, variants: [v('coalesced', 64, 0.03, { gbps: 2237 }), v('strided', 64, 0.108, { gbps: 621 })] };
    expect(probeFigureTrust('coalescing', rounded).problems).toEqual([]);
  });
  it('marks a global-memory probe beyond 50 TB/s even when consistent', () => {
    const t = probeFigureTrust('coalescing', { ...coalescing, variants: [v('coalesced', 64, 0.0001), v('strided', 64, 0.0002)] });
    expect(t.problems.map((p) => `${p.figure}:${p.flaw}`)).toEqual(['coalesced:implausible', 'strided:implausible']);
  });
  it('is verified only when every variant was; trusted only when the sender trusted every time, off a software adapter', () => {
    expect(probeFigureTrust('banks', { ...banks, variants: [banks.variants[0]!, v('columns', 2048, 2.1252, { verified: false }), banks.variants[2]!] })).toMatchObject({ verified: false, trusted: false });
    expect(probeFigureTrust('banks', { ...banks, variants: [banks.variants[0]!, v('columns', 2048, 2.1252, { trusted: false }), banks.variants[2]!] })).toMatchObject({ verified: true, trusted: false });
    expect(probeFigureTrust('banks', { ...banks, software: true })).toMatchObject({ verified: true, trusted: false, software: true });
    expect(probeFigureTrust('banks', banks, { software: true })).toMatchObject({ software: true, trusted: false });
  });
});

describe('runTrust on a software adapter', () => {
  it('adds the software reason after the run’s own, and withdraws the figure', () => {
    const run = { clock: 'gpu-timestamp' as const, stats: { median: 10, min: 9.9, max: 10.1 }, dispatchesPerSample: 1 };
    expect(runTrust(run)).toMatchObject({ trusted: true, reasons: [] });
    expect(runTrust(run, undefined, { software: true })).toMatchObject({ trusted: false, reasons: ['software'] });
    const noisy = { ...run, stats: { median: 10, min: 1, max: 30 } };
    expect(runTrust(noisy, undefined, { software: true }).reasons).toEqual(['noisy', 'software']);
  });
});
