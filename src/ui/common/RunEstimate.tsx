import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat, t } from '../../i18n';
import { kernelLabel } from '../../i18n/kernels';
import { fmtBytes, fmtGflops, fmtMs } from '../../i18n/format';
import { shapeLabel } from '../../core/shape';
import { kConfirmMs, kConfirmPageBytes, kMaxPointDispatchMs } from '../../core/limits';
import { answerRun, useEstimate, type EstimateScope } from '../../state/estimate';

/** A duration for people: seconds and below as fmtMs, then minutes, hours, days (in the language in use). */
export function fmtDuration(ms: number): string {
  const round = (v: number) => numberFormat(v < 10 ? { minimumFractionDigits: 1, maximumFractionDigits: 1 } : { maximumFractionDigits: 0 }).format(v);
  if (!(ms >= 120_000)) return fmtMs(ms);
  if (ms < 2 * 3600_000) return t('common:estimate.minutes', { n: round(ms / 60_000) });
  if (ms < 72 * 3600_000) return t('common:estimate.hours', { n: round(ms / 3600_000) });
  return t('common:estimate.days', { n: round(ms / 86_400_000) });
}

/**
 * The estimate of a large run (time and memory, from this GPU's measured rate) and, when the run is
 * long or needs much memory, the question whether to start it: Continue / Cancel, keyboard
 * operable (focus moves to it; Enter or Space on a button, Escape cancels).
 */
export function RunEstimate({ scope = 'run' }: { scope?: EstimateScope }) {
  const { t } = useTranslation();
  const { estimate, asking, measuring, scope: owner, actualMs } = useEstimate();
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancelButton.current?.focus();
  }, [asking]);
  // The lesson shows a lesson run's estimate, the benchmark a sweep's.
  if (owner !== scope) return null;
  if (measuring) return <p className="small" role="status" data-testid="run-estimate-measuring">{t('estimate.measuring')}</p>;
  if (!estimate) return null;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      answerRun(false);
    }
  };
  return (
    <div
      className="run-estimate"
      data-testid="run-estimate"
      data-total-ms={estimate.totalMs !== undefined ? Math.round(estimate.totalMs) : ''}
      data-skipped={estimate.skipped ?? 0}
      data-actual-ms={actualMs !== undefined ? Math.round(actualMs) : undefined}
      data-page-bytes={estimate.pageBytes}
      data-gpu-bytes={estimate.gpuBytes}
      data-asking={asking}
      role={asking ? 'alertdialog' : 'status'}
      aria-labelledby="run-estimate-heading"
      aria-describedby="run-estimate-body"
      onKeyDown={asking ? onKey : undefined}
    >
      <strong id="run-estimate-heading">{t('estimate.heading')}</strong>
      <div id="run-estimate-body">
        <p data-testid="run-estimate-time">
          {estimate.points !== undefined && estimate.points > 1 && estimate.totalMs !== undefined
            ? t('estimate.timeSweep', { count: estimate.points, shape: shapeLabel(estimate.shape), time: fmtDuration(estimate.totalMs) })
            : estimate.totalMs !== undefined
              ? t('estimate.time', { shape: shapeLabel(estimate.shape), time: fmtDuration(estimate.totalMs) })
              : t('estimate.timeUnknown', { shape: shapeLabel(estimate.shape) })}
        </p>
        {estimate.skipped !== undefined && estimate.skipped > 0 && (
          <p data-testid="run-estimate-skipped">{t('estimate.skipped', { count: estimate.skipped, seconds: kMaxPointDispatchMs / 1000 })}</p>
        )}
        {actualMs !== undefined && estimate.totalMs !== undefined && (
          <p data-testid="run-estimate-actual">
            <strong>{t('estimate.took', { estimated: fmtDuration(estimate.totalMs), actual: fmtDuration(actualMs) })}</strong>
          </p>
        )}
        <ul>
          {estimate.kernels.map((k) => {
            const label = kernelLabel(k.kernel); // named when shown, so a language switch renames it
            return (
              <li key={k.kernel}>
                {k.dispatchMs !== undefined
                  ? t('estimate.kernel', { label, rate: fmtGflops((2 * estimate.shape.m * estimate.shape.k * estimate.shape.n) / (k.dispatchMs * 1e6)), dispatch: fmtDuration(k.dispatchMs) })
                  : t('estimate.kernelUnknown', { label })}
              </li>
            );
          })}
        </ul>
        <p>{t('estimate.memory', { page: fmtBytes(estimate.pageBytes), gpu: fmtBytes(estimate.gpuBytes) })}</p>
        {asking && estimate.confirm.includes('time') && <p>{t('estimate.askTime', { limit: fmtDuration(kConfirmMs) })}</p>}
        {asking && estimate.confirm.includes('memory') && <p>{t('estimate.askMemory', { limit: fmtBytes(kConfirmPageBytes) })}</p>}
      </div>
      {asking && (
        <p className="run-buttons">
          <span>{t('estimate.question')} </span>
          <button type="button" className="primary" data-testid="estimate-continue" onClick={() => answerRun(true)}>
            {t('estimate.go')}
          </button>
          <button type="button" ref={cancelButton} data-testid="estimate-cancel" onClick={() => answerRun(false)}>
            {t('estimate.stop')}
          </button>
        </p>
      )}
    </div>
  );
}
