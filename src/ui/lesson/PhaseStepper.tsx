import { Fragment, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBox } from './useBox';
import type { PhaseLane, PhaseTerms } from './figureSvg';
import { macFormula, minusSign, termLineText } from '../../core/macTerms';
import { fullValue, notationOf } from '../../core/notation';
import { shapeLabel } from '../../core/shape';
import { describeIndex, kGarbage, kOutside, kStepsPerPhase, macTerms, stepLabel } from '../../core/trace';
import { indexStep, kIndexEm, laneChars, laneText, loadMarks, stepParts, stepperSlots, sumsAfterPhases, type Slot } from '../../core/stepper';
import { useApp } from '../../state/store';
import { setLane, setPlaying, setStep, setStepMs, stepBy, togglePlaying, tracedData } from '../../state/viz';
import { language, say } from '../../i18n';
import { FigureExport } from './FigureExport';
import { keyHints, useStepperKeys } from './useStepperKeys';
import './classroom.css';
import { afterNextPaint } from './afterPaint';
import { KernelSteps, MacTerms, PhaseTable } from './LessonCore';
import type { TileWidth } from '../../core/shape';
import { sentenceGap } from '../../i18n/words';

/** The speeds of playback, in milliseconds a step, with their words (keys of viz:stepper). */
const kSpeeds = [
  [2000, 'slow'],
  [1000, 'normal'],
  [400, 'fast'],
] as const;

/** The selected workgroup's slots in the current phase, from the GPU trace (or the model for large problems): core/stepper. */
function useStepperView() {
  const trace = useApp((s) => s.trace);
  const selected = useApp((s) => s.selected);
  const step = useApp((s) => s.step);
  return useMemo(() => {
    if (!trace) return undefined;
    const v = stepperSlots(trace, tracedData(), selected, step);
    return { ...v, source: v.recorded ? trace.source : ('model' as const), notation: notationOf(trace.config.shape, trace.config.tile) };
  }, [trace, selected, step]);
}

/**
 * Play: one step per `stepMs` (the page's speed, shared by every stepper) until the last step.
 * `atEnd` reads the stepper's current step; the lesson's and the dot product's steppers use it.
 */
export function usePlaying(playing: boolean, total: number, atEnd: () => boolean, advance: () => void, stop: () => void) {
  const stepMs = useApp((s) => s.stepMs);
  useEffect(() => {
    if (!playing || total === 0) return;
    const id = setInterval(() => {
      if (atEnd()) stop();
      else advance();
    }, stepMs);
    return () => clearInterval(id);
  }, [playing, stepMs, total, atEnd, advance, stop]);
}

const lessonAtEnd = (total: number) => () => useApp.getState().step >= total - 1;
const stopLesson = () => setPlaying(false);
const advanceLesson = () => stepBy(1);

/** The lesson's playback (one part plays: the presentation draws the side part as well). */
function usePlayback(total: number) {
  const playing = useApp((s) => s.playing);
  const atEnd = useMemo(() => lessonAtEnd(total), [total]);
  usePlaying(playing, total, atEnd, advanceLesson, stopLesson);
}

/** One lane as a grid draws it: the words and number it would print, and what marks it. */
interface LaneItem {
  readonly key: string;
  readonly testId: string;
  readonly className: string;
  readonly title: string;
  readonly attrs: Record<string, string>;
  /** The element label (printed above the value where it fits). */
  readonly src: string;
  readonly value: number;
  /** Printed instead of the value where it fits (e.g. "0.0" for a zero written by the test). */
  readonly fixed?: string;
  /** Appended to the value where it fits (e.g. "✗ wrong"). */
  readonly suffix?: string;
  readonly ly: number;
  readonly lx: number;
  /** The element really read, in words. */
  readonly actual: string;
}

/** The CSS variable a shaded lane's magnitude is set in. */
const kMagVar = '--mag';

/** The index names of each grid (the kernel's variables: As[ty][k], Bs[k][tx], the sum of (ty, tx)). */
// i18n-exempt: WGSL variable names
const kAxes = { as: { rows: 'ty', cols: 'k' }, bs: { rows: 'k', cols: 'tx' }, c: { rows: 'ty', cols: 'tx' } } as const;


/**
 * A tile×tile grid of lanes that never clips: it measures its width and font, prints as many
 * characters as a cell holds (label, then value with fewer digits, sign kept), and checks after
 * layout that nothing overflows, printing less until nothing does. A cell too narrow for a sign
 * and one digit prints nothing and is shaded by value instead; the focused lane's full value and
 * element are printed beside the grid.
 */
function LaneGrid({ tile, items, focus, heat, axes }: { tile: number; items: readonly LaneItem[]; focus: { ly: number; lx: number }; heat: boolean; axes: { rows: string; cols: string } }) {
  const ref = useRef<HTMLDivElement>(null);
  const box = useBox(ref);
  // Characters taken off after layout showed an overflow, for this width, font and tile only.
  const [shrinkBy, setShrinkBy] = useState({ key: '', n: 0 });
  // The column of row indices (kIndexEm wide) comes first; a lane's inner width is its share of the
  // rest, less border and padding (core/stepper laneChars).
  const key = `${box.width}|${box.font}|${tile}`;
  const shrink = shrinkBy.key === key ? shrinkBy.n : 0;
  const chars = laneChars(box.width, box.font, tile, shrink);
  // After layout: if any lane's text still overflows its cell, print one character less. (Once the
  // frame is rendered, not in the commit: the check reads every lane's size, which would force a
  // layout of the page there.)
  useEffect(() => {
    const el = ref.current;
    if (!el || chars === 0) return;
    return afterNextPaint(() => {
      for (const lane of Array.from(el.querySelectorAll<HTMLElement>(':scope > .lane'))) {
        if (lane.scrollWidth > lane.clientWidth + 0.5 || lane.scrollHeight > lane.clientHeight + 0.5) {
          setShrinkBy((s) => ({ key, n: (s.key === key ? s.n : 0) + 1 }));
          return;
        }
      }
    });
  }, [chars, items, key]);
  const labelsFit = items.every((it) => it.src.length <= chars);
  // Indices: one a row and column where the lanes print text (up to tile 16), else one every four (eight for
  // squares at tile 32), spanning them.
  const colStep = indexStep(tile, chars);
  const maxAbs = heat ? Math.max(1e-30, ...items.map((i) => (Number.isFinite(i.value) ? Math.abs(i.value) : 0))) : 1;
  return (
    // i18n-exempt: a CSS grid template
    <div className="lanes" ref={ref} style={{ gridTemplateColumns: `${kIndexEm}em repeat(${tile}, minmax(0, 1fr))` }} data-chars={chars}>
      <span className="lane-index corner" aria-hidden="true" title={`${axes.rows} ↓ · ${axes.cols} →`} />
      {Array.from({ length: tile / colStep }, (_, j) => (
        <span
          key={`c${j}`}
          className="lane-index col"
          data-testid="lane-col-index"
          title={`${axes.cols} ${j * colStep}`}
          data-span={colStep > 1 ? colStep : undefined}
          // i18n-exempt: a CSS grid span
          style={colStep > 1 ? { gridColumn: `span ${colStep}` } : undefined}
        >
          {j * colStep}
        </span>
      ))}
      {items.map((it, i) => {
        const withSuffix = laneText(it, chars);
        const shown = withSuffix !== '';
        // Every lane labelled or none: a grid with labels on some lanes only reads as uneven.
        const src = labelsFit ? it.src : '';
        const focused = it.ly === focus.ly && it.lx === focus.lx;
        const shade = !shown && heat && Number.isFinite(it.value) && it.value !== 0;
        const style = shade ? ({ [kMagVar]: `${Math.round((Math.abs(it.value) / maxAbs) * 70)}%` } as CSSProperties) : undefined;
        const r = Math.floor(i / tile);
        return (
          <Fragment key={it.key}>
          {i % tile === 0 && r % colStep === 0 && (
            <span
              className="lane-index row"
              data-testid="lane-row-index"
              title={`${axes.rows} ${r}`}
              data-span={colStep > 1 ? colStep : undefined}
              // i18n-exempt: CSS grid placement (one index spans the rows it stands for)
              style={colStep > 1 ? { gridColumn: '1', gridRow: `${r + 2} / span ${colStep}` } : undefined}
            >
              {r}
            </span>
          )}
          <div
            // i18n-exempt: CSS classes
            className={`${it.className}${focused ? ' focused' : ''}${shade ? (it.value < 0 ? ' heat neg' : ' heat pos') : ''}`}
            data-testid={it.testId}
            data-value={String(it.value)}
            {...it.attrs}
            title={it.title}
            style={style}
            onClick={() => setLane(it.ly, it.lx)}
          >
            {src && <span className="lane-src">{src}</span>}
            {withSuffix && <span className="lane-val">{withSuffix}</span>}
          </div>
          </Fragment>
        );
      })}
    </div>
  );
}

/** The test ids of a stepper's controls. */
export interface StepButtonIds {
  readonly prev: string;
  readonly play: string;
  readonly next: string;
  readonly speed: string;
  readonly slider: string;
}

/** A stepper's state and actions, for its buttons, speed and slider. */
export interface StepButtonsProps {
  readonly step: number;
  readonly total: number;
  readonly playing: boolean;
  readonly setStep: (step: number) => void;
  readonly togglePlaying: () => void;
  /** The group's name (said), and the word before the slider (hidden in the presentation). */
  readonly group: string;
  readonly sliderWord: string;
  readonly ids: StepButtonIds;
  /** Extra controls at the end of the group (the dot product's workgroup). */
  readonly children?: ReactNode;
}

/** A stepper's buttons, speed and slider: the lesson's and the dot product's, on the page and in the classroom. */
export function StepButtons({ step, total, playing, setStep: go, togglePlaying: toggle, group, sliderWord, ids, children }: StepButtonsProps) {
  const stepMs = useApp((s) => s.stepMs);
  const { t } = useTranslation('viz');
  return (
    <div className="stepper-controls" role="group" aria-label={group}>
      <button type="button" data-testid={ids.prev} onClick={() => go(step - 1)} disabled={step === 0} aria-label={t('stepper.prevLabel')}>
        {t('stepper.prev')}
      </button>
      <button type="button" data-testid={ids.play} onClick={toggle} aria-pressed={playing}>
        {playing ? t('stepper.pause') : t('stepper.play')}
      </button>
      <button type="button" data-testid={ids.next} onClick={() => go(step + 1)} disabled={step >= total - 1} aria-label={t('stepper.nextLabel')}>
        {t('stepper.next')}
      </button>
      <label>
        <span className="speed-word">{t('stepper.speed')}</span>{' '}
        <select value={stepMs} onChange={(e) => setStepMs(Number(e.target.value))} data-testid={ids.speed} aria-label={t('stepper.speed')}>
          {kSpeeds.map(([ms, words]) => (
            <option key={ms} value={ms}>
              {t(`stepper.${words}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="phase-word">{sliderWord}</span>{' '}
        <input type="range" min={0} max={total - 1} value={step} onChange={(e) => go(Number(e.target.value))} aria-label={t('stepper.stepAria')} data-testid={ids.slider} />
      </label>
      {children}
    </div>
  );
}

// i18n-exempt: test ids
const kPhaseIds: StepButtonIds = { prev: 'phase-prev', play: 'phase-play', next: 'phase-next', speed: 'phase-speed', slider: 'phase-slider' };

/** The lesson's stepper controls, shared by the page and the classroom. */
export function StepperControls({ total }: { total: number }) {
  const step = useApp((s) => s.step);
  const playing = useApp((s) => s.playing);
  const { t } = useTranslation('viz');
  return <StepButtons step={step} total={total} playing={playing} setStep={setStep} togglePlaying={togglePlaying} group={t('stepper.group')} sliderWord={t('stepper.phase')} ids={kPhaseIds} />;
}

const kLessonKeys = 'lesson';
/** Which figure the stepper's export buttons save (their test ids: export-phase-svg, export-phase-png). */
const kExportWhat = 'phase';

/** The key hint of a mode, exactly the keys that work there. */
export function KeyHintLine({ mode, move = true }: { mode: 'lesson' | 'classroom'; move?: boolean }) {
  // Subscribes to the language: keyHints translates in the language in use.
  const { t } = useTranslation('viz');
  return (
    <p className="small keys" data-testid="key-hint" data-mode={mode}>
      {/* No space after the full-width colon of the Chinese catalogues ("按键：←"). */}
      {t('stepper.keys')}{sentenceGap()}
      {keyHints(mode, move).map((h, i) => (
        <span key={h.keys}>
          {i > 0 && ' · '}
          <kbd>{h.keys}</kbd> {h.action}
        </span>
      ))}
    </p>
  );
}

/**
 * The phase stepper: the selected workgroup's As, Bs and running sums in the current step, the
 * focused lane's element and full value beside them. `mode` 'page' draws the panel of the lesson
 * (and installs the lesson keys); 'classroom' draws the same parts for the presentation.
 */
export function PhaseStepper({ mode = 'page', part = 'main' }: { mode?: 'page' | 'classroom'; part?: 'main' | 'kernel' | 'table' }) {
  const trace = useApp((s) => s.trace);
  const selected = useApp((s) => s.selected);
  const step = useApp((s) => s.step);
  const focus = useApp((s) => s.lane);
  const view = useStepperView();
  const { t } = useTranslation('viz');
  const total = view ? view.g.phases * kStepsPerPhase : 0;
  // Classroom, term by term: the multiply step's term k shown (undefined: all of them), for this
  // step, tile and lane only.
  const termKey = `${step}|${selected.ty}|${selected.tx}|${focus.ly}|${focus.lx}|${trace?.config.tile}`;
  const [term, setTerm] = useState<{ key: string; k: number | undefined }>({ key: '', k: undefined });
  const upTo = term.key === termKey ? term.k : undefined;
  // One part plays (the presentation draws the side part as well).
  usePlayback(part === 'main' ? total : 0);
  useStepperKeys('lesson', mode === 'page' && Boolean(trace));

  if (!trace || !view) return null;
  const { shape, tile } = trace.config;
  const { ph, slots, mismatches, source, notation } = view;
  const { sub, sums, multiply } = stepParts(step);
  const { ty, tx } = selected;
  const lane = { ly: Math.min(focus.ly, tile - 1), lx: Math.min(focus.lx, tile - 1) };

  const loadItem = (which: 'a' | 'b', s: Slot): LaneItem => {
    const { oob, wrapped, zero, hl, term: termHere } = loadMarks(which, s, lane, multiply, trace.bounds, upTo);
    const idx = which === 'a' ? s.aIndex : s.bIndex;
    const val = which === 'a' ? s.a : s.b;
    const attempted = which === 'a' ? `A[${s.model.aRow}][${s.model.aCol}]` : `B[${s.model.bRow}][${s.model.bCol}]`;
    const actual = say(which === 'a' ? describeIndex('A', idx, shape.m, shape.k) : describeIndex('B', idx, shape.k, shape.n));
    const actualShort = idx !== kOutside && idx >= (which === 'a' ? shape.m * shape.k : shape.k * shape.n) ? t('index.pastEndShort') : actual;
    // At the multiply step the focused lane reads row ly of As and column lx of Bs: marked by shape
    // (a heavy outline and hatching, CSS .hl) as well as colour; in classroom term by term, the
    // pair of the current term also carries data-term.
    return {
      key: `${s.model.ly}-${s.model.lx}`,
      testId: `lane-${which}-${s.model.ly}-${s.model.lx}`,
      // i18n-exempt: CSS classes
      className: `lane${oob ? ' oob' : ''}${wrapped ? ' wrapped' : ''}${sub === 0 ? ' loading' : ''}${hl ? ` hl hl-${hl}` : ''}${termHere ? ' term' : ''}`,
      attrs: {
        'data-oob': oob ? 'true' : 'false',
        'data-index': idx === kOutside ? 'outside' : String(idx),
        ...(hl ? { 'data-highlight': hl } : {}),
        ...(termHere ? { 'data-term': 'current' } : {}),
      },
      title: t('stepper.loadTitle', {
        x: s.model.invocation.x,
        y: s.model.invocation.y,
        li: s.localIndex,
        attempted,
        what: oob ? (trace.bounds ? t('stepper.loadOutside') : t('stepper.loadNoTest', { actual })) : actual,
        value: fullValue(zero ? 0 : val),
      }),
      src: zero ? `${attempted} ✗` : wrapped ? `${attempted}→${actualShort}` : actual,
      value: zero ? 0 : val,
      fixed: zero ? '0.0' : undefined,
      actual,
      ly: s.model.ly,
      lx: s.model.lx,
    };
  };
  const sumItem = (s: Slot): LaneItem => {
    const c = `C[${ty * tile + s.model.ly}][${tx * tile + s.model.lx}]`;
    return {
      key: `${s.model.ly}-${s.model.lx}`,
      testId: `c-slot-${s.model.ly}-${s.model.lx}`,
      // i18n-exempt: CSS classes
      className: `lane sum${s.model.storesC ? '' : ' nostore'}${s.wrong ? ' wrong' : ''}`,
      attrs: { 'data-stores': s.model.storesC ? 'true' : 'false', 'data-wrong': s.wrong ? 'true' : 'false' },
      title: s.model.storesC ? (s.wrong ? t(trace.source === 'cpu' ? 'stepper.wrongCpu' : 'stepper.wrongGpu', { c }) : c) : t('stepper.noCTitle'),
      src: s.model.storesC ? c : t('stepper.noC'),
      value: sums === 'after' ? s.after : s.before,
      suffix: s.wrong && sums === 'after' && ph === view.g.phases - 1 ? t('stepper.wrongMark') : undefined,
      actual: c,
      ly: s.model.ly,
      lx: s.model.lx,
    };
  };
  const heat = true;
  // The sums shown: after this phase, after the previous one, or (first phase, before its multiply) before phase 1.
  const sumsAfter = sumsAfterPhases(ph, sums);
  const cr = mode === 'classroom';
  const sumsCaption =
    sumsAfter === 0 ? t(cr ? 'stepper.sumsShortBefore' : 'stepper.sumsCaptionBefore') : t(cr ? 'stepper.sumsShortAfter' : 'stepper.sumsCaptionAfter', { n: sumsAfter });
  const focusSlot = slots[lane.ly * tile + lane.lx]!;
  const aItems = slots.map((s) => loadItem('a', s));
  const bItems = slots.map((s) => loadItem('b', s));
  const cItems = slots.map(sumItem);

  const grids = (
    <div className={`stepper-grids${tile >= 16 ? ' compact' : ''} t${tile}`} style={{ ['--tile' as string]: tile }}>
      <figure>
        <figcaption>{t(cr ? 'stepper.asShort' : 'stepper.asCaption', { block: notation.name('A', ty + 1, ph + 1) })}</figcaption>
        <LaneGrid tile={tile} items={aItems} focus={lane} heat={heat} axes={kAxes.as} />
      </figure>
      <figure>
        <figcaption>{t(cr ? 'stepper.bsShort' : 'stepper.bsCaption', { block: notation.name('B', ph + 1, tx + 1) })}</figcaption>
        <LaneGrid tile={tile} items={bItems} focus={lane} heat={heat} axes={kAxes.bs} />
      </figure>
      <figure>
        <figcaption>{sumsCaption}</figcaption>
        <LaneGrid tile={tile} items={cItems} focus={lane} heat={heat} axes={kAxes.c} />
      </figure>
    </div>
  );
  // The phase as the export draws it (ui/lesson/figureSvg): the same lanes, captions and label as on screen.
  const lane4 = (it: LaneItem, oob: boolean, noStore: boolean, wrong: boolean): PhaseLane => ({
    src: it.src,
    value: `${it.fixed ?? fullValue(it.value)}${it.suffix ? ` ${it.suffix}` : ''}`,
    oob,
    noStore,
    wrong,
    highlight: it.attrs['data-highlight'] as 'row' | 'col' | undefined,
  });
  // At the multiply step the figure carries the moment: the lane's terms, as on the page (issue #34).
  const cName = focusSlot.model.storesC ? `C[${ty * tile + lane.ly}][${tx * tile + lane.lx}]` : t('lesson.macNoC');
  const exportTerms = (): PhaseTerms | undefined =>
    multiply
      ? {
          heading: t('lesson.macHeading', { ly: lane.ly, lx: lane.lx }),
          formula: `${cName} += ${macFormula(tile, lane.ly, lane.lx)}`,
          lines: termLineText(
            macTerms(aItems.map((it) => it.value), bItems.map((it) => it.value), tile, lane.ly, lane.lx, focusSlot.before),
            focusSlot.before,
            6,
            tile >= 16 ? 110 : 80,
          ).map((l, i) => (i === 0 ? `${cName} = ${l}` : l)),
          sum: `= ${minusSign(fullValue(focusSlot.after))}`,
        }
      : undefined;
  // The SVG builder loads on the first save (issue #47: not part of the first load).
  const exportPhase = async () => {
    const { phaseFileName, phaseSvg } = await import('./figureSvg');
    return {
    svg: phaseSvg(
      {
        shape,
        tile,
        workgroup: { x: tx, y: ty },
        block: notation.cTile(ty, tx),
        formula: say(notation.formula(ty, tx)),
        phaseLabel: say(stepLabel(step, view.g.phases)),
        source,
        bounds: trace.bounds,
        grids: [
          { caption: t('stepper.asCaption', { block: notation.name('A', ty + 1, ph + 1) }), lanes: aItems.map((it, i) => lane4(it, slots[i]!.aOob, false, false)) },
          { caption: t('stepper.bsCaption', { block: notation.name('B', ph + 1, tx + 1) }), lanes: bItems.map((it, i) => lane4(it, slots[i]!.bOob, false, false)) },
          {
            caption: sumsAfter === 0 ? t('stepper.sumsCaptionBefore') : t('stepper.sumsCaptionAfter', { n: sumsAfter }),
            lanes: cItems.map((it, i) => lane4(it, false, !slots[i]!.model.storesC, Boolean(it.suffix))),
          },
        ],
        terms: exportTerms(),
      },
      language(),
    ),
    name: (ext: 'svg' | 'png') => phaseFileName(shape, tile, selected, ph, view.g.phases, sub, kStepsPerPhase, ext),
    };
  };
  const mac = (
    <MacTerms
      As={aItems.map((it) => it.value)}
      Bs={bItems.map((it) => it.value)}
      tile={tile}
      lane={lane}
      c={focusSlot.model.storesC ? `C[${ty * tile + lane.ly}][${tx * tile + lane.lx}]` : undefined}
      before={focusSlot.before}
      after={focusSlot.after}
      active={multiply}
      upTo={multiply ? upTo : undefined}
      onTerm={cr ? (k) => setTerm({ key: termKey, k }) : undefined}
      pick={cr ? <LanePick tile={tile} lane={lane} /> : undefined}
    />
  );
  const kernel = <KernelSteps tile={tile as TileWidth} sub={sub} last={ph === view.g.phases - 1} />;
  const table = <PhaseTable ph={ph} lane={lane} compact={cr} />;
  const detail = <LaneDetail compact={cr} sums={sums} slot={focusSlot} a={aItems[lane.ly * tile + lane.lx]!} b={bItems[lane.ly * tile + lane.lx]!} c={sumItem(focusSlot)} tile={tile} lane={lane} />;
  const label = (
    <p className="phase-label" data-testid="phase-label" aria-live="polite">
      {say(stepLabel(step, view.g.phases))}
    </p>
  );
  // Shown (by CSS) only while some lane is too narrow for its number and is shaded instead.
  const heatLegend = (short: boolean) => (
    <span className="heat-legend" data-testid="heat-legend">
      {short ? ' · ' : ' '}
      <span className="lane heat pos legend-swatch" style={{ [kMagVar]: '70%' } as CSSProperties} aria-hidden="true" />{' '}
      <span className="lane heat neg legend-swatch" style={{ [kMagVar]: '70%' } as CSSProperties} aria-hidden="true" />{' '}
      {t(short ? 'stepper.legendHeatShort' : 'stepper.legendHeat')}
    </span>
  );
  const legend = (
    <p className="small legend">
      <span className="lane oob legend-swatch" aria-hidden="true" /> {t('stepper.legendOob')} · <span className="lane nostore legend-swatch" aria-hidden="true" /> {t('stepper.legendNoStore')} ·{' '}
      <span className="lane hl legend-swatch" aria-hidden="true" /> <span data-testid="legend-selected">{t('stepper.legendSelected')}</span>{' '}
      {t('stepper.legendFocus')}
      {heatLegend(false)}
      {!trace.bounds && (
        <>
          {' '}
          <span data-testid="stand-in-stepper">{t('stepper.standIn', { v: kGarbage })}</span>
        </>
      )}
    </p>
  );

  // With the boundary tests on, a lane outside the matrix is correct (it loads 0.0): drawn grey, not red (CSS).
  const boundsAttr = trace.bounds ? 'on' : 'off';
  if (mode === 'classroom' && part !== 'main') {
    // In place of the map in the presentation (its tabs): the kernel that ran, or the phase table.
    return (
      <div className="classroom-side" data-testid="phase-stepper-side" data-show={part} data-bounds={boundsAttr}>
        {part === 'kernel' ? kernel : table}
      </div>
    );
  }
  if (mode === 'classroom') {
    return (
      <div className="classroom-stepper" data-testid="phase-stepper" data-source={source} data-bounds={boundsAttr}>
        {label}
        <StepperControls total={total} />
        {grids}
        {mac}
        {detail}
        <p className="legend">
          <span className="lane oob legend-swatch" aria-hidden="true" /> {t('stepper.legendOobShort')} · <span className="lane nostore legend-swatch" aria-hidden="true" /> {t('stepper.legendNoStoreShort')}
          {/* The selection's word in place of the click hint, the same at every step (no box moves between steps). */}
          {' · '}
          <span className="lane hl legend-swatch" aria-hidden="true" /> <span data-testid="legend-selected">{t('stepper.legendSelectedShort')}</span>
          {heatLegend(true)}
        </p>
      </div>
    );
  }


  return (
    <section className="panel" aria-labelledby="stepper-heading" data-testid="phase-stepper" data-source={source} data-bounds={boundsAttr}>
      <h2 id="stepper-heading">{t('stepper.heading', { wg: `(${tx}, ${ty})`, block: notation.cTile(ty, tx) })}</h2>
      <p className="small">
        {source === 'cpu' ? (
          <strong>{t('stepper.fromCpu')}</strong>
        ) : source === 'gpu' ? (
          <>
            {t('stepper.fromGpu')}{sentenceGap()}
            <span data-testid="trace-check" className={mismatches === 0 ? 'ok-text' : 'error-text'}>
              {mismatches === 0 ? t('stepper.traceOk') : t('stepper.traceBad', { n: mismatches })}
            </span>
          </>
        ) : (
          <>{t(trace.source === 'cpu' ? 'stepper.modelCpu' : 'stepper.modelGpu', { shape: shapeLabel(shape) })}</>
        )}
      </p>
      <StepperControls total={total} />
      <FigureExport what={kExportWhat} make={exportPhase} />
      <KeyHintLine mode={kLessonKeys} />
      {label}
      {/* From tile 16 the multiply step (its terms, the lane's row of As and column of Bs as strips,
          the running sum) comes right under the step's name, the kernel's lines and the phase table
          beside each other under it, the grids after them (three 16×16 grids are 1,100 px tall and
          put the multiply step two screens down; issue #34); below tile 16 the grids are the picture
          and come first. */}
      {tile >= 16 ? (
        <>
          {mac}
          <div className="stepper-beside">
            {kernel}
            {table}
          </div>
          {grids}
          {detail}
          {legend}
        </>
      ) : (
        <>
          {grids}
          <div className="stepper-beside">
            {mac}
            {kernel}
          </div>
          {detail}
          {legend}
          {table}
        </>
      )}
    </section>
  );
}

/** The focused lane, printed in full beside the grids: its invocation, both loads, its sum and C element. */
function LaneDetail({ slot, a, b, c, tile, lane, compact, sums }: { slot: Slot; a: LaneItem; b: LaneItem; c: LaneItem; tile: number; lane: { ly: number; lx: number }; compact?: boolean; sums: 'before' | 'after' }) {
  const { t } = useTranslation('viz');
  const Item = compact ? 'span' : 'li';
  const row = (label: string, item: LaneItem, oob: boolean, attempted: string): ReactNode => (
    <Item>
      {oob && item.fixed
        ? t('stepper.laneLoadsOutside', { what: label, attempted })
        : oob
          ? t('stepper.laneLoadsReads', { what: label, attempted, actual: item.actual })
          : t('stepper.laneLoads', { what: label, attempted })}
      <strong data-testid={`lane-detail-${label.toLowerCase()}`}>{item.fixed ?? fullValue(item.value)}</strong>
    </Item>
  );
  const s = slot;
  const asRow = row('As', a, s.aOob, `A[${s.model.aRow}][${s.model.aCol}]`);
  const bsRow = row('Bs', b, s.bOob, `B[${s.model.bRow}][${s.model.bCol}]`);
  if (compact) {
    // The presentation: the lane is picked beside its terms; here its two loads on one line.
    return (
      <p className="lane-detail compact" data-testid="lane-detail" aria-live="polite">
        {asRow} · {bsRow}
      </p>
    );
  }
  return (
    <div className="lane-detail" data-testid="lane-detail" aria-live="polite">
      <div className="lane-pick">
        <LanePick tile={tile} lane={lane} />
        {t('stepper.laneInvocation', { x: s.model.invocation.x, y: s.model.invocation.y, li: s.localIndex })}
      </div>
      <ul>
        {asRow}
        {bsRow}
        {/* The running sum of the steps done so far: before the multiply step this phase's terms are not added yet (issue #45). */}
        <li data-testid="lane-detail-sum" data-sum={sums === 'after' ? String(s.after) : String(s.before)}>
          {sums === 'after'
            ? s.model.storesC
              ? t('stepper.laneSumC', { before: fullValue(s.before), after: fullValue(s.after), c: c.src })
              : t('stepper.laneSumNoC', { before: fullValue(s.before), after: fullValue(s.after) })
            : s.model.storesC
              ? t('stepper.laneSumSoFarC', { before: fullValue(s.before), c: c.src })
              : t('stepper.laneSumSoFarNoC', { before: fullValue(s.before) })}
        </li>
      </ul>
    </div>
  );
}


/** The focused lane's row and column, typed (also in the presentation, beside its multiply terms). */
function LanePick({ tile, lane }: { tile: number; lane: { ly: number; lx: number } }) {
  const { t } = useTranslation('viz');
  return (
    <>
      <strong>{t('stepper.laneHeading')}</strong>{' '}
      <label>
        {t('stepper.laneRow')}{' '}
        <input type="number" min={0} max={tile - 1} value={lane.ly} onChange={(e) => setLane(Number(e.target.value), lane.lx)} data-testid="lane-row" />
      </label>{' '}
      <label>
        {t('stepper.laneCol')}{' '}
        <input type="number" min={0} max={tile - 1} value={lane.lx} onChange={(e) => setLane(lane.ly, Number(e.target.value))} data-testid="lane-col" />
      </label>
    </>
  );
}
