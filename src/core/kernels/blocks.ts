/**
 * The generated block rungs (scripts/gen-blocks.mjs kBlockRungs): a BM×BN C block per workgroup,
 * TM×TN C elements per invocation, double-buffered phases of BK, the k loop written out.
 */
import type { Shape, TileWidth } from '../shape';
import { blockDispatch, type CBlock, type PlanFailure, type WorkgroupLimits } from '../tiling';
import { kTunedRung, tooMuchMemory } from './plan';
import type { KernelDef, LaunchPlan } from './types';
import { wgsl } from './source';

const blk32x64vSource = wgsl('blk32x64v.wgsl', () => import('../../../shaders/generated/blk32x64v.wgsl?raw'));
const blk64x64vSource = wgsl('blk64x64v.wgsl', () => import('../../../shaders/generated/blk64x64v.wgsl?raw'));
const blk128x64vSource = wgsl('blk128x64v.wgsl', () => import('../../../shaders/generated/blk128x64v.wgsl?raw'));
const blk128x256Source = wgsl('blk128x256.wgsl', () => import('../../../shaders/generated/blk128x256.wgsl?raw'));

/**
 * The generated block rungs (scripts/gen-blocks.mjs): a BM×BN C block per workgroup of
 * (BN/TN)×(BM/TM) invocations, TM×TN C elements each, double-buffered phases of BK, k written out.
 */
/** vec4: true (A, B and C as vec4), 'B' (B as vec4, A read and C written per element; the plan pads like vec4), false (all scalar). */
function genBlockRung(d: { bm: number; bn: number; bk: number; tm: number; tn: number; vec4: boolean | 'B' }) {
  const x = d.bn / d.tn;
  const y = d.bm / d.tm;
  const bytes = 2 * d.bk * (d.bm + d.bn) * 4; // two copies of the A and B tiles
  return {
    ...kTunedRung,
    ...(d.vec4 ? { vec4: true } : {}),
    ...(d.vec4 === 'B' ? { vec4BOnly: true } : {}),
    doubleBuffered: true,
    block: (): CBlock => ({ rows: d.bm, cols: d.bn }),
    plan(shape: Shape, _tile: TileWidth, limits: WorkgroupLimits): Omit<LaunchPlan, 'block'> | PlanFailure {
      if (limits.maxComputeWorkgroupStorageSize < bytes) return tooMuchMemory(bytes, limits);
      return {
        constants: {},
        workgroup: { x, y },
        dispatch: blockDispatch(shape, d.bm, d.bn),
        mapping: { key: d.vec4 === 'B' ? 'blockVec4B' : d.vec4 ? 'blockVec4' : 'block', values: { bm: d.bm, bn: d.bn, x, y, tm: d.tm, tn: d.tn, bk: d.bk } },
        workgroupStorageBytes: bytes,
      };
    },
  } as const;
}

export const kBlockKernels = {
  blk32x64v: {
    wgsl: blk32x64vSource,
    ...genBlockRung({ bm: 32, bn: 64, bk: 16, tm: 4, tn: 4, vec4: true }),
    autoFor: 'tinyToo', // the smallest block: the least padding on a tiny problem
    reference: { dawn: 25.78, wgpu: 25.92 },
    chart: { color: '#3f83a5', dash: [4, 2] },
  },
  blk64x64v: {
    wgsl: blk64x64vSource,
    ...genBlockRung({ bm: 64, bn: 64, bk: 16, tm: 8, tn: 4, vec4: true }),
    reference: { dawn: 28.21, wgpu: 28.42 },
    chart: { color: '#c17e5c', dash: [10, 2, 2, 2] },
  },
  blk128x64v: {
    wgsl: blk128x64vSource,
    ...genBlockRung({ bm: 128, bn: 64, bk: 16, tm: 8, tn: 8, vec4: true }),
    reference: { dawn: 32.39, wgpu: 22.3 },
    chart: { color: '#8383e9', dash: [2, 2] },
  },
  blk128x256: {
    wgsl: blk128x256Source,
    ...genBlockRung({ bm: 128, bn: 256, bk: 8, tm: 16, tn: 8, vec4: 'B' }),
    // Round 8 (calls AD and AE): this block with vec4 loads of B and C written per element.
    reference: { dawn: 43.51, wgpu: 42.27 },
    chart: { color: '#ff1ad9', dash: [14, 3, 3, 3] },
  },
} satisfies Record<string, KernelDef>;
