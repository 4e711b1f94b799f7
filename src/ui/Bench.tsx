/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { useMemo, useState } from 'react';
import { paramsLabel } from '../core/tuning';
import { crossover, pointsToCsv, type BenchPoint, type DeviceReport } from '../core/bench';
import type { SharePayload } from '../core/share';
import { cancelSweep, dismissShared, parseSweep, runSharedHere, setSweepText, startSweep } from '../state/bench';
import { clearHistory, deleteHistory, importHistory, useHistory } from '../state/history';
import { useApp } from '../state/store';
import { goToView } from '../state/views';
import { BenchChart, type ChartSeries } from './BenchChart';
import { kKernelIdList, kKernels } from '../core/kernels';
import { fmtBytes, fmtError, fmtInt, fmtMeasuredMs, fmtRate } from './format';

const kClock = { 'gpu-timestamp': 'GPU timestamps', 'wall-clock': 'wall clock' } as const;

/** The words of the shared-results view (one place, for translation later). */
const kSharedText = {
  heading: 'Shared results',
  errorLead: 'This results link cannot be used:',
  errorNext: 'What you can do: ask for the link again, copied whole (with everything after #r=), or run the benchmark on this GPU yourself.',
  openBench: 'Open the benchmark',
  dismiss: 'Dismiss',
  none: 'No shared results are open. A results link (one that ends in #r=…) opens here; make one from the Benchmark view after a sweep.',
  spread: 'Spread is (max − min) / median of the timed samples.',
} as const;

function PointsTable({ points, caption, testId }: { points: readonly BenchPoint[]; caption: string; testId?: string }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="bench-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">kernel</th>
            <th scope="col">size</th>
            <th scope="col">median</th>
            <th scope="col">min</th>
            <th scope="col">max</th>
            <th scope="col">GFLOP/s</th>
            <th scope="col">clock · samples</th>
            <th scope="col">verified</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            <tr key={i} data-kernel={p.kernel} data-size={p.size}>
              <th scope="row">
                {kKernels[p.kernel].usesTile ? `${p.kernel} ${p.tile}` : p.kernel}
                {p.constants && Object.keys(p.constants).length > 0 && <span className="small"> ({paramsLabel(p.constants)})</span>}
              </th>
              <td className="num">{p.size}</td>
              {p.skipped || p.error ? (
                <td colSpan={6} className={p.error ? 'error-text' : 'small'}>
                  {p.error ? `✗ ${p.error}` : `skipped: ${p.skipped}`}
                </td>
              ) : (
                <>
                  <td className="num">{fmtMeasuredMs(p.medianMs!)}</td>
                  <td className="num">{fmtMeasuredMs(p.minMs!)}</td>
                  <td className="num">{fmtMeasuredMs(p.maxMs!)}</td>
                  <td className="num">{fmtRate(p.gflops!, p.medianMs!)}</td>
                  <td>
                    {kClock[p.clock!]} · {p.samples}
                    {p.dispatchesPerSample! > 1 ? ` × ${p.dispatchesPerSample}` : ''}
                  </td>
                  <td className={p.verified ? 'ok-text' : 'error-text'}>
                    {p.verified ? '✓' : '✗'} {fmtInt(p.checked ?? 0)} checked, rel. err. {p.maxRelError === null || p.maxRelError === undefined ? '∞' : fmtError(p.maxRelError)}
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
  const l = device.limits;
  return (
    <details className="device-panel" open>
      <summary>{title}</summary>
      <dl className="limits">
        <div><dt>GPU</dt><dd>{[device.vendor, device.architecture, device.description].filter((x) => x && x !== 'unknown').join(' · ') || 'not disclosed by the browser'}</dd></div>
        <div><dt>Browser</dt><dd className="ua">{device.browser}</dd></div>
        <div><dt>Timing</dt><dd>{kClock[device.timing]}</dd></div>
        <div><dt>Date</dt><dd>{new Date(date).toLocaleString()}</dd></div>
        <div><dt>Max storage binding</dt><dd>{l.maxStorageBufferBindingSize !== undefined ? fmtBytes(l.maxStorageBufferBindingSize) : '—'}</dd></div>
        <div><dt>Invocations / workgroup</dt><dd>{l.maxComputeInvocationsPerWorkgroup ?? '—'}</dd></div>
        <div><dt>Workgroup memory</dt><dd>{l.maxComputeWorkgroupStorageSize !== undefined ? fmtBytes(l.maxComputeWorkgroupStorageSize) : '—'}</dd></div>
        <div><dt>Features</dt><dd>{device.features.join(', ') || 'none'}</dd></div>
      </dl>
    </details>
  );
}

function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function History() {
  const entries = useHistory((s) => s.entries);
  const [message, setMessage] = useState('');
  return (
    <details className="history" data-testid="bench-history">
      <summary>History in this browser ({entries.length})</summary>
      {entries.length === 0 ? (
        <p className="small">No runs yet. Finished sweeps are kept here across reloads.</p>
      ) : (
        <ul>
          {entries.map((e) => (
            <li key={e.id} data-testid="history-entry">
              {new Date(e.payload.date).toLocaleString()} — {e.payload.device.description || e.payload.device.vendor}, sizes {e.payload.config.sizes.join(', ')} ({e.payload.points.length} points){' '}
              <button type="button" onClick={() => download(`tiles-${e.payload.date}.csv`, pointsToCsv(e.payload.points), 'text/csv')}>
                CSV
              </button>{' '}
              <button type="button" onClick={() => deleteHistory(e.id)} aria-label={`Delete the run of ${new Date(e.payload.date).toLocaleString()}`}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="run-buttons">
        <button type="button" disabled={entries.length === 0} onClick={() => download('tiles-history.json', JSON.stringify(entries, null, 1), 'application/json')}>
          Export JSON
        </button>
        <label className="file-button">
          Import JSON{' '}
          <input
            type="file"
            accept="application/json,.json"
            data-testid="history-import"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              if (!f) return;
              try {
                setMessage(`Imported ${importHistory(await f.text())} run(s).`);
              } catch (err) {
                setMessage(err instanceof Error ? err.message : String(err));
              }
              e.target.value = '';
            }}
          />
        </label>
        <button type="button" disabled={entries.length === 0} onClick={clearHistory}>
          Delete all
        </button>
        {message && <span role="status">{message}</span>}
      </div>
    </details>
  );
}

function SharedBanner({ shared }: { shared: SharePayload }) {
  const d = shared.device;
  return (
    <div className="shared-banner" data-testid="shared-banner" role="region" aria-label="Shared results">
      <p>
        <strong>Shared results</strong> — not from this computer: {[d.vendor, d.architecture, d.description].filter((x) => x && x !== 'unknown').join(' · ') || 'GPU not disclosed'}, measured{' '}
        {new Date(shared.date).toLocaleString()} with Tiles {shared.app} ({kClock[d.timing]}).
      </p>
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="shared-run-here" data-main-action onClick={runSharedHere}>
          Run the same benchmark here
        </button>
        <button type="button" onClick={dismissShared}>
          Close shared results
        </button>
      </div>
    </div>
  );
}

/** The benchmark view, or (shared) the shared-results view: the shared results first, on the first screen. */
export function Bench({ sharedView = false }: { sharedView?: boolean }) {
  const text = useApp((s) => s.sweepText);
  const status = useApp((s) => s.sweepStatus);
  const error = useApp((s) => s.sweepError);
  const progress = useApp((s) => s.sweepProgress);
  const points = useApp((s) => s.sweepPoints);
  const run = useApp((s) => s.sweepRun);
  const shareUrl = useApp((s) => s.shareUrl);
  const shareUrlError = useApp((s) => s.shareUrlError);
  const shared = useApp((s) => s.shared);
  const shareError = useApp((s) => s.shareError);
  const tile = useApp((s) => s.config.tile);
  const [copied, setCopied] = useState('');
  const parsed = useMemo(() => parseSweep(), [text, tile]); // eslint-disable-line react-hooks/exhaustive-deps

  const series = useMemo(() => {
    const out: ChartSeries[] = [];
    for (const kernel of kKernelIdList) {
      const mine = points.filter((p) => p.kernel === kernel);
      if (mine.some((p) => p.gflops !== undefined)) out.push({ label: `${kernel}${kKernels[kernel].usesTile ? ` ${run?.config.tile ?? ''}` : ''} — this GPU`, points: mine, kernel, shared: false });
      const theirs = shared?.points.filter((p) => p.kernel === kernel) ?? [];
      if (theirs.some((p) => p.gflops !== undefined)) out.push({ label: `${kernel}${kKernels[kernel].usesTile ? ` ${shared!.config.tile}` : ''} — shared`, points: theirs, kernel, shared: true });
    }
    return out;
  }, [points, shared, run]);
  const cross = crossover(points);
  const running = status === 'running';

  const errorBox = shareError && (
    <div className="error-summary" role="alert" data-testid="share-error">
      <p>
        <strong>{kSharedText.errorLead}</strong> {shareError}
      </p>
      <p>{kSharedText.errorNext}</p>
      <div className="run-buttons">
        <button type="button" className="primary" data-main-action onClick={() => goToView('bench')}>
          {kSharedText.openBench}
        </button>
        <button type="button" onClick={dismissShared}>
          {kSharedText.dismiss}
        </button>
      </div>
    </div>
  );
  const chart = (
    <div data-testid="bench-chart" data-series={series.length} role="figure" aria-label="GFLOP/s against size, per kernel; the table below holds the same figures">
      {series.length > 0 ? <BenchChart series={series} height={sharedView ? 190 : 340} /> : <p className="small">The chart appears as points complete.</p>}
    </div>
  );
  const crossText = cross !== undefined && (
    <p data-testid="bench-crossover">
      On this GPU the tiled kernel is faster than naive from size {cross} upward (medians, verified points).
    </p>
  );
  const tables = (
    <>
      {points.length > 0 && <PointsTable points={points} testId="bench-table" caption={`This GPU${run ? ` — ${new Date(run.date).toLocaleString()}` : ''}: median, min and max per dispatch`} />}
      {shared && <PointsTable points={shared.points} testId={points.length > 0 ? 'bench-table-shared' : 'bench-table'} caption={`Shared results — ${new Date(shared.date).toLocaleString()}: median, min and max per dispatch`} />}
    </>
  );
  const devices = (
    <>
      {run && <DevicePanel device={run.device} date={run.date} title="This GPU and browser" />}
      {shared && <DevicePanel device={shared.device} date={shared.date} title="The shared GPU and browser" />}
    </>
  );
  return (
    <section className={`panel bench${sharedView ? ' shared-view' : ''}`} aria-labelledby="bench-heading" id="benchmark">
      <h2 id="bench-heading" className={sharedView && shared ? 'visually-hidden' : undefined}>
        {sharedView ? kSharedText.heading : 'Benchmark sweep'}
      </h2>
      {sharedView && (
        <>
          {errorBox}
          {shared && <SharedBanner shared={shared} />}
          {!shared && !shareError && <p data-testid="shared-none">{kSharedText.none}</p>}
          {shared && chart}
          {shared && tables}
        </>
      )}
      <p className="small">
        Square problems M = K = N for every size; each point is timed like a single run (warm-up, then samples) and verified against the CPU reference. Buffers are reused
        across the sweep. Points beyond this GPU’s limits, or estimated to take over 4 s per run, are skipped with the reason.
      </p>
      <div className="fields">
        <div className="field">
          <label htmlFor="bench-sizes">Sizes</label>
          <input id="bench-sizes" data-testid="bench-sizes" value={text.sizes} onChange={(e) => setSweepText({ sizes: e.target.value })} aria-invalid={parsed.error ? true : undefined} />
        </div>
        <fieldset className="field">
          <legend>Kernels</legend>
          {kKernelIdList.map((k) => (
            <label key={k} className="switch">
              <input
                type="checkbox"
                data-testid={`bench-kernel-${k}`}
                checked={text.kernels.includes(k)}
                onChange={(e) => setSweepText({ kernels: kKernelIdList.filter((x) => (x === k ? e.target.checked : text.kernels.includes(x))) })}
              />
              {kKernels[k].label}
              {kKernels[k].usesTile ? ` (tile ${tile})` : ''}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="bench-warmups">Warm-up runs</label>
          <input id="bench-warmups" data-testid="bench-warmups" inputMode="numeric" value={text.warmups} onChange={(e) => setSweepText({ warmups: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="bench-samples">Timed samples (0 = auto)</label>
          <input id="bench-samples" data-testid="bench-samples" inputMode="numeric" value={text.samples} onChange={(e) => setSweepText({ samples: e.target.value })} />
        </div>
      </div>
      {(parsed.error || error) && (
        <p className="field-error" role="alert" data-testid="bench-error">
          ⚠ {parsed.error ?? error}
        </p>
      )}
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="bench-start" data-main-action={sharedView ? undefined : true} onClick={() => void startSweep()} disabled={running}>
          Start sweep
        </button>
        <button type="button" data-testid="bench-cancel" onClick={cancelSweep} disabled={!running}>
          Cancel
        </button>
        <div className="progress" data-testid="bench-progress" data-status={status} data-done={progress.done} data-total={progress.total}>
          <progress max={Math.max(1, progress.total)} value={progress.done} aria-label="Sweep progress" />
          <span role="status">
            {status === 'idle'
              ? 'Not started.'
              : status === 'running'
                ? `${progress.done} of ${progress.total}: ${progress.label}…`
                : status === 'cancelled'
                  ? `Cancelled after ${points.length} of ${progress.total} points.`
                  : status === 'error'
                    ? 'Stopped by an error.'
                    : `Done: ${points.length} points.`}
          </span>
        </div>
      </div>
      {!(sharedView && shared) && chart}
      {crossText}
      {!(sharedView && shared) && tables}
      <p className="small">{kSharedText.spread}</p>
      {devices}
      {(shareUrl || shareUrlError) && (
        <div className="share">
          <label htmlFor="share-link">Share these results (configuration, figures, device, app version and date — all in the link, no server)</label>
          {shareUrl ? (
            <div className="run-buttons">
              <input id="share-link" data-testid="share-link" readOnly value={shareUrl} onFocus={(e) => e.target.select()} />
              <button
                type="button"
                data-testid="share-copy"
                onClick={async () => {
                  try {
                    await navigator.clipboard.writeText(shareUrl);
                    setCopied('Copied.');
                  } catch {
                    setCopied('Copy failed: select the link and copy it by hand.');
                  }
                }}
              >
                Copy link
              </button>
              {copied && <span role="status">{copied}</span>}
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
