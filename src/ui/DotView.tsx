import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { activeAt, formatDotValue, kDotWorkgroupSizes, reductionSchedule } from '../core/dot';
import { parseDot, runDotView, setDotStep, setDotText, setDotWorkgroup } from '../state/dot';
import { useApp } from '../state/store';
import { fmtBelowResolution, fmtMs, isBelowResolution } from './format';
import { numberFormat, say } from '../i18n';

/** Notation, the same in every language: the sum shown, and the mark of a lane whose value is read. */
const kSumNotation = 'Σ a[i]·b[i] =';
const kReadMark = ' ↩';

/** A count in the reader's language (grouping). */
const fmtCount = (n: number) => numberFormat().format(n);

function ReductionView() {
  const { t } = useTranslation('bench');
  const r = useApp((s) => s.dotResult);
  const w = useApp((s) => s.dotWorkgroup);
  const step = useApp((s) => s.dotStep);
  const cells = useMemo(() => {
    if (!r?.trace) return undefined;
    const steps = Math.log2(r.workgroupSize);
    const base = (w * (steps + 1) + step) * r.workgroupSize;
    return Array.from(r.trace.subarray(base, base + r.workgroupSize));
  }, [r, w, step]);
  if (!r) return null;
  const schedule = reductionSchedule(r.workgroupSize);
  const stride = step === 0 ? 0 : schedule[step - 1]!;
  const active = activeAt(r.workgroupSize, step);
  const label =
    step === 0
      ? t('dot.reduction.step0', { steps: schedule.length })
      : t('dot.reduction.step', { step, steps: schedule.length, stride, last: stride - 1 });
  return (
    <section className="panel" aria-labelledby="red-heading" data-testid="dot-reduction">
      <h2 id="red-heading">{t('dot.reduction.heading', { w })}</h2>
      {!r.trace ? (
        <p className="small">{t('dot.reduction.tooLarge', { n: fmtCount(r.n) })}</p>
      ) : (
        <>
          <p className="small">{t('dot.reduction.intro')}</p>
          <div className="stepper-controls" role="group" aria-label={t('dot.reduction.stepper')}>
            <button type="button" data-testid="dot-step-prev" onClick={() => setDotStep(step - 1)} disabled={step === 0}>
              {t('dot.reduction.prev')}
            </button>
            <button type="button" data-testid="dot-step-next" onClick={() => setDotStep(step + 1)} disabled={step >= schedule.length}>
              {t('dot.reduction.next')}
            </button>
            <label>
              {t('dot.reduction.workgroup')}{' '}
              <input type="number" min={0} max={r.workgroups - 1} value={w} onChange={(e) => setDotWorkgroup(Number(e.target.value))} data-testid="dot-workgroup" style={{ width: '6rem' }} />
            </label>
          </div>
          <p className="phase-label" data-testid="dot-step-label" aria-live="polite">
            {label}
          </p>
          <div className="lanes dot-lanes" style={{ gridTemplateColumns: `repeat(${Math.min(16, r.workgroupSize)}, 1fr)` }}>
            {cells!.map((v, t) => {
              const isActive = step > 0 && t < active;
              const isRead = step > 0 && t >= stride && t < 2 * stride;
              const live = step === 0 || t < (schedule[step - 1] ?? 0) * 2;
              return (
                <div
                  key={t}
                  className={`lane${isActive ? ' active' : ''}${isRead ? ' read' : ''}${live ? '' : ' nostore'}`}
                  data-testid={`dot-cell-${t}`}
                  data-active={isActive ? 'true' : 'false'}
                  title={`cache[${t}] = ${v}`}
                >
                  <span className="lane-src">
                    {t}
                    {isRead ? kReadMark : ''}
                  </span>
                  <span className="lane-val">{formatDotValue(v)}</span>
                </div>
              );
            })}
          </div>
          <p className="small">
            <Trans t={t} i18nKey="dot.reduction.sum" values={{ w, value: formatDotValue(r.partials[w]!) }} components={{ strong: <strong /> }} />
          </p>
        </>
      )}
    </section>
  );
}

/** The timing figures of a dot-product run, for its sentence. */
function timingValues(r: NonNullable<ReturnType<typeof useApp.getState>['dotResult']>, clock: string) {
  const s = r.timing.stats;
  return { median: fmtMs(s.median), min: fmtMs(s.min), max: fmtMs(s.max), n: s.n, clock };
}

export function DotView() {
  const { t } = useTranslation('bench');
  const text = useApp((s) => s.dotText);
  const status = useApp((s) => s.dotStatus);
  const error = say(useApp((s) => s.dotError));
  const r = useApp((s) => s.dotResult);
  const parsed = parseDot(text);
  return (
    <>
      <section className="panel" aria-labelledby="dot-heading">
        <h2 id="dot-heading">{t('dot.heading')}</h2>
        <p className="lead">{t('dot.lead', { wg: text.workgroupSize })}</p>
        <div className="fields">
          <div className="field">
            <label htmlFor="dot-n">{t('dot.n')}</label>
            <input id="dot-n" data-testid="dot-n" inputMode="numeric" value={text.n} onChange={(e) => setDotText({ n: e.target.value })} aria-invalid={parsed.error ? true : undefined} />
          </div>
          <div className="field">
            <label htmlFor="dot-wg">{t('dot.wg')}</label>
            <select id="dot-wg" data-testid="dot-wg" value={text.workgroupSize} onChange={(e) => setDotText({ workgroupSize: e.target.value })}>
              {kDotWorkgroupSizes.map((w) => (
                <option key={w} value={String(w)}>
                  {w}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="dot-maxwg">{t('dot.maxWg')}</label>
            <input id="dot-maxwg" data-testid="dot-maxwg" inputMode="numeric" value={text.maxWorkgroups} onChange={(e) => setDotText({ maxWorkgroups: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="dot-pattern">{t('dot.data')}</label>
            <select id="dot-pattern" data-testid="dot-pattern" value={text.pattern} onChange={(e) => setDotText({ pattern: e.target.value as 'closed-form' | 'random' })}>
              <option value="closed-form">{t('dot.closedForm')}</option>
              <option value="random">{t('dot.random')}</option>
            </select>
          </div>
          <label className="switch">
            <input type="checkbox" data-testid="dot-gpu-final" checked={text.gpuFinal} onChange={(e) => setDotText({ gpuFinal: e.target.checked })} />
            {t('dot.gpuFinal')}
          </label>
        </div>
        {(parsed.error || error) && (
          <p className="error-summary" role="alert" data-testid="error-message">
            ⚠ {parsed.error ?? error}
          </p>
        )}
        <div className="run-buttons">
          <button type="button" className="primary" data-testid="dot-run" data-main-action onClick={() => void runDotView()}>
            {t('dot.run')}
          </button>
        </div>
        <article
          className={`panel result status-${status}`}
          data-testid="dot-result"
          data-status={status === 'idle' ? undefined : status}
          data-value={r && status !== 'running' ? String(r.value) : undefined}
          aria-live="polite"
        >
          {status === 'idle' && <p>{t('dot.notRun')}</p>}
          {status === 'running' && <p>{t('dot.running')}</p>}
          {status === 'error' && <p className="error-text">✗ {error}</p>}
          {r && (status === 'verified' || status === 'mismatch') && (
            <>
              <h3>
                {kSumNotation} <span className="big">{formatDotValue(r.value)}</span> <span className={`badge ${r.verified ? 'ok' : 'bad'}`}>{t(`dot.status.${status}`)}</span>
              </h3>
              <p className="small">{t(r.gpuFinal ? 'dot.shapeGpu' : 'dot.shapeHost', { n: fmtCount(r.n), workgroups: fmtCount(r.workgroups), wg: r.workgroupSize })}</p>
              <p className={r.verified ? 'ok-text' : 'error-text'}>
                {r.closedForm !== undefined && <>{t('dot.closed', { value: formatDotValue(r.closedForm) })} </>}
                {t('dot.check', {
                  reference: formatDotValue(r.reference),
                  difference: Math.abs(r.value - r.reference).toPrecision(3),
                  tolerance: r.tolerance === 0 ? '0' : r.tolerance.toPrecision(3),
                })}
                {r.value === r.reference && <> {t('dot.exact')}</>}
              </p>
              <p className="small">
                {isBelowResolution(r.timing.stats.median) || !Number.isFinite(r.gbPerS)
                  ? t('dot.timingBelow', { ...timingValues(r, t(`dot.clock.${r.timing.clock}`)), below: fmtBelowResolution() })
                  : t('dot.timingRate', { ...timingValues(r, t(`dot.clock.${r.timing.clock}`)), rate: r.gbPerS.toPrecision(3) })}{' '}
                {t('dot.noPercent')}
              </p>
            </>
          )}
        </article>
      </section>
      <ReductionView />
    </>
  );
}
