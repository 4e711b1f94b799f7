export interface Summary {
  readonly n: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('summarize: no samples'); // i18n-exempt: a programmer's assertion (callers never pass none)
  const s = [...samples].sort((x, y) => x - y);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  const mean = s.reduce((acc, v) => acc + v, 0) / s.length;
  return { n: s.length, median, min: s[0]!, max: s[s.length - 1]!, mean };
}

/** Spread as a percentage of the median: (max − min) / median. */
export const spreadPercent = (x: Pick<Summary, 'median' | 'min' | 'max'>): number => (x.median > 0 ? ((x.max - x.min) / x.median) * 100 : 0);

/** P(B ≤ j) for B ~ Binomial(n, ½), summed in log space so large n neither underflows nor overflows. */
export function binomialHalfCdf(n: number, j: number): number {
  if (j < 0) return 0;
  if (j >= n) return 1;
  // log C(n, i) − n·log 2, term by term: C(n, i+1) = C(n, i)·(n − i)/(i + 1).
  let logTerm = -n * Math.LN2;
  let sum = Math.exp(logTerm);
  for (let i = 0; i < j; i++) {
    logTerm += Math.log(n - i) - Math.log(i + 1);
    sum += Math.exp(logTerm);
  }
  return Math.min(1, sum);
}

/** A confidence interval of the median: its bounds, the order statistics they are, and the coverage they give. */
export interface MedianInterval {
  readonly lo: number;
  readonly hi: number;
  /** 1-based ranks of lo and hi among the sorted samples (hi's is n + 1 − lo's). */
  readonly loRank: number;
  readonly hiRank: number;
  /** The exact coverage of [x₍loRank₎, x₍hiRank₎] for any continuous distribution: 1 − 2·P(B ≤ loRank − 1), at least the level asked for. */
  readonly coverage: number;
}

/**
 * A distribution-free confidence interval of the median (order statistics): the widest rank j
 * such that [x₍j₎, x₍n+1−j₎] covers the population median with probability at least `level` for
 * any continuous distribution, since the number of samples below the median is Binomial(n, ½).
 * Undefined when n is too small for the level (at 95%: under 6 samples, where even [min, max]
 * covers only 1 − 2⁻⁽ⁿ⁻¹⁾ ≤ 93.75%).
 */
export function medianInterval(samples: readonly number[], level = 0.95): MedianInterval | undefined {
  const n = samples.length;
  const alpha = 1 - level;
  // The largest j with P(B ≤ j − 1) ≤ α/2 (B ≤ j − 1: fewer than j samples below the median).
  let j = 0;
  while (j + 1 <= Math.floor((n + 1) / 2) && binomialHalfCdf(n, j) <= alpha / 2) j++;
  if (j === 0) return undefined;
  const s = [...samples].sort((x, y) => x - y);
  return { lo: s[j - 1]!, hi: s[n - j]!, loRank: j, hiRank: n + 1 - j, coverage: 1 - 2 * binomialHalfCdf(n, j - 1) };
}

/**
 * The half-width of a median's interval as a percentage of the median: the farther of its two
 * bounds (the interval is not symmetric), so "within ±3%" means both bounds are. Infinity when
 * the median is not positive.
 */
export const intervalHalfWidthPercent = (median: number, lo: number, hi: number): number =>
  median > 0 ? (Math.max(median - lo, hi - median) / median) * 100 : Infinity;

/**
 * When automatic sampling stops: once the median's `level` interval (medianInterval) is within
 * ±halfWidthPct of the median, or at the stated maximum — maxSamples samples, or budgetMs of kernel
 * time spent on them — whichever comes first (never before minSamples).
 */
export interface StopRule {
  readonly level: number;
  readonly halfWidthPct: number;
  readonly maxSamples: number;
  readonly budgetMs: number;
  readonly minSamples: number;
}

/** Why sampling stopped: the interval got there, or a maximum (samples, kernel time) came first. */
export type StopReason = 'interval' | 'maxSamples' | 'budget';

/** Whether to stop after these samples (ms per dispatch, `dps` dispatches each), and why; undefined: take more. */
export function stopReason(samplesMs: readonly number[], dps: number, rule: StopRule): StopReason | undefined {
  const n = samplesMs.length;
  if (n === 0) return undefined;
  if (n >= rule.minSamples) {
    const ci = medianInterval(samplesMs, rule.level);
    if (ci && intervalHalfWidthPercent(summarize(samplesMs).median, ci.lo, ci.hi) <= rule.halfWidthPct) return 'interval';
  }
  if (n >= rule.maxSamples) return 'maxSamples';
  const spent = samplesMs.reduce((a, v) => a + v, 0) * dps;
  if (n >= rule.minSamples && spent >= rule.budgetMs) return 'budget';
  return undefined;
}

/**
 * How many samples to take next: the first round as many as fit the budget (at least minSamples, at
 * most 10); then as many again as taken so far (the interval narrows as 1/√n), within the maximum
 * and the kernel time left (at least one).
 */
export function nextRound(have: number, perSampleMs: number, spentMs: number, rule: StopRule): number {
  const per = Math.max(perSampleMs, 1e-6);
  if (have === 0) return Math.max(rule.minSamples, Math.min(10, rule.maxSamples, Math.floor(rule.budgetMs / per)));
  const left = rule.maxSamples - have;
  const fit = Math.floor((rule.budgetMs - spentMs) / per);
  return Math.max(1, Math.min(have, left, Math.max(1, fit)));
}
