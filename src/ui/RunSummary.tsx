// i18n-pending: this file's words are not in the catalogues yet
import { kClockNames } from '../core/clock';
import { kKernels, type KernelId } from '../core/kernels';
import { belongs, useDerived } from '../state/selectors';
import { useApp, type KernelResult } from '../state/store';
import { fmtMeasuredMs, fmtRate } from './format';
import { dispatchStep, kTimingText, untimeableRun } from './timing';

/** Words of the summary, kept together for translation. */
export const kSummaryWords = {
  label: 'Results of the last run, in one line each (the cards above give every figure)',
  running: 'running…',
  verified: '✓ verified',
  mismatch: '✗ does not match the CPU reference',
  error: '✗ error',
  median: (t: string, clock: string, n: number) => `median ${t} (${clock}, ${n} samples)`,
  notTrusted: 'not trusted as a speed',
} as const;

function Line({ id, r }: { id: KernelId; r: KernelResult }) {
  const name = kKernels[id].label;
  if (r.status !== 'verified' && r.status !== 'mismatch') {
    return (
      <li>
        <strong>{name}</strong>: {r.status === 'running' ? kSummaryWords.running : kSummaryWords.error}
      </li>
    );
  }
  const run = r.run;
  const step = run ? dispatchStep(run) : undefined;
  const tooSmall = run ? untimeableRun(run) : undefined;
  return (
    <li>
      <strong>{name}</strong>: <span className={r.status === 'verified' ? 'ok-text' : 'error-text'}>{kSummaryWords[r.status]}</span>
      {run && (
        <>
          {' · '}
          {kSummaryWords.median(fmtMeasuredMs(run.stats.median, step), kClockNames[run.clock], run.stats.n)}
          {' · '}
          {tooSmall ? (
            <em>
              {kTimingText.tooSmall} ({kSummaryWords.notTrusted})
            </em>
          ) : (
            fmtRate(run.gflops, run.stats.median, step)
          )}
        </>
      )}
    </li>
  );
}

/**
 * One line per kernel of the last run, right above the tile map: after a run the page scrolls here, so
 * the result and the map are on one screen (the full cards stay above).
 */
export function RunSummary() {
  const results = useApp((s) => s.results);
  const config = useDerived().parsed;
  const ids = (['naive', 'tiled'] as const).filter((id) => results[id] && belongs(results[id], id, config));
  if (ids.length === 0) return null;
  return (
    <section className="panel run-summary" data-testid="run-summary" aria-label={kSummaryWords.label}>
      <ul>
        {ids.map((id) => (
          <Line key={id} id={id} r={results[id]!} />
        ))}
      </ul>
    </section>
  );
}
