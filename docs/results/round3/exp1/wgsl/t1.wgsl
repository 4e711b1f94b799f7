struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

override TILE: u32 = 16u; // set by the plan; this variant is written for 16
override ROWS: u32 = 1u;
const T: u32 = 16u;

var<workgroup> As: array<array<f32, T>, T>;
var<workgroup> Bs: array<array<f32, T>, T>;

@compute @workgroup_size(TILE, TILE / ROWS, 1)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  let row = wg.y * T + ty;
  let col = wg.x * T + tx;
  var acc = 0.0;
  let phases = (dims.K + T - 1u) / T;
  for (var ph = 0u; ph < phases; ph++) {
    let aCol = ph * T + tx;
    let bRow = ph * T + ty;
    if (row < dims.M && aCol < dims.K) { As[ty][tx] = A[row * dims.K + aCol]; } else { As[ty][tx] = 0.0; }
    if (bRow < dims.K && col < dims.N) { Bs[ty][tx] = B[bRow * dims.N + col]; } else { Bs[ty][tx] = 0.0; }
    workgroupBarrier();
    for (var k = 0u; k < T; k++) {
      acc += As[ty][k] * Bs[k][tx];
    }
    workgroupBarrier();
  }
  if (row < dims.M && col < dims.N) { C[row * dims.N + col] = acc; }
}
