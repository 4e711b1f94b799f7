/**
 * The estimate before a big run, and the question it may ask: the run waits on askToRun() until
 * the user answers (Continue / Cancel in RunEstimate, or the run's Cancel button). Plain data.
 */
import { create } from 'zustand';
import type { RunEstimate } from '../gpu/estimate';

/** Which kind of run the estimate is for: a lesson run or a benchmark sweep (each view shows its own). */
export type EstimateScope = 'run' | 'sweep';

export interface EstimateState {
  readonly scope: EstimateScope;
  /** The estimate of the run being started or last started (undefined: small runs get none). */
  readonly estimate?: RunEstimate;
  /** True while the run waits for the user's answer. */
  readonly asking: boolean;
  /** True while the rate is being measured (the probe). */
  readonly measuring: boolean;
  /** When the estimated run went ahead (performance.now), and how long it took once done: the estimate gives way to what happened. */
  readonly startedAt?: number;
  readonly actualMs?: number;
}

export const useEstimate = create<EstimateState>(() => ({ scope: 'run', asking: false, measuring: false }));

let answer: ((go: boolean) => void) | undefined;

/** Shows the estimate and waits for Continue (true) or Cancel (false). */
export function askToRun(): Promise<boolean> {
  answer?.(false);
  useEstimate.setState({ asking: true });
  return new Promise((resolve) => {
    answer = resolve;
  });
}

/** The user's answer (also Cancel's: a pending question is answered "no"). */
export function answerRun(go: boolean): void {
  const a = answer;
  answer = undefined;
  useEstimate.setState({ asking: false });
  a?.(go);
}

export function setEstimate(estimate: EstimateState['estimate'], scope: EstimateScope = 'run'): void {
  useEstimate.setState({ estimate, scope, startedAt: undefined, actualMs: undefined });
}

/** The estimated run goes ahead now. */
export function startEstimated(): void {
  if (useEstimate.getState().estimate) useEstimate.setState({ startedAt: performance.now(), actualMs: undefined });
}

/** The estimated run of `scope` has finished: how long it took, beside what was estimated. */
export function finishEstimated(scope: EstimateScope): void {
  const s = useEstimate.getState();
  if (s.scope === scope && s.estimate && s.startedAt !== undefined && s.actualMs === undefined) useEstimate.setState({ actualMs: performance.now() - s.startedAt });
}

export function setMeasuring(measuring: boolean, scope: EstimateScope = 'run'): void {
  useEstimate.setState({ measuring, scope });
}
