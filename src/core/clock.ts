/**
 * How a run was timed — the one definition of the clock (runs, points, share links, device
 * reports and the UI read it from here).
 */
import { z } from './zod';

/** GPU timestamps (timestamp-query), or the wall clock from submit to onSubmittedWorkDone. */
export const kClocks = ['gpu-timestamp', 'wall-clock'] as const;
export type Clock = (typeof kClocks)[number];
export const ClockSchema = z.enum(kClocks);

/**
 * Engines quantise GPU timestamps (Chrome to 100 µs, Dawn's default to 2^16 ns): a timed sample
 * (gpu/timing.ts) spans at least this many quantisation steps, so one step is at most 0.5% of it.
 */
export const kStepsPerSample = 200;

/** The best clock a device offers: timestamps where it has timestamp-query. */
export const bestClock = (timestampQuery: boolean): Clock => (timestampQuery ? 'gpu-timestamp' : 'wall-clock');

/**
 * Whether a measured time says nothing: zero, or shorter than one step of the clock that took it.
 * (A time averaged over n dispatches has a step of resolution / n.)
 */
export function isBelowResolution(ms: number, resolutionMs?: number): boolean {
  return Number.isFinite(ms) && (ms <= 0 || (resolutionMs !== undefined && Number.isFinite(resolutionMs) && resolutionMs > 0 && ms < resolutionMs));
}

/**
 * The step of a clock: the smallest positive difference between successive readings, over a few
 * tries (browsers coarsen performance.now() to 5–100 µs). 0 when it never moved.
 */
export function clockResolutionMs(now: () => number = () => performance.now(), tries = 5): number {
  let best = Infinity;
  for (let t = 0; t < tries; t++) {
    const a = now();
    let b = now();
    for (let spin = 0; b === a && spin < 1_000_000; spin++) b = now();
    if (b > a) best = Math.min(best, b - a);
  }
  return Number.isFinite(best) ? best : 0;
}
