/** Types and initial values of the benchmark slice (no imports from the store: no cycles). */
import type { BenchPoint, DeviceReport, SweepConfig } from '../core/bench';
import type { ShareChoice, ShareFailure, SharePayload } from '../core/share';
import { kDefaultShareChoice, kDefaultSweepSizes } from '../core/benchDefaults';
import { kLessonKernelIds, type KernelId } from '../core/kernels';
import type { SweepPointId } from '../gpu/sweep';
import type { Said } from '../i18n';

export interface BenchState {
  readonly sweepText: { readonly sizes: string; readonly kernels: ReadonlyArray<KernelId>; readonly warmups: string; readonly samples: string };
  readonly sweepStatus: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  /** Why the last sweep was refused or failed, said when shown (it follows a language switch); '' when none. */
  readonly sweepError: Said | string;
  /** Points done of total, and the point running now (put into words by the view). */
  readonly sweepProgress: { readonly done: number; readonly total: number; readonly current?: SweepPointId };
  readonly sweepPoints: readonly BenchPoint[];
  /** What the last sweep ran with, on which device, when. */
  readonly sweepRun?: { readonly config: SweepConfig; readonly device: DeviceReport; readonly date: string };
  /** The last finished sweep, whole (the link carries what shareChoice reveals of it). */
  readonly sweepPayload?: SharePayload;
  /** What the sender chose the link to reveal, and their label. */
  readonly shareChoice: ShareChoice;
  readonly shareUrl: string;
  /** Why no share link could be made: a refused link's reason as data, or the browser's text; '' when none. */
  readonly shareUrlError: ShareFailure | string;
  /** The shared results the last sweep was started for ("Run the same benchmark here"): the two are compared. */
  readonly sweepOfShared?: SharePayload;
  /** Results opened from a link. */
  readonly shared?: SharePayload;
  /** Why the link in the address could not be opened (put into words by the view, in the reader's language). */
  readonly shareError?: ShareFailure;
  /** The runs of the comparison view, in order: each link opened, or why it was refused. */
  readonly compared: readonly ComparedRun[];
}

/** One link of a comparison: its results, or why it was refused. */
export type ComparedRun = { readonly link: string; readonly payload: SharePayload } | { readonly link: string; readonly error: ShareFailure };

/** The benchmark sizes as text when nothing else is given. */
export const kDefaultSizesText = kDefaultSweepSizes.join(', ');

/** The initial slice; `sizes` is the URL's text (already validated and clipped by core/url). */
export function initialBench(sizes: string = kDefaultSizesText): BenchState {
  return {
    sweepText: { sizes, kernels: kLessonKernelIds, warmups: '2', samples: '0' },
    sweepStatus: 'idle',
    sweepError: '',
    sweepProgress: { done: 0, total: 0 },
    sweepPoints: [],
    shareChoice: kDefaultShareChoice,
    shareUrl: '',
    shareUrlError: '',
    compared: [],
  };
}
