/** What an exercise is, as data (one file per exercise beside this one; the registry: ./index.ts). */
import type { Shape } from '../../shape';
import type { PreludeConstants } from '../constants';
import type { StructureKind } from '../judge';

export type ExerciseKind = 'add' | 'matmul' | 'transpose' | 'dot';

export interface Exercise {
  readonly id: string;
  readonly kind: ExerciseKind;
  readonly constants: PreludeConstants;
  /** The workgroup size the skeleton declares (and the dispatch assumes). */
  readonly workgroup: readonly [number, number];
  /** Rows of C along the grid's x (the Numba port: `C[x, y]`); otherwise columns along x. */
  readonly rowsAlongX?: boolean;
  /**
   * Reads an invocation may make: one per input, the naive 2·K, the tiled 2·⌈K/TILE⌉, the grid-stride
   * share, `block` (its share of the `block` of C a workgroup stages per phase: (BM·BK + BK·BN) / WG
   * per phase for a matmul, BM·BN / WG for a transpose), or `strip` (a row of A's K elements and
   * `block.cols / workgroup x` columns of B: K·(1 + W) for a W-wide strip of C).
   */
  readonly budget: 'elementwise' | 'one' | 'naive' | 'tiled' | 'gridStride' | 'block' | 'strip';
  /**
   * The block of C one workgroup computes (rows × cols) and the depth of K one phase stages, where it
   * is not one element per invocation: the grid covers C in blocks.
   */
  readonly block?: { readonly rows: number; readonly cols: number; readonly depth?: number };
  /**
   * Barriers each invocation must run: per phase (tiled), plus `extra` once, exactly that many when
   * `exact` (double buffering: one per phase, not two), or in all (a reduction: 1 + log2 WG).
   */
  readonly barriers?: { readonly perPhase: number; readonly extra?: number; readonly exact?: boolean } | 'reduction';
  /** The rung of the speed ladder (`?view=ladder`) this exercise builds, by its kernel id. */
  readonly rung?: string;
  /** The teaching shapes it is checked on (M×K×N; an elementwise map reads M×N, the dot product K), with small-integer data. */
  readonly shapes: readonly Shape[];
  /**
   * The shapes drawn at random for every run (seeded, shown), with random non-integer data: the
   * premise the exercise states (`multipleOf`: each of M, K, N a multiple; `mnMultipleOf`: M·N a
   * multiple, the map's whole workgroups) and the largest size in each dimension.
   */
  readonly random: { readonly max: Shape; readonly multipleOf?: number; readonly mnMultipleOf?: number };
  /**
   * The structure the exercise teaches, checked on the run's trace (core/practice/judge.ts): a tile
   * that shares each global element (`staged`), the next tile loaded while this one is read
   * (`double`), a transpose through the tile (`through`), and conflict-free banks (`padded`), the
   * dot product's tree (`tree`), each element read once per invocation (`strip`).
   */
  readonly structure?: readonly StructureKind[];
  /** The hint that answers each compile-error hint (1-based), where the exercise has one. */
  readonly hintFor?: Partial<Record<'uniform-barrier' | 'int-float', number>>;
  readonly hints: number;
  readonly skeleton: string;
  readonly solution: string;
}
