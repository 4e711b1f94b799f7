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
  const traceStatus = useApp((s) => s.traceStatus);
  const seen = useRef(last);
  const finishedAt = useRef(0);
  // Scrolled once the new results are laid out (a scroll in the commit would force that layout there).
  // After the speed-up action its answer is what the run was for: that is scrolled to instead.
  // Focus follows (issue #45): the control that started the run would be screens above, so focus
  // moves to what is scrolled to — the one-line verdict (its words announced: aria-live) or the
  // speed-up's answer — and the page scrolls only to keep that focused element in view. A reader who
  // has moved focus elsewhere since (typing, tabbing) is left where they are.
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
    });
  useEffect(() => {
    if (last === seen.current) return;
    seen.current = last;
    finishedAt.current = performance.now();
    return scroll();
  }, [last]);
  // The run's trace arrives a moment later and changes the map's height (and the comparison above
  // appears): scroll again once, so the summary stays at the top of the screen.
  useEffect(() => {
    if (traceStatus !== 'done' || finishedAt.current === 0 || performance.now() - finishedAt.current > 15_000) return;
    finishedAt.current = 0;
    return scroll(true);
  }, [traceStatus]);
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
