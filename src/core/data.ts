import type { Shape } from './shape';

/**
 * Input data. `random` is seeded uniform [-1, 1); the other patterns make errors obvious:
 * `integers` (small integers, every sum exact in f32), `ones` (every C element equals K),
 * `identity` (A is the M×K identity, so C is the first rows of B).
 */
export const kPatterns = ['random', 'integers', 'ones', 'identity'] as const;
export type Pattern = (typeof kPatterns)[number];

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

/** Elements generated between two progress steps of dataSteps (about a few ms of work). */
export const kDataChunk = 1 << 20;

/** Progress of a long CPU job: `done` of `total` units. */
export interface Step {
  readonly done: number;
  readonly total: number;
}

/**
 * makeData in steps: yields its progress every kDataChunk elements (so a worker can report it and
 * notice a cancel between steps) and returns the same matrices as makeData (the same PRNG stream).
 */
export function* dataSteps(s: Shape, pattern: Pattern, seed: number): Generator<Step, MatmulData, void> {
  const a = new Float32Array(s.m * s.k);
  const b = new Float32Array(s.k * s.n);
  const rand = mulberry32(seed);
  const total = a.length + b.length;
  let done = 0;
  /** Fill `arr` chunk by chunk with `fill(i0, i1)`, yielding progress after each chunk. */
  function* chunks(arr: Float32Array, fill: (i0: number, i1: number) => void): Generator<Step, void, void> {
    for (let i0 = 0; i0 < arr.length; i0 += kDataChunk) {
      const i1 = Math.min(arr.length, i0 + kDataChunk);
      fill(i0, i1);
      done += i1 - i0;
      yield { done, total };
    }
  }
  switch (pattern) {
    case 'random': {
      // 24 random bits: k/2^23 − 1 is exact in f32 and never reaches 1.
      const r24 = (arr: Float32Array) => (i0: number, i1: number) => {
        for (let i = i0; i < i1; i++) arr[i] = Math.floor(rand() * 2 ** 24) / 2 ** 23 - 1;
      };
      yield* chunks(a, r24(a));
      yield* chunks(b, r24(b));
      return { a, b, exact: false };
    }
    case 'integers': {
      const ints = (arr: Float32Array) => (i0: number, i1: number) => {
        for (let i = i0; i < i1; i++) arr[i] = Math.floor(rand() * 17) - 8;
      };
      yield* chunks(a, ints(a));
      yield* chunks(b, ints(b));
      break;
    }
    case 'ones':
      yield* chunks(a, (i0, i1) => a.fill(1, i0, i1));
      yield* chunks(b, (i0, i1) => b.fill(1, i0, i1));
      break;
    case 'identity':
      for (let i = 0; i < Math.min(s.m, s.k); i++) a[i * s.k + i] = 1;
      done += a.length;
      yield { done, total };
      yield* chunks(b, (i0, i1) => {
        for (let i = i0; i < i1; i++) b[i] = (i % 17) - 8;
      });
      break;
  }
  return { a, b, exact: s.k * kMaxTerm[pattern] < 2 ** 24 };
}

/** Runs a stepped job to the end at once (the synchronous form of dataSteps, verifySteps). */
export function drain<T>(steps: Generator<Step, T, void>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

export function makeData(s: Shape, pattern: Pattern, seed: number): MatmulData {
  return drain(dataSteps(s, pattern, seed));
}

/**
 * Rows [row0, row0 + count) of a rows×cols row-major matrix as rows of colsP columns, zeros in the
 * new columns and in rows at or past `rows` (one chunk of a padded upload; see padMatrix).
 */
export function paddedRows(src: Float32Array, rows: number, cols: number, colsP: number, row0: number, count: number): Float32Array {
  const out = new Float32Array(count * colsP);
  const last = Math.min(rows, row0 + count);
  if (colsP === cols) {
    if (last > row0) out.set(src.subarray(row0 * cols, last * cols));
  } else {
    for (let r = row0; r < last; r++) out.set(src.subarray(r * cols, (r + 1) * cols), (r - row0) * colsP);
  }
  return out;
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
