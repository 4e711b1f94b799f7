import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../state/store';
import { Comparison } from '../lesson/Comparison';
import { Controls } from '../common/Controls';
import { Glossary, GlossaryLink } from '../lesson/Glossary';
import { LessonNext } from '../common/KernelSource';
import { DataFlow, TilingWhy } from '../lesson/Lessons';
import { PhaseStepper } from '../lesson/PhaseStepper';
import { ResultCard } from '../lesson/ResultCard';
import { RunSummary } from '../lesson/RunSummary';
import { TileMap } from '../lesson/TileMap';
import { VizBar } from '../lesson/VizBar';
import { afterNextPaint } from '../lesson/afterPaint';

/** How long after a run the summary is kept at the top of the screen while the page settles. */
const kSettleMs = 15_000;
/** What a reader does that ends that: the page is theirs again. */
const kReaderEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** The highest run number among the finished results (0 when none has finished). */
function useLastFinishedRun(): number {
  return useApp((s) => Math.max(0, ...Object.values(s.results).map((r) => (r && r.status !== 'running' ? r.seq : 0))));
}

/**
 * The lesson: the problem and its examples, the run, the results, then the tile map, the formula and
 * the phase stepper, the lesson text and the glossary (linked from the top), and a pointer to the ladder view. After a run a one-line summary of the results and the map are scrolled into view.
 */
export function LessonView() {
  const { t } = useTranslation();
  const target = useRef<HTMLDivElement>(null);
  const last = useLastFinishedRun();
  const seen = useRef(last);
  // Scrolled once the new results are laid out (a scroll in the commit would force that layout there).
  // After the speed-up action its answer is what the run was for: that is scrolled to instead.
  // Focus follows (issue #45): the control that started the run would be screens above, so focus
  // moves to what is scrolled to — the one-line verdict (its words announced: aria-live) or the
  // speed-up's answer — and the page scrolls only to keep that focused element in view. A reader who
  // has moved focus elsewhere since (typing, tabbing) is left where they are.
  // Where the app last put what it scrolled to: a scroll that leaves it elsewhere while the page's
  // height stands still is the reader's (a scrollbar dragged without a pointer event reaching the page
  // — Firefox, Safari — or the browser's find-in-page), not the app's nor the browser's scroll anchoring.
  const placed = useRef<{ el: HTMLElement; top: number } | undefined>(undefined);
  const scroll = (again = false) =>
    afterNextPaint(() => {
      const answer = document.querySelector<HTMLElement>('[data-testid="speedup-ratio"]');
      const summary = document.querySelector<HTMLElement>('[data-testid="run-summary"]');
      const to = answer ?? summary ?? target.current;
      if (!to) return;
      const active = document.activeElement;
      const ours = !active || active === document.body || active === to || (active as HTMLElement).closest?.('[data-testid^="run-"], [data-testid="speedup"]') !== null;
      if (again && !ours) return;
      if (answer) answer.scrollIntoView({ block: 'center' });
      else target.current?.scrollIntoView({ block: 'start' });
      if (ours && active !== to) to.focus({ preventScroll: true });
      placed.current = { el: to, top: to.getBoundingClientRect().top };
    });
  useEffect(() => {
    if (last === seen.current) return;
    seen.current = last;
    placed.current = undefined;
    const cancels = [scroll()];
    // The page keeps settling after the run (the comparison appears, the trace arrives and the map grows), in
    // whatever order a busy machine brings them: after each change of the page's height, for up to
    // kSettleMs and until the reader scrolls, types or clicks, the summary is put back at the top of the screen.
    const page = document.documentElement;
    let height = page.scrollHeight;
    const observer = new ResizeObserver(() => {
      if (page.scrollHeight === height) return;
      height = page.scrollHeight;
      cancels.push(scroll(true));
    });
    observer.observe(document.body);
    const onScroll = () => {
      const at = placed.current;
      if (!at || page.scrollHeight !== height) return; // the page is still changing: the observer answers
      if (Math.abs(at.el.getBoundingClientRect().top - at.top) > 2) stop();
    };
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const e of kReaderEvents) removeEventListener(e, stop, true);
      removeEventListener('scroll', onScroll);
      // A re-scroll already asked for would otherwise still land after the reader took the page.
      for (const c of cancels.splice(1)) c();
    };
    const timer = setTimeout(stop, kSettleMs);
    for (const e of kReaderEvents) addEventListener(e, stop, { capture: true, passive: true });
    addEventListener('scroll', onScroll, { passive: true });
    return () => {
      stop();
      for (const c of cancels) c();
    };
  }, [last]);
  return (
    <>
      <Controls />
      {/* Under the problem, not above it: at 1366×768 in English the link's row pushed "Run both" below the fold. */}
      <GlossaryLink />
      <section className="results" aria-label={t('lesson.results')}>
        <ResultCard id="naive" />
        <ResultCard id="tiled" />
      </section>
      <Comparison />
      <VizBar />
      <div ref={target} className="after-run">
        <RunSummary />
        <TileMap />
      </div>
      <PhaseStepper />
      <TilingWhy />
      <DataFlow />
      <Glossary />
      <LessonNext />
    </>
  );
}
