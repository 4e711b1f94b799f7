// The app gives you: dims.M, dims.K, dims.N; loadA(row, col), loadB(row, col) (they count
// your global reads); storeC(row, col, value); the constants TILE and WG.
// C = A · B (A is M×K, B is K×N): one invocation per element of C, with 2-D indices.
// x runs along the columns of C, y along its rows; the grid is rounded up to whole workgroups.
@compute @workgroup_size(TILE, TILE)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  if (row >= dims.M || col >= dims.N) {
    return; // no barrier in this kernel, so returning early is safe
  }
  var acc = 0.0;
  for (var k = 0u; k < dims.K; k++) {
    acc += loadA(row, k) * loadB(k, col);
  }
  storeC(row, col, acc);
}
