// tiled.wgsl — the seed kernel: one workgroup per TILE×TILE tile of C, A and B staged in
// workgroup memory phase by phase (cuda-samples MatrixMulCUDA; PMPP §4, Fig. 4.20).
//
// Workgroup (bx, by) computes the C tile whose top-left element is C[by·TILE][bx·TILE]. In phase
// ph it copies the A tile A[by·TILE .. +TILE][ph·TILE .. +TILE] into As and the B tile
// B[ph·TILE .. +TILE][bx·TILE .. +TILE] into Bs: invocation (tx, ty) loads As[ty][tx] and Bs[ty][tx]
// (cuda-samples: aBegin = K·TILE·by, aStep = TILE; bBegin = TILE·bx, bStep = TILE·N). A barrier
// makes the whole tile visible, every invocation accumulates As[ty][k]·Bs[k][tx] over the tile,
// and a second barrier stops the next phase from overwriting tiles still being read. Each
// element loaded from global memory is reused TILE times, so global traffic falls by TILE.
//
// Any M, K, N (PMPP's three separate boundary tests): an A element is loaded only if its row < M
// and its column < K, a B element only if its row < K and its column < N; otherwise 0.0 goes into
// workgroup memory (harmless in the sum). C is stored only if row < M and col < N. Invocations
// outside C still load and reach every barrier: there is no early return before a barrier.
//
// When TILE×TILE exceeds the adapter's invocations per workgroup (32×32 = 1024 > 256), the
// workgroup is TILE × TILE/ROWS and each invocation covers ROWS rows of the tile, strided by
// TILE/ROWS: rows ty, ty + TILE/ROWS, … It loads and accumulates for each of them.
//
// Bindings (shared by every matmul kernel): A (M×K), B (K×N), C (M×N), row-major f32; dims = M, K, N.

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

// TILE_WIDTH: the side of the C tile one workgroup computes, and of the A and B tiles it stages.
override TILE: u32 = 16u;
// C rows per invocation: 1 (the seed's mapping), or 2 or 4 when TILE×TILE exceeds the invocation limit.
override ROWS: u32 = 1u;
// Workgroup height: the distance between the rows one invocation covers.
override WG_Y: u32 = TILE / ROWS;

var<workgroup> As: array<f32, TILE * TILE>;
var<workgroup> Bs: array<f32, TILE * TILE>;

@compute @workgroup_size(TILE, WG_Y, 1)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  let col = wg.x * TILE + tx;   // the C column this invocation owns
  let row0 = wg.y * TILE + ty;  // its first C row; the others are WG_Y apart
  // One accumulator per covered row, kept as scalars so every compiler keeps them in registers.
  var acc0 = 0.0;
  var acc1 = 0.0;
  var acc2 = 0.0;
  var acc3 = 0.0;

  let phases = (dims.K + TILE - 1u) / TILE;
  for (var ph = 0u; ph < phases; ph++) {
    for (var r = 0u; r < ROWS; r++) {
      let ly = ty + r * WG_Y;      // row within the tile
      let row = wg.y * TILE + ly;  // its row in A and C
      let aCol = ph * TILE + tx;   // column of A this invocation loads
      let bRow = ph * TILE + ly;   // row of B this invocation loads
      // Boundary test 1 (load A): the element must exist in A, else 0.0.
      if (row < dims.M && aCol < dims.K) {
        As[ly * TILE + tx] = A[row * dims.K + aCol];
      } else {
        As[ly * TILE + tx] = 0.0;
      }
      // Boundary test 2 (load B): the element must exist in B, else 0.0.
      if (bRow < dims.K && col < dims.N) {
        Bs[ly * TILE + tx] = B[bRow * dims.N + col];
      } else {
        Bs[ly * TILE + tx] = 0.0;
      }
    }
    workgroupBarrier(); // both tiles are complete before anyone reads them

    for (var k = 0u; k < TILE; k += 4u) {
      let b0 = Bs[(k) * TILE + tx];
      acc0 += As[ty * TILE + k] * b0;
      if (ROWS > 1u) { acc1 += As[(ty + WG_Y) * TILE + k] * b0; }
      if (ROWS > 2u) {
        acc2 += As[(ty + 2u * WG_Y) * TILE + k] * b0;
        acc3 += As[(ty + 3u * WG_Y) * TILE + k] * b0;
      }
      let b1 = Bs[(k + 1u) * TILE + tx];
      acc0 += As[ty * TILE + k + 1u] * b1;
      if (ROWS > 1u) { acc1 += As[(ty + WG_Y) * TILE + k + 1u] * b1; }
      if (ROWS > 2u) {
        acc2 += As[(ty + 2u * WG_Y) * TILE + k + 1u] * b1;
        acc3 += As[(ty + 3u * WG_Y) * TILE + k + 1u] * b1;
      }
      let b2 = Bs[(k + 2u) * TILE + tx];
      acc0 += As[ty * TILE + k + 2u] * b2;
      if (ROWS > 1u) { acc1 += As[(ty + WG_Y) * TILE + k + 2u] * b2; }
      if (ROWS > 2u) {
        acc2 += As[(ty + 2u * WG_Y) * TILE + k + 2u] * b2;
        acc3 += As[(ty + 3u * WG_Y) * TILE + k + 2u] * b2;
      }
      let b3 = Bs[(k + 3u) * TILE + tx];
      acc0 += As[ty * TILE + k + 3u] * b3;
      if (ROWS > 1u) { acc1 += As[(ty + WG_Y) * TILE + k + 3u] * b3; }
      if (ROWS > 2u) {
        acc2 += As[(ty + 2u * WG_Y) * TILE + k + 3u] * b3;
        acc3 += As[(ty + 3u * WG_Y) * TILE + k + 3u] * b3;
      }
    }
    workgroupBarrier(); // everyone is done reading before the next phase overwrites the tiles
  }

  // Boundary test 3 (store C): only elements inside C are written.
  if (col < dims.N) {
    if (row0 < dims.M) { C[row0 * dims.N + col] = acc0; }
    if (ROWS > 1u && row0 + WG_Y < dims.M) { C[(row0 + WG_Y) * dims.N + col] = acc1; }
    if (ROWS > 2u && row0 + 2u * WG_Y < dims.M) { C[(row0 + 2u * WG_Y) * dims.N + col] = acc2; }
    if (ROWS > 2u && row0 + 3u * WG_Y < dims.M) { C[(row0 + 3u * WG_Y) * dims.N + col] = acc3; }
  }
}
