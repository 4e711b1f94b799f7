/**
 * The trust rule (core/trust) in words: why a run's or a point's time is not a speed an engineer can
 * trust. The verdicts are core's data; this file only says them, in the language in use (call it
 * when rendering).
 */
import type { Trust } from '../../core/trust';
import { runTrustHere, type TimedRun } from '../../state/trust';
import { t } from '../../i18n';
import { fmtMs, fmtPercent, fmtPercent1 } from './format';

export type { TimedRun };

/** Each reason of a verdict as a clause ("the samples spread 905% (over 50%)"), or undefined when trusted. */
export function distrustWords(v: Trust, medianMs: number): string[] | undefined {
  if (v.trusted) return undefined;
  return v.reasons.map((r) =>
    r === 'implausible'
      ? t('run:timing.markImplausible')
      : r === 'software'
      ? t('run:timing.software')
      : r === 'noisy'
      ? noisyWords(v)
      : medianMs > 0 && Number.isFinite(medianMs)
        ? t('run:timing.nearClock', { median: fmtMs(medianMs), steps: v.minSteps, step: fmtMs(v.stepMs) })
        : t('run:timing.zero'),
  );
}

/** Why a figure is noisy, by the rule that applied to it (its median's interval, or its spread). */
function noisyWords(v: Trust): string {
  if (v.ciPct === null) return t('run:timing.ciFew');
  if (v.ciPct !== undefined) return t('run:timing.ci', { pct: fmtPercent1(v.ciPct), max: v.maxCiPct });
  return t('run:timing.spread', { pct: fmtPercent(v.spreadPct), max: v.maxSpreadPct });
}

/** One step of the run's clock per dispatch (a sample of n dispatches is divided by n). */
export const dispatchStep = (run: TimedRun): number => runTrustHere(run).stepMs;

/**
 * The verdict over a run of this page; `software`: measured on a software adapter (core/trust
 * softwareAdapter). The software reason is named first (issue #45): no noise advice, no "try a
 * larger size", fixes a time that is no GPU's.
 */
export const verdictOf = (run: TimedRun, software?: boolean): Trust => {
  const v = runTrustHere(run, software ? { software: true } : undefined);
  return v.reasons.includes('software') ? { ...v, reasons: ['software', ...v.reasons.filter((r) => r !== 'software')] } : v;
};

/** Why this run's time is not a trustworthy speed, or undefined (the trust rule over the run's own statistics and clock, and the adapter). */
export const untimeableRun = (run: TimedRun, software?: boolean): string[] | undefined => distrustWords(verdictOf(run, software), run.stats.median);

/** The first reason a run's time is not trusted (a software adapter first, then core/trust kDistrusts order), or undefined when it is. */
export const distrustReason = (run: TimedRun, software?: boolean): Trust['reasons'][number] | undefined => verdictOf(run, software).reasons[0];

/**
 * The headline of a run whose time is not trusted, by its verdict's first reason: "Software
 * adapter: correctness only" on a software adapter; "Too small to time meaningfully" only when it
 * is near the clock's resolution; a noisy run is called noisy.
 */
export function distrustHeadline(run: TimedRun, software?: boolean): string {
  const first = distrustReason(run, software);
  return first === 'software'
    ? t('run:timing.softwareOnly')
    : first === 'noisy'
      ? t('run:timing.tooNoisy')
      : first === 'implausible'
        ? t('run:timing.implausible')
        : t('run:timing.tooSmall');
}

/** What to try next for a run whose time is not trusted, by its verdict's first reason. */
export function distrustAdvice(run: TimedRun, software?: boolean): string {
  const first = distrustReason(run, software);
  return first === 'software' ? t('run:timing.adviceSoftware') : first === 'noisy' ? t('run:timing.adviceNoisy') : t('run:timing.advice');
}

/** A point's or run's mark, short: "too small to time", "noisy (spread 905%)", "implausible". */
export function distrustMark(v: Trust, reason: Trust['reasons'][number]): string {
  if (reason === 'implausible') return t('run:timing.markImplausible');
  if (reason === 'software') return t('run:timing.markSoftware');
  if (reason === 'untimeable') return t('run:timing.markUntimeable');
  if (v.ciPct === null) return t('run:timing.markNoisyFew');
  if (v.ciPct !== undefined) return t('run:timing.markNoisyCi', { pct: fmtPercent1(v.ciPct), max: v.maxCiPct });
  return t('run:timing.markNoisy', { pct: fmtPercent(v.spreadPct) });
}
