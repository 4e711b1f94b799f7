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
// The inputs become f16 (round to nearest even); the sums stay f32. So the product is that of the
// f16-ROUNDED A and B: verification compares against those. A is rounded as it is staged; B is rounded
// once, by a first pass (tensor_halfb.wgsl) that writes an f16 copy of B which this pass reads: every
// workgroup reads its block column of B, so the copy halves the bytes those reads move (the two passes
// are one product, timed together).
//
// The block rungs' shape, with subgroups for threads: a workgroup of 2×2 subgroups computes a
// 128×128 block of C; each subgroup owns 64×64 of it, 4×4 result fragments of 16×16, held in sixteen
// NAMED variables (c00 … c33) and multiplied in straight-line code. An array of fragments indexed by a
// loop counter is not kept in registers by the engines: on the H200, sixteen fragments in an array
// ran 4.7–34 TFLOP/s in e2e-gpu/tensor.gpu.ts's throughput probe where four named ones ran 633.
// Sixteen fragments a subgroup is what makes the staging pay: per 16 of depth a subgroup loads 4 left
// and 4 right fragments from workgroup memory and does 16 multiply-accumulates (2×2 fragments: 4 for 4).
// Phases of BK = 16, double-buffered as the FP32 rungs are: each invocation loads 4 vec4<f32> of A's
// 128×16 tile and 2 vec4<u32> (8 f16 each) of B's 16×128 tile for the NEXT phase from global memory, the
// subgroups multiply this phase's tiles meanwhile, then A's values are rounded to f16 and stored with
// B's into the other buffer; one barrier a phase. The loop is written out for two phases (buffer 0, buffer 1) so that every offset into
// workgroup memory is a constant: with the buffer chosen by a counter it ran 112–150 TFLOP/s on the H200.
// Rows of the tiles are padded by 8 f16 (measured: no padding ran at half the speed, 16 a tenth slower).
// Any M, K, N: the runner pads M and N with zeros to multiples of 128 and K to a multiple of 32
// (KernelDef.padTo), and drops C's padding on read-back, so the WGSL tests no bounds at all. On the
// H200 a version that tested its bounds ran 108–140 TFLOP/s at 4096³ where the same without tests ran 190.
// A subgroup's fragment offsets come from its index in the workgroup, so they differ between
// subgroups: the uniformity rule Dawn applies to subgroup-matrix loads (one offset for the whole
// workgroup) is switched off below, as ONNX Runtime's and llama.cpp's WebGPU kernels do; each
// offset is uniform within its subgroup, which is what the hardware needs. This assumes subgroups of
// exactly 32 invocations made of consecutive invocation indices (NVIDIA): the plan requires it.
// C: stored fragment by fragment straight from the registers.
// Launch order: consecutive workgroups cover GROUP = 4 block rows column by column, as Blocks 128×256
// does, so the A and B blocks they share are still in L2. On the H200 this ran 1 % faster (206.8
// against 204.6 TFLOP/s, four calls) and 2 % faster when run without a pause (201.3 against 197.5),
// where the GPU sits at its 700 W power cap: fewer trips to memory, less power.
// B from its f16 copy, the first pass timed in (samples queued back to back, as the app times them): 205.4–206.3
// TFLOP/s at 4096³ on the same H200, against 200.9–202.5 with B staged from f32 as A is, in the same calls; 205.6 in
// the app's ladder (4.06× cuBLAS FP32), 207.5 through headless Dawn. Staged from f32, the H200 sits at its 700 W power
// cap when run back to back; half the bytes through L2 for B draw less. Copies of both: 200.7; of A only: 201.1.
// Measured on an H200 at 4096³ (e2e-gpu/tensor.gpu.ts, 2026-11-29), before B came from a copy: 203–207 TFLOP/s with
// a pause between samples, 197–204 back to back; 199.9 in the app's ladder. Single-buffered phases of 32, 190; the
// first rung (2×4 subgroups of 2×2 fragments), 17.5.
//
// Requires the shader-f16 and chromium-experimental-subgroup-matrix features with an
// f16×f16→f32 16×16×16 configuration (Chrome: --enable-unsafe-webgpu and, on NVIDIA through
// Vulkan, --enable-dawn-features=allow_unsafe_apis,vulkan_enable_f16_on_nvidia,use_vulkan_memory_model).
// Bindings: the shared layout (A as an array of vec4<f32>, B's f16 copy where B is, C of f32, dims).

enable f16;
enable chromium_experimental_subgroup_matrix;
diagnostic(off, chromium.subgroup_matrix_uniformity);

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> B: array<vec4<u32>>; // B's f16 copy (tensor_halfb.wgsl): 8 f16 an element
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

const SG: u32 = 32u;  // invocations per subgroup (the plan requires exactly this)
const WGM: u32 = 2u;  // subgroups along M
const WGN: u32 = 2u;  // subgroups along N
const FM: u32 = 4u;   // result fragments of a subgroup along M (c00 … c33 below: FM×FN named)
const FN: u32 = 4u;   // result fragments of a subgroup along N
const BK: u32 = 16u;  // depth of one phase's tiles (one fragment deep)
const PAD: u32 = 8u;  // f16 added to each staged row (a stride off the banks' period)
const BM: u32 = WGM * FM * 16u; // 128
const BN: u32 = WGN * FN * 16u; // 128
const SA: u32 = BK + PAD; // stride of A's tile
const SB: u32 = BN + PAD; // stride of B's tile
const TA: u32 = BM * SA;  // one A tile (buffer 1 starts here)
const TB: u32 = BK * SB;  // one B tile
const THREADS: u32 = WGM * WGN * SG; // 128: each stages 4 vec4<f32> of A and 2 vec4<u32> of B a phase
override GROUP: u32 = 4u; // block rows a launch group covers (see the launch order above)

var<workgroup> As: array<f16, 2u * TA>; // two BM × BK tiles, row-major, stride SA
var<workgroup> Bs: array<f16, 2u * TB>; // two BK × BN tiles, row-major, stride SB

@compute @workgroup_size(THREADS)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let sg = lid / SG;
  // Grouped launch order: workgroup number lin walks GROUP block rows column by column.
  let nx = (dims.N + BN - 1u) / BN;
  let ny = (dims.M + BM - 1u) / BM;
  let lin = wg.y * nx + wg.x;
  let firstRow = (lin / (GROUP * nx)) * GROUP;
  let rowsHere = min(ny - firstRow, GROUP);
  let inGroup = lin % (GROUP * nx);
  let row0 = (firstRow + inGroup % rowsHere) * BM;
  let col0 = (inGroup / rowsHere) * BN;
  let K = dims.K;
  let N = dims.N;
  // This subgroup's 64×64 of the block: rows ar … ar + 63, columns bc … bc + 63, as 4×4 fragments.
  let ar = (sg / WGN) * FM * 16u;
  let bc = (sg % WGN) * FN * 16u;
  var c00: subgroup_matrix_result<f32, 16, 16>;
  var c01: subgroup_matrix_result<f32, 16, 16>;
  var c02: subgroup_matrix_result<f32, 16, 16>;
  var c03: subgroup_matrix_result<f32, 16, 16>;
  var c10: subgroup_matrix_result<f32, 16, 16>;
  var c11: subgroup_matrix_result<f32, 16, 16>;
  var c12: subgroup_matrix_result<f32, 16, 16>;
  var c13: subgroup_matrix_result<f32, 16, 16>;
  var c20: subgroup_matrix_result<f32, 16, 16>;
  var c21: subgroup_matrix_result<f32, 16, 16>;
  var c22: subgroup_matrix_result<f32, 16, 16>;
  var c23: subgroup_matrix_result<f32, 16, 16>;
  var c30: subgroup_matrix_result<f32, 16, 16>;
  var c31: subgroup_matrix_result<f32, 16, 16>;
  var c32: subgroup_matrix_result<f32, 16, 16>;
  var c33: subgroup_matrix_result<f32, 16, 16>;
  // M, N are whole blocks and K whole pairs of phases (the runner pads them with zeros): no bounds to test.
  // The e-th vec4 of A's 128×16 tile (e = lid + 128·t) is row e / 4, columns 4·(e % 4) … +3, rounded to f16 (to
  // nearest even) as it is stored; the e-th vec4<u32> of B's 16×128 tile (already f16, two a word) is row e / 16,
  // columns 8·(e % 16) … +7.
  // Phase 0 into buffer 0.
  {
    let va0 = A[((row0 + (lid) / 4u) * K + 0u + ((lid) % 4u) * 4u) / 4u];
    let va1 = A[((row0 + (lid + 128u) / 4u) * K + 0u + ((lid + 128u) % 4u) * 4u) / 4u];
    let va2 = A[((row0 + (lid + 256u) / 4u) * K + 0u + ((lid + 256u) % 4u) * 4u) / 4u];
    let va3 = A[((row0 + (lid + 384u) / 4u) * K + 0u + ((lid + 384u) % 4u) * 4u) / 4u];
    let vb0 = B[((0u + (lid) / 16u) * N + col0 + ((lid) % 16u) * 8u) / 8u];
    let vb1 = B[((0u + (lid + 128u) / 16u) * N + col0 + ((lid + 128u) % 16u) * 8u) / 8u];
    { let d = 0u + ((lid) / 4u) * SA + ((lid) % 4u) * 4u; As[d] = f16(va0.x); As[d + 1u] = f16(va0.y); As[d + 2u] = f16(va0.z); As[d + 3u] = f16(va0.w); }
    { let d = 0u + ((lid + 128u) / 4u) * SA + ((lid + 128u) % 4u) * 4u; As[d] = f16(va1.x); As[d + 1u] = f16(va1.y); As[d + 2u] = f16(va1.z); As[d + 3u] = f16(va1.w); }
    { let d = 0u + ((lid + 256u) / 4u) * SA + ((lid + 256u) % 4u) * 4u; As[d] = f16(va2.x); As[d + 1u] = f16(va2.y); As[d + 2u] = f16(va2.z); As[d + 3u] = f16(va2.w); }
    { let d = 0u + ((lid + 384u) / 4u) * SA + ((lid + 384u) % 4u) * 4u; As[d] = f16(va3.x); As[d + 1u] = f16(va3.y); As[d + 2u] = f16(va3.z); As[d + 3u] = f16(va3.w); }
    { let d = 0u + ((lid) / 16u) * SB + ((lid) % 16u) * 8u; Bs[d] = bitcast<vec2<f16>>(vb0.x).x; Bs[d + 1u] = bitcast<vec2<f16>>(vb0.x).y; Bs[d + 2u] = bitcast<vec2<f16>>(vb0.y).x; Bs[d + 3u] = bitcast<vec2<f16>>(vb0.y).y; Bs[d + 4u] = bitcast<vec2<f16>>(vb0.z).x; Bs[d + 5u] = bitcast<vec2<f16>>(vb0.z).y; Bs[d + 6u] = bitcast<vec2<f16>>(vb0.w).x; Bs[d + 7u] = bitcast<vec2<f16>>(vb0.w).y; }
    { let d = 0u + ((lid + 128u) / 16u) * SB + ((lid + 128u) % 16u) * 8u; Bs[d] = bitcast<vec2<f16>>(vb1.x).x; Bs[d + 1u] = bitcast<vec2<f16>>(vb1.x).y; Bs[d + 2u] = bitcast<vec2<f16>>(vb1.y).x; Bs[d + 3u] = bitcast<vec2<f16>>(vb1.y).y; Bs[d + 4u] = bitcast<vec2<f16>>(vb1.z).x; Bs[d + 5u] = bitcast<vec2<f16>>(vb1.z).y; Bs[d + 6u] = bitcast<vec2<f16>>(vb1.w).x; Bs[d + 7u] = bitcast<vec2<f16>>(vb1.w).y; }
  }
  workgroupBarrier();
  // Two phases a trip, written out: buffer 0 then buffer 1, so every tile offset is a constant. In each, the
  // next phase's global loads are issued first (in flight during the multiply-accumulates), then this phase's
  // 8 fragment loads and 16 multiply-accumulates, then the next phase's tiles are stored into the other
  // buffer, and one barrier. (The last trip loads its last phase again: harmless, never multiplied.)
  for (var k0 = 0u; k0 < K; k0 += 2u * BK) {
    {
      let kn = min(k0 + BK, K - BK);
      let va0 = A[((row0 + (lid) / 4u) * K + kn + ((lid) % 4u) * 4u) / 4u];
      let va1 = A[((row0 + (lid + 128u) / 4u) * K + kn + ((lid + 128u) % 4u) * 4u) / 4u];
      let va2 = A[((row0 + (lid + 256u) / 4u) * K + kn + ((lid + 256u) % 4u) * 4u) / 4u];
      let va3 = A[((row0 + (lid + 384u) / 4u) * K + kn + ((lid + 384u) % 4u) * 4u) / 4u];
      let vb0 = B[((kn + (lid) / 16u) * N + col0 + ((lid) % 16u) * 8u) / 8u];
      let vb1 = B[((kn + (lid + 128u) / 16u) * N + col0 + ((lid + 128u) % 16u) * 8u) / 8u];
      let a0 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&As, 0u + (ar + 0u) * SA, SA);
      let a1 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&As, 0u + (ar + 16u) * SA, SA);
      let a2 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&As, 0u + (ar + 32u) * SA, SA);
      let a3 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&As, 0u + (ar + 48u) * SA, SA);
      let b0 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Bs, 0u + bc + 0u, SB);
      let b1 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Bs, 0u + bc + 16u, SB);
      let b2 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Bs, 0u + bc + 32u, SB);
      let b3 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Bs, 0u + bc + 48u, SB);
      c00 = subgroupMatrixMultiplyAccumulate(a0, b0, c00);
      c01 = subgroupMatrixMultiplyAccumulate(a0, b1, c01);
      c02 = subgroupMatrixMultiplyAccumulate(a0, b2, c02);
      c03 = subgroupMatrixMultiplyAccumulate(a0, b3, c03);
      c10 = subgroupMatrixMultiplyAccumulate(a1, b0, c10);
      c11 = subgroupMatrixMultiplyAccumulate(a1, b1, c11);
      c12 = subgroupMatrixMultiplyAccumulate(a1, b2, c12);
      c13 = subgroupMatrixMultiplyAccumulate(a1, b3, c13);
      c20 = subgroupMatrixMultiplyAccumulate(a2, b0, c20);
      c21 = subgroupMatrixMultiplyAccumulate(a2, b1, c21);
      c22 = subgroupMatrixMultiplyAccumulate(a2, b2, c22);
      c23 = subgroupMatrixMultiplyAccumulate(a2, b3, c23);
      c30 = subgroupMatrixMultiplyAccumulate(a3, b0, c30);
      c31 = subgroupMatrixMultiplyAccumulate(a3, b1, c31);
      c32 = subgroupMatrixMultiplyAccumulate(a3, b2, c32);
      c33 = subgroupMatrixMultiplyAccumulate(a3, b3, c33);
      { let d = TA + ((lid) / 4u) * SA + ((lid) % 4u) * 4u; As[d] = f16(va0.x); As[d + 1u] = f16(va0.y); As[d + 2u] = f16(va0.z); As[d + 3u] = f16(va0.w); }
      { let d = TA + ((lid + 128u) / 4u) * SA + ((lid + 128u) % 4u) * 4u; As[d] = f16(va1.x); As[d + 1u] = f16(va1.y); As[d + 2u] = f16(va1.z); As[d + 3u] = f16(va1.w); }
      { let d = TA + ((lid + 256u) / 4u) * SA + ((lid + 256u) % 4u) * 4u; As[d] = f16(va2.x); As[d + 1u] = f16(va2.y); As[d + 2u] = f16(va2.z); As[d + 3u] = f16(va2.w); }
      { let d = TA + ((lid + 384u) / 4u) * SA + ((lid + 384u) % 4u) * 4u; As[d] = f16(va3.x); As[d + 1u] = f16(va3.y); As[d + 2u] = f16(va3.z); As[d + 3u] = f16(va3.w); }
      { let d = TB + ((lid) / 16u) * SB + ((lid) % 16u) * 8u; Bs[d] = bitcast<vec2<f16>>(vb0.x).x; Bs[d + 1u] = bitcast<vec2<f16>>(vb0.x).y; Bs[d + 2u] = bitcast<vec2<f16>>(vb0.y).x; Bs[d + 3u] = bitcast<vec2<f16>>(vb0.y).y; Bs[d + 4u] = bitcast<vec2<f16>>(vb0.z).x; Bs[d + 5u] = bitcast<vec2<f16>>(vb0.z).y; Bs[d + 6u] = bitcast<vec2<f16>>(vb0.w).x; Bs[d + 7u] = bitcast<vec2<f16>>(vb0.w).y; }
      { let d = TB + ((lid + 128u) / 16u) * SB + ((lid + 128u) % 16u) * 8u; Bs[d] = bitcast<vec2<f16>>(vb1.x).x; Bs[d + 1u] = bitcast<vec2<f16>>(vb1.x).y; Bs[d + 2u] = bitcast<vec2<f16>>(vb1.y).x; Bs[d + 3u] = bitcast<vec2<f16>>(vb1.y).y; Bs[d + 4u] = bitcast<vec2<f16>>(vb1.z).x; Bs[d + 5u] = bitcast<vec2<f16>>(vb1.z).y; Bs[d + 6u] = bitcast<vec2<f16>>(vb1.w).x; Bs[d + 7u] = bitcast<vec2<f16>>(vb1.w).y; }
      workgroupBarrier();
    }
    {
      let kn = min(k0 + 2u * BK, K - BK);
      let va0 = A[((row0 + (lid) / 4u) * K + kn + ((lid) % 4u) * 4u) / 4u];
      let va1 = A[((row0 + (lid + 128u) / 4u) * K + kn + ((lid + 128u) % 4u) * 4u) / 4u];
      let va2 = A[((row0 + (lid + 256u) / 4u) * K + kn + ((lid + 256u) % 4u) * 4u) / 4u];
      let va3 = A[((row0 + (lid + 384u) / 4u) * K + kn + ((lid + 384u) % 4u) * 4u) / 4u];
      let vb0 = B[((kn + (lid) / 16u) * N + col0 + ((lid) % 16u) * 8u) / 8u];
      let vb1 = B[((kn + (lid + 128u) / 16u) * N + col0 + ((lid + 128u) % 16u) * 8u) / 8u];
      let a0 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&As, TA + (ar + 0u) * SA, SA);
      let a1 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&As, TA + (ar + 16u) * SA, SA);
      let a2 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&As, TA + (ar + 32u) * SA, SA);
      let a3 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&As, TA + (ar + 48u) * SA, SA);
      let b0 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Bs, TB + bc + 0u, SB);
      let b1 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Bs, TB + bc + 16u, SB);
      let b2 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Bs, TB + bc + 32u, SB);
      let b3 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Bs, TB + bc + 48u, SB);
      c00 = subgroupMatrixMultiplyAccumulate(a0, b0, c00);
      c01 = subgroupMatrixMultiplyAccumulate(a0, b1, c01);
      c02 = subgroupMatrixMultiplyAccumulate(a0, b2, c02);
      c03 = subgroupMatrixMultiplyAccumulate(a0, b3, c03);
      c10 = subgroupMatrixMultiplyAccumulate(a1, b0, c10);
      c11 = subgroupMatrixMultiplyAccumulate(a1, b1, c11);
      c12 = subgroupMatrixMultiplyAccumulate(a1, b2, c12);
      c13 = subgroupMatrixMultiplyAccumulate(a1, b3, c13);
      c20 = subgroupMatrixMultiplyAccumulate(a2, b0, c20);
      c21 = subgroupMatrixMultiplyAccumulate(a2, b1, c21);
      c22 = subgroupMatrixMultiplyAccumulate(a2, b2, c22);
      c23 = subgroupMatrixMultiplyAccumulate(a2, b3, c23);
      c30 = subgroupMatrixMultiplyAccumulate(a3, b0, c30);
      c31 = subgroupMatrixMultiplyAccumulate(a3, b1, c31);
      c32 = subgroupMatrixMultiplyAccumulate(a3, b2, c32);
      c33 = subgroupMatrixMultiplyAccumulate(a3, b3, c33);
      { let d = 0u + ((lid) / 4u) * SA + ((lid) % 4u) * 4u; As[d] = f16(va0.x); As[d + 1u] = f16(va0.y); As[d + 2u] = f16(va0.z); As[d + 3u] = f16(va0.w); }
      { let d = 0u + ((lid + 128u) / 4u) * SA + ((lid + 128u) % 4u) * 4u; As[d] = f16(va1.x); As[d + 1u] = f16(va1.y); As[d + 2u] = f16(va1.z); As[d + 3u] = f16(va1.w); }
      { let d = 0u + ((lid + 256u) / 4u) * SA + ((lid + 256u) % 4u) * 4u; As[d] = f16(va2.x); As[d + 1u] = f16(va2.y); As[d + 2u] = f16(va2.z); As[d + 3u] = f16(va2.w); }
      { let d = 0u + ((lid + 384u) / 4u) * SA + ((lid + 384u) % 4u) * 4u; As[d] = f16(va3.x); As[d + 1u] = f16(va3.y); As[d + 2u] = f16(va3.z); As[d + 3u] = f16(va3.w); }
      { let d = 0u + ((lid) / 16u) * SB + ((lid) % 16u) * 8u; Bs[d] = bitcast<vec2<f16>>(vb0.x).x; Bs[d + 1u] = bitcast<vec2<f16>>(vb0.x).y; Bs[d + 2u] = bitcast<vec2<f16>>(vb0.y).x; Bs[d + 3u] = bitcast<vec2<f16>>(vb0.y).y; Bs[d + 4u] = bitcast<vec2<f16>>(vb0.z).x; Bs[d + 5u] = bitcast<vec2<f16>>(vb0.z).y; Bs[d + 6u] = bitcast<vec2<f16>>(vb0.w).x; Bs[d + 7u] = bitcast<vec2<f16>>(vb0.w).y; }
      { let d = 0u + ((lid + 128u) / 16u) * SB + ((lid + 128u) % 16u) * 8u; Bs[d] = bitcast<vec2<f16>>(vb1.x).x; Bs[d + 1u] = bitcast<vec2<f16>>(vb1.x).y; Bs[d + 2u] = bitcast<vec2<f16>>(vb1.y).x; Bs[d + 3u] = bitcast<vec2<f16>>(vb1.y).y; Bs[d + 4u] = bitcast<vec2<f16>>(vb1.z).x; Bs[d + 5u] = bitcast<vec2<f16>>(vb1.z).y; Bs[d + 6u] = bitcast<vec2<f16>>(vb1.w).x; Bs[d + 7u] = bitcast<vec2<f16>>(vb1.w).y; }
      workgroupBarrier();
    }
  }
  let r0 = row0 + ar;
  let c0 = col0 + bc;
  subgroupMatrixStore<row_major>(&C, (r0 + 0u) * N + c0 + 0u, c00, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 0u) * N + c0 + 16u, c01, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 0u) * N + c0 + 32u, c02, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 0u) * N + c0 + 48u, c03, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 16u) * N + c0 + 0u, c10, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 16u) * N + c0 + 16u, c11, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 16u) * N + c0 + 32u, c12, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 16u) * N + c0 + 48u, c13, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 32u) * N + c0 + 0u, c20, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 32u) * N + c0 + 16u, c21, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 32u) * N + c0 + 32u, c22, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 32u) * N + c0 + 48u, c23, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 48u) * N + c0 + 0u, c30, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 48u) * N + c0 + 16u, c31, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 48u) * N + c0 + 32u, c32, N);
  subgroupMatrixStore<row_major>(&C, (r0 + 48u) * N + c0 + 48u, c33, N);
}
