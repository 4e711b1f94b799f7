import { numberFormat, t } from '../i18n';
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

const mib = (b: number) => t('common:limits.mib', { value: numberFormat({ maximumFractionDigits: 1 }).format(b / 2 ** 20) });

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
      const msg = t('common:limits.buffer', { name: b.name, dims: b.dims, need: mib(b.bytes), which, cap: mib(cap) });
      for (const f of b.fields) errors[f] ??= msg;
    }
  }
  const host = (s.m * s.k + s.k * s.n + s.m * s.n) * 4;
  if (!errors.m && !errors.k && !errors.n && host > kMaxHostBytes) {
    errors.m = t('common:limits.host', { need: mib(host), cap: mib(kMaxHostBytes) });
  }
  for (const { label, dispatch } of dispatches) {
    const [x, y] = dispatch;
    const max = limits.maxComputeWorkgroupsPerDimension;
    if (x > max) errors.n ??= t('common:limits.across', { n: s.n, groups: x, kernel: label, max });
    if (y > max) errors.m ??= t('common:limits.down', { m: s.m, groups: y, kernel: label, max });
  }
  return errors;
}
