// i18n-pending: this file's words are not in the catalogues yet
/** When a run's time is not a speed an engineer can trust (the result card says so instead of a headline). */
import { spreadPercent, type Summary } from '../core/stats';
import { fmtMs } from './format';

/** A spread above this (per cent of the median) means the figure cannot be trusted as a speed. */
const kMaxTrustedSpread = 50;
/** A median under this many steps of the clock is too near its resolution to be a speed. */
const kMinClockSteps = 10;

export const kTimingText = {
  tooSmall: 'Too small to time meaningfully',
  nearClock: (median: string, step: string) => `the median kernel time (${median}) is within ${kMinClockSteps} steps of the clock (${step} per dispatch)`,
  spread: (pct: string) => `the samples spread ${pct} (over ${kMaxTrustedSpread}%)`,
  advice: 'For a speed figure, try a larger problem (for example the 1000² example).',
  spreadDef: 'spread = (max − min) / median of the timed samples',
} as const;

/** Why a run's time is not a trustworthy speed (near the clock's step, or a spread over 50%), or undefined. */
export function untimeable(median: number, spreadPct: number, step?: number): string[] | undefined {
  const why: string[] = [];
  if (step !== undefined && Number.isFinite(step) && step > 0 && median < kMinClockSteps * step) why.push(kTimingText.nearClock(fmtMs(median), fmtMs(step)));
  if (spreadPct > kMaxTrustedSpread) why.push(kTimingText.spread(`${spreadPct.toFixed(0)}%`));
  return why.length > 0 ? why : undefined;
}


/** The timing fields of a run that decide whether its time is a speed. */
export interface TimedRun {
  readonly stats: Summary;
  readonly resolutionMs?: number;
  readonly dispatchesPerSample: number;
}

/** One step of the run's clock per dispatch (a sample of n dispatches is divided by n), or undefined. */
export const dispatchStep = (run: TimedRun): number | undefined => (run.resolutionMs !== undefined ? run.resolutionMs / run.dispatchesPerSample : undefined);

/** Why this run's time is not a trustworthy speed, or undefined (untimeable over the run's own statistics and clock step). */
export const untimeableRun = (run: TimedRun): string[] | undefined => untimeable(run.stats.median, spreadPercent(run.stats), dispatchStep(run));
