/**
 * The lesson's core moments beside the phase stepper (issue #23): the multiply step written out
 * term by term (row of As × column of Bs, with the trace's values), the WGSL file that ran with the
 * current step's lines highlighted, and the phase table of the selected workgroup (PMPP Fig. 4.19).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tiledSourceFile } from '../core/kernels';
import { kernelLines } from '../core/kernelSteps';
import { fitValue, fullValue } from '../core/notation';
import type { TileWidth } from '../core/shape';
import { kOutside, kStepNames, macTerms, phaseTable, type TableLoad } from '../core/trace';
import { useApp } from '../state/store';
import { setLane } from '../state/viz';
import { afterNextPaint } from './afterPaint';

/** Lines the values of a tile's terms are given (a fixed box: nothing moves from step to step). */
const kMacLines: Record<number, number> = { 2: 1, 4: 2, 8: 2, 16: 3, 32: 5 };

/** Printed with the minus sign (U+2212), which reads at projector distance where a hyphen does not. */
const minus = (v: string): string => v.replace(/-/g, '\u2212');
/** A negative factor in parentheses, with the minus sign: 8·(−6), not 8·-6. */
const paren = (v: string): string => (v.startsWith('-') ? `(${minus(v)})` : minus(v));

/** Characters a term's value is printed in (the full value is in its title). */
const kTermChars = 7;

/**
 * The multiply step of the focused lane: `C[r][c] += As[ly][0]·Bs[0][lx] + … = sum`, then the same
 * with the values staged in this phase and the GPU's sum after it. `upTo` (classroom, term by term)
 * shows the terms up to k and the running sum there; undefined shows them all.
 */
export function MacTerms({
  As,
  Bs,
  tile,
  lane,
  c,
  before,
  after,
  active,
  upTo,
  onTerm,
  pick,
}: {
  As: readonly number[];
  Bs: readonly number[];
  tile: number;
  lane: { ly: number; lx: number };
  /** The lane's C element ("C[2][2]"), or undefined when it has none. */
  c: string | undefined;
  before: number;
  after: number;
  /** At the multiply step. */
  active: boolean;
  upTo?: number;
  onTerm?: (k: number | undefined) => void;
  /** The presentation's lane pick, in the head (the symbolic formula is left out there: the grids mark it). */
  pick?: ReactNode;
}) {
  const { t } = useTranslation('viz');
  const terms = useMemo(() => macTerms(As, Bs, tile, lane.ly, lane.lx, before), [As, Bs, tile, lane.ly, lane.lx, before]);
  const { ly, lx } = lane;
  const k = upTo === undefined ? tile - 1 : Math.min(upTo, tile - 1);
  // The formula, every term where the tile is narrow, else the first two and the last.
  const sym = (j: number) => `As[${ly}][${j}]·Bs[${j}][${lx}]`;
  const formula = tile <= 4 ? Array.from({ length: tile }, (_, j) => sym(j)).join(' + ') : `${sym(0)} + ${sym(1)} + … + ${sym(tile - 1)}`;
  const shownSum = upTo === undefined ? after : terms[k]!.sum;
  const valuesRef = useRef<HTMLParagraphElement>(null);
  // Terms below the box's visible lines (it scrolls): counted once laid out, and again on scroll.
  const [hidden, setHidden] = useState(0);
  const countHidden = () => {
    const box = valuesRef.current;
    if (!box) return;
    const bottom = box.getBoundingClientRect().bottom;
    const n = Array.from(box.querySelectorAll<HTMLElement>('.mac-term')).filter((el) => el.getBoundingClientRect().top >= bottom - 2).length;
    setHidden(n);
  };
  // Term by term, the current term is scrolled into the box (the box only: the page stays).
  useEffect(
    () =>
      afterNextPaint(() => {
        const box = valuesRef.current;
        if (!box) return;
        const cur = box.querySelector<HTMLElement>('.mac-term.current');
        if (!cur) box.scrollTop = 0; // all terms: from the sum on
        else {
          // Whole lines only: the current term's line is kept above the last one (where the count of
          // terms below sits), or is the first one shown, going back.
          const line = parseFloat(getComputedStyle(box).lineHeight) || cur.offsetHeight;
          const r = cur.getBoundingClientRect();
          const b = box.getBoundingClientRect();
          const top = r.top - b.top + box.scrollTop;
          const bottom = r.bottom - b.top + box.scrollTop;
          const room = box.clientHeight > 1.5 * line ? line : 0;
          if (bottom + room > box.scrollTop + box.clientHeight + 1) box.scrollTop = Math.min(box.scrollHeight - box.clientHeight, Math.ceil((bottom + room - box.clientHeight) / line - 0.01) * line);
          else if (top < box.scrollTop - 1) box.scrollTop = Math.floor(top / line + 0.01) * line;
        }
        countHidden();
      }),
    [upTo, terms, tile],
  );
  return (
    <div className="mac-terms" style={{ ['--mac-lines' as string]: kMacLines[tile] ?? 3 }} data-testid="mac-terms" data-terms={terms.length} data-active={active ? 'true' : 'false'} data-sum={String(after)} aria-live="polite">
      {pick ? (
        <p className="mac-head">
          {pick}
          {onTerm && (
            <span className="mac-step">
              {' · '}
              <button type="button" data-testid="mac-prev" disabled={!active || upTo === undefined || upTo === 0} onClick={() => onTerm(upTo === undefined ? undefined : upTo - 1)}>
                {t('lesson.termPrev')}
              </button>{' '}
              <button type="button" data-testid="mac-next" disabled={!active} onClick={() => onTerm(upTo === undefined ? 0 : upTo + 1 >= tile ? undefined : upTo + 1)}>
                {upTo !== undefined && upTo + 1 >= tile ? t('lesson.termAll') : t('lesson.termNext')}
              </button>{' '}
              <span data-testid="mac-term-at">{upTo === undefined ? t('lesson.termsAll', { n: tile }) : t('lesson.termAt', { k: k + 1, n: tile })}</span>
            </span>
          )}
        </p>
      ) : (
        <>
          <p className="mac-head">
            <strong>{t('lesson.macHeading', { ly, lx })}</strong>{' '}
            <span className="mac-later" style={{ visibility: active ? 'hidden' : 'visible' }}>
              {t('lesson.macLater')}
            </span>
          </p>
          <p className="mac-formula">
            <code>
              {c ?? t('lesson.macNoC')} += {formula}
            </code>
          </p>
        </>
      )}
      <div className="mac-values-wrap">
        <p className="mac-values" ref={valuesRef} onScroll={countHidden}>
          {/* The sum first, so a long tile's terms never hide it. */}
          <code>{c ?? t('lesson.macNoC')} = </code>
          <strong data-testid="mac-sum" title={fullValue(shownSum)}>
            {minus(fullValue(shownSum))}
          </strong>
          {' = '}
          <span className="mac-before" title={fullValue(before)}>
            {minus(fitValue(before, kTermChars))}
          </span>
          {terms.map((term) => (
            <span
              key={term.k}
              data-testid={`mac-term-${term.k}`}
              data-a={String(term.a)}
              data-b={String(term.b)}
              className={`mac-term${upTo !== undefined && term.k === k ? ' current' : ''}${upTo !== undefined && term.k > k ? ' later' : ''}`}
              title={`${sym(term.k)} = ${fullValue(term.a)} · ${fullValue(term.b)} → ${fullValue(term.sum)}`}
            >
              {' + '}
              {paren(fitValue(term.a, kTermChars))}·{paren(fitValue(term.b, kTermChars))}
            </span>
          ))}
        </p>
        {/* The box keeps its height from step to step; what it cannot show is said, not silently cut. */}
        <span className="mac-more" data-testid="mac-more" hidden={hidden === 0} aria-hidden="true">
          {t('lesson.macMore', { count: hidden, n: hidden })}
        </span>
      </div>
    </div>
  );
}

/**
 * The WGSL file that ran (tiled<T>.wgsl) with the lines of the current step highlighted; with the
 * boundary tests off, the load tests that were dropped are struck through. `compact` (classroom)
 * prints only the current step's lines, a long run shortened.
 */
export function KernelSteps({ tile, sub, last, compact }: { tile: TileWidth; sub: number; last: boolean; compact?: boolean }) {
  const { t } = useTranslation('viz');
  const bounds = useApp((s) => s.trace?.bounds ?? true);
  const simulated = useApp((s) => s.trace?.source === 'cpu');
  const { file } = tiledSourceFile(tile);
  const k = useMemo(() => kernelLines(tiledSourceFile(tile).source), [tile]);
  const current = kStepNames[sub]!;
  // After the last phase's second barrier the store follows: shown with it.
  const lit = new Set([...k.steps[current], ...(last && current === 'barrier2' ? k.steps.store : [])]);
  const lost = new Set(bounds ? [] : k.loadTests);
  const pre = useRef<HTMLPreElement>(null);
  // Keep the highlighted lines in view inside the listing (never scrolls the page).
  useEffect(() => {
    const el = pre.current;
    const first = el?.querySelector<HTMLElement>('.src-line.current');
    if (!el || !first || compact) return;
    const top = first.offsetTop - el.offsetTop;
    if (top < el.scrollTop || top > el.scrollTop + el.clientHeight - 2 * first.offsetHeight) el.scrollTop = Math.max(0, top - el.clientHeight / 3);
  }, [current, compact, tile]);
  let shown = k.lines.map((_, i) => i);
  if (compact) {
    const ix = [...lit].sort((a, b) => a - b);
    shown = ix.length > 5 ? [...ix.slice(0, 2), -1, ...ix.slice(-2)] : ix;
  }
  return (
    <figure className={`kernel-steps${compact ? ' compact' : ''}`}>
      <figcaption>
        {compact ? (
          t('lesson.kernelHeadingShort', { file })
        ) : (
          <>
            {t(simulated ? 'lesson.kernelHeadingCpu' : 'lesson.kernelHeading', { file })} · <span className="kernel-step-name">{t(`steps.${current}`)}</span>
          </>
        )}
      </figcaption>
      <pre ref={pre} className="source kernel-source" data-testid="kernel-source" data-file={file} data-current={current} data-bounds={bounds ? 'on' : 'off'} tabIndex={0} aria-label={t('lesson.kernelAria', { file })}>
        <code>
          {shown.map((i, n) =>
            i < 0 ? (
              <span key={`gap${n}`} className="src-line gap">
                {t('lesson.kernelMore', { n: lit.size - 4 })}
                {'\n'}
              </span>
            ) : (
              <span key={i} className={`src-line${lit.has(i) ? ' current' : ''}${lost.has(i) ? ' lost' : ''}`} data-line={i + 1} data-lost={lost.has(i) ? 'true' : undefined}>
                <span className="src-no" aria-hidden="true">
                  {String(i + 1).padStart(3, ' ')}{' '}
                </span>
                {k.lines[i]}
                {'\n'}
              </span>
            ),
          )}
        </code>
      </pre>
      {!bounds && <p className="small kernel-lost-note">{t('lesson.kernelLost')}</p>}
    </figure>
  );
}

/** Phases the table shows at once, around the current one. */
const kTablePhases = 6;

/**
 * The phase table of the selected workgroup, as PMPP Fig. 4.19 draws it: threads × phases, the A
 * and B element each loads, 0 where out of range (marked). Up to tile 4 every thread; beyond, the
 * selected lane's thread only (never a wall of cells); at most kTablePhases phases around the
 * current one.
 */
export function PhaseTable({ ph, lane, compact }: { ph: number; lane: { ly: number; lx: number }; compact?: boolean }) {
  const { t } = useTranslation('viz');
  const trace = useApp((s) => s.trace);
  const selected = useApp((s) => s.selected);
  const table = useMemo(
    () => (trace ? phaseTable(trace.trace, trace.config.shape, trace.config.tile, trace.rowsPerInvocation, selected.tx, selected.ty, trace.bounds) : []),
    [trace, selected],
  );
  if (!trace || table.length === 0) return null;
  const { tile } = trace.config;
  const phases = table[0]!.phases.length;
  const p0 = Math.max(0, Math.min(ph - Math.floor(kTablePhases / 2), phases - kTablePhases));
  const p1 = Math.min(phases, p0 + kTablePhases);
  const cols = Array.from({ length: p1 - p0 }, (_, i) => p0 + i);
  const zoom = tile > 4;
  const rows = zoom ? table.filter((r) => r.ly === lane.ly && r.lx === lane.lx) : table;
  const cell = (which: 'A' | 'B', l: TableLoad) => {
    const name = `${which}[${l.row}][${l.col}]`;
    if (l.index === kOutside) {
      return (
        <span className="pt-load oob" data-oob="true" title={t('lesson.tableOutTitle', { name })}>
          0 <s>{name}</s>
        </span>
      );
    }
    return (
      <span className={`pt-load${l.inside ? '' : ' wrapped'}`} data-oob={l.inside ? 'false' : 'true'}>
        {name}
      </span>
    );
  };
  return (
    <figure className={`phase-table${compact ? ' compact' : ''}`} data-testid="phase-table" data-zoom={zoom ? 'thread' : 'all'} data-wg={`${selected.tx},${selected.ty}`}>
      <figcaption>
        {t(compact ? 'lesson.tableHeadingShort' : 'lesson.tableHeading', { wg: `(${selected.tx}, ${selected.ty})` })}
        {zoom && <span className="small"> {compact ? t('lesson.tableZoomShort', { n: tile * tile, ly: lane.ly, lx: lane.lx }) : t('lesson.tableZoom', { tile, n: tile * tile, ly: lane.ly, lx: lane.lx })}</span>}
        {phases > cols.length && <span className="small"> {t('lesson.tableWindow', { p0: p0 + 1, p1, phases })}</span>}
      </figcaption>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('lesson.tableThread')}</th>
            {cols.map((p) => (
              <th key={p} scope="col" className={p === ph ? 'current' : undefined} data-current={p === ph ? 'true' : undefined}>
                {t('lesson.tablePhase', { n: p })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.ly}-${r.lx}`} className={r.ly === lane.ly && r.lx === lane.lx ? 'current' : undefined} onClick={() => setLane(r.ly, r.lx)}>
              <th scope="row">
                ({r.ly}, {r.lx})
              </th>
              {cols.map((p) => {
                const c = r.phases[p]!;
                return (
                  <td
                    key={p}
                    data-testid={`pt-${r.ly}-${r.lx}-${p}`}
                    data-a={c.a.index === kOutside ? '0' : `A[${c.a.row}][${c.a.col}]`}
                    data-b={c.b.index === kOutside ? '0' : `B[${c.b.row}][${c.b.col}]`}
                    className={p === ph ? 'current' : undefined}
                  >
                    {cell('A', c.a)}
                    {cell('B', c.b)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {!compact && <p className="small pt-legend">{t('lesson.tableLegend')}</p>}
    </figure>
  );
}
