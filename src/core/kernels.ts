/**
 * The kernel record: everything about a kernel in one entry of kDefs (after tfjs-backend-webgpu's
 * WebGPUProgram) — its name and one-line "what changed", its WGSL, its launch plan for a shape
 * (override constants, workgroup size, dispatch grid, C block and a sentence saying which mapping
 * ran), tunables, required features and limits, ladder and tuner membership, traffic model, chart
 * style and reference figures. All share one binding layout: A, B, C, dims. Pure: no GPU objects.
 *
 * Adding a kernel: its shaders/<id>.wgsl (or a description in scripts/gen-unrolled.mjs), the `?raw`
 * import below and one entry in kDefs — its key is the id everywhere (KernelId, URLs, share
 * links, test ids `ladder-<id>`). kernels.test.ts checks the entry against the WGSL's overrides.
 * Its words live in the 'run' catalogue, keyed by id: run:kernel.<id>.label and .summary
 * (said by src/i18n/kernels.ts kernelLabel, kernelSummary), run:tunable.<name> for a tunable's doc,
 * run:mapping.* for the mapping that ran (MappingWords). This file holds no words: a plan failure
 * is data (PlanFailure: the fields it concerns and a Said).
 */
import { said, type Said } from './said';
import naiveSource from '../../shaders/naive.wgsl?raw';
import tiledSource from '../../shaders/tiled.wgsl?raw';
import tiled2Source from '../../shaders/tiled2.wgsl?raw';
import tiled4Source from '../../shaders/tiled4.wgsl?raw';
import tiled8Source from '../../shaders/tiled8.wgsl?raw';
import tiled16Source from '../../shaders/tiled16.wgsl?raw';
import tiled32Source from '../../shaders/tiled32.wgsl?raw';
import reg4x4Source from '../../shaders/reg4x4.wgsl?raw';
import reg8x8Source from '../../shaders/reg8x8.wgsl?raw';
import stripSource from '../../shaders/strip.wgsl?raw';
import reg8x8vSource from '../../shaders/reg8x8v.wgsl?raw';
import reg8x8dbSource from '../../shaders/reg8x8db.wgsl?raw';
import reg16x8Source from '../../shaders/reg16x8.wgsl?raw';
import reg16x8vSource from '../../shaders/reg16x8v.wgsl?raw';
import subgroupSource from '../../shaders/subgroup.wgsl?raw';
import blk32x64vSource from '../../shaders/blk32x64v.wgsl?raw';
import blk64x64vSource from '../../shaders/blk64x64v.wgsl?raw';
import blk128x64vSource from '../../shaders/blk128x64v.wgsl?raw';
import blk128x256Source from '../../shaders/blk128x256.wgsl?raw';
import split128vSource from '../../shaders/split128v.wgsl?raw';
import split8x16vSource from '../../shaders/split8x16v.wgsl?raw';
import splitSumSource from '../../shaders/splitk_sum.wgsl?raw';
import type { ProblemLimits } from './limits';
import type { Shape, TileWidth } from './shape';
import { ceilDiv } from './shape';
import {
  blockDispatch,
  kNaiveWorkgroup,
  isPlanFailure,
  mappingSaid,
  naiveDispatch,
  planFailure,
  tiledDispatch,
  tiledMapping,
  tiledMappingWords,
  type CBlock,
  type Dispatch,
  type MappingKey,
  type MappingWords,
  type PlanFailure,
  type WorkgroupLimits,
} from './tiling';
import { blockLoads, naiveLoads, stripLoads } from './traffic';

export type { CBlock, MappingWords, PlanFailure };
export { isPlanFailure, mappingSaid };

/** Rows of C per workgroup of the strip kernel. */
export const kStripBand = 4;

export interface LaunchPlan {
  readonly constants: Record<string, number>;
  readonly workgroup: { readonly x: number; readonly y: number };
  readonly dispatch: Dispatch;
  /** Which mapping ran, as data (src/i18n mappingText says it in words, for the UI and the benchmark output). */
  readonly mapping: MappingWords;
  readonly workgroupStorageBytes: number;
  /** The C block one workgroup computes: verification checks the corner and edge blocks of this grid. */
  readonly block: CBlock;
  /** The WGSL this launch runs when it is not the kernel's own `source` (the tiled kernel's copy for its tile width). */
  readonly source?: string;
  /**
   * Split-K: the launch above writes `slices` partial products into a scratch buffer bound where C
   * is (slice z at z·M·N), and this second pass, bound to the scratch (where A is) and C, sums them
   * into C. Both passes are one product: timed together.
   */
  readonly reduce?: { readonly slices: number; readonly source: string; readonly constants: Record<string, number>; readonly dispatch: Dispatch };
  /**
   * Which dimension of `dispatch` counts blocks of C rows (y for most kernels; x for the strip
   * kernel): a band of rows of a split run dispatches the same grid with that dimension cut down
   * (bandPlan), without planning again.
   */
  readonly rowsAxis?: 0;
}

/** A parameter of a kernel set through an override constant: it changes no code structure, so one WGSL file serves every value. */
export interface Tunable {
  readonly name: string;
  readonly values: readonly number[];
}

/** Values for a kernel's tunables (override constants); missing ones take the kernel's default. */
export type KernelParams = Readonly<Record<string, number>>;

/** Line style of a kernel in the benchmark chart: colour and dash, so lines are told apart without colour. */
export interface ChartStyle {
  readonly color: string;
  /** uPlot/canvas dash pattern in CSS pixels; [] is solid. */
  readonly dash: readonly number[];
}

/** TFLOP/s of a rung on the reference run (kReferenceRun), through Dawn and wgpu; null: not available there. */
export interface ReferenceFigure {
  readonly dawn: number;
  readonly wgpu: number | null;
}

/** Everything about one kernel, in one place (the record entry; its id is its key in kDefs). */
interface KernelDef {
  readonly source: string;
  /** Whether the tile width changes this kernel (results for it belong to a tile width too). */
  readonly usesTile: boolean;
  /**
   * The WGSL reads A, B and C as vec4<f32>, so rows must start on 16 bytes: the runner pads K and
   * N with zeros to multiples of 4 on upload and drops the padding on read-back (gpuShape).
   */
  readonly vec4?: boolean;
  /** WebGPU features the WGSL needs (e.g. subgroups); without them the kernel is not offered. */
  readonly requiredFeatures?: readonly string[];
  /** The largest subgroup the WGSL is correct for, when it relies on subgroup size. */
  readonly maxSubgroupSize?: number;
  /** Parameters the per-adapter tuner may set (none for most kernels). */
  readonly tunables?: readonly Tunable[];
  /** A rung of the speed ladder (shown in record order). */
  readonly ladder: boolean;
  /** Tried by the per-adapter tuner (and so a candidate for "auto"). */
  readonly tuned: boolean;
  /** Has an instrumented copy that records the tile map and phases (gpu/trace.ts). */
  readonly traced?: boolean;
  readonly chart: ChartStyle;
  /** This rung on the reference run (docs/benchmarks.md), when it was measured there. */
  readonly reference?: ReferenceFigure;
  /** The C block of one workgroup (the tile width matters only where usesTile). */
  block(tile: TileWidth): CBlock;
  /** Global-memory element loads (the traffic model); by default those of staging its C block (blockLoads). */
  loads?(shape: Shape, tile: TileWidth): number;
  /** GPU memory a run needs beside A, B and C (split-K's partial products), at the default parameters or `params`. */
  scratchBytes?(shape: Shape, params?: KernelParams): number;
  /**
   * A launch plan, or a message saying why this adapter cannot run it (params already checked
   * against tunables); `block` is this kernel's block(tile), for plans that grid C by it.
   */
  plan(shape: Shape, tile: TileWidth, limits: WorkgroupLimits, params: KernelParams | undefined, block: CBlock): Omit<LaunchPlan, 'block'> | PlanFailure;
}

/** A kernel's record entry with its id. Its words (name, summary) are said by src/i18n/kernels.ts from the id. */
export interface KernelSpec extends KernelDef {
  readonly id: KernelId;
}

/** A kernel's name as data, said when shown (for what stays on screen across a language switch, e.g. a run's error). */
export function kernelLabelSaid(id: KernelId): Said {
  return said(`run:kernel.${id}.label`);
}

/**
 * The i18next context for a sentence that puts a word after a kernel's name: 'latin' when the
 * name ends in a Latin letter or a digit ("寄存器分块 4×4 内核" wants a space, "朴素内核" none).
 */
export function labelContext(label: string): 'latin' | undefined {
  return /[\p{Script=Latin}\p{Nd}]$/u.test(label) ? 'latin' : undefined;
}

/** Why a kernel cannot run: it needs more workgroup memory than this GPU allows (no input changes that). */
const tooMuchMemory = (bytes: number, limits: WorkgroupLimits) =>
  planFailure(['kernel'], said('run:plan.workgroupMemory', { bytes, limit: limits.maxComputeWorkgroupStorageSize }));

/**
 * The register-tiled rungs: one workgroup (16×16 unless said otherwise) per C block, `bytes` of
 * workgroup memory; the mapping sentence `key` gets the block's rows and columns as bm and bn.
 */
function blockPlan(
  shape: Shape,
  limits: WorkgroupLimits,
  block: CBlock,
  key: MappingKey,
  values: Record<string, number> = {},
  bytes = 8192,
  constants: Record<string, number> = {},
  workgroup = { x: 16, y: 16 },
): Omit<LaunchPlan, 'block'> | PlanFailure {
  if (limits.maxComputeWorkgroupStorageSize < bytes) return tooMuchMemory(bytes, limits);
  return {
    constants,
    workgroup,
    dispatch: blockDispatch(shape, block.rows, block.cols),
    mapping: { key, values: { bm: block.rows, bn: block.cols, ...values } },
    workgroupStorageBytes: bytes,
  };
}

/** What adapter facts a plan depends on (gpu/device's GpuInfo is one). */
export interface PlanInfo {
  readonly limits: WorkgroupLimits & ProblemLimits;
  readonly features: readonly string[];
  readonly subgroupMaxSize?: number;
}

/** A kernel's launch plan on this adapter: its required features first, then its own plan. */
export function planKernel(id: KernelId, shape: Shape, tile: TileWidth, info: PlanInfo, params?: KernelParams): LaunchPlan | PlanFailure {
  const spec = kKernels[id];
  const missing = (spec.requiredFeatures ?? []).filter((f) => !info.features.includes(f));
  if (missing.length > 0) return planFailure(['kernel'], said('run:plan.needsFeature', { features: missing.join('”, “') }));
  if (spec.maxSubgroupSize !== undefined && info.subgroupMaxSize !== undefined && info.subgroupMaxSize > spec.maxSubgroupSize) {
    return planFailure(['kernel'], said('run:plan.subgroupTooLarge', { label: kernelLabelSaid(id), max: spec.maxSubgroupSize, got: info.subgroupMaxSize }));
  }
  const bad = checkParams(spec, params);
  if (bad) return bad;
  const s = gpuShape(id, shape);
  const block = spec.block(tile);
  const plan = spec.plan(s, tile, info.limits, params, block);
  if (isPlanFailure(plan)) return plan;
  if (s.k === shape.k && s.n === shape.n) return { ...plan, block };
  return { ...plan, block, mapping: { key: 'padded', values: { k: shape.k, n: shape.n, kp: s.k, np: s.n }, inner: plan.mapping } };
}

/**
 * The plan for a band of `rows` rows of C (a part of a run split to keep each submission short):
 * the same launch with the rows' dimension of the grid, and of split-K's summing pass, cut down.
 * Equal to planning the band's shape again (kernels.test.ts checks every kernel).
 */
export function bandPlan(plan: LaunchPlan, rows: number): LaunchPlan {
  const axis = plan.rowsAxis ?? 1;
  const dispatch = [...plan.dispatch] as [number, number, number];
  dispatch[axis] = ceilDiv(rows, plan.block.rows);
  const reduce = plan.reduce && { ...plan.reduce, dispatch: [plan.reduce.dispatch[0], rows, plan.reduce.dispatch[2]] as const };
  return { ...plan, dispatch, ...(reduce ? { reduce } : {}) };
}

/** The shape a kernel runs on the GPU: the vec4 rungs get K and N padded to multiples of 4. */
export function gpuShape(id: KernelId, shape: Shape): Shape {
  return kKernels[id].vec4 ? pad4(shape) : shape;
}

/** Only the constants that are this kernel's tunables (not fixed ones such as the tiled kernel's TILE). */
export function tunedConstants(id: KernelId, constants: KernelParams): KernelParams {
  const names = new Set(kKernels[id].tunables?.map((t) => t.name));
  return Object.fromEntries(Object.entries(constants).filter(([k]) => names.has(k)));
}

/** Checks `params` against a kernel's tunables: every name known, every value offered. */
function checkParams(spec: KernelSpec, params: KernelParams | undefined): PlanFailure | undefined {
  for (const [name, value] of Object.entries(params ?? {})) {
    const tunable = spec.tunables?.find((x) => x.name === name);
    if (!tunable) return planFailure(['kernel'], said('run:plan.noParam', { label: kernelLabelSaid(spec.id), name }));
    if (!tunable.values.includes(value)) return planFailure(['kernel'], said('run:plan.paramNotOffered', { label: kernelLabelSaid(spec.id), name, value, values: tunable.values.join(', ') }));
  }
  return undefined;
}

/** K and N rounded up to multiples of 4: the shape the vec4 rungs run on (see gpuShape). */
export const pad4 = (shape: Shape): Shape => ({ m: shape.m, k: Math.ceil(shape.k / 4) * 4, n: Math.ceil(shape.n / 4) * 4 });

const kDbTunables: readonly Tunable[] = [
  {
    name: 'BK',
    values: [8, 16],
  },
];

const kGroupTunables: readonly Tunable[] = [
  {
    name: 'GROUP',
    values: [1, 4, 8, 16],
  },
];

/** The generated, hand-unrolled rungs: rows×cols C elements per invocation, 16 KiB of workgroup memory, any shape. */
function unrolledPlan(shape: Shape, limits: WorkgroupLimits, params: KernelParams | undefined, block: CBlock, rows: number, cols: number): Omit<LaunchPlan, 'block'> | PlanFailure {
  const group = params?.GROUP ?? 8;
  const workgroup = { x: block.cols / cols, y: block.rows / rows };
  return blockPlan(shape, limits, block, 'unrolled', { x: workgroup.x, y: workgroup.y, rows, cols, group }, 16384, { GROUP: group }, workgroup);
}

/** A rung of the ladder that the tuner tries and that ignores the tile width (the register-tiled rungs). */
const kTunedRung = { usesTile: false, ladder: true, tuned: true } as const;
/** A square C block, whatever the tile width. */
const square = (edge: number) => (): CBlock => ({ rows: edge, cols: edge });

/** What the two generated 16×8 rungs share (they differ in vec4 access, WGSL and figures). */
const kUnrolled16x8 = {
  ...kTunedRung,
  block: square(128),
  tunables: kGroupTunables,
  plan: (shape: Shape, _tile: TileWidth, limits: WorkgroupLimits, params: KernelParams | undefined, block: CBlock) => unrolledPlan(shape, limits, params, block, 16, 8),
} as const;

/**
 * The generated block rungs (scripts/gen-blocks.mjs): a BM×BN C block per workgroup of
 * (BN/TN)×(BM/TM) invocations, TM×TN C elements each, double-buffered phases of BK, k written out.
 */
/** vec4: true (A, B and C as vec4), 'B' (B as vec4, A read and C written per element; the plan pads like vec4), false (all scalar). */
function genBlockRung(d: { bm: number; bn: number; bk: number; tm: number; tn: number; vec4: boolean | 'B' }) {
  const x = d.bn / d.tn;
  const y = d.bm / d.tm;
  const bytes = 2 * d.bk * (d.bm + d.bn) * 4; // two copies of the A and B tiles
  return {
    ...kTunedRung,
    ...(d.vec4 ? { vec4: true } : {}),
    block: (): CBlock => ({ rows: d.bm, cols: d.bn }),
    plan(shape: Shape, _tile: TileWidth, limits: WorkgroupLimits): Omit<LaunchPlan, 'block'> | PlanFailure {
      if (limits.maxComputeWorkgroupStorageSize < bytes) return tooMuchMemory(bytes, limits);
      return {
        constants: {},
        workgroup: { x, y },
        dispatch: blockDispatch(shape, d.bm, d.bn),
        mapping: { key: d.vec4 === 'B' ? 'blockVec4B' : d.vec4 ? 'blockVec4' : 'block', values: { bm: d.bm, bn: d.bn, x, y, tm: d.tm, tn: d.tn, bk: d.bk } },
        workgroupStorageBytes: bytes,
      };
    },
  } as const;
}

/** Split-K: how many layers of workgroups K is split over (the second pass sums as many partial products). */
const kSplitTunables: readonly Tunable[] = [
  {
    name: 'S',
    values: [2, 3, 4],
  },
];
/** The split-K rung's default S, and its phase depth (the 16×8 rung's). */
const kSplitDefault = 4;
const kSplitBk = 8;
/** Layers that get at least one phase of K each (never more than asked). */
const splitSlices = (shape: Shape, asked = kSplitDefault) => Math.max(1, Math.min(asked, ceilDiv(shape.k, kSplitBk)));
/** The scratch buffer of the partial products: one M×N slice per layer (the runner sizes it, and binds a band's front of it, by this). */
export const splitScratchBytes = (shape: Shape, slices: number) => slices * shape.m * shape.n * 4;

/**
 * The split-K rung (scripts/gen-blocks.mjs kSplitRungs): reg16x8v's 128×128 blocks with K split
 * over S layers of workgroups (dispatch z), S partial products in a scratch buffer, and a second
 * pass (splitk_sum.wgsl) that sums them into C.
 */
function splitPlan(shape: Shape, limits: WorkgroupLimits & Partial<ProblemLimits>, params: KernelParams | undefined, block: CBlock, rows: number, cols: number): Omit<LaunchPlan, 'block'> | PlanFailure {
  const base = unrolledPlan(shape, limits, { GROUP: 8 }, block, rows, cols);
  if (isPlanFailure(base)) return base;
  const slices = splitSlices(shape, params?.S);
  const ks = ceilDiv(ceilDiv(shape.k, kSplitBk), slices) * kSplitBk;
  const scratch = splitScratchBytes(shape, slices);
  const room = Math.min(limits.maxStorageBufferBindingSize ?? Infinity, limits.maxBufferSize ?? Infinity);
  if (scratch > room) return planFailure(['m', 'n'], said('run:plan.splitScratch', { slices, mib: Math.ceil(scratch / 2 ** 20), limit: Math.floor(room / 2 ** 20) }));
  if (shape.m > (limits.maxComputeWorkgroupsPerDimension ?? Infinity)) return planFailure(['m'], said('run:plan.splitRows', { m: shape.m, limit: limits.maxComputeWorkgroupsPerDimension ?? 0 }));
  return {
    ...base,
    constants: { GROUP: 8, KS: ks },
    dispatch: [base.dispatch[0], base.dispatch[1], slices],
    mapping: { key: 'splitK', values: { ...base.mapping.values, s: slices, ks } },
    reduce: { slices, source: splitSumSource, constants: { S: slices }, dispatch: [ceilDiv(shape.n / 4, 64), shape.m, 1] },
  };
}

/**
 * What the two split-K rungs share: 128×128 blocks, S tuned, the traffic of staging as reg16x8v
 * plus the second pass reading the S partial products back, and their scratch buffer; they differ
 * in C elements per invocation (`rows`×`cols`), WGSL and figures.
 */
function splitRung(rows: number, cols: number) {
  return {
    ...kTunedRung,
    vec4: true,
    block: square(128),
    tunables: kSplitTunables,
    loads: (shape: Shape) => blockLoads(shape, 128, 128) + splitSlices(shape) * shape.m * shape.n,
    scratchBytes: (shape: Shape, params?: KernelParams) => splitScratchBytes(shape, splitSlices(shape, params?.S)),
    plan: (shape: Shape, _tile: TileWidth, limits: WorkgroupLimits, params: KernelParams | undefined, block: CBlock) => splitPlan(shape, limits, params, block, rows, cols),
  } as const;
}

/** The seed kernel once per tile width with its k loop written out (scripts/gen-tiled.mjs). */
const kTiledSources: Record<TileWidth, string> = {
  2: tiled2Source,
  4: tiled4Source,
  8: tiled8Source,
  16: tiled16Source,
  32: tiled32Source,
};

/** The WGSL file the seed kernel runs at a tile width (the plan's `source`) and its name, for the lesson to show. */
export function tiledSourceFile(tile: TileWidth): { readonly file: string; readonly source: string } {
  return { file: `tiled${tile}.wgsl`, source: kTiledSources[tile] };
}

const kDefs = {
  naive: {
    source: naiveSource,
    usesTile: false,
    ladder: true,
    tuned: true, // auto's choice for tiny problems (core/tuning.ts autoCandidates)
    chart: { color: '#c2410c', dash: [] },
    reference: { dawn: 1.57, wgpu: 1.57 },
    block: () => ({ rows: kNaiveWorkgroup.y, cols: kNaiveWorkgroup.x }),
    loads: (shape) => naiveLoads(shape),
    plan(shape) {
      return {
        constants: { WG_X: kNaiveWorkgroup.x, WG_Y: kNaiveWorkgroup.y },
        workgroup: kNaiveWorkgroup,
        dispatch: naiveDispatch(shape),
        mapping: { key: 'naive', values: { x: kNaiveWorkgroup.x, y: kNaiveWorkgroup.y } },
        workgroupStorageBytes: 0,
      };
    },
  },
  tiled: {
    source: tiledSource,
    usesTile: true,
    ladder: true,
    tuned: true, // tile 16, like every tuned run
    traced: true,
    chart: { color: '#587bc0', dash: [12, 4] },
    reference: { dawn: 7.68, wgpu: 7.71 },
    block: (tile) => ({ rows: tile, cols: tile }),
    plan(shape, tile, limits) {
      const m = tiledMapping(tile, limits);
      if (isPlanFailure(m)) return m;
      return {
        constants: { TILE: tile, ROWS: m.rowsPerInvocation },
        workgroup: m.workgroup,
        dispatch: tiledDispatch(shape, tile),
        mapping: { key: 'tiledSource', values: { tile }, inner: tiledMappingWords(m) },
        workgroupStorageBytes: m.workgroupStorageBytes,
        // Each tile width runs the same kernel with its k loop written out (generated by
        // scripts/gen-tiled.mjs): on wgpu the loop itself cost as much as tiling saved
        // (shaders/tiled16.wgsl says why).
        source: kTiledSources[tile],
      };
    },
  },
  reg4x4: {
    source: reg4x4Source,
    ...kTunedRung,
    chart: { color: '#348a6d', dash: [3, 3] },
    reference: { dawn: 23.92, wgpu: 20.05 },
    block: square(64),
    plan: (shape, _tile, limits, _params, block) => blockPlan(shape, limits, block, 'reg4x4'),
  },
  reg8x8: {
    source: reg8x8Source,
    ...kTunedRung,
    tuned: false, // never within 10% of the best rung on the H100 or H200 (docs/benchmarks.md): not worth tuning time
    chart: { color: '#bb32ff', dash: [8, 3, 2, 3] },
    reference: { dawn: 26.21, wgpu: 22.5 },
    block: square(128),
    plan: (shape, _tile, limits, _params, block) => blockPlan(shape, limits, block, 'reg8x8'),
  },
  reg8x8v: {
    source: reg8x8vSource,
    vec4: true,
    ...kTunedRung,
    tuned: false, // never within 10% of the best rung on the H100 or H200 (docs/benchmarks.md): not worth tuning time
    chart: { color: '#f10078', dash: [16, 4] },
    reference: { dawn: 30.84, wgpu: 24.56 },
    block: square(128),
    plan: (shape, _tile, limits, _params, block) => blockPlan(shape, limits, block, 'reg8x8v'),
  },
  reg8x8db: {
    source: reg8x8dbSource,
    vec4: true,
    ...kTunedRung,
    tuned: false, // never within 10% of the best rung on the H100 or H200 (docs/benchmarks.md): not worth tuning time
    chart: { color: '#009e9e', dash: [8, 3, 2, 3, 2, 3] },
    reference: { dawn: 35.7, wgpu: 30.0 },
    block: square(128),
    tunables: kDbTunables,
    plan(shape, _tile, limits, params, block) {
      // Without a tuned value: BK = 8 (16 KiB), faster on both engines on the H200 (docs/benchmarks.md).
      const bk = params?.BK ?? 8;
      return blockPlan(shape, limits, block, 'reg8x8db', { bk }, bk * 2048, { BK: bk });
    },
  },
  reg16x8: {
    source: reg16x8Source,
    ...kUnrolled16x8,
    chart: { color: '#939300', dash: [6, 6] },
    reference: { dawn: 36.63, wgpu: 37.75 },
  },
  reg16x8v: {
    source: reg16x8vSource,
    vec4: true,
    ...kUnrolled16x8,
    chart: { color: '#de4343', dash: [1, 3] },
    reference: { dawn: 43.15, wgpu: 34.61 },
  },
  blk32x64v: {
    source: blk32x64vSource,
    ...genBlockRung({ bm: 32, bn: 64, bk: 16, tm: 4, tn: 4, vec4: true }),
    reference: { dawn: 25.78, wgpu: 25.92 },
    chart: { color: '#3f83a5', dash: [4, 2] },
  },
  blk64x64v: {
    source: blk64x64vSource,
    ...genBlockRung({ bm: 64, bn: 64, bk: 16, tm: 8, tn: 4, vec4: true }),
    reference: { dawn: 28.21, wgpu: 28.42 },
    chart: { color: '#c17e5c', dash: [10, 2, 2, 2] },
  },
  blk128x64v: {
    source: blk128x64vSource,
    ...genBlockRung({ bm: 128, bn: 64, bk: 16, tm: 8, tn: 8, vec4: true }),
    reference: { dawn: 32.39, wgpu: 22.3 },
    chart: { color: '#8383e9', dash: [2, 2] },
  },
  blk128x256: {
    source: blk128x256Source,
    ...genBlockRung({ bm: 128, bn: 256, bk: 8, tm: 16, tn: 8, vec4: 'B' }),
    // Round 8 (calls AD and AE): this block with vec4 loads of B and C written per element.
    reference: { dawn: 43.51, wgpu: 42.27 },
    chart: { color: '#ff1ad9', dash: [14, 3, 3, 3] },
  },
  split128v: {
    source: split128vSource,
    ...splitRung(16, 8),
    reference: { dawn: 41.53, wgpu: 34.9 },
    chart: { color: '#3da05e', dash: [6, 3, 1, 3] },
  },
  split8x16v: {
    source: split8x16vSource,
    ...splitRung(8, 16),
    reference: { dawn: 38.48, wgpu: 35.36 },
    chart: { color: '#dc6f39', dash: [6, 3] },
  },
  subgroup: {
    source: subgroupSource,
    usesTile: false,
    ladder: true,
    tuned: false,
    chart: { color: '#a173ff', dash: [20, 4, 4, 4] },
    reference: { dawn: 16.71, wgpu: null },
    block: () => ({ rows: 8, cols: 256 }),
    requiredFeatures: ['subgroups'],
    maxSubgroupSize: 64, // all 64 invocations of a workgroup share their rows
    plan(shape, _tile, _limits, _params, block) {
      return {
        constants: {},
        workgroup: { x: 64, y: 1 },
        dispatch: blockDispatch(shape, block.rows, block.cols),
        mapping: { key: 'subgroup', values: {} },
        workgroupStorageBytes: 0,
      };
    },
  },
  strip: {
    source: stripSource,
    usesTile: false,
    ladder: false,
    tuned: false,
    chart: { color: '#fc5400', dash: [2, 6] },
    block: () => ({ rows: kStripBand, cols: 256 }),
    loads: (shape) => stripLoads(shape, kStripBand),
    plan(shape) {
      return {
        constants: { BAND: kStripBand },
        workgroup: { x: 256, y: 1 },
        dispatch: [ceilDiv(shape.m, kStripBand), 1, 1],
        rowsAxis: 0,
        mapping: { key: 'strip', values: { band: kStripBand, per: 256 / kStripBand } },
        workgroupStorageBytes: 1024,
      };
    },
  },
} satisfies Record<string, KernelDef>;

/** Every kernel's record, keyed by id, in record order (the ladder's order). */
export type KernelId = keyof typeof kDefs;
export const kKernels: Readonly<Record<KernelId, KernelSpec>> = Object.freeze(Object.fromEntries(
  Object.entries(kDefs).map(([id, def]) => [
    id,
    Object.freeze({ id, ...def }),
  ]),
)) as unknown as Record<KernelId, KernelSpec>;
/** Every kernel id, in record order. */
export const kKernelIdList: readonly KernelId[] = Object.keys(kDefs) as KernelId[];
/** The same list (older name). */
export const kKernelIds = kKernelIdList;
/** The rungs of the speed ladder, in order. */
export const kLadderIds: readonly KernelId[] = kKernelIdList.filter((id) => kKernels[id].ladder);
/** The kernels the per-adapter tuner tries. */
export const kTunedKernelIds: readonly KernelId[] = kKernelIdList.filter((id) => kKernels[id].tuned);

export function isKernelId(v: string): v is KernelId {
  return Object.hasOwn(kDefs, v);
}

/** Global-memory element loads of a kernel at a shape (the traffic model; core/traffic.ts). */
export function kernelLoads(id: KernelId, shape: Shape, tile: TileWidth): number {
  const spec = kKernels[id];
  if (spec.loads) return spec.loads(shape, tile);
  const b = spec.block(tile);
  return blockLoads(shape, b.rows, b.cols);
}

/**
 * The reference run the record's `reference` figures come from — not measured on the user's GPU:
 * each rung at 4096³ (the parameters of that table) on an NVIDIA H100 80GB HBM3 (2026-11-22, round 7, the
 * final table), TFLOP/s at the median, from docs/benchmarks.md (raw lines in bench/results/round7/,
 * calls R, T and U; blk128x256: round 8, calls AD and AE, after it changed); cuBLAS: the highest of
 * the round's five calls. Shown beside this GPU's own figures, always labelled as reference.
 */
export const kReferenceRun = { gpu: 'NVIDIA H100', date: '2026-11-22', shape: 4096, cublas: 51.6 } as const;

/**
 * The same rung outside WebGPU (docs/benchmarks.md, round 8, call Y): reg16x8v written in CUDA C++
 * (scripts/native/port.cu) and compiled by nvcc, at 4096³ on the reference run's GPU, TFLOP/s at the
 * median, with cuBLAS FP32 of the same call. What separates it from the rung's reference figures is
 * the WebGPU engines' translation, not the algorithm.
 */
export const kNativeReference = { kernel: 'reg16x8v' as KernelId, tflops: 46.3, cublas: 51.7 } as const;
