// tiled_trace.wgsl — the seed tiled kernel (tiled.wgsl), instrumented so the app can draw what the
// GPU really did. Same tiles, same phases, same barriers, same result in C; in addition:
//
//   tiles[wg.y·tilesX + wg.x] = (wg.x, wg.y, phases run, C elements stored)   every run
//   owner[row·N + col]        = wg.y·tilesX + wg.x of the workgroup that stored C[row][col]   (TRACE)
//   trace[slot]               = for every workgroup, phase and tile slot (ly, lx):
//                               A index loaded, B index loaded, the running partial sum of C[ly][lx]
//                               after the phase (f32 bits), and the local index of the invocation
//                               that did the loads (TRACE; only for small problems)
// An index of 0xFFFFFFFF means the PMPP test failed: the element lies outside the matrix and 0.0
// was written to workgroup memory instead. 0xFFFFFFFE: past the end of the buffer (BOUNDS off).
//
// BOUNDS = false is the PMPP lesson (§4, Fig. 4.18/4.19): the two load tests are dropped, so an
// invocation whose column runs past a row's end reads the first elements of the next row, in a
// linearised layout, and C comes out silently wrong. Only the end of the buffer is still checked
// (WebGPU would clamp such a read somewhere inside the buffer anyway; checking makes it a plain,
// deterministic 0.0). The store test is kept in both variants so no workgroup writes another's C.
//
// Bindings: A, B, C, dims as every matmul kernel; then tiles, owner, trace.

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;
@group(0) @binding(4) var<storage, read_write> tiles: array<vec4u>;
@group(0) @binding(5) var<storage, read_write> owner: array<u32>;
@group(0) @binding(6) var<storage, read_write> trace: array<vec4u>;

// TILE_WIDTH: the side of the C tile one workgroup computes.
override TILE: u32 = 16u;
// C rows per invocation (1, 2 or 4), as in tiled.wgsl.
override ROWS: u32 = 1u;
// Workgroup height.
override WG_Y: u32 = TILE / ROWS;
// Keep PMPP's load tests (true) or drop them to show what goes wrong (false).
override BOUNDS: bool = true;
// Record owner[] and trace[] (small problems only).
override TRACE: bool = false;

const OUTSIDE: u32 = 0xFFFFFFFFu;
const PAST_END: u32 = 0xFFFFFFFEu;

var<workgroup> As: array<f32, TILE * TILE>;
var<workgroup> Bs: array<f32, TILE * TILE>;
var<workgroup> stores: atomic<u32>;

@compute @workgroup_size(TILE, WG_Y, 1)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u,
        @builtin(local_invocation_index) lindex: u32, @builtin(num_workgroups) nwg: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  let col = wg.x * TILE + tx;
  let wgLinear = wg.y * nwg.x + wg.x;
  var acc = array<f32, 4>(0.0, 0.0, 0.0, 0.0);
  if (lindex == 0u) { atomicStore(&stores, 0u); }

  let phases = (dims.K + TILE - 1u) / TILE;
  for (var ph = 0u; ph < phases; ph++) {
    var aRead = array<u32, 4>(OUTSIDE, OUTSIDE, OUTSIDE, OUTSIDE);
    var bRead = array<u32, 4>(OUTSIDE, OUTSIDE, OUTSIDE, OUTSIDE);
    for (var r = 0u; r < ROWS; r++) {
      let ly = ty + r * WG_Y;
      let row = wg.y * TILE + ly;
      let aCol = ph * TILE + tx;
      let bRow = ph * TILE + ly;
      let aIdx = row * dims.K + aCol;
      let bIdx = bRow * dims.N + col;
      var a = 0.0;
      var b = 0.0;
      if (BOUNDS) {
        if (row < dims.M && aCol < dims.K) { a = A[aIdx]; aRead[r] = aIdx; }
        if (bRow < dims.K && col < dims.N) { b = B[bIdx]; bRead[r] = bIdx; }
      } else {
        if (aIdx < arrayLength(&A)) { a = A[aIdx]; aRead[r] = aIdx; } else { aRead[r] = PAST_END; }
        if (bIdx < arrayLength(&B)) { b = B[bIdx]; bRead[r] = bIdx; } else { bRead[r] = PAST_END; }
      }
      As[ly * TILE + tx] = a;
      Bs[ly * TILE + tx] = b;
    }
    workgroupBarrier();
    for (var r = 0u; r < ROWS; r++) {
      let ly = ty + r * WG_Y;
      for (var k = 0u; k < TILE; k++) {
        acc[r] += As[ly * TILE + k] * Bs[k * TILE + tx];
      }
      if (TRACE) {
        let slot = ((wgLinear * phases + ph) * TILE + ly) * TILE + tx;
        trace[slot] = vec4u(aRead[r], bRead[r], bitcast<u32>(acc[r]), lindex);
      }
    }
    workgroupBarrier();
  }

  for (var r = 0u; r < ROWS; r++) {
    let row = wg.y * TILE + ty + r * WG_Y;
    if (row < dims.M && col < dims.N) {
      C[row * dims.N + col] = acc[r];
      atomicAdd(&stores, 1u);
      if (TRACE) { owner[row * dims.N + col] = wgLinear; }
    }
  }
  workgroupBarrier();
  if (lindex == 0u) {
    tiles[wgLinear] = vec4u(wg.x, wg.y, phases, atomicLoad(&stores));
  }
}
