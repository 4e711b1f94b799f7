/**
 * The kernel record's types: what one entry says about a kernel (KernelDef), the launch plan it makes
 * for a shape (LaunchPlan), its tunables and the adapter facts a plan reads. Pure data; no words.
 */
import type { Shape, TileWidth } from '../shape';
import type { WgslSource } from './source';
import type { CBlock, Dispatch, MappingWords, PlanFailure, ProblemLimits, WorkgroupLimits } from '../tiling';

export interface LaunchPlan {
  readonly constants: Record<string, number>;
  readonly workgroup: { readonly x: number; readonly y: number };
  readonly dispatch: Dispatch;
  /** Which mapping ran, as data (src/i18n mappingText says it in words, for the UI and the benchmark output). */
  readonly mapping: MappingWords;
  readonly workgroupStorageBytes: number;
  /** The C block one workgroup computes: verification checks the corner and edge blocks of this grid. */
  readonly block: CBlock;
  /** The WGSL this launch runs when it is not the kernel's own `source` (the tiled kernel's copy for its tile width; one of the entry's `wgslMore`). */
  readonly source?: WgslSource;
  /**
   * Split-K: the launch above writes `slices` partial products into a scratch buffer bound where C
   * is (slice z at z·M·N), and this second pass, bound to the scratch (where A is) and C, sums them
   * into C. Both passes are one product: timed together.
   */
  readonly reduce?: { readonly slices: number; readonly source: WgslSource; readonly constants: Record<string, number>; readonly dispatch: Dispatch };
  /**
   * A first pass before the launch above (the tensor rung: B rounded to f16 once): bound to B (where B
   * is), a scratch buffer of `scratchBytes` (where C is) and dims; the launch above then binds the
   * scratch where B is. Both passes are one product: timed together. B is whole for every band of rows.
   */
  readonly prepare?: { readonly source: WgslSource; readonly constants: Record<string, number>; readonly dispatch: Dispatch; readonly scratchBytes: number };
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
export interface KernelDef {
  /** Its WGSL file, loaded on demand (./source.ts); the spec's `source` is its text once loaded. */
  readonly wgsl: WgslSource;
  /** Further WGSL its plans may run (the tiled kernel's file per tile width, split-K's summing pass): loaded with `wgsl`. */
  readonly wgslMore?: readonly WgslSource[];
  /** Whether the tile width changes this kernel (results for it belong to a tile width too). */
  readonly usesTile: boolean;
  /**
   * The WGSL reads A, B and C as vec4<f32>, so rows must start on 16 bytes: the runner pads K and
   * N with zeros to multiples of 4 on upload and drops the padding on read-back (gpuShape).
   */
  readonly vec4?: boolean;
  /**
   * The runner pads M, K and N with zeros up to multiples of these (the tensor rung: whole blocks and
   * whole steps of K, so its WGSL tests no bounds); C's padded rows and columns are dropped on read-back,
   * and GFLOP/s count the shape asked for, not the padding's work.
   */
  readonly padTo?: { readonly m: number; readonly k: number; readonly n: number };
  /** WebGPU features the WGSL needs (e.g. subgroups); without them the kernel is not offered. */
  readonly requiredFeatures?: readonly string[];
  /** The largest subgroup the WGSL is correct for, when it relies on subgroup size. */
  readonly maxSubgroupSize?: number;
  /** The WGSL divides its workgroup into subgroups of exactly this many invocations (by index): the adapter's must all be this size. */
  readonly exactSubgroupSize?: number;
  /** The depth of A's and B's tiles staged per barrier, where its workgroup memory does not say it in f32 tiles (the tensor rung's are f16, beside a C tile). */
  readonly stageDepth?: number;
  /** Parameters the per-adapter tuner may set (none for most kernels). */
  readonly tunables?: readonly Tunable[];
  /** A rung of the speed ladder (shown in record order). */
  readonly ladder: boolean;
  /** One of the lesson's pair (naive against tiled): the lesson runs and compares them, the benchmark offers them as a preset. */
  readonly lesson?: boolean;
  /** Tried by the per-adapter tuner (and so a candidate for "auto"). */
  readonly tuned: boolean;
  /**
   * Which problems auto tries it for (core/tuning.ts autoCandidates), when tuned: 'tinyOnly', only
   * tiny ones (naive and tiled: from 256³ up they never came within 2× of a register-tiled rung on a
   * GPU); 'tinyToo', tiny ones as well as larger (the rung with the smallest block: least padding);
   * by default, only problems larger than tiny.
   */
  readonly autoFor?: 'tinyOnly' | 'tinyToo';
  /** Its phases are double-buffered: two copies of the A and B tiles in workgroup memory (the rung's diagram). */
  readonly doubleBuffered?: boolean;
  /**
   * Its workgroup memory holds something other than phases of A and B tiles (the strip kernel's row
   * of A), so no phase depth BK can be read from its size (the rung's diagram).
   */
  readonly stagesOtherThanTiles?: boolean;
  /** With `vec4`: only B is read as vec4; A is read and C written per element (the plan still pads K and N). */
  readonly vec4BOnly?: boolean;
  /** Has an instrumented copy that records the tile map and phases (gpu/trace.ts). */
  readonly traced?: boolean;
  /**
   * The tensor rung: its workgroup seen as x×y subgroups, each owning (block ÷ subgroups) of C as
   * fragments of fragment×fragment (subgroup matrices): what its diagram draws instead of invocations.
   */
  readonly subgroupMatrix?: { readonly x: number; readonly y: number; readonly fragment: number };
  /**
   * The rung its "what changes, and why" and its code change compare with, where that is not the rung
   * below it in the ladder (the tensor rung: the best FP32 rung, not the subgroup rung listed before it).
   */
  readonly stepFrom?: string;
  /** The WGSL rounds A and B to f16 (sums in f32): verification compares with the product of the f16-rounded inputs. */
  readonly halfInputs?: boolean;
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

/** What adapter facts a plan depends on (gpu/device's GpuInfo is one). */
export interface PlanInfo {
  readonly limits: WorkgroupLimits & ProblemLimits;
  readonly features: readonly string[];
  readonly subgroupMinSize?: number;
  readonly subgroupMaxSize?: number;
}
