import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The width and font of an element, measured once laid out and on every resize. Measured when the
 * browser has laid the page out (a ResizeObserver reports once on observe, then on every resize):
 * reading the width during React's commit would force a layout of the whole page inside the task
 * that commits a run's results (~25 ms there on a 2-core machine).
 */
export function useBox(ref: RefObject<HTMLElement | null>): { width: number; font: number } {
  const [box, setBox] = useState({ width: 0, font: 16 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => {
      const width = el.clientWidth;
      const font = parseFloat(getComputedStyle(el).fontSize) || 16;
      setBox((b) => (b.width === width && b.font === font ? b : { width, font }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return box;
}
