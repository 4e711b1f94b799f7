/**
 * One experiment: check a configuration against the adapter, run a kernel, verify it against the
 * CPU reference. Shared by the app and the headless benchmark so both do exactly the same thing.
 */
import { relTolerance } from '../core/bench';
import { makeData, type MatmulData, type Pattern } from '../core/data';
import type { FieldErrors } from '../core/input';
import { checkProblem } from '../core/limits';
import { verify, type Verification } from '../core/reference';
import type { Shape, TileWidth } from '../core/shape';
import type { GpuContext } from './device';
import { kKernels, planKernel, tunedConstants, type KernelId, type KernelParams, type LaunchPlan, type PlanInfo } from '../core/kernels';
import { runMatmul, type RunOptions, type RunResult } from './runner';

export interface Experiment {
  readonly shape: Shape;
  readonly tile: TileWidth;
  readonly pattern: Pattern;
  readonly seed: number;
}

/** The launch plans of some kernels for one experiment, and every reason this adapter cannot run them, by input field. */
export interface ExperimentPlans {
  readonly plans: Partial<Record<KernelId, LaunchPlan>>;
  /** Empty when all is well. */
  readonly errors: FieldErrors;
}

/** Plans each kernel once and checks the problem against the adapter; pass a plan on to runVerified (opts.plan). */
export function planExperiment(
  info: PlanInfo,
  shape: Shape,
  tile: TileWidth,
  kernels: readonly KernelId[],
  params: Partial<Record<KernelId, KernelParams>> = {},
): ExperimentPlans {
  const dispatches = [];
  const errors: FieldErrors = {};
  const plans: Partial<Record<KernelId, LaunchPlan>> = {};
  for (const id of kernels) {
    const plan = planKernel(id, shape, tile, info, params[id]);
    if (typeof plan === 'string') errors.tile ??= plan;
    else {
      plans[id] = plan;
      dispatches.push({ label: kKernels[id].label.toLowerCase(), dispatch: plan.dispatch });
    }
  }
  return { plans, errors: { ...checkProblem(shape, info.limits, dispatches), ...errors } };
}

/** Every reason this adapter cannot run these kernels on this shape, by input field. Empty when all is well. */
export function checkExperiment(
  info: PlanInfo,
  shape: Shape,
  tile: TileWidth,
  kernels: readonly KernelId[],
  params: Partial<Record<KernelId, KernelParams>> = {},
): FieldErrors {
  return planExperiment(info, shape, tile, kernels, params).errors;
}

let cached: { key: string; data: MatmulData } | undefined;

/** Input matrices for an experiment; the last set is kept so naive and tiled share one upload source. */
export function experimentData(e: Experiment): MatmulData {
  const key = `${e.shape.m}x${e.shape.k}x${e.shape.n}|${e.pattern}|${e.seed}`;
  if (cached?.key !== key) cached = { key, data: makeData(e.shape, e.pattern, e.seed) };
  return cached.data;
}

export interface VerifiedRun {
  readonly run: RunResult;
  readonly verification: Verification;
}

export async function runVerified(ctx: GpuContext, kernel: KernelId, e: Experiment, opts: RunOptions = {}): Promise<VerifiedRun> {
  const data = experimentData(e);
  const run = await runMatmul(ctx, kernel, e.shape, e.tile, data, opts);
  // The corner and edge blocks of the kernel's own plan (e.g. 128×128), not the UI's tile width.
  const verification = verify(data, e.shape, run.c, run.plan.block, e.seed);
  return { run, verification };
}

/** The measured and verified fields of a run, as one benchmark point (sweeps, links, the headless bench). */
export function pointFields({ run, verification: v }: VerifiedRun) {
  // The tunable override constants the run used (e.g. GROUP), so a point says which variant it is.
  const constants = tunedConstants(run.kernel, run.plan.constants);
  return {
    ...(Object.keys(constants).length > 0 ? { constants } : {}),
    clock: run.clock,
    samples: run.stats.n,
    dispatchesPerSample: run.dispatchesPerSample,
    medianMs: run.stats.median,
    minMs: run.stats.min,
    maxMs: run.stats.max,
    gflops: run.gflops,
    verified: v.ok,
    checked: v.checked,
    maxRelError: Number.isFinite(v.maxRelError) ? v.maxRelError : null,
    // The bound verification applied to that error (a link checks a verified point against it).
    relTolerance: relTolerance(run.shape.k, v.exact),
  };
}
