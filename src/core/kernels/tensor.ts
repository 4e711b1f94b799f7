/**
 * The tensor-core rung: subgroup matrices (Chromium's experimental extension) multiply 16×16 f16
 * fragments with f32 sums. Needs shader-f16 and chromium-experimental-subgroup-matrix, and
 * subgroups of exactly 32 invocations (the WGSL divides its workgroup into subgroups by index).
 */
import { ceilDiv, type Shape } from '../shape';
import { blockDispatch, planFailure, type ProblemLimits, type WorkgroupLimits } from '../tiling';
import { said } from '../said';
import type { KernelDef } from './types';
import { wgsl } from './source';
import { padToMultiples, tooMuchMemory } from './plan';

const tensorSource = wgsl('tensor.wgsl', () => import('../../../shaders/tensor.wgsl?raw'));
const halfBSource = wgsl('tensor_halfb.wgsl', () => import('../../../shaders/tensor_halfb.wgsl?raw'));

/**
 * The WGSL's constants: WGM×WGN subgroups of FM×FN result fragments of 16×16 (named variables, not an
 * array), phases BK deep and double-buffered, each staged row padded by PADA / PADB f16. The fastest of
 * the variants e2e-gpu/tensor.gpu.ts timed on an H200 (2026-11-29): 2×2 subgroups of 4×4 fragments,
 * 128×128 blocks, staged from f32 with vec4 loads, BK 16 double-buffered, launched 4 block rows at a time
 * (the WGSL's GROUP): 207 TFLOP/s at 4096³ (row-by-row launch: 205; BK 32 single-buffered: 190; 2×4
 * subgroups: 186; padding 0: 110; Bᵀ staged column-major: 123; the rung before, 2×4 subgroups of 2×2: 17.5).
 * Since then B comes from an f16 copy made by a first pass (tensor_halfb.wgsl, timed with the product):
 * 206 back to back where staging B from f32 ran 202 (the same call).
 */
export const kTensorShape = { WGM: 2, WGN: 2, FM: 4, FN: 4, BK: 16, PADA: 8, PADB: 8, fragment: 16 } as const;
/** The C block of one workgroup. */
export const kTensorBlock = {
  rows: kTensorShape.WGM * kTensorShape.FM * kTensorShape.fragment,
  cols: kTensorShape.WGN * kTensorShape.FN * kTensorShape.fragment,
  depth: kTensorShape.BK,
} as const;
/** The invocations of a subgroup the WGSL is written for. */
export const kTensorLanes = 32;
/** Invocations of a workgroup. */
export const kTensorThreads = kTensorShape.WGM * kTensorShape.WGN * kTensorLanes;
/** Workgroup memory: two A and two B tiles as f16 (2 bytes, rows padded): 20,992 bytes (over WebGPU's default 16 KiB: the app asks for the adapter's limit, up to 32 KiB). */
export const kTensorStorageBytes = 2 * 2 * (kTensorBlock.rows * (kTensorBlock.depth + kTensorShape.PADA) + kTensorBlock.depth * (kTensorBlock.cols + kTensorShape.PADB));
/** B's f16 copy (the first pass's output) at a shape the runner has padded: K × N f16. */
export const tensorHalfBBytes = (shape: Pick<Shape, 'k' | 'n'>) => shape.k * shape.n * 2;
/** The first pass's invocations round 8 elements of a row each, 64 a workgroup, one row of B per row of workgroups. */
const kHalfBPerInvocation = 8;
const kHalfBWorkgroup = 64;
/** M, N padded to whole blocks, K to whole pairs of phases (the WGSL's loop does two a trip): the rung's padTo. */
const kTensorPadTo = { m: kTensorBlock.rows, k: 2 * kTensorBlock.depth, n: kTensorBlock.cols } as const;
/** The shape the runner gives the rung (its padTo): the scratch and the traffic are counted at it. */
const padded = (shape: Shape): Shape => padToMultiples(shape, kTensorPadTo);

export const kTensorKernels = {
  tensor: {
    wgsl: tensorSource,
    wgslMore: [halfBSource],
    usesTile: false,
    ladder: true,
    tuned: false,
    chart: { color: '#e0457b', dash: [2, 4] },
    halfInputs: true,
    // Explained against the best FP32 rung of the reference run (its why and its code change), not the subgroup rung.
    stepFrom: 'blk128x256',
    subgroupMatrix: { x: kTensorShape.WGN, y: kTensorShape.WGM, fragment: kTensorShape.fragment },
    // A and B are read as vec4<f32>, C stored by fragments; M, K, N padded to whole blocks and steps (no bounds tests).
    vec4: true,
    padTo: kTensorPadTo,
    doubleBuffered: true,
    block: () => ({ rows: kTensorBlock.rows, cols: kTensorBlock.cols }),
    requiredFeatures: ['shader-f16', 'chromium-experimental-subgroup-matrix'],
    maxSubgroupSize: kTensorLanes,
    exactSubgroupSize: kTensorLanes,
    stageDepth: kTensorBlock.depth,
    // Global traffic in f32 loads (4 bytes): A staged per block column as f32; B's f16 copy per block row (half the
    // bytes); the first pass's read of B (its f16 write, half of that again, is a store and not counted).
    loads: (shape: Shape) => {
      const g = padded(shape);
      return g.m * g.k * (g.n / kTensorBlock.cols) + (g.k * g.n * (g.m / kTensorBlock.rows)) / 2 + g.k * g.n;
    },
    scratchBytes: (shape: Shape) => tensorHalfBBytes(padded(shape)),
    plan(shape, _tile, limits, _params, block) {
      if (limits.maxComputeWorkgroupStorageSize < kTensorStorageBytes) return tooMuchMemory(kTensorStorageBytes, limits);
      // The first pass launches one row of workgroups per row of B.
      const most = (limits as WorkgroupLimits & Partial<ProblemLimits>).maxComputeWorkgroupsPerDimension;
      if (most !== undefined && shape.k > most) return planFailure(['k'], said('run:plan.halfBRows', { k: shape.k, limit: most }));
      return {
        constants: {},
        // x: the lanes of a subgroup, y: the subgroups (the WGSL's workgroup is the same invocations in one dimension).
        workgroup: { x: kTensorLanes, y: kTensorShape.WGM * kTensorShape.WGN },
        dispatch: blockDispatch(shape, block.rows, block.cols),
        mapping: { key: 'tensor', values: {} },
        workgroupStorageBytes: kTensorStorageBytes,
        prepare: { source: halfBSource, constants: {}, dispatch: [ceilDiv(shape.n / kHalfBPerInvocation, kHalfBWorkgroup), shape.k, 1], scratchBytes: tensorHalfBBytes(shape) },
      };
    },
  },
} satisfies Record<string, KernelDef>;
