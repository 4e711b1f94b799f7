/**
 * The tuner's records, kept per browser (zustand persist → localStorage) and validated on load,
 * and the state of a tuning run. The tuning itself runs from runs.ts (it shares the run lock).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { adapterKey, addTuneRecord, chooseAuto, parseTuneRecords, type AutoChoice, type Candidate, type TuneRecord } from '../core/tuning';
import { t } from '../i18n';
import type { Shape } from '../core/shape';
import type { GpuInfo } from '../gpu/device';
import { candidateApplies } from '../gpu/tuner';

export interface TuningState {
  readonly records: readonly TuneRecord[];
  readonly status: 'idle' | 'running' | 'done' | 'error';
  /** The candidate being tried (the UI names it in the language in use). */
  readonly progress?: { readonly done: number; readonly total: number; readonly candidate: Candidate };
  /** What the last tuning did, in words made when it happened. */
  readonly message: string;
}

export const useTuning = create<TuningState>()(
  persist<TuningState>(() => ({ records: [], status: 'idle', message: '' }), {
    name: 'tiles.tuning.v1',
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ records: s.records }) as TuningState,
    merge: (persisted, current) => ({ ...current, records: parseTuneRecords((persisted as { records?: unknown } | undefined)?.records) }),
  }),
);

/** The browser engine, as part of the adapter key: the same GPU tunes differently in Chrome and Firefox. */
export function engineLabel(): string {
  const ua = typeof navigator !== 'undefined' ? navigator.userAgent : '';
  const m = /(Firefox|Edg|Chrome|Version)\/(\d+)/.exec(ua);
  // Part of the adapter key of stored records: the same in every language.
  if (!m) return ua.slice(0, 60) || 'unknown engine'; // i18n-exempt: a key in stored tuning records, not shown as a sentence
  const name = m[1] === 'Edg' ? 'Edge' : m[1] === 'Version' ? 'Safari' : m[1]!;
  return `${name} ${m[2]}`;
}

export function thisAdapter(info: GpuInfo): string {
  return adapterKey(info, engineLabel());
}

export function saveTuneRecord(rec: TuneRecord): void {
  useTuning.setState((s) => ({ records: addTuneRecord(s.records, rec) }));
}

export function clearTuning(): void {
  useTuning.setState({ records: [], status: 'idle', message: t('run:tuner.cleared') });
}

/** What "auto" runs at this shape on this adapter, from the stored records. */
export function autoChoice(records: readonly TuneRecord[], info: GpuInfo, shape: Shape): AutoChoice | undefined {
  return chooseAuto(records, thisAdapter(info), shape, (c) => candidateApplies(c, shape, info));
}
