// i18n-pending: this file's words are not in the catalogues yet
import { ceilDiv, type Shape, type TileWidth } from './shape';

/** The most C rows one invocation of the tiled kernel may cover (its accumulator array size). */
export const kMaxRowsPerInvocation = 4;

/** Workgroup size of the naive kernel: 16×16 = 256 invocations, the WebGPU default limit. */
export const kNaiveWorkgroup = { x: 16, y: 16 } as const;

export type Dispatch = readonly [number, number, number];

/** A block of C computed by one workgroup: rows (along M) × columns (along N). */
export interface CBlock {
  readonly rows: number;
  readonly cols: number;
}

/**
 * How the tiled kernel maps invocations to a TILE×TILE tile of C.
 * When TILE×TILE fits the adapter's invocation limit, one invocation per element (the seed's
 * mapping). Otherwise each invocation covers `rowsPerInvocation` rows of the tile, strided by
 * the workgroup height, so a 32×32 tile runs as 32×8 invocations × 4 rows on a 256-limit adapter.
 */
export interface TiledMapping {
  readonly tile: TileWidth;
  readonly rowsPerInvocation: 1 | 2 | 4;
  readonly workgroup: { readonly x: number; readonly y: number };
  readonly invocations: number;
  /** Bytes of var<workgroup> memory: one TILE×TILE f32 tile of A and one of B. */
  readonly workgroupStorageBytes: number;
}

export interface WorkgroupLimits {
  readonly maxComputeInvocationsPerWorkgroup: number;
  readonly maxComputeWorkgroupSizeX: number;
  readonly maxComputeWorkgroupSizeY: number;
  readonly maxComputeWorkgroupStorageSize: number;
}

export function tiledMapping(tile: TileWidth, limits: WorkgroupLimits): TiledMapping | string {
  const storage = 2 * tile * tile * 4;
  if (storage > limits.maxComputeWorkgroupStorageSize) {
    return `Tile ${tile} needs ${storage} bytes of workgroup memory; this GPU allows ${limits.maxComputeWorkgroupStorageSize}.`;
  }
  for (const r of [1, 2, 4] as const) {
    if (r > kMaxRowsPerInvocation || tile % r !== 0) continue;
    const y = tile / r;
    const invocations = tile * y;
    if (
      invocations <= limits.maxComputeInvocationsPerWorkgroup &&
      tile <= limits.maxComputeWorkgroupSizeX &&
      y <= limits.maxComputeWorkgroupSizeY
    ) {
      return { tile, rowsPerInvocation: r, workgroup: { x: tile, y }, invocations, workgroupStorageBytes: storage };
    }
  }
  if (tile > limits.maxComputeWorkgroupSizeX) {
    return `Tile ${tile} needs a workgroup ${tile} invocations wide; this GPU's maxComputeWorkgroupSizeX is ${limits.maxComputeWorkgroupSizeX}.`;
  }
  return `Tile ${tile} needs at least ${(tile * tile) / kMaxRowsPerInvocation} invocations per workgroup; this GPU allows ${limits.maxComputeInvocationsPerWorkgroup}.`;
}

export function describeMapping(m: TiledMapping): string {
  if (m.rowsPerInvocation === 1) {
    return `${m.tile}×${m.tile} tile, ${m.workgroup.x}×${m.workgroup.y} invocations, one C element each`;
  }
  return `${m.tile}×${m.tile} tile, ${m.workgroup.x}×${m.workgroup.y} invocations, ${m.rowsPerInvocation} C rows each (invocation limit)`;
}

/** The grid of C tiles: tilesX workgroups across N, tilesY down M, and `phases` tiles along K. */
export function tileGrid(s: Shape, tile: number): { tilesX: number; tilesY: number; phases: number } {
  return { tilesX: ceilDiv(s.n, tile), tilesY: ceilDiv(s.m, tile), phases: ceilDiv(s.k, tile) };
}

/** Tiled kernel: one workgroup per C tile; x runs along N (columns), y along M (rows). */
export function tiledDispatch(s: Shape, tile: number): Dispatch {
  const g = tileGrid(s, tile);
  return [g.tilesX, g.tilesY, 1];
}

/** Block-tiled kernels: one workgroup per BM×BN block of C. */
export function blockDispatch(s: Shape, bm: number, bn: number): Dispatch {
  return [ceilDiv(s.n, bn), ceilDiv(s.m, bm), 1];
}

/** Naive kernel: one invocation per C element; x along N so neighbouring invocations read neighbouring B and write neighbouring C. */
export function naiveDispatch(s: Shape): Dispatch {
  return [ceilDiv(s.n, kNaiveWorkgroup.x), ceilDiv(s.m, kNaiveWorkgroup.y), 1];
}
