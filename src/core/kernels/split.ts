/**
 * The split-K rungs (scripts/gen-blocks.mjs kSplitRungs): reg16x8v's 128×128 blocks with K split over
 * S layers of workgroups, S partial products in a scratch buffer, and a second pass that sums them.
 */
import { said } from '../said';
import { ceilDiv, type Shape, type TileWidth } from '../shape';
import { isPlanFailure, planFailure, type CBlock, type PlanFailure, type ProblemLimits, type WorkgroupLimits } from '../tiling';
import { blockLoads } from '../traffic';
import { kTunedRung, square } from './plan';
import { unrolledPlan } from './registers';
import type { KernelDef, KernelParams, LaunchPlan, Tunable } from './types';
import { wgsl } from './source';

const split128vSource = wgsl('split128v.wgsl', () => import('../../../shaders/generated/split128v.wgsl?raw'));
const split8x16vSource = wgsl('split8x16v.wgsl', () => import('../../../shaders/generated/split8x16v.wgsl?raw'));
const splitSumSource = wgsl('splitk_sum.wgsl', () => import('../../../shaders/splitk_sum.wgsl?raw'));

/** Split-K: how many layers of workgroups K is split over (the second pass sums as many partial products). */
const kSplitTunables: readonly Tunable[] = [
  {
    name: 'S',
    values: [2, 3, 4],
  },
];
/** The split-K rung's default S, and its phase depth (the 16×8 rung's). */
const kSplitDefault = 4;
const kSplitBk = 8;
/** Layers that get at least one phase of K each (never more than asked). */
const splitSlices = (shape: Shape, asked = kSplitDefault) => Math.max(1, Math.min(asked, ceilDiv(shape.k, kSplitBk)));
/** The scratch buffer of the partial products: one M×N slice per layer (the runner sizes it, and binds a band's front of it, by this). */
export const splitScratchBytes = (shape: Shape, slices: number) => slices * shape.m * shape.n * 4;

/**
 * The split-K rung (scripts/gen-blocks.mjs kSplitRungs): reg16x8v's 128×128 blocks with K split
 * over S layers of workgroups (dispatch z), S partial products in a scratch buffer, and a second
 * pass (splitk_sum.wgsl) that sums them into C.
 */
function splitPlan(shape: Shape, limits: WorkgroupLimits & Partial<ProblemLimits>, params: KernelParams | undefined, block: CBlock, rows: number, cols: number): Omit<LaunchPlan, 'block'> | PlanFailure {
  const base = unrolledPlan(shape, limits, { GROUP: 8 }, block, rows, cols);
  if (isPlanFailure(base)) return base;
  const slices = splitSlices(shape, params?.S);
  const ks = ceilDiv(ceilDiv(shape.k, kSplitBk), slices) * kSplitBk;
  const scratch = splitScratchBytes(shape, slices);
  const room = Math.min(limits.maxStorageBufferBindingSize ?? Infinity, limits.maxBufferSize ?? Infinity);
  if (scratch > room) return planFailure(['m', 'n'], said('run:plan.splitScratch', { slices, mib: Math.ceil(scratch / 2 ** 20), limit: Math.floor(room / 2 ** 20) }));
  if (shape.m > (limits.maxComputeWorkgroupsPerDimension ?? Infinity)) return planFailure(['m'], said('run:plan.splitRows', { m: shape.m, limit: limits.maxComputeWorkgroupsPerDimension ?? 0 }));
  return {
    ...base,
    constants: { GROUP: 8, KS: ks },
    dispatch: [base.dispatch[0], base.dispatch[1], slices],
    mapping: { key: 'splitK', values: { ...base.mapping.values, s: slices, ks } },
    reduce: { slices, source: splitSumSource, constants: { S: slices }, dispatch: [ceilDiv(shape.n / 4, 64), shape.m, 1] },
  };
}

/**
 * What the two split-K rungs share: 128×128 blocks, S tuned, the traffic of staging as reg16x8v
 * plus the second pass reading the S partial products back, and their scratch buffer; they differ
 * in C elements per invocation (`rows`×`cols`), WGSL and figures.
 */
function splitRung(rows: number, cols: number) {
  return {
    ...kTunedRung,
    vec4: true,
    block: square(128),
    tunables: kSplitTunables,
    doubleBuffered: true,
    loads: (shape: Shape) => blockLoads(shape, 128, 128) + splitSlices(shape) * shape.m * shape.n,
    scratchBytes: (shape: Shape, params?: KernelParams) => splitScratchBytes(shape, splitSlices(shape, params?.S)),
    plan: (shape: Shape, _tile: TileWidth, limits: WorkgroupLimits, params: KernelParams | undefined, block: CBlock) => splitPlan(shape, limits, params, block, rows, cols),
  } as const;
}

export const kSplitKernels = {
  split128v: {
    wgsl: split128vSource,
    wgslMore: [splitSumSource],
    ...splitRung(16, 8),
    reference: { dawn: 41.53, wgpu: 34.9 },
    chart: { color: '#3da05e', dash: [6, 3, 1, 3] },
  },
  split8x16v: {
    wgsl: split8x16vSource,
    wgslMore: [splitSumSource],
    ...splitRung(8, 16),
    reference: { dawn: 38.48, wgpu: 35.36 },
    chart: { color: '#dc6f39', dash: [6, 3] },
  },
} satisfies Record<string, KernelDef>;
