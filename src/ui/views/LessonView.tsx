import { useEffect, useRef } from 'react';
import { useApp } from '../../state/store';
import { Comparison } from '../Comparison';
import { Controls } from '../Controls';
import { KernelSource } from '../KernelSource';
import { DataFlow, TilingWhy } from '../Lessons';
import { PhaseStepper } from '../PhaseStepper';
import { ResultCard } from '../ResultCard';
import { TileMap } from '../TileMap';
import { VizBar } from '../VizBar';

/** The highest run number among the finished results (0 when none has finished). */
function useLastFinishedRun(): number {
  return useApp((s) => Math.max(0, ...Object.values(s.results).map((r) => (r && r.status !== 'running' ? r.seq : 0))));
}

/**
 * The lesson: the problem and its examples, the run, the results, then the tile map, the formula and
 * the phase stepper. After a run the results and the map are scrolled into view.
 */
export function LessonView() {
  const results = useRef<HTMLElement>(null);
  const last = useLastFinishedRun();
  const seen = useRef(last);
  useEffect(() => {
    if (last === seen.current) return;
    seen.current = last;
    results.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [last]);
  return (
    <>
      <Controls />
      <section className="results" aria-label="Results" ref={results}>
        <ResultCard id="naive" />
        <ResultCard id="tiled" />
      </section>
      <Comparison />
      <VizBar />
      <TileMap />
      <PhaseStepper />
      <TilingWhy />
      <DataFlow />
      <KernelSource />
    </>
  );
}
