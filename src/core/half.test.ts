import { describe, expect, it } from 'vitest';
import { f16round, f16roundArray, kF16Max } from './half';

describe('f16round', () => {
  it('keeps values that are f16 already', () => {
    for (const x of [0, -0, 1, -1, 0.5, 2048, kF16Max, -kF16Max, 2 ** -14, 2 ** -24, 1 + 2 ** -10, 0.333251953125]) {
      expect(Object.is(f16round(x), x)).toBe(true);
    }
  });
  it('rounds to the nearest value, ties to even', () => {
    expect(f16round(1 + 2 ** -11)).toBe(1); // tie between 1 and 1+2^-10: even is 1
    expect(f16round(1 + 3 * 2 ** -11)).toBe(1 + 2 ** -9); // tie between 1+2^-10 and 1+2^-9: even is 1+2^-9
    expect(f16round(1 + 2 ** -11 + 2 ** -20)).toBe(1 + 2 ** -10); // just above the tie
    expect(f16round(1 / 3)).toBe(0.333251953125);
    expect(f16round(0.1)).toBe(0.0999755859375);
    expect(f16round(-0.1)).toBe(-0.0999755859375);
    expect(f16round(2049)).toBe(2048); // tie at spacing 2: even mantissa
    expect(f16round(2051)).toBe(2052);
  });
  it('overflows past 65504 only from the halfway point on', () => {
    expect(f16round(65519)).toBe(kF16Max);
    expect(f16round(65520)).toBe(Infinity);
    expect(f16round(-70000)).toBe(-Infinity);
    expect(f16round(Infinity)).toBe(Infinity);
    expect(Number.isNaN(f16round(NaN))).toBe(true);
  });
  it('rounds subnormals to multiples of 2^-24', () => {
    expect(f16round(2 ** -25)).toBe(0); // tie between 0 and 2^-24: even is 0
    expect(f16round(3 * 2 ** -25)).toBe(2 ** -23); // tie between 2^-24 and 2^-23: even is 2^-23
    expect(f16round(2 ** -25 + 2 ** -40)).toBe(2 ** -24);
    expect(f16round(2 ** -15 + 2 ** -26)).toBe(2 ** -15);
    expect(f16round(2 ** -14 - 2 ** -25)).toBe(2 ** -14); // the largest subnormal's tie rounds up to the smallest normal (even)
  });
  const native = (Math as unknown as { f16round?: (x: number) => number }).f16round;
  it.skipIf(!native)('agrees with Math.f16round where the platform has it (Node 20 lacks it)', () => {
    if (!native) throw new Error('unreachable');
    for (let i = 0; i < 10000; i++) {
      const x = (Math.random() - 0.5) * 2 ** (Math.random() * 40 - 26);
      expect(f16round(x)).toBe(native(x));
    }
  });
  it('rounds arrays element by element', () => {
    expect([...f16roundArray(new Float32Array([0.1, 1, 70000]))]).toEqual([Math.fround(0.0999755859375), 1, Infinity]);
  });
});

describe('verify with f16 inputs', () => {
  it('checks against the rounded inputs and reports the cost of rounding', async () => {
    const { verify } = await import('./reference');
    const s = { m: 3, k: 5, n: 4 };
    const a = new Float32Array(s.m * s.k).map((_, i) => 0.1 + i / 7);
    const b = new Float32Array(s.k * s.n).map((_, i) => 0.3 - i / 11);
    const d = { a, b, exact: false };
    const mul = (x: Float32Array, y: Float32Array) => {
      const c = new Float32Array(s.m * s.n);
      for (let i = 0; i < s.m; i++) for (let j = 0; j < s.n; j++) for (let k = 0; k < s.k; k++) c[i * s.n + j]! += x[i * s.k + k]! * y[k * s.n + j]!;
      return c;
    };
    const half = mul(f16roundArray(a), f16roundArray(b));
    const full = mul(a, b);
    const v = verify(d, s, half, 16, 1, true);
    expect(v.ok).toBe(true);
    expect(v.halfInputCost).toBeGreaterThan(1e-5);
    expect(v.halfInputCost).toBeLessThan(2e-3);
    expect(verify(d, s, half, 16).ok).toBe(false); // the f16 product is not the f32 one
    expect(verify(d, s, full, 16, 1, true).ok).toBe(false); // nor the f32 product the f16 one
    expect(verify(d, s, full, 16).halfInputCost).toBeUndefined();
  });
});
