/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { kPresets } from '../core/presets';
import { tileGrid } from '../core/tiling';
import { kGarbage } from '../core/trace';
import { runKernels } from '../state/runs';
import { applyConfig, useApp } from '../state/store';
import { setBounds, setClassroom } from '../state/viz';
import { fmtInt } from './format';
import { KeyHintLine, PhaseStepper } from './PhaseStepper';
import { CoordinateKey, figureExtent, figureWindow, kMapWords, TileFigure, useTileMapView } from './TileMap';
import { toggleFullscreen, useStepperKeys } from './useStepperKeys';
import './classroom.css';

/** Every word of the presentation, in one place. */
const kWords = {
  title: 'Tiles · classroom',
  leave: 'Leave (Esc)',
  leaveLabel: 'Leave classroom mode (Esc)',
  fullscreen: 'Fullscreen (F)',
  examples: 'Examples: load and run',
  bounds: 'Boundary tests',
  boundsOn: 'on',
  boundsOff: 'off',
  fromGpu: 'Drawn from the GPU’s own record of the real run.',
  fromCpu: 'Simulated on the CPU: this browser has no WebGPU, so no GPU recorded this.',
  empty: 'Pick an example above: the tiled kernel runs on this GPU, and the map and the stepper are drawn from its record.',
  running: 'Recording the tiled run on the GPU…',
  failed: (e: string) => `The traced run failed: ${e}`,
  wrong: (n: string, one: boolean) => `Boundary tests off: ${n} element${one ? '' : 's'} of C ${one ? 'is' : 'are'} wrong (tiles marked ✗).`,
  noneWrong: 'Boundary tests off: no element of C is wrong at this size.',
  standIn: (v: number) => `Reads past the end of A or B get ${v}: the stand-in this app places after both matrices for memory past the end.`,
  windowed: (r: string, c: string, p: string) => `Showing C rows ${r}, columns ${c} and phases ${p} around the selection.`,
} as const;

/** Short names of the sources for the presentation's buttons (the presets' own labels are longer). */
const kShort: Record<string, string> = {
  'cuda-samples': 'cuda-samples matrixMul',
  pmpp: 'PMPP 3×3, tile 2',
  numba: '4×4, tile 2',
};

/** Figure size in tiles (with a partial edge tile counted in full). */
function useBox<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize((s) => (s.w === el.clientWidth && s.h === el.clientHeight ? s : { w: el.clientWidth, h: el.clientHeight }));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, size] as const;
}

/**
 * Classroom mode: a presentation that fills the viewport instead of the page. The formula and the
 * tile map on the left (the map grows to the space), the stepper's current phase on the right,
 * the keys along the bottom; large type on black, nothing under 18 px.
 */
export function Classroom() {
  const stage = useRef<HTMLElement>(null);
  const trace = useApp((s) => s.trace);
  const status = useApp((s) => s.traceStatus);
  const traceError = useApp((s) => s.traceError);
  const bounds = useApp((s) => s.bounds);
  const selected = useApp((s) => s.selected);
  const step = useApp((s) => s.step);
  const view = useTileMapView(trace);
  const [figRef, fig] = useBox<HTMLDivElement>();
  const stageEl = useCallback(() => stage.current, []);
  useStepperKeys('classroom', true, stageEl);

  // Entering: start at the top with the way out focused; leaving: back to the page's toggle.
  useEffect(() => {
    window.scrollTo(0, 0);
    stage.current?.querySelector<HTMLElement>('[data-testid="classroom-toggle"]')?.focus();
    return () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      requestAnimationFrame(() => {
        const t = document.querySelector<HTMLElement>('[data-testid="classroom-toggle"]');
        t?.scrollIntoView({ block: 'center' });
        t?.focus();
      });
    };
  }, []);

  let figure = null;
  if (trace && view) {
    const w = figureWindow(trace, selected, step);
    const { across, down } = figureExtent(trace, selected, step);
    const gaps = 2 * Math.max(w.cols[1] - w.cols[0] + w.phases[1] - w.phases[0], w.rows[1] - w.rows[0] + w.phases[1] - w.phases[0]) + 16;
    const cell = Math.max(24, Math.min(240, Math.floor(Math.min((fig.w - gaps) / across, (fig.h - gaps) / down))));
    const font = Math.max(18, Math.min(44, Math.round(cell * 0.24)));
    figure = <TileFigure trace={trace} wrongPerTile={view.wrongPerTile} notation={view.notation} cell={cell} font={font} minFont={18} />;
  }
  const g = trace ? tileGrid(trace.config.shape, trace.config.tile) : undefined;
  const win = trace ? figureWindow(trace, selected, step) : undefined;

  return (
    <main ref={stage} className="classroom-stage" data-classroom="true" aria-label={kWords.title}>
      <header className="cr-bar">
        <button type="button" data-testid="classroom-toggle" aria-pressed="true" aria-label={kWords.leaveLabel} onClick={() => setClassroom(false)}>
          {kWords.leave}
        </button>
        <button type="button" data-testid="classroom-fullscreen" onClick={() => toggleFullscreen(stage.current)}>
          {kWords.fullscreen}
        </button>
        <div className="cr-presets" role="group" aria-label={kWords.examples}>
          {kPresets
            .filter((p) => p.m * p.n * p.k <= 2 ** 20)
            .map((p) => (
              <button
                key={p.id}
                type="button"
                data-testid={`classroom-preset-${p.id}`}
                title={p.source}
                onClick={() => {
                  applyConfig({ m: String(p.m), k: String(p.k), n: String(p.n), tile: String(p.tile) });
                  void runKernels(['tiled']);
                }}
              >
                ▶ {kShort[p.id] ?? p.label}
              </button>
            ))}
        </div>
        <label className="switch">
          <input type="checkbox" data-testid="toggle-bounds" checked={bounds} onChange={(e) => setBounds(e.target.checked)} /> {kWords.bounds} {bounds ? kWords.boundsOn : kWords.boundsOff}
        </label>
      </header>
      {trace && view ? (
        <div className="cr-formula-row">
          <p className="formula" data-testid="formula" aria-live="polite">
            {view.notation.formula(selected.ty, selected.tx)}
          </p>
          <p className="cr-source">
            {trace.source === 'gpu' ? kWords.fromGpu : kWords.fromCpu} {trace.config.shape.m}×{trace.config.shape.k}×{trace.config.shape.n}, tile {trace.config.tile}.
            {win?.windowed && g ? ` ${kWords.windowed(`${win.rows[0] + 1}–${win.rows[1]} of ${g.tilesY}`, `${win.cols[0] + 1}–${win.cols[1]} of ${g.tilesX}`, `${win.phases[0] + 1}–${win.phases[1]} of ${g.phases}`)}` : ''}
          </p>
        </div>
      ) : (
        <p className="cr-empty">{status === 'running' ? kWords.running : status === 'error' ? kWords.failed(traceError) : kWords.empty}</p>
      )}
      <div className="cr-body">
        <section className="cr-map" data-testid="tile-map" data-source={trace?.source ?? 'none'} data-trace-status={status} data-tiles-x={g?.tilesX} data-tiles-y={g?.tilesY} aria-label={kMapWords.heading}>
          {trace && view ? (
            <>

              {!trace.bounds && (
                <p className="cr-bounds-off" data-testid="bounds-off-summary">
                  {trace.wrongCount === 0 ? kWords.noneWrong : kWords.wrong(fmtInt(trace.wrongCount), trace.wrongCount === 1)} {kWords.standIn(kGarbage)}
                </p>
              )}
              <div className="cr-figure" ref={figRef}>
                {figure}
              </div>
              <CoordinateKey notation={view.notation} compact />
            </>
          ) : (
            <div className="cr-figure" ref={figRef} />
          )}
        </section>
        <section className="cr-stepper" aria-label="Phase stepper">
          <PhaseStepper mode="classroom" />
        </section>
      </div>
      <footer className="cr-foot">
        <KeyHintLine mode="classroom" />
      </footer>
    </main>
  );
}
