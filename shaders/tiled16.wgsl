// tiled16.wgsl — the seed kernel (tiled.wgsl) for the tile width 16, with its k loop written out.
//
// The same algorithm, line for line, as tiled.wgsl and its sources (cuda-samples MatrixMulCUDA;
// PMPP §4, Fig. 4.20): one workgroup per 16×16 tile of C; in phase ph invocation (tx, ty) copies
// A[row][ph·16 + tx] into As[ty][tx] and B[ph·16 + ty][col] into Bs[ty][tx], a barrier makes both
// tiles complete, every invocation accumulates As[ty][k]·Bs[k][tx] for k = 0 … 15, and a second
// barrier stops the next phase from overwriting tiles still being read. PMPP's three boundary tests
// make any M, K, N work: 0.0 is staged for elements outside A or B, and C is stored only inside C.
//
// Why a copy for tile 16: on wgpu (the engine inside Firefox) a WGSL loop is translated with an
// extra iteration counter (a guard against infinite loops) and reaches the GPU driver as a loop it
// does not unroll, so the 16-step k loop cost more than the multiply-adds it runs: tiled.wgsl ran at
// the speed of the naive kernel there (2.5 TFLOP/s on an H100), and at 7.3 with the 16 steps written
// out as below — as fast as Dawn (Chrome's engine) runs either file, where the driver unrolls the
// loop itself. Sixteen invocations' rows are one tile, so this copy needs no ROWS mapping: 16×16 =
// 256 invocations are within every adapter's limit.
//
// Bindings (shared by every matmul kernel): A (M×K), B (K×N), C (M×N), row-major f32; dims = M, K, N.

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

// TILE_WIDTH: the side of the C tile one workgroup computes (this file is written for 16).
override TILE: u32 = 16u;
// C rows per invocation: always 1 for tile 16 (set by the plan like tiled.wgsl's).
override ROWS: u32 = 1u;

var<workgroup> As: array<array<f32, 16>, 16>;
var<workgroup> Bs: array<array<f32, 16>, 16>;

@compute @workgroup_size(TILE, TILE / ROWS, 1)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  let row = wg.y * 16u + ty; // the C row this invocation owns
  let col = wg.x * 16u + tx; // and its column
  var acc = 0.0;

  let phases = (dims.K + 15u) / 16u;
  for (var ph = 0u; ph < phases; ph++) {
    let aCol = ph * 16u + tx; // column of A this invocation loads
    let bRow = ph * 16u + ty; // row of B this invocation loads
    // Boundary test 1 (load A): the element must exist in A, else 0.0.
    if (row < dims.M && aCol < dims.K) {
      As[ty][tx] = A[row * dims.K + aCol];
    } else {
      As[ty][tx] = 0.0;
    }
    // Boundary test 2 (load B): the element must exist in B, else 0.0.
    if (bRow < dims.K && col < dims.N) {
      Bs[ty][tx] = B[bRow * dims.N + col];
    } else {
      Bs[ty][tx] = 0.0;
    }
    workgroupBarrier(); // both tiles are complete before anyone reads them

    // for (k = 0; k < 16; k++) { acc += As[ty][k] * Bs[k][tx]; }, written out:
    acc += As[ty][0] * Bs[0][tx];
    acc += As[ty][1] * Bs[1][tx];
    acc += As[ty][2] * Bs[2][tx];
    acc += As[ty][3] * Bs[3][tx];
    acc += As[ty][4] * Bs[4][tx];
    acc += As[ty][5] * Bs[5][tx];
    acc += As[ty][6] * Bs[6][tx];
    acc += As[ty][7] * Bs[7][tx];
    acc += As[ty][8] * Bs[8][tx];
    acc += As[ty][9] * Bs[9][tx];
    acc += As[ty][10] * Bs[10][tx];
    acc += As[ty][11] * Bs[11][tx];
    acc += As[ty][12] * Bs[12][tx];
    acc += As[ty][13] * Bs[13][tx];
    acc += As[ty][14] * Bs[14][tx];
    acc += As[ty][15] * Bs[15][tx];
    workgroupBarrier(); // everyone is done reading before the next phase overwrites the tiles
  }

  // Boundary test 3 (store C): only elements inside C are written.
  if (row < dims.M && col < dims.N) {
    C[row * dims.N + col] = acc;
  }
}
