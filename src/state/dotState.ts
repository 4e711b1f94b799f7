/** Types and initial values of the dot-product slice (no imports from the store: no cycles). */
import type { DotResult } from '../gpu/dot';

export interface DotState {
  readonly view: 'matmul' | 'dot';
  readonly dotText: { readonly n: string; readonly workgroupSize: string; readonly maxWorkgroups: string; readonly pattern: 'closed-form' | 'random'; readonly gpuFinal: boolean };
  readonly dotStatus: 'idle' | 'running' | 'verified' | 'mismatch' | 'error';
  readonly dotError: string;
  readonly dotResult?: Omit<DotResult, 'timing'> & { readonly timing: Omit<DotResult['timing'], never> };
  readonly dotWorkgroup: number;
  readonly dotStep: number;
}

export function initialDot(search: string): DotState {
  let view: DotState['view'] = 'matmul';
  let n = '1000';
  try {
    const q = new URLSearchParams(search);
    if (q.get('view') === 'dot') view = 'dot';
    const dn = q.get('dotn');
    if (dn !== null) n = dn.slice(0, 32);
  } catch {
    // defaults
  }
  return {
    view,
    dotText: { n, workgroupSize: '256', maxWorkgroups: '32', pattern: 'closed-form', gpuFinal: false },
    dotStatus: 'idle',
    dotError: '',
    dotWorkgroup: 0,
    dotStep: 0,
  };
}
