/**
 * The phase stepper's logic without React or words (issue #33: pulled out of ui/lesson/PhaseStepper.tsx,
 * which draws it): the selected workgroup's slots in one phase from the GPU's record or the model,
 * which lanes the multiply step marks, what a lane prints in the width it has, and how the grids'
 * indices are spaced.
 */
import { fitValue } from './notation';
import type { Shape } from './shape';
import { kOutside, kStepNames, kStepsPerPhase, modelPartialSums, phaseView, type SlotLoad } from './trace';
import { tileGrid } from './tiling';

/** The grid of C tiles and phases (core/tiling tileGrid). */
export type TileGrid = ReturnType<typeof tileGrid>;

/** One slot of the selected workgroup in the current phase: what it loaded and its running sum. */
export interface Slot {
  readonly model: SlotLoad;
  readonly aIndex: number;
  readonly bIndex: number;
  readonly a: number;
  readonly b: number;
  readonly localIndex: number;
  readonly aOob: boolean;
  readonly bOob: boolean;
  /** Partial sum after the previous phase and after this one. */
  readonly before: number;
  readonly after: number;
  readonly wrong: boolean;
}

/** What the stepper needs of a traced run (state/viz's TraceState, without its words). */
export interface StepperTrace {
  readonly config: { readonly shape: Shape; readonly tile: number };
  readonly trace?: Uint32Array;
  readonly rowsPerInvocation: number;
  readonly bounds: boolean;
  /** Per element of C: nonzero where the run without the tests got it wrong. */
  readonly wrong?: ArrayLike<number>;
}

export interface StepperView {
  readonly g: TileGrid;
  /** The phase the step is in (0-based). */
  readonly ph: number;
  readonly slots: readonly Slot[];
  /** Slots whose record disagrees with the model. */
  readonly mismatches: number;
  /** True when the slots come from the GPU's (or the simulation's) record, false from the model. */
  readonly recorded: boolean;
}

/**
 * The selected workgroup's slots at `step`: from the record where there is one (its sums before
 * this phase from the record of the previous one), else from the model with the data's values.
 */
export function stepperSlots(t: StepperTrace, data: { a: Float32Array; b: Float32Array } | undefined, selected: { ty: number; tx: number }, step: number): StepperView {
  const { shape, tile } = t.config;
  const g = tileGrid(shape, tile);
  const ph = Math.min(Math.floor(step / kStepsPerPhase), g.phases - 1);
  const { ty, tx } = selected;
  const rec = t.trace;
  const now = phaseView(rec, shape, tile, t.rowsPerInvocation, tx, ty, ph, t.bounds);
  const prev = rec && ph > 0 ? phaseView(rec, shape, tile, t.rowsPerInvocation, tx, ty, ph - 1, t.bounds).slots : undefined;
  const modelBefore = !rec && data && ph > 0 ? modelPartialSums(data.a, data.b, shape, tile, tx, ty, ph - 1, t.bounds) : undefined;
  const modelAfter = !rec && data ? modelPartialSums(data.a, data.b, shape, tile, tx, ty, ph, t.bounds) : undefined;
  const slots: Slot[] = now.slots.map(({ model: m, record: r }, i) => {
    const aIndex = r ? r.aIndex : m.aIndex;
    const bIndex = r ? r.bIndex : m.bIndex;
    const row = ty * tile + m.ly;
    const col = tx * tile + m.lx;
    return {
      model: m,
      aIndex,
      bIndex,
      localIndex: r ? r.localIndex : m.localIndex,
      a: aIndex === kOutside || !data ? 0 : (data.a[aIndex] ?? 0),
      b: bIndex === kOutside || !data ? 0 : (data.b[bIndex] ?? 0),
      aOob: t.bounds && r ? aIndex === kOutside : !m.aInside,
      bOob: t.bounds && r ? bIndex === kOutside : !m.bInside,
      before: r ? (prev?.[i]?.record?.sum ?? 0) : (modelBefore?.[i] ?? 0),
      after: r ? r.sum : (modelAfter?.[i] ?? 0),
      wrong: Boolean(m.storesC && t.wrong?.[row * shape.n + col]),
    };
  });
  return { g, ph, slots, mismatches: now.mismatches, recorded: Boolean(rec) };
}

/** The step within its phase (0 load … 3 barrier 2), whether it is the multiply step, and which sums the grid shows. */
export function stepParts(step: number): { sub: number; multiply: boolean; sums: 'before' | 'after' } {
  const sub = step % kStepsPerPhase;
  return { sub, multiply: kStepNames[sub] === 'multiply', sums: sub >= 2 ? 'after' : 'before' };
}

/** The phases whose sums the grid shows: after this phase from the multiply step on, else after the previous one (0: before phase 1). */
export function sumsAfterPhases(ph: number, sums: 'before' | 'after'): number {
  return sums === 'after' ? ph + 1 : ph;
}

/**
 * How a load lane is marked: outside its matrix, read past its row with the tests off (wrapped), 0.0
 * written by the test (zero); at the multiply step the focused lane's row of As ('row') or column of
 * Bs ('col'), and in term by term the pair of the current term.
 */
export function loadMarks(
  which: 'a' | 'b',
  s: Pick<Slot, 'aOob' | 'bOob'> & { readonly model: Pick<SlotLoad, 'ly' | 'lx'> },
  lane: { ly: number; lx: number },
  multiply: boolean,
  bounds: boolean,
  upTo: number | undefined,
): { oob: boolean; wrapped: boolean; zero: boolean; hl: 'row' | 'col' | undefined; term: boolean } {
  const oob = which === 'a' ? s.aOob : s.bOob;
  const hl = multiply && (which === 'a' ? s.model.ly === lane.ly : s.model.lx === lane.lx) ? (which === 'a' ? 'row' : 'col') : undefined;
  const term = Boolean(hl && upTo !== undefined && (which === 'a' ? s.model.lx === upTo : s.model.ly === upTo));
  return { oob, wrapped: !bounds && oob, zero: oob && bounds, hl, term };
}

/** Average glyph width of the lane font, in em (tabular digits, sign, point): on the safe side. */
export const kGlyphEm = 0.62;
/** Width of the column of row indices beside a grid, in em. */
export const kIndexEm = 1.6;

/**
 * Characters a lane of a tile-wide grid prints: its share of the grid's width (after the index
 * column, the gaps, its border and padding) in glyphs, less `shrink` taken off after layout showed
 * an overflow. 0: the lane is shaded instead.
 */
export function laneChars(width: number, font: number, tile: number, shrink = 0, gap = 2): number {
  const inner = (width - kIndexEm * font - gap * tile) / tile - 6;
  return Math.max(0, Math.floor(inner / (kGlyphEm * font)) - shrink);
}

/** Indices of a grid: one a row and column where the lanes print text (up to tile 16), else one every four (eight for squares at tile 32). */
export function indexStep(tile: number, chars: number): number {
  return tile >= 32 && chars < 2 ? 8 : tile >= 32 || (tile >= 16 && chars < 2) ? 4 : 1;
}

/** What one lane prints in `chars` characters: the fixed text where it fits, else the value with fewer digits, and the suffix where it still fits. */
export function laneText(it: { value: number; fixed?: string; suffix?: string }, chars: number): string {
  const shown = it.fixed !== undefined && it.fixed.length <= chars ? it.fixed : fitValue(it.value, chars);
  return it.suffix && shown && `${shown} ${it.suffix}`.length <= chars ? `${shown} ${it.suffix}` : shown;
}
