import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paramsLabel } from '../core/tuning';
import { crossover, pointsToCsv, type BenchPoint, type DeviceReport } from '../core/bench';
import { pointReasonText, shareFailureText } from '../i18n/bench';
import { type SharePayload } from '../core/share';
import { RunEstimate } from './RunEstimate';
import { cancelSweep, dismissShared, parseSweep, runSharedHere, setSweepText, startSweep, type SweepField } from '../state/bench';
import { clearHistory, deleteHistory, importHistory, useHistory } from '../state/history';
import { useApp } from '../state/store';
import { goToView } from '../state/views';
import { kDefaultView, viewOpenedBy } from '../core/views';
import { BenchChart, type ChartSeries } from './BenchChart';
import { kKernelIdList, kKernels } from '../core/kernels';
import { spreadPercent } from '../core/stats';
import { kAssumedStepMs, kMaxTrustedSpread, kMinClockSteps } from '../core/trust';
import { pointTrust } from '../state/trust';
import { fmtBytes, fmtError, fmtInt, fmtMeasuredMs, fmtMs, fmtPercent, fmtRate } from './format';
import { distrustMark } from './timing';
import { dateFormat, say } from '../i18n';
import { downloadBlob } from './download';
import { kernelLabel } from '../i18n/kernels';

/** The sweep form's fields, by name (code names, never shown). */
/** The sweep's estimate is shown here (the lesson's beside the lesson's form). */
const kEstimateScope = 'sweep' as const;
const kField: { readonly [F in SweepField]: F } = { sizes: 'sizes', kernels: 'kernels', warmups: 'warmups', samples: 'samples' };

/** A unit, the same in every language. */
const kRateUnit = 'GFLOP/s';
/** The tables' test ids (the automation contract): the shared table is 'bench-table' when it is the only one. */
const kTableId = { mine: 'bench-table', shared: 'bench-table-shared' } as const;

/** A recorded date (ISO) in the reader's language. */
const fmtDate = (iso: string) => dateFormat({ dateStyle: 'medium', timeStyle: 'long' }).format(new Date(iso));

/**
 * A point's marks under the trust rule (core/trust pointTrust, from the figures the point carries,
 * so a shared link shows the same marks as the page that made it): a word and a symbol each, with
 * the automation contract's test ids (point-untimeable, point-noisy).
 */
export function PointMarks({ point }: { point: BenchPoint }) {
  const v = pointTrust(point);
  if (!v || v.trusted) return null;
  return (
    <>
      {v.reasons.map((reason) => (
        <span key={reason} className="trust-mark" data-testid={`point-${reason}`}>
          {' '}
          {distrustMark(v, reason)}
        </span>
      ))}
    </>
  );
}

/** What a GPU calls itself, from the parts the browser disclosed (empty when none). */
const gpuName = (d: DeviceReport) => [d.vendor, d.architecture, d.description].filter((x) => x && x !== 'unknown').join(' · ');

/** A point's verdict as an attribute: 'trusted', its reasons ('untimeable noisy'), or none when not measured. */
const trustAttr = (p: BenchPoint): string | undefined => {
  const v = pointTrust(p);
  return v ? (v.trusted ? 'trusted' : v.reasons.join(' ')) : undefined;
};

function PointsTable({ points, caption, testId }: { points: readonly BenchPoint[]; caption: string; testId?: string }) {
  const { t } = useTranslation('bench');
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="bench-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.kernel')}</th>
            <th scope="col">{t('table.size')}</th>
            <th scope="col">{t('table.median')}</th>
            <th scope="col">{t('table.min')}</th>
            <th scope="col">{t('table.max')}</th>
            <th scope="col">{t('table.spread')}</th>
            <th scope="col">{kRateUnit}</th>
            <th scope="col">{t('table.clock')}</th>
            <th scope="col">{t('table.verified')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            <tr key={i} data-kernel={p.kernel} data-size={p.size} data-trust={trustAttr(p)}>
              <th scope="row">
                {kKernels[p.kernel].usesTile ? t('form.kernelTile', { label: kernelLabel(p.kernel), tile: p.tile ?? '' }) : kernelLabel(p.kernel)}
                {p.constants && Object.keys(p.constants).length > 0 && <span className="small"> ({paramsLabel(p.constants)})</span>}
              </th>
              <td className="num">{p.size}</td>
              {p.skipped || p.error ? (
                <td colSpan={7} className={p.error ? 'error-text' : 'small'}>
                  {p.error ? `✗ ${pointReasonText(p.error)}` : t('table.skipped', { reason: pointReasonText(p.skipped!) })}
                </td>
              ) : (
                <>
                  <td className="num">{fmtMeasuredMs(p.medianMs!)}</td>
                  <td className="num">{fmtMeasuredMs(p.minMs!)}</td>
                  <td className="num">{fmtMeasuredMs(p.maxMs!)}</td>
                  <td className="num">{p.medianMs! > 0 ? fmtPercent(spreadPercent({ median: p.medianMs!, min: p.minMs!, max: p.maxMs! })) : '—'}</td>
                  <td className="num">
                    {fmtRate(p.gflops!, p.medianMs!)}
                    <PointMarks point={p} />
                  </td>
                  <td className="clock">
                    {t(`clock.${p.clock!}`)} · {p.samples}
                    {p.dispatchesPerSample! > 1 ? ` × ${p.dispatchesPerSample}` : ''}
                  </td>
                  <td className={p.verified ? 'ok-text' : 'error-text'}>
                    {p.verified ? '✓' : '✗'}{' '}
                    {t('table.checked', { checked: fmtInt(p.checked ?? 0), error: p.maxRelError === null || p.maxRelError === undefined ? '∞' : fmtError(p.maxRelError) })}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DevicePanel({ device, date, title }: { device: DeviceReport; date: string; title: string }) {
  const { t } = useTranslation('bench');
  const l = device.limits;
  return (
    <details className="device-panel" open>
      <summary>{title}</summary>
      <dl className="limits">
        <div><dt>{t('device.gpu')}</dt><dd>{gpuName(device) || t('device.undisclosed')}</dd></div>
        <div><dt>{t('device.browser')}</dt><dd className="ua">{device.browser}</dd></div>
        <div><dt>{t('device.timing')}</dt><dd>{t(`clock.${device.timing}`)}</dd></div>
        <div><dt>{t('device.date')}</dt><dd>{fmtDate(date)}</dd></div>
        <div><dt>{t('device.maxStorage')}</dt><dd>{l.maxStorageBufferBindingSize !== undefined ? fmtBytes(l.maxStorageBufferBindingSize) : '—'}</dd></div>
        <div><dt>{t('device.invocations')}</dt><dd>{l.maxComputeInvocationsPerWorkgroup !== undefined ? fmtInt(l.maxComputeInvocationsPerWorkgroup) : '—'}</dd></div>
        <div><dt>{t('device.workgroupMemory')}</dt><dd>{l.maxComputeWorkgroupStorageSize !== undefined ? fmtBytes(l.maxComputeWorkgroupStorageSize) : '—'}</dd></div>
        <div><dt>{t('device.features')}</dt><dd>{device.features.join(', ') || t('device.noFeatures')}</dd></div>
      </dl>
    </details>
  );
}

function History() {
  const { t } = useTranslation('bench');
  const entries = useHistory((s) => s.entries);
  /** The last import's outcome: how many runs, or why none (made in the language in use then). */
  const [message, setMessage] = useState<{ count: number } | { error: string } | undefined>(undefined);
  return (
    <details className="history" data-testid="bench-history">
      <summary>{t('history.summary', { count: entries.length })}</summary>
      {entries.length === 0 ? (
        <p className="small">{t('history.none')}</p>
      ) : (
        <ul>
          {entries.map((e) => (
            <li key={e.id} data-testid="history-entry">
              {t('history.entry', {
                date: fmtDate(e.payload.date),
                device: e.payload.device.description || e.payload.device.vendor,
                sizes: e.payload.config.sizes.join(', '),
                count: e.payload.points.length,
              })}{' '}
              <button type="button" onClick={() => downloadBlob(new Blob([pointsToCsv(e.payload.points)], { type: 'text/csv' }), `tiles-${e.payload.date}.csv`)}>
                {t('history.csv')}
              </button>{' '}
              <button type="button" onClick={() => deleteHistory(e.id)} aria-label={t('history.deleteLabel', { date: fmtDate(e.payload.date) })}>
                {t('history.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="run-buttons">
        <button type="button" disabled={entries.length === 0} onClick={() => downloadBlob(new Blob([JSON.stringify(entries, null, 1)], { type: 'application/json' }), 'tiles-history.json')}>
          {t('history.exportJson')}
        </button>
        <label className="file-button">
          {t('history.importJson')}{' '}
          <input
            type="file"
            accept="application/json,.json"
            data-testid="history-import"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              if (!f) return;
              try {
                setMessage({ count: importHistory(await f.text()) });
              } catch (err) {
                setMessage({ error: err instanceof Error ? err.message : String(err) });
              }
              e.target.value = '';
            }}
          />
        </label>
        <button type="button" disabled={entries.length === 0} onClick={clearHistory}>
          {t('history.deleteAll')}
        </button>
        {message && <span role="status">{'count' in message ? t('history.imported', { count: message.count }) : message.error}</span>}
      </div>
    </details>
  );
}

function SharedBanner({ shared }: { shared: SharePayload }) {
  const { t } = useTranslation('bench');
  const d = shared.device;
  return (
    <div className="shared-banner" data-testid="shared-banner" role="region" aria-label={t('shared.region')}>
      <p>
        <strong>{t('shared.heading')}</strong> —{' '}
        {t('shared.banner', { device: gpuName(d) || t('shared.undisclosed'), date: fmtDate(shared.date), app: shared.app, clock: t(`clock.${d.timing}`) })}
      </p>
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="shared-run-here" data-main-action onClick={runSharedHere}>
          {t('shared.runHere')}
        </button>
        <button type="button" onClick={dismissShared}>
          {t('shared.close')}
        </button>
      </div>
    </div>
  );
}

/** The benchmark view, or (shared) the shared-results view: the shared results first, on the first screen. */
export function Bench({ sharedView = false }: { sharedView?: boolean }) {
  const { t, i18n } = useTranslation('bench');
  const text = useApp((s) => s.sweepText);
  const status = useApp((s) => s.sweepStatus);
  const error = say(useApp((s) => s.sweepError));
  const progress = useApp((s) => s.sweepProgress);
  const points = useApp((s) => s.sweepPoints);
  const run = useApp((s) => s.sweepRun);
  const shareUrl = useApp((s) => s.shareUrl);
  const urlError = useApp((s) => s.shareUrlError);
  const shareUrlError = typeof urlError === 'string' ? urlError : shareFailureText(urlError);
  const shared = useApp((s) => s.shared);
  const shareError = useApp((s) => s.shareError);
  const tile = useApp((s) => s.config.tile);
  const [copied, setCopied] = useState<'' | 'copied' | 'copyFailed'>('');
  // The language is a dependency: the problem is put into words in the language in use.
  const parsed = useMemo(() => parseSweep(), [text, tile, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  // Each problem beside its own field (the automation contract: bench-<field>-error), and the field marked invalid.
  const invalid = (f: SweepField) =>
    parsed.errors[f] ? { 'aria-invalid': true as const, 'aria-describedby': `bench-${f}-error` } : {};
  const fieldError = (f: SweepField) =>
    parsed.errors[f] && (
      <p className="field-error" id={`bench-${f}-error`} data-testid={`bench-${f}-error`}>
        {parsed.errors[f]}
      </p>
    );

  const series = useMemo(() => {
    const out: ChartSeries[] = [];
    for (const kernel of kKernelIdList) {
      const mine = points.filter((p) => p.kernel === kernel);
      const tiled = kKernels[kernel].usesTile;
      const name = kernelLabel(kernel);
      if (mine.some((p) => p.gflops !== undefined))
        out.push({ label: tiled ? t('chart.mineTile', { kernel: name, tile: run?.config.tile ?? '' }) : t('chart.mine', { kernel: name }), points: mine, kernel, shared: false });
      const theirs = shared?.points.filter((p) => p.kernel === kernel) ?? [];
      if (theirs.some((p) => p.gflops !== undefined))
        out.push({ label: tiled ? t('chart.sharedTile', { kernel: name, tile: shared!.config.tile }) : t('chart.shared', { kernel: name }), points: theirs, kernel, shared: true });
    }
    return out;
  }, [points, shared, run, t]);
  const cross = crossover(points);
  const running = status === 'running';
  const current = progress.current;
  const progressLabel = !current
    ? t('status.starting')
    : current.tile !== null
      ? t('status.point', { kernel: current.kernel, tile: current.tile, size: current.size })
      : t('status.pointNoTile', { kernel: current.kernel, size: current.size });

  const errorBox = shareError && (
    <div className="error-summary" role="alert" data-testid="share-error">
      <p>
        <strong>{t('shared.errorLead')}</strong> {shareFailureText(shareError)}
      </p>
      <p>{t('shared.errorNext')}</p>
      <div className="run-buttons">
        <button type="button" className="primary" data-main-action onClick={() => goToView(viewOpenedBy('sizes') ?? kDefaultView)}>
          {t('shared.openBench')}
        </button>
        <button type="button" onClick={dismissShared}>
          {t('shared.dismiss')}
        </button>
      </div>
    </div>
  );
  const chart = (
    <div data-testid="bench-chart" data-series={series.length} role="figure" aria-label={t('chart.label')}>
      {series.length > 0 ? <BenchChart series={series} height={sharedView ? 190 : 340} /> : <p className="small">{t('chart.empty')}</p>}
    </div>
  );
  // Two runs overlaid: say what their spreads do not cover.
  const compareNote = shared && points.length > 0 && (
    <p className="small" data-testid="bench-compare-note">
      {t('compareNote')}
    </p>
  );
  const crossText = cross !== undefined && (
    <p data-testid="bench-crossover">{t('crossover', { size: cross })}</p>
  );
  const tables = (
    <>
      {points.length > 0 && <PointsTable points={points} testId={kTableId.mine} caption={run ? t('table.mineAt', { date: fmtDate(run.date) }) : t('table.mine')} />}
      {shared && <PointsTable points={shared.points} testId={points.length > 0 ? kTableId.shared : kTableId.mine} caption={t('table.shared', { date: fmtDate(shared.date) })} />}
    </>
  );
  const devices = (
    <>
      {run && <DevicePanel device={run.device} date={run.date} title={t('device.mine')} />}
      {shared && <DevicePanel device={shared.device} date={shared.date} title={t('device.shared')} />}
    </>
  );
  return (
    <section className={`panel bench${sharedView ? ' shared-view' : ''}`} aria-labelledby="bench-heading" id="benchmark">
      <h2 id="bench-heading" className={sharedView && shared ? 'visually-hidden' : undefined}>
        {sharedView ? t('shared.heading') : t('heading')}
      </h2>
      {sharedView && (
        <>
          {errorBox}
          {shared && <SharedBanner shared={shared} />}
          {!shared && !shareError && <p data-testid="shared-none">{t('shared.none')}</p>}
          {shared && chart}
          {compareNote}
          {shared && tables}
        </>
      )}
      <p className="small">{t('intro')}</p>
      <div className="fields">
        <div className="field wide">
          <label htmlFor="bench-sizes">{t('form.sizes')}</label>
          <input id="bench-sizes" data-testid="bench-sizes" value={text.sizes} onChange={(e) => setSweepText({ sizes: e.target.value })} {...invalid(kField.sizes)} />
          {fieldError(kField.sizes)}
        </div>
        <fieldset className="field" aria-describedby={parsed.errors.kernels ? 'bench-kernels-error' : undefined}>
          <legend>{t('form.kernels')}</legend>
          {kKernelIdList.map((k) => (
            <label key={k} className="switch">
              <input
                type="checkbox"
                data-testid={`bench-kernel-${k}`}
                checked={text.kernels.includes(k)}
                onChange={(e) => setSweepText({ kernels: kKernelIdList.filter((x) => (x === k ? e.target.checked : text.kernels.includes(x))) })}
              />
              {kKernels[k].usesTile ? t('form.kernelTile', { label: kernelLabel(k), tile }) : kernelLabel(k)}
            </label>
          ))}
          {fieldError(kField.kernels)}
        </fieldset>
        <div className="field">
          <label htmlFor="bench-warmups">{t('form.warmups')}</label>
          <input id="bench-warmups" data-testid="bench-warmups" inputMode="numeric" value={text.warmups} onChange={(e) => setSweepText({ warmups: e.target.value })} {...invalid(kField.warmups)} />
          {fieldError(kField.warmups)}
        </div>
        <div className="field">
          <label htmlFor="bench-samples">{t('form.samples')}</label>
          <input id="bench-samples" data-testid="bench-samples" inputMode="numeric" value={text.samples} onChange={(e) => setSweepText({ samples: e.target.value })} {...invalid(kField.samples)} />
          {fieldError(kField.samples)}
        </div>
      </div>
      {(parsed.error || error) && (
        <p className="field-error" role="alert" data-testid="bench-error">
          ⚠ {parsed.error ? Object.values(parsed.errors).join(' ') : error}
        </p>
      )}
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="bench-start" data-main-action={sharedView ? undefined : true} onClick={() => void startSweep()} disabled={running}>
          {t('form.start')}
        </button>
        <button type="button" data-testid="bench-cancel" onClick={cancelSweep} disabled={!running}>
          {t('form.cancel')}
        </button>
        <div className="progress" data-testid="bench-progress" data-status={status} data-done={progress.done} data-total={progress.total}>
          <progress max={Math.max(1, progress.total)} value={progress.done} aria-label={t('form.progress')} />
          <span role="status">
            {status === 'idle'
              ? t('status.idle')
              : status === 'running'
                ? t('status.running', { done: progress.done, total: progress.total, label: progressLabel })
                : status === 'cancelled'
                  ? t('status.cancelled', { done: points.length, total: progress.total })
                  : status === 'error'
                    ? t('status.error')
                    : t('status.done', { count: points.length })}
          </span>
        </div>
      </div>
      <RunEstimate scope={kEstimateScope} />
      {!(sharedView && shared) && chart}
      {!(sharedView && shared) && compareNote}
      {crossText}
      {!(sharedView && shared) && tables}
      <p className="small">{t('spread')}</p>
      <p className="small">{t('trust', { steps: kMinClockSteps, step: fmtMs(kAssumedStepMs['gpu-timestamp']), max: kMaxTrustedSpread })}</p>
      {devices}
      {(shareUrl || shareUrlError) && (
        <div className="share">
          <label htmlFor="share-link">{t('share.label')}</label>
          {shareUrl ? (
            <div className="run-buttons">
              <input id="share-link" data-testid="share-link" readOnly value={shareUrl} onFocus={(e) => e.target.select()} />
              <button
                type="button"
                data-testid="share-copy"
                onClick={async () => {
                  try {
                    await navigator.clipboard.writeText(shareUrl);
                    setCopied('copied');
                  } catch {
                    setCopied('copyFailed');
                  }
                }}
              >
                {t('share.copy')}
              </button>
              {copied && <span role="status">{t(`share.${copied}`)}</span>}
            </div>
          ) : (
            <p className="error-text">{shareUrlError}</p>
          )}
        </div>
      )}
      <History />
    </section>
  );
}
