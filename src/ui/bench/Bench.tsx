import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { paramsLabel } from '../../core/tuning';
import { crossover, kAutoSampling, markdownTable, pointsToCsv, showsSpread, type BenchPoint, type DeviceReport } from '../../core/bench';
import { figureMarkText, pointReasonText, shareFailureText } from '../../i18n/bench';
import { kMaxLabelChars, kWithholdable, type SharePayload } from '../../core/share';
import { cancelSweep, dismissShared, parseSweep, runSharedHere, setShareChoice, setSweepText, startSweep, type SweepField } from '../../state/bench';
import { CompareTable } from './CompareTable';
import { RunEstimate } from '../common/RunEstimate';
import { PointMarks } from './PointMarks';
import { clearHistory, deleteHistory, importHistory, useHistory } from '../../state/history';
import { useApp } from '../../state/store';
import { goToView } from '../../state/views';
import { kDefaultView, viewOpenedBy } from '../../core/views';
import { BenchChart, type ChartSeries } from './BenchChart';
import { kKernelIdList, kKernels, type KernelId } from '../../core/kernels';
import { chartLines, deviceName, inRecordOrder, kSweepPresets, measuredCount, sameKernelSet, shareReveals, toggleKernel } from '../../core/sweepView';
import { intervalHalfWidthPercent, spreadPercent } from '../../core/stats';
import { PointsHead } from './PointsHead';
import { SharedProbes } from '../ladder/Probes';
import { SamplingRule, stopRuleWords } from './SamplingRule';
import { kAssumedStepMs, kMaxCiHalfWidthPct, kMaxTrustedSpread, kMinClockSteps } from '../../core/trust';
import { pointTrust, rooflineFigureTrust, softwareAdapter } from '../../state/trust';
import { useSoftwareAdapter } from '../common/useSoftware';
import { fmtBytes, fmtError, fmtGbs, fmtGflops, fmtInt, fmtMeasuredMs, fmtMs, fmtPercent, fmtPercent1, fmtRate } from '../common/format';
import { dateFormat, say, t as tr } from '../../i18n';
import { distrustMark } from '../common/timing';
import { downloadBlob } from '../common/download';
import { kernelLabel } from '../../i18n/kernels';

/** The sweep form's fields, by name (code names, never shown). */
/** The sweep's estimate is shown here (the lesson's beside the lesson's form). */
const kEstimateScope = 'sweep' as const;
const kField: { readonly [F in SweepField]: F } = { sizes: 'sizes', kernels: 'kernels', warmups: 'warmups', samples: 'samples' };

/** A unit, the same in every language. */
const kRateUnit = 'GFLOP/s';
/** The tables' test ids (the automation contract): the shared table is 'bench-table' when it is the only one. */
const kTableId = { mine: 'bench-table', shared: 'bench-table-shared' } as const;
/** The sampling rule's test ids, beside each table. */
const kRuleId = { mine: 'sampling-rule', shared: 'sampling-rule-shared' } as const;

/** A recorded date (ISO) in the reader's language. */
const fmtDate = (iso: string) => dateFormat({ dateStyle: 'medium', timeStyle: 'long' }).format(new Date(iso));

/** A point's verdict as an attribute: 'trusted', its reasons ('untimeable noisy'), or none when not measured. */
const trustAttr = (p: BenchPoint, software?: boolean): string | undefined => {
  const v = pointTrust(p, { software });
  return v ? (v.trusted ? 'trusted' : v.reasons.join(' ')) : undefined;
};

/** A point's median ± (the farther bound of its 95% interval, per cent), or its spread when it carries no interval (an older link). */
function CiCell({ point: p }: { point: BenchPoint }) {
  const { t } = useTranslation('bench');
  if (p.ci95Ms === null)
    return (
      <td className="small" title={t('table.ciNoneTitle')}>
        {t('table.ciNone')}
      </td>
    );
  if (p.ci95Ms === undefined)
    return (
      <td className="num" title={t('table.spreadTitle')}>
        {p.medianMs! > 0 ? t('table.spreadOld', { pct: fmtPercent(spreadPercent({ median: p.medianMs!, min: p.minMs!, max: p.maxMs! })) }) : '—'}
      </td>
    );
  return <td className="num">{t('table.ciValue', { pct: fmtPercent1(intervalHalfWidthPercent(p.medianMs!, p.ci95Ms[0], p.ci95Ms[1])) })}</td>;
}

function PointsTable({ points, caption, testId, software, here }: { points: readonly BenchPoint[]; caption: string; testId?: string; software?: boolean; here?: boolean }) {
  const { t } = useTranslation('bench');
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="bench-table" data-testid={testId}>
        <caption>{caption}</caption>
        <PointsHead columns={[t('table.median'), t('table.range'), t('table.ci'), kRateUnit, t('table.clock'), t('table.verified')]} />
        <tbody>
          {points.map((p, i) => (
            <tr key={i} data-kernel={p.kernel} data-size={p.size} data-trust={trustAttr(p, software)}>
              <th scope="row">
                {kKernels[p.kernel].usesTile ? t('form.kernelTile', { label: kernelLabel(p.kernel), tile: p.tile ?? '' }) : kernelLabel(p.kernel)}
                {p.constants && Object.keys(p.constants).length > 0 && <span className="small"> ({paramsLabel(p.constants)})</span>}
              </th>
              <td className="num">{p.size}</td>
              {p.skipped || p.error ? (
                <td colSpan={6} className={p.error ? 'error-text' : 'small'}>
                  {p.error ? `✗ ${pointReasonText(p.error)}` : t('table.skipped', { reason: pointReasonText(p.skipped!) })}
                </td>
              ) : (
                <>
                  <td className="num">{fmtMeasuredMs(p.medianMs!)}</td>
                  <td className="num">
                    {fmtMeasuredMs(p.minMs!)} – {fmtMeasuredMs(p.maxMs!)}
                  </td>
                  <CiCell point={p} />
                  <td className="num" data-speed={here ? 'here' : undefined}>
                    {fmtRate(p.gflops!, p.medianMs!)}
                    <PointMarks point={p} software={software} />
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

function DevicePanel({ device, date, title, withheld = [], 'data-testid': testId }: { device: DeviceReport; date: string; title: string; withheld?: readonly string[]; 'data-testid'?: string }) {
  const { t } = useTranslation('bench');
  const l = device.limits;
  // A field the sender left out of the link says so, not "none".
  const [limitsHeld, featuresHeld] = [withheld.includes(kWithholdable[1]), withheld.includes(kWithholdable[2])];
  const held = (isHeld: boolean, shown: string) => (isHeld ? t('device.withheld') : shown);
  return (
    <details className="device-panel" open data-testid={testId}>
      <summary>{title}</summary>
      <dl className="limits">
        <div><dt>{t('device.gpu')}</dt><dd>{deviceName(device) || t('device.undisclosed')}</dd></div>
        <div><dt>{t('device.browser')}</dt><dd className="ua">{device.browser}</dd></div>
        <div><dt>{t('device.timing')}</dt><dd>{t(`clock.${device.timing}`)}</dd></div>
        <div><dt>{t('device.date')}</dt><dd>{fmtDate(date)}</dd></div>
        <div><dt>{t('device.maxStorage')}</dt><dd>{held(limitsHeld, l.maxStorageBufferBindingSize !== undefined ? fmtBytes(l.maxStorageBufferBindingSize) : '—')}</dd></div>
        <div><dt>{t('device.invocations')}</dt><dd>{held(limitsHeld, l.maxComputeInvocationsPerWorkgroup !== undefined ? fmtInt(l.maxComputeInvocationsPerWorkgroup) : '—')}</dd></div>
        <div><dt>{t('device.workgroupMemory')}</dt><dd>{held(limitsHeld, l.maxComputeWorkgroupStorageSize !== undefined ? fmtBytes(l.maxComputeWorkgroupStorageSize) : '—')}</dd></div>
        <div><dt>{t('device.features')}</dt><dd>{held(featuresHeld, device.features.join(', ') || t('device.noFeatures'))}</dd></div>
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
              <button type="button" onClick={() => downloadBlob(new Blob([pointsToCsv(e.payload.points, e.payload.config)], { type: 'text/csv' }), `tiles-${e.payload.date}.csv`)}>
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

/** The sender's own words about their machine, as they stated it (never checked). */
export function SenderLabel({ label }: { label?: string }) {
  const { t } = useTranslation('bench');
  if (!label) return null;
  return (
    <p className="sender-label" data-testid="shared-label">
      {t('shared.label')} <q>{label}</q>
    </p>
  );
}

/** What shared figures are and are not: the sender's report, checked for damage, not for honesty. */
export function TrustNote() {
  const { t } = useTranslation('bench');
  return (
    <p className="small trust-note" data-testid="shared-trust-note">
      {t('shared.trustNote')}
    </p>
  );
}

/** A shared figure measured on a software adapter: said beside it. */
function SoftwareFigureMark() {
  const { t } = useTranslation('bench');
  return <span className="figure-mark"> {t('figure.software')}</span>;
}

/** The sender's measured roofline, as figures (it is never re-measured here). */
function SharedRoofline({ figures: f, software }: { figures: NonNullable<SharePayload['roofline']>; software: boolean }) {
  const { t } = useTranslation('run');
  // The trust rule over the figures (core/trust): "verified" only when both probes were and no figure fails it.
  const v = rooflineFigureTrust(f, { software });
  const marked = figureMarkText(v);
  return (
    <p className="small" data-testid="shared-roofline" data-bandwidth-gbs={f.bandwidthGbs} data-fma-gflops={f.fmaGflops} data-tensor-gflops={f.tensor?.gflops} data-trusted={v.trusted} data-verified={v.verified}>
      <Trans
        t={t}
        i18nKey="roofline.shared"
        values={{
          gbs: fmtGbs(f.bandwidthGbs),
          builtin: fmtGbs(f.builtinGbs),
          gflops: fmtGflops(f.fmaGflops),
          verified: v.verified ? t('roofline.verified') : f.verified ? t('roofline.notShownVerified') : t('roofline.notVerifiedShared'),
          clock: t(`clock.label.${f.clock}`),
        }}
        components={{ n: <span className="num" /> }}
      />
      {f.tensor && (
        <span data-testid="shared-roofline-tensor" data-gflops={f.tensor.gflops} data-verified={f.tensor.verified}>
          <Trans
            t={t}
            i18nKey="roofline.sharedTensor"
            values={{
              gflops: fmtGflops(f.tensor.gflops),
              verified: v.verified ? t('roofline.verified') : f.tensor.verified ? t('roofline.notShownVerified') : t('roofline.notVerifiedShared'),
            }}
            components={{ n: <span className="num" /> }}
          />
        </span>
      )}
      {marked && (
        <span className="figure-mark" data-testid="roofline-implausible" data-problems={v.problems.map((p) => `${p.figure}:${p.flaw}`).join(' ')}>
          {' '}
          {marked}
        </span>
      )}
      {software && <SoftwareFigureMark />}
    </p>
  );
}

function SharedBanner({ shared }: { shared: SharePayload }) {
  const { t } = useTranslation('bench');
  const gpu = useApp((s) => s.gpu.state);
  const d = shared.device;
  const sw = softwareAdapter(d);
  return (
    <div className="shared-banner" data-testid="shared-banner" role="region" aria-label={t('shared.region')}>
      <div className="shared-head">
        <p>
          <strong>{t('shared.heading')}</strong> —{' '}
          {t('shared.banner', { device: deviceName(d) || t('shared.undisclosed'), date: fmtDate(shared.date), app: shared.app, clock: t(`clock.${d.timing}`) })}
        </p>
        <div className="run-buttons">
          {gpu === 'unavailable' ? (
            <p className="small" data-testid="shared-needs-webgpu">
              {t('shared.needsWebGpu')}
            </p>
          ) : (
            <button type="button" className="primary" data-testid="shared-run-here" data-main-action onClick={runSharedHere}>
              {t('shared.runHere')}
            </button>
          )}
          <button type="button" onClick={dismissShared}>
            {t('shared.close')}
          </button>
        </div>
      </div>
      {sw.software && (
        <p className="software-sender" data-testid="shared-software" data-renderer={sw.renderer ?? ''}>
          {sw.renderer ? t('shared.software', { renderer: sw.renderer }) : t('shared.softwareUnnamed')}
        </p>
      )}
      <SenderLabel label={shared.label} />
      {shared.roofline && <SharedRoofline figures={shared.roofline} software={sw.software} />}
      {shared.probes && <SharedProbes probes={shared.probes} software={sw.software} />}
      <TrustNote />
    </div>
  );
}

/** The kernels of the sweep: presets, and every kernel in a compact grid folded under a summary of the choice. */
function KernelPicker({ chosen, tile, error }: { chosen: readonly KernelId[]; tile: string; error?: string }) {
  const { t } = useTranslation('bench');
  const names = chosen.map((k) => kernelLabel(k));
  const kShown = 3;
  const summary =
    names.length === 0
      ? t('form.kernelsNone')
      : names.length <= kShown
        ? t('form.kernelsChosen', { count: names.length, names: names.join(t('share.listSep')) })
        : t('form.kernelsChosenMore', { count: names.length, names: names.slice(0, kShown).join(t('share.listSep')), more: names.length - kShown });
  return (
    <fieldset className="field kernel-field" aria-describedby={error ? 'bench-kernels-error' : undefined}>
      <legend>{t('form.kernels')}</legend>
      <div className="presets" role="group" aria-label={t('form.presets')}>
        {kSweepPresets.map((p) => (
          <button
            key={p.id}
            type="button"
            data-testid={`bench-preset-${p.id}`}
            aria-pressed={sameKernelSet(chosen, p.kernels)}
            onClick={() => setSweepText({ kernels: inRecordOrder(p.kernels) })}
          >
            {t(`form.preset.${p.id}`, { count: p.kernels.length })}
          </button>
        ))}
      </div>
      <details className="kernel-list" data-testid="bench-kernels">
        <summary>{summary}</summary>
        <div className="kernel-grid">
          {kKernelIdList.map((k) => (
            <label key={k} className="switch">
              <input
                type="checkbox"
                data-testid={`bench-kernel-${k}`}
                checked={chosen.includes(k)}
                onChange={(e) => setSweepText({ kernels: toggleKernel(chosen, k, e.target.checked) })}
              />
              {kKernels[k].usesTile ? t('form.kernelTile', { label: kernelLabel(k), tile }) : kernelLabel(k)}
            </label>
          ))}
        </div>
      </details>
      {error && (
        <p className="field-error" id="bench-kernels-error" data-testid="bench-kernels-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Copy text to the clipboard; the outcome for a status line. */
async function copyText(text: string): Promise<'copied' | 'copyFailed'> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'copyFailed';
  }
}

/** The points as a Markdown table, with the page's words (for an issue or a chat). */
function pointsMarkdown(points: readonly BenchPoint[], config: SharePayload['config'], software: boolean): string {
  const tile = config.tile;
  const header = [tr('bench:table.kernel'), tr('bench:table.size'), tr('bench:table.median'), tr('bench:table.min'), tr('bench:table.max'), tr('bench:table.ci'), kRateUnit, tr('bench:table.verified'), tr('bench:table.notes')];
  const rows = points.map((p) => {
    const name = kKernels[p.kernel].usesTile ? tr('bench:form.kernelTile', { label: kernelLabel(p.kernel), tile: p.tile ?? tile }) : kernelLabel(p.kernel);
    if (p.skipped !== undefined || p.error !== undefined) return [name, String(p.size), '', '', '', '', '', '', p.error !== undefined ? `✗ ${pointReasonText(p.error)}` : tr('bench:table.skipped', { reason: pointReasonText(p.skipped!) })];
    const v = pointTrust(p, { software });
    const marks = v && !v.trusted ? v.reasons.map((r) => distrustMark(v, r)).join(' ') : '';
    const ci =
      p.ci95Ms === null
        ? tr('bench:table.ciNone')
        : p.ci95Ms === undefined
          ? tr('bench:table.spreadOld', { pct: fmtPercent(spreadPercent({ median: p.medianMs!, min: p.minMs!, max: p.maxMs! })) })
          : tr('bench:table.ciValue', { pct: fmtPercent1(intervalHalfWidthPercent(p.medianMs!, p.ci95Ms[0], p.ci95Ms[1])) });
    return [name, String(p.size), fmtMeasuredMs(p.medianMs!), fmtMeasuredMs(p.minMs!), fmtMeasuredMs(p.maxMs!), ci, fmtRate(p.gflops!, p.medianMs!), p.verified ? '✓' : '✗', marks];
  });
  const rule =
    config.samples > 0
      ? points.some((p) => p.ci95Ms !== undefined)
        ? tr('bench:sampling.fixed', { n: config.samples, pct: kMaxCiHalfWidthPct })
        : tr('bench:sampling.fixedOlder', { n: config.samples })
      : config.stop
        ? tr('bench:sampling.auto', stopRuleWords(config.stop))
        : tr('bench:sampling.older');
  return `${markdownTable(header, rows, [false, true, true, true, true, true, true, false, false])}\n${rule}\n`;
}

/** After a sweep: the link beside the results, what it reveals (the sender's choice and label), and the exports. */
function ShareBox({ payload }: { payload?: SharePayload }) {
  const { t } = useTranslation('bench');
  const shareUrl = useApp((s) => s.shareUrl);
  const urlError = useApp((s) => s.shareUrlError);
  const choice = useApp((s) => s.shareChoice);
  const [copied, setCopied] = useState<'' | 'copied' | 'copyFailed'>('');
  const [mdCopied, setMdCopied] = useState<'' | 'copied' | 'copyFailed'>('');
  if (!payload && !shareUrl && !urlError) return null;
  const shareUrlError = typeof urlError === 'string' ? urlError : shareFailureText(urlError);
  const sep = t('share.listSep');
  const measured = payload ? measuredCount(payload.points) : 0;
  const { included, left } = shareReveals(choice);
  const contents = [
    t('share.part.config'),
    t('share.part.points', { count: payload?.points.length ?? 0, measured }),
    t('share.part.device', { gpu: payload ? deviceName(payload.device, ['vendor', 'architecture']) || t('device.undisclosed') : '' }),
    t('share.part.browser'),
    t('share.part.appDate'),
    ...included.map((f) => t(`share.field.${f}`)),
    ...(choice.label.trim() ? [t('share.part.label')] : []),
  ];
  return (
    <section className="share" aria-labelledby="share-heading" data-testid="share-box">
      <h3 id="share-heading">{t('share.heading')}</h3>
      <div className="share-options">
        <div className="field">
          <label htmlFor="share-label">{t('share.labelField')}</label>
          <input
            id="share-label"
            data-testid="share-label"
            maxLength={kMaxLabelChars}
            placeholder={t('share.labelPlaceholder')}
            value={choice.label}
            onChange={(e) => setShareChoice({ label: e.target.value })}
          />
        </div>
        <fieldset className="share-include">
          <legend>{t('share.include')}</legend>
          {kWithholdable.map((f) => (
            <label key={f} className="switch">
              <input type="checkbox" data-testid={`share-include-${f}`} checked={choice.include[f]} onChange={(e) => setShareChoice({ include: { [f]: e.target.checked } })} />
              {t(`share.field.${f}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="small" data-testid="share-contents">
        {t('share.contents', { parts: contents.join(sep) })} {left.length > 0 && t('share.notContains', { parts: left.map((f) => t(`share.field.${f}`)).join(sep) })}
      </p>
      {shareUrl ? (
        <div className="run-buttons share-row">
          <label htmlFor="share-link" className="visually-hidden">
            {t('share.label')}
          </label>
          <input id="share-link" data-testid="share-link" readOnly value={shareUrl} onFocus={(e) => e.target.select()} />
          <button type="button" className="primary" data-testid="share-copy" onClick={async () => setCopied(await copyText(shareUrl))}>
            {t('share.copy')}
          </button>
          {copied && <span role="status">{t(`share.${copied}`)}</span>}
        </div>
      ) : (
        shareUrlError && <p className="error-text">{shareUrlError}</p>
      )}
      {payload && (
        <div className="run-buttons exports">
          <span>{t('export.heading')}</span>
          <button type="button" data-testid="export-json" onClick={() => downloadBlob(new Blob([JSON.stringify(payload, null, 1)], { type: 'application/json' }), `tiles-${payload.date}.json`)}>
            {t('export.json')}
          </button>
          <button type="button" data-testid="export-csv" onClick={() => downloadBlob(new Blob([pointsToCsv(payload.points, payload.config)], { type: 'text/csv' }), `tiles-${payload.date}.csv`)}>
            {t('export.csv')}
          </button>
          <button type="button" data-testid="copy-markdown" onClick={async () => setMdCopied(await copyText(pointsMarkdown(payload.points, payload.config, softwareAdapter(payload.device).software)))}>
            {t('export.markdown')}
          </button>
          {mdCopied && <span role="status">{t(`share.${mdCopied}`)}</span>}
        </div>
      )}
    </section>
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
  const payload = useApp((s) => s.sweepPayload);
  const shared = useApp((s) => s.shared);
  const shareError = useApp((s) => s.shareError);
  const tile = useApp((s) => s.config.tile);
  const gpu = useApp((s) => s.gpu.state);
  // This run was started for the shared results ("Run the same benchmark here"): the two are compared.
  const comparing = useApp((s) => s.shared !== undefined && s.sweepOfShared === s.shared) && points.length > 0;
  // The language is a dependency: the problem is put into words in the language in use.
  const parsed = useMemo(() => parseSweep(), [text, tile, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  // The sender's adapter was a software one: none of its figures is drawn or compared as a GPU's speed.
  const sharedSoftware = shared ? softwareAdapter(shared.device).software : false;
  // This page's own points, judged with the adapter that measured them (the sweep's device), else this page's (issue #46: one rule).
  const softwareNow = useSoftwareAdapter();
  const mineSoftware = payload ? softwareAdapter(payload.device).software : softwareNow;

  // Each problem beside its own field (the automation contract: bench-<field>-error), and the field marked invalid.
  const invalid = (f: SweepField) =>
    parsed.errors[f] ? { 'aria-invalid': true as const, 'aria-describedby': `bench-${f}-error` } : {};
  const fieldError = (f: SweepField) =>
    parsed.errors[f] && (
      <p className="field-error" id={`bench-${f}-error`} data-testid={`bench-${f}-error`}>
        {parsed.errors[f]}
      </p>
    );

  const series = useMemo(
    (): ChartSeries[] =>
      chartLines(points, shared?.points).map((line) => {
        const name = kernelLabel(line.kernel);
        const tile = line.shared ? shared!.config.tile : (run?.config.tile ?? '');
        const key = `chart.${line.shared ? 'shared' : 'mine'}${kKernels[line.kernel].usesTile ? 'Tile' : ''}` as const;
        return { ...line, label: t(key, { kernel: name, tile }), software: line.shared ? sharedSoftware : mineSoftware };
      }),
    [points, shared, run, t, sharedSoftware, mineSoftware],
  );
  const cross = crossover(points, mineSoftware);
  const spreadShown = points.some(showsSpread) || (shared?.points.some(showsSpread) ?? false);
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
      {/* A shared link of a few lines keeps a short chart, so its table starts on the first screen; one of many lines gets the full height (16 rungs in 190 px were unreadable). */}
      {series.length > 0 ? <BenchChart series={series} height={sharedView && !comparing && series.length <= 4 ? 190 : 380} /> : <p className="small">{t('chart.empty')}</p>}
    </div>
  );
  // Two runs compared: say what their spreads do not cover.
  const compareNote = comparing && (
    <p className="small" data-testid="bench-compare-note">
      {t('compareNote')}
    </p>
  );
  const crossText = cross !== undefined && (
    <p data-testid="bench-crossover">{t('crossover', { size: cross })}</p>
  );
  // "Run the same benchmark here": both runs in one table, with the ratio here ÷ shared for every point.
  const comparison = shared && comparing && (
    <CompareTable
      runs={[
        { name: t('compare.sharedRun'), points: shared.points, tile: shared.config.tile, software: sharedSoftware },
        { name: t('compare.here'), points, tile: run?.config.tile ?? shared.config.tile, software: mineSoftware, here: true },
      ]}
      caption={t('compare.caption')}
      ratioHead={() => t('compare.ratioHere')}
    />
  );
  const tables = (
    <>
      {points.length > 0 && <PointsTable points={points} software={mineSoftware} here testId={kTableId.mine} caption={run ? t('table.mineAt', { date: fmtDate(run.date) }) : t('table.mine')} />}
      {points.length > 0 && run && <SamplingRule config={run.config} points={points} />}
      {shared && <PointsTable points={shared.points} software={sharedSoftware} testId={points.length > 0 ? kTableId.shared : kTableId.mine} caption={t('table.shared', { date: fmtDate(shared.date) })} />}
      {shared && <SamplingRule config={shared.config} points={shared.points} testId={points.length > 0 ? kRuleId.shared : kRuleId.mine} />}
    </>
  );
  const devices = (
    <>
      {run && <DevicePanel device={run.device} date={run.date} title={t('device.mine')} />}
      {shared && <DevicePanel device={shared.device} date={shared.date} title={t('device.shared')} withheld={shared.withheld} data-testid="shared-device" />}
    </>
  );
  const share = !(sharedView && shared) && <ShareBox payload={payload} />;
  return (
    <section className={`panel bench${sharedView ? ' shared-view' : ''}`} aria-labelledby="bench-heading" id="benchmark">
      <h2 id="bench-heading" className={sharedView && shared ? 'visually-hidden' : undefined}>
        {sharedView ? t('shared.heading') : t('heading')}
      </h2>
      {sharedView && (
        <>
          {errorBox}
          {shared && <SharedBanner shared={shared} />}
          {!shared && !shareError && (
            <div data-testid="shared-none">
              <p>{t('shared.none')}</p>
              <p className="small">{t('shared.howToGet')}</p>
            </div>
          )}
          {comparison}
          {/* A software sender's chart draws none of its points: its figures (the table) come first, on the first screen. */}
          {shared && !(sharedSoftware && !comparing) && chart}
          {compareNote}
          {shared && tables}
          {shared && sharedSoftware && !comparing && chart}
        </>
      )}
      {!sharedView && <p className="small intro">{t('intro')}</p>}
      <div className="fields sweep-form">
        <div className="field sizes-field">
          <label htmlFor="bench-sizes">{t('form.sizes')}</label>
          <input id="bench-sizes" data-testid="bench-sizes" value={text.sizes} onChange={(e) => setSweepText({ sizes: e.target.value })} {...invalid(kField.sizes)} />
          {fieldError(kField.sizes)}
        </div>
        <div className="field count-field">
          <label htmlFor="bench-warmups">{t('form.warmups')}</label>
          <input id="bench-warmups" data-testid="bench-warmups" inputMode="numeric" value={text.warmups} onChange={(e) => setSweepText({ warmups: e.target.value })} {...invalid(kField.warmups)} />
          {fieldError(kField.warmups)}
        </div>
        <div className="field count-field">
          <label htmlFor="bench-samples">{t('form.samples')}</label>
          <input id="bench-samples" data-testid="bench-samples" inputMode="numeric" aria-describedby="bench-samples-hint" value={text.samples} onChange={(e) => setSweepText({ samples: e.target.value })} {...invalid(kField.samples)} />
          {fieldError(kField.samples)}
        </div>
        <p className="small sweep-rule" id="bench-samples-hint" data-testid="bench-samples-hint">
          {t('sampling.hint', stopRuleWords(kAutoSampling))}
        </p>
        <KernelPicker chosen={text.kernels} tile={tile} error={parsed.errors.kernels} />
      </div>
      {(parsed.error || error) && (
        <p className="field-error" role="alert" data-testid="bench-error">
          ⚠ {parsed.error ? Object.values(parsed.errors).join(' ') : error}
        </p>
      )}
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="bench-start" data-main-action={sharedView ? undefined : true} onClick={() => void startSweep()} disabled={running} aria-busy={running}>
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
      {gpu === 'unavailable' && !sharedView && <p className="small">{t('sweep.noGpu')}</p>}
      {share}
      {!(sharedView && shared) && chart}
      {!(sharedView && shared) && compareNote}
      {crossText}
      {!(sharedView && shared) && comparison}
      {!(sharedView && shared) && tables}
      {sharedView && <p className="small intro">{t('intro')}</p>}
      <p className="small" data-testid="bench-ci-note">{t('ciNote')}</p>
      {/* The spread is defined where a table shows one: the points of a link made before the intervals. */}
      {spreadShown && (
        <p className="small" data-testid="bench-spread-note">
          {t('spreadNote', { max: kMaxTrustedSpread })}
        </p>
      )}
      <p className="small">{t('trust', { steps: kMinClockSteps, step: fmtMs(kAssumedStepMs['gpu-timestamp']), ci: kMaxCiHalfWidthPct })}</p>
      {devices}
      <History />
    </section>
  );
}
