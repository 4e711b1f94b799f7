/** Types and initial values of the benchmark slice (no imports from the store: no cycles). */
import { kDefaultSweepSizes, type BenchPoint, type DeviceReport, type SweepConfig } from '../core/bench';
import type { SharePayload } from '../core/share';
import type { KernelId } from '../core/kernels';

export interface BenchState {
  readonly sweepText: { readonly sizes: string; readonly kernels: ReadonlyArray<KernelId>; readonly warmups: string; readonly samples: string };
  readonly sweepStatus: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  readonly sweepError: string;
  readonly sweepProgress: { readonly done: number; readonly total: number; readonly label: string };
  readonly sweepPoints: readonly BenchPoint[];
  /** What the last sweep ran with, on which device, when. */
  readonly sweepRun?: { readonly config: SweepConfig; readonly device: DeviceReport; readonly date: string };
  readonly shareUrl: string;
  readonly shareUrlError: string;
  /** Results opened from a link. */
  readonly shared?: SharePayload;
  readonly shareError: string;
}

/** The benchmark sizes as text when nothing else is given. */
export const kDefaultSizesText = kDefaultSweepSizes.join(', ');

/** The initial slice; `sizes` is the URL's text (already validated and clipped by core/url). */
export function initialBench(sizes: string = kDefaultSizesText): BenchState {
  return {
    sweepText: { sizes, kernels: ['naive', 'tiled'], warmups: '2', samples: '0' },
    sweepStatus: 'idle',
    sweepError: '',
    sweepProgress: { done: 0, total: 0, label: '' },
    sweepPoints: [],
    shareUrl: '',
    shareUrlError: '',
    shareError: '',
  };
}
