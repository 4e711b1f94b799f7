// reg8x8.wgsl — 2D register tiling, larger: a 128×128 C block per workgroup, 8×8 C elements per
// invocation (the classic SGEMM shape).
//
// What changed from reg4x4.wgsl, and why it is faster on large problems: each invocation now keeps
// 64 C elements in registers (sixteen vec4 accumulators, written out as variables so Tint and Naga
// keep them in registers) and does 64 multiply-adds per four vec4 reads of workgroup memory —
// 16 per read instead of 8 — while every element loaded from global memory is reused 128 times
// instead of 64. The price is more registers per invocation and a coarser grid: problems smaller
// than a few 128-blocks per compute unit leave the GPU partly idle, where reg4x4 does better.
//
// Geometry: BM = BN = 128, BK = 8, workgroup 16×16. Per phase the workgroup stages A[128×8]
// transposed into As and B[8×128] into Bs (4 KB each); each invocation loads 4 elements of each.
// Any M, K, N: out-of-range loads write 0.0, stores are tested per element, and every invocation
// reaches every barrier.
//
// Bindings (shared by every matmul kernel): A (M×K), B (K×N), C (M×N), row-major f32; dims = M, K, N.

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

const BM: u32 = 128u;
const BN: u32 = 128u;
const BK: u32 = 8u;

// As[k][m]: 32 vec4 per k along the 128 rows; Bs[k][n]: 32 vec4 per k along the 128 columns.
var<workgroup> As: array<vec4<f32>, 256>; // BK * BM / 4
var<workgroup> Bs: array<vec4<f32>, 256>; // BK * BN / 4

fn loadA8(row: u32, col: u32) -> f32 {
  if (row < dims.M && col < dims.K) { return A[row * dims.K + col]; }
  return 0.0;
}

fn loadB8(row: u32, col: u32) -> f32 {
  if (row < dims.K && col < dims.N) { return B[row * dims.N + col]; }
  return 0.0;
}

@compute @workgroup_size(16, 16, 1)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;                 // columns 8·tx … 8·tx+7 of the block
  let ty = lid.y;                 // rows 8·ty … 8·ty+7
  let t = ty * 16u + tx;
  let row0 = wg.y * BM;
  let col0 = wg.x * BN;

  var c00 = vec4<f32>(0.0);
  var c01 = vec4<f32>(0.0);
  var c10 = vec4<f32>(0.0);
  var c11 = vec4<f32>(0.0);
  var c20 = vec4<f32>(0.0);
  var c21 = vec4<f32>(0.0);
  var c30 = vec4<f32>(0.0);
  var c31 = vec4<f32>(0.0);
  var c40 = vec4<f32>(0.0);
  var c41 = vec4<f32>(0.0);
  var c50 = vec4<f32>(0.0);
  var c51 = vec4<f32>(0.0);
  var c60 = vec4<f32>(0.0);
  var c61 = vec4<f32>(0.0);
  var c70 = vec4<f32>(0.0);
  var c71 = vec4<f32>(0.0);

  // Staging: A row t/2, columns 4·(t%2)…+3 of the phase; B row t/32, columns 4·(t%32)…+3.
  let aRow = t / 2u;
  let aCol = (t % 2u) * 4u;
  let bRow = t / 32u;
  let bCol = (t % 32u) * 4u;

  let phases = (dims.K + BK - 1u) / BK;
  for (var ph = 0u; ph < phases; ph++) {
    let k0 = ph * BK;
    for (var j = 0u; j < 4u; j++) {
      let k = aCol + j;
      As[k * 32u + aRow / 4u][aRow % 4u] = loadA8(row0 + aRow, k0 + k);
    }
    let gr = k0 + bRow;
    let gc = col0 + bCol;
    Bs[bRow * 32u + bCol / 4u] = vec4<f32>(loadB8(gr, gc), loadB8(gr, gc + 1u), loadB8(gr, gc + 2u), loadB8(gr, gc + 3u));
    workgroupBarrier(); // both tiles complete

    for (var k = 0u; k < BK; k++) {
      let a0 = As[k * 32u + 2u * ty];      // rows 8·ty … 8·ty+3
      let a1 = As[k * 32u + 2u * ty + 1u]; // rows 8·ty+4 … 8·ty+7
      let b0 = Bs[k * 32u + 2u * tx];      // columns 8·tx … 8·tx+3
      let b1 = Bs[k * 32u + 2u * tx + 1u]; // columns 8·tx+4 … 8·tx+7
      c00 += a0.x * b0;
      c01 += a0.x * b1;
      c10 += a0.y * b0;
      c11 += a0.y * b1;
      c20 += a0.z * b0;
      c21 += a0.z * b1;
      c30 += a0.w * b0;
      c31 += a0.w * b1;
      c40 += a1.x * b0;
      c41 += a1.x * b1;
      c50 += a1.y * b0;
      c51 += a1.y * b1;
      c60 += a1.z * b0;
      c61 += a1.z * b1;
      c70 += a1.w * b0;
      c71 += a1.w * b1;
    }
    workgroupBarrier(); // everyone is done before the next phase overwrites the tiles
  }

  let r = row0 + ty * 8u;
  let c = col0 + tx * 8u;
  storeRow8(r + 0u, c, c00, c01);
  storeRow8(r + 1u, c, c10, c11);
  storeRow8(r + 2u, c, c20, c21);
  storeRow8(r + 3u, c, c30, c31);
  storeRow8(r + 4u, c, c40, c41);
  storeRow8(r + 5u, c, c50, c51);
  storeRow8(r + 6u, c, c60, c61);
  storeRow8(r + 7u, c, c70, c71);
}

fn storeRow8(row: u32, col: u32, lo: vec4<f32>, hi: vec4<f32>) {
  if (row >= dims.M) { return; } // after the last barrier: safe
  let base = row * dims.N + col;
  if (col < dims.N) { C[base] = lo.x; }
  if (col + 1u < dims.N) { C[base + 1u] = lo.y; }
  if (col + 2u < dims.N) { C[base + 2u] = lo.z; }
  if (col + 3u < dims.N) { C[base + 3u] = lo.w; }
  if (col + 4u < dims.N) { C[base + 4u] = hi.x; }
  if (col + 5u < dims.N) { C[base + 5u] = hi.y; }
  if (col + 6u < dims.N) { C[base + 6u] = hi.z; }
  if (col + 7u < dims.N) { C[base + 7u] = hi.w; }
}
