/**
 * The practice climb, as data: eight exercises from a map to the Numba tutorial's bugs. Each has a
 * skeleton (the bindings are the app's: `dims`, `loadA`, `loadB`, `storeC`, `TILE`, `WG`; see
 * ./wgsl.ts), a solution (the project's own kernels where there is one: shaders/naive.wgsl,
 * shaders/tiled.wgsl), the shapes it is checked on, the global reads an invocation may make and
 * the barriers it must run. Its words (title, goal, hints) are in the 'practice' catalogues, keyed
 * by the id: `practice:ex.<id>.title|goal|hint1…`.
 *
 * Adding an exercise: an entry here and its words in src/i18n/locales/<lang>/practice.ts.
 */
import { makeData, mulberry32 } from '../data';
import { referenceEntry, tolerance } from '../reference';
import { said, num, type Said } from '../said';
import { ceilDiv, type Shape } from '../shape';
import { kFlag, kUniformWords, type PreludeConstants } from './constants';
import { kCell, kUnwrittenBits } from './cells';
import { findSlip, type Slip } from './slips';
import { slotWords, structureChecks, traceFacts, type Race, type StructureCheck, type StructureKind, type TraceFacts } from './judge';
import type { AccessSite, WorkgroupVar } from './instrument';

export { kCell, kUnwrittenBits };

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

const kHeader = `// The app gives you: dims.M, dims.K, dims.N; loadA(row, col), loadB(row, col) (they count
// your global reads); storeC(row, col, value); the constants TILE and WG.
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
const mapBody = (body: string) => `${kHeader}// C = A + B, element by element (A, B and C are M×N).
// One invocation per element: invocation i owns element i of C, counted along the rows.
@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let i = gid.x;
  let row = i / dims.N;
  let col = i % dims.N;
${body}}
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
const tiledSolutionLoop = `    As[ty][tx] = loadA(row, ph * TILE + tx);
    Bs[ty][tx] = loadB(ph * TILE + ty, col);
    workgroupBarrier(); // both tiles are complete before anyone reads them
    for (var k = 0u; k < TILE; k++) {
      acc += As[ty][k] * Bs[k][tx];
    }
    workgroupBarrier(); // everyone is done reading before the next phase overwrites them
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
const tiledKernel = (intro: string, phases: string, body: string, store: string) => `${kHeader}${intro}
var<workgroup> As: array<array<f32, TILE>, TILE>;
var<workgroup> Bs: array<array<f32, TILE>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  let row = wg.y * TILE + ty;  // the C element this invocation computes
  let col = wg.x * TILE + tx;
  var acc = 0.0;
  for (var ph = 0u; ph < ${phases}; ph++) {
${body}  }
${store}}
`;

const kTiledIntro = `// C = A · B, tiled (cuda-samples matrixMul): one workgroup per TILE×TILE tile of C. In each
// phase the workgroup stages a tile of A and a tile of B in workgroup memory, waits, multiplies
// them, and waits again before the next phase overwrites them. M, K and N are multiples of TILE.`;

const kBoundsIntro = `// C = A · B, tiled, for ANY M, K and N (PMPP Fig. 4.20). The tiles at the edges stick out of
// the matrices: add the three boundary tests. Threads without a C element still load (0.0) and
// still reach both barriers.`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
const kBoundsSolution = `    let aCol = ph * TILE + tx;  // the column of A this invocation loads
    let bRow = ph * TILE + ty;  // the row of B it loads
    // Boundary test 1 (load A): the element must exist in A, else 0.0.
    if (row < dims.M && aCol < dims.K) { As[ty][tx] = loadA(row, aCol); } else { As[ty][tx] = 0.0; }
    // Boundary test 2 (load B): the element must exist in B, else 0.0.
    if (bRow < dims.K && col < dims.N) { Bs[ty][tx] = loadB(bRow, col); } else { Bs[ty][tx] = 0.0; }
    workgroupBarrier(); // both tiles are complete before anyone reads them
    for (var k = 0u; k < TILE; k++) {
      acc += As[ty][k] * Bs[k][tx];
    }
    workgroupBarrier(); // everyone is done reading before the next phase overwrites them
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
const kBoundsSkeletonLoop = `    As[ty][tx] = loadA(row, ph * TILE + tx);  // TODO boundary test 1: only if the element is in A, else 0.0
    Bs[ty][tx] = loadB(ph * TILE + ty, col);  // TODO boundary test 2: only if the element is in B, else 0.0
    workgroupBarrier();
    for (var k = 0u; k < TILE; k++) {
      acc += As[ty][k] * Bs[k][tx];
    }
    workgroupBarrier();
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
const numba = (body: string) => `${kHeader}// The Numba tutorial's fast_matmul, ported line by line to WGSL, with its bugs. Find them and
// fix them so that any M, K and N works. x is the row of C, as in Numba's C[x, y].
var<workgroup> sA: array<array<f32, TILE>, TILE>;
var<workgroup> sB: array<array<f32, TILE>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_id) lid: vec3u,
        @builtin(num_workgroups) nwg: vec3u) {
  let x = gid.x;   // x, y = cuda.grid(2)
  let y = gid.y;
  let tx = lid.x;  // tx = cuda.threadIdx.x
  let ty = lid.y;  // ty = cuda.threadIdx.y
  let bpg = nwg.x; // bpg = cuda.gridDim.x: blocks per grid
${body}}
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
const regKernel = (loads: string, fma: string) => `${kHeader}// C = A · B with a register tile (the reg4x4 rung, smaller): each invocation computes an R×R
// block of C in registers, so one workgroup covers a (TILE·R)×(TILE·R) block. M, K, N: multiples of 8.
const R = 2u;
var<workgroup> As: array<array<f32, TILE>, TILE * R>;
var<workgroup> Bs: array<array<f32, TILE * R>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  let row0 = wg.y * TILE * R;  // the first row and column of this workgroup's block of C
  let col0 = wg.x * TILE * R;
  var acc: array<array<f32, R>, R>;  // this invocation's block of C (starts at zero)
  for (var ph = 0u; ph < dims.K / TILE; ph++) {
    for (var i = 0u; i < R; i++) {
${loads}    }
    workgroupBarrier();
    for (var k = 0u; k < TILE; k++) {
${fma}    }
    workgroupBarrier();
  }
  for (var i = 0u; i < R; i++) {
    for (var j = 0u; j < R; j++) {
      storeC(row0 + ty * R + i, col0 + tx * R + j, acc[i][j]);
    }
  }
}
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
const wideKernel = (body: string) => `${kHeader}// C = A · B with wide loads: each invocation computes a strip of 4 elements of one row of C,
// as a vec4. Each element of A it reads serves 4 elements of C. N is a multiple of 4.
@compute @workgroup_size(TILE, TILE)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let row = gid.y;
  let col0 = gid.x * 4u;  // the first of this invocation's 4 columns
  if (row >= dims.M || col0 >= dims.N) {
    return; // no barrier in this kernel, so returning early is safe
  }
  var acc = vec4f(0.0);
  for (var k = 0u; k < dims.K; k++) {
${body}  }
  storeC(row, col0, acc.x);
  storeC(row, col0 + 1u, acc.y);
  storeC(row, col0 + 2u, acc.z);
  storeC(row, col0 + 3u, acc.w);
}
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
const paddedKernel = (pitch: string) => `${kHeader}// C = Aᵀ through a 32×32 tile, as NVIDIA's transposeCoalesced: a workgroup of 32×8, each
// invocation moves 4 elements. Reading a column of the tile, the 32 lanes hit one bank if its
// rows are 32 words apart. Pad each row so that they are not. M and K: multiples of 32.
var<workgroup> tile: array<array<f32, ${pitch}>, TILE>;

@compute @workgroup_size(TILE, WG)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  for (var j = 0u; j < TILE; j += WG) {
    tile[lid.y + j][tx] = loadA(wg.y * TILE + lid.y + j, wg.x * TILE + tx);
  }
  workgroupBarrier();
  for (var j = 0u; j < TILE; j += WG) {
    storeC(wg.x * TILE + lid.y + j, wg.y * TILE + tx, tile[tx][lid.y + j]);
  }
}
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
const kDoubleSolution = `${kHeader}// C = A · B, tiled, double-buffered: two tiles of A and B. While the workgroup multiplies one,
// it loads the next phase into the other, so one barrier per phase is enough.
var<workgroup> As: array<array<array<f32, TILE>, TILE>, 2>;
var<workgroup> Bs: array<array<array<f32, TILE>, TILE>, 2>;

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  let row = wg.y * TILE + ty;  // the C element this invocation computes
  let col = wg.x * TILE + tx;
  let phases = dims.K / TILE;
  As[0][ty][tx] = loadA(row, tx);
  Bs[0][ty][tx] = loadB(ty, col);
  workgroupBarrier();
  var acc = 0.0;
  for (var ph = 0u; ph < phases; ph++) {
    let cur = ph % 2u;
    if (ph + 1u < phases) {
      // The other buffer was last read before the previous barrier: free to overwrite.
      As[1u - cur][ty][tx] = loadA(row, (ph + 1u) * TILE + tx);
      Bs[1u - cur][ty][tx] = loadB((ph + 1u) * TILE + ty, col);
    }
    for (var k = 0u; k < TILE; k++) {
      acc += As[cur][ty][k] * Bs[cur][k][tx];
    }
    workgroupBarrier(); // the next tile is loaded, and this one is read, before anyone goes on
  }
  storeC(row, col, acc);
}
`;

export const kExercises = [
  {
    id: 'map',
    kind: 'add',
    constants: { tile: 4, wg: 64 },
    workgroup: [64, 1],
    budget: 'elementwise',
    random: { max: { m: 64, k: 64, n: 64 }, mnMultipleOf: 64 },
    shapes: [
      { m: 4, k: 16, n: 16 },
      { m: 8, k: 16, n: 16 },
    ],
    hints: 3,
    skeleton: mapBody(`  // TODO: C[row][col] = A[row][col] + B[row][col]
`),
    solution: mapBody(`  storeC(row, col, loadA(row, col) + loadB(row, col));
`),
  },
  {
    id: 'guard',
    kind: 'add',
    constants: { tile: 4, wg: 64 },
    workgroup: [64, 1],
    budget: 'elementwise',
    random: { max: { m: 64, k: 64, n: 64 } },
    shapes: [
      { m: 3, k: 5, n: 5 },
      { m: 7, k: 9, n: 9 },
      { m: 1, k: 1, n: 1 },
    ],
    hints: 3,
    skeleton: mapBody(`  // The grid is rounded up to whole workgroups of WG: some invocations have no element.
  storeC(row, col, loadA(row, col) + loadB(row, col));
`),
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    solution: mapBody(`  if (i >= dims.M * dims.N) {
    return; // past the last element: nothing to do (no barrier follows, so returning is safe)
  }
  storeC(row, col, loadA(row, col) + loadB(row, col));
`),
  },
  {
    id: 'naive',
    kind: 'matmul',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    budget: 'naive',
    random: { max: { m: 64, k: 96, n: 64 } },
    hintFor: { 'int-float': 3 },
    shapes: [
      { m: 4, k: 3, n: 4 },
      { m: 5, k: 7, n: 3 },
      { m: 1, k: 4, n: 6 },
    ],
    hints: 3,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    skeleton: `${kHeader}// C = A · B (A is M×K, B is K×N): one invocation per element of C, with 2-D indices.
// x runs along the columns of C, y along its rows; the grid is rounded up to whole workgroups.
@compute @workgroup_size(TILE, TILE)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  // TODO: skip invocations outside C, then add A[row][k] · B[k][col] over k and store the sum.
}
`,
    // shaders/naive.wgsl, through the app's helpers.
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    solution: `${kHeader}// C = A · B (A is M×K, B is K×N): one invocation per element of C, with 2-D indices.
// x runs along the columns of C, y along its rows; the grid is rounded up to whole workgroups.
@compute @workgroup_size(TILE, TILE)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  if (row >= dims.M || col >= dims.N) {
    return; // no barrier in this kernel, so returning early is safe
  }
  var acc = 0.0;
  for (var k = 0u; k < dims.K; k++) {
    acc += loadA(row, k) * loadB(k, col);
  }
  storeC(row, col, acc);
}
`,
  },
  {
    id: 'tile',
    kind: 'transpose',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    budget: 'one',
    barriers: { perPhase: 1 },
    random: { max: { m: 64, k: 64, n: 64 }, multipleOf: 4 },
    shapes: [
      { m: 4, k: 4, n: 4 },
      { m: 8, k: 4, n: 8 },
    ],
    structure: ['through'],
    hints: 3,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    skeleton: `${kHeader}// C = Aᵀ (A is M×K, C is K×M) through a TILE×TILE tile in workgroup memory: each invocation
// reads one element of A into the tile and, after a barrier, writes one element of C that another
// invocation read. M and K are multiples of TILE.
var<workgroup> tile: array<array<f32, TILE>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  // This workgroup's tile of A starts at row wg.y * TILE, column wg.x * TILE.
  // TODO 1: tile[ty][tx] = A[wg.y * TILE + ty][wg.x * TILE + tx]
  // TODO 2: wait until the whole tile is loaded
  // TODO 3: C[wg.x * TILE + ty][wg.y * TILE + tx] = tile[tx][ty]
}
`,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    solution: `${kHeader}// C = Aᵀ (A is M×K, C is K×M) through a TILE×TILE tile in workgroup memory.
var<workgroup> tile: array<array<f32, TILE>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  tile[ty][tx] = loadA(wg.y * TILE + ty, wg.x * TILE + tx);
  workgroupBarrier(); // the tile is complete before anyone reads an element another invocation loaded
  storeC(wg.x * TILE + ty, wg.y * TILE + tx, tile[tx][ty]);
}
`,
  },
  {
    id: 'tiled',
    kind: 'matmul',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    budget: 'tiled',
    barriers: { perPhase: 2 },
    random: { max: { m: 64, k: 96, n: 64 }, multipleOf: 4 },
    shapes: [
      { m: 4, k: 4, n: 4 },
      { m: 8, k: 12, n: 4 },
      { m: 4, k: 8, n: 12 },
    ],
    structure: ['staged'],
    hints: 3,
    skeleton: tiledKernel(
      kTiledIntro,
      'dims.K / TILE',
      `    // TODO: load As[ty][tx] from A and Bs[ty][tx] from B for this phase, wait,
    //       add As[ty][k] · Bs[k][tx] over k, and wait again.
`,
      `  storeC(row, col, acc);
`,
    ),
    // shaders/tiled.wgsl (one row per invocation), without its boundary tests: cuda-samples MatrixMulCUDA.
    solution: tiledKernel(kTiledIntro, 'dims.K / TILE', tiledSolutionLoop, `  storeC(row, col, acc);
`),
  },
  {
    id: 'bounds',
    kind: 'matmul',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    budget: 'tiled',
    barriers: { perPhase: 2 },
    random: { max: { m: 64, k: 96, n: 64 } },
    hintFor: { 'uniform-barrier': 3 },
    shapes: [
      { m: 3, k: 3, n: 3 },
      { m: 5, k: 7, n: 3 },
      { m: 1, k: 9, n: 2 },
      { m: 6, k: 1, n: 5 },
    ],
    structure: ['staged'],
    hints: 3,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    skeleton: tiledKernel(kBoundsIntro, '(dims.K + TILE - 1u) / TILE', kBoundsSkeletonLoop, `  storeC(row, col, acc);  // TODO boundary test 3: only if the element is in C
`),
    // shaders/tiled.wgsl: PMPP's three tests.
    solution: tiledKernel(
      kBoundsIntro,
      '(dims.K + TILE - 1u) / TILE',
      kBoundsSolution,
      `  // Boundary test 3 (store C): only elements inside C are written.
  if (row < dims.M && col < dims.N) {
    storeC(row, col, acc);
  }
`,
    ),
  },
  {
    id: 'dot',
    kind: 'dot',
    constants: { tile: 4, wg: 16 },
    workgroup: [16, 1],
    budget: 'gridStride',
    barriers: 'reduction',
    random: { max: { m: 1, k: 2048, n: 1 } },
    shapes: [
      { m: 1, k: 1, n: 1 },
      { m: 1, k: 37, n: 1 },
      { m: 1, k: 100, n: 1 },
      { m: 1, k: 200, n: 1 },
    ],
    structure: ['tree'],
    hints: 3,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    skeleton: `${kHeader}// The dot product a · b of two K-vectors (a[i] is loadA(0u, i), b[i] is loadB(i, 0u)), as in the
// CUDA tutorial: every invocation sums a grid-stride slice, the workgroup adds its WG partial sums
// as a tree in workgroup memory, and invocation 0 writes the workgroup's sum to C[0][workgroup].
// (The app adds the workgroups' sums, as the tutorial's host does.)
var<workgroup> partial: array<f32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_id) lid: vec3u,
        @builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let stride = nwg.x * WG;  // invocations in the grid
  var sum = 0.0;
  // TODO 1: invocation gid.x adds a[i] · b[i] for i = gid.x, gid.x + stride, … while i < dims.K
  partial[lid.x] = sum;
  // TODO 2: the tree: with s = WG / 2, WG / 4, … 1, invocations lid.x < s add partial[lid.x + s]
  //         to partial[lid.x]; every step needs the previous one finished
  // TODO 3: invocation 0 writes partial[0] with storeC(0u, wid.x, …)
}
`,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    solution: `${kHeader}// The dot product a · b, as in the CUDA tutorial: grid-stride partial sums, a tree in workgroup
// memory, one sum per workgroup in C[0][workgroup].
var<workgroup> partial: array<f32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_id) lid: vec3u,
        @builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let stride = nwg.x * WG;  // invocations in the grid
  var sum = 0.0;
  for (var i = gid.x; i < dims.K; i += stride) {
    sum += loadA(0u, i) * loadB(i, 0u);
  }
  partial[lid.x] = sum;
  workgroupBarrier(); // every partial sum is written before the tree reads them
  for (var s = WG / 2u; s > 0u; s /= 2u) {
    if (lid.x < s) {
      partial[lid.x] += partial[lid.x + s];
    }
    workgroupBarrier(); // this step is finished before the next reads its results
  }
  if (lid.x == 0u) {
    storeC(0u, wid.x, partial[0]);
  }
}
`,
  },
  {
    id: 'numba',
    kind: 'matmul',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    rowsAlongX: true,
    budget: 'tiled',
    barriers: { perPhase: 2 },
    random: { max: { m: 64, k: 96, n: 64 } },
    hintFor: { 'uniform-barrier': 1 },
    shapes: [
      { m: 5, k: 3, n: 6 },
      { m: 3, k: 7, n: 2 },
      { m: 4, k: 4, n: 4 },
    ],
    structure: ['staged'],
    hints: 3,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    skeleton: numba(`
  if (x >= dims.M && y >= dims.N) {
    return;        // quit if (x, y) is outside of valid C boundary
  }

  var tmp = 0.0;
  for (var i = 0u; i < bpg; i++) {
    // preload data into shared memory
    sA[tx][ty] = loadA(x, ty + i * TILE);
    sB[tx][ty] = loadB(tx + i * TILE, y);
    workgroupBarrier();  // wait until all threads finish preloading
    for (var j = 0u; j < TILE; j++) {
      tmp += sA[tx][j] * sB[j][ty];
    }
    workgroupBarrier();  // wait until all threads finish computing
  }
  storeC(x, y, tmp);
`),
    solution: numba(`
  // No early return: every invocation must reach both barriers (out-of-range ones load 0.0).
  var tmp = 0.0;
  let phases = (dims.K + TILE - 1u) / TILE;  // K decides the phases, not bpg; K need not be a multiple of TILE
  for (var i = 0u; i < phases; i++) {
    if (x < dims.M && ty + i * TILE < dims.K) { sA[tx][ty] = loadA(x, ty + i * TILE); } else { sA[tx][ty] = 0.0; }
    if (tx + i * TILE < dims.K && y < dims.N) { sB[tx][ty] = loadB(tx + i * TILE, y); } else { sB[tx][ty] = 0.0; }
    workgroupBarrier();  // wait until all threads finish preloading
    for (var j = 0u; j < TILE; j++) {
      tmp += sA[tx][j] * sB[j][ty];
    }
    workgroupBarrier();  // wait until all threads finish computing
  }
  if (x < dims.M && y < dims.N) {  // inside C means both in range: \`or\` in the quit test, \`and\` here
    storeC(x, y, tmp);
  }
`),
  },
  {
    id: 'regtile',
    kind: 'matmul',
    constants: { tile: 4, wg: 16 },
    workgroup: [4, 4],
    budget: 'block',
    block: { rows: 8, cols: 8, depth: 4 },
    barriers: { perPhase: 2 },
    rung: 'reg4x4',
    random: { max: { m: 64, k: 96, n: 64 }, multipleOf: 8 },
    shapes: [
      { m: 8, k: 8, n: 8 },
      { m: 16, k: 8, n: 8 },
      { m: 8, k: 16, n: 24 },
    ],
    structure: ['staged'],
    hints: 3,
    skeleton: regKernel(`      // TODO: load row ty * R + i of the A tile and column tx * R + i of the B tile
`, `      // TODO: add As[ty * R + i][k] · Bs[k][tx * R + j] to acc[i][j] for every i, j < R
`),
    solution: regKernel(`      As[ty * R + i][tx] = loadA(row0 + ty * R + i, ph * TILE + tx);
      Bs[ty][tx * R + i] = loadB(ph * TILE + ty, col0 + tx * R + i);
`, `      let a0 = As[ty * R][k];
      let a1 = As[ty * R + 1u][k];
      let b0 = Bs[k][tx * R];
      let b1 = Bs[k][tx * R + 1u];
      acc[0][0] += a0 * b0;
      acc[0][1] += a0 * b1;
      acc[1][0] += a1 * b0;
      acc[1][1] += a1 * b1;
`),
  },
  {
    id: 'wide',
    kind: 'matmul',
    constants: { tile: 4, wg: 4 },
    workgroup: [4, 4],
    budget: 'strip',
    block: { rows: 4, cols: 16 },
    rung: 'reg8x8v',
    random: { max: { m: 64, k: 96, n: 64 }, multipleOf: 4 },
    hintFor: { 'int-float': 2 },
    shapes: [
      { m: 4, k: 4, n: 4 },
      { m: 5, k: 8, n: 8 },
      { m: 3, k: 4, n: 20 },
    ],
    structure: ['strip'],
    hints: 3,
    skeleton: wideKernel(`    // TODO: one read of A and a vec4 of four reads of B, four multiply-adds
`),
    solution: wideKernel(`    let a = loadA(row, k);
    let b = vec4f(loadB(k, col0), loadB(k, col0 + 1u), loadB(k, col0 + 2u), loadB(k, col0 + 3u));
    acc += a * b;
`),
  },
  {
    id: 'padded',
    kind: 'transpose',
    constants: { tile: 32, wg: 8 },
    workgroup: [32, 8],
    budget: 'block',
    block: { rows: 32, cols: 32 },
    barriers: { perPhase: 1 },
    rung: 'reg4x4',
    random: { max: { m: 96, k: 96, n: 96 }, multipleOf: 32 },
    shapes: [
      { m: 32, k: 32, n: 32 },
      { m: 64, k: 32, n: 64 },
    ],
    structure: ['through', 'padded'],
    hints: 3,
    skeleton: paddedKernel('TILE'),
    solution: paddedKernel('TILE + 1u'),
  },
  {
    id: 'double',
    kind: 'matmul',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    budget: 'tiled',
    barriers: { perPhase: 1, extra: 1, exact: true },
    rung: 'reg8x8db',
    random: { max: { m: 64, k: 96, n: 64 }, multipleOf: 4 },
    shapes: [
      { m: 4, k: 8, n: 4 },
      { m: 8, k: 16, n: 4 },
      { m: 4, k: 12, n: 8 },
    ],
    structure: ['staged', 'double'],
    hints: 3,
    // The single-buffered kernel of exercise 5: right values, one barrier too many per phase.
    skeleton: tiledKernel(kTiledIntro, 'dims.K / TILE', tiledSolutionLoop, `  storeC(row, col, acc);
`),
    solution: kDoubleSolution,
  },
] as const satisfies readonly Exercise[];

export type ExerciseId = (typeof kExercises)[number]['id'];
export const kExerciseIds: readonly ExerciseId[] = kExercises.map((e) => e.id);

export function isExerciseId(x: unknown): x is ExerciseId {
  return typeof x === 'string' && (kExerciseIds as readonly string[]).includes(x);
}

export function exercise(id: ExerciseId): Exercise {
  return kExercises.find((e) => e.id === id)!;
}

/** Where everything lies for one shape: the matrices' sizes, the grid, the budgets. */
export interface Layout {
  readonly aRows: number;
  readonly aCols: number;
  readonly bRows: number;
  readonly bCols: number;
  readonly cRows: number;
  readonly cCols: number;
  /** Workgroups along x and y. */
  readonly grid: readonly [number, number];
  /** Invocations along x and y (the grid times the workgroup). */
  readonly invocationsX: number;
  readonly invocationsY: number;
  readonly invocations: number;
  /** Phases of a tiled exercise (1 otherwise). */
  readonly phases: number;
  /** The most global reads one invocation may make. */
  readonly readBudget: number;
  /** The fewest barriers every invocation must run (0: none required). */
  readonly minBarriers: number;
  /** The most barriers any invocation may run, where the exercise counts them exactly (double buffering). */
  readonly maxBarriers?: number;
  /** Loop iterations one invocation may run before the run stops it (the budget every loop shares). */
  readonly loopBudget: number;
  /** The most loop iterations one invocation may run for the structure the exercise teaches (the tree), if it teaches one. */
  readonly structureLoops?: number;
}

/** Workgroups of the dot product: at most 4 (the tutorial's min(32, …), scaled to tiny shapes). */
export const kDotMaxWorkgroups = 4;

export function layoutOf(ex: Exercise, s: Shape): Layout {
  const [wx, wy] = ex.workgroup;
  const t = ex.constants.tile;
  let a: [number, number], b: [number, number], c: [number, number], grid: [number, number];
  switch (ex.kind) {
    case 'add':
      a = [s.m, s.n];
      b = [s.m, s.n];
      c = [s.m, s.n];
      grid = [ceilDiv(s.m * s.n, wx), 1];
      break;
    case 'transpose':
      a = [s.m, s.k];
      b = [1, 1];
      c = [s.k, s.m];
      grid = ex.block ? [ceilDiv(s.k, ex.block.cols), ceilDiv(s.m, ex.block.rows)] : [ceilDiv(s.k, wx), ceilDiv(s.m, wy)];
      break;
    case 'dot': {
      const g = Math.min(kDotMaxWorkgroups, ceilDiv(s.k, wx));
      a = [1, s.k];
      b = [s.k, 1];
      c = [1, g];
      grid = [g, 1];
      break;
    }
    case 'matmul':
      a = [s.m, s.k];
      b = [s.k, s.n];
      c = [s.m, s.n];
      grid = ex.block
        ? [ceilDiv(s.n, ex.block.cols), ceilDiv(s.m, ex.block.rows)]
        : ex.rowsAlongX
          ? [ceilDiv(s.m, wx), ceilDiv(s.n, wy)]
          : [ceilDiv(s.n, wx), ceilDiv(s.m, wy)];
      break;
  }
  const invocationsX = grid[0] * wx;
  const invocationsY = grid[1] * wy;
  const depth = ex.block?.depth;
  const phases = ex.budget === 'tiled' ? ceilDiv(s.k, t) : depth !== undefined ? ceilDiv(s.k, depth) : 1;
  const perWorkgroup = wx * wy;
  // A block exercise's share of one phase's tiles (a matmul: BM·BK of A and BK·BN of B; a transpose: the BM·BN tile).
  const blockReads = ex.block ? ceilDiv(depth !== undefined ? ex.block.rows * depth + depth * ex.block.cols : ex.block.rows * ex.block.cols, perWorkgroup) : 0;
  // A strip's width: the columns of C one invocation computes.
  const width = ex.block ? ex.block.cols / wx : 1;
  const readBudget =
    ex.budget === 'elementwise'
      ? 2
      : ex.budget === 'one'
        ? 1
        : ex.budget === 'naive'
          ? 2 * s.k
          : ex.budget === 'tiled'
            ? 2 * phases
            : ex.budget === 'block'
              ? blockReads * phases
              : ex.budget === 'strip'
                ? s.k * (1 + width)
                : 2 * ceilDiv(s.k, invocationsX);
  const minBarriers =
    ex.barriers === undefined ? 0 : ex.barriers === 'reduction' ? 1 + Math.log2(wx) : ex.barriers.perPhase * phases + (ex.barriers.extra ?? 0);
  const maxBarriers = ex.barriers !== undefined && ex.barriers !== 'reduction' && ex.barriers.exact ? minBarriers : undefined;
  // What the solution needs, times four, plus room for a learner's own small loops.
  const share = ceilDiv(s.k, invocationsX);
  const perInvocation = ex.block ? Math.max(1, (ex.block.rows * ex.block.cols) / perWorkgroup) : 1;
  const needed =
    ex.budget === 'naive' || ex.budget === 'strip'
      ? s.k
      : ex.budget === 'tiled'
        ? phases * (t + 1)
        : ex.budget === 'block'
          ? phases * ((depth ?? 1) * (perInvocation + 1) + blockReads + 2) + 2 * perInvocation + 2
          : ex.budget === 'gridStride'
            ? share + Math.log2(wx)
            : 0;
  const loopBudget = 4 * needed + 64;
  return {
    aRows: a[0],
    aCols: a[1],
    bRows: b[0],
    bCols: b[1],
    cRows: c[0],
    cCols: c[1],
    grid,
    invocationsX,
    invocationsY,
    invocations: invocationsX * invocationsY,
    phases,
    readBudget,
    minBarriers,
    ...(maxBarriers !== undefined ? { maxBarriers } : {}),
    loopBudget,
  };
}

/** Small integers in [-3, 3]: every sum is exact in f32, so a right answer is right bit for bit. */
function smallIntegers(count: number, seed: number): Float32Array {
  let x = seed >>> 0 || 1;
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = ((x >>> 0) % 7) - 3;
  }
  return out;
}

/** Random values in [-2, 2), not integers (products up to 4 in size): a kernel that truncates or rounds cannot match. */
function randomValues(count: number, seed: number): Float32Array {
  const r = mulberry32(seed);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = r() * 4 - 2;
  return out;
}

export interface ExerciseData {
  readonly a: Float32Array;
  readonly b: Float32Array;
  /** Every sum exact in f32 (integers): the answer must match bit for bit. */
  readonly exact: boolean;
}

/** One shape a run checks, and the data it is checked with. */
export interface CheckCase {
  readonly shape: Shape;
  /** A teaching shape (listed, integer data) or one drawn at random for this run (random data). */
  readonly random: boolean;
  /** The seed of its data. */
  readonly seed: number;
  /** Random data spread over several binades (2⁻¹⁰ to 2¹⁰): a kernel right only on values near 1 fails. */
  readonly spread?: boolean;
}

/** The inputs for one case: integers for a teaching shape, random non-integer values for a random one. */
export function exerciseData(ex: Exercise, s: Shape, seed = 7, random = false, spread = false): ExerciseData {
  if (ex.kind === 'matmul' && !random) return makeData(s, 'integers', seed);
  const l = layoutOf(ex, s);
  const gen = spread ? spreadValues : random ? randomValues : smallIntegers;
  return { a: gen(l.aRows * l.aCols, seed), b: gen(l.bRows * l.bCols, seed * 31 + 1), exact: !random };
}

/** Random values in ±[2⁻¹⁰, 2¹⁰): a random mantissa times a power of two drawn for each element. */
function spreadValues(count: number, seed: number): Float32Array {
  const r = mulberry32(seed ^ 0xb1ade);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = (r() < 0.5 ? -1 : 1) * (1 + r()) * 2 ** (Math.floor(r() * 20) - 10);
  return out;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Random shapes a run draws (beside the teaching shapes). */
export const kRandomShapes = 3;

/** The K past the teaching sizes a run always checks, where the exercise allows it: above this, and not a power of two. */
export const kLargeK = 96;

const isPowerOfTwo = (x: number) => x > 0 && (x & (x - 1)) === 0;

/**
 * The shapes drawn for a run from its seed, within the exercise's premise (what a pass covers, issue
 * #43): the first large in every dimension, with K above 96 and not a power of two for a matrix
 * product or a transpose (a kernel right only on round or small K fails); the second anywhere, with
 * K not a multiple of 4 where the premise allows (its data spread over several binades); the third
 * small, so that its run is traced (races and structure judged on a random shape too). Not multiples
 * of the tile or the workgroup unless the exercise says they are.
 */
export function randomShapes(ex: Exercise, seed: number, count = kRandomShapes): Shape[] {
  const r = mulberry32(seed ^ 0x5eed);
  const { max, multipleOf = 1, mnMultipleOf } = ex.random;
  const pick = (hi: number, large: boolean) => {
    const units = Math.max(1, Math.floor(hi / multipleOf));
    const lo = large ? Math.max(1, Math.floor(units / 2) + 1) : 1;
    return (lo + Math.floor(r() * (units - lo + 1))) * multipleOf;
  };
  const small = Math.max(16, 2 * multipleOf);
  const out: Shape[] = [];
  for (let i = 0; i < count; i++) {
    const large = i === 0;
    const tiny = i === 2;
    let m = pick(tiny ? Math.min(small, max.m) : max.m, large);
    let k = pick(tiny ? Math.min(small, max.k) : max.k, large);
    let n = pick(tiny ? Math.min(small, max.n) : max.n, large);
    if (large && (ex.kind === 'matmul' || ex.kind === 'transpose')) {
      // K in (96, 96 + 64], a multiple of the premise's step, never a power of two.
      const lo = Math.floor(kLargeK / multipleOf) + 1;
      const span = Math.max(1, Math.floor(64 / multipleOf));
      do k = (lo + Math.floor(r() * span)) * multipleOf;
      while (isPowerOfTwo(k));
    }
    if (i === 1 && ex.kind === 'matmul' && multipleOf === 1 && k % 4 === 0) k = k > 1 ? k - 1 : k + 1;
    if (mnMultipleOf !== undefined) {
      // M·N whole workgroups: M a multiple of what N leaves to make one.
      const step = mnMultipleOf / gcd(n, mnMultipleOf);
      m = step * (1 + Math.floor(r() * Math.max(1, Math.floor(max.m / step))));
      k = n;
    }
    if (ex.kind === 'dot') {
      m = 1;
      n = 1;
    }
    out.push({ m, k, n });
  }
  return out;
}

/** Every case of a run: the teaching shapes, then the random ones of `seed`. */
export function checkCases(ex: Exercise, seed: number): CheckCase[] {
  return [
    ...ex.shapes.map((shape) => ({ shape, random: false, seed: 7 })),
    ...randomShapes(ex, seed).map((shape, i) => ({ shape, random: true, seed: (seed + 101 * (i + 1)) >>> 0, ...(i === 1 ? { spread: true } : {}) })),
  ];
}


/** The right C for a case, in f64, with each element's Σ|terms| (what its tolerance grows with) and tolerance. */
export function expectedC(ex: Exercise, s: Shape, d: ExerciseData): { want: Float64Array; abs: Float64Array; tol: Float64Array } {
  const l = layoutOf(ex, s);
  const want = new Float64Array(l.cRows * l.cCols);
  const abs = new Float64Array(want.length);
  const tol = new Float64Array(want.length);
  if (ex.kind === 'matmul') {
    for (let i = 0; i < s.m; i++) {
      for (let j = 0; j < s.n; j++) {
        const { value, absSum } = referenceEntry({ ...d }, s, i, j);
        want[i * s.n + j] = value;
        abs[i * s.n + j] = absSum;
        tol[i * s.n + j] = tolerance(s.k, absSum, d.exact);
      }
    }
  } else if (ex.kind === 'add') {
    for (let i = 0; i < want.length; i++) {
      want[i] = d.a[i]! + d.b[i]!;
      abs[i] = Math.abs(d.a[i]!) + Math.abs(d.b[i]!);
      tol[i] = tolerance(1, abs[i]!, d.exact);
    }
  } else if (ex.kind === 'transpose') {
    for (let r = 0; r < s.m; r++) for (let q = 0; q < s.k; q++) want[q * s.m + r] = d.a[r * s.k + q]!;
  } else {
    // The dot product's partial sums: invocation g adds the elements g, g + stride, …; workgroup w adds its WG invocations.
    const wg = ex.workgroup[0];
    const terms = new Float64Array(want.length);
    for (let i = 0; i < s.k; i++) {
      const w = Math.floor((i % l.invocationsX) / wg);
      want[w]! += d.a[i]! * d.b[i]!;
      abs[w]! += Math.abs(d.a[i]! * d.b[i]!);
      terms[w]!++;
    }
    for (let w = 0; w < want.length; w++) tol[w] = tolerance(Math.max(1, terms[w]!), abs[w]!, d.exact);
  }
  return { want, abs, tol };
}

/** Each element of C judged: right, wrong or never written (the bits it started as). */
export function judgeCells(ex: Exercise, s: Shape, d: ExerciseData, c: Float32Array): { kinds: Uint8Array; want: Float64Array; abs: Float64Array; wrong: number; unwritten: number } {
  const { want, abs, tol } = expectedC(ex, s, d);
  const bits = new Uint32Array(c.buffer, c.byteOffset, c.length);
  const kinds = new Uint8Array(want.length);
  let wrong = 0;
  let unwritten = 0;
  for (let i = 0; i < want.length; i++) {
    if (bits[i] === kUnwrittenBits) {
      kinds[i] = kCell.unwritten;
      unwritten++;
    } else if (!(Math.abs(c[i]! - want[i]!) <= tol[i]!)) {
      kinds[i] = kCell.wrong;
      wrong++;
    }
  }
  return { kinds, want, abs, wrong, unwritten };
}

/** What the checked run of one shape gave back. */
export interface ShapeOutcome {
  readonly c: Float32Array;
  /** The trace: each invocation's slot (core/practice/judge.ts slotWords of `cap`). */
  readonly trace: Uint32Array;
  /** Records each invocation could keep (0: this shape was run without a trace, its values checked only). */
  readonly cap: number;
  /** kFlag: loop budget spent, reads outside A, outside B, writes outside C. */
  readonly flags: Uint32Array;
  /** The instrumentation's map of the learner's workgroup variables and access sites. */
  readonly variables: readonly WorkgroupVar[];
  readonly sites: readonly AccessSite[];
}

export type VerdictStatus = 'pass' | 'fail' | 'error';

/**
 * The failure a headline names, most telling first: the run was stopped, it read or wrote out of
 * range, invocations raced on workgroup memory, values are wrong, elements were never written, or
 * the values are right but the trace does not show the structure the exercise teaches.
 */
export type FailureKind = 'none' | 'stopped' | 'out-of-range' | 'race' | 'wrong' | 'unwritten' | 'structure' | 'compile' | 'unreadable';

export interface ShapeVerdict {
  readonly shape: Shape;
  readonly random: boolean;
  readonly seed: number;
  readonly status: VerdictStatus;
  readonly failure: FailureKind;
  readonly cRows: number;
  readonly cCols: number;
  /** Per element of C: kCell. */
  readonly cells: Uint8Array;
  readonly expected: Float64Array;
  readonly actual: Float32Array;
  readonly wrongCount: number;
  readonly unwrittenCount: number;
  /** Whether this shape ran with a trace (races and structure judged), or with its values checked only. */
  readonly traced: boolean;
  /** Facts from the trace: global reads of the busiest invocation, barriers per invocation (fewest, most). */
  readonly maxReads: number;
  readonly barriersMin: number;
  readonly barriersMax: number;
  readonly phases: number;
  readonly loopBudget: number;
  readonly races: readonly Race[];
  readonly raceCount: number;
  readonly structure: readonly StructureCheck[];
  readonly workgroupOutOfRange?: TraceFacts['workgroupOutOfRange'];
  /** The known slip the wrong values match, if one does. */
  readonly slip?: Slip;
  /** Why it did not pass, as data. */
  readonly problems: readonly Said[];
}

/** The verdict on one case: right elements, no access outside a matrix or a workgroup array, within the budget, no race, the structure taught. */
export function judgeShape(ex: Exercise, c: CheckCase, d: ExerciseData, out: ShapeOutcome): ShapeVerdict {
  const s = c.shape;
  const l = layoutOf(ex, s);
  const { kinds, want, abs, wrong, unwritten } = judgeCells(ex, s, d, out.c);
  const traced = out.cap > 0;
  const tl = { invocations: l.invocations, invocationsX: l.invocationsX, workgroup: ex.workgroup, cap: out.cap };
  const facts = traceFacts(out.trace, tl, out.variables, out.sites);
  const problems: Said[] = [];
  const flag = (i: number) => out.flags[i] ?? 0;
  // A trace longer than its slots is more work than the budget allows (the slots follow from the budget).
  const stopped = flag(kFlag.budget) > 0 || (traced && facts.overflow);
  const wgOut = traced ? facts.workgroupOutOfRange : undefined;
  const outOfRange = flag(kFlag.readA) + flag(kFlag.readB) + flag(kFlag.writeC) > 0 || wgOut !== undefined;
  const races = traced ? facts.races : [];
  const structure = traced && !stopped ? structureChecks(ex.structure ?? [], facts.recs, tl, { phases: l.phases, tile: ex.constants.tile, sites: out.sites, variables: out.variables }) : [];
  const badStructure = structure.filter((x) => !x.ok);
  if (flag(kFlag.budget) > 0) problems.push(said('practice:problem.budget', { budget: num(l.loopBudget) }));
  else if (stopped) problems.push(said('practice:problem.trace', { records: num(facts.maxRecords), cap: num(out.cap) }));
  if (wrong > 0) problems.push(said('practice:problem.wrong', { count: num(wrong), total: num(kinds.length) }));
  if (unwritten > 0) problems.push(said('practice:problem.unwritten', { count: num(unwritten), total: num(kinds.length) }));
  if (flag(kFlag.readA) > 0) problems.push(said('practice:problem.readA', { count: num(flag(kFlag.readA)) }));
  if (flag(kFlag.readB) > 0) problems.push(said('practice:problem.readB', { count: num(flag(kFlag.readB)) }));
  if (flag(kFlag.writeC) > 0) problems.push(said('practice:problem.writeC', { count: num(flag(kFlag.writeC)) }));
  if (wgOut) problems.push(said('practice:problem.workgroupRange', { name: wgOut.variable, line: num(wgOut.line), count: num(wgOut.count) }));
  if (traced && facts.raceCount > 0) problems.push(said('practice:problem.races', { count: num(facts.raceCount) }));
  const failure: FailureKind = stopped
    ? 'stopped'
    : outOfRange
      ? 'out-of-range'
      : races.length > 0
        ? 'race'
        : wrong > 0
          ? 'wrong'
          : unwritten > 0
            ? 'unwritten'
            : badStructure.length > 0
              ? 'structure'
              : 'none';
  const slip =
    wrong + unwritten > 0
      ? findSlip({ kind: ex.kind, tile: ex.constants.tile, workgroup: ex.workgroup, rowsAlongX: ex.rowsAlongX === true, tiled: ex.budget === 'tiled', invocationsX: l.invocationsX, a: d.a, b: d.b, absSum: abs }, s, out.c, kinds, { barriersMin: 1, minBarriers: 0, barriersMinAt: 0, phases: l.phases })
      : undefined;
  return {
    shape: s,
    random: c.random,
    seed: c.seed,
    status: stopped ? 'error' : failure === 'none' ? 'pass' : 'fail',
    failure,
    cRows: l.cRows,
    cCols: l.cCols,
    cells: kinds,
    expected: want,
    actual: out.c,
    wrongCount: wrong,
    unwrittenCount: unwritten,
    traced,
    maxReads: facts.maxReads,
    barriersMin: facts.barriersMin,
    barriersMax: facts.barriersMax,
    phases: l.phases,
    loopBudget: l.loopBudget,
    races,
    raceCount: traced ? facts.raceCount : 0,
    structure,
    ...(wgOut ? { workgroupOutOfRange: wgOut } : {}),
    ...(slip ? { slip } : {}),
    problems,
  };
}

/** The most 32-bit words the trace of one shape may take (32 MiB): larger shapes are checked by their values only. */
export const kMaxTraceWords = 8 * 1024 * 1024;

/** Records each invocation may keep on a shape: from the budget (every loop iteration may touch a few words), or 0 when the trace would not fit. */
export function traceCap(ex: Exercise, s: Shape): number {
  const l = layoutOf(ex, s);
  const cap = 8 * l.loopBudget + 64;
  return l.invocations * slotWords(cap) <= kMaxTraceWords ? cap : 0;
}

/** The exercise's verdict from its shapes': an error anywhere is an error, else any failure fails. */
export function overallStatus(shapes: readonly ShapeVerdict[]): VerdictStatus {
  if (shapes.some((v) => v.status === 'error')) return 'error';
  return shapes.length > 0 && shapes.every((v) => v.status === 'pass') ? 'pass' : 'fail';
}

const kFailureOrder: readonly FailureKind[] = ['compile', 'unreadable', 'stopped', 'out-of-range', 'race', 'wrong', 'unwritten', 'structure', 'none'];

/** The failure the headline names: the most telling over every shape. */
export function headlineFailure(shapes: readonly ShapeVerdict[]): FailureKind {
  let best: FailureKind = 'none';
  for (const v of shapes) if (kFailureOrder.indexOf(v.failure) < kFailureOrder.indexOf(best)) best = v.failure;
  return best;
}

/** The words the uniform holds for one shape (see the prelude's `Dims`). */
export function uniformWords(ex: Exercise, s: Shape, cap = 0): Uint32Array {
  const l = layoutOf(ex, s);
  const nan = 0x7fc00000;
  const w = new Uint32Array(kUniformWords);
  w.set([s.m, s.k, s.n, l.invocationsX, l.invocationsY, l.aRows, l.aCols, l.bRows, l.bCols, l.cRows, l.cCols, nan, l.loopBudget, cap, slotWords(cap)]);
  return w;
}
