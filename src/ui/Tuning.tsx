/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { paramsLabel } from '../core/tuning';
import { candidateLabel, tuneCandidates } from '../state/facts';
import { shapeLabel } from '../core/shape';
import { cancelRun, runAuto, runTuning } from '../state/runs';
import { useDerived } from '../state/selectors';
import { useApp } from '../state/store';
import { autoChoice, clearTuning, engineLabel, thisAdapter, useTuning } from '../state/tuning';
import { fmtGflops, fmtMs } from './format';


/** The per-adapter tuner and the "auto" choice, inside the ladder panel. */
export function Tuning() {
  const busy = useApp((s) => s.busy);
  const auto = useApp((s) => s.auto);
  const results = useApp((s) => s.results);
  const { records, status, progress, message } = useTuning();
  const { parsed, info } = useDerived();
  const choice = info && parsed ? autoChoice(records, info, parsed.shape) : undefined;
  const tunedHere = info ? records.some((r) => r.adapter === thisAdapter(info)) : false;
  const tries = parsed ? tuneCandidates(parsed.shape).length : undefined;
  const entries = choice ? [...choice.record.entries].sort((a, b) => (b.gflops ?? -1) - (a.gflops ?? -1)) : [];
  const autoResult = auto ? results[auto.kernel] : undefined;
  const autoDone = auto && autoResult && autoResult.seq === auto.seq ? autoResult : undefined;

  return (
    <div className="tuning" data-testid="tuning">
      <h3>Auto: the tuned best for this GPU</h3>
      <p className="small">
        The tuner runs the configurations that can win at the current shape{tries !== undefined ? ` (${tries} here)` : ''} — naive, tiled and the smallest block for a tiny problem, otherwise the
        register-tiled rungs that launch enough workgroups to fill a GPU, with every value of their override constants — twice each (once if it takes over 250 ms), verified and timed
        like any run, and keeps the result in this browser for this adapter and engine ({engineLabel()}). “Run auto” runs the fastest verified configuration from the tuning
        nearest to the current shape (within 8× its work, and tiny only for tiny), tuning first if there is none.
      </p>
      <div className="run-buttons">
        <button type="button" data-testid="tune-run" onClick={() => void runTuning()} aria-busy={busy && status === 'running'} disabled={busy}>
          Tune for this GPU{parsed ? ` at ${shapeLabel(parsed.shape)}` : ''}
        </button>
        <button type="button" className="primary" data-testid="run-auto" onClick={() => void runAuto()} disabled={busy}>
          Run auto
        </button>
        {busy && status === 'running' && (
          <button type="button" onClick={cancelRun} data-testid="tune-cancel">
            Cancel
          </button>
        )}
        {records.length > 0 && (
          <button type="button" data-testid="tune-clear" onClick={clearTuning} disabled={busy}>
            Forget tunings ({records.length})
          </button>
        )}
      </div>
      <p className="small" data-testid="tune-status" data-state={status} role="status">
        {status === 'running' && progress ? `Tuning: ${progress.done + 1 > progress.total ? progress.total : progress.done + 1} of ${progress.total} — ${progress.label}…` : message}
      </p>
      <p data-testid="auto-choice" data-kernel={choice?.kernel} data-params={choice ? paramsLabel(choice.params) : undefined}>
        {choice ? (
          <>
            <strong>Auto at this shape:</strong> {candidateLabel(choice)} — {fmtGflops(choice.gflops)} when tuned at {shapeLabel(choice.record.shape)} on {choice.record.date.slice(0, 10)}
            {parsed && shapeLabel(parsed.shape) !== shapeLabel(choice.record.shape) ? ' (the nearest tuned shape)' : ''}.
          </>
        ) : info ? (
          tunedHere ? 'Not tuned near this shape on this adapter yet: “Run auto” tunes first.' : 'Not tuned on this adapter yet: “Run auto” tunes first.'
        ) : (
          'Auto needs a GPU.'
        )}
      </p>
      {autoDone && (
        <p data-testid="auto-result" data-status={autoDone.status} data-kernel={auto!.kernel}>
          Auto ran <strong>{candidateLabel({ kernel: auto!.kernel, params: auto!.params })}</strong> ({auto!.from}):{' '}
          {autoDone.status === 'verified' && autoDone.run ? (
            <>
              <span className="num">{fmtGflops(autoDone.run.gflops)}</span> · <span className="num">{fmtMs(autoDone.run.stats.median)}</span> median of {autoDone.run.stats.n} samples · ✓ verified
            </>
          ) : autoDone.status === 'running' ? (
            'running…'
          ) : (
            <span className="error-text">✗ {autoDone.status}{autoDone.error ? `: ${autoDone.error}` : ''}</span>
          )}
        </p>
      )}
      {choice && (
        <details>
          <summary>
            What the tuner measured at {shapeLabel(choice.record.shape)} ({choice.record.clock === 'gpu-timestamp' ? 'GPU timestamps' : 'wall clock'}; each configuration run in two
            interleaved rounds of 3–15 samples, the better round’s median kept, so a dip in the GPU’s clock during one turn does not decide the choice)
          </summary>
          <table className="why-table" data-testid="tune-table">
            <thead>
              <tr>
                <th scope="col">configuration</th>
                <th scope="col">GFLOP/s</th>
                <th scope="col">median</th>
                <th scope="col">verified</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const best = e.kernel === choice.kernel && paramsLabel(e.params) === paramsLabel(choice.params);
                return (
                  <tr key={candidateLabel(e)} data-testid="tune-row" data-best={best ? 'true' : undefined}>
                    <th scope="row">
                      {candidateLabel(e)}
                      {best ? ' ★ auto' : ''}
                    </th>
                    <td>{e.gflops !== undefined ? fmtGflops(e.gflops) : '—'}</td>
                    <td>{e.medianMs !== undefined ? fmtMs(e.medianMs) : '—'}</td>
                    <td>{e.verified ? '✓ verified' : <span className="small">✗ {e.note ?? 'not verified'}</span>}</td>
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
