import { ceilDiv, flops, type Shape } from './shape';

/**
 * Global-memory element loads of each kernel (the traffic model).
 * Naive: every C element reads a row of A and a column of B: 2·M·N·K.
 * Tiled: each workgroup column of C (ceil(N/T) of them) reads all of A once, and each workgroup
 * row (ceil(M/T)) reads all of B once; out-of-range tile slots are filled with 0.0, not loaded.
 * So M·K·⌈N/T⌉ + K·N·⌈M/T⌉ ≈ 2·M·N·K / T.
 */
export function naiveLoads(s: Shape): number {
  return 2 * s.m * s.n * s.k; // loads, not FLOPs: a row of A and a column of B per C element
}

export function tiledLoads(s: Shape, tile: number): number {
  return blockLoads(s, tile, tile);
}

/** Any kernel that stages BM×BK of A and BK×BN of B per workgroup: A is read ⌈N/BN⌉ times, B ⌈M/BM⌉ times. */
export function blockLoads(s: Shape, bm: number, bn: number): number {
  return s.m * s.k * ceilDiv(s.n, bn) + s.k * s.n * ceilDiv(s.m, bm);
}

/** Arithmetic intensity against global memory: FLOP per byte loaded (f32). */
export function arithmeticIntensity(s: Shape, loads: number): number {
  return flops(s) / (loads * 4);
}

/** Row strips of `band` rows: A's band is re-read for every 256-column chunk, all of B once per band. */
export function stripLoads(s: Shape, band: number, chunk = 256): number {
  return s.m * s.k * ceilDiv(s.n, chunk) + s.k * s.n * ceilDiv(s.m, band);
}
