/**
 * One experiment: check a configuration against the adapter, run a kernel, verify it against the
 * CPU reference. Shared by the app and the headless benchmark so both do exactly the same thing.
 */
import { relTolerance, type Verification } from '../core/reference';
import { makeData, type MatmulData, type Pattern } from '../core/data';
import type { FieldErrors } from '../core/input';
import { checkPlans } from '../core/limits';
import type { Shape, TileWidth } from '../core/shape';
import type { CBlock } from '../core/tiling';
import type { GpuContext } from './device';
import { isPlanFailure, kKernels, planKernel, tunedConstants, type KernelId, type KernelParams, type LaunchPlan, type PlanInfo } from '../core/kernels';
import { runMatmul, type RunOptions, type RunResult, type RowSource } from './runner';
import { cpuHost } from './cpuHost';

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
  const all = Object.fromEntries(kernels.map((id) => [id, planKernel(id, shape, tile, info, params[id])]));
  const plans = Object.fromEntries(Object.entries(all).filter(([, p]) => !isPlanFailure(p))) as Partial<Record<KernelId, LaunchPlan>>;
  return { plans, errors: checkPlans(shape, info.limits, all) };
}

let cached: { key: string; data: MatmulData } | undefined;

/**
 * Input matrices for an experiment, on this thread (the visualisation's small problems); the last
 * set is kept. Runs get theirs from the CPU host instead (runVerified).
 */
export function experimentData(e: Experiment): MatmulData {
  const key = `${e.shape.m}x${e.shape.k}x${e.shape.n}|${e.pattern}|${e.seed}`;
  if (cached?.key !== key) cached = { key, data: makeData(e.shape, e.pattern, e.seed) };
  return cached.data;
}

export interface VerifiedRun {
  /** The run without C: C went to the CPU host to be checked and was not sent back. */
  readonly run: Omit<RunResult, 'c'>;
  readonly verification: Verification;
}

/**
 * Run a kernel and verify it. The CPU work (generating A and B, the f64 reference, the check) runs
 * in the CPU host (a Web Worker in the app, inline in the headless bench): the page only passes
 * chunks of rows to the GPU and C to the check. Progress: generate → the run's stages → verify;
 * `opts.signal` cancels any of them.
 */
export async function runVerified(ctx: GpuContext, kernel: KernelId, e: Experiment, opts: RunOptions = {}): Promise<VerifiedRun> {
  const host = cpuHost();
  const key = { shape: e.shape, pattern: e.pattern, seed: e.seed };
  const signal = opts.signal;
  const stage = (name: 'generate' | 'verify') => (s: { done: number; total: number }) => opts.onProgress?.({ stage: name, done: s.done, total: s.total });
  stage('generate')({ done: 0, total: 1 });
  await host.prepare(key, { signal, onProgress: stage('generate') });
  const source: RowSource = { rows: (matrix, row0, count, colsP) => host.rows(key, matrix, row0, count, colsP, { signal }) };
  const run = await runMatmul(ctx, kernel, e.shape, e.tile, source, opts);
  stage('verify')({ done: 0, total: 1 });
  // The corner and edge blocks of the kernel's own plan (e.g. 128×128), not the UI's tile width.
  // C moves to the CPU host and stays there: nothing on the page uses it once it is checked.
  const { c, ...kept } = run;
  const { verification } = await host.verify(key, c, run.plan.block, { signal, onProgress: stage('verify'), half: kKernels[kernel].halfInputs === true });
  return { run: kept, verification };
}

/**
 * The input matrices of an experiment generated off the page's thread (by the CPU host, which keeps
 * its own copy for verification): for work that needs whole matrices on the page (the traced run).
 */
export async function experimentDataOffThread(e: Experiment, signal?: AbortSignal): Promise<MatmulData> {
  const host = cpuHost();
  const key = { shape: e.shape, pattern: e.pattern, seed: e.seed };
  const { exact } = await host.prepare(key, { signal });
  const [a, b] = await Promise.all([host.rows(key, 'a', 0, e.shape.m, e.shape.k, { signal }), host.rows(key, 'b', 0, e.shape.k, e.shape.n, { signal })]);
  return { a, b, exact };
}

/** verify() by the CPU host, off the page's thread (`c` moves there and is not given back). */
export function verifyOffThread(e: Experiment, c: Float32Array, block: number | CBlock, signal?: AbortSignal): Promise<{ verification: Verification }> {
  return cpuHost().verify({ shape: e.shape, pattern: e.pattern, seed: e.seed }, c, block, { signal });
}

/** elementErrors() by the CPU host, off the page's thread (`c` moves there and is not given back). */
export function elementErrorsOffThread(e: Experiment, c: Float32Array, signal?: AbortSignal): Promise<{ wrong: Uint8Array; count: number }> {
  return cpuHost().errors({ shape: e.shape, pattern: e.pattern, seed: e.seed }, c, { signal });
}

/** Problems up to this many multiply-adds are generated and checked on the page when traced (a few ms). */
export const kTraceOnPageMacs = 2 ** 18;

/** Frees the data the CPU host keeps for the last experiment (after a cancel, or to give memory back). */
export function releaseExperimentData(): Promise<void> {
  return cpuHost().release();
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
    // The median's 95% interval, or null: too few samples for one (core/trust: then noisy).
    ci95Ms: run.ci ? ([run.ci.lo, run.ci.hi] as const) : null,
    gflops: run.gflops,
    verified: v.ok,
    checked: v.checked,
    maxRelError: Number.isFinite(v.maxRelError) ? v.maxRelError : null,
    // The bound verification applied to that error (a link checks a verified point against it).
    relTolerance: relTolerance(run.shape.k, v.exact),
  };
}
