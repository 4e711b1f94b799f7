import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyHintLine } from './PhaseStepper';
import { toggleFullscreen, useStepperKeys, type StepperActions } from './useStepperKeys';
import { LangSwitch } from '../views/LangSwitch';
import './classroom.css';

/** An element's client size in pixels, kept up to date (a figure sized to the space it is given). */
export function useBox<T extends HTMLElement>() {
  const [size, setSize] = useState({ w: 0, h: 0 });
  const observer = useRef<ResizeObserver | null>(null);
  // A callback ref: the box is measured whenever an element mounts under it, not only on the first
  // render (entering classroom mode before a run mounts the map's box later, in another branch, and
  // a measurement made once kept it at 0 × 0).
  const ref = useCallback((el: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    const measure = () => setSize((s) => (s.w === el.clientWidth && s.h === el.clientHeight ? s : { w: el.clientWidth, h: el.clientHeight }));
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(el);
  }, []);
  return [ref, size] as const;
}

/** The presentation's mode, for the keys and their hint. */
const kMode = 'classroom';

/**
 * Classroom mode's stage, shared by the lesson's phase stepper and the dot product's reduction: a
 * presentation that fills the viewport instead of the page, large type on black (nothing under
 * 18 px). Along the top the way out (test id classroom-toggle, focused on entry), fullscreen and
 * the stepper's own `bar`; then `children` (two rows: a heading row and the body, which takes the
 * rest of the height); along the bottom the keys that work here and the language switch. The keys
 * (`actions`) work with focus anywhere but a text field (useStepperKeys); leaving returns focus to
 * the page's classroom-toggle.
 */
export function ClassroomStage({ label, actions, bar, className, children }: { label: string; actions: StepperActions; bar?: ReactNode; className?: string; children: ReactNode }) {
  const stage = useRef<HTMLElement>(null);
  const { t } = useTranslation('viz');
  const stageEl = useCallback(() => stage.current, []);
  useStepperKeys(kMode, true, stageEl, actions);

  // Entering: start at the top with the way out focused; leaving: back to the page's toggle.
  useEffect(() => {
    window.scrollTo(0, 0);
    stage.current?.querySelector<HTMLElement>('[data-testid="classroom-toggle"]')?.focus();
    return () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      requestAnimationFrame(() => {
        const toggle = document.querySelector<HTMLElement>('[data-testid="classroom-toggle"]');
        toggle?.scrollIntoView({ block: 'center' });
        toggle?.focus();
      });
    };
  }, []);

  return (
    <main ref={stage} className={className ? `classroom-stage ${className}` : 'classroom-stage'} data-classroom="true" aria-label={label}>
      <header className="cr-bar">
        <button type="button" data-testid="classroom-toggle" aria-pressed="true" aria-label={t('classroom.leaveLabel')} onClick={actions.leave}>
          {t('classroom.leave')}
        </button>
        <button type="button" data-testid="classroom-fullscreen" onClick={() => toggleFullscreen(stage.current)}>
          {t('classroom.fullscreen')}
        </button>
        {bar}
      </header>
      {children}
      <footer className="cr-foot">
        <KeyHintLine mode={kMode} move={Boolean(actions.move)} />
        <LangSwitch />
      </footer>
    </main>
  );
}
