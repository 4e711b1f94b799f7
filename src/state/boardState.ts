/** Types and initial values of the class board's slice (no imports from the store: no cycles). */
// Types only: core/board (the link reader, zod's schemas) loads with the board view, not with every page (issue #47).
import type { BoardCheck, BoardLinkFailure, BoardSet } from '../core/board';
import type { Clock } from '../core/clock';
import type { TimedLinkBad, Place } from '../core/practice/timing';
import type { Distrust } from '../core/trust';
import type { Said } from '../i18n';
import type { PracticeRung } from './practiceState';

/** An entry timed here, as Time it times it (every figure on the board: one GPU, one browser, one clock). */
export interface BoardTime {
  readonly gflops: number;
  readonly medianMs: number;
  readonly size: number;
  readonly clock: Clock;
  readonly samples: number;
  /** (max − min) ÷ median of the samples, per cent: the run-to-run spread a comparison allows. */
  readonly spreadPct: number;
  readonly verified: boolean;
  readonly trusted: boolean;
  /** Why the trust rule does not trust it (empty when it does). */
  readonly distrust: readonly Distrust[];
  /** Where it stands among the rungs timed at the same size (trusted, verified figures only). */
  readonly place?: Place;
  /** Its share of this GPU's measured FMA roof, when the roofline was measured in this page. */
  readonly ofRoof?: number;
}

/** A sender's own figure (the link's `timed=`), judged by the shared-figure rule; or why it does not read. */
export type BoardSenderFigure =
  | { readonly ok: true; readonly gflops: number; readonly size: number; readonly adapter: string; readonly trusted: boolean; readonly software: boolean; readonly bad: readonly TimedLinkBad[] }
  | { readonly ok: false; readonly why: 'damaged' | 'other-exercise' };

export interface BoardRunState {
  readonly status: 'idle' | 'running' | 'done' | 'cancelled' | 'stopped';
  /** Steps done of `total` (a check, a timed entry, the rungs). */
  readonly done: number;
  readonly total: number;
  readonly phase?: 'check' | 'time' | 'rungs';
  /** The entry being checked or timed. */
  readonly current?: string;
  /** A software adapter: checked, not timed, not ranked. */
  readonly software?: boolean;
  /** The size every entry and rung was timed at (M = K = N). */
  readonly size?: number;
  readonly rungs?: readonly PracticeRung[];
  /** The adapter that checked and timed the board. */
  readonly adapter?: string;
  /** Cancel was pressed: the run stops after the entry being checked. */
  readonly cancelling?: boolean;
  /** Why the run stopped early (the device was lost, no WebGPU, another run). */
  readonly message?: Said | string;
}

export interface BoardState {
  /** The links read: entries, benchmark links, refusals. */
  readonly boardSet: BoardSet;
  /** The judge's verdict per entry key (checked here). */
  readonly boardChecks: Readonly<Record<string, BoardCheck>>;
  /** Timed here, per entry key; or why it was not. */
  readonly boardTimes: Readonly<Record<string, BoardTime | { readonly error: Said | string }>>;
  /** The sender's own figure per entry key (the first copy that carried one). */
  readonly boardSenders: Readonly<Record<string, BoardSenderFigure>>;
  readonly boardRun: BoardRunState;
  /** How long each check took in this page (ms): the estimate of the next run reads them. */
  readonly boardCheckMs: readonly number[];
  /** A board link that did not open, or a file that could not be read. */
  readonly boardInputError?: { readonly kind: 'link'; readonly why: BoardLinkFailure } | { readonly kind: 'file'; readonly why: 'too-big' | 'unreadable' } | { readonly kind: 'saved'; readonly why: 'none' | 'unreadable' | 'failed' };
  /** Links read by the last paste or file (new, merged into existing, refused). */
  readonly boardLastAdd?: { readonly links: number; readonly refused: number; readonly merged: number; readonly leftOut: number };
  readonly boardClassroom: boolean;
  readonly boardHideNames: boolean;
  /** When the board was last saved in this browser (ISO date), if it was. */
  readonly boardSavedAt?: string;
}

export function initialBoard(): BoardState {
  return { boardSet: { items: [], leftOut: 0 }, boardChecks: {}, boardTimes: {}, boardSenders: {}, boardRun: { status: 'idle', done: 0, total: 0 }, boardCheckMs: [], boardClassroom: false, boardHideNames: false };
}
