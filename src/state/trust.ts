/**
 * The trust rule (core/trust) with this page's facts: the wall clock's step is measured here once
 * (performance.now() is coarsened per page, 5 µs to 1 ms or more), so a run timed by the wall clock
 * is judged at the step it really had. Benchmark points are judged from their own figures only
 * (core/trust pointTrust), so a shared link reads the same in every page.
 */
import { clockResolutionMs } from '../core/clock';
import { kAssumedStepMs, runTrust, type TimedRunFields, type Trust } from '../core/trust';

export { allTrusted, barShares, kDistrusts, notDrawn, pointTrust, probeFigureTrust, rooflineFigureTrust, softwareAdapter, type Distrust, type SharedFigureTrust, type Trust } from '../core/trust';

/** The timing fields of a run that decide whether its time is a speed. */
export type TimedRun = TimedRunFields;

let wallStepMs: number | undefined;

/** This page's wall-clock step (ms): measured once; the assumed step when the clock never moved. */
export function pageWallStepMs(): number {
  if (wallStepMs === undefined) {
    const measured = typeof performance !== 'undefined' ? clockResolutionMs() : 0;
    wallStepMs = measured > 0 ? measured : kAssumedStepMs['wall-clock'];
  }
  return wallStepMs;
}

/** The trust rule over a run of this page. */
export const runTrustHere = (r: TimedRun, from?: { readonly software?: boolean }): Trust => runTrust(r, pageWallStepMs(), from);
