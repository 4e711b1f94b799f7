import { useEffect } from 'react';
import { t } from '../../i18n';
import { moveSelection, setClassroom, stepBy, togglePlaying } from '../../state/viz';

/**
 * The stepper's keys, one table for the handler and for the hint on screen, so the hint shows
 * exactly the keys that work in the current mode.
 *
 * - lesson (the page, while the stepper is shown): ←/→ step, W/A/S/D move the selected C tile.
 *   Space keeps its usual meaning there (it presses the focused button).
 * - classroom: the same, plus Space play/pause, F fullscreen and Esc leave.
 *
 * The keys work wherever focus is (a button, the body, the C grid, and in the presentation the
 * slider, the speed menu and the checkbox too), except in text fields (typed inputs, textarea,
 * editable text), where typing wins.
 */
export type KeyMode = 'lesson' | 'classroom';

export interface KeyHint {
  readonly keys: string;
  readonly action: string;
}

/** Each key and what it does: the action (and a key named by a word) is a key of the 'viz' catalogue (keys.*). */
const kHint = {
  step: { keys: '← / →', action: 'step' },
  play: { keys: 'space', action: 'play', named: true },
  move: { keys: 'W A S D', action: 'move' },
  full: { keys: 'F', action: 'full' },
  leave: { keys: 'Esc', action: 'leave' },
} as const;

/**
 * What the keys do: the stepper they drive. The lesson's phase stepper (kLessonActions) moves its C
 * tile with W A S D; a stepper without `move` (the dot product's reduction) has no such keys.
 */
export interface StepperActions {
  /** ← / →: one step back or on. */
  readonly stepBy: (delta: number) => void;
  /** Space (classroom): play or pause. */
  readonly togglePlaying: () => void;
  /** Esc (classroom): leave the presentation. */
  readonly leave: () => void;
  /** W A S D: move the selection by rows and columns. */
  readonly move?: (dy: number, dx: number) => void;
}

/** The lesson's phase stepper. */
export const kLessonActions: StepperActions = { stepBy, togglePlaying, leave: () => setClassroom(false), move: moveSelection };

/** The key hints of a mode, in the language in use (W A S D only where `move` does something). */
export function keyHints(mode: KeyMode, move = true): readonly KeyHint[] {
  const all = mode === 'classroom' ? [kHint.step, kHint.play, kHint.move, kHint.full, kHint.leave] : [kHint.step, kHint.move];
  const hints = move ? all : all.filter((h) => h !== kHint.move);
  return hints.map((h) => ({ keys: 'named' in h ? t(`viz:keys.${h.keys}`) : h.keys, action: t(`viz:keys.${h.action}`) }));
}

const kMoves: Record<string, readonly [number, number]> = { w: [-1, 0], s: [1, 0], a: [0, -1], d: [0, 1] };

/** Input types that take typed text (their arrows and Space move a caret or type): they keep their keys. */
const kTypedInputs = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week']);

/**
 * Text fields keep their keys: a typed input, a text area, editable text. A slider, a menu
 * (select), a checkbox or a button is not one: the stepper's keys win there (in classroom mode).
 */
export function isTextField(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable || t instanceof HTMLTextAreaElement) return true;
  return t instanceof HTMLInputElement && kTypedInputs.has(t.type);
}

/** Controls with keys of their own (arrows move a slider or a menu's choice, Space presses a button or a checkbox). */
function isControl(t: EventTarget | null): boolean {
  return t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLButtonElement;
}

/** Widgets whose own arrow keys must win on the page (tabs, radio groups, menus, list boxes, sliders). */
const kOwnArrows = '[role="tablist"], [role="radiogroup"], [role="menu"], [role="menubar"], [role="listbox"], [role="slider"]';

/** Enter or leave the browser's fullscreen with `el` (the Fullscreen API); refusals are ignored. */
export function toggleFullscreen(el: Element | null): void {
  if (typeof document === 'undefined') return;
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else if (el?.requestFullscreen) void el.requestFullscreen().catch(() => undefined);
}

/**
 * Install the keys of `mode` on the window while `active`. `fullscreenTarget` is the element F
 * makes fullscreen (classroom only); `actions` is the stepper they drive (a constant: the keys are
 * installed again when it changes).
 */
export function useStepperKeys(mode: KeyMode, active: boolean, fullscreenTarget?: () => Element | null, actions: StepperActions = kLessonActions): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (mode === 'classroom' && e.key === 'Escape') {
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        actions.leave();
        e.preventDefault();
        return;
      }
      if (isTextField(e.target)) return;
      // On the page a slider, a menu or a tab list keeps its own keys; in the presentation nothing
      // but a text field does (the keys are the presenter's, wherever a click left the focus).
      if (mode === 'lesson' && e.target instanceof Element && (e.target.closest(kOwnArrows) || e.target instanceof HTMLSelectElement || (e.target instanceof HTMLInputElement && e.target.type === 'range'))) return;
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      const move = actions.move ? kMoves[key] : undefined;
      if (e.key === 'ArrowRight') actions.stepBy(1);
      else if (e.key === 'ArrowLeft') actions.stepBy(-1);
      else if (move) actions.move?.(move[0], move[1]);
      else if (mode === 'classroom' && e.key === ' ') actions.togglePlaying();
      else if (mode === 'classroom' && key === 'f') toggleFullscreen(fullscreenTarget?.() ?? document.documentElement);
      else return;
      // Space would otherwise press the focused button or tick the checkbox; arrows would scroll,
      // move the slider or change the menu's choice.
      e.preventDefault();
      if (isControl(e.target)) e.stopPropagation();
    };
    // Capture phase: the handler runs before the focused control's own (a select changes its
    // choice, a slider its value on keydown), so preventDefault stops them.
    window.addEventListener('keydown', onKey, true);
    // A button or checkbox acts on Space's keyup: swallow it in the presentation.
    const onKeyUp = (e: KeyboardEvent) => {
      if (mode === 'classroom' && e.key === ' ' && isControl(e.target) && !isTextField(e.target)) e.preventDefault();
    };
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, [mode, active, fullscreenTarget, actions]);
}
