/**
 * The practice code loads with the views that use it (issue #47): the exercises, their checks, the
 * judge and the practice actions (state/practice.ts) are not part of the first screen. The
 * practice view and the class board wait for `loadPractice` before they draw (ui/views/registry.tsx);
 * main.tsx starts it at once when the page opens on one of them. The service worker precaches the
 * chunk, so it loads offline after one visit.
 */
let loading: Promise<void> | undefined;

/** Load the practice code and fill the store's practice slice (state/practice.ts startPractice), once. */
export function loadPractice(): Promise<void> {
  if (!loading) {
    const p = import('./practice').then((m) => m.startPractice());
    loading = p;
    // A failed load (offline before the worker was installed) may be tried again.
    p.catch(() => {
      if (loading === p) loading = undefined;
    });
  }
  return loading;
}
