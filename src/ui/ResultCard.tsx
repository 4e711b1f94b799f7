/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { kClockLabels } from '../core/clock';
import { kKernels, type KernelId } from '../core/kernels';
import { kStepsPerSample } from '../state/facts';
import { spreadPercent } from '../core/stats';
import { describeConfig } from '../state/selectors';
import { useApp, type KernelResult } from '../state/store';
import { fmtError, fmtInt, fmtMeasuredMs, fmtMs, fmtRate } from './format';
import { dispatchStep, kTimingText, untimeableRun } from './timing';

const kStatusText = {
  running: '… Running',
  verified: '✓ Verified',
  mismatch: '✗ Mismatch',
  error: '✗ Error',
} as const;

const kStageText = {
  generate: 'Generating A and B',
  upload: 'Uploading A and B',
  compile: 'Compiling the pipeline',
  warmup: 'Warming up',
  timing: 'Timing',
  readback: 'Reading C back',
  verify: 'Verifying against the CPU reference',
} as const;
/** Stages whose progress is a share of the work (shown in per cent) rather than a count. */
const kShareStages: ReadonlySet<string> = new Set(['generate', 'upload', 'readback', 'verify']);

function Progress({ r }: { r: KernelResult }) {
  if (!r.progress) return <p>Preparing…</p>;
  const { stage, done, total } = r.progress;
  return (
    <p role="status">
      {kStageText[stage]}
      {total > 1 && (kShareStages.has(stage) ? ` (${Math.floor((100 * done) / total)} %)` : ` (${done + 1} of ${total})`)}…
    </p>
  );
}

function Body({ r }: { r: KernelResult }) {
  if (r.status === 'running') return <Progress r={r} />;
  if (r.status === 'error' || !r.run || !r.verification) return <p className="error-text">{r.error ?? 'The run failed.'}</p>;
  const { run, verification: v } = r;
  const clock = kClockLabels[run.clock];
  const step = dispatchStep(run);
  const spread = spreadPercent(run.stats);
  const why = untimeableRun(run);
  return (
    <>
      {why ? (
        <div className="too-small" data-testid={`too-small-${run.kernel}`}>
          <p>
            <strong>{kTimingText.tooSmall}:</strong> {why.join('; ')}. {kTimingText.advice}
          </p>
          <p className="small">
            Median {fmtMeasuredMs(run.stats.median, step)}, {fmtRate(run.gflops, run.stats.median, step)} — shown, not trusted.
          </p>
        </div>
      ) : (
      <div className="headline">
        <div>
          <span className="big">{fmtMeasuredMs(run.stats.median, step)}</span>
          <span className="unit">median kernel time</span>
        </div>
        <div>
          <span className="big">{fmtRate(run.gflops, run.stats.median, step)}</span>
          <span className="unit">at the median</span>
        </div>
      </div>
      )}
      <p className="small">
        Clock: <strong>{clock}</strong>
        {run.clockNote && ` (${run.clockNote})`}
        {run.resolutionMs !== undefined && ` in steps of ${fmtMs(run.resolutionMs)} (the engine rounds timestamps; each sample spans at least ${kStepsPerSample} steps)`}. {run.stats.n} timed samples after {run.warmups} warm-up run{run.warmups === 1 ? '' : 's'}
        {run.dispatchesPerSample > 1 && `; each sample is ${run.dispatchesPerSample} back-to-back dispatches in one pass, divided by ${run.dispatchesPerSample}`}.
        {run.settledMs !== undefined &&
          ` Before the samples the kernel ran untimed for ${fmtMs(run.settledMs)}, until its speed stopped rising (GPUs raise their clock under load), and the samples were queued back to back.`}
      </p>
      <dl className="stats">
        <div><dt>min</dt><dd>{fmtMeasuredMs(run.stats.min, step)}</dd></div>
        <div><dt>median</dt><dd>{fmtMeasuredMs(run.stats.median, step)}</dd></div>
        <div><dt>max</dt><dd>{fmtMeasuredMs(run.stats.max, step)}</dd></div>
        <div><dt><abbr title={kTimingText.spreadDef}>spread</abbr></dt><dd>{spread.toFixed(0)}%</dd></div>
        <div><dt>upload A, B</dt><dd>{fmtMs(run.uploadMs)}</dd></div>
        <div><dt>read back C</dt><dd>{fmtMs(run.readbackMs)}</dd></div>
      </dl>
      <p className="small">Upload and read-back are wall clock, measured apart from the kernel; {kTimingText.spreadDef}.</p>
      {run.split && (
        <p className="small" data-testid={`split-${run.kernel}`}>
          Split into {run.split.parts} submissions of at most {run.split.rowsPerPart} rows of C: one submission was estimated at{' '}
          {fmtMs(run.split.estimateMs)}, over the {fmtMs(run.split.budgetMs)} budget (browsers may reset a GPU whose submission runs too long). Times are the sums of the parts.
        </p>
      )}
      <p className={v.ok ? 'ok-text' : 'error-text'}>
        {v.ok ? '✓ Matches the CPU reference' : `✗ ${fmtInt(v.mismatches)} of ${fmtInt(v.checked)} checked entries differ from the CPU reference`}
        {' — '}
        {v.full ? `all ${fmtInt(v.total)} entries checked` : `${fmtInt(v.checked)} of ${fmtInt(v.total)} entries checked (${v.how})`}
        {v.exact ? '; exact data, so the result must match bit for bit.' : '; tolerance (2 + 4√K)·2⁻²⁴·Σ|a·b| per entry.'}
      </p>
      <p className="small">
        Max abs. error {fmtError(v.maxAbsError)}; max error relative to Σ|a·b| {fmtError(v.maxRelError)}.
      </p>
      {v.firstMismatches.length > 0 && (
        <ul className="small mismatch-list">
          {v.firstMismatches.map((m) => (
            <li key={`${m.i},${m.j}`}>
              C[{m.i}][{m.j}] = {m.got} but the reference is {m.want} (tolerance {fmtError(m.tolerance)})
            </li>
          ))}
        </ul>
      )}
      <p className="small">
        Mapping: {run.plan.mapping}. Dispatch {run.plan.dispatch[0]} × {run.plan.dispatch[1]} workgroups
        {run.plan.workgroupStorageBytes > 0 && `, ${fmtInt(run.plan.workgroupStorageBytes)} bytes of workgroup memory each`}.
      </p>
    </>
  );
}

export function ResultCard({ id }: { id: KernelId }) {
  const r = useApp((s) => s.results[id]);
  const spec = kKernels[id];
  const testId = `result-${id}`;
  if (!r) {
    return (
      <article className="panel result" data-testid={testId} aria-labelledby={`${testId}-h`}>
        <h3 id={`${testId}-h`}>{spec.label} kernel</h3>
        <p className="small">{spec.summary}</p>
        <p>Not run yet.</p>
      </article>
    );
  }
  const done = r.status === 'verified' || r.status === 'mismatch';
  return (
    <article
      className={`panel result status-${r.status}`}
      data-testid={testId}
      data-status={r.status}
      data-run={r.seq}
      data-shape={`${r.config.shape.m}x${r.config.shape.k}x${r.config.shape.n}`}
      data-tile={r.config.tile}
      data-gflops={done && r.run ? String(r.run.gflops) : undefined}
      data-median-ms={done && r.run ? String(r.run.stats.median) : undefined}
      data-max-rel-error={done && r.verification ? String(r.verification.maxRelError) : undefined}
      aria-labelledby={`${testId}-h`}
      aria-busy={r.status === 'running'}
    >
      <h3 id={`${testId}-h`}>
        {spec.label} kernel <span className={`badge ${r.status === 'verified' ? 'ok' : r.status === 'running' ? 'neutral' : 'bad'}`}>{kStatusText[r.status]}</span>
      </h3>
      <p className="small">
        {describeConfig(r.config)}
        {!spec.usesTile && ' (the tile width does not apply to this kernel)'}
      </p>
      <Body r={r} />
    </article>
  );
}
