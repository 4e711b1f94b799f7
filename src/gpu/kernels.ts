/**
 * Kernels described as data (after tfjs-backend-webgpu's WebGPUProgram): each record names its
 * WGSL, and plans a launch for a shape — override constants, workgroup size, dispatch grid and a
 * sentence saying which mapping ran. All share one binding layout: A, B, C, dims.
 */
import naiveSource from '../../shaders/naive.wgsl?raw';
import tiledSource from '../../shaders/tiled.wgsl?raw';
import type { Shape, TileWidth } from '../core/shape';
import {
  describeMapping,
  kNaiveWorkgroup,
  naiveDispatch,
  tiledDispatch,
  tiledMapping,
  type Dispatch,
  type WorkgroupLimits,
} from '../core/tiling';

export type KernelId = 'naive' | 'tiled';

export interface LaunchPlan {
  readonly constants: Record<string, number>;
  readonly workgroup: { readonly x: number; readonly y: number };
  readonly dispatch: Dispatch;
  /** Which mapping ran, in words, for the UI and the benchmark output. */
  readonly mapping: string;
  readonly workgroupStorageBytes: number;
}

export interface KernelSpec {
  readonly id: KernelId;
  readonly label: string;
  readonly summary: string;
  readonly source: string;
  /** Whether the tile width changes this kernel. */
  readonly usesTile: boolean;
  /** A launch plan, or a message saying why this adapter cannot run it. */
  plan(shape: Shape, tile: TileWidth, limits: WorkgroupLimits): LaunchPlan | string;
}

export const kKernels: Readonly<Record<KernelId, KernelSpec>> = {
  naive: {
    id: 'naive',
    label: 'Naive',
    summary: 'One invocation per C element; every operand read from global memory.',
    source: naiveSource,
    usesTile: false,
    plan(shape) {
      return {
        constants: { WG_X: kNaiveWorkgroup.x, WG_Y: kNaiveWorkgroup.y },
        workgroup: kNaiveWorkgroup,
        dispatch: naiveDispatch(shape),
        mapping: `${kNaiveWorkgroup.x}×${kNaiveWorkgroup.y} invocations per workgroup, one C element each, no workgroup memory`,
        workgroupStorageBytes: 0,
      };
    },
  },
  tiled: {
    id: 'tiled',
    label: 'Tiled',
    summary: 'One workgroup per C tile; A and B tiles staged in workgroup memory, two barriers per phase.',
    source: tiledSource,
    usesTile: true,
    plan(shape, tile, limits) {
      const m = tiledMapping(tile, limits);
      if (typeof m === 'string') return m;
      return {
        constants: { TILE: tile, ROWS: m.rowsPerInvocation },
        workgroup: m.workgroup,
        dispatch: tiledDispatch(shape, tile),
        mapping: describeMapping(m),
        workgroupStorageBytes: m.workgroupStorageBytes,
      };
    },
  },
};

export const kKernelIds = Object.keys(kKernels) as KernelId[];
