/** Types and initial values of the dot-product slice (no imports from the store: no cycles). */
import type { DotResult } from '../gpu/dot';
import { kDefaultView, type View } from '../core/views';
import type { Said } from '../i18n';

export interface DotState {
  /** The view on screen (its address is `?view=`; see core/url startView). */
  readonly view: View;
  readonly dotText: { readonly n: string; readonly workgroupSize: string; readonly maxWorkgroups: string; readonly pattern: 'closed-form' | 'random'; readonly gpuFinal: boolean };
  readonly dotStatus: 'idle' | 'running' | 'verified' | 'mismatch' | 'error';
  /** Why the last run was refused or failed, said when shown (it follows a language switch); '' when none. */
  readonly dotError: Said | string;
  readonly dotResult?: Omit<DotResult, 'timing'> & { readonly timing: Omit<DotResult['timing'], never> };
  readonly dotWorkgroup: number;
  readonly dotStep: number;
  /** The reduction stepper plays (one step per stepMs, the page's speed). */
  readonly dotPlaying: boolean;
  /** The reduction shown as a presentation (classroom mode of the dot-product view). */
  readonly dotClassroom: boolean;
}

/** The dot product's N as text when nothing else is given. */
export const kDefaultDotN = '1000';

/** The initial slice; view and N come from the URL (already validated and clipped by core/url). */
export function initialDot(view: DotState['view'] = kDefaultView, n: string = kDefaultDotN): DotState {
  return {
    view,
    dotText: { n, workgroupSize: '256', maxWorkgroups: '32', pattern: 'closed-form', gpuFinal: false },
    dotStatus: 'idle',
    dotError: '',
    dotWorkgroup: 0,
    dotStep: 0,
    dotPlaying: false,
    dotClassroom: false,
  };
}
