// The app gives you: dims.M, dims.K, dims.N; loadA(row, col), loadB(row, col) (they count
// your global reads); storeC(row, col, value); the constants TILE and WG.
// C = A · B, tiled (cuda-samples matrixMul): one workgroup per TILE×TILE tile of C. In each
// phase the workgroup stages a tile of A and a tile of B in workgroup memory, waits, multiplies
// them, and waits again before the next phase overwrites them. M, K and N are multiples of TILE.
var<workgroup> As: array<array<f32, TILE>, TILE>;
var<workgroup> Bs: array<array<f32, TILE>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  let row = wg.y * TILE + ty;  // the C element this invocation computes
  let col = wg.x * TILE + tx;
  var acc = 0.0;
  for (var ph = 0u; ph < dims.K / TILE; ph++) {
    As[ty][tx] = loadA(row, ph * TILE + tx);
    Bs[ty][tx] = loadB(ph * TILE + ty, col);
    workgroupBarrier(); // both tiles are complete before anyone reads them
    for (var k = 0u; k < TILE; k++) {
      acc += As[ty][k] * Bs[k][tx];
    }
    workgroupBarrier(); // everyone is done reading before the next phase overwrites them
  }
  storeC(row, col, acc);
}
