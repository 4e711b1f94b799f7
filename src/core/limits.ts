import { lower, num, said, type SaidValue } from './said';
import type { FieldErrors } from './input';
import { kernelLabelSaid, type KernelId, type LaunchPlan, type PlanFailure } from './kernels';
import { type Shape } from './shape';
import { isPlanFailure, type Dispatch, type ProblemLimits } from './tiling';

export type { ProblemLimits } from './tiling';

/** Host memory the page may use for A, B and the read-back C (typed arrays in the tab). */
export const kMaxHostBytes = 2 ** 31;

/** A run estimated longer than this asks for confirmation first (gpu/estimate.ts estimates it). */
export const kConfirmMs = 10_000;
/** A run needing more page memory than this asks for confirmation first. */
export const kConfirmPageBytes = 2 ** 30;

const mib = (b: number) => said('common:limits.mib', { value: num(b / 2 ** 20, { maximumFractionDigits: 1 }) });

/**
 * Check a shape against the adapter before anything is allocated. Each message names the input
 * to change. `dispatches` are the grids of the kernels about to run.
 */
export function checkProblem(s: Shape, limits: ProblemLimits, dispatches: ReadonlyArray<{ label: SaidValue; dispatch: Dispatch }>): FieldErrors {
  const errors: FieldErrors = {};
  const cap = Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
  const bufs = [
    { name: 'A', bytes: s.m * s.k * 4, dims: `M×K = ${s.m}×${s.k}`, fields: ['m', 'k'] as const },
    { name: 'B', bytes: s.k * s.n * 4, dims: `K×N = ${s.k}×${s.n}`, fields: ['k', 'n'] as const },
    { name: 'C', bytes: s.m * s.n * 4, dims: `M×N = ${s.m}×${s.n}`, fields: ['m', 'n'] as const },
  ];
  for (const b of bufs) {
    if (b.bytes > cap) {
      const which = limits.maxStorageBufferBindingSize <= limits.maxBufferSize ? 'maxStorageBufferBindingSize' : 'maxBufferSize';
      const msg = said('common:limits.buffer', { name: b.name, dims: b.dims, need: mib(b.bytes), which, cap: mib(cap) });
      for (const f of b.fields) errors[f] ??= msg;
    }
  }
  const host = (s.m * s.k + s.k * s.n + s.m * s.n) * 4;
  if (!errors.m && !errors.k && !errors.n && host > kMaxHostBytes) {
    errors.m = said('common:limits.host', { need: mib(host), cap: mib(kMaxHostBytes) });
  }
  for (const { label, dispatch } of dispatches) {
    const [x, y] = dispatch;
    const max = limits.maxComputeWorkgroupsPerDimension;
    if (x > max) errors.n ??= said('common:limits.across', { n: s.n, groups: x, kernel: label, max });
    if (y > max) errors.m ??= said('common:limits.down', { m: s.m, groups: y, kernel: label, max });
  }
  return errors;
}

/**
 * Every reason this adapter cannot run these plans, by input field: each plan failure under the
 * fields it names (a size, the tile width, or the kernel itself), then the problem's buffer and
 * dispatch limits for the kernels that have a plan. Empty when all can run.
 */
export function checkPlans(s: Shape, limits: ProblemLimits, plans: Partial<Record<KernelId, LaunchPlan | PlanFailure>>): FieldErrors {
  const errors: FieldErrors = {};
  const dispatches = [];
  for (const [id, plan] of Object.entries(plans) as [KernelId, LaunchPlan | PlanFailure][]) {
    if (isPlanFailure(plan)) for (const f of plan.fields) errors[f] ??= plan.why;
    else dispatches.push({ label: lower(kernelLabelSaid(id)), dispatch: plan.dispatch });
  }
  return { ...checkProblem(s, limits, dispatches), ...errors };
}

/** A sweep's point whose single dispatch is estimated above this is skipped (gpu/sweep.ts: the page must stay usable); the sweep's estimate leaves such points out (gpu/estimate.ts). */
export const kMaxPointDispatchMs = 4000;
