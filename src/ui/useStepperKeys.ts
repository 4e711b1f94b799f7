// i18n-pending: this file's words are not in the catalogues yet
import { useEffect } from 'react';
import { moveSelection, setClassroom, stepBy, togglePlaying } from '../state/viz';

/**
 * The stepper's keys, one table for the handler and for the hint on screen, so the hint shows
 * exactly the keys that work in the current mode.
 *
 * - lesson (the page, while the stepper is shown): ←/→ step, W/A/S/D move the selected C tile.
 *   Space keeps its usual meaning there (it presses the focused button).
 * - classroom: the same, plus Space play/pause, F fullscreen and Esc leave.
 *
 * The keys work wherever focus is (a button, the body, the C grid), except in text fields
 * (input, select, textarea, editable text), where typing wins.
 */
export type KeyMode = 'lesson' | 'classroom';

export interface KeyHint {
  readonly keys: string;
  readonly action: string;
}

/** What each key does, in words (one place, for translation). */
const kHint = {
  step: { keys: '← / →', action: 'step' },
  play: { keys: 'Space', action: 'play / pause' },
  move: { keys: 'W A S D', action: 'move the selected C tile' },
  full: { keys: 'F', action: 'fullscreen' },
  leave: { keys: 'Esc', action: 'leave' },
} as const;

export function keyHints(mode: KeyMode): readonly KeyHint[] {
  return mode === 'classroom' ? [kHint.step, kHint.play, kHint.move, kHint.full, kHint.leave] : [kHint.step, kHint.move];
}

const kMoves: Record<string, readonly [number, number]> = { w: [-1, 0], s: [1, 0], a: [0, -1], d: [0, 1] };

/** Text fields keep their keys. */
export function isTextField(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  return t.isContentEditable || t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement;
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
 * makes fullscreen (classroom only).
 */
export function useStepperKeys(mode: KeyMode, active: boolean, fullscreenTarget?: () => Element | null): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (mode === 'classroom' && e.key === 'Escape') {
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        setClassroom(false);
        e.preventDefault();
        return;
      }
      if (isTextField(e.target)) return;
      if (mode === 'lesson' && e.target instanceof Element && e.target.closest(kOwnArrows)) return;
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      const move = kMoves[key];
      if (e.key === 'ArrowRight') stepBy(1);
      else if (e.key === 'ArrowLeft') stepBy(-1);
      else if (move) moveSelection(move[0], move[1]);
      else if (mode === 'classroom' && e.key === ' ') togglePlaying();
      else if (mode === 'classroom' && key === 'f') toggleFullscreen(fullscreenTarget?.() ?? document.documentElement);
      else return;
      // Space would otherwise press the focused button; arrows would scroll.
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode, active, fullscreenTarget]);
}
