/**
 * The tensor-core rung: subgroup matrices (Chromium's experimental extension) multiply 16×16 f16
 * fragments with f32 sums. Needs shader-f16 and chromium-experimental-subgroup-matrix.
 */
import { blockDispatch } from '../tiling';
import type { KernelDef } from './types';
import { wgsl } from './source';

const tensorSource = wgsl('tensor.wgsl', () => import('../../../shaders/tensor.wgsl?raw'));

/** The C block of one workgroup (one subgroup: 4×4 result fragments of 16×16) and the K step staged per barrier. */
export const kTensorBlock = { rows: 64, cols: 64, depth: 16, fragment: 16 } as const;
/** The invocations of a workgroup: one subgroup of the largest size the WGSL is written for. */
export const kTensorLanes = 32;
/** Workgroup memory: A and B tiles as f16 (2 bytes) and one 16-row strip of C as f32 (4 bytes): 8 KiB. */
export const kTensorStorageBytes = 2 * (kTensorBlock.rows * kTensorBlock.depth + kTensorBlock.depth * kTensorBlock.cols) + 4 * kTensorBlock.fragment * kTensorBlock.cols;

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
    plan(shape, _tile, _limits, _params, block) {
      return {
        constants: { WG: kTensorLanes },
        workgroup: { x: kTensorLanes, y: 1 },
        dispatch: blockDispatch(shape, block.rows, block.cols),
        mapping: { key: 'tensor', values: {} },
        workgroupStorageBytes: kTensorStorageBytes,
      };
    },
  },
} satisfies Record<string, KernelDef>;
