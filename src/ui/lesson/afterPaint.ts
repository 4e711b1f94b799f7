/**
 * Run `fn` once the browser has rendered the next frame, when layout is clean again: reading sizes
 * or scrolling there costs no extra layout, where doing it during React's commit forces a layout
 * of the whole page inside the task that commits (after a run: tens of ms per read on a 2-core
 * machine). Returns a cancel function (for effect clean-ups).
 */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
