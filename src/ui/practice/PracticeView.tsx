/**
 * The practice view (`?view=practice&ex=<id>`): the climb of exercises (core/practice/exercises.ts),
 * each with its goal, hints one at a time, its skeleton in a code editor, the solution on request,
 * a link that carries the code (never run until Run is pressed), and the checked run's verdict: a
 * headline naming the failure that happened, per shape (teaching and random) a map of C whose cells
 * say their expected and actual values, global reads against the budget, barriers, the slip the
 * wrong values match, and plain-words hints beside compile errors. The learner's own code is never
 * lost: what a link, the solution or Reset replaced is one click away (`exercise-restore`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { kCell } from '../../core/practice/cells';
import { exercise, headlineFailure, kExercises, kRandomShapes, overallStatus, type Exercise, type ExerciseId, type FailureKind, type ShapeVerdict } from '../../core/practice/exercises';
import type { Shape } from '../../core/shape';
import { kMaxCodeChars } from '../../core/practice/constants';
import { prelude } from '../../core/practice/prelude';
import type { CompileHint, Refusal } from '../../core/practice/wgsl';
import { kMaxNameChars } from '../../core/practice/link';
import type { Slip } from '../../core/practice/slips';
import type { Race, StructureCheck } from '../../core/practice/judge';
import type { Terms } from '../../core/practice/terms';
import { language, numberFormat, say } from '../../i18n';
import { fmtGflops, fmtInt } from '../common/format';
import { localizeComments } from '../../i18n/codeComments';
import { timedForLink } from '../../state/practiceTime';
import { clearProgress, keepThisTab, kUndoClearMs, practiceLink, storedShareName, storeShareName, resetExercise, restoreCode, runPracticeView, selectExercise, setPracticeCode, showHint, showSolution, takeOtherTab, undoClearProgress } from '../../state/practice';
import { downloadBlob } from '../common/download';
import { useApp } from '../../state/store';
import { CodeEditor, type EditorMark } from './CodeEditor';
import { TimePanel } from './TimePanel';
import './practice.css';

/** The id of the editor's help line (aria-describedby). */
const kHelpId = 'practice-editor-help';

/** A value of C as the map says it: up to 6 significant digits, NaN as NaN. */
const val = (x: number) => (Number.isNaN(x) ? 'NaN' : numberFormat({ maximumSignificantDigits: 6 }).format(x));

/** The shape as the exercise reads it: M×N for a map, M×K for a transpose, K for a dot product, M×K×N for a matmul. */
function shapeText(ex: Exercise, s: Shape): string {
  if (ex.kind === 'add') return `${s.m}×${s.n}`;
  if (ex.kind === 'transpose') return `${s.m}×${s.k}`;
  if (ex.kind === 'dot') return `${s.k}`;
  return `${s.m}×${s.k}×${s.n}`;
}

/** The headline of code that did not compile or was refused: nothing ran. */
const kCompileFailure: FailureKind = 'compile';

/** The map shows at most this many rows and columns of C: a window around the first bad element. */
const kMapWindow = 16;

function WrongMap({ v }: { v: ShapeVerdict }) {
  const { t } = useTranslation('practice');
  const first = v.cells.findIndex((k) => k !== kCell.right);
  const r0 = first < 0 || v.cRows <= kMapWindow ? 0 : Math.min(Math.floor(first / v.cCols), v.cRows - kMapWindow);
  const c0 = first < 0 || v.cCols <= kMapWindow ? 0 : Math.min(first % v.cCols, v.cCols - kMapWindow);
  const rows = Math.min(kMapWindow, v.cRows);
  const cols = Math.min(kMapWindow, v.cCols);
  const cell = Math.max(14, Math.min(28, Math.floor(300 / Math.max(rows, cols))));
  const windowed = rows < v.cRows || cols < v.cCols;
  const [readout, setReadout] = useState('');
  const cells = [];
  for (let r = r0; r < r0 + rows; r++) {
    for (let c = c0; c < c0 + cols; c++) {
      const i = r * v.cCols + c;
      const kind = v.cells[i]!;
      const expected = val(v.expected[i]!);
      const actual = val(v.actual[i]!);
      const name =
        kind === kCell.right
          ? t('cell.right', { row: r, col: c, expected })
          : kind === kCell.wrong
            ? t('cell.wrong', { row: r, col: c, expected, actual })
            : t('cell.unwritten', { row: r, col: c, expected });
      const x = 1 + (c - c0) * cell;
      const y = 1 + (r - r0) * cell;
      const bad = kind !== kCell.right;
      cells.push(
        <g
          key={i}
          className={kind === kCell.right ? 'cell-ok' : kind === kCell.wrong ? 'cell-wrong' : 'cell-unwritten'}
          data-testid={bad ? 'exercise-wrong-cell' : undefined}
          data-kind={bad ? (kind === kCell.wrong ? 'wrong' : 'unwritten') : undefined}
          data-expected={bad ? String(v.expected[i]) : undefined}
          data-actual={bad ? (kind === kCell.unwritten ? 'NaN' : String(v.actual[i])) : undefined}
          data-row={bad ? r : undefined}
          data-col={bad ? c : undefined}
          tabIndex={bad ? 0 : undefined}
          role={bad ? 'img' : undefined}
          aria-label={bad ? name : undefined}
          onFocus={() => setReadout(name)}
          onMouseEnter={() => setReadout(name)}
        >
          <title>{name}</title>
          <rect x={x} y={y} width={cell - 2} height={cell - 2} />
          {kind === kCell.wrong ? <path d={`M${x + 3} ${y + 3} L${x + cell - 5} ${y + cell - 5} M${x + cell - 5} ${y + 3} L${x + 3} ${y + cell - 5}`} /> : null}
          {kind === kCell.unwritten ? <circle cx={x + cell / 2 - 1} cy={y + cell / 2 - 1} r={Math.max(2, cell / 6)} /> : null}
        </g>,
      );
    }
  }
  return (
    <figure className="practice-map-figure">
      <svg className="practice-map" role="group" aria-label={t('mapLabel', { rows: v.cRows, cols: v.cCols })} width={cols * cell + 2} height={rows * cell + 2} data-testid="exercise-cmap" data-wrong={v.wrongCount + v.unwrittenCount}>
        {cells}
      </svg>
      <p className="practice-readout" data-testid="exercise-cell-readout" aria-hidden="true">
        {readout || '\u00a0'}
      </p>
      <figcaption className="small">
        {windowed ? t('mapWindow', { r0, r1: r0 + rows - 1, c0, c1: c0 + cols - 1, rows: v.cRows, cols: v.cCols }) : null} {t('mapLegend')}
      </figcaption>
    </figure>
  );
}

function SlipNote({ slip }: { slip: Slip }) {
  const { t } = useTranslation('practice');
  return (
    <p className="practice-slip" data-testid="exercise-slip" data-slip={slip.kind}>
      <strong>{t('slip.label')}</strong> {t(`slip.${slip.kind}`, { phase: (slip.phase ?? 0) + 1, terms: slip.terms ?? 0, barriers: slip.barriers ?? 0, need: slip.need ?? 0 })}{' '}
      {t('slip.where', { row: slip.row, col: slip.col, tileRow: slip.tileRow, tileCol: slip.tileCol, laneX: slip.laneX, laneY: slip.laneY })}
    </p>
  );
}

/** A race, named from the trace: the word, the stretch between barriers, who wrote and who read or wrote it too. */
function RaceNote({ r }: { r: Race }) {
  const { t } = useTranslation('practice');
  const when = r.epoch === 0 ? t('race.first') : t('race.between', { from: r.epoch, to: r.epoch + 1 });
  return (
    <p className="practice-race" data-testid="exercise-race" data-writer={r.writer.index} data-reader={r.other.index} data-word={r.word} data-epoch={r.epoch} data-other={r.otherKind}>
      <strong>{t('race.label')}</strong>{' '}
      {t('race.text', {
        word: r.word,
        when,
        wx: r.writer.local[0],
        wy: r.writer.local[1],
        gx: r.writer.wg[0],
        gy: r.writer.wg[1],
        wline: r.writerLine,
        ox: r.other.local[0],
        oy: r.other.local[1],
        what: t(r.otherKind === 'read' ? 'race.read' : 'race.write'),
        oline: r.otherLine,
      })}
    </p>
  );
}

// i18n-exempt: catalogue key parts
const kOk = 'ok';
// i18n-exempt: catalogue key parts
const kFail = 'fail';

/** One structure check from the trace, passed (✓) or not (✗), in words. */
function StructureNote({ c }: { c: StructureCheck }) {
  const { t } = useTranslation('practice');
  const outcome = c.ok ? kOk : kFail;
  const values = Object.fromEntries(Object.entries(c.values).map(([k, v]) => [k, typeof v === 'number' ? fmtInt(v) : v]));
  return (
    <li data-testid="exercise-structure" data-check={c.check} data-ok={c.ok}>
      {c.ok ? '✓ ' : '✗ '}
      {(t as unknown as (key: string, values: Record<string, string>) => string)(`structure.${c.check}.${outcome}`, values)}
    </li>
  );
}

/** Which terms a wrong element summed, decoded from the extra runs (core/practice/terms.ts). */
function TermNote({ terms, shape, ex }: { terms: Terms; shape: Shape; ex: Exercise }) {
  const { t } = useTranslation('practice');
  const el = `C[${terms.row}][${terms.col}]`;
  const list = (xs: readonly number[]) => xs.map((x) => fmtInt(x)).join(', ');
  const lines: string[] = [];
  if (terms.swapped === 'B') lines.push(t('term.swappedB', { element: el, row: terms.row, col: terms.col }));
  else if (terms.swapped === 'A') lines.push(t('term.swappedA', { element: el, row: terms.row, col: terms.col }));
  else {
    if (terms.aRows.length > 0) lines.push(t('term.rows', { element: el, list: list(terms.aRows), row: terms.row }));
    if (terms.bCols.length > 0) lines.push(t('term.cols', { element: el, list: list(terms.bCols), col: terms.col }));
  }
  if (terms.missing.length > 0) lines.push(t('term.missing', { element: el, list: list(terms.missing), count: terms.missing.length }));
  if (terms.extra.length > 0) lines.push(t('term.extra', { element: el, list: list(terms.extra), count: terms.extra.length }));
  return (
    <p className="practice-slip" data-testid="exercise-term" data-element={el} data-missing={terms.missing.join(' ')} data-extra={terms.extra.join(' ')} data-swapped={terms.swapped ?? ''}>
      <strong>{t('term.label')}</strong> {lines.join(' ')} <span className="small">{t('term.how', { shape: shapeText(ex, shape) })}</span>
    </p>
  );
}

/** What a pass covers: the shapes, the largest K, the values, and how many shapes were traced. */
function Coverage({ ex, shapes }: { ex: Exercise; shapes: readonly ShapeVerdict[] }) {
  const { t } = useTranslation('practice');
  const maxK = Math.max(0, ...shapes.map((v) => v.shape.k));
  const traced = shapes.filter((v) => v.traced).length;
  // Every shape traced whole; every shape traced, some on one row of workgroups; or some shapes checked by values only.
  const whole = shapes.filter((v) => v.traced && v.tracedWorkgroups >= v.workgroups).length;
  const trace = traced < shapes.length ? t('coverageTrace.some', { traced: fmtInt(traced), total: fmtInt(shapes.length) }) : whole < shapes.length ? t('coverageTrace.rows') : t('coverageTrace.all');
  return (
    <p className="small" data-testid="exercise-coverage" data-shapes={shapes.map((v) => `${v.shape.m}x${v.shape.k}x${v.shape.n}`).join(' ')} data-max-k={maxK} data-values="integers random spread" data-traced={traced} data-traced-whole={whole}>
      {t('coverage', { shapes: shapes.map((v) => shapeText(ex, v.shape)).join(', '), maxK: fmtInt(maxK), trace })}
    </p>
  );
}

function ShapeRow({ ex, v, index }: { ex: Exercise; v: ShapeVerdict; index: number }) {
  const { t } = useTranslation('practice');
  const s = v.shape;
  return (
    <li className="practice-shape" data-testid={`exercise-shape-${index}`} data-status={v.status} data-failure={v.failure} data-shape={`${s.m}x${s.k}x${s.n}`} data-random={v.random}>
      <div>
        <strong>{t(v.random ? 'shapeRandom' : 'shape', { shape: shapeText(ex, s) })}</strong>{' '}
        <span className={`verdict-tag verdict-${v.status}`}>
          {v.status === 'pass' ? '✓ ' : '✗ '}
          {t(`status.${v.status}`)}
        </span>
        {v.traced ? (
          <>
            <p className="small">{t('factsSummary', { reads: fmtInt(v.maxReads), min: fmtInt(v.barriersMin), max: fmtInt(v.barriersMax) })}</p>
            {v.tracedWorkgroups < v.workgroups ? (
              <p className="small" data-testid="exercise-partial-trace">
                {t('partialTrace', { traced: fmtInt(v.tracedWorkgroups), workgroups: fmtInt(v.workgroups), x: fmtInt(v.tracedFrom[0]), y: fmtInt(v.tracedFrom[1]) })}
              </p>
            ) : null}
          </>
        ) : (
          <p className="small" data-testid="exercise-untraced">{t('untraced')}</p>
        )}
        <ul className="practice-problems">
          {v.problems.map((p, i) => (
            <li key={i}>{say(p)}</li>
          ))}
        </ul>
        {v.slip ? <SlipNote slip={v.slip} /> : null}
        {v.races.map((r, i) => (
          <RaceNote key={i} r={r} />
        ))}
        {v.raceCount > v.races.length ? <p className="small">{t('race.more', { count: fmtInt(v.raceCount - v.races.length) })}</p> : null}
        {v.structure.length > 0 ? (
          <ul className="practice-structure" aria-label={t('structure.heading')}>
            {v.structure.map((c, i) => (
              <StructureNote key={i} c={c} />
            ))}
          </ul>
        ) : null}
      </div>
      {v.wrongCount + v.unwrittenCount > 0 || v.cRows * v.cCols <= kMapWindow * kMapWindow ? <WrongMap v={v} /> : null}
    </li>
  );
}

/** Why the code was refused, in words (the verdict's list and the editor's marks say the same). */
function refusalText(t: TFunction<'practice'>, r: Refusal): string {
  if (r.kind === 'too-long') return t('refusal.tooLong', { chars: fmtInt(r.chars), limit: fmtInt(r.limit) });
  if (r.kind === 'reserved') return t('refusal.reserved', { name: r.name, line: r.line });
  if (r.kind === 'resource') return t('refusal.resource', { name: r.name, line: r.line });
  if (r.kind === 'shadow') return t('refusal.shadow', { name: r.name, line: r.line });
  if (r.kind === 'shadow-api') return t('refusal.shadowApi', { name: r.name, line: r.line });
  if (r.kind === 'shadow-own') return t('refusal.shadowOwn', { name: r.name, line: r.line });
  if (r.kind === 'pointer') return t('refusal.pointer', { name: r.name, line: r.line });
  if (r.kind === 'workgroup-size') return r.size !== undefined ? t('refusal.workgroupSize', { line: r.line, size: r.size, want: r.want }) : t('refusal.workgroupSizeUnknown', { line: r.line, want: r.want });
  return t('refusal.unreadable', { line: r.line });
}

function RefusalList({ refusals }: { refusals: readonly Refusal[] }) {
  const { t } = useTranslation('practice');
  return (
    <ul>
      {refusals.map((r, i) => (
        <li key={i} data-testid="exercise-refusal" data-kind={r.kind} data-why={r.kind} data-line={'line' in r ? r.line : undefined}>
          {refusalText(t, r)}
        </li>
      ))}
    </ul>
  );
}

function HintNote({ h, ex }: { h: CompileHint; ex: Exercise }) {
  const { t } = useTranslation('practice');
  const hint = h.kind === 'entry-point' ? undefined : (ex.hintFor as Exercise['hintFor'])?.[h.kind];
  const shown = useApp((s) => s.practiceHints[s.practiceEx] ?? 0);
  return (
    <li className="practice-compile-hint" data-testid="exercise-compile-hint" data-hint={h.kind} data-line={h.line}>
      <strong>{t('compileHint.label', { line: h.line })}</strong> {t(`compileHint.${h.kind}`, { name: h.name ?? '' })}
      {hint !== undefined ? (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => { for (let i = shown; i < hint; i++) showHint(); }}>
            {t('compileHint.seeHint', { n: hint })}
          </button>
        </>
      ) : null}
    </li>
  );
}

/** `refused`: the code was refused before it was compiled (said as such; `data-failure` stays `compile`, as before). */
function Headline({ failure, shapes, seed, why, refused }: { failure: FailureKind; shapes: readonly ShapeVerdict[]; seed?: number; why?: string; refused?: boolean }) {
  const { t } = useTranslation('practice');
  const wrong = shapes.reduce((n, v) => n + v.wrongCount, 0);
  const unwritten = shapes.reduce((n, v) => n + v.unwrittenCount, 0);
  const status = failure === 'none' ? 'pass' : failure === 'stopped' || failure === 'compile' || failure === 'unreadable' ? 'error' : 'fail';
  return (
    <p className={`practice-headline verdict-${status}`} data-testid="exercise-headline" data-failure={failure}>
      <strong>
        {failure === 'none' ? '✓ ' : '✗ '}
        {refused ? t('headline.refused') : t(`headline.${failure}`, { wrong: fmtInt(wrong), unwritten: fmtInt(unwritten), shapes: fmtInt(shapes.length), random: fmtInt(shapes.filter((v) => v.random).length), seed: seed ?? 0 })}
      </strong>
      {why ? <> {why}</> : null}
    </p>
  );
}

function Verdict({ id }: { id: ExerciseId }) {
  const { t } = useTranslation('practice');
  const result = useApp((s) => s.practiceResult);
  const status = useApp((s) => s.practiceStatus);
  const ex = exercise(id);
  if (status === 'running') return <p aria-live="polite">{t('running', { random: kRandomShapes })}</p>;
  if (!result || result.ex !== id) return null;
  const o = result.outcome;
  if (o.kind === 'compile' || o.kind === 'refused') {
    return (
      <section className="practice-verdict" data-testid="exercise-verdict" data-status="error" data-kind={o.kind} data-seq={result.seq} aria-live="polite">
        <Headline failure={kCompileFailure} shapes={[]} refused={o.kind === 'refused'} />
        {o.kind === 'refused' && o.refusals.some((r) => r.kind !== 'too-long') ? <p className="verdict-error">{t('verdict.refused')}</p> : null}
        {o.kind === 'refused' ? (
          <RefusalList refusals={o.refusals} />
        ) : (
          <>
            {o.hints.length > 0 ? (
              <ul className="practice-compile-hints">
                {o.hints.map((h, i) => (
                  <HintNote key={i} h={h} ex={ex} />
                ))}
              </ul>
            ) : null}
            <ul>
              {o.messages.map((m, i) => (
                <li key={i} data-testid="exercise-compile-error" data-line={m.line}>
                  {t('compileError', { line: m.line, message: m.message })}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    );
  }
  const shapes = o.shapes;
  const failure: FailureKind = o.kind === 'failed' ? (o.unreadable ? 'unreadable' : 'stopped') : headlineFailure(shapes);
  const st = o.kind === 'failed' ? 'error' : overallStatus(shapes);
  const wrong = shapes.reduce((n, v) => n + v.wrongCount, 0);
  const unwritten = shapes.reduce((n, v) => n + v.unwrittenCount, 0);
  const maxReads = Math.max(0, ...shapes.map((v) => v.maxReads));
  // The slip the first failing shape names, said once under the headline (each shape says its own below).
  const firstSlip = shapes.find((v) => v.slip)?.slip;
  return (
    <section className="practice-verdict" data-testid="exercise-verdict" data-status={st} data-seq={result.seq} data-seed={o.seed} aria-live="polite">
      <Headline failure={failure} shapes={shapes} seed={o.seed} />
      {o.kind === 'failed' ? (
        <p className="verdict-error" data-testid="exercise-failure">
          {say(o.why)}
        </p>
      ) : null}
      <p data-testid="exercise-wrong-count" data-count={wrong + unwritten} data-unwritten={unwritten} data-wrong-value={wrong}>
        {t('wrongTotal', { wrong: fmtInt(wrong), unwritten: fmtInt(unwritten) })}
      </p>
      <p data-testid="exercise-reads" data-reads={maxReads}>
        {t('factsSummary', { reads: fmtInt(maxReads), min: fmtInt(Math.min(...shapes.map((v) => v.barriersMin), Infinity) === Infinity ? 0 : Math.min(...shapes.map((v) => v.barriersMin))), max: fmtInt(Math.max(0, ...shapes.map((v) => v.barriersMax))) })}
      </p>
      {o.kind === 'ran' && o.terms ? <TermNote terms={o.terms.terms} shape={o.terms.shape} ex={ex} /> : null}
      {firstSlip ? <SlipNote slip={firstSlip} /> : null}
      {o.kind === 'ran' && o.otherBarriers > 0 && shapes.some((v) => v.races.length > 0) ? (
        <p className="practice-slip" data-testid="exercise-barrier-hint">
          {t('race.otherBarrier')}
        </p>
      ) : null}
      {shapes.length > 0 ? <Coverage ex={ex} shapes={shapes} /> : null}
      <p className="small" data-testid="exercise-seed">
        {t('seedNote', { seed: o.seed, random: kRandomShapes })}
      </p>
      <ol className="practice-shapes">
        {shapes.map((v, i) => (
          <ShapeRow key={i} ex={ex} v={v} index={i} />
        ))}
      </ol>
      <p className="small">{t('notTimed')}</p>
    </section>
  );
}

function SharePanel({ id, code }: { id: ExerciseId; code: string }) {
  const { t } = useTranslation('practice');
  const [open, setOpen] = useState(false);
  const [copiedState, setCopiedState] = useState<{ readonly link: string; readonly ok: boolean } | undefined>(undefined);
  const field = useRef<HTMLInputElement>(null);
  const timed = useApp((s) => s.practiceTimed);
  // Encoded when the timed result or the code changes, not on every change of the store.
  const timedValue = useMemo(() => timedForLink(timed, id, code), [timed, id, code]);
  // The sender's name (optional, kept in this browser): the class board shows it, as text.
  const [name, setName] = useState(storedShareName);
  const link = practiceLink(id, code, timedValue, name);
  // What the status says belongs to the link it copied: a new link (edited code) says nothing yet.
  const copied = copiedState && copiedState.link === link ? (copiedState.ok ? 'yes' : 'no') : undefined;
  const setCopied = (v: 'yes' | 'no') => link && setCopiedState({ link, ok: v === 'yes' });
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      field.current?.select();
      setCopied('no');
    }
  };
  return (
    <div className="practice-share">
      <button
        type="button"
        data-testid="exercise-share"
        aria-expanded={open}
        title={t('shareHelp')}
        onClick={() => {
          setOpen(true);
          void copy();
        }}
        disabled={!link}
      >
        {t('share')}
      </button>
      {!link ? <span className="small">{t('shareTooLong', { limit: fmtInt(kMaxCodeChars) })}</span> : null}
      {link && timedValue ? (
        <span className="small" data-testid="exercise-share-timed">
          {t('time.shareCarries')}
        </span>
      ) : null}
      {open && link ? (
        <div className="practice-share-panel">
          <label>
            {t('shareName')}{' '}
            <input
              type="text"
              data-testid="exercise-share-name"
              value={name}
              maxLength={kMaxNameChars}
              autoComplete="nickname"
              aria-describedby="practice-share-name-help"
              onChange={(e) => {
                setName(e.currentTarget.value);
                storeShareName(e.currentTarget.value);
              }}
            />
          </label>
          <span id="practice-share-name-help" className="small">
            {t('shareNameHelp', { max: kMaxNameChars })}
          </span>
          <label>
            {t('shareField')}
            <input ref={field} type="text" readOnly value={link} data-testid="exercise-share-url" onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" data-testid="exercise-share-copy" onClick={() => void copy()}>
            {t('shareCopy')}
          </button>
          <span role="status" data-testid="exercise-share-status" data-copied={copied ?? ''}>
            {copied === 'yes' ? t('shareCopied') : copied === 'no' ? t('shareCopyFailed') : ''}
          </span>
        </div>
      ) : null}
    </div>
  );
}

/** The code as a file (`<exercise>.wgsl`): what a failed save offers instead. */
function downloadCode(id: ExerciseId, code: string): void {
  downloadBlob(new Blob([code], { type: 'text/plain' }), `${id}.wgsl`);
}

const lineCount = (code: string) => code.split('\n').length;

/** Every kept version of the learner's code for this exercise, oldest first: any one can be brought back. */
function Versions({ id, versions, code }: { id: ExerciseId; versions: readonly string[]; code: string }) {
  const { t } = useTranslation('practice');
  if (versions.length === 0) return null;
  return (
    <details className="practice-versions">
      <summary>{t('versions.summary', { count: versions.length })}</summary>
      <ol data-testid="exercise-versions" data-count={versions.length} data-ex={id}>
        {versions.map((v, i) => (
          <li key={i} data-testid="exercise-version" data-index={i} data-current={v === code}>
            <button type="button" onClick={() => restoreCode(i)} disabled={v === code} aria-label={t('versions.pickLabel', { n: i + 1, lines: fmtInt(lineCount(v)) })}>
              {t('versions.item', { n: i + 1, lines: fmtInt(lineCount(v)), chars: fmtInt(v.length) })}
            </button>{' '}
            {v === code ? <span className="small">{t('versions.shown')}</span> : null}
            {i === 0 ? <span className="small"> {t('versions.first')}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Another tab saved other code for this exercise: both are offered, neither is lost. */
function OtherTab({ id, code }: { id: ExerciseId; code: string }) {
  const { t } = useTranslation('practice');
  const other = useApp((s) => (s.practiceOtherTab?.ex === id ? s.practiceOtherTab : undefined));
  if (!other || other.code === code) return null;
  return (
    <div className="error-summary practice-other-tab" role="status" data-testid="exercise-other-tab">
      <p>{t('otherTab.text', { theirs: fmtInt(lineCount(other.code)), mine: fmtInt(lineCount(code)) })}</p>
      <p className="practice-actions">
        <button type="button" data-testid="exercise-other-tab-take" onClick={takeOtherTab}>
          {t('otherTab.take')}
        </button>
        <button type="button" data-testid="exercise-other-tab-keep" onClick={keepThisTab}>
          {t('otherTab.keep')}
        </button>
      </p>
    </div>
  );
}

/** The browser refused to save (storage full or blocked): said, with the code offered as a file. */
function SaveFailed({ id, code }: { id: ExerciseId; code: string }) {
  const { t } = useTranslation('practice');
  const failed = useApp((s) => s.practiceSaveFailed === id);
  if (!failed) return null;
  return (
    <div className="error-summary" role="alert" data-testid="practice-save-failed">
      <p>{t('saveFailed.text')}</p>
      <button type="button" data-testid="practice-save-download" onClick={() => downloadCode(id, code)}>
        {t('saveFailed.download', { file: `${id}.wgsl` })}
      </button>
    </div>
  );
}

/** Undo for "Clear progress", while it can be undone (it goes by itself after kUndoClearMs). */
function ProgressUndo() {
  const { t } = useTranslation('practice');
  const cleared = useApp((s) => s.practiceCleared);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (cleared) button.current?.focus();
  }, [cleared]);
  if (!cleared) return null;
  return (
    <span role="status" data-testid="practice-progress-cleared">
      {t('progressCleared', { count: cleared.passed.length, best: Object.keys(cleared.best).length, seconds: kUndoClearMs / 1000 })}{' '}
      <button ref={button} type="button" data-testid="practice-progress-undo" onClick={undoClearProgress}>
        {t('progressUndo')}
      </button>
    </span>
  );
}

export function PracticeView() {
  const { t } = useTranslation('practice');
  const id = useApp((s) => s.practiceEx);
  const code = useApp((s) => s.practiceCode[s.practiceEx]);
  const backups = useApp((s) => s.practiceBackups[s.practiceEx]);
  const hints = useApp((s) => s.practiceHints[s.practiceEx] ?? 0);
  const linked = useApp((s) => s.practiceLinked === s.practiceEx);
  const badLink = useApp((s) => s.practiceBadLink);
  const busy = useApp((s) => s.busy);
  const gpu = useApp((s) => s.gpu.state);
  const error = useApp((s) => s.practiceError);
  const result = useApp((s) => s.practiceResult);
  const passed = useApp((s) => s.practicePassed);
  const bestTimes = useApp((s) => s.practiceBest);
  const ex = exercise(id);
  const n = kExercises.findIndex((e) => e.id === id) + 1;
  // The starting code and the solution, untouched, are shown with their comments in the language in
  // use (line for line: a compiler message's line is the same line); once edited, the text is the learner's.
  const shown = code === ex.skeleton || code === ex.solution ? localizeComments(code, language()) : code;
  const marks: EditorMark[] = useMemo(() => {
    if (result?.ex !== id) return [];
    const o = result.outcome;
    if (o.kind === 'compile') return [...o.messages.map((m) => ({ line: m.line, message: m.message })), ...o.hints.map((h) => ({ line: h.line, message: t(`compileHint.${h.kind}`, { name: h.name ?? '' }) }))];
    if (o.kind === 'refused') return o.refusals.flatMap((r) => ('line' in r ? [{ line: r.line, message: refusalText(t, r) }] : []));
    return [];
  }, [result, id, t]);
  const noGpu = gpu === 'unavailable';
  const backup = backups?.[backups.length - 1];
  return (
    <div className="practice">
      <nav className="panel practice-list" aria-label={t('list')}>
        <h2>{t('list')}</h2>
        <ol data-testid="practice-list">
          {kExercises.map((e, i) => (
            <li key={e.id}>
              <button
                type="button"
                data-testid={`exercise-${e.id}`}
                data-passed={passed.includes(e.id) ? 'true' : 'false'}
                data-best-gflops={bestTimes[e.id]?.gflops ?? ''}
                aria-current={e.id === id ? 'step' : undefined}
                onClick={() => selectExercise(e.id)}
              >
                {i + 1}. {t(`ex.${e.id}.title`)}
                {passed.includes(e.id) ? <span className="practice-passed"> ✓ {t('passedMark')}</span> : null}
                {bestTimes[e.id] ? <span className="practice-best small"> {t('time.bestShort', { rate: fmtGflops(bestTimes[e.id]!.gflops), size: bestTimes[e.id]!.size })}</span> : null}
              </button>
            </li>
          ))}
        </ol>
        <p className="small" data-testid="practice-progress" data-count={passed.length} data-passed={passed.join(' ')} data-best={Object.keys(bestTimes).join(' ')}>
          {t('progress', { count: passed.length, total: kExercises.length })}{' '}
          {Object.keys(bestTimes).length > 0 ? t('time.progressBest', { count: Object.keys(bestTimes).length }) : null}{' '}
          {passed.length > 0 || Object.keys(bestTimes).length > 0 ? (
            <button type="button" data-testid="practice-progress-clear" onClick={clearProgress}>
              {t('progressClear')}
            </button>
          ) : null}
          <ProgressUndo />
        </p>
      </nav>
      <section className="panel practice-main" aria-labelledby="practice-heading">
        <h2 id="practice-heading">
          {t('exerciseN', { n })}: {t(`ex.${id}.title`)}
        </h2>
        <p data-testid="exercise-goal">
          <strong>{t('goal')}:</strong> {t(`ex.${id}.goal`)}
        </p>
        {ex.rung ? (
          <p className="small">
            <a data-testid="exercise-rung" data-rung={ex.rung} href={`?view=ladder`}>
              {t('rung', { rung: ex.rung })}
            </a>
          </p>
        ) : null}
        <p className="small" data-testid="exercise-shapes">
          {t(`shapes.${ex.kind}`)}: {ex.shapes.map((s) => shapeText(ex, s)).join(', ')} — {t('shapesRandom', { random: kRandomShapes, max: shapeText(ex, ex.random.max) })}
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
        {badLink ? (
          <p className="error-summary" data-testid="exercise-bad-link" data-why={badLink.why}>
            {t(`badLink.${badLink.why}`, { ex: badLink.ex ?? '', limit: fmtInt(kMaxCodeChars) })}
          </p>
        ) : null}
        {backup !== undefined && backup !== code ? (
          <p className="practice-restore">
            <button type="button" data-testid="exercise-restore" onClick={() => restoreCode()}>
              {t('restore')}
            </button>{' '}
            <span className="small">{t('restoreHelp', { lines: fmtInt(lineCount(backup)), count: backups!.length })}</span>
          </p>
        ) : null}
        <Versions id={id} versions={backups ?? []} code={code} />
        <OtherTab id={id} code={code} />
        <SaveFailed id={id} code={code} />
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
          <button type="button" className="primary" data-testid="exercise-run" data-main-action data-runs={result?.seq ?? 0} onClick={() => void runPracticeView()} disabled={busy || noGpu} aria-busy={busy}>
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
          <SharePanel id={id} code={code} />
        </div>
        {error ? <p className="error-summary">{say(error)}</p> : null}
        <Verdict id={id} />
        <TimePanel id={id} />
        <details className="practice-prelude" data-testid="exercise-prelude">
          <summary>{t('provided')}</summary>
          <p className="small">{t('providedRule')}</p>
          <pre>{prelude(ex.constants, false)}</pre>
        </details>
      </section>
    </div>
  );
}
