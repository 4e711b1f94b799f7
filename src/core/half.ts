/**
 * IEEE 754 binary16 rounding (round to nearest, ties to even), for the reference of kernels that
 * round their inputs to f16 (the tensor-core rung). Math.f16round where the platform has it is the
 * same function; Node 20 lacks it, so this is written out.
 */

/** The largest finite f16. */
export const kF16Max = 65504;

/** x rounded to the nearest f16 value (ties to even), as a number; beyond the range: ±Infinity. */
export function f16round(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  // Halfway between 65504 and the next step (65536) rounds to even, which is 65536: Infinity.
  if (a >= 65520) return sign * Infinity;
  // The spacing of f16 values near a: 2^(e−10) for normal numbers (e = floor(log2 a) ≥ −14), 2^−24 below.
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--; // log2 rounding near powers of two
  else if (2 ** (e + 1) <= a) e++;
  const ulp = 2 ** (Math.max(e, -14) - 10);
  const q = a / ulp; // exact: dividing by a power of two
  let r = Math.round(q);
  if (r - q === 0.5 && r % 2 === 1) r--; // Math.round rounds ties up: make them even
  return sign * r * ulp;
}

/** A copy of `v` with every element rounded to f16 (as f32: every f16 value is exact in f32). */
export function f16roundArray(v: Float32Array): Float32Array {
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = f16round(v[i]!);
  return out;
}
