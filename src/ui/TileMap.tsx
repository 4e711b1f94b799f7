/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { useMemo, type KeyboardEvent } from 'react';
import { notationOf, tileCoordinates, type Notation } from '../core/notation';
import { tileGrid } from '../core/tiling';
import { expectedTileRecord, kGarbage, tileExtent } from '../core/trace';
import { useApp } from '../state/store';
import type { TraceView } from '../state/vizState';
import { selectTile } from '../state/viz';
import { fmtInt } from './format';
import './classroom.css';

/** At most this many tiles per side are drawn; larger grids show a window around the selection. */
const kWindow = 12;

function windowAround(center: number, count: number): [number, number] {
  if (count <= kWindow) return [0, count];
  const start = Math.max(0, Math.min(count - kWindow, center - Math.floor(kWindow / 2)));
  return [start, start + kWindow];
}

const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

const kEmpty = {
  gpu: 'Run the tiled kernel: the map is drawn from what the GPU recorded during a real run.',
  cpu: 'Run the tiled kernel: this browser has no WebGPU, so the map will be drawn from a CPU simulation of the kernel, not from a GPU.',
} as const;

/**
 * The sentences that say where the map comes from: the GPU's own record of a real run, or (without
 * WebGPU) the CPU simulation. Nothing claims a GPU record when no GPU ran.
 */
const kText = {
  gpu: {
    agrees: '✓ The GPU record agrees with the tiling math for every tile.',
    disagrees: (n: number) => `✗ ${n} fields of the GPU record disagree with the tiling math.`,
    loadsMatch: (slots: string) => `✓ Every one of the ${slots} recorded loads (workgroup × phase × slot) matches the model.`,
    loadsDiffer: (bad: string, slots: string) => `✗ ${bad} of ${slots} recorded loads differ from the model.`,
    boundsOff: 'Boundary tests OFF',
    computedBy: 'computed by workgroup',
    cells: 'Each C cell shows the workgroup (x, y) that computed it, as recorded by the GPU.',
  },
  cpu: {
    agrees: '✓ The simulation’s record (CPU, no GPU ran) agrees with the tiling math for every tile.',
    disagrees: (n: number) => `✗ ${n} fields of the simulation’s record (CPU) disagree with the tiling math.`,
    loadsMatch: (slots: string) => `✓ Every one of the ${slots} simulated loads (workgroup × phase × slot) matches the model.`,
    loadsDiffer: (bad: string, slots: string) => `✗ ${bad} of ${slots} simulated loads differ from the model.`,
    boundsOff: 'Boundary tests OFF, in the CPU simulation',
    computedBy: 'computed in the CPU simulation by workgroup',
    cells: 'Each C cell shows the workgroup (x, y) that computes it in the CPU simulation (no GPU ran).',
  },
} as const;

/** Words shared by the page and the classroom (one place, for translation). */
export const kMapWords = {
  heading: 'Which workgroup computes which C tile',
  keyTitle: 'Three names for one C tile',
  keyRowCol: (r: number, c: number) => `map (row ${r}, column ${c}), counted from 0`,
  keyBlock: (b: string) => `block ${b}, counted from 1 as in the books`,
  keyWg: (x: number, y: number) => `workgroup_id (x = ${x}, y = ${y}): x runs along the columns, y down the rows`,
  keyShort: (block: string, r: number, c: number, x: number, y: number) => `${block} = map row ${r}, column ${c} (from 0) = workgroup_id (x ${x}, y ${y})`,
  standIn: `Memory past the end of A and B: here it holds the value ${kGarbage}, a stand-in this app places after both matrices (the traced kernel reads padded copies). On a real GPU, a read past the end returns whatever lies there, or 0 where the API clamps it; ${kGarbage} makes the damage visible and repeatable.`,
  bCells: 'B tiles',
  aCells: 'A tiles',
  cCells: 'C tiles: click one, or move the selection with W A S D',
  notationNote: 'Names take a comma in a grid with an index of 10 or more (C3,15).',
} as const;

/** The record of the last traced run, checked against the tiling math, and the wrong elements per tile. */
export function useTileMapView(trace: TraceView | undefined) {
  return useMemo(() => {
    if (!trace) return undefined;
    const { shape, tile } = trace.config;
    const g = tileGrid(shape, tile);
    let disagreements = 0;
    for (let ty = 0; ty < g.tilesY; ty++) {
      for (let tx = 0; tx < g.tilesX; tx++) {
        const want = expectedTileRecord(shape, tile, ty, tx);
        const i = (ty * g.tilesX + tx) * 4;
        for (let f = 0; f < 4; f++) if (trace.tiles[i + f] !== want[f]) disagreements++;
      }
    }
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
  const phases = range(w.phases[0], w.phases[1]).reduce((a, p) => a + Math.min(tile, shape.k - p * tile) / tile, 0);
  return { across: cols + phases, down: rows + phases };
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
  const { shape, tile } = trace.config;
  const g = tileGrid(shape, tile);
  const phase = Math.floor(step / 4);
  const w = figureWindow(trace, selected, step);
  const [r0, r1] = w.rows;
  const [c0, c1] = w.cols;
  const [p0, p1] = w.phases;
  const colW = (tx: number) => (tileExtent(shape, tile, 0, tx).cols / tile) * cell;
  const rowH = (ty: number) => (tileExtent(shape, tile, ty, 0).rows / tile) * cell;
  const kW = (p: number) => (Math.min(tile, shape.k - p * tile) / tile) * cell;
  const rec = (ty: number, tx: number) => {
    const i = (ty * g.tilesX + tx) * 4;
    return { x: trace.tiles[i]!, y: trace.tiles[i + 1]!, phases: trace.tiles[i + 2]!, stores: trace.tiles[i + 3]! };
  };

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

  return (
    <div className="matmul-figure" style={{ gridTemplateColumns: `auto auto`, ['--tile-font' as string]: `${font}px` }}>
      <div />
      <div className="bgrid" aria-label={kMapWords.bCells} style={{ gridTemplateColumns: range(c0, c1).map((tx) => `${colW(tx)}px`).join(' '), gridTemplateRows: range(p0, p1).map((p) => `${kW(p)}px`).join(' ') }}>
        {range(p0, p1).map((p) =>
          range(c0, c1).map((tx) => (
            <div key={`${p}-${tx}`} className={`tile b${tx === selected.tx ? ' band' : ''}${tx === selected.tx && p === phase ? ' current' : ''}`} title={notation.name('B', p + 1, tx + 1)}>
              {label(notation.name('B', p + 1, tx + 1), colW(tx), kW(p))}
            </div>
          )),
        )}
      </div>
      <div className="agrid" aria-label={kMapWords.aCells} style={{ gridTemplateColumns: range(p0, p1).map((p) => `${kW(p)}px`).join(' '), gridTemplateRows: range(r0, r1).map((ty) => `${rowH(ty)}px`).join(' ') }}>
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
        aria-label={kMapWords.cCells}
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
                  title={`${notation.cTile(ty, tx)}: workgroup (${r.x}, ${r.y}), ${r.stores} elements${wrong ? `, ${wrong} wrong` : ''}`}
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
  const c = tileCoordinates(notation, selected.ty, selected.tx);
  if (compact) {
    return (
      <p className="coord-key" data-testid="coord-key">
        {kMapWords.keyShort(c.block, c.row, c.col, c.wgX, c.wgY)}
      </p>
    );
  }
  return (
    <div className="coord-key" data-testid="coord-key">
      <strong>{kMapWords.keyTitle}:</strong>
      <ul>
        <li>{kMapWords.keyRowCol(c.row, c.col)}</li>
        <li>{kMapWords.keyBlock(c.block)}</li>
        <li>
          <code>{kMapWords.keyWg(c.wgX, c.wgY)}</code>
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

  if (!trace || !view) {
    return (
      <section className="panel" aria-labelledby="map-heading" data-testid="tile-map" data-source="none" data-trace-status={status}>
        <h2 id="map-heading">{kMapWords.heading}</h2>
        <p>
          {status === 'running' ? 'Recording the tiled run on the GPU…' : status === 'error' ? `The traced run failed: ${traceError}` : noGpu ? kEmpty.cpu : kEmpty.gpu}
        </p>
      </section>
    );
  }

  const { shape, tile } = trace.config;
  const { g, disagreements, wrongPerTile, notation } = view;
  const w = figureWindow(trace, selected, step);
  const across = Math.max(w.rows[1] - w.rows[0], w.cols[1] - w.cols[0], w.phases[1] - w.phases[0]);
  const cell = Math.max(30, Math.min(96, Math.floor(560 / across)));
  const i = (selected.ty * g.tilesX + selected.tx) * 4;
  const sel = { x: trace.tiles[i]!, y: trace.tiles[i + 1]!, phases: trace.tiles[i + 2]!, stores: trace.tiles[i + 3]! };
  const text = kText[trace.source];
  const ext = tileExtent(shape, tile, selected.ty, selected.tx);

  return (
    <section className="panel" aria-labelledby="map-heading" data-testid="tile-map" data-source={trace.source} data-trace-status={status} data-tiles-x={g.tilesX} data-tiles-y={g.tilesY}>
      <h2 id="map-heading">{kMapWords.heading}</h2>
      <p className="small">
        {shape.m}×{shape.k}×{shape.n}, tile {tile}: {g.tilesY} × {g.tilesX} = {fmtInt(g.tilesX * g.tilesY)} workgroups, {g.phases} phase{g.phases === 1 ? '' : 's'} each.{' '}
        {trace.source === 'gpu' ? (
          <>
            Labels come from the GPU: the instrumented tiled kernel recorded its <code>workgroup_id</code>, phase count and stored elements for every tile.{' '}
          </>
        ) : (
          <strong data-testid="simulated-note">Simulated on the CPU — this browser has no WebGPU, so no GPU recorded this; the same algorithm ran step for step in JavaScript. </strong>
        )}
        <span data-testid="tile-map-check" className={disagreements === 0 ? 'ok-text' : 'error-text'}>
          {disagreements === 0 ? text.agrees : text.disagrees(disagreements)}
        </span>
        {trace.traceCheck && (
          <>
            {' '}
            <span data-testid="trace-check-all" className={trace.traceCheck.mismatches === 0 ? 'ok-text' : 'error-text'}>
              {trace.traceCheck.mismatches === 0 ? text.loadsMatch(fmtInt(trace.traceCheck.slots)) : text.loadsDiffer(fmtInt(trace.traceCheck.mismatches), fmtInt(trace.traceCheck.slots))}
            </span>
          </>
        )}
      </p>
      {status === 'error' && (
        <p className="error-text" role="alert">
          The last traced run failed: {traceError}. The map shows the previous record.
        </p>
      )}
      {status === 'running' && <p className="small">Recording on the GPU…</p>}
      {!trace.bounds && (
        <>
          <p className="error-text" data-testid="bounds-off-summary">
            {text.boundsOff}: {trace.wrongCount === 0 ? 'no element of C is wrong at this size' : `${fmtInt(trace.wrongCount)} element${trace.wrongCount === 1 ? '' : 's'} of C ${trace.wrongCount === 1 ? 'is' : 'are'} wrong`} ({trace.checkedHow}). Tiles with wrong elements are marked ✗.
          </p>
          <p className="small" data-testid="stand-in-note">
            {kMapWords.standIn}
          </p>
        </>
      )}
      <p className="formula" data-testid="formula" aria-live="polite">
        {notation.formula(selected.ty, selected.tx)}
      </p>
      <div className="map-body">
      <div className="map-figure">
        <TileFigure trace={trace} wrongPerTile={wrongPerTile} notation={notation} cell={cell} font={12.6} minFont={10} />
        <p className="small">{text.cells} Click a tile, or move the selection with W A S D.</p>
      </div>
      <div className="map-text">
      <p className="small">
        Selected: {notation.cTile(selected.ty, selected.tx)}, {text.computedBy} ({sel.x}, {sel.y}) in {sel.phases} phases, storing {sel.stores} element{sel.stores === 1 ? '' : 's'} ({ext.rows}×{ext.cols}
        {sel.stores < tile * tile ? ', a partial edge tile' : ''}). Its row band of A tiles and column band of B tiles are highlighted; the current phase’s pair is outlined.
        {notation.wide ? ` ${kMapWords.notationNote}` : ''}
      </p>
      <CoordinateKey notation={notation} />
      {w.windowed && (
        <p className="small" data-testid="tile-map-window">
          Showing C tile rows {w.rows[0] + 1}–{w.rows[1]} of {g.tilesY}, columns {w.cols[0] + 1}–{w.cols[1]} of {g.tilesX} and phases {w.phases[0] + 1}–{w.phases[1]} of {g.phases}, around the
          selection. W A S D move it; Home/End on the C grid jump to the corners.
        </p>
      )}
      </div>
      </div>
    </section>
  );
}
