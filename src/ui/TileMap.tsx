import { useMemo, type KeyboardEvent } from 'react';
import { tileGrid } from '../core/tiling';
import { blockName, expectedTileRecord, tileExtent, tileFormula } from '../core/trace';
import { useApp } from '../state/store';
import { moveSelection, selectTile } from '../state/viz';
import { fmtInt } from './format';

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

export function TileMap() {
  const trace = useApp((s) => s.trace);
  const selected = useApp((s) => s.selected);
  const step = useApp((s) => s.step);
  const status = useApp((s) => s.traceStatus);
  const traceError = useApp((s) => s.traceError);
  const noGpu = useApp((s) => s.gpu.state === 'unavailable');

  const view = useMemo(() => {
    if (!trace) return undefined;
    const { shape, tile } = trace.config;
    const g = tileGrid(shape, tile);
    // GPU record vs tiling math, over every tile.
    let disagreements = 0;
    for (let ty = 0; ty < g.tilesY; ty++) {
      for (let tx = 0; tx < g.tilesX; tx++) {
        const want = expectedTileRecord(shape, tile, ty, tx);
        const i = (ty * g.tilesX + tx) * 4;
        for (let f = 0; f < 4; f++) if (trace.tiles[i + f] !== want[f]) disagreements++;
      }
    }
    // Wrong elements per tile (bounds-off heatmap).
    const wrongPerTile = new Uint32Array(g.tilesX * g.tilesY);
    if (trace.wrong) {
      for (let i = 0; i < shape.m; i++) {
        for (let j = 0; j < shape.n; j++) {
          if (trace.wrong[i * shape.n + j]) wrongPerTile[Math.floor(i / tile) * g.tilesX + Math.floor(j / tile)]!++;
        }
      }
    }
    return { g, disagreements, wrongPerTile };
  }, [trace]);

  if (!trace || !view) {
    return (
      <section className="panel" aria-labelledby="map-heading" data-testid="tile-map" data-source="none" data-trace-status={status}>
        <h2 id="map-heading">Which workgroup computes which C tile</h2>
        <p>
          {status === 'running' ? 'Recording the tiled run on the GPU…' : status === 'error' ? `The traced run failed: ${traceError}` : noGpu ? kEmpty.cpu : kEmpty.gpu}
        </p>
      </section>
    );
  }

  const { shape, tile } = trace.config;
  const { g, disagreements, wrongPerTile } = view;
  const phase = Math.floor(step / 4);
  const [r0, r1] = windowAround(selected.ty, g.tilesY);
  const [c0, c1] = windowAround(selected.tx, g.tilesX);
  const [p0, p1] = windowAround(phase, g.phases);
  const cell = Math.max(30, Math.min(96, Math.floor(560 / Math.max(r1 - r0, c1 - c0, p1 - p0))));
  // Sizes in pixels from the real extents, so partial edge tiles are drawn at their true size.
  const colW = (tx: number) => (tileExtent(shape, tile, 0, tx).cols / tile) * cell;
  const rowH = (ty: number) => (tileExtent(shape, tile, ty, 0).rows / tile) * cell;
  const kW = (p: number) => (Math.min(tile, shape.k - p * tile) / tile) * cell;
  const rec = (ty: number, tx: number) => {
    const i = (ty * g.tilesX + tx) * 4;
    return { x: trace.tiles[i]!, y: trace.tiles[i + 1]!, phases: trace.tiles[i + 2]!, stores: trace.tiles[i + 3]! };
  };
  const sel = rec(selected.ty, selected.tx);
  const text = kText[trace.source];

  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      e.stopPropagation();
      moveSelection(m[0], m[1]);
    } else if (e.key === 'Home') {
      e.preventDefault();
      selectTile(0, 0);
    } else if (e.key === 'End') {
      e.preventDefault();
      selectTile(g.tilesY - 1, g.tilesX - 1);
    }
  };

  const windowed = g.tilesX > kWindow || g.tilesY > kWindow || g.phases > kWindow;

  return (
    <section className="panel" aria-labelledby="map-heading" data-testid="tile-map" data-source={trace.source} data-trace-status={status} data-tiles-x={g.tilesX} data-tiles-y={g.tilesY}>
      <h2 id="map-heading">Which workgroup computes which C tile</h2>
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
        <p className="error-text" data-testid="bounds-off-summary">
          {text.boundsOff}: {trace.wrongCount === 0 ? 'no element of C is wrong at this size' : `${fmtInt(trace.wrongCount)} element${trace.wrongCount === 1 ? '' : 's'} of C ${trace.wrongCount === 1 ? 'is' : 'are'} wrong`} ({trace.checkedHow}). Tiles with wrong elements are marked ✗.
        </p>
      )}
      <p className="formula" data-testid="formula" aria-live="polite">
        {tileFormula(selected.ty, selected.tx, g.phases)}
      </p>
      <p className="small">
        Selected: C tile (row {selected.ty}, column {selected.tx}) — {blockName('C', selected.ty + 1, selected.tx + 1)}, {text.computedBy} ({sel.x}, {sel.y}) in {sel.phases} phases,
        storing {sel.stores} element{sel.stores === 1 ? '' : 's'} ({tileExtent(shape, tile, selected.ty, selected.tx).rows}×{tileExtent(shape, tile, selected.ty, selected.tx).cols}
        {sel.stores < tile * tile ? ', a partial edge tile' : ''}). Its row band of A tiles and column band of B tiles are highlighted; the current phase’s pair is outlined.
      </p>
      {windowed && (
        <p className="small" data-testid="tile-map-window">
          Showing C tile rows {r0 + 1}–{r1} of {g.tilesY}, columns {c0 + 1}–{c1} of {g.tilesX} and phases {p0 + 1}–{p1} of {g.phases}, around the selection. Arrow keys on the map
          move it; Home/End jump to the corners.
        </p>
      )}
      <div className="matmul-figure" style={{ gridTemplateColumns: `auto auto` }}>
        <div />
        <div className="bgrid" aria-label="B tiles" style={{ gridTemplateColumns: range(c0, c1).map((tx) => `${colW(tx)}px`).join(' '), gridTemplateRows: range(p0, p1).map((p) => `${kW(p)}px`).join(' ') }}>
          {range(p0, p1).map((p) =>
            range(c0, c1).map((tx) => (
              <div key={`${p}-${tx}`} className={`tile b${tx === selected.tx ? ' band' : ''}${tx === selected.tx && p === phase ? ' current' : ''}`} title={blockName('B', p + 1, tx + 1)}>
                {cell >= 40 && blockName('B', p + 1, tx + 1)}
              </div>
            )),
          )}
        </div>
        <div className="agrid" aria-label="A tiles" style={{ gridTemplateColumns: range(p0, p1).map((p) => `${kW(p)}px`).join(' '), gridTemplateRows: range(r0, r1).map((ty) => `${rowH(ty)}px`).join(' ') }}>
          {range(r0, r1).map((ty) =>
            range(p0, p1).map((p) => (
              <div key={`${ty}-${p}`} className={`tile a${ty === selected.ty ? ' band' : ''}${ty === selected.ty && p === phase ? ' current' : ''}`} title={blockName('A', ty + 1, p + 1)}>
                {cell >= 40 && blockName('A', ty + 1, p + 1)}
              </div>
            )),
          )}
        </div>
        <div
          className="cgrid"
          role="grid"
          aria-label="C tiles: arrow keys move the selection"
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
                    title={`${blockName('C', ty + 1, tx + 1)}: workgroup (${r.x}, ${r.y}), ${r.stores} elements${wrong ? `, ${wrong} wrong` : ''}`}
                  >
                    {cell >= 40 ? (
                      <>
                        <span className="wg">
                          ({r.x},{r.y})
                        </span>
                        {wrong > 0 && <span className="wrong-mark">✗{wrong}</span>}
                      </>
                    ) : wrong > 0 ? (
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
      <p className="small">{text.cells} Click a tile or use the arrow keys on the C grid.</p>
    </section>
  );
}
