// strip.wgsl — the row-strip partition of seed 002: each workgroup computes a band of BAND whole
// rows of C, all N columns, instead of a square tile (the checkerboard of tiled.wgsl).
//
// The 256 invocations sweep the band's columns 256 at a time (invocation t owns column c0 + t).
// For each column chunk the workgroup walks K in steps of KC = 256/BAND, staging the band's
// BAND×KC piece of A in workgroup memory (one element per invocation, 0.0 outside A), barrier,
// then every invocation multiplies it with the KC elements of its B column, read straight from
// global memory, barrier. So every workgroup reads *all of B* once: B is read ⌈M/BAND⌉ times in
// total, against ⌈M/TILE⌉ for the checkerboard, while A's band is re-read for every 256-column
// chunk. That is the point of the lesson: for the same work per workgroup, square tiles reuse
// both operands; strips reuse only one.
//
// Any M, K, N; stores are tested per element; every invocation reaches every barrier (the column
// test guards only the arithmetic, which has no barrier).
//
// Bindings (shared by every matmul kernel): A (M×K), B (K×N), C (M×N), row-major f32; dims = M, K, N.

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

// Rows of C per workgroup (band height): 1, 2 or 4.
override BAND: u32 = 4u;
// Depth of the staged piece of A: BAND × KC = 256 elements, one per invocation.
override KC: u32 = 256u / BAND;

var<workgroup> As: array<f32, 256>;

@compute @workgroup_size(256, 1, 1)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let t = lid.x;
  let row0 = wg.x * BAND;
  let h = t / KC;        // the A row (within the band) this invocation stages
  let kk = t % KC;       // and its column within the chunk

  for (var c0 = 0u; c0 < dims.N; c0 += 256u) {
    let col = c0 + t;
    var acc0 = 0.0;
    var acc1 = 0.0;
    var acc2 = 0.0;
    var acc3 = 0.0;
    for (var k0 = 0u; k0 < dims.K; k0 += KC) {
      let r = row0 + h;
      let k = k0 + kk;
      if (r < dims.M && k < dims.K) { As[h * KC + kk] = A[r * dims.K + k]; } else { As[h * KC + kk] = 0.0; }
      workgroupBarrier(); // the band's piece of A is complete
      if (col < dims.N) {
        let kEnd = min(KC, dims.K - k0);
        for (var j = 0u; j < kEnd; j++) {
          let b = B[(k0 + j) * dims.N + col];
          acc0 += As[j] * b;
          if (BAND > 1u) { acc1 += As[KC + j] * b; }
          if (BAND > 2u) {
            acc2 += As[2u * KC + j] * b;
            acc3 += As[3u * KC + j] * b;
          }
        }
      }
      workgroupBarrier(); // everyone is done with this piece before the next is staged
    }
    if (col < dims.N) {
      if (row0 < dims.M) { C[row0 * dims.N + col] = acc0; }
      if (BAND > 1u && row0 + 1u < dims.M) { C[(row0 + 1u) * dims.N + col] = acc1; }
      if (BAND > 2u && row0 + 2u < dims.M) { C[(row0 + 2u) * dims.N + col] = acc2; }
      if (BAND > 2u && row0 + 3u < dims.M) { C[(row0 + 3u) * dims.N + col] = acc3; }
    }
  }
}
