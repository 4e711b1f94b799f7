/**
 * The practice view (`?view=practice&ex=<id>`): the climb of exercises (core/practice/exercises.ts),
 * each with its goal, hints one at a time, its skeleton in a code editor, the solution on request,
 * a link that carries the code (never run until Run is pressed), and the checked run's verdict
 * per shape: wrong elements on a small map of C, global reads against the budget, barriers.
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { exercise, kExercises, overallStatus, type ExerciseId, type ShapeVerdict } from '../../core/practice/exercises';
import { prelude } from '../../core/practice/wgsl';
import { shapeLabel } from '../../core/shape';
import { language, numberFormat, say } from '../../i18n';
import { localizeComments } from '../../i18n/codeComments';
import { consumeCodeFragment, practiceLink, resetExercise, runPracticeView, selectExercise, setPracticeCode, showHint, showSolution } from '../../state/practice';
import { useApp } from '../../state/store';
import { CodeEditor, type EditorMark } from './CodeEditor';
import './practice.css';

/** The id of the editor's help line (aria-describedby). */
const kHelpId = 'practice-editor-help';

const fmt = (n: number) => numberFormat().format(n);

function WrongMap({ v }: { v: ShapeVerdict }) {
  const { t } = useTranslation('practice');
  const cell = Math.max(6, Math.min(18, Math.floor(180 / Math.max(v.cRows, v.cCols))));
  return (
    <svg
      className="practice-map"
      role="img"
      aria-label={t('mapLabel', { shape: shapeLabel(v.shape) })}
      width={v.cCols * cell + 2}
      height={v.cRows * cell + 2}
      data-testid="exercise-cmap"
      data-wrong={v.wrongCount}
    >
      {Array.from(v.wrong, (w, i) => (
        <rect
          key={i}
          x={1 + (i % v.cCols) * cell}
          y={1 + Math.floor(i / v.cCols) * cell}
          width={cell - 1}
          height={cell - 1}
          className={w ? 'cell-wrong' : 'cell-ok'}
          data-testid={w ? 'exercise-wrong-cell' : undefined}
        >
          <title>{w ? t('cellWrong') : t('cellOk')}</title>
        </rect>
      ))}
    </svg>
  );
}

function ShapeRow({ v, index }: { v: ShapeVerdict; index: number }) {
  const { t } = useTranslation('practice');
  return (
    <li className="practice-shape" data-testid={`exercise-shape-${index}`} data-status={v.status}>
      <div>
        <strong>{t('shape', { shape: shapeLabel(v.shape) })}</strong> <span className={`verdict-tag verdict-${v.status}`}>{t(`status.${v.status}`)}</span>
        <p className="small">{t('readsSummary', { reads: fmt(v.maxReads), budget: fmt(v.readBudget) })}</p>
        {v.minBarriers > 0 || v.barriersMax > 0 ? (
          <p className="small">{t('barriersSummary', { min: fmt(v.barriersMin), max: fmt(v.barriersMax), phases: fmt(v.phases), need: fmt(v.minBarriers) })}</p>
        ) : null}
        <ul className="practice-problems">
          {v.problems.map((p, i) => (
            <li key={i}>{say(p)}</li>
          ))}
        </ul>
      </div>
      <WrongMap v={v} />
    </li>
  );
}

function Verdict({ id }: { id: ExerciseId }) {
  const { t } = useTranslation('practice');
  const result = useApp((s) => s.practiceResult);
  const status = useApp((s) => s.practiceStatus);
  if (status === 'running') return <p aria-live="polite">{t('running')}</p>;
  if (!result || result.ex !== id) return null;
  const o = result.outcome;
  if (o.kind === 'compile') {
    return (
      <section className="practice-verdict" data-testid="exercise-verdict" data-status="error" data-kind="compile" data-seq={result.seq} aria-live="polite">
        <p className="verdict-error">{t('verdict.compile')}</p>
        <ul>
          {o.messages.map((m, i) => (
            <li key={i} data-testid="exercise-compile-error" data-line={m.line}>
              {t('compileError', { line: m.line, message: m.message })}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const shapes = o.shapes;
  const st = o.kind === 'failed' ? 'error' : overallStatus(shapes);
  const wrong = shapes.reduce((n, v) => n + v.wrongCount, 0);
  const maxReads = Math.max(0, ...shapes.map((v) => v.maxReads));
  const budget = Math.max(0, ...shapes.map((v) => v.readBudget));
  return (
    <section className="practice-verdict" data-testid="exercise-verdict" data-status={st} data-seq={result.seq} aria-live="polite">
      <p className={`verdict-${st}`}>
        <strong>{t(`verdict.${st}`)}</strong>
      </p>
      {o.kind === 'failed' ? <p className="verdict-error" data-testid="exercise-failure">{say(o.why)}</p> : null}
      <p data-testid="exercise-wrong-count" data-count={wrong}>
        {t('wrongTotal', { count: fmt(wrong) })}
      </p>
      <p data-testid="exercise-reads" data-reads={maxReads} data-budget={budget}>
        {t('readsSummary', { reads: fmt(maxReads), budget: fmt(budget) })}
      </p>
      <ol className="practice-shapes">
        {shapes.map((v, i) => (
          <ShapeRow key={i} v={v} index={i} />
        ))}
      </ol>
      <p className="small">{t('notTimed')}</p>
    </section>
  );
}

export function PracticeView() {
  const { t } = useTranslation('practice');
  const id = useApp((s) => s.practiceEx);
  const code = useApp((s) => s.practiceCode[s.practiceEx]);
  const hints = useApp((s) => s.practiceHints[s.practiceEx] ?? 0);
  const linked = useApp((s) => s.practiceLinked === s.practiceEx);
  const badLink = useApp((s) => s.practiceBadLink);
  const busy = useApp((s) => s.busy);
  const gpu = useApp((s) => s.gpu.state);
  const error = useApp((s) => s.practiceError);
  const result = useApp((s) => s.practiceResult);
  const ex = exercise(id);
  const n = kExercises.findIndex((e) => e.id === id) + 1;
  // The starting code and the solution, untouched, are shown with their comments in the language in
  // use (line for line: a compiler message's line is the same line); once edited, the text is the learner's.
  const shown = code === ex.skeleton || code === ex.solution ? localizeComments(code, language()) : code;
  useEffect(() => consumeCodeFragment(), []);
  const marks: EditorMark[] = useMemo(
    () => (result?.ex === id && result.outcome.kind === 'compile' ? result.outcome.messages.map((m) => ({ line: m.line, message: m.message })) : []),
    [result, id],
  );
  const link = practiceLink(id, code);
  const noGpu = gpu === 'unavailable';
  return (
    <div className="practice">
      <nav className="panel practice-list" aria-label={t('list')}>
        <h2>{t('list')}</h2>
        <ol data-testid="practice-list">
          {kExercises.map((e, i) => (
            <li key={e.id}>
              <button type="button" data-testid={`exercise-${e.id}`} aria-current={e.id === id ? 'step' : undefined} onClick={() => selectExercise(e.id)}>
                {i + 1}. {t(`ex.${e.id}.title`)}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section className="panel practice-main" aria-labelledby="practice-heading">
        <h2 id="practice-heading">
          {t('exerciseN', { n })}: {t(`ex.${id}.title`)}
        </h2>
        <p data-testid="exercise-goal">
          <strong>{t('goal')}:</strong> {t(`ex.${id}.goal`)}
        </p>
        <p className="small">
          {t('shapes')}: {ex.shapes.map((s) => shapeLabel(s)).join(', ')}
        </p>
        {noGpu ? (
          <p className="error-summary" data-testid="exercise-no-gpu">
            {t('noGpu')}
          </p>
        ) : null}
        {linked ? (
          <p className="practice-linked" data-testid="exercise-linked">
            {t('linked')}
          </p>
        ) : null}
        {badLink ? <p className="error-summary">{t('badLink')}</p> : null}
        <ol className="practice-hints" data-testid="exercise-hints">
          {Array.from({ length: hints }, (_, i) => (
            <li key={i} data-testid="exercise-hint">
              <strong>{t('hintLabel', { n: i + 1 })}:</strong> {t(`ex.${id}.hint${i + 1}` as `ex.map.hint1`)}
            </li>
          ))}
        </ol>
        <CodeEditor key={id} value={shown} onChange={(v) => v !== shown && setPracticeCode(v, id)} marks={marks} label={t('editorLabel', { n })} describedBy={kHelpId} />
        <p id={kHelpId} className="small">
          {t('editorHelp')}
        </p>
        <div className="practice-actions">
          <button type="button" className="primary" data-testid="exercise-run" data-runs={result?.seq ?? 0} onClick={() => void runPracticeView()} disabled={busy || noGpu}>
            {t('run')}
          </button>
          <button type="button" data-testid="exercise-hint-next" onClick={showHint} disabled={hints >= ex.hints}>
            {hints >= ex.hints ? t('noMoreHints') : t('hint', { shown: hints, total: ex.hints })}
          </button>
          <button type="button" data-testid="exercise-solution" onClick={showSolution}>
            {t('solution')}
          </button>
          <button type="button" data-testid="exercise-reset" onClick={resetExercise}>
            {t('reset')}
          </button>
          <a href={link} data-testid="exercise-share" title={t('shareHelp')}>
            {t('share')}
          </a>
        </div>
        {error ? <p className="error-summary">{say(error)}</p> : null}
        <Verdict id={id} />
        <details className="practice-prelude">
          <summary>{t('provided')}</summary>
          <pre>{prelude(ex.constants, false)}</pre>
        </details>
      </section>
    </div>
  );
}
