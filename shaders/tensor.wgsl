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
// The block rungs' shape, with subgroups for threads: a workgroup of WGM×WGN subgroups computes a
// BM×BN block of C (BM = WGM·2·16, BN = WGN·2·16); each subgroup owns 2×2 result fragments of 16×16,
// held in four NAMED variables and multiplied in straight-line code: an array of fragments indexed by
// a loop counter is not kept in registers by the engines (on the H200, 16 fragments in an array ran
// 4.7–34 TFLOP/s where 4 named ones ran 633 in e2e-gpu/tensor.gpu.ts's throughput probe).
// For each step of BK along K, all the workgroup's invocations copy the BM×BK tile of A and
// the BK×BN tile of B from global memory into workgroup memory, converting to f16 (zero outside the
// matrices: any M, K, N; no bounds test in a step wholly inside them), then each subgroup loads its
// two left and two right fragments per 16 of depth from there and does four multiply-accumulates.
// A subgroup's fragment offsets come from its index in the workgroup, so they differ between
// subgroups: the uniformity rule Dawn applies to subgroup-matrix loads (one offset for the whole
// workgroup) is switched off below, as ONNX Runtime's and llama.cpp's WebGPU kernels do; each
// offset is uniform within its subgroup, which is what the hardware needs. This assumes subgroups of
// exactly 32 invocations made of consecutive invocation indices (NVIDIA): the plan requires it.
// C: a block wholly inside C is stored fragment by fragment straight into it; an edge block goes
// through a 16×16 f32 tile per subgroup in workgroup memory, copied with a bounds test per element.
//
// Requires the shader-f16 and chromium-experimental-subgroup-matrix features with an
// f16×f16→f32 16×16×16 configuration (Chrome: --enable-unsafe-webgpu and, on NVIDIA through
// Vulkan, --enable-dawn-features=allow_unsafe_apis,vulkan_enable_f16_on_nvidia,use_vulkan_memory_model).
// Bindings: the shared layout (A, B, C as arrays of f32, dims).

enable f16;
enable chromium_experimental_subgroup_matrix;
diagnostic(off, chromium.subgroup_matrix_uniformity);

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

const SG: u32 = 32u;  // invocations per subgroup (the plan requires exactly this)
const WGM: u32 = 2u;  // subgroups along M
const WGN: u32 = 4u;  // subgroups along N
const BK: u32 = 16u;  // depth staged per barrier
const PADA: u32 = 8u; // f16 added to each staged row of A (a stride off the banks' period)
const PADB: u32 = 8u; // f16 added to each staged row of B
const BM: u32 = WGM * 32u;
const BN: u32 = WGN * 32u;
const SA: u32 = BK + PADA; // stride of A's tile
const SB: u32 = BN + PADB; // stride of B's tile
const THREADS: u32 = WGM * WGN * SG;

var<workgroup> As: array<f16, BM * SA>; // BM × BK, row-major, stride SA
var<workgroup> Bs: array<f16, BK * SB>; // BK × BN, row-major, stride SB
var<workgroup> Cs: array<f32, WGM * WGN * 256u>; // one 16×16 tile per subgroup, for edge blocks

// An edge block's fragment: through this subgroup's 16×16 tile, each element stored if it is inside C.
fn storeEdge(m: subgroup_matrix_result<f32, 16, 16>, r0: u32, c0: u32, sg: u32, lane: u32) {
  subgroupMatrixStore<row_major>(&Cs, sg * 256u, m, 16u);
  workgroupBarrier();
  for (var e = lane; e < 256u; e += SG) {
    let r = r0 + e / 16u;
    let c = c0 + e % 16u;
    if (r < dims.M && c < dims.N) { C[r * dims.N + c] = Cs[sg * 256u + e]; }
  }
  workgroupBarrier();
}

@compute @workgroup_size(THREADS)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let sg = lid / SG;
  let lane = lid % SG;
  let sm = sg / WGN;
  let sn = sg % WGN;
  let row0 = wg.y * BM;
  let col0 = wg.x * BN;
  let M = dims.M;
  let K = dims.K;
  let N = dims.N;
  // Workgroup-uniform: the block lies wholly inside C.
  let inside = row0 + BM <= M && col0 + BN <= N;
  // This subgroup's four fragments of C: rows ar, ar + 16 of the block, columns bc, bc + 16.
  let ar = sm * 32u;
  let bc = sn * 32u;
  var c00: subgroup_matrix_result<f32, 16, 16>;
  var c01: subgroup_matrix_result<f32, 16, 16>;
  var c10: subgroup_matrix_result<f32, 16, 16>;
  var c11: subgroup_matrix_result<f32, 16, 16>;
  let steps = (K + BK - 1u) / BK;
  for (var s = 0u; s < steps; s++) {
    let k0 = s * BK;
    if (inside && k0 + BK <= K) {
      for (var i = lid; i < BM * BK; i += THREADS) {
        As[(i / BK) * SA + i % BK] = f16(A[(row0 + i / BK) * K + k0 + i % BK]);
      }
      for (var i = lid; i < BK * BN; i += THREADS) {
        Bs[(i / BN) * SB + i % BN] = f16(B[(k0 + i / BN) * N + col0 + i % BN]);
      }
    } else {
      for (var i = lid; i < BM * BK; i += THREADS) {
        let r = row0 + i / BK;
        let c = k0 + i % BK;
        As[(i / BK) * SA + i % BK] = select(0.0h, f16(A[min(r * K + c, M * K - 1u)]), r < M && c < K);
      }
      for (var i = lid; i < BK * BN; i += THREADS) {
        let r = k0 + i / BN;
        let c = col0 + i % BN;
        Bs[(i / BN) * SB + i % BN] = select(0.0h, f16(B[min(r * N + c, K * N - 1u)]), r < K && c < N);
      }
    }
    workgroupBarrier();
    for (var kk = 0u; kk < BK; kk += 16u) {
      let a0 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&As, ar * SA + kk, SA);
      let a1 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&As, (ar + 16u) * SA + kk, SA);
      let b0 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Bs, kk * SB + bc, SB);
      let b1 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Bs, kk * SB + bc + 16u, SB);
      c00 = subgroupMatrixMultiplyAccumulate(a0, b0, c00);
      c01 = subgroupMatrixMultiplyAccumulate(a0, b1, c01);
      c10 = subgroupMatrixMultiplyAccumulate(a1, b0, c10);
      c11 = subgroupMatrixMultiplyAccumulate(a1, b1, c11);
    }
    workgroupBarrier();
  }
  let r0 = row0 + ar;
  let c0 = col0 + bc;
  if (inside) {
    subgroupMatrixStore<row_major>(&C, r0 * N + c0, c00, N);
    subgroupMatrixStore<row_major>(&C, r0 * N + c0 + 16u, c01, N);
    subgroupMatrixStore<row_major>(&C, (r0 + 16u) * N + c0, c10, N);
    subgroupMatrixStore<row_major>(&C, (r0 + 16u) * N + c0 + 16u, c11, N);
  } else {
    storeEdge(c00, r0, c0, sg, lane);
    storeEdge(c01, r0, c0 + 16u, sg, lane);
    storeEdge(c10, r0 + 16u, c0, sg, lane);
    storeEdge(c11, r0 + 16u, c0 + 16u, sg, lane);
  }
}
