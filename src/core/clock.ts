/**
 * How a run was timed — the one definition of the clock (runs, points, share links, device
 * reports and the UI read it from here).
 */
import { t } from '../i18n';
import { z } from './zod';

/** GPU timestamps (timestamp-query), or the wall clock from submit to onSubmittedWorkDone. */
export const kClocks = ['gpu-timestamp', 'wall-clock'] as const;
export type Clock = (typeof kClocks)[number];
export const ClockSchema = z.enum(kClocks);

/** The clock in words, as a result card says it (in the language in use when read: getters). */
export const kClockLabels: Readonly<Record<Clock, string>> = {
  get 'gpu-timestamp'() {
    return t('common:clock.gpuTimestamp');
  },
  get 'wall-clock'() {
    return t('common:clock.wallClock');
  },
};

/** The best clock a device offers: timestamps where it has timestamp-query. */
export const bestClock = (timestampQuery: boolean): Clock => (timestampQuery ? 'gpu-timestamp' : 'wall-clock');
