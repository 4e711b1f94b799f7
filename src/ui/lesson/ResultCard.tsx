import { Trans, useTranslation } from 'react-i18next';
import { kKernels, labelContext, tiledSourceFile, type KernelId } from '../../core/kernels';
import { kStepsPerSample } from '../../core/clock';
import { spreadPercent } from '../../core/stats';
import { howChecked } from '../../i18n/words';
import { describeConfig } from '../../state/selectors';
import { useApp, type KernelResult } from '../../state/store';
import { fmtError, fmtInt, fmtMeasuredMs, fmtMs, fmtPercent, fmtRate } from '../common/format';
import { dispatchStep, distrustAdvice, distrustHeadline, untimeableRun, verdictOf } from '../common/timing';
import { TrustMarks } from '../common/TrustMarks';
import { say } from '../../i18n';
import { useSoftwareAdapter } from '../common/useSoftware';
import { kernelLabel, kernelSummary, mappingText } from '../../i18n/kernels';

/** <b> in a sentence of the catalogue. */
const kBold = { b: <strong /> };

/** Stages whose progress is a share of the work (shown in per cent) rather than a count. */
const kShareStages: ReadonlySet<string> = new Set(['generate', 'upload', 'readback', 'verify']);

function Progress({ r }: { r: KernelResult }) {
  const { t } = useTranslation('run');
  if (!r.progress) return <p>{t('result.preparing')}</p>;
  const { stage, done, total } = r.progress;
  const name = t(`stage.${stage}`);
  return (
    <p role="status">
      {total <= 1
        ? t('result.progress', { stage: name })
        : kShareStages.has(stage)
          ? t('result.progressShare', { stage: name, pct: Math.floor((100 * done) / total) })
          : t('result.progressCount', { stage: name, n: done + 1, total })}
    </p>
  );
}

/** The sentence that says which clock timed the run (why, when it is not the best), and its step when it has one. */
function ClockSentence({ run, rest }: { run: NonNullable<KernelResult['run']>; rest: string }) {
  const { t } = useTranslation('run');
  const clock = t(`clock.label.${run.clock}`);
  // Runs made before the reason was kept as a code have only the note's words.
  const note = run.clockWhy ? t(`clock.note.${run.clockWhy}`) : '';
  const step = run.resolutionMs !== undefined ? fmtMs(run.resolutionMs) : undefined;
  const key = note ? (step ? 'result.clockNoteSteps' : 'result.clockNote') : step ? 'result.clockSteps' : 'result.clock';
  return <Trans t={t} i18nKey={key} values={{ clock, note, step, steps: kStepsPerSample, rest }} components={kBold} />;
}

function Body({ r, software }: { r: KernelResult; software: boolean }) {
  const { t } = useTranslation('run');
  if (r.status === 'running') return <Progress r={r} />;
  if (r.status === 'error' || !r.run || !r.verification) return <p className="error-text">{r.error ? say(r.error) : t('result.failed')}</p>;
  const { run, verification: v } = r;
  const step = dispatchStep(run);
  const spread = spreadPercent(run.stats);
  const why = untimeableRun(run, software);
  const verdict = verdictOf(run, software);
  const samples = { n: run.stats.n, count: run.warmups, d: run.dispatchesPerSample };
  const sampled = run.dispatchesPerSample > 1 ? t('result.samplesBatched', samples) : t('result.samples', samples);
  return (
    <>
      {why && software ? (
        // A software adapter is named first, with no advice about noise or size (issue #45).
        <div className="too-small software" data-testid={`too-small-${run.kernel}`}>
          <p data-testid="software-note">
            <Trans t={t} i18nKey="result.software" values={{ headline: distrustHeadline(run, true), advice: distrustAdvice(run, true) }} components={kBold} />
          </p>
          <p className="small" data-speed="here">
            {t('result.shownNotTrusted', { median: fmtMeasuredMs(run.stats.median, step), rate: fmtRate(run.gflops, run.stats.median, step) })}
            <TrustMarks verdict={verdict} afterSentence />
          </p>
        </div>
      ) : why ? (
        <div className="too-small" data-testid={`too-small-${run.kernel}`}>
          <p>
            <Trans
              t={t}
              i18nKey="result.tooSmall"
              values={{ tooSmall: distrustHeadline(run), why: why.join(t('timing.reasonSeparator')), advice: distrustAdvice(run) }}
              components={kBold}
            />
          </p>
          <p className="small" data-speed="here">
            {t('result.shownNotTrusted', { median: fmtMeasuredMs(run.stats.median, step), rate: fmtRate(run.gflops, run.stats.median, step) })}
            <TrustMarks verdict={verdict} afterSentence />
          </p>
        </div>
      ) : (
      <div className="headline" data-speed="here">
        <div>
          <span className="big">{fmtMeasuredMs(run.stats.median, step)}</span>
          <span className="unit">{t('result.medianTime')}</span>
        </div>
        <div>
          <span className="big">{fmtRate(run.gflops, run.stats.median, step)}</span>
          <span className="unit">{t('result.atMedian')}</span>
        </div>
      </div>
      )}
      <p className="small">
        <ClockSentence run={run} rest={run.settledMs !== undefined ? t('result.then', { first: sampled, next: t('result.settled', { ms: fmtMs(run.settledMs) }) }) : sampled} />
      </p>
      <dl className="stats">
        <div><dt>{t('result.min')}</dt><dd>{fmtMeasuredMs(run.stats.min, step)}</dd></div>
        <div><dt>{t('result.median')}</dt><dd>{fmtMeasuredMs(run.stats.median, step)}</dd></div>
        <div><dt>{t('result.max')}</dt><dd>{fmtMeasuredMs(run.stats.max, step)}</dd></div>
        <div><dt><abbr title={t('timing.spreadDef')}>{t('result.spread')}</abbr></dt><dd>{fmtPercent(spread)}</dd></div>
        <div><dt>{t('result.upload')}</dt><dd>{fmtMs(run.uploadMs)}</dd></div>
        <div><dt>{t('result.readback')}</dt><dd>{fmtMs(run.readbackMs)}</dd></div>
      </dl>
      <p className="small">{t('result.wallNote', { spreadDef: t('timing.spreadDef') })}</p>
      {run.split && (
        <p className="small" data-testid={`split-${run.kernel}`}>
          {t('result.split', { parts: run.split.parts, rows: run.split.rowsPerPart, estimate: fmtMs(run.split.estimateMs), budget: fmtMs(run.split.budgetMs) })}
        </p>
      )}
      <p className={v.ok ? 'ok-text' : 'error-text'}>
        {t('result.verifyLine', {
          match: v.ok ? t('result.matches') : t('result.differ', { bad: fmtInt(v.mismatches), checked: fmtInt(v.checked) }),
          coverage: v.full ? t('result.allChecked', { total: fmtInt(v.total) }) : t('result.someChecked', { checked: fmtInt(v.checked), total: fmtInt(v.total), how: howChecked(v) }),
          rule: v.exact ? t('result.exact') : t('result.tolerance'),
        })}
      </p>
      <p className="small">{t('result.errors', { abs: fmtError(v.maxAbsError), rel: fmtError(v.maxRelError) })}</p>
      {v.firstMismatches.length > 0 && (
        <ul className="small mismatch-list">
          {v.firstMismatches.map((m) => (
            <li key={`${m.i},${m.j}`}>{t('result.mismatchEntry', { i: m.i, j: m.j, got: m.got, want: m.want, tol: fmtError(m.tolerance) })}</li>
          ))}
        </ul>
      )}
      <p className="small">
        {run.plan.workgroupStorageBytes > 0
          ? t('result.mappingMemory', { mapping: mappingText(run.plan.mapping), x: run.plan.dispatch[0], y: run.plan.dispatch[1], bytes: fmtInt(run.plan.workgroupStorageBytes) })
          : t('result.mapping', { mapping: mappingText(run.plan.mapping), x: run.plan.dispatch[0], y: run.plan.dispatch[1] })}
      </p>
    </>
  );
}

export function ResultCard({ id }: { id: KernelId }) {
  const { t } = useTranslation('run');
  const r = useApp((s) => s.results[id]);
  const noGpu = useApp((s) => s.gpu.state === 'unavailable');
  const trace = useApp((s) => s.trace);
  const traceStatus = useApp((s) => s.traceStatus);
  const software = useSoftwareAdapter();
  const spec = kKernels[id];
  const testId = `result-${id}`;
  if (!r) {
    return (
      <article className="panel result" data-testid={testId} aria-labelledby={`${testId}-h`}>
        <h3 id={`${testId}-h`}>{t('result.heading', { label: kernelLabel(id), context: labelContext(kernelLabel(id)) })}</h3>
        <p className="small">{kernelSummary(id)}</p>
        <p>{t(noGpu ? 'result.noGpu' : 'result.notRun')}</p>
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
        {t('result.heading', { label: kernelLabel(id), context: labelContext(kernelLabel(id)) })}{' '}
        <span className={`badge ${r.status === 'verified' ? 'ok' : r.status === 'running' ? 'neutral' : 'bad'}`}>{t(`status.${r.status}`)}</span>
      </h3>
      <p className="small">{spec.usesTile ? describeConfig(r.config) : t('result.noTile', { config: describeConfig(r.config) })}</p>
      <Body r={r} software={software} />
      {done && spec.usesTile && trace && !trace.bounds && (
        // One verdict per screen (issue #34): the card says which kernel it verified and that the map shows the copy without the tests.
        <p className="small bounds-off-note" data-testid="bounds-off-card-note">
          {t('result.boundsOffNote', {
            file: tiledSourceFile(r.config.tile).file,
            what:
              traceStatus !== 'done'
                ? t('result.boundsOffPending')
                : trace.wrongCount === 0
                  ? t('result.boundsOffNone')
                  : t('result.boundsOffWrong', { count: trace.wrongCount, n: fmtInt(trace.wrongCount) }),
          })}
        </p>
      )}
    </article>
  );
}
