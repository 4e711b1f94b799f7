/** A matmul problem: C (M×N) = A (M×K) · B (K×N), all row-major f32. */
export interface Shape {
  readonly m: number;
  readonly k: number;
  readonly n: number;
}

/** Tile widths the app offers (TILE_WIDTH in PMPP, BLOCK_SIZE in cuda-samples). */
export const kTileWidths = [2, 4, 8, 16, 32] as const;
export type TileWidth = (typeof kTileWidths)[number];

export function isTileWidth(v: number): v is TileWidth {
  return (kTileWidths as readonly number[]).includes(v);
}

export const ceilDiv = (a: number, b: number): number => Math.floor((a + b - 1) / b);

/** Floating-point operations of one matmul: one multiply and one add per (i, j, k). */
export const flops = (s: Shape): number => 2 * s.m * s.n * s.k;

/** GFLOP/s for a time in milliseconds. */
export const gflops = (s: Shape, ms: number): number => (ms > 0 ? flops(s) / (ms * 1e6) : 0);

/** M = K = N = n. */
export const cube = (n: number): Shape => ({ m: n, k: n, n });

export const shapeLabel = (s: Shape): string => `${s.m}×${s.k}×${s.n}`;
