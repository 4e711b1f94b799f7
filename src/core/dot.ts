/**
 * The shared-memory dot product (seed 004): its reduction schedule, the seed's closed form, input
 * data and the tolerance of an f32 result.
 */
import { ceilDiv } from './shape';
import { mulberry32, type Step } from './data';
import { kF32Unit } from './reference';

export const kDotWorkgroupSizes = [32, 64, 128, 256] as const;
/** The seed's cap on workgroups (blocksPerGrid = min(32, …)). */
export const kDotDefaultMaxWorkgroups = 32;
/** Largest N the app runs (two f32 buffers of 128 MiB, the WebGPU default binding limit). */
export const kDotMaxN = 1 << 25;

export type DotPattern = 'closed-form' | 'random';

/** Workgroups like the seed: enough to cover N once, capped. */
export const dotWorkgroups = (n: number, wg: number, cap = kDotDefaultMaxWorkgroups): number => Math.max(1, Math.min(cap, ceilDiv(n, wg)));

/** Tree strides: WG/2, WG/4, …, 1. */
export function reductionSchedule(wg: number): number[] {
  const out: number[] = [];
  for (let s = wg >> 1; s > 0; s >>= 1) out.push(s);
  return out;
}

/** Invocations that add at tree step `step` (1-based; step 0 is the grid-stride loop): t < stride. */
export function activeAt(wg: number, step: number): number {
  return step === 0 ? wg : (reductionSchedule(wg)[step - 1] ?? 0);
}

/** The seed's check: a[i] = i, b[i] = 2 gives Σ 2i = N(N − 1). */
export const closedForm = (n: number): number => n * (n - 1);

export interface DotData {
  readonly a: Float32Array;
  readonly b: Float32Array;
}

export function dotData(n: number, pattern: DotPattern, seed = 1): DotData {
  const gen = dotDataSteps(n, pattern, seed);
  for (;;) {
    const r = gen.next();
    if (r.done) return r.value;
  }
}

/** Elements generated or summed between two steps of dotDataSteps / dotReferenceSteps. */
const kDotStep = 1 << 16;

/**
 * dotData in steps (for the worker: between steps it reads messages and reports progress). The
 * same numbers as dotData: a is drawn whole before b.
 */
export function* dotDataSteps(n: number, pattern: DotPattern, seed = 1): Generator<Step, DotData, void> {
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  const total = 2 * n;
  if (pattern === 'closed-form') {
    for (let i0 = 0; i0 < n; i0 += kDotStep) {
      for (let i = i0, end = Math.min(n, i0 + kDotStep); i < end; i++) a[i] = i;
      yield { done: i0, total };
    }
    b.fill(2);
  } else {
    const r = mulberry32(seed);
    for (const [v, offset] of [[a, 0], [b, n]] as const) {
      for (let i0 = 0; i0 < n; i0 += kDotStep) {
        for (let i = i0, end = Math.min(n, i0 + kDotStep); i < end; i++) v[i] = Math.floor(r() * 2 ** 24) / 2 ** 23 - 1;
        yield { done: offset + i0, total };
      }
    }
  }
  return { a, b };
}

/** The reference in f64, with Σ|a·b| (the scale of the rounding error). */
export function dotReference(d: DotData): DotReference {
  const gen = dotReferenceSteps(d);
  for (;;) {
    const r = gen.next();
    if (r.done) return r.value;
  }
}

export interface DotReference {
  readonly value: number;
  readonly absSum: number;
}

/** dotReference in steps (the same sums, in the same order). */
export function* dotReferenceSteps(d: DotData): Generator<Step, DotReference, void> {
  let value = 0;
  let absSum = 0;
  const n = d.a.length;
  for (let i0 = 0; i0 < n; i0 += kDotStep) {
    for (let i = i0, end = Math.min(n, i0 + kDotStep); i < end; i++) {
      const p = d.a[i]! * d.b[i]!;
      value += p;
      absSum += Math.abs(p);
    }
    yield { done: i0, total: n };
  }
  return { value, absSum };
}

/**
 * Bound on the f32 error: each result is a serial sum of ⌈N / (G·WG)⌉ products, then log2(WG) tree
 * additions (and, with the GPU final pass, ⌈G/WG⌉ + log2(WG) more); every addition contributes at
 * most u·Σ|a·b|. The host sums the partials in f64.
 */
export function dotTolerance(n: number, wg: number, groups: number, gpuFinal: boolean, absSum: number): number {
  const depth = ceilDiv(n, groups * wg) + Math.log2(wg) + 1 + (gpuFinal ? ceilDiv(groups, wg) + Math.log2(wg) : 0);
  return depth * kF32Unit * absSum;
}

/** An integer result is shown exactly; anything else with 7 significant digits. */
export function formatDotValue(v: number): string {
  if (Number.isInteger(v)) return v.toLocaleString('en-US', { maximumFractionDigits: 0, useGrouping: true });
  return v.toPrecision(7);
}
