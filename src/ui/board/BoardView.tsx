/**
 * The class board (`?view=board`, issue #48): a teacher pastes the class's links (or drops a file of
 * them, or opens a board link `#b=…`); every practice entry is re-checked here by the practice view's
 * judge, one at a time, with an estimate first and a Cancel; on a GPU the entries that passed are
 * timed as Time it times them, with the rungs at the same size, and ranked among the trusted figures.
 * Above the tables, the class's mistakes, each with an example. A classroom layout for the projector
 * (top entries, the mistakes, names hideable); the board as CSV, as a link, saved in this browser.
 * Names are text (React escapes them), never markup. Nothing leaves the browser.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classMistakes, exerciseNumber, ranks, toCsv, boardOfFragment, type BoardBad, type BoardBench, type BoardCheck, type BoardPractice, type ClassMistake } from '../../core/board';
import { kExerciseIds, type ExerciseId } from '../../core/practice/exercises';
import { timeable } from '../../core/practice/timing';
import { exercise } from '../../core/practice/exercises';
import { numberFormat, say } from '../../i18n';
import {
  addBoardFile,
  addBoardText,
  boardEstimate,
  boardFile,
  boardLink,
  cancelBoard,
  clearBoard,
  openBoardValue,
  practiceEntries,
  reopenBoard,
  runBoard,
  saveBoard,
  savedBoardDate,
  setBoardClassroom,
  setBoardHideNames,
} from '../../state/board';
import type { BoardSenderFigure, BoardTime } from '../../state/boardState';
import { practiceLink } from '../../state/practice';
import { useApp } from '../../state/store';
import { downloadBlob } from '../common/download';
import { fmtGflops, fmtInt, fmtMs } from '../common/format';
import { useSoftwareAdapter } from '../common/useSoftware';
import './board.css';

const pct = (x: number) => numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(x);

/** The page's address without query or fragment: where the board's and the entries' links point. */
const pageBase = () => `${location.origin}${location.pathname}`;

/** One row of the board, as shown and exported. */
interface Row {
  readonly entry: BoardPractice;
  readonly index: number;
  readonly check?: BoardCheck;
  readonly time?: BoardTime;
  readonly timeError?: string;
  readonly sender?: BoardSenderFigure;
  readonly rank?: number;
}

function useRows(): { rows: Row[]; byEx: Map<ExerciseId, Row[]> } {
  const set = useApp((s) => s.boardSet);
  const checks = useApp((s) => s.boardChecks);
  const times = useApp((s) => s.boardTimes);
  const senders = useApp((s) => s.boardSenders);
  return useMemo(() => {
    const entries = practiceEntries(set);
    const rows: Row[] = entries.map((entry, index) => {
      const t = times[entry.key];
      return { entry, index, check: checks[entry.key], ...(t && 'gflops' in t ? { time: t } : {}), ...(t && 'error' in t ? { timeError: say(t.error) } : {}), sender: senders[entry.key] };
    });
    const byEx = new Map<ExerciseId, Row[]>();
    for (const id of kExerciseIds) {
      const mine = rows.filter((r) => r.entry.ex === id);
      if (mine.length === 0) continue;
      // Ranks among the trusted figures timed here (verified, passed its check) of this exercise.
      const rk = ranks(new Map(mine.map((r) => [r.entry.key, r.time?.trusted && r.check?.status === 'pass' ? r.time.gflops : undefined])));
      byEx.set(
        id,
        mine.map((r) => ({ ...r, ...(rk.has(r.entry.key) ? { rank: rk.get(r.entry.key)! } : {}) })),
      );
    }
    return { rows: [...byEx.values()].flat(), byEx };
  }, [set, checks, times, senders]);
}

function names(e: BoardPractice): string[] {
  return [...new Set(e.senders.flatMap((s) => (s.name !== undefined ? [s.name] : [])))];
}

function NameCell({ row, hide }: { row: Row; hide: boolean }) {
  const { t } = useTranslation('board');
  const n = names(row.entry);
  if (hide) return <>{t('entryN', { n: row.index + 1 })}</>;
  if (n.length === 0) return <span className="small">{t('noName', { n: row.index + 1 })}</span>;
  const shown = n.slice(0, 3).join(', ');
  return (
    <>
      {shown}
      {n.length > 3 ? <span className="small"> {t('moreNames', { count: n.length - 3 })}</span> : null}
    </>
  );
}

function verdictOf(c: BoardCheck | undefined): string {
  return c === undefined ? 'unchecked' : c.status === 'pass' ? 'pass' : c.failure;
}

function VerdictCell({ row }: { row: Row }) {
  const { t } = useTranslation('board');
  const c = row.check;
  if (!c) return <span className="small">{t('verdict.unchecked')}</span>;
  return (
    <span className={c.status === 'pass' ? 'board-pass' : 'board-fail'}>
      {c.status === 'pass' ? '✓ ' : '✗ '}
      {t(`verdict.${c.status === 'pass' ? 'pass' : c.failure}`)}
      {c.mistake && !c.mistake.startsWith('failure:') ? <span className="small"> — {mistakeText(t, c.mistake)}</span> : null}
      {c.status === 'pass' ? <span className="small"> {t('covers', { shapes: c.shapes, random: c.random })}</span> : null}
    </span>
  );
}

type BoardT = ReturnType<typeof useTranslation<'board'>>['t'];

/** A mistake's short name: the slip, the race's variable, the structure check, the failure. */
function mistakeText(t: BoardT, m: string): string {
  const [kind, what = ''] = m.split(':') as [string, string?];
  const tt = t as unknown as (k: string, v?: object) => string;
  if (kind === 'slip') return tt(`mistake.slip.${what}`);
  if (kind === 'race') return tt('mistake.race', { name: what });
  if (kind === 'structure') return tt(`mistake.structure.${what}`);
  return tt(`verdict.${what}`);
}

function SenderCell({ f }: { f: BoardSenderFigure | undefined }) {
  const { t } = useTranslation('board');
  if (!f) return <span className="small">{t('sender.none')}</span>;
  if (!f.ok) return <span className="board-fail">{t(`sender.${f.why}`)}</span>;
  return (
    <span>
      {fmtGflops(f.gflops)} <span className="small">{t('sender.at', { size: f.size, adapter: f.adapter })}</span>{' '}
      <span className="small">
        <span className={f.trusted ? 'board-pass' : 'board-fail'}>
          {f.trusted ? t('sender.trusted') : f.software ? t('sender.software') : f.bad.length > 0 ? t('sender.refused', { why: f.bad.map((b) => t(`sender.bad.${b}`)).join(', ') }) : t('sender.untrusted')}
        </span>
      </span>
    </span>
  );
}

function RateCell({ row }: { row: Row }) {
  const { t } = useTranslation('board');
  if (row.timeError) return <span className="small">{row.timeError}</span>;
  const tm = row.time;
  if (!tm) return <span className="small">{t('rate.none')}</span>;
  return (
    <span>
      {fmtGflops(tm.gflops)}{' '}
      <span className="small">
        {t('rate.detail', { ms: fmtMs(tm.medianMs), size: tm.size, samples: tm.samples })} {tm.trusted ? '' : t('rate.untrusted')}
      </span>
    </span>
  );
}

/** The columns a table sorts by (besides the order links came in). */
const kSort = { order: 'order', name: 'name', verdict: 'verdict', rate: 'rate' } as const;
type SortKey = (typeof kSort)[keyof typeof kSort];

function ExerciseTable({ id, rows, hide }: { id: ExerciseId; rows: Row[]; hide: boolean }) {
  const { t } = useTranslation('board');
  const tp = useTranslation('practice').t as unknown as (k: string) => string;
  const [sort, setSort] = useState<{ key: SortKey; down: boolean }>({ key: 'order', down: false });
  const sorted = useMemo(() => {
    const v = (r: Row): number | string => {
      if (sort.key === 'name') return names(r.entry)[0] ?? '\uffff';
      if (sort.key === 'verdict') return verdictOf(r.check) === 'pass' ? 0 : r.check ? 1 : 2;
      if (sort.key === 'rate') return -(r.time?.gflops ?? -1);
      return r.index;
    };
    const out = [...rows].sort((a, b) => {
      const x = v(a);
      const y = v(b);
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return c || a.index - b.index;
    });
    return sort.down ? out.reverse() : out;
  }, [rows, sort]);
  const timed = timeable(exercise(id));
  const head = (key: SortKey, label: string) => (
    <th scope="col" aria-sort={sort.key === key ? (sort.down ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="board-sort" data-testid={`board-sort-${key}`} onClick={() => setSort((s) => ({ key, down: s.key === key ? !s.down : false }))}>
        {label}
      </button>
    </th>
  );
  return (
    <section className="board-exercise" data-testid="board-exercise" data-exercise={id}>
      <h3>
        {exerciseNumber(id)}. {tp(`ex.${id}.title`)} <span className="small">{t('copies', { count: rows.reduce((n, r) => n + r.entry.count, 0) })}</span>
      </h3>
      {/* A window too narrow for the columns scrolls the table in its own focusable region, never past the panel. */}
      <div className="board-table-wrap" tabIndex={0} role="region" aria-label={`${exerciseNumber(id)}. ${tp(`ex.${id}.title`)}`}>
        <table className="board-table">
          <thead>
            <tr>
              {head(kSort.name, t('col.name'))}
              <th scope="col">{t('col.copies')}</th>
              {head(kSort.verdict, t('col.verdict'))}
              {timed ? head(kSort.rate, t('col.rate')) : null}
              {timed ? <th scope="col">{t('col.place')}</th> : null}
              {timed ? <th scope="col">{t('col.rank')}</th> : null}
              {timed ? <th scope="col">{t('col.sender')}</th> : null}
              <th scope="col">{t('col.open')}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((r) => {
              const p = r.time?.place;
              return (
                <tr
                  key={r.entry.key}
                  data-testid="board-row"
                  data-exercise={id}
                  data-verdict={verdictOf(r.check)}
                  data-mistake={r.check?.mistake ?? ''}
                  data-count={r.entry.count}
                  data-names={hide ? '' : names(r.entry).join('\n')}
                  data-gflops={r.time?.gflops ?? ''}
                  data-spread={r.time?.spreadPct ?? ''}
                  data-size={r.time?.size ?? ''}
                  data-trusted={r.time ? r.time.trusted : ''}
                  data-of-best={p?.ofBest ?? ''}
                  data-rank={r.rank ?? ''}
                  data-sender-gflops={r.sender?.ok ? r.sender.gflops : ''}
                  data-bad=""
                >
                  <td>
                    <NameCell row={r} hide={hide} />
                  </td>
                  <td>{fmtInt(r.entry.count)}</td>
                  <td>
                    <VerdictCell row={r} />
                  </td>
                  {timed ? (
                    <td>
                      <RateCell row={r} />
                    </td>
                  ) : null}
                  {timed ? (
                    <td>
                      {p ? (
                        <>
                          {t('place.between', { below: p.below ?? t('place.bottom'), above: p.above ?? t('place.top') })}
                          {p.ofBest !== undefined ? <span className="small"> {t('place.ofBest', { share: pct(p.ofBest) })}</span> : null}
                          {r.time?.ofRoof !== undefined ? <span className="small"> {t('place.ofRoof', { share: pct(r.time.ofRoof) })}</span> : null}
                        </>
                      ) : (
                        <span className="small">—</span>
                      )}
                    </td>
                  ) : null}
                  {timed ? <td>{r.rank !== undefined ? fmtInt(r.rank) : <span className="small">—</span>}</td> : null}
                  {timed ? (
                    <td>
                      <SenderCell f={r.sender} />
                    </td>
                  ) : null}
                  <td>
                    <a href={practiceLink(r.entry.ex, r.entry.code) ?? '#'} target="_blank" rel="noreferrer noopener">
                      {t('open')}
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Mistakes({ list, entries, limit }: { list: readonly ClassMistake[]; entries: readonly BoardPractice[]; limit?: number }) {
  const { t } = useTranslation('board');
  const tp = useTranslation('practice').t as unknown as (k: string) => string;
  if (list.length === 0) return null;
  const shown = limit !== undefined ? list.slice(0, limit) : list;
  return (
    <section className="board-mistakes" data-testid="board-mistakes" aria-labelledby="board-mistakes-h">
      <h3 id="board-mistakes-h">{t('mistakes.heading')}</h3>
      <ul>
        {shown.map((m) => {
          const ex = entries.find((e) => e.key === m.example);
          return (
            <li key={`${m.ex}\n${m.mistake}`} data-testid="board-mistake" data-slip={m.mistake} data-count={m.count} data-of={m.of} data-exercise={m.ex}>
              <strong>{t('mistakes.item', { count: fmtInt(m.count), of: fmtInt(m.of), mistake: mistakeText(t, m.mistake) })}</strong> <span className="small">({tp(`ex.${m.ex}.title`)})</span>{' '}
              {ex ? (
                <a href={practiceLink(ex.ex, ex.code) ?? '#'} target="_blank" rel="noreferrer noopener" data-testid="board-mistake-example">
                  {t('mistakes.example')}
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Refused({ items }: { items: readonly BoardBad[] }) {
  const { t } = useTranslation('board');
  if (items.length === 0) return null;
  return (
    <section className="board-refused">
      <h3>{t('refused.heading', { count: items.reduce((n, i) => n + i.count, 0) })}</h3>
      <div className="board-table-wrap" tabIndex={0} role="region" aria-label={t('refused.heading', { count: items.reduce((n, i) => n + i.count, 0) })}>
        <table className="board-table">
          <thead>
            <tr>
              <th scope="col">{t('refused.why')}</th>
              <th scope="col">{t('col.copies')}</th>
              <th scope="col">{t('refused.link')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.key} data-testid="board-row" data-bad={i.why} data-exercise="" data-verdict="" data-gflops="" data-of-best="" data-rank="" data-sender-gflops="" data-count={i.count}>
                <td className="board-fail">✗ {t(`refused.${i.why}`)}</td>
                <td>{fmtInt(i.count)}</td>
                <td>
                  <code className="board-bad-text">{i.text}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Benches({ items }: { items: readonly BoardBench[] }) {
  const { t } = useTranslation('board');
  if (items.length === 0) return null;
  return (
    <section>
      <h3>{t('bench.heading', { count: items.length })}</h3>
      <p className="small">{t('bench.note')}</p>
      <ul>
        {items.map((b, k) => (
          <li key={b.key} data-testid="board-bench">
            <a href={`?view=shared#r=${b.value}`} target="_blank" rel="noreferrer noopener">
              {t('bench.open', { n: k + 1 })}
            </a>{' '}
            {b.count > 1 ? <span className="small">{t('copies', { count: b.count })}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Estimate() {
  const { t } = useTranslation('board');
  const state = useApp((s) => s);
  const est = boardEstimate(state);
  if (est.checks === 0) return null;
  return (
    <p data-testid="board-estimate" data-checks={est.checks} data-timed={est.timed} data-ms={Math.round(est.ms)} data-measured={est.measured}>
      {t('estimate.text', { checks: fmtInt(est.checks), time: fmtMs(est.ms) })} {est.timed > 0 ? t('estimate.timed', { timed: fmtInt(est.timed), rungs: fmtInt(est.rungs) }) : null}{' '}
      <span className="small">{est.measured ? t('estimate.measured') : est.software ? t('estimate.priorSoftware') : t('estimate.prior')}</span>
    </p>
  );
}

function RunPanel() {
  const { t } = useTranslation('board');
  const run = useApp((s) => s.boardRun);
  const busy = useApp((s) => s.busy);
  const gpu = useApp((s) => s.gpu);
  const entries = useApp((s) => practiceEntries(s.boardSet).length);
  const softwareHere = useSoftwareAdapter();
  const software = run.software ?? softwareHere;
  const running = run.status === 'running';
  const cancelling = running && run.cancelling === true;
  return (
    <section className="board-run" aria-labelledby="board-run-h">
      <h3 id="board-run-h">{t('run.heading')}</h3>
      <Estimate />
      {software ? (
        <p className="board-note" data-testid="board-software">
          {t('run.software')}
        </p>
      ) : null}
      <p className="board-actions">
        <button type="button" className="primary" data-testid="board-run" onClick={() => void runBoard()} disabled={busy || entries === 0 || gpu.state === 'unavailable'} aria-busy={running}>
          {software ? t('run.startCheck') : t('run.start')}
        </button>
        <button
          type="button"
          data-testid="board-cancel"
          onClick={cancelBoard}
          disabled={!running || cancelling}
        >
          {cancelling ? t('run.cancelling') : t('run.cancel')}
        </button>
      </p>
      <p role="status" data-testid="board-progress" data-status={run.status} data-done={run.done} data-total={run.total}>
        {run.status === 'idle' ? '' : t(`run.status.${run.status as Exclude<typeof run.status, 'idle'>}`, { done: fmtInt(run.done), total: fmtInt(run.total) })}{' '}
        {running && run.phase ? t(`run.phase.${run.phase}`) : null}
        {run.size !== undefined ? <span className="small"> {t('run.size', { size: run.size, adapter: run.adapter ?? '' })}</span> : null}
        {run.message ? <span className="board-fail"> {say(run.message)}</span> : null}
      </p>
      {gpu.state === 'unavailable' ? <p className="error-summary">{t('run.noGpu')}</p> : null}
    </section>
  );
}

function InputPanel() {
  const { t } = useTranslation('board');
  const [text, setText] = useState('');
  const [over, setOver] = useState(false);
  const last = useApp((s) => s.boardLastAdd);
  const err = useApp((s) => s.boardInputError);
  const running = useApp((s) => s.boardRun.status === 'running');
  const file = useRef<HTMLInputElement>(null);
  return (
    <section
      className={`board-input ${over ? 'board-drop' : ''}`}
      aria-labelledby="board-input-h"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const f = e.dataTransfer.files[0];
        if (f) void addBoardFile(f);
        else {
          const s = e.dataTransfer.getData('text/plain');
          if (s) addBoardText(s);
        }
      }}
    >
      <h3 id="board-input-h">{t('input.heading')}</h3>
      <label htmlFor="board-input-text">{t('input.label')}</label>
      <textarea id="board-input-text" data-testid="board-input" rows={5} value={text} onChange={(e) => setText(e.currentTarget.value)} aria-describedby="board-input-help" />
      <p id="board-input-help" className="small">
        {t('input.help', { max: 200 })}
      </p>
      <p className="board-actions">
        <button
          type="button"
          className="primary"
          data-testid="board-add"
          disabled={running || text.trim() === ''}
          onClick={() => {
            addBoardText(text);
            setText('');
          }}
        >
          {t('input.add')}
        </button>
        <button type="button" data-testid="board-file-choose" disabled={running} onClick={() => file.current?.click()}>
          {t('input.file')}
        </button>
        <input
          ref={file}
          type="file"
          accept=".txt,text/plain"
          hidden
          data-testid="board-file"
          onChange={(e) => {
            const f = e.currentTarget.files?.[0];
            if (f) void addBoardFile(f);
            e.currentTarget.value = '';
          }}
        />
        <button type="button" data-testid="board-clear" disabled={running} onClick={clearBoard}>
          {t('input.clear')}
        </button>
      </p>
      {last ? (
        <p role="status" data-testid="board-last-add" data-links={last.links} data-refused={last.refused} data-merged={last.merged} data-left-out={last.leftOut}>
          {t('input.read', { links: fmtInt(last.links), refused: fmtInt(last.refused), merged: fmtInt(last.merged) })} {last.leftOut > 0 ? t('input.leftOut', { count: fmtInt(last.leftOut), max: 200 }) : null}
        </p>
      ) : null}
      {err ? (
        <p className="error-summary" role="alert" data-testid="board-input-error" data-kind={err.kind} data-why={err.why}>
          {t(`inputError.${err.kind}.${err.why}` as 'inputError.link.damaged')}
        </p>
      ) : null}
    </section>
  );
}

/** The CSV of the board: one line per entry, the same rows as the tables. */
function csvOf(rows: readonly Row[], bad: readonly BoardBad[], hide: boolean, t: BoardT, tp: (k: string) => string): string {
  const head = [t('csv.exercise'), t('csv.name'), t('col.copies'), t('csv.verdict'), t('csv.mistake'), t('csv.gflops'), t('csv.trusted'), t('csv.size'), t('csv.ofBest'), t('csv.rank'), t('csv.senderGflops'), t('csv.senderAdapter'), t('csv.senderTrusted'), t('csv.refused'), t('csv.link')];
  const lines: (string | number | undefined)[][] = [head];
  for (const r of rows) {
    const s = r.sender?.ok ? r.sender : undefined;
    lines.push([
      `${exerciseNumber(r.entry.ex)}. ${tp(`ex.${r.entry.ex}.title`)}`,
      hide ? t('entryN', { n: r.index + 1 }) : names(r.entry).join('; '),
      r.entry.count,
      r.check ? t(`verdict.${r.check.status === 'pass' ? 'pass' : r.check.failure}`) : t('verdict.unchecked'),
      r.check?.mistake ? mistakeText(t, r.check.mistake) : undefined,
      r.time?.gflops,
      r.time ? (r.time.trusted ? t('csv.yes') : t('csv.no')) : undefined,
      r.time?.size,
      r.time?.place?.ofBest,
      r.rank,
      s?.gflops,
      s?.adapter,
      s ? (s.trusted ? t('csv.yes') : t('csv.no')) : undefined,
      undefined,
      practiceLink(r.entry.ex, r.entry.code),
    ]);
  }
  for (const b of bad) for (let k = 0; k < b.count; k++) lines.push([undefined, undefined, 1, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, t(`refused.${b.why}`), b.text]);
  return toCsv(lines);
}

function ExportPanel({ rows, bad }: { rows: readonly Row[]; bad: readonly BoardBad[] }) {
  const { t } = useTranslation('board');
  const tp = useTranslation('practice').t as unknown as (k: string) => string;
  const hide = useApp((s) => s.boardHideNames);
  const savedAt = useApp((s) => s.boardSavedAt);
  const set = useApp((s) => s.boardSet);
  // The link made for this set (a new set has none until asked).
  const [made, setLink] = useState<{ set: typeof set; url?: string; chars?: number } | undefined>(undefined);
  const link = made?.set === set ? made : undefined;
  const [saved, setSaved] = useState(savedBoardDate);
  return (
    <section className="board-export" aria-labelledby="board-export-h">
      <h3 id="board-export-h">{t('export.heading')}</h3>
      <p className="board-actions">
        <button type="button" data-testid="board-csv" disabled={rows.length + bad.length === 0} onClick={() => downloadBlob(new Blob(['\ufeff', csvOf(rows, bad, hide, t, tp)], { type: 'text/csv;charset=utf-8' }), 'tiles-board.csv')}>
          {t('export.csv')}
        </button>
        <button type="button" data-testid="board-link" disabled={set.items.length === 0} onClick={() => void boardLink(pageBase()).then((r) => setLink(r.ok ? { set, url: r.url } : { set, chars: r.chars }))}>
          {t('export.link')}
        </button>
        <button type="button" data-testid="board-save" disabled={set.items.length === 0} onClick={() => void saveBoard().then(() => setSaved(savedBoardDate()))}>
          {t('export.save')}
        </button>
        <button type="button" data-testid="board-reopen" disabled={!saved} onClick={() => void reopenBoard()}>
          {saved ? t('export.reopen', { date: new Date(saved).toLocaleString() }) : t('export.noSaved')}
        </button>
      </p>
      {savedAt ? (
        <p className="small" role="status" data-testid="board-saved">
          {t('export.saved', { date: new Date(savedAt).toLocaleString() })}
        </p>
      ) : null}
      {link?.url ? (
        <label className="board-link-field">
          {t('export.linkField')}
          <input type="text" readOnly value={link.url} data-testid="board-link-url" onFocus={(e) => e.currentTarget.select()} />
        </label>
      ) : null}
      {link?.chars !== undefined ? (
        <p data-testid="board-link-too-long">
          {t('export.tooLong', { chars: fmtInt(link.chars) })}{' '}
          <button type="button" data-testid="board-file-save" onClick={() => downloadBlob(new Blob([boardFile(pageBase())], { type: 'text/plain;charset=utf-8' }), 'tiles-board.txt')}>
            {t('export.file')}
          </button>
        </p>
      ) : null}
      <p className="small">{t('export.local')}</p>
    </section>
  );
}

/** The projector's layout: per exercise the top entries, and the mistakes, in large type. */
function Classroom({ byEx, mistakes, entries, hide }: { byEx: Map<ExerciseId, Row[]>; mistakes: readonly ClassMistake[]; entries: readonly BoardPractice[]; hide: boolean }) {
  const { t } = useTranslation('board');
  const tp = useTranslation('practice').t as unknown as (k: string) => string;
  return (
    <div className="board-classroom-grid" data-testid="board-classroom-view">
      <Mistakes list={mistakes} entries={entries} limit={5} />
      <section className="board-top" aria-labelledby="board-top-h">
        <h3 id="board-top-h">{t('classroom.top')}</h3>
        <ol className="board-top-list">
          {[...byEx].map(([id, rows]) => {
            const passed = rows.filter((r) => r.check?.status === 'pass');
            const top = [...passed].sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.index - b.index).slice(0, 3);
            return (
              <li key={id} data-testid="board-top" data-exercise={id}>
                <strong>
                  {exerciseNumber(id)}. {tp(`ex.${id}.title`)}
                </strong>{' '}
                <span>{t('classroom.passed', { passed: fmtInt(passed.reduce((n, r) => n + r.entry.count, 0)), of: fmtInt(rows.reduce((n, r) => n + r.entry.count, 0)) })}</span>
                {top.length > 0 ? (
                  <span className="board-top-names">
                    {' — '}
                    {top.map((r, k) => (
                      <span key={r.entry.key}>
                        {k > 0 ? ', ' : ''}
                        {r.rank !== undefined ? `${t('classroom.rank', { rank: r.rank })} ` : ''}
                        <NameCell row={r} hide={hide} />
                        {r.time?.trusted ? ` (${fmtGflops(r.time.gflops)})` : ''}
                      </span>
                    ))}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}

export function BoardView() {
  const { t } = useTranslation('board');
  const set = useApp((s) => s.boardSet);
  const checks = useApp((s) => s.boardChecks);
  const classroom = useApp((s) => s.boardClassroom);
  const hide = useApp((s) => s.boardHideNames);
  const run = useApp((s) => s.boardRun);
  const { rows, byEx } = useRows();
  const entries = useMemo(() => practiceEntries(set), [set]);
  const mistakes = useMemo(() => classMistakes(entries, new Map(Object.entries(checks))), [entries, checks]);
  const bad = set.items.filter((i): i is BoardBad => i.kind === 'bad');
  const benches = set.items.filter((i): i is BoardBench => i.kind === 'bench');
  // A board link (`#b=…`) opens its set, at load and when only the fragment changes.
  useEffect(() => {
    const open = () => {
      const v = boardOfFragment(location.hash);
      if (v !== undefined) void openBoardValue(v);
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
  const softwareHere = useSoftwareAdapter();
  const software = run.software ?? softwareHere;
  if (classroom) {
    // The projector's layout: the whole window, in large type; Esc or the button leaves it.
    return (
      <div
        className="board board-classroom-on"
        data-testid="board-view"
        data-classroom="true"
        data-hide-names={hide}
        role="dialog"
        aria-modal="true"
        aria-labelledby="board-h"
        onKeyDown={(e) => {
          if (e.key === 'Escape') setBoardClassroom(false);
        }}
      >
        <header className="board-classroom-bar">
          <h2 id="board-h">{t('heading')}</h2>
          <label className="board-check">
            <input type="checkbox" data-testid="board-hide-names" checked={hide} onChange={(e) => setBoardHideNames(e.currentTarget.checked)} /> {t('hideNames')}
          </label>
          <button type="button" data-testid="board-classroom" aria-pressed="true" autoFocus onClick={() => setBoardClassroom(false)}>
            {t('classroom.leave')}
          </button>
        </header>
        <Classroom byEx={byEx} mistakes={mistakes} entries={entries} hide={hide} />
        <p className="small">{software ? t('run.notRanked') : t('classroom.note')}</p>
      </div>
    );
  }
  return (
    <div className="board" data-testid="board-view" data-classroom="false" data-hide-names={hide}>
      <section className="panel" aria-labelledby="board-h">
        <h2 id="board-h">{t('heading')}</h2>
        <p className="small">{t('intro')}</p>
        <p className="board-actions">
          <button type="button" data-testid="board-classroom" aria-pressed="false" onClick={() => setBoardClassroom(true)}>
            {t('classroom.enter')}
          </button>
          <label className="board-check">
            <input type="checkbox" data-testid="board-hide-names" checked={hide} onChange={(e) => setBoardHideNames(e.currentTarget.checked)} /> {t('hideNames')}
          </label>
        </p>
        <div className="board-top-panels">
          <InputPanel />
          <RunPanel />
        </div>
      </section>
      <section className="panel" aria-labelledby="board-results-h">
        <h2 id="board-results-h">{t('results.heading')}</h2>
        {entries.length === 0 && bad.length === 0 && benches.length === 0 ? <p data-testid="board-empty">{t('results.empty')}</p> : null}
        {software && entries.length > 0 ? <p className="board-note small">{t('run.notRanked')}</p> : null}
        <Mistakes list={mistakes} entries={entries} />
        {[...byEx].map(([id, r]) => (
          <ExerciseTable key={id} id={id} rows={r} hide={hide} />
        ))}
        <Benches items={benches} />
        <Refused items={bad} />
        {set.leftOut > 0 ? <p className="error-summary">{t('input.leftOut', { count: fmtInt(set.leftOut), max: 200 })}</p> : null}
        <ExportPanel rows={rows} bad={bad} />
      </section>
    </div>
  );
}
