// subgroup.wgsl — invocations share A through subgroup shuffles instead of workgroup memory.
//
// What changed, and why: every other rung stages tiles in var<workgroup> memory and needs
// workgroupBarrier() so one invocation's store is seen by another's load. A subgroup (a warp on
// NVIDIA, a wave on AMD: the invocations that execute in lockstep) can exchange registers
// directly: subgroupShuffle(x, j) returns lane j's x. Here the 64 invocations of a workgroup all
// compute the same 8 rows of C (4 columns each, 256 columns per workgroup), so every lane of a
// subgroup needs the same A values: lane l loads A[row][k0 + l] for the 8 rows (one coalesced load
// per row across the subgroup), then for each of the S = subgroup_size values of k, shuffles them
// from lane j and multiplies with its own B. No workgroup memory, no barrier, no tile staging;
// B is read straight from global memory (neighbouring lanes read neighbouring columns) and cached.
// It is a lesson in what subgroups replace rather than the fastest rung: B has no reuse in
// registers beyond the 8 rows, so it needs more global (cache) traffic than the tiled rungs.
//
// Requires the `subgroups` feature (the app requests it when the adapter offers it; the rung is
// marked unavailable otherwise). Correct for any subgroup size that divides 64 (every GPU
// reports 4 to 64), whichever invocations the engine groups together: all 64 share the rows.
// Subgroup operations are only called in uniform control flow (loop bounds from dims and
// subgroup_size; the bounds tests are inside helper functions and rejoin before the shuffles).
//
// Any M, K, N: loads outside the matrices read 0.0 (PMPP's rule), stores are tested per element.
// Bindings: the shared layout (A, B, C as arrays of f32, dims).

enable subgroups;

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

const ROWS: u32 = 8u;   // rows of C per workgroup
const COLS: u32 = 256u; // columns of C per workgroup (64 invocations × 4)

fn a1(row: u32, k: u32) -> f32 {
  if (row < dims.M && k < dims.K) { return A[row * dims.K + k]; }
  return 0.0;
}

fn b4(k: u32, col: u32) -> vec4<f32> {
  if (k >= dims.K) { return vec4<f32>(0.0); }
  let i = k * dims.N + col;
  if (col + 3u < dims.N) { return vec4<f32>(B[i], B[i + 1u], B[i + 2u], B[i + 3u]); }
  var v = vec4<f32>(0.0);
  if (col < dims.N) { v.x = B[i]; }
  if (col + 1u < dims.N) { v.y = B[i + 1u]; }
  if (col + 2u < dims.N) { v.z = B[i + 2u]; }
  return v;
}

fn store4(row: u32, col: u32, v: vec4<f32>) {
  if (row >= dims.M) { return; }
  let i = row * dims.N + col;
  if (col < dims.N) { C[i] = v.x; }
  if (col + 1u < dims.N) { C[i + 1u] = v.y; }
  if (col + 2u < dims.N) { C[i + 2u] = v.z; }
  if (col + 3u < dims.N) { C[i + 3u] = v.w; }
}

@compute @workgroup_size(64, 1, 1)
fn main(
  @builtin(workgroup_id) wg: vec3u,
  @builtin(local_invocation_id) lid: vec3u,
  @builtin(subgroup_invocation_id) lane: u32,
  @builtin(subgroup_size) S: u32,
) {
  let row0 = wg.y * ROWS;
  let col = wg.x * COLS + lid.x * 4u;

  var c0 = vec4<f32>(0.0);
  var c1 = vec4<f32>(0.0);
  var c2 = vec4<f32>(0.0);
  var c3 = vec4<f32>(0.0);
  var c4 = vec4<f32>(0.0);
  var c5 = vec4<f32>(0.0);
  var c6 = vec4<f32>(0.0);
  var c7 = vec4<f32>(0.0);

  for (var k0 = 0u; k0 < dims.K; k0 += S) {
    // Lane `lane` holds A[row0 + r][k0 + lane] for the 8 rows.
    let a0 = a1(row0 + 0u, k0 + lane);
    let a1v = a1(row0 + 1u, k0 + lane);
    let a2 = a1(row0 + 2u, k0 + lane);
    let a3 = a1(row0 + 3u, k0 + lane);
    let a4 = a1(row0 + 4u, k0 + lane);
    let a5 = a1(row0 + 5u, k0 + lane);
    let a6 = a1(row0 + 6u, k0 + lane);
    let a7 = a1(row0 + 7u, k0 + lane);
    for (var j = 0u; j < S; j++) {
      let b = b4(k0 + j, col);
      c0 += subgroupShuffle(a0, j) * b;
      c1 += subgroupShuffle(a1v, j) * b;
      c2 += subgroupShuffle(a2, j) * b;
      c3 += subgroupShuffle(a3, j) * b;
      c4 += subgroupShuffle(a4, j) * b;
      c5 += subgroupShuffle(a5, j) * b;
      c6 += subgroupShuffle(a6, j) * b;
      c7 += subgroupShuffle(a7, j) * b;
    }
  }

  store4(row0 + 0u, col, c0);
  store4(row0 + 1u, col, c1);
  store4(row0 + 2u, col, c2);
  store4(row0 + 3u, col, c3);
  store4(row0 + 4u, col, c4);
  store4(row0 + 5u, col, c5);
  store4(row0 + 6u, col, c6);
  store4(row0 + 7u, col, c7);
}
