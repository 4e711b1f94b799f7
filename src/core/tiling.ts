import { t } from '../i18n';
import type { run } from '../i18n/locales/en/run';
import { ceilDiv, type Shape, type TileWidth } from './shape';

/** A sentence of the catalogue's run:mapping (which mapping ran). */
export type MappingKey = keyof typeof run.mapping;

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

/** A mapping in words, in the language in use (the result card; the headless bench in English). */
export function mappingText(m: MappingWords): string {
  // The values are checked by tiling.test.ts and kernels.test.ts (every sentence, its figures); the key is typed.
  const say = t as unknown as (key: `run:mapping.${MappingKey}`, values: Readonly<Record<string, number | string>>) => string;
  return say(`run:mapping.${m.key}`, { ...m.values, ...(m.inner ? { mapping: mappingText(m.inner) } : {}) });
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

export interface WorkgroupLimits {
  readonly maxComputeInvocationsPerWorkgroup: number;
  readonly maxComputeWorkgroupSizeX: number;
  readonly maxComputeWorkgroupSizeY: number;
  readonly maxComputeWorkgroupStorageSize: number;
}

export function tiledMapping(tile: TileWidth, limits: WorkgroupLimits): TiledMapping | string {
  const storage = 2 * tile * tile * 4;
  if (storage > limits.maxComputeWorkgroupStorageSize) {
    return t('run:plan.tileMemory', { tile, bytes: storage, limit: limits.maxComputeWorkgroupStorageSize });
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
    return t('run:plan.tileWide', { tile, limit: limits.maxComputeWorkgroupSizeX });
  }
  return t('run:plan.tileInvocations', { tile, need: (tile * tile) / kMaxRowsPerInvocation, limit: limits.maxComputeInvocationsPerWorkgroup });
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
