// naive.wgsl — one invocation per element of C, the k-loop straight over global memory.
//
// The port of the seeds' first kernel (numba `matmul`, the CUDA "non-shared" kernel): invocation
// (x, y) of the grid computes C[row][col] with row = y and col = x, reading a whole row of A and a
// whole column of B from global memory. Every element of A is read N times and every element of
// B M times: 2·M·N·K global loads, which is why the tiled kernel exists. x runs along N so that
// neighbouring invocations read neighbouring elements of B and write neighbouring elements of C.
//
// Bindings (shared by every matmul kernel): A (M×K), B (K×N), C (M×N), row-major f32; dims = M, K, N.
// There is no barrier in this kernel, so returning early for invocations outside C is safe.

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

// Workgroup width along N (columns of C).
override WG_X: u32 = 16u;
// Workgroup height along M (rows of C).
override WG_Y: u32 = 16u;

@compute @workgroup_size(WG_X, WG_Y, 1)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  if (row >= dims.M || col >= dims.N) {
    return; // the grid is rounded up to whole workgroups; these invocations have no C element
  }
  var acc = 0.0;
  for (var k = 0u; k < dims.K; k++) {
    acc += A[row * dims.K + k] * B[k * dims.N + col];
  }
  C[row * dims.N + col] = acc;
}
