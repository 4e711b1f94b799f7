import { useTranslation } from 'react-i18next';
import { type KernelId } from '../../core/kernels';
import { belongs, useDerived } from '../../state/selectors';
import { useApp, type KernelResult } from '../../state/store';
import { fmtMeasuredMs, fmtPercent, fmtRate } from '../common/format';
import { spreadPercent } from '../../core/stats';
import { dispatchStep, distrustHeadline, untimeableRun } from '../common/timing';
import { kernelLabel } from '../../i18n/kernels';
import { useSoftwareAdapter } from '../common/useSoftware';

function Line({ id, r }: { id: KernelId; r: KernelResult }) {
  const { t } = useTranslation('run');
  const software = useSoftwareAdapter();
  const name = kernelLabel(id);
  if (r.status !== 'verified' && r.status !== 'mismatch') {
    return (
      <li>
        <strong>{name}</strong>{t('summary.colon')}{r.status === 'running' ? t('summary.running') : t('summary.error')}
      </li>
    );
  }
  const run = r.run;
  const step = run ? dispatchStep(run) : undefined;
  const tooSmall = run ? untimeableRun(run, software) : undefined;
  return (
    <li>
      <strong>{name}</strong>{t('summary.colon')}<span className={r.status === 'verified' ? 'ok-text' : 'error-text'}>{t(`summary.${r.status}`)}</span>
      {run && (
        <>
          {' · '}
          {t('summary.median', { time: fmtMeasuredMs(run.stats.median, step), spread: fmtPercent(spreadPercent(run.stats)), clock: t(`clock.name.${run.clock}`), n: run.stats.n })}
          {' · '}
          {tooSmall ? (
            <em data-testid={software ? `summary-software-${id}` : undefined}>{t('summary.notTrusted', { tooSmall: distrustHeadline(run, software) })}</em>
          ) : (
            fmtRate(run.gflops, run.stats.median, step)
          )}
        </>
      )}
    </li>
  );
}

/**
 * One line per kernel of the last run, right above the tile map: after a run the page scrolls here, so
 * the result and the map are on one screen (the full cards stay above).
 */
export function RunSummary() {
  const { t } = useTranslation('run');
  const results = useApp((s) => s.results);
  const config = useDerived().parsed;
  const ids = (['naive', 'tiled'] as const).filter((id) => results[id] && belongs(results[id], id, config));
  if (ids.length === 0) return null;
  return (
    <section className="panel run-summary" data-testid="run-summary" aria-label={t('summary.label')} tabIndex={-1} aria-live="polite">
      <ul>
        {ids.map((id) => (
          <Line key={id} id={id} r={results[id]!} />
        ))}
      </ul>
    </section>
  );
}
