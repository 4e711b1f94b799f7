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
  useEstimate.setState({ estimate, scope });
}

export function setMeasuring(measuring: boolean, scope: EstimateScope = 'run'): void {
  useEstimate.setState({ measuring, scope });
}
