/** Types and initial values of the visualisation slice (no imports from the store: no cycles). */
import type { ParsedConfig } from '../core/config';
import type { TraceResult } from '../gpu/trace';
import type { Said } from '../i18n';

export interface TraceView extends Omit<TraceResult, 'c' | 'padded'> {
  readonly config: ParsedConfig;
  /** Per C element, 1 = differs from the reference (when the whole C could be checked). */
  readonly wrong?: Uint8Array;
  readonly wrongCount: number;
  /** Where the record comes from: the GPU's instrumented run, or the CPU simulation (no WebGPU). */
  readonly source: 'gpu' | 'cpu';
  /** The whole GPU trace compared with the model (when traced). */
  readonly traceCheck?: { readonly slots: number; readonly mismatches: number };
  /** How C was compared with the reference (data: said in the language in use when shown). */
  readonly checkedHow: Said;
}

export interface VizState {
  readonly trace?: TraceView;
  readonly traceStatus: 'idle' | 'running' | 'done' | 'error';
  readonly traceError: Said | string;
  readonly selected: { readonly ty: number; readonly tx: number };
  readonly step: number;
  /** The lane (slot row ly, column lx of the tile) whose element and full value the stepper prints beside its grids. */
  readonly lane: { readonly ly: number; readonly lx: number };
  readonly playing: boolean;
  readonly stepMs: number;
  readonly bounds: boolean;
  readonly classroom: boolean;
}

export const kInitialViz: VizState = {
  traceStatus: 'idle',
  traceError: '',
  selected: { ty: 0, tx: 0 },
  step: 0,
  lane: { ly: 0, lx: 0 },
  playing: false,
  stepMs: 1000,
  bounds: true,
  classroom: false,
};

