import { describe, expect, it } from 'vitest';
import { naiveLoads, tiledLoads } from './traffic';

describe('traffic model', () => {
  it('naive loads 2·M·N·K elements', () => {
    expect(naiveLoads({ m: 3, k: 5, n: 7 })).toBe(210);
  });
  it('tiled loads divide by the tile when sizes are multiples', () => {
    const s = { m: 64, k: 64, n: 64 };
    expect(tiledLoads(s, 16)).toBe(naiveLoads(s) / 16);
  });
  it('counts only in-range loads for partial tiles (PMPP 3×3, tile 2)', () => {
    // Two workgroup columns each read all 9 elements of A; two workgroup rows each read all of B.
    expect(tiledLoads({ m: 3, k: 3, n: 3 }, 2)).toBe(36);
  });
  it('tile 1 would load as much as naive', () => {
    const s = { m: 5, k: 4, n: 3 };
    expect(tiledLoads(s, 1)).toBe(naiveLoads(s));
  });
});

import { arithmeticIntensity, blockLoads } from './traffic';

describe('block kernels', () => {
  it('64×64 blocks load 1/64 of naive on multiples', () => {
    const s = { m: 256, k: 256, n: 256 };
    expect(blockLoads(s, 64, 64)).toBe(naiveLoads(s) / 64);
  });
  it('arithmetic intensity of naive is 0.25 FLOP/byte (one load per multiply-add of two loads)', () => {
    const s = { m: 8, k: 8, n: 8 };
    expect(arithmeticIntensity(s, naiveLoads(s))).toBe(0.25);
  });
});
