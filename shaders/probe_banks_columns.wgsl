// probe_banks_columns.wgsl — workgroup-memory reads down a column: bank conflicts (PITCH = 32) and
// the padded fix (PITCH = 33), the slow and the repaired thirds of the bank probe.
//
// Every workgroup copies the same 32×32 tile of u32 from `tile_in` (row-major) into workgroup memory
// at a pitch of PITCH words (element (r, c) at r·PITCH + c), then, after a barrier, each invocation
// reads REPS × 32 words and adds them. Lane l = i mod 32 of request q = i / 32 reads, at step j of
// repetition r, element (l, c) with c = (j + r + q) mod 32: the transpose of probe_banks_rows.wgsl.
// With PITCH = 32 the 32 lanes read words 32 apart, all in one of the model's 32 banks (4-byte
// banks, word a in bank a mod 32: a model, WebGPU does not expose banks), so in the model they are
// served one after another. With PITCH = 33 lane l's word is in bank (l + c) mod 32: all different,
// at the cost of one unused word per row. Each lane's sum is REPS × row l of the tile.
//
// Every invocation reaches the barrier (no early return). Bindings: tile_in (1024 u32), sums.

@group(0) @binding(0) var<storage, read> tile_in: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

// Invocations per workgroup: a multiple of 32 that divides 1024 (the app uses 256).
override WG: u32 = 256u;
// Times each invocation reads its whole row (more repetitions, longer dispatches).
override REPS: u32 = 64u;
// Words per stored row: 32 (bank conflicts) or 33 (padded, no conflicts).
override PITCH: u32 = 32u;

var<workgroup> tile: array<u32, 1056>; // 32 rows × at most 33 words

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wid: vec3u) {
  // Copy the tile: invocation i copies elements i, i + WG, … into row e / 32, column e % 32.
  for (var e = i; e < 1024u; e += WG) {
    tile[(e / 32u) * PITCH + e % 32u] = tile_in[e];
  }
  workgroupBarrier(); // the whole tile is in workgroup memory before anyone reads it

  let l = i % 32u;
  let q = i / 32u;
  var sum = 0u;
  for (var r = 0u; r < REPS; r++) {
    for (var j = 0u; j < 32u; j++) {
      let c = (j + r + q) % 32u;
      sum += tile[l * PITCH + c]; // element (l, c): the lanes read words PITCH apart
    }
  }
  sums[wid.x * WG + i] = sum;
}
