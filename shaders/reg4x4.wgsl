// reg4x4.wgsl — 2D register tiling: a 64×64 C block per workgroup, 4×4 C elements per invocation.
//
// What changed from tiled.wgsl, and why it is faster: the seed kernel does one multiply-add per
// two workgroup-memory reads (As[ty][k]·Bs[k][tx]). Here each of the 256 invocations keeps a 4×4
// block of C in registers (four vec4 accumulators, written out as variables so both Tint and Naga
// keep them in registers) and, for every k, reads one vec4 of A (4 rows) and one vec4 of B
// (4 columns) from workgroup memory to do 16 multiply-adds: 8× more arithmetic per
// workgroup-memory read, and 4× more reuse of every element loaded from global memory (64-wide
// tiles instead of 16-wide).
//
// Geometry: BM = BN = 64 (C block), BK = 16 (depth of one phase), workgroup 16×16. Per phase the
// workgroup stages A[64×16] transposed into As (so the 4 rows an invocation needs are one vec4)
// and B[16×64] into Bs; each invocation loads 4 elements of each. Any M, K, N: loads outside the
// matrix write 0.0 (the PMPP rule), stores are tested per element, and every invocation reaches
// every barrier.
//
// Bindings (shared by every matmul kernel): A (M×K), B (K×N), C (M×N), row-major f32; dims = M, K, N.

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

const BM: u32 = 64u;
const BN: u32 = 64u;
const BK: u32 = 16u;

// As[k][m] for m in the 64 rows, as 16 vec4 per k; Bs[k][n] likewise along the 64 columns.
var<workgroup> As: array<vec4<f32>, 256>; // BK * BM / 4
var<workgroup> Bs: array<vec4<f32>, 256>; // BK * BN / 4

fn loadA(row: u32, col: u32) -> f32 {
  if (row < dims.M && col < dims.K) { return A[row * dims.K + col]; }
  return 0.0;
}

fn loadB(row: u32, col: u32) -> f32 {
  if (row < dims.K && col < dims.N) { return B[row * dims.N + col]; }
  return 0.0;
}

@compute @workgroup_size(16, 16, 1)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;                 // this invocation's 4 columns: 4·tx … 4·tx+3 of the block
  let ty = lid.y;                 // its 4 rows: 4·ty … 4·ty+3
  let t = ty * 16u + tx;          // 0 … 255
  let row0 = wg.y * BM;
  let col0 = wg.x * BN;

  var acc0 = vec4<f32>(0.0);      // C row 4·ty+0, columns 4·tx … 4·tx+3
  var acc1 = vec4<f32>(0.0);
  var acc2 = vec4<f32>(0.0);
  var acc3 = vec4<f32>(0.0);

  // Which elements this invocation stages: A row t/4, columns 4·(t%4)…+3 of the phase;
  // B row t/16, columns 4·(t%16)…+3 of the block.
  let aRow = t / 4u;
  let aCol = (t % 4u) * 4u;
  let bRow = t / 16u;
  let bCol = (t % 16u) * 4u;

  let phases = (dims.K + BK - 1u) / BK;
  for (var ph = 0u; ph < phases; ph++) {
    let k0 = ph * BK;
    // Stage A transposed: As[k][m] holds A[row0 + m][k0 + k]; vec4 index k·16 + m/4, lane m%4.
    for (var j = 0u; j < 4u; j++) {
      let k = aCol + j;
      As[k * 16u + aRow / 4u][aRow % 4u] = loadA(row0 + aRow, k0 + k);
    }
    // Stage B: Bs[k][n…n+3] holds B[k0 + k][col0 + n … +3].
    let gr = k0 + bRow;
    let gc = col0 + bCol;
    Bs[bRow * 16u + bCol / 4u] = vec4<f32>(loadB(gr, gc), loadB(gr, gc + 1u), loadB(gr, gc + 2u), loadB(gr, gc + 3u));
    workgroupBarrier(); // both tiles complete

    for (var k = 0u; k < BK; k++) {
      let a = As[k * 16u + ty]; // A rows 4·ty … 4·ty+3 at depth k
      let b = Bs[k * 16u + tx]; // B columns 4·tx … 4·tx+3 at depth k
      acc0 += a.x * b;
      acc1 += a.y * b;
      acc2 += a.z * b;
      acc3 += a.w * b;
    }
    workgroupBarrier(); // everyone is done before the next phase overwrites the tiles
  }

  let r = row0 + ty * 4u;
  let c = col0 + tx * 4u;
  storeRow(r, c, acc0);
  storeRow(r + 1u, c, acc1);
  storeRow(r + 2u, c, acc2);
  storeRow(r + 3u, c, acc3);
}

fn storeRow(row: u32, col: u32, v: vec4<f32>) {
  if (row >= dims.M) { return; } // after the last barrier: safe
  let base = row * dims.N + col;
  if (col < dims.N) { C[base] = v.x; }
  if (col + 1u < dims.N) { C[base + 1u] = v.y; }
  if (col + 2u < dims.N) { C[base + 2u] = v.z; }
  if (col + 3u < dims.N) { C[base + 3u] = v.w; }
}
