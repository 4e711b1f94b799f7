// probe_coalesced.wgsl — global-memory reads, coalesced: the fast half of the coalescing probe.
//
// Workgroup w owns a block of WG·S consecutive words of `src`, starting at w·WG·S. At step j
// (0 ≤ j < S) invocation i reads word w·WG·S + j·WG + i: neighbouring invocations read neighbouring
// words, so the 32 lanes of one request read one run of 128 bytes (one segment in the model; see
// probe_strided.wgsl for the other half, which reads the same words in another order). Each
// invocation adds its S words (u32, wrapping) and writes the sum to sums[w·WG + i]; the app checks
// every sum against its closed form (the words hold their own addresses) and times the dispatches.
//
// No workgroup memory and no barrier. Bindings: src (the words), sums (one u32 per invocation).

@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

// Invocations per workgroup (the app uses 256).
override WG: u32 = 256u;
// Words each invocation reads (the app uses 32: a block of WG·S words per workgroup).
override S: u32 = 32u;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wid: vec3u) {
  let base = wid.x * WG * S;
  var sum = 0u;
  for (var j = 0u; j < S; j++) {
    sum += src[base + j * WG + i]; // lanes i, i+1, … read words next to each other
  }
  sums[wid.x * WG + i] = sum;
}
