// tensor_halfb.wgsl — the tensor-core rung's first pass: B rounded to f16 once, before the product.
//
// The tensor rung (tensor.wgsl) multiplies f16 fragments. It rounds A to f16 as it stages A's tiles,
// but takes B from an f16 copy that this pass writes: every workgroup of the product reads its block
// column of B, so a copy in f16 halves the bytes those reads move through L2, while rounding B once
// here costs one read of B and one write of half its size. Measured on an H200 at 4096³ (2026-11-29,
// this pass and the product timed together, samples queued back to back as the app times them):
// 205.4–206.3 TFLOP/s where staging B from f32 as A is ran 200.9–202.5 in the same calls
// (e2e-gpu/tensor.gpu.ts); 205.6 in the app's ladder and 207.5 through headless Dawn. Copies of both A
// and B (a pass of twice the bytes) ran 200.7; a copy of A only, 201.1.
//
// Each invocation rounds eight neighbouring elements of a row of B (two vec4<f32>) to f16, the same
// conversion as tensor.wgsl's f16(x), and stores them as one vec4<u32> (two f16 a word, the first in
// the low half, as bitcast lays them out). One row of B per row of workgroups, N/8 invocations a row;
// K and N are the runner's padded sizes (N a multiple of 128), so no element is left over.
// No workgroup memory and no barrier: an invocation past the end of a row returns at once.
//
// Bindings: the shared layout — B where B is, the copy H where C is, dims (binding 0, A, is unused).
// The product then binds H where B is.

enable f16;

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(1) var<storage, read> B: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> H: array<vec4<u32>>;
@group(0) @binding(3) var<uniform> dims: Dims;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let n8 = dims.N / 8u;
  let q = gid.x; // which eight elements of the row
  let row = gid.y;
  if (q >= n8 || row >= dims.K) { return; }
  let i = row * n8 + q;
  let lo = vec4<f16>(B[2u * i]);
  let hi = vec4<f16>(B[2u * i + 1u]);
  H[i] = vec4<u32>(bitcast<u32>(lo.xy), bitcast<u32>(lo.zw), bitcast<u32>(hi.xy), bitcast<u32>(hi.zw));
}
