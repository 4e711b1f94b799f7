/**
 * The lesson's core moments beside the phase stepper (issue #23): the multiply step written out
 * term by term (row of As × column of Bs, with the trace's values), the WGSL file that ran with the
 * current step's lines highlighted, and the phase table of the selected workgroup (PMPP Fig. 4.19).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBox } from './useBox';
import { tiledSourceFile } from '../../core/kernels';
import { kernelLines } from '../../core/kernelSteps';
import { fitValue, fullValue } from '../../core/notation';
import type { TileWidth } from '../../core/shape';
import { kOutside, kStepNames, macTerms, phaseTable, tableRows, type TableLoad } from '../../core/trace';
import { useApp } from '../../state/store';
import { localizeKernelComments } from '../../i18n/codeComments';
import type { Language } from '../../core/languages';
import { setLane } from '../../state/viz';
import { longestLoadChars, tableColumns } from '../../core/tileLabels';
import { columnsPerBlock, macFormula, minusSign, shownBlock, termBlocks } from '../../core/macTerms';

/** Characters a term's factor is printed in (the full value is in its title). */
const kTermChars = 6;
/** Width of a k column and of the row labels, in em (kTermChars digits of a tabular font, padding). */
const kColEm = 4.3;
const kLabelEm = 4.6;
/** The paging arrows and the kernel's loop index (notation, not words). */
const kPrevBlock = '◀';
const kNextBlock = '▶';
// i18n-exempt: the kernel's loop index
const kIndexK = 'k';
/** The sum over k, written as the kernel's notation. */
// i18n-exempt: notation
const sigma = (ly: number, lx: number, short: boolean) => (short ? 'Σk' : `Σk As[${ly}][k]·Bs[k][${lx}]`);

/**
 * The multiply step of the focused lane: `C[r][c] += As[ly][0]·Bs[0][lx] + … `, then its terms as
 * strips beside one another (issue #34): a column per k with As[ly][k] (the lane's row of As),
 * Bs[k][lx] (its column of Bs) and the running sum after that term, the GPU's sum after the phase
 * above them. Nothing scrolls inside it and no control covers a term: the columns come in blocks of
 * k that fit the width; the page shows every block, the presentation (`paged`) one at a time with
 * ◀ ▶ beside the lane pick. `upTo` (term by term) marks term k and the sum there; undefined: all.
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
  /** The presentation's lane pick, in the head (the symbolic formula is left out there: the strips name it). */
  pick?: ReactNode;
}) {
  const { t } = useTranslation('viz');
  const terms = useMemo(() => macTerms(As, Bs, tile, lane.ly, lane.lx, before), [As, Bs, tile, lane.ly, lane.lx, before]);
  const { ly, lx } = lane;
  const k = upTo === undefined ? tile - 1 : Math.min(upTo, tile - 1);
  const sym = (j: number) => `As[${ly}][${j}]·Bs[${j}][${lx}]`;
  const formula = macFormula(tile, ly, lx);
  const shownSum = upTo === undefined ? after : terms[k]!.sum;
  const paged = Boolean(pick);
  const ref = useRef<HTMLDivElement>(null);
  const box = useBox(ref);
  // Blocks halved once more while a laid-out block still overflows the box (fonts differ), for this
  // width, font and tile only.
  const fitKey = `${box.width}|${box.font}|${tile}`;
  const [halvedOf, setHalved] = useState({ key: '', n: 0 });
  const halved = halvedOf.key === fitKey ? halvedOf.n : 0;
  // The strips are printed at 0.9 em on the page; in the presentation at 0.8 em, never under 18 px (classroom.css).
  const stripFont = paged ? Math.max(18, 0.8 * box.font) : 0.9 * box.font;
  const per = Math.max(1, columnsPerBlock(box.width, stripFont, kLabelEm, kColEm, tile) >> halved);
  const blocks = termBlocks(tile, per);
  // The presentation's block of k, for this lane and tile only.
  const pageKey = `${tile}|${ly}|${lx}`;
  const [pageOf, setPage] = useState({ key: '', n: 0 });
  const page = shownBlock(upTo, pageOf.key === pageKey ? pageOf.n : 0, per, blocks.length);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || per === 1) return;
    const cs = getComputedStyle(el);
    const right = el.getBoundingClientRect().right - parseFloat(cs.paddingRight) - parseFloat(cs.borderRightWidth);
    const over = Array.from(el.querySelectorAll('.mac-strips')).some((tb) => tb.getBoundingClientRect().right > right + 0.5);
    if (over) setHalved((h) => ({ key: fitKey, n: (h.key === fitKey ? h.n : 0) + 1 }));
  }, [fitKey, per, page]);
  const shown = paged ? [blocks[page]!] : blocks;
  const cName = c ?? t('lesson.macNoC');
  const term = (j: number) => `${upTo !== undefined && j === k ? ' current' : ''}${upTo !== undefined && j > k ? ' later' : ''}`;
  return (
    <div
      className={`mac-terms${paged ? ' paged' : ''}`}
      ref={ref}
      data-testid="mac-terms"
      data-terms={terms.length}
      data-active={active ? 'true' : 'false'}
      data-sum={String(after)}
      data-blocks={blocks.length}
      data-per-block={per}
      aria-live="polite"
    >
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
              {cName} += {formula}
            </code>
          </p>
        </>
      )}
      <p className="mac-values">
        <code>{cName} = </code>
        <span className="mac-before" title={fullValue(before)}>
          {minusSign(fullValue(before))}
        </span>
        {' + '}
        <code>{sigma(ly, lx, paged)}</code>
        {' = '}
        <strong data-testid="mac-sum" title={fullValue(shownSum)}>
          {minusSign(fullValue(shownSum))}
        </strong>
        {upTo !== undefined && !paged && <span className="small"> {t('lesson.termsUpTo', { k: k + 1, n: tile })}</span>}
        {paged && blocks.length > 1 && (
          <span className="mac-pages">
            {' · '}
            <button type="button" data-testid="mac-page-prev" disabled={upTo !== undefined || page === 0} onClick={() => setPage({ key: pageKey, n: page - 1 })} aria-label={t('lesson.termsPrevLabel')}>
              {kPrevBlock}
            </button>{' '}
            <span data-testid="mac-page">{t('lesson.termsBlock', { k0: blocks[page]![0], k1: blocks[page]![1] - 1, n: tile })}</span>{' '}
            <button type="button" data-testid="mac-page-next" disabled={upTo !== undefined || page >= blocks.length - 1} onClick={() => setPage({ key: pageKey, n: page + 1 })} aria-label={t('lesson.termsNextLabel')}>
              {kNextBlock}
            </button>
          </span>
        )}
      </p>
      {shown.map(([k0, k1]) => (
        // A fixed layout of fixed columns: a block's width does not depend on its values (none moves between steps or blocks).
        // i18n-exempt: a CSS width
        <table key={k0} className="mac-strips" data-testid="mac-strips" style={{ width: `${kLabelEm + (k1 - k0) * kColEm}em` }}>
          <tbody>
            {/* The presentation leaves out the row of k (its block's range is beside the sum): the column holds its height. */}
            {!paged && (
              <tr className="mac-k">
                <th scope="row">{kIndexK}</th>
                {range(k0, k1).map((j) => (
                  <td key={j} className="mac-col">
                    {j}
                  </td>
                ))}
              </tr>
            )}
            <tr>
              <th scope="row" title={t('lesson.stripRowTitle', { ly })}>
                {`As[${ly}][k]`}
              </th>
              {range(k0, k1).map((j) => (
                <td key={j} className={`mac-strip hl hl-row${term(j)}`} data-testid={`strip-a-${j}`} data-highlight="row" title={`As[${ly}][${j}] = ${fullValue(terms[j]!.a)}`}>
                  {minusSign(fitValue(terms[j]!.a, kTermChars))}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" title={t('lesson.stripColTitle', { lx })}>
                {`Bs[k][${lx}]`}
              </th>
              {range(k0, k1).map((j) => (
                <td key={j} className={`mac-strip hl hl-col${term(j)}`} data-testid={`strip-b-${j}`} data-highlight="col" title={`Bs[${j}][${lx}] = ${fullValue(terms[j]!.b)}`}>
                  {minusSign(fitValue(terms[j]!.b, kTermChars))}
                </td>
              ))}
            </tr>
            <tr className="mac-run">
              <th scope="row" title={t('lesson.stripSumTitle')}>
                {t('lesson.stripSum')}
              </th>
              {range(k0, k1).map((j) => (
                <td
                  key={j}
                  className={`mac-term${term(j)}`}
                  data-testid={`mac-term-${j}`}
                  data-a={String(terms[j]!.a)}
                  data-b={String(terms[j]!.b)}
                  data-sum={String(terms[j]!.sum)}
                  title={`${sym(j)} = ${fullValue(terms[j]!.a)} · ${fullValue(terms[j]!.b)} → ${fullValue(terms[j]!.sum)}`}
                >
                  {minusSign(fitValue(terms[j]!.sum, kTermChars))}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      ))}
    </div>
  );
}

const range = (a: number, b: number): number[] => Array.from({ length: b - a }, (_, i) => a + i);

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
  // The steps are found in the file as it is; its lines are shown with the comments in the page's
  // language, line for line (issue #34, as practice does).
  const { i18n } = useTranslation();
  const shownLines = useMemo(() => localizeKernelComments(tiledSourceFile(tile).source, i18n.language as Language).split('\n'), [tile, i18n.language]);
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
                {shownLines[i] ?? k.lines[i]}
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
const kTablePhases = 8;

/**
 * The phase table of the selected workgroup, as PMPP Fig. 4.19 draws it: threads × phases, the A
 * and B element each loads, 0 where out of range (marked). Up to tile 4 every thread; beyond, the
 * selected lane's row of the block (its tile threads, never one thread alone nor a wall of
 * tile² rows); at most kTablePhases phases around the current one.
 */
export function PhaseTable({ ph, lane, compact }: { ph: number; lane: { ly: number; lx: number }; compact?: boolean }) {
  const { t } = useTranslation('viz');
  const trace = useApp((s) => s.trace);
  const selected = useApp((s) => s.selected);
  const table = useMemo(
    () => (trace ? phaseTable(trace.trace, trace.config.shape, trace.config.tile, trace.rowsPerInvocation, selected.tx, selected.ty, trace.bounds) : []),
    [trace, selected],
  );
  const figRef = useRef<HTMLElement>(null);
  const box = useBox(figRef);
  // The estimate starts on the narrow side (0.5 em a glyph); a table still wider than its box after
  // layout drops a phase column until it fits (measured, so no column is ever cut).
  const [shrink, setShrink] = useState({ key: '', n: 0 });
  useLayoutEffect(() => {
    const el = figRef.current;
    if (!el || Number(el.dataset.phases) <= 1 || el.scrollWidth <= el.clientWidth + 1) return;
    setShrink({ key: el.dataset.fitKey ?? '', n: Number(el.dataset.less ?? 0) + 1 });
  }, [shrink, box.width, box.font, trace, selected, ph, compact]);
  if (!trace || table.length === 0) return null;
  const { tile } = trace.config;
  const phases = table[0]!.phases.length;
  const zoom = tile > 4;
  // As many phases as the box holds (issue #45: at 1366×768 the presentation cut the last column),
  // from the longest load it prints ("A[47][31]", "0 A[3][2]" outside) and thread label ("(15, 15)"), up to kTablePhases.
  const loadChars = longestLoadChars(table);
  const fitKey = `${box.width}|${box.font}|${tile}|${phases}|${loadChars}|${compact ? 1 : 0}`;
  const less = shrink.key === fitKey ? shrink.n : 0;
  const fit = Math.max(1, tableColumns(box.width, box.font, loadChars, `(${tile - 1}, ${tile - 1})`.length, zoom, kTablePhases, compact ? 0.6 * box.font + 2 : 18, 0.5) - less);
  const p0 = Math.max(0, Math.min(ph - Math.floor(fit / 2), phases - fit));
  const p1 = Math.min(phases, p0 + fit);
  const cols = Array.from({ length: p1 - p0 }, (_, i) => p0 + i);
  const rows = tableRows(table, tile, lane);
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
    <figure
      ref={figRef}
      data-fit-key={fitKey}
      data-less={less}
      className={`phase-table${compact ? ' compact' : ''}${zoom ? ' rows' : ''}`}
      data-testid="phase-table"
      data-zoom={zoom ? 'row' : 'all'}
      data-threads={rows.length}
      data-phases={cols.length}
      data-wg={`${selected.tx},${selected.ty}`}
    >
      <figcaption>
        {t(compact ? 'lesson.tableHeadingShort' : 'lesson.tableHeading', { wg: `(${selected.tx}, ${selected.ty})` })}
        {zoom && <span className="small"> {compact ? t('lesson.tableZoomShort', { n: tile * tile, tile, ly: lane.ly }) : t('lesson.tableZoom', { tile, n: tile * tile, ly: lane.ly, lx: lane.lx })}</span>}
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
