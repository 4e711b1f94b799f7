import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { MapFigure } from './figureSvg';
import { notationOf, tileCoordinates, type Notation } from '../../core/notation';
import { tileGrid } from '../../core/tiling';
import { kGarbage, phaseExtent, stepLabel, tileExtent, tileRecord, tileRecordDisagreements } from '../../core/trace';
import { language, say } from '../../i18n';
import { sentenceGap } from '../../i18n/words';
import { useApp } from '../../state/store';
import type { TraceView } from '../../state/vizState';
import { selectTile } from '../../state/viz';
import { FigureExport } from './FigureExport';
import { fmtInt } from '../common/format';
import { afterNextPaint } from './afterPaint';
import { useBox } from './useBox';
import { blockForms, fitLabel, kMaxWindow, mapLayout, windowAround, workgroupForms } from '../../core/tileLabels';
import './classroom.css';

/** The smallest label size on the page's map (px), its padding each side and a margin for the figure's scroll bar. */
const kMinFont = 10;
const kPanelPadPx = 20;
const kFigureSlackPx = 16;
const kMaxCellPx = 96;

/** Which figure the map's export buttons save (their test ids: export-map-svg, export-map-png). */
const kExportWhat = 'map';


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
export function figureWindow(trace: TraceView, selected: { ty: number; tx: number }, step: number, size: number = kMaxWindow) {
  const g = tileGrid(trace.config.shape, trace.config.tile);
  const phase = Math.floor(step / 4);
  return { rows: windowAround(selected.ty, g.tilesY, size), cols: windowAround(selected.tx, g.tilesX, size), phases: windowAround(phase, g.phases, size), windowed: g.tilesX > size || g.tilesY > size || g.phases > size };
}

/** The figure's extent in full tiles (partial edge tiles count by their share), across and down. */
export function figureExtent(trace: TraceView, selected: { ty: number; tx: number }, step: number, size: number = kMaxWindow): { across: number; down: number } {
  const { shape, tile } = trace.config;
  const w = figureWindow(trace, selected, step, size);
  const cols = range(w.cols[0], w.cols[1]).reduce((a, tx) => a + tileExtent(shape, tile, 0, tx).cols / tile, 0);
  const rows = range(w.rows[0], w.rows[1]).reduce((a, ty) => a + tileExtent(shape, tile, ty, 0).rows / tile, 0);
  const phases = range(w.phases[0], w.phases[1]).reduce((a, p) => a + phaseExtent(shape, tile, p) / tile, 0);
  return { across: cols + phases, down: rows + phases };
}

/**
 * The map as the export draws it (ui/lesson/figureSvg): the same record, window and notation as the
 * figure on screen, with the formula and the phase label.
 */
export function mapFigure(trace: TraceView, wrongPerTile: Uint32Array, notation: Notation, selected: { ty: number; tx: number }, step: number, size: number = kMaxWindow): MapFigure {
  const { shape, tile } = trace.config;
  const g = tileGrid(shape, tile);
  const w = figureWindow(trace, selected, step, size);
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

/**
 * The figure: B tiles above, A tiles on the left, C tiles below B, at `cell` pixels a full tile, a
 * window of `size` tiles a side around the selection and phase. Every tile is labelled
 * (core/tileLabels fitLabel: the full form, a shorter one, smaller down to minFont, never blank) and
 * keeps its full name in its title and `data-label`. The A and B strips say whether the current
 * phase's tile is inside the panel (`data-in-panel`, measured after layout).
 */
export function TileFigure({ trace, wrongPerTile, notation, cell, font, minFont = font, size = kMaxWindow }: { trace: TraceView; wrongPerTile: Uint32Array; notation: Notation; cell: number; font: number; minFont?: number; size?: number }) {
  const selected = useApp((s) => s.selected);
  const step = useApp((s) => s.step);
  const { t } = useTranslation('viz');
  const { shape, tile } = trace.config;
  const g = tileGrid(shape, tile);
  const phase = Math.floor(step / 4);
  const w = figureWindow(trace, selected, step, size);
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
  // A block name: the full form, or without its letter, set smaller down to minFont; never blank.
  const label = (name: string, wPx: number, hPx: number) => {
    const f = fitLabel(blockForms(name), wPx, hPx, font, minFont);
    return { text: f.text, node: f.size < font ? <span style={{ fontSize: `${Math.floor(f.size * 10) / 10}px` }}>{f.text}</span> : f.text };
  };

  // A figure wider (or taller) than its box scrolls inside it: the selected C tile is kept in view
  // there (at 176³ its 11 columns overflow, and the tile the formula names sat out of sight). The
  // figure scrolls, never the page. Then the A and B strips say whether the current phase's tile is
  // inside the panel (the figure's visible box).
  const figRef = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      afterNextPaint(() => {
        const fig = figRef.current;
        if (!fig) return;
        const cellEl = fig.querySelector<HTMLElement>('.tile.c.selected');
        if (cellEl && (fig.scrollWidth > fig.clientWidth || fig.scrollHeight > fig.clientHeight)) {
          const f = fig.getBoundingClientRect();
          const c = cellEl.getBoundingClientRect();
          if (c.left < f.left) fig.scrollLeft -= f.left - c.left + 8;
          else if (c.right > f.right) fig.scrollLeft += c.right - f.right + 8;
          if (c.top < f.top) fig.scrollTop -= f.top - c.top + 8;
          else if (c.bottom > f.bottom) fig.scrollTop += c.bottom - f.bottom + 8;
        }
        const panel = (fig.closest('.panel, .classroom-stage') ?? fig).getBoundingClientRect();
        const box = fig.getBoundingClientRect();
        const left = Math.max(panel.left, box.left) - 0.5;
        const right = Math.min(panel.right, box.right) + 0.5;
        for (const strip of fig.querySelectorAll<HTMLElement>('.agrid, .bgrid')) {
          const cur = strip.querySelector<HTMLElement>('.tile.current');
          const r = cur?.getBoundingClientRect();
          strip.dataset.inPanel = r && r.left >= left && r.right <= right ? 'true' : 'false';
        }
      }),
    [selected.ty, selected.tx, cell, trace, step, size],
  );

  return (
    // i18n-exempt: CSS grid columns
    <div className="matmul-figure" ref={figRef} style={{ gridTemplateColumns: `auto auto`, ['--tile-font' as string]: `${font}px` }}>
      <div />
      <div
        className="bgrid"
        data-testid="tile-map-b"
        data-in-panel="false"
        aria-label={t('map.bCells')}
        style={{ gridTemplateColumns: range(c0, c1).map((tx) => `${colW(tx)}px`).join(' '), gridTemplateRows: range(p0, p1).map((p) => `${kW(p)}px`).join(' ') }}
      >
        {range(p0, p1).map((p) =>
          range(c0, c1).map((tx) => {
            const name = notation.name('B', p + 1, tx + 1);
            const l = label(name, colW(tx), kW(p));
            return (
              <div key={`${p}-${tx}`} className={`tile b${tx === selected.tx ? ' band' : ''}${tx === selected.tx && p === phase ? ' current' : ''}`} title={name} data-label={l.text} data-name={name}>
                {l.node}
              </div>
            );
          }),
        )}
      </div>
      <div
        className="agrid"
        data-testid="tile-map-a"
        data-in-panel="false"
        aria-label={t('map.aCells')}
        style={{ gridTemplateColumns: range(p0, p1).map((p) => `${kW(p)}px`).join(' '), gridTemplateRows: range(r0, r1).map((ty) => `${rowH(ty)}px`).join(' ') }}
      >
        {range(r0, r1).map((ty) =>
          range(p0, p1).map((p) => {
            const name = notation.name('A', ty + 1, p + 1);
            const l = label(name, kW(p), rowH(ty));
            return (
              <div key={`${ty}-${p}`} className={`tile a${ty === selected.ty ? ' band' : ''}${ty === selected.ty && p === phase ? ' current' : ''}`} title={name} data-label={l.text} data-name={name}>
                {l.node}
              </div>
            );
          }),
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
              const mark = `✗${wrong}`;
              // The workgroup label, "(x,y)" or "x,y" (and the wrong count on a second line), set smaller
              // in a narrow tile down to minFont; where even that does not fit, the short form squeezed.
              const forms = workgroupForms(r.x, r.y);
              const lines = wrong > 0 ? 2 : 1;
              const f = fitLabel(wrong > 0 ? forms.map((x) => (x.length >= mark.length ? x : x.padEnd(mark.length))) : forms, colW(tx), rowH(ty), font, minFont, lines);
              const wgText = f.text.trim();
              const cellStyle = f.size < font ? { fontSize: `${Math.floor(f.size * 10) / 10}px` } : undefined;
              return (
                <div
                  key={tx}
                  role="gridcell"
                  aria-selected={isSel}
                  data-testid={`tile-cell-${ty}-${tx}`}
                  data-workgroup={`${r.x},${r.y}`}
                  data-stores={r.stores}
                  data-wrong={wrong}
                  data-label={wrong > 0 ? `${wgText} ${mark}` : wgText}
                  className={`tile c${isSel ? ' selected' : ''}${wrong ? ' wrong' : ''}`}
                  onClick={() => selectTile(ty, tx)}
                  title={t(wrong ? 'map.cellTitleWrong' : 'map.cellTitle', { tile: notation.cTile(ty, tx), x: r.x, y: r.y, stores: r.stores, wrong })}
                  style={cellStyle}
                >
                  <span className="wg">{wgText}</span>
                  {wrong > 0 && <span className="wrong-mark">{mark}</span>}
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
  const panelRef = useRef<HTMLElement>(null);
  const panel = useBox(panelRef);

  if (!trace || !view) {
    return (
      <section ref={panelRef} className="panel" aria-labelledby="map-heading" data-testid="tile-map" data-source="none" data-trace-status={status}>
        <h2 id="map-heading">{t('map.heading')}</h2>
        <p>
          {status === 'running' ? t('map.recordingRun') : status === 'error' ? t('map.failed', { error: say(traceError) }) : noGpu ? t('map.emptyCpu') : t('map.emptyGpu')}
        </p>
      </section>
    );
  }

  const { shape, tile } = trace.config;
  const { g, disagreements, wrongPerTile, notation } = view;
  // The figure's width: the panel's content box, 60% of it beside the text on a wide page
  // (styles.css .map-body); the window and the cell follow from it (core/tileLabels mapLayout), so
  // the A strip and C fit side by side and no label is blank.
  const wideBody = typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1100px)').matches;
  const inner = panel.width > 0 ? panel.width - 2 * kPanelPadPx : 560;
  const avail = Math.max(120, Math.floor((wideBody ? 0.6 : 1) * inner) - kFigureSlackPx);
  const layout = mapLayout(g, avail, kMinFont, { maxCell: kMaxCellPx });
  const w = figureWindow(trace, selected, step, layout.window);
  const cell = layout.cell;
  const sel = tileRecord(trace.tiles, g.tilesX, selected.ty, selected.tx);
  const src = trace.source;
  const ext = tileExtent(shape, tile, selected.ty, selected.tx);

  return (
    <section ref={panelRef} className="panel" aria-labelledby="map-heading" data-testid="tile-map" data-window={layout.window} data-source={trace.source} data-trace-status={status} data-tiles-x={g.tilesX} data-tiles-y={g.tilesY}>
      <h2 id="map-heading">{t('map.heading')}</h2>
      <p className="small">
        {t('map.summary', { m: shape.m, k: shape.k, n: shape.n, tile, tilesY: g.tilesY, tilesX: g.tilesX, workgroups: fmtInt(g.tilesX * g.tilesY), count: g.phases })}{sentenceGap()}
        {trace.source === 'gpu' ? (
          <>
            <Trans t={t} i18nKey="map.labelsGpu" components={{ c: <code /> }} />{sentenceGap()}
          </>
        ) : (
          <>
            <strong data-testid="simulated-note">{t('map.simulated')}</strong>{sentenceGap()}
          </>
        )}
        <span data-testid="tile-map-check" className={disagreements === 0 ? 'ok-text' : 'error-text'}>
          {disagreements === 0 ? t(`map.${src}.agrees`) : t(`map.${src}.disagrees`, { n: fmtInt(disagreements) })}
        </span>
        {trace.traceCheck && (
          <>
            {sentenceGap()}
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
        <TileFigure trace={trace} wrongPerTile={wrongPerTile} notation={notation} cell={cell} font={12.6} minFont={kMinFont} size={layout.window} />
        <FigureExport
          what={kExportWhat}
          make={async () => {
            // The SVG builder loads on the first save (issue #47: not part of the first load).
            const { mapFileName, mapSvg } = await import('./figureSvg');
            return { svg: mapSvg(mapFigure(trace, wrongPerTile, notation, selected, step, layout.window), language()), name: (ext) => mapFileName(shape, tile, selected, ext) };
          }}
        />
        <p className="small">
          {t(`map.${src}.cells`)}{sentenceGap()}{t('map.clickHint')}
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
