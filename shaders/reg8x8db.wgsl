// reg8x8db.wgsl — reg8x8v with double-buffered staging, a tunable phase depth and conflict-free
// workgroup-memory reads.
//
// What changed from reg8x8v.wgsl, and why it is faster:
//  1. Double buffering. Workgroup memory holds two copies of the A and B tiles. While the
//     invocations multiply out phase p from one copy, they have already issued the global loads
//     of phase p+1 into registers; after the arithmetic they store those registers into the other
//     copy. The latency of global memory hides behind 8·8·BK multiply-adds instead of stalling
//     every invocation, and each phase needs one barrier instead of two (the copy being written
//     was last read before the previous barrier).
//  2. A deeper phase: BK (an override constant, 8 or 16) columns of A and rows of B per phase.
//     BK = 16 halves the number of phases and barriers; it needs 32 KiB of workgroup memory, so it
//     is used only where the adapter grants that (the per-adapter tuner picks).
//  3. Conflict-free reads. Each invocation owns rows {4·ty…4·ty+3, 64+4·ty…} and columns
//     {4·tx…4·tx+3, 64+4·tx…} of the 128×128 block instead of 8 consecutive rows and columns, so
//     neighbouring invocations read neighbouring vec4s of workgroup memory (no bank conflicts)
//     and write neighbouring vec4s of C (each store instruction covers 256 contiguous bytes).
//
// Any M; K and N multiples of 4 (vec4 rows; the app pads other shapes on upload, as for reg8x8v). Loads outside the matrix are whole vec4s
// written as 0.0; stores are tested per vec4; every invocation reaches every barrier (loop bounds
// come from the uniform dims).
//
// Bindings: the shared layout (A, B, C, dims), with A, B and C viewed as arrays of vec4<f32>.

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> B: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> C: array<vec4<f32>>;
@group(0) @binding(3) var<uniform> dims: Dims;

const BM: u32 = 128u;
const BN: u32 = 128u;
/** Depth of one phase: 8 (16 KiB of workgroup memory) or 16 (32 KiB). */
override BK: u32 = 8u;

// Two copies (s = 0, 1) of As[k][m] and Bs[k][n], 32 vec4 per k, indexed [k][s][m/4]. Split
// indices rather than one flat index: the engines clamp every workgroup-memory index (robustness),
// and with k unrolled by the GPU compiler and s, ty, tx fixed within a phase each clamp is a
// constant or is computed once per phase, not once per read. (Only the outermost size may be an
// override expression, hence k outermost.)
var<workgroup> As: array<array<array<vec4<f32>, 32>, 2>, BK>;
var<workgroup> Bs: array<array<array<vec4<f32>, 32>, 2>, BK>;

// Global → register loads of one phase. Thread t stages vec4 number t (and t+256 when BK = 16)
// of each tile: for A, row idx/(BK/4) of the block, k = 4·(idx % (BK/4)); for B, row idx/32,
// columns 4·(idx % 32).
fn loadA(row0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let row = row0 + idx / (BK / 4u);
  let k = k0 + (idx % (BK / 4u)) * 4u;
  if (row < dims.M && k < dims.K) { return A[(row * dims.K + k) / 4u]; }
  return vec4<f32>(0.0);
}

fn loadB(col0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let k = k0 + idx / 32u;
  let col = col0 + (idx % 32u) * 4u;
  if (k < dims.K && col < dims.N) { return B[(k * dims.N + col) / 4u]; }
  return vec4<f32>(0.0);
}

// Register → workgroup memory: A is transposed on the way (As[k][m]), B is copied as is.
fn storeA(s: u32, idx: u32, v: vec4<f32>) {
  let m = idx / (BK / 4u);
  let k = (idx % (BK / 4u)) * 4u;
  As[k + 0u][s][m / 4u][m % 4u] = v.x;
  As[k + 1u][s][m / 4u][m % 4u] = v.y;
  As[k + 2u][s][m / 4u][m % 4u] = v.z;
  As[k + 3u][s][m / 4u][m % 4u] = v.w;
}

fn storeB(s: u32, idx: u32, v: vec4<f32>) {
  Bs[idx / 32u][s][idx % 32u] = v;
}

@compute @workgroup_size(16, 16, 1)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  let t = ty * 16u + tx;
  let row0 = wg.y * BM;
  let col0 = wg.x * BN;
  let deep = BK == 16u; // a second vec4 of each tile per invocation

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

  // Phase 0 into copy 0.
  var pa0 = loadA(row0, 0u, t);
  var pb0 = loadB(col0, 0u, t);
  var pa1 = vec4<f32>(0.0);
  var pb1 = vec4<f32>(0.0);
  if (deep) {
    pa1 = loadA(row0, 0u, t + 256u);
    pb1 = loadB(col0, 0u, t + 256u);
  }
  storeA(0u, t, pa0);
  storeB(0u, t, pb0);
  if (deep) {
    storeA(0u, t + 256u, pa1);
    storeB(0u, t + 256u, pb1);
  }
  workgroupBarrier();

  let phases = (dims.K + BK - 1u) / BK;
  for (var ph = 0u; ph < phases; ph++) {
    let cur = ph % 2u;
    let more = ph + 1u < phases; // uniform: the same for every invocation
    // 1. Issue the next phase's global loads; their results are not needed until step 3.
    if (more) {
      let k1 = (ph + 1u) * BK;
      pa0 = loadA(row0, k1, t);
      pb0 = loadB(col0, k1, t);
      if (deep) {
        pa1 = loadA(row0, k1, t + 256u);
        pb1 = loadB(col0, k1, t + 256u);
      }
    }
    // 2. Multiply out this phase from copy `cur`.
    for (var k = 0u; k < BK; k++) {
      let a0 = As[k][cur][ty];       // rows 4·ty … 4·ty+3
      let a1 = As[k][cur][16u + ty]; // rows 64+4·ty … 64+4·ty+3
      let b0 = Bs[k][cur][tx];       // columns 4·tx … 4·tx+3
      let b1 = Bs[k][cur][16u + tx]; // columns 64+4·tx … 64+4·tx+3
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
    // 3. Park the next phase in the other copy. Nobody reads it now: its last readers finished
    //    phase ph-1 before the barrier at the end of that phase.
    if (more) {
      let nxt = 1u - cur;
      storeA(nxt, t, pa0);
      storeB(nxt, t, pb0);
      if (deep) {
        storeA(nxt, t + 256u, pa1);
        storeB(nxt, t + 256u, pb1);
      }
    }
    workgroupBarrier(); // the other copy is complete before anyone reads it
  }

  let r = row0 + ty * 4u;
  let c = col0 + tx * 4u;
  storeRow(r + 0u, c, c00, c01);
  storeRow(r + 1u, c, c10, c11);
  storeRow(r + 2u, c, c20, c21);
  storeRow(r + 3u, c, c30, c31);
  storeRow(r + 64u, c, c40, c41);
  storeRow(r + 65u, c, c50, c51);
  storeRow(r + 66u, c, c60, c61);
  storeRow(r + 67u, c, c70, c71);
}

// One row of an invocation's C: 4 columns at col and 4 at col+64, each a vec4 store.
fn storeRow(row: u32, col: u32, lo: vec4<f32>, hi: vec4<f32>) {
  if (row >= dims.M) { return; } // after the last barrier: safe
  let base = (row * dims.N + col) / 4u;
  if (col < dims.N) { C[base] = lo; }
  if (col + 64u < dims.N) { C[base + 16u] = hi; }
}
