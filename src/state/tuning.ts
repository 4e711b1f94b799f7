/**
 * The tuner's records, kept per browser (zustand persist → localStorage) and validated on load,
 * and the state of a tuning run. The tuning itself runs from runs.ts (it shares the run lock).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { adapterKey, addTuneRecord, chooseAuto, parseTuneRecords, type AutoChoice, type Candidate, type TuneRecord } from '../core/tuning';
import { say, t, type Said } from '../i18n';
import type { Shape } from '../core/shape';
import type { GpuInfo } from '../gpu/device';
import { candidateApplies } from '../gpu/tuner';

export interface TuningState {
  readonly records: readonly TuneRecord[];
  readonly status: 'idle' | 'running' | 'done' | 'error';
  /** The candidate being tried (the UI names it in the language in use). */
  readonly progress?: { readonly done: number; readonly total: number; readonly candidate: Candidate };
  /** What the last tuning did, as a sentence of run:tuner and its values (tuneMessage says it in the language in use). */
  readonly note?: TuneNote;
}

/** A sentence of the tuner's status line: its key under run:tuner and the values it needs. */
export type TuneNote =
  | { readonly key: 'cleared' | 'noGpu' | 'fixInputs' }
  | { readonly key: 'done'; readonly shape: string; readonly good: number; readonly total: number }
  | { readonly key: 'stopped'; readonly error: Said | string };

/** The tuner's status line in the language in use ('' when there is nothing to say). */
export function tuneMessage(note: TuneNote | undefined): string {
  if (!note) return '';
  switch (note.key) {
    case 'done':
      return t('run:tuner.done', { shape: note.shape, good: note.good, total: note.total });
    case 'stopped':
      return t('run:tuner.stopped', { error: say(note.error) });
    default:
      return t(`run:tuner.${note.key}`);
  }
}

export const useTuning = create<TuningState>()(
  persist<TuningState>(() => ({ records: [], status: 'idle' }), {
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
  useTuning.setState({ records: [], status: 'idle', note: { key: 'cleared' } });
}

/** What "auto" runs at this shape on this adapter, from the stored records. */
export function autoChoice(records: readonly TuneRecord[], info: GpuInfo, shape: Shape): AutoChoice | undefined {
  return chooseAuto(records, thisAdapter(info), shape, (c) => candidateApplies(c, shape, info));
}
