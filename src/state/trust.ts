/**
 * The trust rule (core/trust) with this page's facts: the wall clock's step is measured here once
 * (performance.now() is coarsened per page, 5 µs to 1 ms or more), so a run timed by the wall clock
 * is judged at the step it really had. Benchmark points are judged from their own figures only
 * (core/trust pointTrust), so a shared link reads the same in every page.
 */
import { clockResolutionMs } from '../core/clock';
import { kAssumedStepMs, runTrust, softwareAdapter, type TimedRunFields, type Trust } from '../core/trust';
import { useApp, type AppState } from './store';

import { pointTrust } from '../core/trust';
export { allTrusted, barShares, kDistrusts, notDrawn, pointTrust, rooflineFigureTrust, softwareAdapter, type Distrust, type SharedFigureTrust, type Trust } from '../core/trust';

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

/**
 * Whether this page's adapter is a software one (SwiftShader, a fallback adapter: core/trust
 * softwareAdapter). Every figure this page measures was measured on it.
 */
export function softwareHere(): boolean {
  return isSoftwareHere(useApp.getState());
}

/** The same, as a selector over the store (views subscribe with it; state/ reads it from a state). */
export const isSoftwareHere = (s: Pick<AppState, 'gpu'>): boolean => s.gpu.state === 'ready' && softwareAdapter(s.gpu.info).software;

/**
 * The trust rule over a run of this page: the one place a figure measured here is judged (issue
 * #46), so no view can forget the adapter. `from.software` overrides this page's adapter (a run
 * remembered from another device, a test); without it the adapter in use decides.
 */
export const runTrustHere = (r: TimedRun, from?: { readonly software?: boolean }): Trust =>
  runTrust(r, pageWallStepMs(), { software: from?.software ?? softwareHere() });

/**
 * The trust rule over a benchmark point this page measured (the benchmark's own table and chart):
 * core/trust pointTrust with this page's adapter. A shared link's points are judged with its sender's
 * adapter instead (pointTrust with the link's device).
 */
export const pointTrustHere = (p: Parameters<typeof pointTrust>[0]): Trust | undefined => pointTrust(p, { software: softwareHere() });
