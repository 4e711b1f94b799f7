import { presetLabel, presetSource } from '../i18n/words';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { checkProblem } from './limits';
import { kPresets } from './presets';
import { flops, isTileWidth } from './shape';
import { naiveDispatch, tileGrid, tiledDispatch, tiledMapping } from './tiling';

const byId = (id: string) => {
  const p = kPresets.find((x) => x.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  return p;
};

describe('kPresets', () => {
  it('has unique ids and labels, and text for each', () => {
    expect(kPresets.map((p) => p.id)).toEqual(['cuda-samples', 'pmpp', 'numba', 'non-multiple', 'square-4096']);
    expect(new Set(kPresets.map((p) => p.id)).size).toBe(kPresets.length);
    expect(new Set(kPresets.map((p) => presetLabel(p))).size).toBe(kPresets.length);
    for (const p of kPresets) {
      expect(presetLabel(p).length).toBeGreaterThan(0);
      expect(presetSource(p).length).toBeGreaterThan(0);
    }
  });

  it.each(kPresets.map((p) => [p.id, p] as const))('%s is a valid configuration that parses back to itself', (_id, p) => {
    expect(isTileWidth(p.tile)).toBe(true);
    const r = parseConfig({ m: String(p.m), k: String(p.k), n: String(p.n), tile: String(p.tile), pattern: 'random', seed: '1', samples: 'auto' });
    expect(r.errors).toEqual({});
    expect(r.config?.shape).toEqual({ m: p.m, k: p.k, n: p.n });
    expect(r.config?.tile).toBe(p.tile);
  });

  it.each(kPresets.map((p) => [p.id, p] as const))('%s runs on an adapter with only the WebGPU default limits', (_id, p) => {
    const limits = {
      maxStorageBufferBindingSize: 128 * 2 ** 20,
      maxBufferSize: 256 * 2 ** 20,
      maxComputeWorkgroupsPerDimension: 65535,
      maxComputeInvocationsPerWorkgroup: 256,
      maxComputeWorkgroupSizeX: 256,
      maxComputeWorkgroupSizeY: 256,
      maxComputeWorkgroupStorageSize: 16384,
    };
    expect(typeof tiledMapping(p.tile, limits)).toBe('object');
    const s = { m: p.m, k: p.k, n: p.n };
    expect(
      checkProblem(s, limits, [
        { label: 'naive', dispatch: naiveDispatch(s) },
        { label: 'tiled', dispatch: tiledDispatch(s, p.tile) },
      ]),
    ).toEqual({});
  });

  it('cuda-samples: C is 3×3 blocks of 16 and each block takes 2 phases (A31·B13 + A32·B23)', () => {
    const p = byId('cuda-samples');
    expect(tileGrid(p, p.tile)).toEqual({ tilesX: 3, tilesY: 3, phases: 2 });
  });

  it('pmpp: width 3 is not a multiple of tile 2 (2×2 tiles, 2 phases, partial edge tiles)', () => {
    const p = byId('pmpp');
    expect(p.m % p.tile).not.toBe(0);
    expect(tileGrid(p, p.tile)).toEqual({ tilesX: 2, tilesY: 2, phases: 2 });
  });

  it('numba: 4×4 with tile 2 divides evenly into 2×2 tiles', () => {
    const p = byId('numba');
    expect(tileGrid(p, p.tile)).toEqual({ tilesX: 2, tilesY: 2, phases: 2 });
    expect(p.m % p.tile).toBe(0);
  });

  it('non-multiple: 1000 is not a multiple of 16', () => {
    const p = byId('non-multiple');
    expect(p.m % p.tile).not.toBe(0);
    expect(p.n % p.tile).not.toBe(0);
    expect(p.k % p.tile).not.toBe(0);
  });

  it('square-4096: 137 GFLOP per run, as the label says', () => {
    const p = byId('square-4096');
    expect(Math.round(flops(p) / 1e9)).toBe(137);
    expect(presetSource(p)).toContain('137 GFLOP');
  });
});
