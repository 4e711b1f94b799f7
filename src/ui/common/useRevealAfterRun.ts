import { useEffect, useRef, type RefObject } from 'react';
import { afterNextPaint } from '../lesson/afterPaint';

/**
 * When a run of this view ends (`running` turns false), its results are scrolled into view as far as needed and no
 * further (block 'nearest'): at 1366×768 the dot product's result sat on the bottom edge and the partitions' measured
 * times below the first screen, so a run seemed to change nothing. Focus stays where it is; a view opened with results
 * already there does not scroll. (The lesson does more: it keeps its summary at the top while its page settles.)
 */
export function useRevealAfterRun(ref: RefObject<HTMLElement | null>, running: boolean): void {
  const was = useRef(running);
  useEffect(() => {
    const ended = was.current && !running;
    was.current = running;
    if (!ended) return;
    return afterNextPaint(() => ref.current?.scrollIntoView({ block: 'nearest' }));
  }, [running, ref]);
}
