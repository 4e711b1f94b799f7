/** Types and initial values of the probes' slice (no imports from the store: no cycles). */
import type { ProbeId } from '../core/probes';
import type { ProbeResult } from '../gpu/probes';
import type { Said } from '../i18n';

export interface ProbeSlot {
  readonly status: 'idle' | 'running' | 'done' | 'error';
  /** While running: which variant (0-based) of how many. */
  readonly step?: { readonly n: number; readonly total: number };
  readonly result?: ProbeResult;
  /** Why the last run failed or was refused, said when shown. */
  readonly error?: Said | string;
}

export interface ProbesState {
  readonly probes: Readonly<Record<ProbeId, ProbeSlot>>;
}

export const initialProbes = (): ProbesState => ({ probes: { coalescing: { status: 'idle' }, banks: { status: 'idle' } } });
