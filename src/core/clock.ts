// i18n-pending: this file's words are not in the catalogues yet
/**
 * How a run was timed — the one definition of the clock (runs, points, share links, device
 * reports and the UI read it from here).
 */
import { z } from './zod';

/** GPU timestamps (timestamp-query), or the wall clock from submit to onSubmittedWorkDone. */
export const kClocks = ['gpu-timestamp', 'wall-clock'] as const;
export type Clock = (typeof kClocks)[number];
export const ClockSchema = z.enum(kClocks);

/** The clock in words, as a result card says it. */
export const kClockLabels: Readonly<Record<Clock, string>> = {
  'gpu-timestamp': 'GPU timestamps',
  'wall-clock': 'wall clock (submit → onSubmittedWorkDone)',
};

/** The clock in a few words (tables, the device panel). */
export const kClockNames: Readonly<Record<Clock, string>> = {
  'gpu-timestamp': 'GPU timestamps',
  'wall-clock': 'wall clock',
};

/** The best clock a device offers: timestamps where it has timestamp-query. */
export const bestClock = (timestampQuery: boolean): Clock => (timestampQuery ? 'gpu-timestamp' : 'wall-clock');
