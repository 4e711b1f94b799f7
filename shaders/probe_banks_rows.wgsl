// probe_banks_rows.wgsl — workgroup-memory reads without bank conflicts: the fast third of the bank probe.
//
// Every workgroup copies the same 32×32 tile of u32 from `tile_in` (row-major) into workgroup memory
// at a pitch of 32 words (element (r, c) at r·32 + c), then, after a barrier, each invocation reads
// REPS × 32 words of it and adds them. Lane l = i mod 32 of request q = i / 32 reads, at step j of
// repetition r, element (c, l) with c = (j + r + q) mod 32: the 32 lanes of a request read 32
// neighbouring words of one stored row, one word in each of the model's 32 banks (4-byte banks, word
// a in bank a mod 32: a model, WebGPU does not expose banks). probe_banks_columns.wgsl reads the
// transpose. Each lane's sum is REPS × column l of the tile; sums[w·WG + i] is checked by the app.
//
// Every invocation reaches the barrier (no early return). Bindings: tile_in (1024 u32), sums.

@group(0) @binding(0) var<storage, read> tile_in: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

// Invocations per workgroup: a multiple of 32 that divides 1024 (the app uses 256).
override WG: u32 = 256u;
// Times each invocation reads its whole column (more repetitions, longer dispatches).
override REPS: u32 = 64u;

var<workgroup> tile: array<u32, 1056>; // 32 × 33: room for the padded pitch of the other probe

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wid: vec3u) {
  // Copy the tile: invocation i copies elements i, i + WG, … (row-major, pitch 32).
  for (var e = i; e < 1024u; e += WG) {
    tile[e] = tile_in[e];
  }
  workgroupBarrier(); // the whole tile is in workgroup memory before anyone reads it

  let l = i % 32u;
  let q = i / 32u;
  var sum = 0u;
  for (var r = 0u; r < REPS; r++) {
    for (var j = 0u; j < 32u; j++) {
      let c = (j + r + q) % 32u;
      sum += tile[c * 32u + l]; // element (c, l): the lanes read 32 neighbouring words
    }
  }
  sums[wid.x * WG + i] = sum;
}
