/** What the kernel families share: the register-tiled rungs' plan, a square block, vec4 padding. */
import { said } from '../said';
import type { Shape } from '../shape';
import { blockDispatch, planFailure, type CBlock, type MappingKey, type PlanFailure, type WorkgroupLimits } from '../tiling';
import type { LaunchPlan } from './types';

/** Why a kernel cannot run: it needs more workgroup memory than this GPU allows (no input changes that). */
export const tooMuchMemory = (bytes: number, limits: WorkgroupLimits) =>
  planFailure(['kernel'], said('run:plan.workgroupMemory', { bytes, limit: limits.maxComputeWorkgroupStorageSize }));

/**
 * The register-tiled rungs: one workgroup (16×16 unless said otherwise) per C block, `bytes` of
 * workgroup memory; the mapping sentence `key` gets the block's rows and columns as bm and bn.
 */
export function blockPlan(
  shape: Shape,
  limits: WorkgroupLimits,
  block: CBlock,
  key: MappingKey,
  values: Record<string, number> = {},
  bytes = 8192,
  constants: Record<string, number> = {},
  workgroup = { x: 16, y: 16 },
): Omit<LaunchPlan, 'block'> | PlanFailure {
  if (limits.maxComputeWorkgroupStorageSize < bytes) return tooMuchMemory(bytes, limits);
  return {
    constants,
    workgroup,
    dispatch: blockDispatch(shape, block.rows, block.cols),
    mapping: { key, values: { bm: block.rows, bn: block.cols, ...values } },
    workgroupStorageBytes: bytes,
  };
}

/** K and N rounded up to multiples of 4: the shape the vec4 rungs run on (see gpuShape). */
export const pad4 = (shape: Shape): Shape => ({ m: shape.m, k: Math.ceil(shape.k / 4) * 4, n: Math.ceil(shape.n / 4) * 4 });
/** M, K and N padded up to multiples of `p` (a rung's padTo: the shape its runs have on the GPU). */
export const padToMultiples = (shape: Shape, p: Shape): Shape => ({ m: Math.ceil(shape.m / p.m) * p.m, k: Math.ceil(shape.k / p.k) * p.k, n: Math.ceil(shape.n / p.n) * p.n });

/** A rung of the ladder that the tuner tries and that ignores the tile width (the register-tiled rungs). */
export const kTunedRung = { usesTile: false, ladder: true, tuned: true } as const;
/** A square C block, whatever the tile width. */
export const square = (edge: number) => (): CBlock => ({ rows: edge, cols: edge });

