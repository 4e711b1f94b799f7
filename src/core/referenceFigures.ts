/**
 * Reference figures, not measured on the user's GPU: each rung at 4096³ on an NVIDIA H200
 * (2026-11-22), TFLOP/s at the median, from docs/benchmarks.md (raw lines in
 * docs/results/ladder3/). Shown beside this GPU's own figures, always labelled as reference.
 */
import type { KernelId } from './kernels';

export const kReference = {
  gpu: 'NVIDIA H200',
  date: '2026-11-22',
  shape: 4096,
  cublas: 50.27,
  /** TFLOP/s through Dawn (Chrome's engine) and wgpu (Firefox's engine); null: not available there. */
  rungs: {
    naive: { dawn: 1.58, wgpu: 1.57 },
    tiled: { dawn: 7.36, wgpu: 2.55 },
    reg4x4: { dawn: 23.95, wgpu: 20.06 },
    reg8x8: { dawn: 26.43, wgpu: 22.36 },
    reg8x8v: { dawn: 30.84, wgpu: 24.53 },
    reg8x8db: { dawn: 35.7, wgpu: 29.82 },
    reg16x8: { dawn: 36.63, wgpu: 37.67 },
    reg16x8v: { dawn: 42.28, wgpu: 34.57 },
    subgroup: { dawn: 16.64, wgpu: null },
  } satisfies Partial<Record<KernelId, { dawn: number; wgpu: number | null }>>,
} as const;
