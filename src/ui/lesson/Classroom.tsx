import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kPresets } from '../../core/presets';
import { tileGrid } from '../../core/tiling';
import { mapLayout } from '../../core/tileLabels';
import { kGarbage } from '../../core/trace';
import { runKernels } from '../../state/runs';
import { applyConfig, useApp } from '../../state/store';
import { useDerived } from '../../state/selectors';
import { setBounds } from '../../state/viz';
import { fmtInt } from '../common/format';
import { PhaseStepper } from './PhaseStepper';
import { ClassroomStage, useBox } from './ClassroomStage';
import { CoordinateKey, figureExtent, figureWindow, TileFigure, useTileMapView } from './TileMap';
import { kLessonActions } from './useStepperKeys';
import { say } from '../../i18n';
import { presetLabel, presetSource } from '../../i18n/words';
import './classroom.css';

/** Short names of the sources for the presentation's buttons (the presets' own labels are longer): a name, or a key of viz:classroom. */
const kShort: Record<string, { readonly name: string } | { readonly key: 'presetPmpp' | 'presetNumba' }> = {
  // i18n-exempt: a proper name (the cuda-samples example)
  'cuda-samples': { name: 'cuda-samples matrixMul' },
  pmpp: { key: 'presetPmpp' },
  numba: { key: 'presetNumba' },
};

/** The largest problem (M·K·N) the presentation offers to run: the examples' bound. */
const kClassroomMaxWork = 2 ** 20;

/** The presentation's mode, for the stepper and its key hint. */
const kMode = 'classroom';
/** What the left of the presentation shows (tabs; test ids cr-tab-<id>): the map, the kernel that ran, the phase table. */
// i18n-exempt: ids
const kLeftTabs = ['map', 'kernel', 'table'] as const;
type LeftTab = (typeof kLeftTabs)[number];

/**
 * Classroom mode: a presentation that fills the viewport instead of the page. The formula and the
 * tile map on the left (the map grows to the space), the stepper's current phase on the right,
 * the keys along the bottom; large type on black, nothing under 18 px.
 */
export function Classroom() {
  const trace = useApp((s) => s.trace);
  const status = useApp((s) => s.traceStatus);
  const traceError = useApp((s) => s.traceError);
  const bounds = useApp((s) => s.bounds);
  const selected = useApp((s) => s.selected);
  const step = useApp((s) => s.step);
  const view = useTileMapView(trace);
  const { t } = useTranslation('viz');
  const shortName = (id: string, label: string) => {
    const s = kShort[id];
    return `▶ ${!s ? label : 'name' in s ? s.name : t(`classroom.${s.key}`)}`;
  };
  const [figRef, fig] = useBox<HTMLDivElement>();
  const [left, setLeft] = useState<LeftTab>('map');
  // The problem on the page, when it parses and is small enough for the lesson's record (as the examples are).
  const parsed = useDerived().parsed;
  const current = parsed && parsed.shape.m * parsed.shape.k * parsed.shape.n <= kClassroomMaxWork ? parsed : undefined;

  let figure = null;
  let winSize: number | undefined;
  if (trace && view) {
    // The window that fits the stage both ways with every label readable at 18 px (core/tileLabels).
    const grid = tileGrid(trace.config.shape, trace.config.tile);
    const size = Math.min(
      mapLayout(grid, fig.w, 18, { maxCell: 240 }).window,
      mapLayout({ tilesX: grid.tilesY, tilesY: grid.tilesX, phases: grid.phases }, fig.h, 18, { maxCell: 240 }).window,
    );
    winSize = size;
    const w = figureWindow(trace, selected, step, size);
    const { across, down } = figureExtent(trace, selected, step, size);
    const gaps = 2 * Math.max(w.cols[1] - w.cols[0] + w.phases[1] - w.phases[0], w.rows[1] - w.rows[0] + w.phases[1] - w.phases[0]) + 16;
    const cell = Math.max(24, Math.min(240, Math.floor(Math.min((fig.w - gaps) / across, (fig.h - gaps) / down))));
    const font = Math.max(18, Math.min(44, Math.round(cell * 0.24)));
    figure = <TileFigure trace={trace} wrongPerTile={view.wrongPerTile} notation={view.notation} cell={cell} font={font} minFont={18} size={size} />;
  }
  const g = trace ? tileGrid(trace.config.shape, trace.config.tile) : undefined;
  const win = trace ? figureWindow(trace, selected, step, winSize) : undefined;

  return (
    <ClassroomStage
      label={t('classroom.title')}
      actions={kLessonActions}
      bar={
        <>
        <div className="cr-presets" role="group" aria-label={t('classroom.examples')}>
          {kPresets
            .filter((p) => p.m * p.n * p.k <= kClassroomMaxWork)
            .map((p) => (
              <button
                key={p.id}
                type="button"
                data-testid={`classroom-preset-${p.id}`}
                title={presetSource(p)}
                onClick={() => {
                  applyConfig({ m: String(p.m), k: String(p.k), n: String(p.n), tile: String(p.tile) });
                  void runKernels(['tiled']);
                }}
              >
                {shortName(p.id, presetLabel(p))}
              </button>
            ))}
        </div>
        <label className="switch">
          <input type="checkbox" data-testid="toggle-bounds" checked={bounds} onChange={(e) => setBounds(e.target.checked)} /> {bounds ? t('classroom.boundsOn') : t('classroom.boundsOff')}
        </label>
        </>
      }
    >
      {trace && view ? (
        <div className="cr-formula-row">
          <p className="formula" data-testid="formula" aria-live="polite">
            {say(view.notation.formula(selected.ty, selected.tx))}
          </p>
          <div className="cr-tabs" role="tablist" aria-label={t('lesson.sideTabs')}>
            {kLeftTabs.map((id) => (
              <button key={id} type="button" role="tab" aria-selected={left === id} data-testid={`cr-tab-${id}`} onClick={() => setLeft(id)}>
                {t(`lesson.tab.${id}`)}
              </button>
            ))}
          </div>
          <p className="cr-source">
            {t(trace.source === 'gpu' ? 'classroom.fromGpu' : 'classroom.fromCpu', { m: trace.config.shape.m, k: trace.config.shape.k, n: trace.config.shape.n, tile: trace.config.tile })}
            {win?.windowed && g
              ? ` ${t('classroom.windowed', { r0: win.rows[0] + 1, r1: win.rows[1], rows: g.tilesY, c0: win.cols[0] + 1, c1: win.cols[1], cols: g.tilesX, p0: win.phases[0] + 1, p1: win.phases[1], phases: g.phases })}`
              : ''}
          </p>
        </div>
      ) : (
        <div className="cr-empty-row">
          <p className="cr-empty">{status === 'running' ? t('map.recordingRun') : status === 'error' ? t('map.failed', { error: say(traceError) }) : t(current ? 'classroom.emptyCurrent' : 'classroom.empty')}</p>
          {current && status !== 'running' && (
            // The problem on the page (a link's, or typed) before any run: one press runs it here.
            <button type="button" className="primary" data-testid="classroom-run-current" onClick={() => void runKernels(['tiled'])}>
              {t('classroom.runCurrent', { m: current.shape.m, k: current.shape.k, n: current.shape.n, tile: current.tile })}
            </button>
          )}
        </div>
      )}
      <div className="cr-body">
        <section className="cr-map" data-testid="tile-map" data-source={trace?.source ?? 'none'} data-trace-status={status} data-tiles-x={g?.tilesX} data-tiles-y={g?.tilesY} aria-label={t('map.heading')}>
          {trace && view ? (
            <>

              {!trace.bounds && (
                <p className="cr-bounds-off" data-testid="bounds-off-summary">
                  {trace.wrongCount === 0 ? t('classroom.noneWrong') : t('classroom.wrong', { count: trace.wrongCount, n: fmtInt(trace.wrongCount) })}{' '}
                  {t('classroom.standIn', { v: kGarbage })}
                </p>
              )}
              <div className="cr-figure" ref={figRef} hidden={left !== 'map'}>
                {figure}
              </div>
              {left === 'map' ? <CoordinateKey notation={view.notation} compact /> : <PhaseStepper mode={kMode} part={left} />}
            </>
          ) : (
            <div className="cr-figure" ref={figRef} />
          )}
        </section>
        <section className="cr-stepper" aria-label={t('stepper.group')}>
          <PhaseStepper mode={kMode} />
        </section>
      </div>
    </ClassroomStage>
  );
}
