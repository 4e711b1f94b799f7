/**
 * The tensor-core rung: subgroup matrices (Chromium's experimental extension) multiply 16×16 f16
 * fragments with f32 sums. Needs shader-f16 and chromium-experimental-subgroup-matrix, and
 * subgroups of exactly 32 invocations (the WGSL divides its workgroup into subgroups by index).
 */
import { blockDispatch } from '../tiling';
import type { KernelDef } from './types';
import { wgsl } from './source';
import { tooMuchMemory } from './plan';

const tensorSource = wgsl('tensor.wgsl', () => import('../../../shaders/tensor.wgsl?raw'));

/**
 * The WGSL's constants: WGM×WGN subgroups of FM×FN result fragments of 16×16, BK of depth a step,
 * each staged row padded by PADA / PADB f16. The fastest of the variants e2e-gpu/tensor.gpu.ts timed on
 * an H200 (2026-11-29): 2×4 subgroups, 17.5 TFLOP/s at 4096³ and 19.0 at 3001×4999×2003 (2×2: 12.1,
 * 4×2: 13.5; BK 32 slower). Each subgroup holds 2×2 fragments in named variables (an array of 4×4
 * indexed in loops ran 5.4–11.2: not kept in registers).
 */
export const kTensorShape = { WGM: 2, WGN: 4, FM: 2, FN: 2, BK: 16, PADA: 8, PADB: 8, fragment: 16 } as const;
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
/** Workgroup memory: A and B tiles as f16 (2 bytes, rows padded) and one 16×16 f32 tile per subgroup (4 bytes): 15,616 bytes (under WebGPU's default 16 KiB). */
export const kTensorStorageBytes =
  2 * (kTensorBlock.rows * (kTensorBlock.depth + kTensorShape.PADA) + kTensorBlock.depth * (kTensorBlock.cols + kTensorShape.PADB)) + 4 * 256 * kTensorShape.WGM * kTensorShape.WGN;

export const kTensorKernels = {
  tensor: {
    wgsl: tensorSource,
    usesTile: false,
    ladder: true,
    tuned: false,
    chart: { color: '#e0457b', dash: [2, 4] },
    halfInputs: true,
    block: () => ({ rows: kTensorBlock.rows, cols: kTensorBlock.cols }),
    requiredFeatures: ['shader-f16', 'chromium-experimental-subgroup-matrix'],
    maxSubgroupSize: kTensorLanes,
    exactSubgroupSize: kTensorLanes,
    stageDepth: kTensorBlock.depth,
    plan(shape, _tile, limits, _params, block) {
      if (limits.maxComputeWorkgroupStorageSize < kTensorStorageBytes) return tooMuchMemory(kTensorStorageBytes, limits);
      return {
        constants: {},
        // x: the lanes of a subgroup, y: the subgroups (the WGSL's workgroup is the same invocations in one dimension).
        workgroup: { x: kTensorLanes, y: kTensorShape.WGM * kTensorShape.WGN },
        dispatch: blockDispatch(shape, block.rows, block.cols),
        mapping: { key: 'tensor', values: {} },
        workgroupStorageBytes: kTensorStorageBytes,
      };
    },
  },
} satisfies Record<string, KernelDef>;
