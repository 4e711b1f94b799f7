/** When a run's time is not a speed an engineer can trust (the result card says so instead of a headline). */
import { spreadPercent, type Summary } from '../core/stats';
import { t } from '../i18n';
import { fmtMs, fmtPercent } from './format';

/** A spread above this (per cent of the median) means the figure cannot be trusted as a speed. */
const kMaxTrustedSpread = 50;
/** A median under this many steps of the clock is too near its resolution to be a speed. */
const kMinClockSteps = 10;

/**
 * Why a run's time is not a trustworthy speed (near the clock's step, or a spread over 50%), or
 * undefined. The reasons are words in the language in use (call it when rendering).
 */
export function untimeable(median: number, spreadPct: number, step?: number): string[] | undefined {
  const why: string[] = [];
  if (step !== undefined && Number.isFinite(step) && step > 0 && median < kMinClockSteps * step) {
    why.push(t('run:timing.nearClock', { median: fmtMs(median), steps: kMinClockSteps, step: fmtMs(step) }));
  }
  if (spreadPct > kMaxTrustedSpread) why.push(t('run:timing.spread', { pct: fmtPercent(spreadPct), max: kMaxTrustedSpread }));
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
