/**
 * The WGSL the exercises share: the "Provided" header every skeleton starts with, and the kernels
 * several exercises vary (the map, the tiled kernel, the Numba port, the register tile, wide loads,
 * the padded transpose, double buffering). Code, in English like shaders/*.wgsl.
 */
export const kHeader = `// The app gives you: dims.M, dims.K, dims.N; loadA(row, col), loadB(row, col) (the app
// traces them); storeC(row, col, value); the constants TILE and WG.
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
export const mapBody = (body: string) => `${kHeader}// C = A + B, element by element (A, B and C are M×N).
// One invocation per element: invocation i owns element i of C, counted along the rows.
@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let i = gid.x;
  let row = i / dims.N;
  let col = i % dims.N;
${body}}
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
export const tiledSolutionLoop = `    As[ty][tx] = loadA(row, ph * TILE + tx);
    Bs[ty][tx] = loadB(ph * TILE + ty, col);
    workgroupBarrier(); // both tiles are complete before anyone reads them
    for (var k = 0u; k < TILE; k++) {
      acc += As[ty][k] * Bs[k][tx];
    }
    workgroupBarrier(); // everyone is done reading before the next phase overwrites them
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
export const tiledKernel = (intro: string, phases: string, body: string, store: string) => `${kHeader}${intro}
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

export const kTiledIntro = `// C = A · B, tiled (cuda-samples matrixMul): one workgroup per TILE×TILE tile of C. In each
// phase the workgroup stages a tile of A and a tile of B in workgroup memory, waits, multiplies
// them, and waits again before the next phase overwrites them. M, K and N are multiples of TILE.`;

export const kBoundsIntro = `// C = A · B, tiled, for ANY M, K and N (PMPP Fig. 4.20). The tiles at the edges stick out of
// the matrices: add the three boundary tests. Threads without a C element still load (0.0) and
// still reach both barriers.`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
export const kBoundsSolution = `    let aCol = ph * TILE + tx;  // the column of A this invocation loads
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
export const kBoundsSkeletonLoop = `    As[ty][tx] = loadA(row, ph * TILE + tx);  // TODO boundary test 1: only if the element is in A, else 0.0
    Bs[ty][tx] = loadB(ph * TILE + ty, col);  // TODO boundary test 2: only if the element is in B, else 0.0
    workgroupBarrier();
    for (var k = 0u; k < TILE; k++) {
      acc += As[ty][k] * Bs[k][tx];
    }
    workgroupBarrier();
`;

// i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
export const numbaKernel = (body: string) => `${kHeader}// The Numba tutorial's fast_matmul, ported line by line to WGSL, with its bugs. Find them and
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
export const regKernel = (loads: string, fma: string) => `${kHeader}// C = A · B with a register tile (the reg4x4 rung, smaller): each invocation computes an R×R
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
export const wideKernel = (body: string) => `${kHeader}// C = A · B with wide loads: each invocation computes a strip of 4 elements of one row of C,
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
export const paddedKernel = (pitch: string) => `${kHeader}// C = Aᵀ through a 32×32 tile, as NVIDIA's transposeCoalesced: a workgroup of 32×8, each
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
export const kDoubleSolution = `${kHeader}// C = A · B, tiled, double-buffered: two tiles of A and B. While the workgroup multiplies one,
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
