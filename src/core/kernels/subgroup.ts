/** The subgroup rung: 64 invocations share their rows of A through subgroup operations (needs the subgroups feature). */
import { blockDispatch } from '../tiling';
import type { KernelDef } from './types';
import { wgsl } from './source';

const subgroupSource = wgsl('subgroup.wgsl', () => import('../../../shaders/subgroup.wgsl?raw'));

export const kSubgroupKernels = {
  subgroup: {
    wgsl: subgroupSource,
    usesTile: false,
    ladder: true,
    tuned: false,
    chart: { color: '#a173ff', dash: [20, 4, 4, 4] },
    reference: { dawn: 16.71, wgpu: null },
    block: () => ({ rows: 8, cols: 256 }),
    requiredFeatures: ['subgroups'],
    maxSubgroupSize: 64, // all 64 invocations of a workgroup share their rows
    plan(shape, _tile, _limits, _params, block) {
      return {
        constants: {},
        workgroup: { x: 64, y: 1 },
        dispatch: blockDispatch(shape, block.rows, block.cols),
        mapping: { key: 'subgroup', values: {} },
        workgroupStorageBytes: 0,
      };
    },
  },
} satisfies Record<string, KernelDef>;
