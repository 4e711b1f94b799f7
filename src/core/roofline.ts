/**
 * The measured roofline (issue 27): the sizes of the probes (shaders/roofline_copy.wgsl, a
 * streaming copy; shaders/roofline_fma.wgsl, chains of fma; and, where the adapter has subgroup
 * matrices, shaders/roofline_mma.wgsl, the tensor cores' multiply-accumulate, issue #49), their
 * models (bytes moved, FLOP), their CPU checks, the roofline itself — attainable GFLOP/s = min(peak, intensity × bandwidth) —
 * and the chart's data (log-log axes, the roofs as lines, the rungs as points). Pure: no GPU, no
 * DOM, no words.
 */

/** vec4<f32>: 16 bytes. */
export const kVec4Bytes = 16;
/** Scalar fma chains per invocation in roofline_fma.wgsl (8 vec4 accumulators). */
export const kFmaChains = 32;
/** fma steps per loop trip in roofline_fma.wgsl. */
export const kFmaUnroll = 4;
/** fma(x, a, b) with these: every step adds 1 to a small integer, exact in f32 (see the shader). */
export const kFmaA = 1;
export const kFmaB = 1;

/**
 * The H100 reference roofline: the datasheet figures of the reference GPU (H100 SXM 80 GB: HBM3
 * 3.35 TB/s; FP32 about 67 TFLOP/s at its boost clock), never this GPU's. `measured` are this
 * project's own probe figures on that GPU (docs/benchmarks.md, round 10), per engine.
 */
export const kH100Roofline = {
  gpu: 'NVIDIA H100',
  bandwidthGbs: 3350,
  fmaGflops: 67000,
  measured: { date: '2026-11-27', wgpu: { bandwidthGbs: 2987, fmaGflops: 57840 }, dawn: { bandwidthGbs: 2983, fmaGflops: 58800 } } as
    | undefined
    | { readonly date: string; readonly wgpu: { readonly bandwidthGbs: number; readonly fmaGflops: number }; readonly dawn: { readonly bandwidthGbs: number; readonly fmaGflops: number } },
};

/** How the copy probe covers its array (roofline_copy.wgsl MODE). */
export type CopyMode = 'block' | 'grid-stride';

export interface CopyConfig {
  /** Bytes of the source (and of the destination). A multiple of 16. */
  readonly bytes: number;
  readonly workgroupSize: number;
  /** vec4 elements per invocation per step. */
  readonly perInvocation: number;
  readonly mode: CopyMode;
  /** Grid-stride only: workgroups in the grid. */
  readonly gridWorkgroups?: number;
}

export interface FmaConfig {
  readonly invocations: number;
  /** fma steps per chain: a multiple of kFmaUnroll. */
  readonly iterations: number;
  readonly workgroupSize: number;
}

/** The tensor-core probe (roofline_mma.wgsl): workgroups of `subgroups` subgroups, each running `trips` trips of 4 multiply-accumulates. */
export interface MmaConfig {
  readonly workgroups: number;
  /** Subgroups (of kMmaLanes invocations) per workgroup: the WGSL's SUBGROUPS. */
  readonly subgroups: number;
  /** Loop trips: 1 … kMaxMmaTrips. */
  readonly trips: number;
}

export interface RooflineSizes {
  readonly copy: CopyConfig;
  readonly fma: FmaConfig;
  /** Run only where the adapter has the tensor-core rung's features and subgroup size. */
  readonly mma: MmaConfig;
  /** 'small' on a software adapter (SwiftShader: about 0.2 GFLOP/s), 'large' on a GPU. */
  readonly scale: 'small' | 'large';
}

/** What the sizes are chosen from: the adapter's kind and its buffer limits. */
export interface AdapterFacts {
  readonly isFallbackAdapter: boolean;
  readonly maxStorageBufferBindingSize: number;
  readonly maxBufferSize: number;
}

/** The largest copy on a GPU: 256 MiB each way, far beyond any L2 cache (an H100's is 50 MB). */
export const kLargeCopyBytes = 256 << 20;
/** On a software adapter: 1 MiB, a few milliseconds there. */
export const kSmallCopyBytes = 1 << 20;

/**
 * The probes' sizes for an adapter: a software adapter (SwiftShader in CI) gets tiny ones, so the
 * whole run takes a few seconds there; a GPU gets a copy of up to 256 MiB (within its binding
 * limits) and an fma run of about 2.7·10^11 FLOP (milliseconds on an H100).
 */
export function rooflineSizes(a: AdapterFacts): RooflineSizes {
  if (a.isFallbackAdapter) {
    return {
      scale: 'small',
      copy: { bytes: kSmallCopyBytes, workgroupSize: 64, perInvocation: 1, mode: 'block' },
      fma: { invocations: 1024, iterations: 64, workgroupSize: 64 },
      mma: { workgroups: 4, subgroups: 4, trips: 16 },
    };
  }
  const cap = Math.min(a.maxStorageBufferBindingSize, a.maxBufferSize);
  const bytes = Math.max(kSmallCopyBytes, Math.min(kLargeCopyBytes, Math.floor(cap / (1 << 20)) * (1 << 20)));
  return {
    scale: 'large',
    copy: { bytes, workgroupSize: 256, perInvocation: 1, mode: 'block' },
    fma: { invocations: 1 << 20, iterations: 4096, workgroupSize: 256 },
    mma: kLargeMma,
  };
}

/**
 * The tensor probe on a GPU: 4,096 workgroups of 4 subgroups (many per multiprocessor, so the last
 * wave is a small part), 2,048 trips of 4 multiply-accumulates: 1.1·10^12 FLOP, about 1.7 ms at the
 * 633 TFLOP/s an H200 reached with this loop (e2e-gpu/tensor.gpu.ts), a few tens of ms on a small
 * GPU; 64 MiB of results, checked on the CPU.
 */
export const kLargeMma: MmaConfig = { workgroups: 4096, subgroups: 4, trips: 2048 };

/** vec4 elements of a copy. */
export const copyElements = (c: Pick<CopyConfig, 'bytes'>): number => Math.floor(c.bytes / kVec4Bytes);

/** The copy's model: every byte read once and written once. */
export const copyBytesMoved = (c: Pick<CopyConfig, 'bytes'>): number => 2 * copyElements(c) * kVec4Bytes;

/** The fma probe's model: 2 FLOP per fma, kFmaChains chains per invocation. */
export const fmaFlops = (f: Pick<FmaConfig, 'invocations' | 'iterations'>): number => 2 * kFmaChains * f.iterations * f.invocations;

// ---- the tensor-core probe (roofline_mma.wgsl) --------------------------------------------------

/** A fragment's side: subgroup_matrix_*<…, 16, 16>. */
export const kMmaFragment = 16;
/** Invocations of a subgroup the WGSL is written for (its SG; the tensor-core rung's kTensorLanes). */
export const kMmaLanes = 32;
/** Multiply-accumulates per loop trip: four named result fragments. */
export const kMmaPerTrip = 4;
/** f32 values each subgroup stores: its four 16×16 result fragments. */
export const kMmaFloatsPerSubgroup = kMmaPerTrip * kMmaFragment * kMmaFragment;
/** X's length: a0, a1, b0, b1, 256 values each. */
export const kMmaInputs = 4 * kMmaFragment * kMmaFragment;
/** The most trips whose sums stay exact in f32: trips × 64 (the largest dot product of the inputs) < 2^24. */
export const kMaxMmaTrips = 1 << 18;

/** The probe's model: each multiply-accumulate of 16×16×16 is 16³ multiply-adds, 2 FLOP each. */
export const mmaFlops = (c: MmaConfig): number => c.workgroups * c.subgroups * kMmaPerTrip * c.trips * 2 * kMmaFragment ** 3;

/** f32 values the probe stores (all of them checked). */
export const mmaOutputFloats = (c: Pick<MmaConfig, 'workgroups' | 'subgroups'>): number => c.workgroups * c.subgroups * kMmaFloatsPerSubgroup;

/**
 * X: small integers −2 … 2 (exact in f16), scrambled by a multiplicative hash of the index (a
 * regular pattern made most products cancel to a few values), so the 1,024 sums take many values
 * (36, 4 % zeros) and a transposed or misplaced fragment shows; a0 at 0, a1 at 256, b0 at 512, b1 at 768, row-major.
 */
export function mmaInputs(): Float32Array {
  const x = new Float32Array(kMmaInputs);
  for (let i = 0; i < kMmaInputs; i++) x[i] = ((Math.imul(i + 1, 2654435761) >>> 20) % 5) - 2;
  return x;
}

/**
 * One trip's sums, as the probe stores them: c00 = a0·b0, c01 = a0·b1, c10 = a1·b0, c11 = a1·b1,
 * each 16×16 row-major (element r, c = Σ_k a[r][k]·b[k][c]), one after the other: 1,024 integers.
 */
export function mmaTripSums(x: Float32Array = mmaInputs()): Float64Array {
  const F = kMmaFragment;
  const out = new Float64Array(kMmaFloatsPerSubgroup);
  const pairs = [[0, 0], [0, 1], [1, 0], [1, 1]] as const;
  pairs.forEach(([i, j], f) => {
    const a = i * F * F;
    const b = (2 + j) * F * F;
    for (let r = 0; r < F; r++) {
      for (let c = 0; c < F; c++) {
        let s = 0;
        for (let k = 0; k < F; k++) s += x[a + r * F + k]! * x[b + k * F + c]!;
        out[f * F * F + r * F + c] = s;
      }
    }
  });
  return out;
}

/** What every subgroup stores after `trips` trips: trips × one trip's sums, every value an integer exact in f32. */
export function mmaExpected(trips: number, x?: Float32Array): Float32Array {
  return Float32Array.from(mmaTripSums(x), (v) => v * trips);
}

/**
 * Values of `got` (starting at value `first` of Y) that differ from what their subgroup should
 * store; counts them, keeps the first. `expected` is mmaExpected (1,024 values, repeated per subgroup).
 */
export function mmaMismatches(got: Float32Array, first: number, expected: Float32Array): { count: number; firstAt?: number } {
  let count = 0;
  let firstAt: number | undefined;
  for (let j = 0; j < got.length; j++) {
    if (got[j] !== expected[(first + j) % kMmaFloatsPerSubgroup]) {
      if (firstAt === undefined) firstAt = first + j;
      count++;
    }
  }
  return firstAt === undefined ? { count } : { count, firstAt };
}

/** GB/s (10^9 bytes per second) of `bytes` in `ms`; 0 for no time. */
export const gbPerS = (bytes: number, ms: number): number => (ms > 0 ? bytes / (ms * 1e6) : 0);

/** GFLOP/s of `flop` in `ms`; 0 for no time. */
export const gflopPerS = (flop: number, ms: number): number => (ms > 0 ? flop / (ms * 1e6) : 0);

/**
 * Workgroups laid out in x and y: at most `maxPerDim` in x (65,535 by default in WebGPU). x·y may
 * exceed `groups`; the probes skip the extra ones (their elements lie past the end).
 */
export function grid2d(groups: number, maxPerDim = 65535): { x: number; y: number } {
  const y = Math.max(1, Math.ceil(groups / maxPerDim));
  return { x: Math.max(1, Math.ceil(groups / y)), y };
}

/** The copy's workgroups: one block of WG·VPT elements each, or the grid-stride grid. */
export function copyWorkgroups(c: CopyConfig): number {
  if (c.mode === 'grid-stride') return Math.max(1, c.gridWorkgroups ?? 1024);
  return Math.max(1, Math.ceil(copyElements(c) / (c.workgroupSize * c.perInvocation)));
}

/** The copy's source pattern: element word i (u32) — every word distinct within 2^32, so a misplaced word shows. */
export const copyWord = (i: number): number => (Math.imul(i, 2654435761) ^ (i >>> 7)) >>> 0;

/** Fills `out` with copyWord from word `first` on. */
export function fillCopyWords(out: Uint32Array, first: number): void {
  for (let j = 0; j < out.length; j++) out[j] = copyWord(first + j);
}

/** Words of `got` (starting at word `first` of the destination) that are not the source's; counts them, keeps the first. */
export function copyMismatches(got: Uint32Array, first: number): { count: number; firstAt?: number } {
  let count = 0;
  let firstAt: number | undefined;
  for (let j = 0; j < got.length; j++) {
    if (got[j] !== copyWord(first + j)) {
      if (firstAt === undefined) firstAt = first + j;
      count++;
    }
  }
  return firstAt === undefined ? { count } : { count, firstAt };
}

/** One chain of the fma probe on the CPU, in f32: x ← fround(x·a + b), `iterations` times. */
export function fmaChain(x0: number, iterations: number, a = kFmaA, b = kFmaB): number {
  let x = Math.fround(x0);
  const fa = Math.fround(a);
  const fb = Math.fround(b);
  for (let i = 0; i < iterations; i++) x = Math.fround(Math.fround(x * fa) + fb);
  return x;
}

/**
 * What invocation g writes (four lanes): the sum of its 8 accumulators, added as the shader adds
 * them ((v0+v1)+(v2+v3))+((v4+v5)+(v6+v7)), each in f32. Chain c, lane l starts at (g mod 1024) + 4c + l.
 * Depends on g only through g mod 1024: `memo` keeps the 1,024 answers.
 */
export function fmaExpected(g: number, iterations: number, memo?: Map<number, Float32Array>): Float32Array {
  const key = g & 1023;
  const hit = memo?.get(key);
  if (hit) return hit;
  const out = new Float32Array(4);
  for (let lane = 0; lane < 4; lane++) {
    const v = Array.from({ length: 8 }, (_, c) => fmaChain(key + 4 * c + lane, iterations));
    const f = Math.fround;
    out[lane] = f(f(f(v[0]! + v[1]!) + f(v[2]! + v[3]!)) + f(f(v[4]! + v[5]!) + f(v[6]! + v[7]!)));
  }
  memo?.set(key, out);
  return out;
}

/** Invocations whose four lanes differ from the CPU's chain; the first of them. */
export function fmaMismatches(got: Float32Array, iterations: number): { count: number; checked: number; firstAt?: number } {
  const memo = new Map<number, Float32Array>();
  const n = Math.floor(got.length / 4);
  let count = 0;
  let firstAt: number | undefined;
  for (let g = 0; g < n; g++) {
    const e = fmaExpected(g, iterations, memo);
    if (got[4 * g] !== e[0] || got[4 * g + 1] !== e[1] || got[4 * g + 2] !== e[2] || got[4 * g + 3] !== e[3]) {
      if (firstAt === undefined) firstAt = g;
      count++;
    }
  }
  return firstAt === undefined ? { count, checked: n } : { count, checked: n, firstAt };
}

/** The roofline: attainable GFLOP/s at `intensity` FLOP/byte = min(peak, intensity × bandwidth). */
export const roofline = (intensity: number, peakGflops: number, bandwidthGbs: number): number => Math.min(peakGflops, intensity * bandwidthGbs);

/** The ridge: the intensity (FLOP/byte) where the bandwidth roof meets the compute roof. */
export const ridge = (peakGflops: number, bandwidthGbs: number): number => (bandwidthGbs > 0 ? peakGflops / bandwidthGbs : Infinity);

const log10 = (v: number) => Math.log10(v);
const valid = (v: number) => Number.isFinite(v) && v > 0;

/** The figures the roofline needs, as measured (or as the reference). */
export interface Roofs {
  readonly bandwidthGbs: number;
  readonly fmaGflops: number;
  /** The tensor roof (f16 inputs, f32 sums), where it was measured. */
  readonly tensorGflops?: number;
}

/**
 * What a point can reach at its intensity, on the roof that is its own: a tensor-core rung's on the
 * tensor roof (its compute roof is the tensor units', not the FP32 units'), any other's on the FP32
 * roof; undefined for a tensor-core rung where the tensor roof was not measured (the FP32 roof is
 * not its roof).
 */
export function attainableGflops(p: { readonly intensity: number; readonly tensor?: boolean }, r: Roofs): number | undefined {
  const peak = p.tensor ? r.tensorGflops : r.fmaGflops;
  if (peak === undefined || !valid(peak) || !valid(r.bandwidthGbs) || !valid(p.intensity)) return undefined;
  return roofline(p.intensity, peak, r.bandwidthGbs);
}

/** A point's measured GFLOP/s as a fraction of what its own roof allows at its intensity (attainableGflops). */
export function roofShare(p: { readonly intensity: number; readonly gflops: number; readonly tensor?: boolean }, r: Roofs): number | undefined {
  const roof = attainableGflops(p, r);
  return roof === undefined || !valid(p.gflops) ? undefined : p.gflops / roof;
}

export interface RungPoint {
  readonly id: string;
  /** Words for a point that is no rung (the learner's timed kernel); a rung is named by its id. */
  readonly label?: string;
  /** Modelled arithmetic intensity, FLOP per byte of global memory. */
  readonly intensity: number;
  /** Measured here, GFLOP/s. */
  readonly gflops: number;
  readonly trusted: boolean;
  /** A tensor-core rung (core/kernels usesTensorCores): judged against the tensor roof. */
  readonly tensor?: boolean;
}

export interface ChartLine {
  /** Points in chart units (0–1 from the left, 0–1 from the bottom), log-scaled. */
  readonly points: ReadonlyArray<readonly [number, number]>;
  readonly ridge: number;
}

export interface RooflineChartData {
  /** Decades shown: 10^xMin … 10^xMax FLOP/byte, 10^yMin … 10^yMax GFLOP/s. */
  readonly xMin: number;
  readonly xMax: number;
  readonly yMin: number;
  readonly yMax: number;
  readonly xTicks: readonly number[];
  readonly yTicks: readonly number[];
  readonly here: ChartLine;
  readonly reference: ChartLine;
  /** This GPU's tensor roof (the same slope, flat at the tensor figure), where it was measured: from where it leaves the FP32 roof on. */
  readonly tensor?: ChartLine;
  /** The rungs placed at (intensity, GFLOP/s), in chart units; those outside the axes are clamped and marked. */
  readonly points: ReadonlyArray<RungPoint & { readonly x: number; readonly y: number; readonly clamped: boolean }>;
}


/** The line of a roofline from intensity 10^xMin to 10^xMax: the slope up to the ridge, then flat. */
function roofLine(r: Roofs, xMin: number, xMax: number, toX: (v: number) => number, toY: (v: number) => number, peak = r.fmaGflops, from = 0): ChartLine {
  const rg = ridge(peak, r.bandwidthGbs);
  const lo = Math.max(10 ** xMin, from);
  const hi = 10 ** xMax;
  const pts: Array<readonly [number, number]> = [[toX(lo), toY(roofline(lo, peak, r.bandwidthGbs))]];
  if (rg > lo && rg < hi) pts.push([toX(rg), toY(peak)]);
  pts.push([toX(hi), toY(roofline(hi, peak, r.bandwidthGbs))]);
  return { points: pts, ridge: rg };
}

/**
 * The chart's data: axes wide enough for both roofs' ridges and every point (whole decades), the
 * two roofs as lines, and the rungs. Points with no usable figure are left out.
 */
export function rooflineChart(here: Roofs, reference: Roofs, rungs: readonly RungPoint[]): RooflineChartData {
  const pts = rungs.filter((p) => valid(p.intensity) && valid(p.gflops));
  const tensor = here.tensorGflops !== undefined && valid(here.tensorGflops) && valid(here.bandwidthGbs) ? here.tensorGflops : undefined;
  const xs = [ridge(here.fmaGflops, here.bandwidthGbs), ridge(reference.fmaGflops, reference.bandwidthGbs), ...(tensor ? [ridge(tensor, here.bandwidthGbs)] : []), ...pts.map((p) => p.intensity)].filter(valid);
  const ys = [here.fmaGflops, reference.fmaGflops, ...(tensor ? [tensor] : []), ...pts.map((p) => p.gflops)].filter(valid);
  const xMin = Math.min(-1, Math.floor(log10(Math.min(...xs)) - 0.5));
  const xMax = Math.max(2, Math.ceil(log10(Math.max(...xs)) + 0.5));
  const yMax = Math.ceil(log10(Math.max(...ys)) + 0.1);
  // The lowest of: a point, this GPU's bandwidth roof at the left edge; at most 7 decades below the top.
  const yLow = Math.min(...ys, here.bandwidthGbs * 10 ** xMin);
  const yMin = Math.max(yMax - 8, Math.floor(log10(yLow)));
  const toX = (v: number) => (log10(v) - xMin) / (xMax - xMin);
  const toY = (v: number) => (log10(v) - yMin) / (yMax - yMin);
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return {
    xMin,
    xMax,
    yMin,
    yMax,
    xTicks: range(xMin, xMax),
    yTicks: range(yMin, yMax),
    here: roofLine(here, xMin, xMax, toX, (v) => toY(Math.max(v, 10 ** yMin))),
    reference: roofLine(reference, xMin, xMax, toX, (v) => toY(Math.max(v, 10 ** yMin))),
    // The tensor roof shares this GPU's slanted roof up to where the two part (the lower of the two ridges): drawn from there on.
    ...(tensor ? { tensor: roofLine(here, xMin, xMax, toX, (v) => toY(Math.max(v, 10 ** yMin)), tensor, Math.min(ridge(here.fmaGflops, here.bandwidthGbs), ridge(tensor, here.bandwidthGbs))) } : {}),
    points: pts.map((p) => {
      const x = toX(p.intensity);
      const y = toY(p.gflops);
      return { ...p, x: clamp(x), y: clamp(y), clamped: x !== clamp(x) || y !== clamp(y) };
    }),
  };
}

/** The measured figures of one roofline run, as the app keeps and shares them (plain data). */
export interface RooflineFigures {
  /** The copy probe: GB/s (read + write), its median, spread and runs. */
  readonly bandwidthGbs: number;
  /** The engine's copyBufferToBuffer of the same buffers in the same run, GB/s. */
  readonly builtinGbs: number;
  /** The fma probe, GFLOP/s. */
  readonly fmaGflops: number;
  /** Both probes matched the CPU. */
  readonly verified: boolean;
  readonly clock: 'gpu-timestamp' | 'wall-clock';
  /** Timed runs behind each median (the fewer of the two probes'). */
  readonly runs: number;
  /** MiB copied each way. */
  readonly copyMib: number;
  /** FLOP of one fma run, in GFLOP. */
  readonly fmaGflop: number;
  readonly scale: 'small' | 'large';
  /** The medians behind the three rates (ms per dispatch), so a reader can check each rate against its bytes or FLOP. */
  readonly copyMs?: number;
  readonly builtinMs?: number;
  readonly fmaMs?: number;
  /** The tensor probe, where this adapter could run it (absent in links made before it travelled). */
  readonly tensor?: TensorFigures;
}

/** The tensor probe's figures: GFLOP/s (median), its FLOP per run, median, runs, clock and check. */
export interface TensorFigures {
  readonly gflops: number;
  /** FLOP of one run, in GFLOP. */
  readonly gflop: number;
  readonly ms: number;
  readonly runs: number;
  readonly clock: 'gpu-timestamp' | 'wall-clock';
  /** Every stored value matched the CPU's. */
  readonly verified: boolean;
}

/**
 * About how long a roofline run takes, in seconds: on a GPU each of the three timings settles the
 * clock (up to 2 s) and samples for about 1 s, plus filling and checking 256 MiB; on a software
 * adapter there is nothing to settle, and each timing's warm-ups and at least 3 samples dominate.
 * The tensor probe, where it runs (`tensor`), is a fourth timing and 64 MiB checked.
 */
export function rooflineEstimateSeconds(sizes: RooflineSizes, tensor = false): number {
  return (sizes.scale === 'small' ? 6 : 10) + (tensor ? (sizes.scale === 'small' ? 1 : 3) : 0);
}
