import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { say } from '../i18n';
import { kTileWidths, type Shape, type TileWidth } from './shape';
import {
  kMaxRowsPerInvocation,
  kNaiveWorkgroup,
  naiveDispatch,
  tileGrid,
  tiledDispatch,
  tiledMapping as tiledMappingData,
  isPlanFailure,
  type TiledMapping,
  type WorkgroupLimits,
} from './tiling';

/** tiledMapping with a failure said in words (English), as the views show it; a failure always names the tile field. */
function tiledMapping(tile: TileWidth, limits: WorkgroupLimits): TiledMapping | string {
  const m = tiledMappingData(tile, limits);
  if (!isPlanFailure(m)) return m;
  expect(m.fields).toEqual(['tile']);
  return say(m.why);
}

/** The WebGPU default (guaranteed minimum) limits. */
const kDefault: WorkgroupLimits = {
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupSizeX: 256,
  maxComputeWorkgroupSizeY: 256,
  maxComputeWorkgroupStorageSize: 16384,
};
const k1024: WorkgroupLimits = { ...kDefault, maxComputeInvocationsPerWorkgroup: 1024, maxComputeWorkgroupSizeX: 1024, maxComputeWorkgroupSizeY: 1024, maxComputeWorkgroupStorageSize: 32768 };

function mapping(tile: TileWidth, limits: WorkgroupLimits): TiledMapping {
  const m = tiledMapping(tile, limits);
  if (typeof m === 'string') throw new Error(`expected a mapping for tile ${tile}, got: ${m}`);
  return m;
}

function failure(tile: TileWidth, limits: WorkgroupLimits): string {
  const m = tiledMapping(tile, limits);
  if (typeof m !== 'string') throw new Error(`expected an error for tile ${tile}, got a mapping ${JSON.stringify(m)}`);
  return m;
}

describe('tiledMapping', () => {
  it('at the default 256-invocation limit: one element per invocation up to 16, 32 runs as 32×8 × 4 rows', () => {
    const want: Record<TileWidth, { r: number; x: number; y: number; inv: number; bytes: number }> = {
      2: { r: 1, x: 2, y: 2, inv: 4, bytes: 32 },
      4: { r: 1, x: 4, y: 4, inv: 16, bytes: 128 },
      8: { r: 1, x: 8, y: 8, inv: 64, bytes: 512 },
      16: { r: 1, x: 16, y: 16, inv: 256, bytes: 2048 },
      32: { r: 4, x: 32, y: 8, inv: 256, bytes: 8192 },
    };
    for (const tile of kTileWidths) {
      const w = want[tile];
      expect(mapping(tile, kDefault), `tile ${tile}`).toEqual({
        tile,
        rowsPerInvocation: w.r,
        workgroup: { x: w.x, y: w.y },
        invocations: w.inv,
        workgroupStorageBytes: w.bytes,
      });
    }
  });

  it('at a 1024-invocation limit: one element per invocation for every width, 32 runs as 32×32', () => {
    for (const tile of kTileWidths) {
      expect(mapping(tile, k1024), `tile ${tile}`).toEqual({
        tile,
        rowsPerInvocation: 1,
        workgroup: { x: tile, y: tile },
        invocations: tile * tile,
        workgroupStorageBytes: 8 * tile * tile,
      });
    }
  });

  it('at a 512-invocation limit, 32 takes 2 rows per invocation (32×16)', () => {
    const m = mapping(32, { ...kDefault, maxComputeInvocationsPerWorkgroup: 512 });
    expect(m.rowsPerInvocation).toBe(2);
    expect(m.workgroup).toEqual({ x: 32, y: 16 });
    expect(m.invocations).toBe(512);
  });

  it('shrinks 16 to 16×8 × 2 rows at 128 invocations and 16×4 × 4 rows at 64', () => {
    expect(mapping(16, { ...kDefault, maxComputeInvocationsPerWorkgroup: 128 })).toMatchObject({ rowsPerInvocation: 2, workgroup: { x: 16, y: 8 }, invocations: 128 });
    expect(mapping(16, { ...kDefault, maxComputeInvocationsPerWorkgroup: 64 })).toMatchObject({ rowsPerInvocation: 4, workgroup: { x: 16, y: 4 }, invocations: 64 });
  });

  it('respects maxComputeWorkgroupSizeY even when the invocation limit would allow more', () => {
    expect(mapping(32, { ...k1024, maxComputeWorkgroupSizeY: 16 })).toMatchObject({ rowsPerInvocation: 2, workgroup: { x: 32, y: 16 } });
    expect(mapping(32, { ...k1024, maxComputeWorkgroupSizeY: 8 })).toMatchObject({ rowsPerInvocation: 4, workgroup: { x: 32, y: 8 } });
    expect(failure(32, { ...k1024, maxComputeWorkgroupSizeY: 7 })).toMatch(/^Tile 32 /);
  });

  it('never uses more rows per invocation than the kernel’s accumulator holds', () => {
    expect(kMaxRowsPerInvocation).toBe(4);
    // 32×32 / 4 = 256 invocations is the least tile 32 can use.
    expect(failure(32, { ...kDefault, maxComputeInvocationsPerWorkgroup: 255 })).toBe(
      'Tile 32 needs at least 256 invocations per workgroup; this GPU allows 255.',
    );
    expect(failure(32, { ...kDefault, maxComputeInvocationsPerWorkgroup: 128 })).toBe(
      'Tile 32 needs at least 256 invocations per workgroup; this GPU allows 128.',
    );
    expect(failure(16, { ...kDefault, maxComputeInvocationsPerWorkgroup: 63 })).toBe(
      'Tile 16 needs at least 64 invocations per workgroup; this GPU allows 63.',
    );
    expect(failure(2, { ...kDefault, maxComputeInvocationsPerWorkgroup: 1 })).toBe(
      'Tile 2 needs at least 1 invocations per workgroup; this GPU allows 1.',
    );
  });

  it('tile 2 can only halve (2 % 4 ≠ 0): 2×1 × 2 rows at 2 invocations', () => {
    expect(mapping(2, { ...kDefault, maxComputeInvocationsPerWorkgroup: 2 })).toMatchObject({ rowsPerInvocation: 2, workgroup: { x: 2, y: 1 }, invocations: 2 });
  });

  it('reports workgroup memory first, with the exact byte counts', () => {
    expect(failure(32, { ...kDefault, maxComputeWorkgroupStorageSize: 8191 })).toBe(
      'Tile 32 needs 8192 bytes of workgroup memory; this GPU allows 8191.',
    );
    expect(failure(16, { ...kDefault, maxComputeWorkgroupStorageSize: 1024 })).toBe(
      'Tile 16 needs 2048 bytes of workgroup memory; this GPU allows 1024.',
    );
    // Storage is checked before invocations.
    expect(failure(32, { ...kDefault, maxComputeInvocationsPerWorkgroup: 1, maxComputeWorkgroupStorageSize: 0 })).toMatch(/bytes of workgroup memory/);
    // Exactly at the limit fits.
    expect(mapping(32, { ...kDefault, maxComputeWorkgroupStorageSize: 8192 }).workgroupStorageBytes).toBe(8192);
  });

  it('every mapping is consistent with the limits and uses the fewest rows per invocation (property)', () => {
    const limitsArb = fc.record({
      maxComputeInvocationsPerWorkgroup: fc.integer({ min: 1, max: 2048 }),
      maxComputeWorkgroupSizeX: fc.integer({ min: 1, max: 1024 }),
      maxComputeWorkgroupSizeY: fc.integer({ min: 1, max: 1024 }),
      maxComputeWorkgroupStorageSize: fc.integer({ min: 0, max: 65536 }),
    });
    fc.assert(
      fc.property(fc.constantFrom(...kTileWidths), limitsArb, (tile, limits) => {
        const m = tiledMapping(tile, limits);
        const fits = (r: number) =>
          r <= kMaxRowsPerInvocation &&
          tile % r === 0 &&
          (tile * tile) / r <= limits.maxComputeInvocationsPerWorkgroup &&
          tile <= limits.maxComputeWorkgroupSizeX &&
          tile / r <= limits.maxComputeWorkgroupSizeY;
        const storageOk = 8 * tile * tile <= limits.maxComputeWorkgroupStorageSize;
        const best = [1, 2, 4].find(fits);
        if (!storageOk || best === undefined) {
          expect(typeof m).toBe('string');
          expect(m as string).toMatch(new RegExp(`^Tile ${tile} needs `));
          return;
        }
        if (typeof m === 'string') throw new Error(`unexpected error: ${m}`);
        expect(m.tile).toBe(tile);
        expect(m.rowsPerInvocation).toBe(best);
        expect(m.workgroup.x).toBe(tile);
        expect(m.workgroup.y * m.rowsPerInvocation).toBe(tile);
        expect(m.invocations).toBe(m.workgroup.x * m.workgroup.y);
        expect(m.invocations).toBeLessThanOrEqual(limits.maxComputeInvocationsPerWorkgroup);
        expect(m.workgroup.x).toBeLessThanOrEqual(limits.maxComputeWorkgroupSizeX);
        expect(m.workgroup.y).toBeLessThanOrEqual(limits.maxComputeWorkgroupSizeY);
        expect(m.workgroupStorageBytes).toBe(2 * tile * tile * 4);
      }),
      { numRuns: 500 },
    );
  });

  // Bug (minor; unreachable on spec-conformant adapters, whose maxComputeWorkgroupSizeX is ≥ 256):
  // when maxComputeWorkgroupSizeX < tile the mapping fails, but the message blames the invocation
  // limit with numbers that contradict each other ("needs at least 256 … allows 1024").
  it('names the real cause when maxComputeWorkgroupSizeX is what does not fit', () => {
    const msg = failure(32, { ...k1024, maxComputeWorkgroupSizeX: 16 });
    const nums = /needs at least (\d+) invocations per workgroup; this GPU allows (\d+)/.exec(msg);
    if (nums) expect(Number(nums[1])).toBeGreaterThan(Number(nums[2]));
    expect(msg).toMatch(/maxComputeWorkgroupSizeX|16/);
  });
});

describe('tileGrid / tiledDispatch', () => {
  const cases: Array<{ s: Shape; tile: number; grid: { tilesX: number; tilesY: number; phases: number } }> = [
    { s: { m: 1, k: 1, n: 1 }, tile: 16, grid: { tilesX: 1, tilesY: 1, phases: 1 } },
    { s: { m: 1, k: 1, n: 1 }, tile: 2, grid: { tilesX: 1, tilesY: 1, phases: 1 } },
    // PMPP: width 3 is not a multiple of TILE_WIDTH 2.
    { s: { m: 3, k: 3, n: 3 }, tile: 2, grid: { tilesX: 2, tilesY: 2, phases: 2 } },
    { s: { m: 4, k: 4, n: 4 }, tile: 2, grid: { tilesX: 2, tilesY: 2, phases: 2 } },
    // Primes, all different, so a swapped axis shows.
    { s: { m: 97, k: 89, n: 101 }, tile: 16, grid: { tilesX: 7, tilesY: 7, phases: 6 } },
    { s: { m: 13, k: 7, n: 31 }, tile: 4, grid: { tilesX: 8, tilesY: 4, phases: 2 } },
    // Non-multiples.
    { s: { m: 1000, k: 1000, n: 1000 }, tile: 16, grid: { tilesX: 63, tilesY: 63, phases: 63 } },
    { s: { m: 1000, k: 1000, n: 1000 }, tile: 32, grid: { tilesX: 32, tilesY: 32, phases: 32 } },
    { s: { m: 17, k: 33, n: 15 }, tile: 16, grid: { tilesX: 1, tilesY: 2, phases: 3 } },
    // Exact multiples.
    { s: { m: 4096, k: 4096, n: 4096 }, tile: 16, grid: { tilesX: 256, tilesY: 256, phases: 256 } },
    { s: { m: 48, k: 32, n: 48 }, tile: 16, grid: { tilesX: 3, tilesY: 3, phases: 2 } },
    // K = 1: one phase, whatever the tile.
    { s: { m: 64, k: 1, n: 64 }, tile: 32, grid: { tilesX: 2, tilesY: 2, phases: 1 } },
    // Tall and wide.
    { s: { m: 1000, k: 5, n: 1 }, tile: 32, grid: { tilesX: 1, tilesY: 32, phases: 1 } },
    { s: { m: 1, k: 7, n: 4096 }, tile: 8, grid: { tilesX: 512, tilesY: 1, phases: 1 } },
    { s: { m: 1 << 20, k: 3, n: 2 }, tile: 2, grid: { tilesX: 1, tilesY: 1 << 19, phases: 2 } },
  ];

  it.each(cases)('$s.m×$s.k×$s.n tile $tile', ({ s, tile, grid }) => {
    expect(tileGrid(s, tile)).toEqual(grid);
    expect(tiledDispatch(s, tile)).toEqual([grid.tilesX, grid.tilesY, 1]);
  });

  it('covers every row, column and k exactly with no spare tile (property)', () => {
    fc.assert(
      fc.property(
        fc.record({ m: fc.integer({ min: 1, max: 1 << 20 }), k: fc.integer({ min: 1, max: 1 << 20 }), n: fc.integer({ min: 1, max: 1 << 20 }) }),
        fc.constantFrom(...kTileWidths),
        (s, tile) => {
          const g = tileGrid(s, tile);
          for (const [count, dim] of [[g.tilesX, s.n], [g.tilesY, s.m], [g.phases, s.k]] as const) {
            expect(Number.isInteger(count)).toBe(true);
            expect(count * tile).toBeGreaterThanOrEqual(dim);
            expect((count - 1) * tile).toBeLessThan(dim);
          }
          expect(tiledDispatch(s, tile)).toEqual([g.tilesX, g.tilesY, 1]);
        },
      ),
    );
  });
});

describe('naiveDispatch', () => {
  it('uses a 16×16 workgroup', () => {
    expect(kNaiveWorkgroup).toEqual({ x: 16, y: 16 });
  });

  it.each([
    [{ m: 1, k: 1, n: 1 }, [1, 1, 1]],
    [{ m: 16, k: 3, n: 16 }, [1, 1, 1]],
    [{ m: 17, k: 3, n: 16 }, [1, 2, 1]],
    [{ m: 17, k: 3, n: 33 }, [3, 2, 1]],
    [{ m: 3, k: 3, n: 3 }, [1, 1, 1]],
    [{ m: 1000, k: 1000, n: 1000 }, [63, 63, 1]],
    [{ m: 4096, k: 1, n: 4096 }, [256, 256, 1]],
    [{ m: 1, k: 9, n: 4096 }, [256, 1, 1]],
    [{ m: 4096, k: 9, n: 1 }, [1, 256, 1]],
    [{ m: 97, k: 89, n: 101 }, [7, 7, 1]],
  ] as const)('%o → %o (x along N, y along M)', (s, want) => {
    expect(naiveDispatch(s)).toEqual(want);
  });

  it('does not depend on K', () => {
    expect(naiveDispatch({ m: 50, k: 1, n: 70 })).toEqual(naiveDispatch({ m: 50, k: 100000, n: 70 }));
  });
});
