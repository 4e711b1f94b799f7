import type { Shape } from './shape';

/**
 * Input data. `random` is seeded uniform [-1, 1); the other patterns make errors obvious:
 * `integers` (small integers, every sum exact in f32), `ones` (every C element equals K),
 * `identity` (A is the M×K identity, so C is the first rows of B).
 */
export const kPatterns = ['random', 'integers', 'ones', 'identity'] as const;
export type Pattern = (typeof kPatterns)[number];

export const kPatternLabels: Record<Pattern, string> = {
  random: 'Seeded random in [−1, 1)',
  integers: 'Small integers in [−8, 8] (exact sums)',
  ones: 'All ones (C = K everywhere)',
  identity: 'A = identity, B = small integers (C = B’s first rows)',
};

export function isPattern(v: string): v is Pattern {
  return (kPatterns as readonly string[]).includes(v);
}

/** mulberry32: a small, fast, well-distributed 32-bit PRNG; the same seed gives the same matrices everywhere. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface MatmulData {
  readonly a: Float32Array;
  readonly b: Float32Array;
  /**
   * True when every partial sum is an integer below 2^24 in magnitude, so f32 arithmetic in any
   * order is exact and the GPU result must equal the reference bit for bit.
   */
  readonly exact: boolean;
}

/** Largest |a·b| per term for each pattern, used to decide whether sums are exact. */
const kMaxTerm: Record<Exclude<Pattern, 'random'>, number> = { integers: 64, ones: 1, identity: 8 };

export function makeData(s: Shape, pattern: Pattern, seed: number): MatmulData {
  const a = new Float32Array(s.m * s.k);
  const b = new Float32Array(s.k * s.n);
  const rand = mulberry32(seed);
  switch (pattern) {
    case 'random':
      // 24 random bits: k/2^23 − 1 is exact in f32 and never reaches 1.
      for (let i = 0; i < a.length; i++) a[i] = Math.floor(rand() * 2 ** 24) / 2 ** 23 - 1;
      for (let i = 0; i < b.length; i++) b[i] = Math.floor(rand() * 2 ** 24) / 2 ** 23 - 1;
      return { a, b, exact: false };
    case 'integers':
      for (let i = 0; i < a.length; i++) a[i] = Math.floor(rand() * 17) - 8;
      for (let i = 0; i < b.length; i++) b[i] = Math.floor(rand() * 17) - 8;
      break;
    case 'ones':
      a.fill(1);
      b.fill(1);
      break;
    case 'identity':
      for (let i = 0; i < Math.min(s.m, s.k); i++) a[i * s.k + i] = 1;
      for (let i = 0; i < b.length; i++) b[i] = (i % 17) - 8;
      break;
  }
  return { a, b, exact: s.k * kMaxTerm[pattern] < 2 ** 24 };
}

/**
 * A rows×cols row-major matrix copied into a rowsP×colsP one, zeros in the new rows and columns
 * (the vec4 rungs' upload when K or N is not a multiple of 4).
 */
export function padMatrix(src: Float32Array, rows: number, cols: number, rowsP: number, colsP: number): Float32Array {
  if (rowsP === rows && colsP === cols) return src;
  const out = new Float32Array(rowsP * colsP);
  for (let r = 0; r < rows; r++) out.set(src.subarray(r * cols, (r + 1) * cols), r * colsP);
  return out;
}

/** The first `cols` columns of a rows×colsP row-major matrix (the read-back of a padded C). */
export function unpadMatrix(src: Float32Array, rows: number, colsP: number, cols: number): Float32Array {
  if (colsP === cols) return src;
  const out = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++) out.set(src.subarray(r * colsP, r * colsP + cols), r * cols);
  return out;
}
