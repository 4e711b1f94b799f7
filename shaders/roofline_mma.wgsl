// roofline_mma.wgsl — the roofline's tensor-core probe: subgroupMatrixMultiplyAccumulate alone, f16 inputs, f32 sums.
//
// Each subgroup (exactly 32 invocations: the host runs this only where the adapter's subgroups are
// all 32, as the tensor-core rung requires) loads two left fragments a0, a1 and two right
// fragments b0, b1 of 16×16 f16 ONCE, then runs `trips` loop trips of four independent
// multiply-accumulates into four NAMED result fragments of 16×16 f32:
//   c00 += a0·b0, c01 += a0·b1, c10 += a1·b0, c11 += a1·b1.
// No memory is touched in the loop, so its time is the tensor units' throughput. Named variables
// and straight-line code on purpose: fragments in an array indexed by a loop counter are not kept
// in registers by the engines (on an H200, 4.7–35 TFLOP/s against 633 with four named ones,
// e2e-gpu/tensor.gpu.ts). One run is 4 · trips · 2 · 16³ FLOP per subgroup (a multiply-add counts 2).
//
// The values make every sum exact, whatever order the hardware adds in: the host writes small
// integers (−2 … 2) into X, which f16 holds exactly; each product is an integer, each 16-term dot
// product at most 64 in size, and after `trips` trips an element is trips × (that dot product),
// below 2^24 for trips ≤ 2^18, so f32 holds every partial sum exactly. The host compares every
// stored element with the same integer computed on the CPU (core/roofline mmaExpected): a lost trip,
// a lost subgroup or a misplaced fragment shows.
//
// Layout: X holds the four fragments, row-major, 256 values each: a0, a1, b0, b1. The workgroup
// stages them in workgroup memory as f16 (every invocation a few), then every subgroup loads them
// from there (the same offsets in every subgroup). Subgroup s of workgroup w (flat index
// w = x + y · groups_x) stores c00, c01, c10, c11 row-major at Y[(w · SUBGROUPS + s) · 1024 + f · 256].
// The store's offset differs between subgroups (it is uniform within each one, which is what the
// hardware needs), so Dawn's workgroup-uniformity rule for subgroup-matrix offsets is switched off,
// as in shaders/tensor.wgsl.
//
// Requires shader-f16 and chromium-experimental-subgroup-matrix with an f16×f16→f32 16×16×16
// configuration. Bindings: X (1024 f32), Y (f32, 1024 per subgroup), params (trips, groups in x).

enable f16;
enable chromium_experimental_subgroup_matrix;
diagnostic(off, chromium.subgroup_matrix_uniformity);

struct Params { trips: u32, groups_x: u32, _p0: u32, _p1: u32 }

@group(0) @binding(0) var<storage, read> X: array<f32>;
@group(0) @binding(1) var<storage, read_write> Y: array<f32>;
@group(0) @binding(2) var<uniform> params: Params;

const SG: u32 = 32u; // invocations per subgroup (the host requires exactly this)
// Subgroups per workgroup.
override SUBGROUPS: u32 = 4u;

var<workgroup> Xs: array<f16, 1024>;

@compute @workgroup_size(SG * SUBGROUPS)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  for (var i = lid; i < 1024u; i += SG * SUBGROUPS) { Xs[i] = f16(X[i]); }
  workgroupBarrier();
  let a0 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&Xs, 0u, 16u);
  let a1 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&Xs, 256u, 16u);
  let b0 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Xs, 512u, 16u);
  let b1 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&Xs, 768u, 16u);
  // Zero-initialised accumulators.
  var c00: subgroup_matrix_result<f32, 16, 16>;
  var c01: subgroup_matrix_result<f32, 16, 16>;
  var c10: subgroup_matrix_result<f32, 16, 16>;
  var c11: subgroup_matrix_result<f32, 16, 16>;
  for (var t = 0u; t < params.trips; t++) {
    c00 = subgroupMatrixMultiplyAccumulate(a0, b0, c00);
    c01 = subgroupMatrixMultiplyAccumulate(a0, b1, c01);
    c10 = subgroupMatrixMultiplyAccumulate(a1, b0, c10);
    c11 = subgroupMatrixMultiplyAccumulate(a1, b1, c11);
  }
  let base = ((wid.x + wid.y * params.groups_x) * SUBGROUPS + lid / SG) * 1024u;
  subgroupMatrixStore<row_major>(&Y, base, c00, 16u);
  subgroupMatrixStore<row_major>(&Y, base + 256u, c01, 16u);
  subgroupMatrixStore<row_major>(&Y, base + 512u, c10, 16u);
  subgroupMatrixStore<row_major>(&Y, base + 768u, c11, 16u);
}
