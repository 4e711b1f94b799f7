/**
 * The kernel record: everything about a kernel in one entry (after tfjs-backend-webgpu's
 * WebGPUProgram) — its WGSL, its launch plan for a shape (override constants, workgroup size,
 * dispatch grid, C block and the mapping that ran, as data), tunables, required features and limits,
 * ladder, tuner and auto membership, how its diagram reads its plan (double-buffered phases, vec4
 * operands), traffic model, chart style and reference figures. All share one binding layout: A, B, C,
 * dims. Pure: no GPU objects, no words.
 *
 * One file per family, each a record of entries (KernelDef, ./types.ts): seed.ts (naive, tiled),
 * registers.ts (reg4x4, the reg8x8 family, reg16x8, reg16x8v), blocks.ts (blk*), split.ts (split-K),
 * subgroup.ts, partitions.ts (strip); ./plan.ts holds what they share. This file puts them together in
 * record order (the ladder's order) and answers questions about them. No other module names a kernel
 * id: what differs between kernels is a property here.
 *
 * Adding a kernel: its shaders/<id>.wgsl (or a description in scripts/gen-unrolled.mjs /
 * gen-blocks.mjs, which write shaders/generated/<id>.wgsl), and one entry, with its `?raw` import
 * behind a dynamic import (`wgsl(file, () => import('…?raw'))`, ./source.ts: loaded on demand), in
 * its family's file — its key is the id everywhere (KernelId, URLs, share links, test ids
 * `ladder-<id>`). kernels.test.ts checks the entry against the WGSL's overrides. Its words live in the
 * 'run' catalogue, keyed by id: run:kernel.<id>.label, .summary and .why (said by src/i18n/kernels.ts),
 * run:tunable.<name> for a tunable's doc, run:mapping.* for the mapping that ran (MappingWords). A plan
 * failure is data (PlanFailure: the fields it concerns and a Said).
 */
import { said, type Said } from '../said';
import { ceilDiv, type Shape, type TileWidth } from '../shape';
import { isPlanFailure, mappingSaid, planFailure, type CBlock, type MappingWords, type PlanFailure } from '../tiling';
import { blockLoads } from '../traffic';
import { kBlockKernels } from './blocks';
import { kPartitionKernels } from './partitions';
import { pad4, padToMultiples } from './plan';
import { kRegisterKernels } from './registers';
import { kSeedKernels } from './seed';
import { kSplitKernels } from './split';
import { kSubgroupKernels } from './subgroup';
import type { WgslSource } from './source';
import { kTensorKernels } from './tensor';
import type { KernelDef, KernelParams, LaunchPlan, PlanInfo } from './types';

export type { CBlock, MappingWords, PlanFailure };
export type { ChartStyle, KernelParams, LaunchPlan, PlanInfo, ReferenceFigure, Tunable } from './types';
export { isPlanFailure, mappingSaid, pad4 };
export { kStripBand } from './partitions';
export { tiledSourceFile } from './seed';
export { WgslSource } from './source';
export { splitScratchBytes } from './split';

/** The record, in record order (the ladder's order): every family's entries. */
const kDefs = {
  ...kSeedKernels,
  ...kRegisterKernels,
  ...kBlockKernels,
  ...kSplitKernels,
  ...kSubgroupKernels,
  ...kTensorKernels,
  ...kPartitionKernels,
} satisfies Record<string, KernelDef>;

/**
 * A kernel's record entry with its id. Its words (name, summary) are said by src/i18n/kernels.ts from
 * the id. `source` is its WGSL's text once loaded (loadKernelSources; it throws before).
 */
export interface KernelSpec extends KernelDef {
  readonly id: KernelId;
  readonly source: string;
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

/** A kernel's launch plan on this adapter: its required features first, then its own plan. */
export function planKernel(id: KernelId, shape: Shape, tile: TileWidth, info: PlanInfo, params?: KernelParams): LaunchPlan | PlanFailure {
  const spec = kKernels[id];
  const needs = kernelNeeds(id, info);
  if (needs) return needSaid(id, needs);
  const bad = checkParams(spec, params);
  if (bad) return bad;
  const s = gpuShape(id, shape);
  const block = spec.block(tile);
  const plan = spec.plan(s, tile, info.limits, params, block);
  if (isPlanFailure(plan)) return plan;
  if (s.m === shape.m && s.k === shape.k && s.n === shape.n) return { ...plan, block };
  if (spec.padTo) return { ...plan, block, mapping: { key: 'paddedBlocks', values: { m: shape.m, k: shape.k, n: shape.n, mp: s.m, kp: s.k, np: s.n }, inner: plan.mapping } };
  return { ...plan, block, mapping: { key: 'padded', values: { k: shape.k, n: shape.n, kp: s.k, np: s.n }, inner: plan.mapping } };
}

/**
 * What a kernel needs that this adapter lacks, as data: features it does not offer, or its subgroup
 * size (exactly, or at most).
 */
export type KernelNeed =
  | { readonly need: 'features'; readonly missing: readonly string[] }
  | { readonly need: 'subgroupExact'; readonly size: number; readonly min?: number; readonly max?: number }
  | { readonly need: 'subgroupAtMost'; readonly max: number; readonly got: number };

/**
 * Whether this adapter has what a kernel needs before any plan: its required features, then its
 * subgroup size; undefined when it has them. planKernel asks it first (and says it as a plan
 * failure, needSaid); the roofline's tensor probe asks it of the tensor-core rungs (usesTensorCores), whose needs it shares.
 */
export function kernelNeeds(id: KernelId, info: Pick<PlanInfo, 'features' | 'subgroupMinSize' | 'subgroupMaxSize'>): KernelNeed | undefined {
  const spec = kKernels[id];
  const missing = (spec.requiredFeatures ?? []).filter((f) => !info.features.includes(f));
  if (missing.length > 0) return { need: 'features', missing };
  if (spec.exactSubgroupSize !== undefined && (info.subgroupMinSize !== spec.exactSubgroupSize || info.subgroupMaxSize !== spec.exactSubgroupSize)) {
    return { need: 'subgroupExact', size: spec.exactSubgroupSize, ...(info.subgroupMinSize !== undefined ? { min: info.subgroupMinSize } : {}), ...(info.subgroupMaxSize !== undefined ? { max: info.subgroupMaxSize } : {}) };
  }
  if (spec.maxSubgroupSize !== undefined && info.subgroupMaxSize !== undefined && info.subgroupMaxSize > spec.maxSubgroupSize) {
    return { need: 'subgroupAtMost', max: spec.maxSubgroupSize, got: info.subgroupMaxSize };
  }
  return undefined;
}

/** A kernel's unmet need as its plan failure. */
function needSaid(id: KernelId, n: KernelNeed): PlanFailure {
  switch (n.need) {
    case 'features':
      return planFailure(['kernel'], said(n.missing.length === 1 ? 'run:plan.needsFeature' : 'run:plan.needsFeatures', { features: { list: n.missing } }));
    case 'subgroupExact':
      return planFailure(['kernel'], said('run:plan.subgroupExact', { label: kernelLabelSaid(id), size: n.size, min: n.min ?? '?', max: n.max ?? '?' }));
    case 'subgroupAtMost':
      return planFailure(['kernel'], said('run:plan.subgroupTooLarge', { label: kernelLabelSaid(id), max: n.max, got: n.got }));
  }
}

/** The WebGPU feature that gives WGSL subgroup matrices: a kernel that requires it runs on the tensor cores. */
export const kSubgroupMatrixFeature = 'chromium-experimental-subgroup-matrix';

/** Whether a kernel multiplies on the tensor cores (subgroup matrices): its point is judged against the tensor roof. */
export const usesTensorCores = (id: KernelId): boolean => kKernels[id].requiredFeatures?.includes(kSubgroupMatrixFeature) === true;

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

/** The shape a kernel runs on the GPU: the vec4 rungs get K and N padded to multiples of 4; a rung with padTo, M, K and N to its multiples. */
export function gpuShape(id: KernelId, shape: Shape): Shape {
  const p = kKernels[id].padTo;
  if (p) return padToMultiples(shape, p);
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

/** Every kernel's record, keyed by id, in record order (the ladder's order). */
export type KernelId = keyof typeof kDefs;
export const kKernels: Readonly<Record<KernelId, KernelSpec>> = Object.freeze(Object.fromEntries(
  Object.entries(kDefs).map(([id, def]) => [
    id,
    Object.freeze(Object.defineProperty({ id, ...def }, 'source', { get: () => def.wgsl.text(), enumerable: false })),
  ]),
)) as unknown as Record<KernelId, KernelSpec>;

/** Every WGSL file a kernel's runs read: its own and its plans' (wgslMore). */
const filesOf = (id: KernelId): readonly WgslSource[] => [kKernels[id].wgsl, ...(kKernels[id].wgslMore ?? [])];

/**
 * Load the WGSL of these kernels (issue #47: a view loads the kernels it shows, the GPU code the
 * ones it runs: gpu/pipelines.ts). Resolves at once for what is loaded already.
 */
export function loadKernelSources(ids: readonly KernelId[]): Promise<void> {
  const files = ids.flatMap(filesOf).filter((f) => !f.isLoaded);
  return files.length === 0 ? Promise.resolve() : Promise.all(files.map((f) => f.load())).then(() => undefined);
}

/** Whether the WGSL of these kernels is loaded (kKernels[id].source may be read). */
export function kernelSourcesLoaded(ids: readonly KernelId[]): boolean {
  return ids.flatMap(filesOf).every((f) => f.isLoaded);
}
/** Every kernel id, in record order. */
export const kKernelIdList: readonly KernelId[] = Object.keys(kDefs) as KernelId[];
/** The same list (older name). */
export const kKernelIds = kKernelIdList;
/** The rungs of the speed ladder, in order. */
export const kLadderIds: readonly KernelId[] = kKernelIdList.filter((id) => kKernels[id].ladder);
/** The lesson's pair (naive against tiled), in record order. */
export const kLessonKernelIds: readonly KernelId[] = kKernelIdList.filter((id) => kKernels[id].lesson);
/** The kernels the per-adapter tuner tries. */
export const kTunedKernelIds: readonly KernelId[] = kKernelIdList.filter((id) => kKernels[id].tuned);

/** The kernels that run on the tensor cores (record order). */
export const kTensorCoreIds: readonly KernelId[] = kKernelIdList.filter(usesTensorCores);

/**
 * The rung a rung's why and code change compare with: its record's stepFrom (the tensor rung: the best
 * FP32 rung), else the one below it in the ladder; none for the first rung.
 */
export function previousRung(id: KernelId): KernelId | undefined {
  const from = kKernels[id].stepFrom;
  if (from !== undefined && isKernelId(from)) return from;
  const at = kLadderIds.indexOf(id);
  return at > 0 ? kLadderIds[at - 1] : undefined;
}

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
