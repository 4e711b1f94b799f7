/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { useMemo } from 'react';
import { activeAt, formatDotValue, kDotWorkgroupSizes, reductionSchedule } from '../core/dot';
import { kClockLabels } from '../core/clock';
import { parseDot, runDotView, setDotStep, setDotText, setDotWorkgroup } from '../state/dot';
import { useApp } from '../state/store';
import { fmtBelowResolution, fmtMs, isBelowResolution } from './format';

const kStatus = { idle: '', running: '… Running', verified: '✓ Verified', mismatch: '✗ Mismatch', error: '✗ Error' } as const;

function ReductionView() {
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
      ? `Step 0 of ${schedule.length}: every invocation wrote its grid-stride partial sum into cache[t]; barrier`
      : `Step ${step} of ${schedule.length}: stride ${stride} — invocations 0…${stride - 1} add cache[t + ${stride}] into cache[t]; barrier`;
  return (
    <section className="panel" aria-labelledby="red-heading" data-testid="dot-reduction">
      <h2 id="red-heading">The tree reduction inside workgroup {w}</h2>
      {!r.trace ? (
        <p className="small">N = {r.n.toLocaleString('en-US')} is too large to record every step; run a smaller N to step through the GPU’s own values.</p>
      ) : (
        <>
          <p className="small">Values recorded by the GPU during a real run (workgroup memory after each barrier). Active invocations are outlined; the ones whose values they read are marked ↩.</p>
          <div className="stepper-controls" role="group" aria-label="Reduction stepper">
            <button type="button" data-testid="dot-step-prev" onClick={() => setDotStep(step - 1)} disabled={step === 0}>
              ◀ Prev
            </button>
            <button type="button" data-testid="dot-step-next" onClick={() => setDotStep(step + 1)} disabled={step >= schedule.length}>
              Next ▶
            </button>
            <label>
              Workgroup{' '}
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
                    {isRead ? ' ↩' : ''}
                  </span>
                  <span className="lane-val">{formatDotValue(v)}</span>
                </div>
              );
            })}
          </div>
          <p className="small">
            Workgroup {w}’s sum: <strong>{formatDotValue(r.partials[w]!)}</strong> (invocation 0 writes cache[0] to partials[{w}] after the last step).
          </p>
        </>
      )}
    </section>
  );
}

export function DotView() {
  const text = useApp((s) => s.dotText);
  const status = useApp((s) => s.dotStatus);
  const error = useApp((s) => s.dotError);
  const r = useApp((s) => s.dotResult);
  const parsed = parseDot(text);
  return (
    <>
      <section className="panel" aria-labelledby="dot-heading">
        <h2 id="dot-heading">Dot product with a shared-memory reduction</h2>
        <p className="lead">
          The shared-memory dot product of the CUDA tutorial: each invocation sums a grid-stride slice of a[i]·b[i], the workgroup adds its {text.workgroupSize} partial sums as a tree in workgroup memory, and the
          host (or a second GPU pass) adds the per-workgroup sums. The tutorial checks it with a[i] = i, b[i] = 2, whose sum is N(N − 1).
        </p>
        <div className="fields">
          <div className="field">
            <label htmlFor="dot-n">N — vector length</label>
            <input id="dot-n" data-testid="dot-n" inputMode="numeric" value={text.n} onChange={(e) => setDotText({ n: e.target.value })} aria-invalid={parsed.error ? true : undefined} />
          </div>
          <div className="field">
            <label htmlFor="dot-wg">Workgroup size (threadsPerBlock)</label>
            <select id="dot-wg" data-testid="dot-wg" value={text.workgroupSize} onChange={(e) => setDotText({ workgroupSize: e.target.value })}>
              {kDotWorkgroupSizes.map((w) => (
                <option key={w} value={String(w)}>
                  {w}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="dot-maxwg">Workgroups at most (the tutorial's cap: 32)</label>
            <input id="dot-maxwg" data-testid="dot-maxwg" inputMode="numeric" value={text.maxWorkgroups} onChange={(e) => setDotText({ maxWorkgroups: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="dot-pattern">Data</label>
            <select id="dot-pattern" data-testid="dot-pattern" value={text.pattern} onChange={(e) => setDotText({ pattern: e.target.value as 'closed-form' | 'random' })}>
              <option value="closed-form">a[i] = i, b[i] = 2 (closed form N(N − 1))</option>
              <option value="random">Seeded random in [−1, 1)</option>
            </select>
          </div>
          <label className="switch">
            <input type="checkbox" data-testid="dot-gpu-final" checked={text.gpuFinal} onChange={(e) => setDotText({ gpuFinal: e.target.checked })} />
            Final sum on the GPU (second pass) instead of the host
          </label>
        </div>
        {(parsed.error || error) && (
          <p className="error-summary" role="alert" data-testid="error-message">
            ⚠ {parsed.error ?? error}
          </p>
        )}
        <div className="run-buttons">
          <button type="button" className="primary" data-testid="dot-run" data-main-action onClick={() => void runDotView()}>
            Run the dot product
          </button>
        </div>
        <article
          className={`panel result status-${status}`}
          data-testid="dot-result"
          data-status={status === 'idle' ? undefined : status}
          data-value={r && status !== 'running' ? String(r.value) : undefined}
          aria-live="polite"
        >
          {status === 'idle' && <p>Not run yet.</p>}
          {status === 'running' && <p>Running on the GPU…</p>}
          {status === 'error' && <p className="error-text">✗ {error}</p>}
          {r && (status === 'verified' || status === 'mismatch') && (
            <>
              <h3>
                Σ a[i]·b[i] = <span className="big">{formatDotValue(r.value)}</span> <span className={`badge ${r.verified ? 'ok' : 'bad'}`}>{kStatus[status]}</span>
              </h3>
              <p className="small">
                N = {r.n.toLocaleString('en-US')}, {r.workgroups} workgroups × {r.workgroupSize} invocations, final sum on the {r.gpuFinal ? 'GPU (second pass)' : 'host'}.
              </p>
              <p className={r.verified ? 'ok-text' : 'error-text'}>
                {r.closedForm !== undefined && <>Closed form N(N − 1) = {formatDotValue(r.closedForm)}. </>}
                CPU reference (f64 over the same f32 inputs) = {formatDotValue(r.reference)}; difference {Math.abs(r.value - r.reference).toPrecision(3)}, tolerance{' '}
                {r.tolerance === 0 ? '0' : r.tolerance.toPrecision(3)} (f32 additions along the longest path × 2⁻²⁴ × Σ|a·b|).
                {r.value === r.reference && ' Exact.'}
              </p>
              <p className="small">
                Median {fmtMs(r.timing.stats.median)} (min {fmtMs(r.timing.stats.min)}, max {fmtMs(r.timing.stats.max)}; {r.timing.stats.n} samples, {kClockLabels[r.timing.clock]}) →{' '}
                {isBelowResolution(r.timing.stats.median) || !Number.isFinite(r.gbPerS) ? `a time ${fmtBelowResolution()}, so no bandwidth can be given.` : `${r.gbPerS.toPrecision(3)} GB/s of a and b read.`} WebGPU does not report the adapter’s memory bandwidth, so there is no percentage to give here.
              </p>
            </>
          )}
        </article>
      </section>
      <ReductionView />
    </>
  );
}
