import { said, type Said } from './said';
import { ceilDiv, type Shape, type TileWidth } from './shape';

/** The sentences of the catalogue's run:mapping (which mapping ran); i18n/catalogue.test.ts keeps the two lists equal. */
export const kMappingKeys = [
  'tiledOne', 'tiledRows', 'tiledSource', 'naive', 'reg4x4', 'reg8x8', 'reg8x8v', 'reg8x8db', 'unrolled',
  'block', 'blockVec4', 'blockVec4B', 'subgroup', 'tensor', 'strip', 'splitK', 'padded', 'paddedBlocks',
] as const;
/** A sentence of the catalogue's run:mapping (which mapping ran). */
export type MappingKey = (typeof kMappingKeys)[number];

/** The inputs a plan failure concerns: sizes, the tile width, or the kernel itself (a feature, a limit, a parameter). */
export type PlanField = 'm' | 'k' | 'n' | 'tile' | 'kernel';

/** Why a kernel cannot run here, as data: the fields to change and the message. */
export interface PlanFailure {
  readonly fields: readonly PlanField[];
  readonly why: Said;
}

export function planFailure(fields: readonly PlanField[], why: Said): PlanFailure {
  return { fields, why };
}

/** A plan, or why there is none. */
export function isPlanFailure(p: object): p is PlanFailure {
  return 'why' in p && 'fields' in p;
}

/**
 * Which mapping ran, as data: a sentence of run:mapping and its figures. A mapping that extends
 * another (the tiled kernel's written-out k loop, the vec4 rungs' padding) holds it as `inner`,
 * put in as {{mapping}}. mappingText turns it into words in the language in use.
 */
export interface MappingWords {
  readonly key: MappingKey;
  readonly values: Readonly<Record<string, number | string>>;
  readonly inner?: MappingWords;
}

/** A mapping as a message (nested: an inner mapping is said inside), for i18n's mappingText. */
export function mappingSaid(m: MappingWords): Said {
  return said(`run:mapping.${m.key}`, { ...m.values, ...(m.inner ? { mapping: mappingSaid(m.inner) } : {}) });
}

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

/** The adapter limits a matmul problem depends on (its buffers and its grid; core/limits.ts checks them). */
export interface ProblemLimits {
  readonly maxStorageBufferBindingSize: number;
  readonly maxBufferSize: number;
  readonly maxComputeWorkgroupsPerDimension: number;
}

export interface WorkgroupLimits {
  readonly maxComputeInvocationsPerWorkgroup: number;
  readonly maxComputeWorkgroupSizeX: number;
  readonly maxComputeWorkgroupSizeY: number;
  readonly maxComputeWorkgroupStorageSize: number;
}

export function tiledMapping(tile: TileWidth, limits: WorkgroupLimits): TiledMapping | PlanFailure {
  const storage = 2 * tile * tile * 4;
  if (storage > limits.maxComputeWorkgroupStorageSize) {
    return planFailure(['tile'], said('run:plan.tileMemory', { tile, bytes: storage, limit: limits.maxComputeWorkgroupStorageSize }));
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
    return planFailure(['tile'], said('run:plan.tileWide', { tile, limit: limits.maxComputeWorkgroupSizeX }));
  }
  return planFailure(['tile'], said('run:plan.tileInvocations', { tile, need: (tile * tile) / kMaxRowsPerInvocation, limit: limits.maxComputeInvocationsPerWorkgroup }));
}

/** The tiled kernel's mapping as data (see MappingWords). */
export function tiledMappingWords(m: TiledMapping): MappingWords {
  const values = { tile: m.tile, x: m.workgroup.x, y: m.workgroup.y, rows: m.rowsPerInvocation };
  return { key: m.rowsPerInvocation === 1 ? 'tiledOne' : 'tiledRows', values };
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
