import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceilDiv, flops, gflops, isTileWidth, kTileWidths, shapeLabel } from './shape';

describe('kTileWidths / isTileWidth', () => {
  it('offers exactly the powers of two 2..32, in ascending order', () => {
    expect([...kTileWidths]).toEqual([2, 4, 8, 16, 32]);
  });

  it('accepts every offered width', () => {
    for (const t of kTileWidths) expect(isTileWidth(t)).toBe(true);
  });

  it.each([0, 1, 3, 5, 6, 12, 24, 31, 33, 64, 128, -16, 16.5, 2.0000001, NaN, Infinity, -Infinity])('rejects %s', (v) => {
    expect(isTileWidth(v)).toBe(false);
  });
});

describe('ceilDiv', () => {
  it.each([
    [0, 16, 0],
    [1, 16, 1],
    [15, 16, 1],
    [16, 16, 1],
    [17, 16, 2],
    [3, 2, 2],
    [1000, 16, 63],
    [1000, 32, 32],
    [4096, 16, 256],
    [1, 1, 1],
    [7, 1, 7],
  ])('ceilDiv(%i, %i) = %i', (a, b, want) => {
    expect(ceilDiv(a, b)).toBe(want);
  });

  it('matches Math.ceil(a / b) for non-negative integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1 << 22 }), fc.integer({ min: 1, max: 1 << 12 }), (a, b) => {
        expect(ceilDiv(a, b)).toBe(Math.ceil(a / b));
      }),
    );
  });
});

describe('flops / gflops', () => {
  it('counts one multiply and one add per (i, j, k)', () => {
    expect(flops({ m: 2, k: 3, n: 4 })).toBe(48);
    expect(flops({ m: 1, k: 1, n: 1 })).toBe(2);
    expect(flops({ m: 4096, k: 4096, n: 4096 })).toBe(2 * 4096 ** 3);
  });

  it('is not symmetric in a way that hides a swapped dimension (uses all three)', () => {
    expect(flops({ m: 5, k: 1, n: 1 })).toBe(10);
    expect(flops({ m: 1, k: 5, n: 1 })).toBe(10);
    expect(flops({ m: 1, k: 1, n: 5 })).toBe(10);
  });

  it('converts milliseconds to GFLOP/s', () => {
    // 2·10^9 flops in 1000 ms = 2 GFLOP/s.
    expect(gflops({ m: 1000, k: 1000, n: 1000 }, 1000)).toBeCloseTo(2, 12);
    // 2·10^9 flops in 1 ms = 2000 GFLOP/s.
    expect(gflops({ m: 1000, k: 1000, n: 1000 }, 1)).toBeCloseTo(2000, 9);
    // 4096³ in 100 ms ≈ 1374.39 GFLOP/s.
    expect(gflops({ m: 4096, k: 4096, n: 4096 }, 100)).toBeCloseTo(1374.38953472, 6);
  });

  it('returns 0 instead of Infinity or a negative rate for a non-positive time', () => {
    expect(gflops({ m: 4, k: 4, n: 4 }, 0)).toBe(0);
    expect(gflops({ m: 4, k: 4, n: 4 }, -1)).toBe(0);
  });
});

describe('shapeLabel', () => {
  it('prints M×K×N in that order', () => {
    expect(shapeLabel({ m: 3, k: 5, n: 7 })).toBe('3×5×7');
    expect(shapeLabel({ m: 1000, k: 1, n: 2 })).toBe('1000×1×2');
  });
});
