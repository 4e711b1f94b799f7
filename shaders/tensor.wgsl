// tensor.wgsl — tensor cores from WGSL: subgroup matrices, f16 inputs, f32 sums.
//
// What changed, and why: every rung so far multiplies one pair of f32 numbers per instruction per
// invocation. A GPU with tensor cores (NVIDIA since Volta) has a second unit that multiplies whole
// small matrices: one instruction of a subgroup (a warp) computes a 16×16 block of C from a 16×16
// fragment of A and a 16×16 fragment of B. WGSL reaches it through Chromium's experimental
// subgroup matrices: subgroup_matrix_left<f16,16,16> (a fragment of A), subgroup_matrix_right
// (of B), subgroup_matrix_result<f32,16,16> (of C), subgroupMatrixLoad/Store and
// subgroupMatrixMultiplyAccumulate. The fragments live spread over the subgroup's registers; the
// engine decides which lane holds which element.
//
// The inputs become f16 (round to nearest even) as they are staged; the sums stay f32. So the
// product is that of the f16-ROUNDED A and B: verification compares against those.
//
// One subgroup per workgroup (WG invocations, the subgroup size: 32 on NVIDIA) computes a 64×64
// block of C as 4×4 result fragments. For each step of 16 along K, the invocations copy the 64×16
// tile of A and the 16×64 tile of B from global memory into workgroup memory, converting to f16
// and writing 0 outside the matrices (PMPP's rule: any M, K, N), then load 4 left and 4 right
// fragments from there and do 16 multiply-accumulates. At the end the 16 result fragments go, one row
// of 4 at a time, to a 16×64 f32 strip in workgroup memory, and the invocations copy it to C with a bounds test per
// element (a fragment store straight into C would write past the edges).
// Fragment offsets must be uniform across the workgroup (Dawn refuses an offset computed from
// local_invocation_index): they come from constants and loop counters only.
//
// Requires the shader-f16 and chromium-experimental-subgroup-matrix features with an
// f16×f16→f32 16×16×16 configuration (Chrome: --enable-unsafe-webgpu and, on NVIDIA through
// Vulkan, --enable-dawn-features=allow_unsafe_apis,vulkan_enable_f16_on_nvidia,use_vulkan_memory_model).
// Bindings: the shared layout (A, B, C as arrays of f32, dims).

enable f16;
enable chromium_experimental_subgroup_matrix;

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

override WG: u32 = 32u;
const BM: u32 = 64u;
const BN: u32 = 64u;
const BK: u32 = 16u;

var<workgroup> As: array<f16, 1024>; // BM × BK, row-major, stride BK
var<workgroup> Bs: array<f16, 1024>; // BK × BN, row-major, stride BN
var<workgroup> Cs: array<f32, 1024>; // 16 rows × BN of C (one row of fragments), stride BN

fn loadA(row: u32, col: u32) -> f16 {
  if (row < dims.M && col < dims.K) { return f16(A[row * dims.K + col]); }
  return 0.0h;
}

fn loadB(row: u32, col: u32) -> f16 {
  if (row < dims.K && col < dims.N) { return f16(B[row * dims.N + col]); }
  return 0.0h;
}

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let row0 = wg.y * BM;
  let col0 = wg.x * BN;
  var acc: array<subgroup_matrix_result<f32, 16, 16>, 16>;
  let steps = (dims.K + BK - 1u) / BK;
  for (var s = 0u; s < steps; s++) {
    let k0 = s * BK;
    for (var i = lid; i < BM * BK; i += WG) {
      As[i] = loadA(row0 + i / BK, k0 + i % BK);
      Bs[i] = loadB(k0 + i / BN, col0 + i % BN);
    }
    workgroupBarrier();
    var a: array<subgroup_matrix_left<f16, 16, 16>, 4>;
    var b: array<subgroup_matrix_right<f16, 16, 16>, 4>;
    for (var f = 0u; f < 4u; f++) {
      a[f] = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&As, f * 16u * BK, BK);
      b[f] = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Bs, f * 16u, BN);
    }
    for (var i = 0u; i < 4u; i++) {
      for (var j = 0u; j < 4u; j++) {
        acc[i * 4u + j] = subgroupMatrixMultiplyAccumulate(a[i], b[j], acc[i * 4u + j]);
      }
    }
    workgroupBarrier();
  }
  for (var i = 0u; i < 4u; i++) {
    for (var j = 0u; j < 4u; j++) {
      subgroupMatrixStore<row_major>(&Cs, j * 16u, acc[i * 4u + j], BN);
    }
    workgroupBarrier();
    for (var e = lid; e < 16u * BN; e += WG) {
      let r = row0 + i * 16u + e / BN;
      let c = col0 + e % BN;
      if (r < dims.M && c < dims.N) { C[r * dims.N + c] = Cs[e]; }
    }
    workgroupBarrier();
  }
}
