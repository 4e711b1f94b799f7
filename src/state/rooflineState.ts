/** Types and initial values of the roofline slice (no imports from the store: no cycles). */
import type { RooflineFigures } from '../core/roofline';
import type { RooflineResult, RooflineStage } from '../gpu/roofline';
import type { Said } from '../i18n';

export interface RooflineState {
  readonly rooflineStatus: 'idle' | 'running' | 'done' | 'error';
  readonly rooflineStage?: RooflineStage;
  /** The last run on this device: every probe's figures, and the summary that is shared. */
  readonly rooflineResult?: RooflineResult;
  readonly roofline?: RooflineFigures;
  /** Why the last run was refused or failed, said when shown; '' when none. */
  readonly rooflineError: Said | string;
}

export const initialRoofline = (): RooflineState => ({ rooflineStatus: 'idle', rooflineError: '' });
