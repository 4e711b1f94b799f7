// i18n-pending: this file's words are not in the catalogues yet
import type { FieldErrors } from './input';
import { type Shape } from './shape';
import type { Dispatch } from './tiling';

/** The adapter limits a matmul problem depends on. */
export interface ProblemLimits {
  readonly maxStorageBufferBindingSize: number;
  readonly maxBufferSize: number;
  readonly maxComputeWorkgroupsPerDimension: number;
}

/** Host memory the page may use for A, B and the read-back C (typed arrays in the tab). */
export const kMaxHostBytes = 2 ** 31;

const mib = (b: number) => `${(b / 2 ** 20).toLocaleString('en-US', { maximumFractionDigits: 1 })} MiB`;

/**
 * Check a shape against the adapter before anything is allocated. Each message names the input
 * to change. `dispatches` are the grids of the kernels about to run.
 */
export function checkProblem(s: Shape, limits: ProblemLimits, dispatches: ReadonlyArray<{ label: string; dispatch: Dispatch }>): FieldErrors {
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
      const msg = `Matrix ${b.name} (${b.dims}) needs ${mib(b.bytes)}; this GPU's ${which} is ${mib(cap)}.`;
      for (const f of b.fields) errors[f] ??= msg;
    }
  }
  const host = (s.m * s.k + s.k * s.n + s.m * s.n) * 4;
  if (!errors.m && !errors.k && !errors.n && host > kMaxHostBytes) {
    errors.m = `A, B and C together need ${mib(host)} of browser memory; the page allows ${mib(kMaxHostBytes)}.`;
  }
  for (const { label, dispatch } of dispatches) {
    const [x, y] = dispatch;
    const max = limits.maxComputeWorkgroupsPerDimension;
    if (x > max) errors.n ??= `N = ${s.n} needs ${x} workgroups across for the ${label} kernel; this GPU allows ${max} per dimension.`;
    if (y > max) errors.m ??= `M = ${s.m} needs ${y} workgroups down for the ${label} kernel; this GPU allows ${max} per dimension.`;
  }
  return errors;
}
