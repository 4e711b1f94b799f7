/**
 * The benchmark sweep's configuration and results, as plain data shared by the app, links and
 * history. Each type is defined once, as a zod schema, and the TypeScript type is inferred from it;
 * the schemas hold the cross-field rules that a link or a stored entry must satisfy.
 */
import { kMaxDimension, parseDimension } from './input';
import { kKernelIdList, type KernelId } from './kernels';
import { relTolerance } from './reference';
import { gflops as gflopsAt, kTileWidths } from './shape';
import { text, z } from './zod';
import { ClockSchema } from './clock';
import { said, type Said } from './said';
import { kCiLevel, kMaxCiHalfWidthPct, pointTrust } from './trust';
import type { StopRule } from './stats';

import { kDefaultSweepSizes } from './benchDefaults';

export { kDefaultSweepSizes };

/**
 * The sweep form's limits. The same figures bound the form's input, every link and every stored
 * entry, so "Run the same benchmark here" can never run what the form would refuse.
 */
export const kSweepLimits = {
  sizes: 64,
  warmups: { min: 0, max: 20 },
  /** 0 = automatic (kAutoSampling: until the median's 95% CI is within ±3%, at most 60 samples or 2 s of kernel time). */
  samples: { min: 0, max: 100 },
} as const;

/**
 * Automatic sampling of a sweep's point (samples = 0): take samples until the median's 95%
 * confidence interval (core/stats medianInterval, distribution-free) is within ±3% of the median,
 * or until the stated maximum — maxSamples samples or budgetMs of kernel time, whichever comes
 * first (never fewer than minSamples). A point that stops at the maximum first is noisy (core/trust).
 * A link carries the rule it was measured under (SweepConfig.stop), so the reader sees it.
 */
export const kAutoSampling: StopRule = { level: kCiLevel, halfWidthPct: kMaxCiHalfWidthPct, maxSamples: 60, budgetMs: 2000, minSamples: 3 };

/**
 * No GPU comes near this (an H200 peaks at about 67 TFLOP/s in f32): 1 EFLOP/s is far beyond any
 * single adapter, so a figure above it in a link is refused, never charted.
 */
export const kMaxPlausibleGflops = 1e9;
/** A single dispatch over a day long is no measurement this app makes (points over 4 s are skipped). */
export const kMaxPlausibleMs = 86_400_000;

/**
 * The rules a sweep's figures must satisfy, by code. A broken rule is a zod issue whose params
 * name the rule, so its words are made in the reader's language when shown (issueText), not
 * when the link was read.
 */
export const kRules = [
  'planMismatch',
  'tileMismatch',
  'notMeasured',
  'skippedWithFigures',
  'order',
  'rate',
  'tooManyChecked',
  'verifiedOutside',
  'toleranceTooWide',
  'finite',
  'tooManyLimits',
  'reservedKey',
  'duplicateVariant',
] as const;
export type Rule = (typeof kRules)[number];
export const isRule = (x: unknown): x is Rule => typeof x === 'string' && (kRules as readonly string[]).includes(x);

/** A zod issue for a broken rule: its code (src/i18n/bench.ts issueText says it). */
const ruleIssue = (rule: Rule) => ({ code: 'custom' as const, message: rule, params: { rule } });

const countError = (field: 'warmups' | 'samples'): Said => said(`bench:rule.${field}`, { min: kSweepLimits[field].min, max: kSweepLimits[field].max });

/** Parse the warm-up or sample count typed in the sweep form (or carried by a link). */
export function parseSweepCount(raw: string, field: 'warmups' | 'samples'): { value?: number; error?: Said } {
  // An empty field is not 0 (Number('') is): it is asked for, like M in the lesson.
  if (raw.trim() === '') return { error: said(`bench:rule.${field}Required`, { min: kSweepLimits[field].min, max: kSweepLimits[field].max }) };
  const v = Number(raw);
  const { min, max } = kSweepLimits[field];
  return Number.isInteger(v) && v >= min && v <= max ? { value: v } : { error: countError(field) };
}

const finite = () => z.refine<number>(Number.isFinite, { error: 'finite', params: { rule: 'finite' } });
const num = z.number().check(finite());
const dim = z.int().check(z.minimum(1), z.maximum(kMaxDimension));
const ms = z.number().check(finite(), z.minimum(0), z.maximum(kMaxPlausibleMs));
const count = (l: { readonly min: number; readonly max: number }) => z.int().check(z.minimum(l.min), z.maximum(l.max));
const kTileLiterals = z.literal(kTileWidths);

/** Names no key of a link's record may have: they reach an object's prototype, not a value of its own. */
export const kReservedKeys: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/**
 * A record whose keys are checked as received: zod's record drops a `__proto__` key silently and
 * never checks its value, so a link carrying one read as valid. Each reserved key is refused, at its
 * own path, before the record's own checks.
 */
function strictRecord<K extends z.core.$ZodRecordKey, V extends z.core.SomeType>(key: K, value: V) {
  const keysChecked = z.unknown().check(
    z.superRefine((raw, ctx) => {
      if (raw === null || typeof raw !== 'object') return;
      for (const k of Object.keys(raw)) {
        if (kReservedKeys.includes(k)) ctx.addIssue({ code: 'custom', path: [k], input: raw, message: 'reservedKey', params: { rule: 'reservedKey' } });
      }
    }),
  );
  return z.pipe(keysChecked, z.record(key, value));
}

/** The relative tolerance the verification applies at size K (core/reference.ts, where it is defined). */
export { relTolerance };
/** Dividing err by Σ|a·b| may round a passing error a few ulps above the tolerance. */
const kRoundingSlack = 1 + 1e-12;

const nonNegative = () => z.number().check(finite(), z.minimum(0));

export const PointSchema = z
  .strictObject({
    kernel: z.enum(kKernelIdList),
    tile: z.nullable(kTileLiterals),
    size: dim,
    /** Set when the point was not run, with the reason. */
    skipped: z.optional(text(300)),
    error: z.optional(text(300)),
    clock: z.optional(ClockSchema),
    samples: z.optional(z.int().check(z.minimum(1), z.maximum(kSweepLimits.samples.max))),
    dispatchesPerSample: z.optional(z.int().check(z.minimum(1), z.maximum(10_000))),
    medianMs: z.optional(ms),
    minMs: z.optional(ms),
    maxMs: z.optional(ms),
    /**
     * The median's 95% confidence interval [low, high] (ms per dispatch), null when the point had too
     * few samples (under 6) for one. Absent in points measured before it (core/trust then applies the spread rule).
     */
    ci95Ms: z.optional(z.nullable(z.readonly(z.tuple([ms, ms])))),
    gflops: z.optional(z.number().check(finite(), z.minimum(0), z.maximum(kMaxPlausibleGflops))),
    verified: z.optional(z.boolean()),
    checked: z.optional(z.int().check(z.minimum(0))),
    /** max |gpu − ref| / Σ|a·b| over the checked entries; null when it was not finite. */
    maxRelError: z.optional(z.nullable(nonNegative())),
    /** The bound on maxRelError that verification applied: (2 + 4√K)·2⁻²⁴, or 0 for exact data. */
    relTolerance: z.optional(nonNegative()),
    /** The tunable override constants the point ran with (e.g. GROUP = 8), when the kernel has any. */
    constants: z.optional(strictRecord(z.string().check(z.regex(/^[A-Z_]{1,16}$/)), z.int().check(z.minimum(0), z.maximum(65536)))),
  })
  .check(
    z.superRefine((p, ctx) => {
    const issue = (rule: Rule) => ctx.addIssue(ruleIssue(rule));
    const figures = [p.clock, p.samples, p.dispatchesPerSample, p.medianMs, p.minMs, p.maxMs, p.gflops, p.verified, p.checked];
    if (p.skipped !== undefined || p.error !== undefined) {
      if (figures.some((f) => f !== undefined) || p.maxRelError !== undefined || p.relTolerance !== undefined || p.ci95Ms !== undefined) issue('skippedWithFigures');
      return;
    }
    if (figures.some((f) => f === undefined)) return issue('notMeasured');
    if (!(p.minMs! <= p.medianMs! && p.medianMs! <= p.maxMs!)) issue('order');
    // The interval's bounds are samples: within [min, max], around the median.
    if (p.ci95Ms && !(p.minMs! <= p.ci95Ms[0] && p.ci95Ms[0] <= p.medianMs! && p.medianMs! <= p.ci95Ms[1] && p.ci95Ms[1] <= p.maxMs!)) issue('order');
    const expected = gflopsAt({ m: p.size, k: p.size, n: p.size }, p.medianMs!);
    if (!(Math.abs(p.gflops! - expected) <= 1e-6 * expected)) issue('rate');
    if (p.checked! > p.size * p.size) issue('tooManyChecked');
    if (p.relTolerance !== undefined && p.relTolerance > relTolerance(p.size) * kRoundingSlack) issue('toleranceTooWide');
    if (p.verified) {
      const ok = p.checked! > 0 && p.relTolerance !== undefined && typeof p.maxRelError === 'number' && p.maxRelError <= p.relTolerance * kRoundingSlack;
      if (!ok) issue('verifiedOutside');
    }
  }),
  );

/** One point of a sweep: a kernel at a size, measured and verified, skipped or failed. */
export type BenchPoint = z.infer<typeof PointSchema>;

export const DeviceSchema = z.strictObject({
  vendor: text(120),
  architecture: text(120),
  description: text(300),
  features: z.readonly(z.array(text(64)).check(z.maxLength(64))),
  limits: strictRecord(text(64), num).check(z.refine((r) => Object.keys(r).length <= 64, { error: 'tooManyLimits', params: { rule: 'tooManyLimits' } })),
  browser: text(400),
  timing: ClockSchema,
  /**
   * The adapter's isFallbackAdapter (a software or fallback adapter: its figures are no GPU's
   * speed; core/trust softwareAdapter). Absent in links made before it: they are judged from the
   * adapter's strings.
   */
  isFallbackAdapter: z.optional(z.boolean()),
});

export type DeviceReport = z.infer<typeof DeviceSchema>;

export const StopRuleSchema = z.strictObject({
  level: z.number().check(finite(), z.gt(0), z.lt(1)),
  halfWidthPct: z.number().check(finite(), z.gt(0), z.maximum(100)),
  maxSamples: count({ min: 1, max: kSweepLimits.samples.max }),
  budgetMs: z.number().check(finite(), z.minimum(0), z.maximum(600_000)),
  minSamples: count({ min: 1, max: kSweepLimits.samples.max }),
});

export const SweepConfigSchema = z.strictObject({
  sizes: z.readonly(z.array(dim).check(z.minLength(1), z.maxLength(kSweepLimits.sizes))),
  kernels: z.readonly(z.array(z.enum(kKernelIdList)).check(z.minLength(1), z.maxLength(kKernelIdList.length))),
  tile: kTileLiterals,
  warmups: count(kSweepLimits.warmups),
  /** Timed samples per point; 0 = automatic (kAutoSampling, stated in `stop`). */
  samples: count(kSweepLimits.samples),
  /**
   * The automatic sampling's rule the points were measured under (samples = 0): absent in links made
   * before it (about one second of kernel time, 3–30 samples) and when the count was fixed.
   */
  stop: z.optional(StopRuleSchema),
});

export type SweepConfig = z.infer<typeof SweepConfigSchema>;

/** Why a configuration cannot run (in the form's own words; a schema issue kept whole for i18n's issueText), or undefined when it can. */
export function sweepConfigError(c: SweepConfig): Said | { readonly issue: z.core.$ZodIssue } | undefined {
  const r = SweepConfigSchema.safeParse(c);
  if (r.success) return undefined;
  const issue = r.error.issues[0]!;
  const field = issue.path[0];
  if (field === 'warmups' || field === 'samples') return countError(field);
  if (field === 'kernels' && c.kernels.length === 0) return said('bench:rule.kernels');
  return { issue };
}

/** The cross-field rule between a configuration and its points: one point per size × kernel, in plan order (the rule broken, if any). */
export function pointsMatchConfig(c: SweepConfig, points: readonly BenchPoint[]): Rule | undefined {
  const plan = sweepPlan(c);
  if (plan.length !== points.length || plan.some((q, i) => q.size !== points[i]!.size || q.kernel !== points[i]!.kernel)) return 'planMismatch';
  if (points.some((p) => p.tile !== null && p.tile !== c.tile)) return 'tileMismatch';
  return undefined;
}

/** Parse a list of sizes typed by a user or read from `?sizes=`: "64, 128 256" → [64, 128, 256]. */
export function parseSizes(raw: string): { sizes?: number[]; error?: Said } {
  const parts = raw.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return { error: said('bench:sizes.empty') };
  if (parts.length > kSweepLimits.sizes) return { error: said('bench:sizes.tooMany', { max: kSweepLimits.sizes, n: parts.length }) };
  const sizes: number[] = [];
  for (const p of parts) {
    // The same rules and words as M, K and N in the lesson (1e3 is a size there too).
    const d = parseDimension(p, said('bench:sizes.name'));
    if (!d.ok) return { error: d.message };
    if (!sizes.includes(d.value)) sizes.push(d.value);
  }
  return { sizes };
}

export function sweepPlan(c: SweepConfig): Array<{ size: number; kernel: KernelId }> {
  return c.sizes.flatMap((size) => c.kernels.map((kernel) => ({ size, kernel })));
}

/** Estimated time of a cubic kernel at `size`, from a measurement at `from`. */
export const estimateMs = (msAt: number, from: number, size: number): number => msAt * (size / from) ** 3;

/**
 * Whether a point's figures are shown with its spread ((max − min) / median) where a point of now
 * shows its median's 95% interval: a measured point of a link made before the intervals (no ci95Ms).
 * The benchmark's notes define the spread only where a table shows one.
 */
export const showsSpread = (p: BenchPoint): boolean => p.skipped === undefined && p.error === undefined && p.medianMs !== undefined && p.ci95Ms === undefined;

/**
 * The size from which the tiled kernel stays faster than naive (by median, trusted points only:
 * core/trust), or undefined; none from a software adapter's points (`software`: no GPU's speed).
 */
export function crossover(points: readonly BenchPoint[], software = false): number | undefined {
  const bySize = new Map<number, { naive?: number; tiled?: number }>();
  for (const p of points) {
    if (p.medianMs === undefined || !p.verified || (p.kernel !== 'naive' && p.kernel !== 'tiled') || !pointTrust(p, { software })?.trusted) continue;
    const e = bySize.get(p.size) ?? {};
    e[p.kernel] = p.medianMs;
    bySize.set(p.size, e);
  }
  const sizes = [...bySize.keys()].sort((a, b) => a - b).filter((s) => bySize.get(s)!.naive !== undefined && bySize.get(s)!.tiled !== undefined);
  let from: number | undefined;
  for (const s of sizes) {
    const e = bySize.get(s)!;
    if (e.tiled! < e.naive!) from ??= s;
    else from = undefined;
  }
  return from;
}

/**
 * How a sweep's points were sampled, as a data value (CSV's `sampling` column): the automatic rule
 * ("until ci95 <= ±3%; max 60 samples or 2000 ms"), "fixed N", or "" when a link made before the
 * rule does not say.
 */
export function samplingText(c: Pick<SweepConfig, 'samples' | 'stop'> | undefined): string {
  if (!c) return '';
  if (c.samples > 0) return `fixed ${c.samples}`;
  const r = c.stop;
  // i18n-exempt: a data value in CSV, like its English column names
  return r ? `until ci${Math.round(r.level * 100)} <= ±${r.halfWidthPct}%; max ${r.maxSamples} samples or ${r.budgetMs} ms` : '';
}

/**
 * CSV of the points, one line per point, for export: a data format, so its header names the fields
 * in English whatever the language. `config` adds how the points were sampled (samplingText) to every line.
 */
export function pointsToCsv(points: readonly BenchPoint[], config?: Pick<SweepConfig, 'samples' | 'stop'>): string {
  const cols = ['kernel', 'tile', 'constants', 'size', 'clock', 'samples', 'dispatchesPerSample', 'medianMs', 'minMs', 'maxMs', 'ci95LowMs', 'ci95HighMs', 'gflops', 'verified', 'checked', 'maxRelError', 'skipped', 'error', 'sampling'] as const;
  const cell = (v: unknown) => {
    if (v === undefined || v === null) return '';
    const s = String(v);
    // Quote, and defuse spreadsheet formulas.
    const safe = /^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s;
    return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const value = (p: BenchPoint, c: (typeof cols)[number]) =>
    c === 'constants' ? Object.entries(p.constants ?? {}).map(([k, v]) => `${k}=${v}`).join(' ') : c === 'ci95LowMs' ? p.ci95Ms?.[0] : c === 'ci95HighMs' ? p.ci95Ms?.[1] : c === 'sampling' ? samplingText(config) : p[c];
  return [cols.join(','), ...points.map((p) => cols.map((c) => cell(value(p, c))).join(','))].join('\n') + '\n';
}

/**
 * A Markdown table (GitHub's pipe tables) from a header and rows of cells: pipes and line breaks in
 * a cell are escaped so a cell never splits the row; the words come from the caller.
 */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>, numeric: readonly boolean[] = []): string {
  const cell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `| ${header.map((_, i) => (numeric[i] ? '---:' : '---')).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n') + '\n';
}
