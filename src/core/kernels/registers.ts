/**
 * The register-tiled rungs: each invocation keeps a block of C in registers (reg4x4: 4×4 per
 * invocation, 64×64 per workgroup; the reg8x8 family: 8×8, 128×128; reg16x8 and reg16x8v: 16×8,
 * generated with the k loop written out by scripts/gen-unrolled.mjs).
 */
import type { Shape, TileWidth } from '../shape';
import type { CBlock, PlanFailure, WorkgroupLimits } from '../tiling';
import { blockPlan, kTunedRung, square } from './plan';
import type { KernelDef, KernelParams, LaunchPlan, Tunable } from './types';
import { wgsl } from './source';

const reg4x4Source = wgsl('reg4x4.wgsl', () => import('../../../shaders/reg4x4.wgsl?raw'));
const reg8x8Source = wgsl('reg8x8.wgsl', () => import('../../../shaders/generated/reg8x8.wgsl?raw'));
const reg8x8vSource = wgsl('reg8x8v.wgsl', () => import('../../../shaders/generated/reg8x8v.wgsl?raw'));
const reg8x8dbSource = wgsl('reg8x8db.wgsl', () => import('../../../shaders/generated/reg8x8db.wgsl?raw'));
const reg16x8Source = wgsl('reg16x8.wgsl', () => import('../../../shaders/generated/reg16x8.wgsl?raw'));
const reg16x8vSource = wgsl('reg16x8v.wgsl', () => import('../../../shaders/generated/reg16x8v.wgsl?raw'));

const kDbTunables: readonly Tunable[] = [
  {
    name: 'BK',
    values: [8, 16],
  },
];

const kGroupTunables: readonly Tunable[] = [
  {
    name: 'GROUP',
    values: [1, 4, 8, 16],
  },
];

/** The generated, hand-unrolled rungs: rows×cols C elements per invocation, 16 KiB of workgroup memory, any shape. */
export function unrolledPlan(shape: Shape, limits: WorkgroupLimits, params: KernelParams | undefined, block: CBlock, rows: number, cols: number): Omit<LaunchPlan, 'block'> | PlanFailure {
  const group = params?.GROUP ?? 8;
  const workgroup = { x: block.cols / cols, y: block.rows / rows };
  return blockPlan(shape, limits, block, 'unrolled', { x: workgroup.x, y: workgroup.y, rows, cols, group }, 16384, { GROUP: group }, workgroup);
}

/** What the two generated 16×8 rungs share (they differ in vec4 access, WGSL and figures). */
const kUnrolled16x8 = {
  ...kTunedRung,
  block: square(128),
  tunables: kGroupTunables,
  doubleBuffered: true,
  plan: (shape: Shape, _tile: TileWidth, limits: WorkgroupLimits, params: KernelParams | undefined, block: CBlock) => unrolledPlan(shape, limits, params, block, 16, 8),
} as const;

/**
 * What the reg8x8 family shares (reg8x8, reg8x8v, reg8x8db): 128×128 blocks, rungs of the ladder but
 * not tuned — never within 10% of the best rung on the H100 or H200 (docs/benchmarks.md): not worth tuning time.
 */
const kReg8x8Family = { ...kTunedRung, tuned: false, block: square(128) } as const;

export const kRegisterKernels = {
  reg4x4: {
    wgsl: reg4x4Source,
    ...kTunedRung,
    chart: { color: '#348a6d', dash: [3, 3] },
    reference: { dawn: 23.92, wgpu: 20.05 },
    block: square(64),
    plan: (shape, _tile, limits, _params, block) => blockPlan(shape, limits, block, 'reg4x4'),
  },
  reg8x8: {
    wgsl: reg8x8Source,
    ...kReg8x8Family,
    chart: { color: '#bb32ff', dash: [8, 3, 2, 3] },
    reference: { dawn: 26.21, wgpu: 22.5 },
    plan: (shape, _tile, limits, _params, block) => blockPlan(shape, limits, block, 'reg8x8'),
  },
  reg8x8v: {
    wgsl: reg8x8vSource,
    vec4: true,
    ...kReg8x8Family,
    chart: { color: '#f10078', dash: [16, 4] },
    reference: { dawn: 30.84, wgpu: 24.56 },
    plan: (shape, _tile, limits, _params, block) => blockPlan(shape, limits, block, 'reg8x8v'),
  },
  reg8x8db: {
    wgsl: reg8x8dbSource,
    vec4: true,
    ...kReg8x8Family,
    chart: { color: '#009e9e', dash: [8, 3, 2, 3, 2, 3] },
    reference: { dawn: 35.7, wgpu: 30.0 },
    tunables: kDbTunables,
    doubleBuffered: true,
    plan(shape, _tile, limits, params, block) {
      // Without a tuned value: BK = 8 (16 KiB), faster on both engines on the H200 (docs/benchmarks.md).
      const bk = params?.BK ?? 8;
      return blockPlan(shape, limits, block, 'reg8x8db', { bk }, bk * 2048, { BK: bk });
    },
  },
  reg16x8: {
    wgsl: reg16x8Source,
    ...kUnrolled16x8,
    chart: { color: '#939300', dash: [6, 6] },
    reference: { dawn: 36.63, wgpu: 37.75 },
  },
  reg16x8v: {
    wgsl: reg16x8vSource,
    vec4: true,
    ...kUnrolled16x8,
    chart: { color: '#de4343', dash: [1, 3] },
    reference: { dawn: 43.15, wgpu: 34.61 },
  },
} satisfies Record<string, KernelDef>;
