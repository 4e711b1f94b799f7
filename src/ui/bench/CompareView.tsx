import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kKernelIdList, kKernels } from '../../core/kernels';
import type { SharePayload } from '../../core/share';
import { addCompared, openShareFromLocation, removeCompared } from '../../state/bench';
import { useApp } from '../../state/store';
import { dateFormat } from '../../i18n';
import { shareFailureText } from '../../i18n/bench';
import { kernelLabel } from '../../i18n/kernels';
import { BenchChart, type ChartSeries } from './BenchChart';
import { CompareTable, type ComparedPoints } from './CompareTable';
import { SenderLabel, TrustNote } from './Bench';
import { SamplingRule } from './SamplingRule';
import { softwareAdapter } from '../../state/trust';

/** Each compared run's sampling rule (how its medians were taken): the automation contract's id. */
const kRuleTestId = 'compare-sampling-rule';

/** Runs are named A, B, C… in the order their links were given. */
const letter = (i: number) => String.fromCharCode(65 + i); // i18n-exempt: run letters, the same in every language

const fmtDate = (iso: string) => dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
const gpuName = (p: SharePayload) => [p.device.vendor, p.device.architecture, p.device.description].filter((x) => x && x !== 'unknown').join(' · ');

/**
 * Two or more results links side by side (`?view=compare`, or several `r=` parts in one fragment):
 * each link checked as when opened alone, one table of every point with each run's ratio to run A
 * (trusted points only), and every run's lines in one chart.
 */
export function CompareView() {
  const { t } = useTranslation('bench');
  const compared = useApp((s) => s.compared);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<'' | 'noneFound' | { added: number; accepted: number }>('');
  // Opened from the navigation with links in the address: read them.
  useEffect(() => {
    if (useApp.getState().compared.length === 0 && location.hash.includes('r=')) void openShareFromLocation();
  }, []);
  const runs = useMemo(
    () =>
      compared.flatMap((c, i) => ('payload' in c ? [{ index: i, payload: c.payload, name: t('compare.runName', { letter: letter(i) }), adapter: softwareAdapter(c.payload.device) }] : [])),
    [compared, t],
  );
  const series = useMemo(() => {
    const out: ChartSeries[] = [];
    for (const kernel of kKernelIdList)
      runs.forEach((r, i) => {
        const points = r.payload.points.filter((p) => p.kernel === kernel);
        if (points.some((p) => p.gflops !== undefined)) out.push({ label: `${kernelLabel(kernel)} — ${r.name}`, points, kernel, shared: i > 0, software: r.adapter.software }); // i18n-exempt: a name and a run letter
      });
    return out;
  }, [runs]);
  const tableRuns: ComparedPoints[] = runs.map((r) => ({ name: r.name, points: r.payload.points, tile: r.payload.config.tile, software: r.adapter.software }));
  // Runs measured on a software adapter, named at the top: none of their figures is a GPU's speed.
  const softwareRuns = runs.filter((r) => r.adapter.software);
  return (
    <section className="panel bench compare-view" data-testid="compare-view" aria-labelledby="compare-heading">
      <h2 id="compare-heading">{t('compare.heading')}</h2>
      <p className="small">{t('compare.intro')}</p>
      {softwareRuns.length > 0 && (
        <p className="software-sender" data-testid="compare-software" data-runs={softwareRuns.map((r) => letter(r.index)).join(' ')}>
          {t('compare.software', { runs: softwareRuns.map((r) => (r.adapter.renderer ? `${r.name} (${r.adapter.renderer})` : r.name)).join(t('share.listSep')) })}
        </p>
      )}
      <TrustNote />
      <form
        className="compare-form"
        onSubmit={async (e) => {
          e.preventDefault();
          const got = await addCompared(text);
          setMessage(got.added > 0 ? got : 'noneFound');
          if (got.added > 0) setText('');
        }}
      >
        <label htmlFor="compare-input">{t('compare.input')}</label>
        <textarea id="compare-input" data-testid="compare-input" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
        <div className="run-buttons">
          <button type="submit" className="primary" data-testid="compare-add" data-main-action>
            {t('compare.add')}
          </button>
          {message && (
            <span role="status" data-testid="compare-added" data-added={message === 'noneFound' ? 0 : message.added} data-accepted={message === 'noneFound' ? 0 : message.accepted}>
              {message === 'noneFound'
                ? t('compare.noneFound')
                : message.accepted === message.added
                  ? t('compare.added', { count: message.added })
                  : t('compare.addedRefused', { count: message.added, accepted: message.accepted, refused: message.added - message.accepted })}
            </span>
          )}
        </div>
      </form>
      {compared.length === 0 ? (
        <p data-testid="compare-none">{t('compare.none')}</p>
      ) : (
        <ol className="compare-runs">
          {compared.map((c, i) => {
            const run = t('compare.runName', { letter: letter(i) });
            return (
              <li key={`${i}-${c.link.slice(-12)}`} data-testid="compare-run">
                {'payload' in c ? (
                  <>
                    {t('compare.runLine', { run, device: gpuName(c.payload) || t('shared.undisclosed'), date: fmtDate(c.payload.date), app: c.payload.app, count: c.payload.points.length })}
                    {softwareAdapter(c.payload.device).software && (
                      <strong className="trust-mark" data-software="true">
                        {' '}
                        {t('compare.softwareMark', { renderer: softwareAdapter(c.payload.device).renderer ?? 'isFallbackAdapter' })}
                      </strong>
                    )}
                    <SenderLabel label={c.payload.label} />
                    <SamplingRule config={c.payload.config} points={c.payload.points} testId={kRuleTestId} />
                  </>
                ) : (
                  <span className="error-text" data-testid="compare-refused">
                    {t('compare.refused', { run, reason: shareFailureText(c.error) })}
                  </span>
                )}{' '}
                <a href={`?view=shared#r=${c.link}`}>{t('compare.open', { run })}</a>{' '}
                <button type="button" onClick={() => removeCompared(i)}>
                  {t('compare.remove', { run })}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {runs.length === 1 && <p className="small">{t('compare.one')}</p>}
      {runs.length >= 2 && (
        <>
          <CompareTable runs={tableRuns} caption={t('compare.captionMany')} ratioHead={(r, ref) => t('compare.ratioOf', { run: r.name, ref: ref.name })} />
          <div data-testid="bench-chart" data-series={series.length} role="figure" aria-label={t('chart.label')}>
            <BenchChart series={series} height={380} />
          </div>
        </>
      )}
      {runs.some((r) => r.payload.config.tile !== runs[0]!.payload.config.tile) && kKernelIdList.some((k) => kKernels[k].usesTile) && <p className="small">{t('compare.tiles')}</p>}
    </section>
  );
}
