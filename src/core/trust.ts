/**
 * The trust rule: whether a timed figure is a speed. One rule for every place a time is shown as
 * a speed (result cards, ladder bars, partitions, the benchmark table and chart, shared links, the
 * naive/tiled comparison), returned as data — a verdict and its reason codes — that state/ and ui/
 * put into words.
 *
 * A figure is
 * - *untimeable* when its median is zero (or not finite), or shorter than kMinClockSteps steps of
 *   the clock that timed it. A sample of n back-to-back dispatches is one reading of the clock,
 *   divided by n, so one dispatch's step is the clock's step / n (gpu/timing.ts batches short
 *   kernels for exactly this reason);
 * - *noisy* when its median is not known closely enough. A figure that carries its median's 95%
 *   confidence interval (a benchmark point since automatic sampling stops on it: core/stats
 *   medianInterval) is noisy when that interval reaches farther than ±kMaxCiHalfWidthPct per cent
 *   from the median, or when it had too few samples (under 6) for one; the spread is then not
 *   used (one outlier widens the spread, not the median's interval). A figure without one (a
 *   lesson run, a point of an older link) keeps the spread rule: noisy when its samples spread
 *   ((max − min) / median, core/stats spreadPercent) more than kMaxTrustedSpread per cent.
 *
 * A benchmark point (pointTrust) may also be
 * - *implausible* when its rate, or the rate of its fastest sample, is beyond any GPU's FP32 rate
 *   (kMaxGpuGflops): a shared link whose figures were edited and its checksum recomputed is shown
 *   with the point marked, not as genuine (the checksum detects damage, not deliberate edits).
 *
 * Any reason withdraws the figure as a speed: it may be shown, marked, but never drawn as the
 * longest or shortest bar, and no ratio ("N× faster") is claimed from it.
 */
import type { Clock } from './clock';
import type { BankKind, GlobalKind } from './probes';
import { intervalHalfWidthPercent, spreadPercent } from './stats';

/**
 * No GPU's FP32 rate comes near this: 1 PFLOP/s (an H200 peaks at about 67 TFLOP/s in f32, a
 * B200 at about 80). A point above it, or whose fastest sample would be, is implausible.
 */
export const kMaxGpuGflops = 1e6;

/** A median under this many steps of its clock (per dispatch) is too near the clock's resolution to be a speed. */
export const kMinClockSteps = 10;
/**
 * A spread above this (per cent of the median) makes a figure noisy. The result cards used 50% from
 * the start (a 3×3×3 run with a spread of 905% was the case that set it); keeping it means the
 * lesson's verdicts do not change while every other view starts applying them. Sweeps of tiny
 * sizes on SwiftShader and on an H100 spread 130–1,506%; real kernel times spread under 10%.
 */
export const kMaxTrustedSpread = 50;

/** The confidence level of a point's median interval. */
export const kCiLevel = 0.95;
/** A point whose median's 95% interval reaches farther than this (per cent of the median) is noisy. */
export const kMaxCiHalfWidthPct = 3;

/**
 * The step assumed for a clock when the figure does not carry its own (a benchmark point, in the app
 * or in a shared link, keeps its clock but not the step measured with it). Chrome quantises GPU
 * timestamps to 100 µs (Dawn's own default is 2^16 ns ≈ 66 µs), and browsers coarsen
 * performance.now() to 5–100 µs: the coarsest, 100 µs, so a figure is never trusted for a step
 * finer than its clock may have had.
 */
export const kAssumedStepMs: Readonly<Record<Clock, number>> = { 'gpu-timestamp': 0.1, 'wall-clock': 0.1 };

/**
 * The step of GPU timestamps seen not to be quantised: gpu/timing.ts keeps a step only when the
 * raw timestamps share a divisor of at least 1 µs, so an unreported step is under this.
 */
export const kUnquantisedStepMs = 0.001;

/**
 * Why a figure is not a speed. `software`: it was measured on a software or fallback adapter (a
 * CPU emulating a GPU, softwareAdapter): a true time, but no GPU's speed, so it is marked and never
 * drawn or compared as one (like an untimeable figure).
 */
export const kDistrusts = ['untimeable', 'noisy', 'implausible', 'software'] as const;
export type Distrust = (typeof kDistrusts)[number];

/** The figures the rule reads: a per-dispatch median, min and max, and how they were taken. */
export interface TimedFigure {
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  /** Dispatches per timed sample (each sample's time is divided by this). */
  readonly dispatchesPerSample: number;
  /** One step of the clock that timed a sample (ms), before dividing by the dispatches. */
  readonly clockStepMs: number;
  /**
   * The median's 95% interval as [low, high] ms, null when there were too few samples for one;
   * absent when the figure does not carry one (then the spread rule applies).
   */
  readonly ci95Ms?: readonly [number, number] | null;
}

/** The verdict, as data: the reasons in kDistrusts order, and the figures that decided it (for the words). */
export interface Trust {
  readonly trusted: boolean;
  readonly reasons: readonly Distrust[];
  /** One step of the clock per dispatch (ms). */
  readonly stepMs: number;
  /** The spread, per cent of the median (0 when the median is 0). */
  readonly spreadPct: number;
  /**
   * The interval's half-width, per cent of the median (the farther bound), when the interval rule
   * applied: null when there were too few samples for an interval; undefined when the spread rule applied.
   */
  readonly ciPct?: number | null;
  /** The limits applied, so words can quote them. */
  readonly minSteps: number;
  readonly maxSpreadPct: number;
  readonly maxCiPct: number;
}

/** The trust rule over one figure. */
export function trustOf(f: TimedFigure): Trust {
  const stepMs = f.clockStepMs / Math.max(1, f.dispatchesPerSample);
  const spreadPct = spreadPercent({ median: f.medianMs, min: f.minMs, max: f.maxMs });
  const reasons: Distrust[] = [];
  if (!Number.isFinite(f.medianMs) || f.medianMs <= 0 || f.medianMs < kMinClockSteps * stepMs) reasons.push('untimeable');
  const ciPct = f.ci95Ms === undefined ? undefined : f.ci95Ms === null ? null : intervalHalfWidthPercent(f.medianMs, f.ci95Ms[0], f.ci95Ms[1]);
  const noisy = ciPct === undefined ? !Number.isFinite(spreadPct) || spreadPct > kMaxTrustedSpread : ciPct === null || !(ciPct <= kMaxCiHalfWidthPct);
  if (noisy) reasons.push('noisy');
  return {
    trusted: reasons.length === 0,
    reasons,
    stepMs,
    spreadPct,
    ...(ciPct !== undefined ? { ciPct } : {}),
    minSteps: kMinClockSteps,
    maxSpreadPct: kMaxTrustedSpread,
    maxCiPct: kMaxCiHalfWidthPct,
  };
}

/** A run's timing fields (gpu/timing.ts Timing): its clock, statistics and, when found, its step. */
export interface TimedRunFields {
  readonly clock: Clock;
  readonly stats: { readonly median: number; readonly min: number; readonly max: number };
  readonly dispatchesPerSample: number;
  /** The GPU clock's step, when the timestamps were all multiples of a step ≥ 1 µs. */
  readonly resolutionMs?: number;
}

const positive = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x) && x > 0;

/**
 * The clock step of a run: the one measured with it; GPU timestamps without one were not
 * quantised (under 1 µs); the wall clock's is the page's (`wallStepMs`, measured where the run
 * ran), else assumed (kAssumedStepMs).
 */
export const runClockStepMs = (r: Pick<TimedRunFields, 'clock' | 'resolutionMs'>, wallStepMs?: number): number =>
  positive(r.resolutionMs) ? r.resolutionMs : r.clock === 'gpu-timestamp' ? kUnquantisedStepMs : positive(wallStepMs) ? wallStepMs : kAssumedStepMs[r.clock];

/** A verdict with further reasons (in kDistrusts order after its own): no longer trusted when there is one. */
const withReasons = (v: Trust, extra: readonly Distrust[]): Trust => (extra.length > 0 ? { ...v, trusted: false, reasons: [...v.reasons, ...extra] } : v);

/**
 * The trust rule over a run (a result card, a ladder rung, a partition, a learner's timed kernel);
 * `wallStepMs` as in runClockStepMs; `from.software`: measured on a software adapter (softwareAdapter).
 */
export const runTrust = (r: TimedRunFields, wallStepMs?: number, from?: { readonly software?: boolean }): Trust =>
  withReasons(
    trustOf({ medianMs: r.stats.median, minMs: r.stats.min, maxMs: r.stats.max, dispatchesPerSample: r.dispatchesPerSample, clockStepMs: runClockStepMs(r, wallStepMs) }),
    from?.software ? ['software'] : [],
  );

/** A benchmark point's timing fields (core/bench BenchPoint), all present when it was measured. */
export interface TimedPointFields {
  readonly clock?: Clock;
  readonly medianMs?: number;
  readonly minMs?: number;
  readonly maxMs?: number;
  readonly dispatchesPerSample?: number;
  /** The point's size (M = K = N) and rate: with them a rate beyond any GPU is implausible. */
  readonly size?: number;
  readonly gflops?: number;
  /** The median's 95% interval (ms), null: too few samples for one; absent in points made before it (the spread rule). */
  readonly ci95Ms?: readonly [number, number] | null;
}

/** GFLOP/s of a square matmul of `size` in `ms` (2·size³ operations). */
const rateAt = (size: number, ms: number): number => (ms > 0 ? (2 * size ** 3) / (ms * 1e6) : 0);

/** Whether a point's figures claim more than any GPU can do (kMaxGpuGflops): its rate, or its fastest sample's. */
export function implausiblePoint(p: TimedPointFields): boolean {
  if (p.gflops !== undefined && !(p.gflops <= kMaxGpuGflops)) return true;
  return p.size !== undefined && p.minMs !== undefined && p.minMs > 0 && rateAt(p.size, p.minMs) > kMaxGpuGflops;
}

/**
 * The trust rule over a benchmark point, from the figures it carries (so a shared link made before
 * the rule, or by another version, is judged the same way): undefined for a point not measured
 * (skipped or failed). A point carries no clock step: its clock's assumed one (kAssumedStepMs).
 */
export function pointTrust(p: TimedPointFields, from?: { readonly software?: boolean }): Trust | undefined {
  if (p.clock === undefined || p.medianMs === undefined || p.minMs === undefined || p.maxMs === undefined || p.dispatchesPerSample === undefined) return undefined;
  const v = trustOf({
    medianMs: p.medianMs,
    minMs: p.minMs,
    maxMs: p.maxMs,
    dispatchesPerSample: p.dispatchesPerSample,
    clockStepMs: kAssumedStepMs[p.clock],
    ...(p.ci95Ms !== undefined ? { ci95Ms: p.ci95Ms } : {}),
  });
  return withReasons(v, [...(implausiblePoint(p) ? (['implausible'] as const) : []), ...(from?.software ? (['software'] as const) : [])]);
}

/** Whether a ratio of these figures may be claimed: every one measured and trusted. */
export const allTrusted = (verdicts: ReadonlyArray<Trust | undefined>): boolean => verdicts.every((v) => v?.trusted === true);

/** A reason that withdraws a figure from a chart or a bar altogether (a noisy one is drawn, marked). */
export const notDrawn = (r: Distrust): boolean => r === 'untimeable' || r === 'implausible' || r === 'software';

/**
 * How long a bar a figure may have among others, as a share of the longest trusted value (0–1), or
 * undefined for no bar: an untimeable or implausible figure gets none (it is neither longest nor shortest), a
 * noisy one is drawn against the trusted ones (capped at the longest) and marked. `values` are the
 * figures' rates (higher is longer).
 */
export function barShares(values: ReadonlyArray<{ readonly value: number; readonly trust: Trust | undefined }>): Array<number | undefined> {
  const usable = (v: { value: number; trust: Trust | undefined }) =>
    v.trust !== undefined && !v.trust.reasons.some(notDrawn) && Number.isFinite(v.value) && v.value > 0;
  const trusted = values.filter((v) => usable(v) && v.trust!.trusted).map((v) => v.value);
  const drawable = values.filter(usable).map((v) => v.value);
  const longest = Math.max(0, ...(trusted.length > 0 ? trusted : drawable));
  return values.map((v) => (usable(v) && longest > 0 ? Math.min(1, v.value / longest) : undefined));
}

/**
 * A square size whose naive run takes about `targetMs` per dispatch at `gflops` (this GPU's rate,
 * measured even where too small to trust), as a multiple of 16 between 64 and 2048: both kernels
 * then run well above the clock's step (tiled is at most a few times faster) and the whole run,
 * samples included, stays a few seconds long.
 */
export function timeableSize(gflops: number, targetMs = 60): number {
  const rate = Number.isFinite(gflops) && gflops > 0 ? gflops : 0.1;
  const n = Math.cbrt((targetMs / 1000) * rate * 1e9 / 2);
  return Math.min(2048, Math.max(64, Math.round(n / 16) * 16));
}

// ---- the sender's adapter ----------------------------------------------------------------------

/**
 * Software renderers that implement WebGPU on the CPU, by the names they give themselves in an
 * adapter's vendor, architecture or description: SwiftShader (Chrome's fallback), llvmpipe and
 * lavapipe (Mesa), WARP (Windows' "Microsoft Basic Render Driver").
 */
export const kSoftwareRenderers: ReadonlyArray<{ readonly name: string; readonly pattern: RegExp }> = [
  { name: 'SwiftShader', pattern: /swift\s*shader/i },
  { name: 'llvmpipe', pattern: /llvmpipe/i },
  { name: 'lavapipe', pattern: /lavapipe/i },
  { name: 'WARP', pattern: /\bwarp\b|microsoft basic render/i },
];

/** What a device report says of its adapter (core/bench DeviceReport). */
export interface AdapterStrings {
  readonly vendor: string;
  readonly architecture: string;
  readonly description: string;
  /** The adapter's isFallbackAdapter, recorded with the link since it carries it; absent in older links. */
  readonly isFallbackAdapter?: boolean;
}

/**
 * Whether figures were measured on a software or fallback adapter: the adapter said so
 * (isFallbackAdapter, recorded in links made since), or its own strings name a known software
 * renderer (how an older link is judged). `renderer`: the renderer named, when one is.
 */
export function softwareAdapter(d: AdapterStrings): { readonly software: boolean; readonly renderer?: string } {
  const words = [d.vendor, d.architecture, d.description].join(' ');
  const named = kSoftwareRenderers.find((r) => r.pattern.test(words));
  return named ? { software: true, renderer: named.name } : { software: d.isFallbackAdapter === true };
}

// ---- the roofline and the probes in a link -----------------------------------------------------

/**
 * No GPU's memory moves this much (GB/s): 50 TB/s, ten times an H200's HBM3e (4.8 TB/s) and six
 * times a B200's (8 TB/s). A copy or a global-memory probe above it is implausible.
 */
export const kMaxGpuBandwidthGbs = 50_000;
/**
 * No GPU's tensor cores reach this with f16 inputs and f32 sums: 20 PFLOP/s, ten times a B200's
 * dense f16 rate (about 2.25 PFLOP/s) and twenty times an H200's (about 0.99). A shared tensor roof above it is implausible.
 */
export const kMaxTensorGflops = 2e7;
/**
 * Workgroup memory is faster (an H100's shared memory reads about 33 TB/s in all, and its bank
 * probe measured 18 TB/s): 500 TB/s is beyond any GPU's.
 */
export const kMaxWorkgroupGbs = 500_000;
/**
 * A probe's ratio beyond this (either way) is implausible: the model's worst case is 32 (each of a
 * request's 32 lanes in its own segment, or all in one bank); an H100 measured 2.7–18.
 */
export const kMaxProbeRatio = 1000;
/**
 * A rate agrees with its bytes or FLOP and its median when they differ by at most this (per cent):
 * each figure rounded to three significant digits is off by at most 0.5%. The app writes them exact.
 */
export const kRateAgreementPct = 1;

/** Why a shared roofline or probe figure is not shown as a measurement. */
export const kFigureFlaws = ['implausible', 'inconsistent'] as const;
export type FigureFlaw = (typeof kFigureFlaws)[number];

/** One figure that fails the rule, as data: which, why, its value and the limit or the value it should have. */
export interface FigureProblem {
  /** bandwidth, builtin, fma (the roofline); a probe variant (coalesced … padded); ratio or paddedRatio (a probe's ratios). */
  readonly figure: 'bandwidth' | 'builtin' | 'fma' | 'tensor' | GlobalKind | BankKind | 'ratio' | 'paddedRatio';
  readonly flaw: FigureFlaw;
  readonly value: number;
  /** implausible: the limit it passed; inconsistent: what its bytes or FLOP and median give. */
  readonly expected: number;
}

/** The verdict over a shared roofline or probe, as data. */
export interface SharedFigureTrust {
  /** Every part passes the rule, was verified, trusted by its sender, and no software adapter measured it. */
  readonly trusted: boolean;
  /** Every part was verified and none fails the rule: only then is "verified" said. */
  readonly verified: boolean;
  readonly software: boolean;
  readonly problems: readonly FigureProblem[];
}

/** Whether `value` agrees with `expected` within kRateAgreementPct. */
export const agrees = (value: number, expected: number): boolean => Math.abs(value - expected) <= (kRateAgreementPct / 100) * Math.abs(expected);

/** The roofline's figures as a link carries them (core/share RooflineShareSchema). */
export interface RooflineFigureFields {
  readonly bandwidthGbs: number;
  readonly builtinGbs: number;
  readonly fmaGflops: number;
  readonly verified: boolean;
  /** MiB copied each way (2× moved). */
  readonly copyMib: number;
  /** GFLOP of one fma run. */
  readonly fmaGflop: number;
  /** The medians behind the rates (ms), in links made since they travel. */
  readonly copyMs?: number;
  readonly builtinMs?: number;
  readonly fmaMs?: number;
  /** The tensor roof, in links that carry one: its rate, FLOP of a run (GFLOP), median and check. */
  readonly tensor?: { readonly gflops: number; readonly gflop: number; readonly ms: number; readonly verified: boolean };
}

/**
 * The rule over a shared roofline: each rate physically plausible (bandwidth ≤ kMaxGpuBandwidthGbs,
 * FMA ≤ kMaxGpuGflops, the tensor roof ≤ kMaxTensorGflops), and, where the link carries the medians, consistent with its own bytes or
 * FLOP and median (the copy moves 2 × copyMib MiB); verified only when every probe was (the tensor one too, where it ran) and no figure fails.
 */
export function rooflineFigureTrust(r: RooflineFigureFields, from?: { readonly software?: boolean }): SharedFigureTrust {
  const problems: FigureProblem[] = [];
  const moved = 2 * r.copyMib * 2 ** 20;
  const check = (figure: 'bandwidth' | 'builtin' | 'fma' | 'tensor', value: number, limit: number, expected: number | undefined) => {
    if (!(value <= limit)) problems.push({ figure, flaw: 'implausible', value, expected: limit });
    else if (expected !== undefined && !agrees(value, expected)) problems.push({ figure, flaw: 'inconsistent', value, expected });
  };
  const rate = (amount: number, ms: number | undefined) => (ms === undefined ? undefined : ms > 0 ? amount / (ms * 1e6) : 0);
  check('bandwidth', r.bandwidthGbs, kMaxGpuBandwidthGbs, rate(moved, r.copyMs));
  check('builtin', r.builtinGbs, kMaxGpuBandwidthGbs, rate(moved, r.builtinMs));
  check('fma', r.fmaGflops, kMaxGpuGflops, rate(r.fmaGflop * 1e9, r.fmaMs));
  if (r.tensor) check('tensor', r.tensor.gflops, kMaxTensorGflops, rate(r.tensor.gflop * 1e9, r.tensor.ms));
  const software = from?.software === true;
  const verified = r.verified && (r.tensor?.verified ?? true) && problems.length === 0;
  return { trusted: verified && !software, verified, software, problems };
}
