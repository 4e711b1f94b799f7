/** The strip kernel of the partitions view: a band of rows of C per workgroup (not a rung of the ladder). */
import { ceilDiv } from '../shape';
import { stripLoads } from '../traffic';
import type { KernelDef } from './types';
import { wgsl } from './source';

const stripSource = wgsl('strip.wgsl', () => import('../../../shaders/strip.wgsl?raw'));

/** Rows of C per workgroup of the strip kernel. */
export const kStripBand = 4;

export const kPartitionKernels = {
  strip: {
    wgsl: stripSource,
    usesTile: false,
    ladder: false,
    tuned: false,
    stagesOtherThanTiles: true,
    chart: { color: '#fc5400', dash: [2, 6] },
    block: () => ({ rows: kStripBand, cols: 256 }),
    loads: (shape) => stripLoads(shape, kStripBand),
    plan(shape) {
      return {
        constants: { BAND: kStripBand },
        workgroup: { x: 256, y: 1 },
        dispatch: [ceilDiv(shape.m, kStripBand), 1, 1],
        rowsAxis: 0,
        mapping: { key: 'strip', values: { band: kStripBand, per: 256 / kStripBand } },
        workgroupStorageBytes: 1024,
      };
    },
  },
} satisfies Record<string, KernelDef>;
