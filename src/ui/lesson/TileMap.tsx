import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { mapFileName, mapSvg, type MapFigure } from './figureSvg';
import { notationOf, tileCoordinates, type Notation } from '../../core/notation';
import { tileGrid } from '../../core/tiling';
import { kGarbage, phaseExtent, stepLabel, tileExtent, tileRecord, tileRecordDisagreements } from '../../core/trace';
import { language, say } from '../../i18n';
import { useApp } from '../../state/store';
import type { TraceView } from '../../state/vizState';
import { selectTile } from '../../state/viz';
import { FigureExport } from './FigureExport';
import { fmtInt } from '../common/format';
import { afterNextPaint } from './afterPaint';
import './classroom.css';

/** Which figure the map's export buttons save (their test ids: export-map-svg, export-map-png). */
const kExportWhat = 'map';

/** At most this many tiles per side are drawn; larger grids show a window around the selection. */
const kWindow = 12;

function windowAround(center: number, count: number): [number, number] {
  if (count <= kWindow) return [0, count];
  const start = Math.max(0, Math.min(count - kWindow, center - Math.floor(kWindow / 2)));
  return [start, start + kWindow];
}

const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

/** The record of the last traced run, checked against the tiling math, and the wrong elements per tile. */
export function useTileMapView(trace: TraceView | undefined) {
  return useMemo(() => {
    if (!trace) return undefined;
    const { shape, tile } = trace.config;
    const g = tileGrid(shape, tile);
    const disagreements = tileRecordDisagreements(trace.tiles, shape, tile);
    const wrongPerTile = new Uint32Array(g.tilesX * g.tilesY);
    if (trace.wrong) {
      for (let i = 0; i < shape.m; i++) {
        for (let j = 0; j < shape.n; j++) {
          if (trace.wrong[i * shape.n + j]) wrongPerTile[Math.floor(i / tile) * g.tilesX + Math.floor(j / tile)]!++;
        }
      }
    }
    return { g, disagreements, wrongPerTile, notation: notationOf(shape, tile) };
  }, [trace]);
}

/** The windows of C rows, C columns and phases the figure draws, around the selection and phase. */
export function figureWindow(trace: TraceView, selected: { ty: number; tx: number }, step: number) {
  const g = tileGrid(trace.config.shape, trace.config.tile);
  const phase = Math.floor(step / 4);
  return { rows: windowAround(selected.ty, g.tilesY), cols: windowAround(selected.tx, g.tilesX), phases: windowAround(phase, g.phases), windowed: g.tilesX > kWindow || g.tilesY > kWindow || g.phases > kWindow };
}

/** The figure's extent in full tiles (partial edge tiles count by their share), across and down. */
export function figureExtent(trace: TraceView, selected: { ty: number; tx: number }, step: number): { across: number; down: number } {
  const { shape, tile } = trace.config;
  const w = figureWindow(trace, selected, step);
  const cols = range(w.cols[0], w.cols[1]).reduce((a, tx) => a + tileExtent(shape, tile, 0, tx).cols / tile, 0);
  const rows = range(w.rows[0], w.rows[1]).reduce((a, ty) => a + tileExtent(shape, tile, ty, 0).rows / tile, 0);
  const phases = range(w.phases[0], w.phases[1]).reduce((a, p) => a + phaseExtent(shape, tile, p) / tile, 0);
  return { across: cols + phases, down: rows + phases };
}

/**
 * The map as the export draws it (ui/lesson/figureSvg): the same record, window and notation as the
 * figure on screen, with the formula and the phase label.
 */
export function mapFigure(trace: TraceView, wrongPerTile: Uint32Array, notation: Notation, selected: { ty: number; tx: number }, step: number): MapFigure {
  const { shape, tile } = trace.config;
  const g = tileGrid(shape, tile);
  const w = figureWindow(trace, selected, step);
  return {
    shape,
    tile,
    tilesX: g.tilesX,
    phases: g.phases,
    tiles: trace.tiles,
    wrongPerTile,
    selected,
    phase: Math.floor(step / 4),
    rows: w.rows,
    cols: w.cols,
    phaseWindow: w.phases,
    name: notation.name,
    formula: say(notation.formula(selected.ty, selected.tx)),
    phaseLabel: say(stepLabel(step, g.phases)),
    source: trace.source,
    bounds: trace.bounds,
  };
}

/** Whether a label of `chars` characters fits a box at a font size (a conservative glyph width). */
const fits = (chars: number, lines: number, w: number, h: number, font: number) => chars * 0.7 * font + 8 <= w && lines * 1.25 * font + 6 <= h;

/**
 * The figure: B tiles above, A tiles on the left, C tiles below B, at `cell` pixels a full tile.
 * Labels are drawn only where they fit at `font` pixels; every tile keeps its name in its title.
 */
export function TileFigure({ trace, wrongPerTile, notation, cell, font, minFont = font }: { trace: TraceView; wrongPerTile: Uint32Array; notation: Notation; cell: number; font: number; minFont?: number }) {
  const selected = useApp((s) => s.selected);
  const step = useApp((s) => s.step);
  const { t } = useTranslation('viz');
  const { shape, tile } = trace.config;
  const g = tileGrid(shape, tile);
  const phase = Math.floor(step / 4);
  const w = figureWindow(trace, selected, step);
  const [r0, r1] = w.rows;
  const [c0, c1] = w.cols;
  const [p0, p1] = w.phases;
  const colW = (tx: number) => (tileExtent(shape, tile, 0, tx).cols / tile) * cell;
  const rowH = (ty: number) => (tileExtent(shape, tile, ty, 0).rows / tile) * cell;
  const kW = (p: number) => (phaseExtent(shape, tile, p) / tile) * cell;
  const rec = (ty: number, tx: number) => tileRecord(trace.tiles, g.tilesX, ty, tx);

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Home') {
      e.preventDefault();
      selectTile(0, 0);
    } else if (e.key === 'End') {
      e.preventDefault();
      selectTile(g.tilesY - 1, g.tilesX - 1);
    }
  };
  // A name in a narrow (partial) tile is set smaller, down to minFont, before it is left out.
  const label = (text: string, wPx: number, hPx: number) => {
    const size = Math.min(font, (wPx - 8) / (text.length * 0.7), (hPx - 6) / 1.25);
    if (size < minFont) return '';
    return size < font ? <span style={{ fontSize: `${Math.floor(size)}px` }}>{text}</span> : text;
  };

  // A figure wider (or taller) than its box scrolls inside it: the selected C tile is kept in view
  // there (at 176³ its 11 columns overflow, and the tile the formula names sat out of sight). The
  // figure scrolls, never the page.
  const figRef = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      afterNextPaint(() => {
        const fig = figRef.current;
        const cellEl = fig?.querySelector<HTMLElement>('.tile.c.selected');
        if (!fig || !cellEl || (fig.scrollWidth <= fig.clientWidth && fig.scrollHeight <= fig.clientHeight)) return;
        const f = fig.getBoundingClientRect();
        const c = cellEl.getBoundingClientRect();
        if (c.left < f.left) fig.scrollLeft -= f.left - c.left + 8;
        else if (c.right > f.right) fig.scrollLeft += c.right - f.right + 8;
        if (c.top < f.top) fig.scrollTop -= f.top - c.top + 8;
        else if (c.bottom > f.bottom) fig.scrollTop += c.bottom - f.bottom + 8;
      }),
    [selected.ty, selected.tx, cell, trace],
  );

  return (
    // i18n-exempt: CSS grid columns
    <div className="matmul-figure" ref={figRef} style={{ gridTemplateColumns: `auto auto`, ['--tile-font' as string]: `${font}px` }}>
      <div />
      <div className="bgrid" aria-label={t('map.bCells')} style={{ gridTemplateColumns: range(c0, c1).map((tx) => `${colW(tx)}px`).join(' '), gridTemplateRows: range(p0, p1).map((p) => `${kW(p)}px`).join(' ') }}>
        {range(p0, p1).map((p) =>
          range(c0, c1).map((tx) => (
            <div key={`${p}-${tx}`} className={`tile b${tx === selected.tx ? ' band' : ''}${tx === selected.tx && p === phase ? ' current' : ''}`} title={notation.name('B', p + 1, tx + 1)}>
              {label(notation.name('B', p + 1, tx + 1), colW(tx), kW(p))}
            </div>
          )),
        )}
      </div>
      <div className="agrid" aria-label={t('map.aCells')} style={{ gridTemplateColumns: range(p0, p1).map((p) => `${kW(p)}px`).join(' '), gridTemplateRows: range(r0, r1).map((ty) => `${rowH(ty)}px`).join(' ') }}>
        {range(r0, r1).map((ty) =>
          range(p0, p1).map((p) => (
            <div key={`${ty}-${p}`} className={`tile a${ty === selected.ty ? ' band' : ''}${ty === selected.ty && p === phase ? ' current' : ''}`} title={notation.name('A', ty + 1, p + 1)}>
              {label(notation.name('A', ty + 1, p + 1), kW(p), rowH(ty))}
            </div>
          )),
        )}
      </div>
      <div
        className="cgrid"
        role="grid"
        aria-label={t('map.cCells')}
        tabIndex={0}
        onKeyDown={onKey}
        style={{ gridTemplateColumns: range(c0, c1).map((tx) => `${colW(tx)}px`).join(' '), gridTemplateRows: range(r0, r1).map((ty) => `${rowH(ty)}px`).join(' ') }}
      >
        {range(r0, r1).map((ty) => (
          <div key={ty} role="row" style={{ display: 'contents' }}>
            {range(c0, c1).map((tx) => {
              const r = rec(ty, tx);
              const wrong = wrongPerTile[ty * g.tilesX + tx]!;
              const isSel = ty === selected.ty && tx === selected.tx;
              const wg = `(${r.x},${r.y})`;
              const mark = `✗${wrong}`;
              const lines = wrong > 0 ? 2 : 1;
              // The workgroup label (and the wrong count) set smaller in a narrow edge tile, down to minFont.
              const size = Math.min(font, (colW(tx) - 8) / (Math.max(wg.length, mark.length) * 0.7), (rowH(ty) - 6) / (lines * 1.25));
              const both = size >= minFont;
              const cellStyle = size < font ? { fontSize: `${Math.floor(Math.max(size, minFont))}px` } : undefined;
              return (
                <div
                  key={tx}
                  role="gridcell"
                  aria-selected={isSel}
                  data-testid={`tile-cell-${ty}-${tx}`}
                  data-workgroup={`${r.x},${r.y}`}
                  data-stores={r.stores}
                  data-wrong={wrong}
                  className={`tile c${isSel ? ' selected' : ''}${wrong ? ' wrong' : ''}`}
                  onClick={() => selectTile(ty, tx)}
                  title={t(wrong ? 'map.cellTitleWrong' : 'map.cellTitle', { tile: notation.cTile(ty, tx), x: r.x, y: r.y, stores: r.stores, wrong })}
                  style={cellStyle}
                >
                  {both ? (
                    <>
                      <span className="wg">{wg}</span>
                      {wrong > 0 && <span className="wrong-mark">{mark}</span>}
                    </>
                  ) : wrong > 0 && fits(1, 1, colW(tx), rowH(ty), minFont) ? (
                    '✗'
                  ) : (
                    ''
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The key relating the selected C tile's (row, column), its block name and its workgroup_id. */
export function CoordinateKey({ notation, compact = false }: { notation: Notation; compact?: boolean }) {
  const selected = useApp((s) => s.selected);
  const { t } = useTranslation('viz');
  const c = tileCoordinates(notation, selected.ty, selected.tx);
  if (compact) {
    return (
      <p className="coord-key" data-testid="coord-key">
        {t('map.keyShort', { block: c.block, row: c.row, col: c.col, x: c.wgX, y: c.wgY })}
      </p>
    );
  }
  return (
    <div className="coord-key" data-testid="coord-key">
      <strong>{t('map.keyTitle')}</strong>
      <ul>
        <li>{t('map.keyRowCol', { row: c.row, col: c.col })}</li>
        <li>{t('map.keyBlock', { block: c.block })}</li>
        <li>
          <code>{t('map.keyWg', { x: c.wgX, y: c.wgY })}</code>
        </li>
      </ul>
    </div>
  );
}

export function TileMap() {
  const trace = useApp((s) => s.trace);
  const selected = useApp((s) => s.selected);
  const step = useApp((s) => s.step);
  const status = useApp((s) => s.traceStatus);
  const traceError = useApp((s) => s.traceError);
  const noGpu = useApp((s) => s.gpu.state === 'unavailable');
  const view = useTileMapView(trace);
  const { t } = useTranslation('viz');

  if (!trace || !view) {
    return (
      <section className="panel" aria-labelledby="map-heading" data-testid="tile-map" data-source="none" data-trace-status={status}>
        <h2 id="map-heading">{t('map.heading')}</h2>
        <p>
          {status === 'running' ? t('map.recordingRun') : status === 'error' ? t('map.failed', { error: say(traceError) }) : noGpu ? t('map.emptyCpu') : t('map.emptyGpu')}
        </p>
      </section>
    );
  }

  const { shape, tile } = trace.config;
  const { g, disagreements, wrongPerTile, notation } = view;
  const w = figureWindow(trace, selected, step);
  const across = Math.max(w.rows[1] - w.rows[0], w.cols[1] - w.cols[0], w.phases[1] - w.phases[0]);
  const cell = Math.max(30, Math.min(96, Math.floor(560 / across)));
  const sel = tileRecord(trace.tiles, g.tilesX, selected.ty, selected.tx);
  const src = trace.source;
  const ext = tileExtent(shape, tile, selected.ty, selected.tx);

  return (
    <section className="panel" aria-labelledby="map-heading" data-testid="tile-map" data-source={trace.source} data-trace-status={status} data-tiles-x={g.tilesX} data-tiles-y={g.tilesY}>
      <h2 id="map-heading">{t('map.heading')}</h2>
      <p className="small">
        {t('map.summary', { m: shape.m, k: shape.k, n: shape.n, tile, tilesY: g.tilesY, tilesX: g.tilesX, workgroups: fmtInt(g.tilesX * g.tilesY), count: g.phases })}{' '}
        {trace.source === 'gpu' ? (
          <>
            <Trans t={t} i18nKey="map.labelsGpu" components={{ c: <code /> }} />{' '}
          </>
        ) : (
          <>
            <strong data-testid="simulated-note">{t('map.simulated')}</strong>{' '}
          </>
        )}
        <span data-testid="tile-map-check" className={disagreements === 0 ? 'ok-text' : 'error-text'}>
          {disagreements === 0 ? t(`map.${src}.agrees`) : t(`map.${src}.disagrees`, { n: fmtInt(disagreements) })}
        </span>
        {trace.traceCheck && (
          <>
            {' '}
            <span data-testid="trace-check-all" className={trace.traceCheck.mismatches === 0 ? 'ok-text' : 'error-text'}>
              {trace.traceCheck.mismatches === 0
                ? t(`map.${src}.loadsMatch`, { slots: fmtInt(trace.traceCheck.slots) })
                : t(`map.${src}.loadsDiffer`, { bad: fmtInt(trace.traceCheck.mismatches), slots: fmtInt(trace.traceCheck.slots) })}
            </span>
          </>
        )}
      </p>
      {status === 'error' && (
        <p className="error-text" role="alert">
          {t('map.lastFailed', { error: say(traceError) })}
        </p>
      )}
      {status === 'running' && <p className="small">{t('map.recording')}</p>}
      {!trace.bounds && (
        <>
          <p className={trace.wrongCount === 0 ? 'ok-text' : 'error-text'} data-testid="bounds-off-summary">
            {trace.wrongCount === 0
              ? t(`map.${src}.wrongNone`, { how: say(trace.checkedHow) })
              : t(`map.${src}.wrong`, { count: trace.wrongCount, n: fmtInt(trace.wrongCount), how: say(trace.checkedHow) })}
          </p>
          {trace.wrongCount === 0 && [shape.m, shape.k, shape.n].every((d) => d % tile === 0) && (
            <p className="small" data-testid="bounds-off-hint">
              {t('map.wrongNoneHint', { tile, m: shape.m + 1 })}
            </p>
          )}
          <p className="small" data-testid="stand-in-note">
            {t('map.standIn', { v: kGarbage })}
          </p>
        </>
      )}
      <p className="formula" data-testid="formula" aria-live="polite">
        {say(notation.formula(selected.ty, selected.tx))}
      </p>
      <div className="map-body">
      <div className="map-figure">
        <TileFigure trace={trace} wrongPerTile={wrongPerTile} notation={notation} cell={cell} font={12.6} minFont={10} />
        <FigureExport
          what={kExportWhat}
          make={() => ({ svg: mapSvg(mapFigure(trace, wrongPerTile, notation, selected, step), language()), name: (ext) => mapFileName(shape, tile, selected, ext) })}
        />
        <p className="small">
          {t(`map.${src}.cells`)} {t('map.clickHint')}
        </p>
      </div>
      <div className="map-text">
      <p className="small">
        {t(`map.${src}.selected`, {
          tile: notation.cTile(selected.ty, selected.tx),
          x: sel.x,
          y: sel.y,
          phases: sel.phases,
          count: sel.stores,
          rows: ext.rows,
          cols: ext.cols,
          partial: sel.stores < tile * tile ? t('map.partialEdge') : '',
        })}
        {notation.wide ? ` ${t('map.notationNote')}` : ''}
      </p>
      <CoordinateKey notation={notation} />
      {w.windowed && (
        <p className="small" data-testid="tile-map-window">
          {t('map.windowed', { r0: w.rows[0] + 1, r1: w.rows[1], rows: g.tilesY, c0: w.cols[0] + 1, c1: w.cols[1], cols: g.tilesX, p0: w.phases[0] + 1, p1: w.phases[1], phases: g.phases })}
        </p>
      )}
      </div>
      </div>
    </section>
  );
}
