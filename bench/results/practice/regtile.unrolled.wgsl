// The app gives you: dims.M, dims.K, dims.N; loadA(row, col), loadB(row, col) (they count
// your global reads); storeC(row, col, value); the constants TILE and WG.
// C = A · B with a register tile (the reg4x4 rung, smaller): each invocation computes an R×R
// block of C in registers, so one workgroup covers a (TILE·R)×(TILE·R) block. M, K, N: multiples of 8.
const R = 2u;
var<workgroup> As: array<array<f32, TILE>, TILE * R>;
var<workgroup> Bs: array<array<f32, TILE * R>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  let row0 = wg.y * TILE * R;  // the first row and column of this workgroup's block of C
  let col0 = wg.x * TILE * R;
  var acc: array<array<f32, R>, R>;  // this invocation's block of C (starts at zero)
  for (var ph = 0u; ph < dims.K / TILE; ph++) {
    for (var i = 0u; i < R; i++) {
      As[ty * R + i][tx] = loadA(row0 + ty * R + i, ph * TILE + tx);
      Bs[ty][tx * R + i] = loadB(ph * TILE + ty, col0 + tx * R + i);
    }
    workgroupBarrier();
    for (var k = 0u; k < TILE; k++) {
      let a0 = As[ty * R][k];
      let a1 = As[ty * R + 1u][k];
      let b0 = Bs[k][tx * R];
      let b1 = Bs[k][tx * R + 1u];
      acc[0][0] += a0 * b0;
      acc[0][1] += a0 * b1;
      acc[1][0] += a1 * b0;
      acc[1][1] += a1 * b1;
    }
    workgroupBarrier();
  }
  for (var i = 0u; i < R; i++) {
    for (var j = 0u; j < R; j++) {
      storeC(row0 + ty * R + i, col0 + tx * R + j, acc[i][j]);
    }
  }
}
