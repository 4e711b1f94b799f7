// splitk_sum.wgsl — the second pass of the split-K rung (split128v): C = P[0] + P[1] + … + P[S−1].
//
// The first pass (split128v.wgsl) split K over S layers of workgroups: layer z computed the partial
// product of its range of k, an M×N matrix, into slice z of the scratch buffer P (slice z starts at
// element z·M·N). This pass adds the S slices into C, element by element: one vec4 (four
// neighbouring elements of a row) per invocation, one row of C per row of workgroups. N is a
// multiple of 4 (the app pads K and N with zeros for the vec4 rungs).
//
// No workgroup memory and no barrier: an invocation past the end of a row returns at once.
//
// Bindings: the shared layout — P where A is bound, C where C is, dims (binding 1, B, is unused).

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> P: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> C: array<vec4<f32>>;
@group(0) @binding(3) var<uniform> dims: Dims;

/** How many partial products the first pass wrote (its dispatch's z). */
override S: u32 = 2u;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let n4 = dims.N / 4u;
  let q = gid.x; // which vec4 of the row
  let row = gid.y;
  if (q >= n4 || row >= dims.M) { return; }
  let i = row * n4 + q;
  let slice = dims.M * n4;
  var sum = P[i];
  for (var z = 1u; z < S; z++) {
    sum += P[z * slice + i];
  }
  C[i] = sum;
}
