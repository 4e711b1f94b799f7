import { Trans, useTranslation } from 'react-i18next';
import { pointReasonText } from '../../i18n/bench';
import { kFinalists, kMismatchNote, paramsLabel, tuneCandidates, tunePace, tuneRunsBound } from '../../core/tuning';
import { candidateLabel } from '../../i18n/kernels';
import { shapeLabel } from '../../core/shape';
import { cancelRun, runAuto, runTuning } from '../../state/runs';
import { useDerived } from '../../state/selectors';
import { useApp } from '../../state/store';
import { autoChoice, clearTuning, engineLabel, thisAdapter, tuneMessage, useTuning } from '../../state/tuning';
import { fmtGflops, fmtMs } from '../common/format';
import { say } from '../../i18n';

/** <b> and <n> (a figure) in a sentence of the catalogue. */
const kParts = { b: <strong />, n: <span className="num" /> };

/** The per-adapter tuner and the "auto" choice, inside the ladder panel. */
export function Tuning() {
  const { t } = useTranslation('run');
  const busy = useApp((s) => s.busy);
  const auto = useApp((s) => s.auto);
  const results = useApp((s) => s.results);
  const { records, status, progress, note } = useTuning();
  const { parsed, info } = useDerived();
  const choice = info && parsed ? autoChoice(records, info, parsed.shape) : undefined;
  const tunedHere = info ? records.some((r) => r.adapter === thisAdapter(info)) : false;
  const tries = parsed ? tuneCandidates(parsed.shape).length : undefined;
  // Stated before it starts: the most timed runs, and how long they take at this GPU's last pace.
  const runs = tries !== undefined ? tuneRunsBound(tries) : undefined;
  const pace = info && parsed ? tunePace(records, thisAdapter(info), parsed.shape) : undefined;
  const method = choice?.record.method;
  const entries = choice ? [...choice.record.entries].sort((a, b) => (b.gflops ?? -1) - (a.gflops ?? -1)) : [];
  const autoResult = auto ? results[auto.kernel] : undefined;
  const autoDone = auto && autoResult && autoResult.seq === auto.seq ? autoResult : undefined;

  return (
    <div className="tuning" data-testid="tuning">
      <h3>{t('tuner.heading')}</h3>
      <p className="small">{tries !== undefined ? t('tuner.introTries', { tries, engine: engineLabel() }) : t('tuner.intro', { engine: engineLabel() })}</p>
      {runs !== undefined && (
        <p className="small" data-testid="tune-plan" data-runs={runs}>
          {t('tuner.planAndPace', {
            plan: t('tuner.plan', { runs, tries: tries ?? 0, finalists: kFinalists }),
            pace: pace
              ? t('tuner.planPace', { shape: shapeLabel(pace.shape), perRun: fmtMs(pace.msPerRun), seconds: Math.ceil((pace.msPerRun * runs) / 1000) })
              : t('tuner.planReference'),
          })}
        </p>
      )}
      <div className="run-buttons">
        <button type="button" data-testid="tune-run" onClick={() => void runTuning()} aria-busy={busy && status === 'running'} disabled={busy}>
          {parsed ? t('tuner.tuneAt', { shape: shapeLabel(parsed.shape) }) : t('tuner.tune')}
        </button>
        <button type="button" className="primary" data-testid="run-auto" onClick={() => void runAuto()} disabled={busy}>
          {t('tuner.runAuto')}
        </button>
        {busy && status === 'running' && (
          <button type="button" onClick={cancelRun} data-testid="tune-cancel">
            {t('tuner.cancel')}
          </button>
        )}
        {records.length > 0 && (
          <button type="button" data-testid="tune-clear" onClick={clearTuning} disabled={busy}>
            {t('tuner.forget', { count: records.length })}
          </button>
        )}
      </div>
      <p className="small" data-testid="tune-status" data-state={status} role="status">
        {status === 'running' && progress
          ? t('tuner.progress', { n: progress.done + 1 > progress.total ? progress.total : progress.done + 1, total: progress.total, label: candidateLabel(progress.candidate) })
          : tuneMessage(note)}
      </p>
      <p data-testid="auto-choice" data-kernel={choice?.kernel} data-params={choice ? paramsLabel(choice.params) : undefined}>
        {choice ? (
          <Trans
            t={t}
            i18nKey={parsed && shapeLabel(parsed.shape) !== shapeLabel(choice.record.shape) ? 'tuner.choiceNearest' : 'tuner.choice'}
            values={{ candidate: candidateLabel(choice), rate: fmtGflops(choice.gflops), shape: shapeLabel(choice.record.shape), date: choice.record.date.slice(0, 10) }}
            components={kParts}
          />
        ) : info ? (
          tunedHere ? t('tuner.notNear') : t('tuner.notTuned')
        ) : (
          t('tuner.needsGpu')
        )}
      </p>
      {autoDone && (
        <p data-testid="auto-result" data-status={autoDone.status} data-kernel={auto!.kernel} data-gflops={autoDone.status === 'verified' && autoDone.run ? autoDone.run.gflops : undefined}>
          <Trans t={t} i18nKey="tuner.ran" values={{ candidate: candidateLabel({ kernel: auto!.kernel, params: auto!.params }), from: say(auto!.from) }} components={kParts} />
          {autoDone.status === 'verified' && autoDone.run ? (
            <Trans
              t={t}
              i18nKey="tuner.ranResult"
              values={{ rate: fmtGflops(autoDone.run.gflops), median: fmtMs(autoDone.run.stats.median), n: autoDone.run.stats.n }}
              components={kParts}
            />
          ) : autoDone.status === 'running' ? (
            t('tuner.running')
          ) : (
            <span className="error-text">
              {autoDone.status === 'mismatch'
                ? autoDone.error ? t('tuner.mismatchWhy', { error: say(autoDone.error) }) : t('tuner.mismatch')
                : autoDone.error ? t('tuner.errorWhy', { error: say(autoDone.error) }) : t('tuner.error')}
            </span>
          )}
        </p>
      )}
      {choice && (
        <details>
          <summary>
            {t('tuner.measured', { shape: shapeLabel(choice.record.shape), clock: choice.record.clock === 'gpu-timestamp' ? t('clock.name.gpu-timestamp') : t('clock.name.wall-clock') })}
          </summary>
          {method && (
            <p className="small" data-testid="tune-decided" data-decided={method.decidedBy}>
              {t('tuner.decided', { roundRuns: method.roundRuns, finalRuns: method.finalRuns, seconds: Math.round(method.ms / 1000), maxRuns: method.maxRuns })}
              {method.unsettled > 0 && <> {t('tuner.decidedUnsettled', { count: method.unsettled })}</>}
            </p>
          )}
          <table className="why-table" data-testid="tune-table">
            <thead>
              <tr>
                <th scope="col">{t('tuner.colConfig')}</th>
                <th scope="col">{t('tuner.colRate')}</th>
                <th scope="col">{t('tuner.colMedian')}</th>
                <th scope="col">{t('tuner.colVerified')}</th>
                <th scope="col">{t('tuner.colFrom')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const best = e.kernel === choice.kernel && paramsLabel(e.params) === paramsLabel(choice.params);
                return (
                  <tr key={candidateLabel(e)} data-testid="tune-row" data-best={best ? 'true' : undefined}>
                    <th scope="row">{best ? t('tuner.best', { candidate: candidateLabel(e) }) : candidateLabel(e)}</th>
                    <td>{e.gflops !== undefined ? fmtGflops(e.gflops) : '—'}</td>
                    <td>{e.medianMs !== undefined ? fmtMs(e.medianMs) : '—'}</td>
                    <td>
                      {e.verified ? (
                        t('tuner.verified')
                      ) : (
                        <span className="small">{t('tuner.failedNote', { note: e.note === kMismatchNote ? t('tuner.mismatchNote') : (e.note !== undefined ? pointReasonText(e.note) : t('tuner.notVerified')) })}</span>
                      )}
                    </td>
                    <td>{e.phase ? t(`tuner.phase.${e.phase}`) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}
