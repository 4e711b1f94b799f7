// probe_strided.wgsl — global-memory reads, strided: the slow half of the coalescing probe.
//
// The same block of WG·S words per workgroup as probe_coalesced.wgsl, the same words in total, but
// invocation i reads its own S consecutive words: at step j it reads word w·WG·S + i·S + j. At any
// step neighbouring invocations are S words apart (S = 32 words = 128 bytes), so the 32 lanes of one
// request touch 32 different segments and use 4 bytes of each (the model's 128-byte segments; the
// next steps read the rest of each segment, which a cache may still hold). Each invocation adds its
// S words (u32, wrapping) into sums[w·WG + i]; the app checks every sum against its closed form.
//
// No workgroup memory and no barrier. Bindings: src (the words), sums (one u32 per invocation).

@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

// Invocations per workgroup (the app uses 256).
override WG: u32 = 256u;
// Words each invocation reads, and the distance in words between neighbouring invocations (the app uses 32).
override S: u32 = 32u;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wid: vec3u) {
  let base = wid.x * WG * S;
  var sum = 0u;
  for (var j = 0u; j < S; j++) {
    sum += src[base + i * S + j]; // lanes i, i+1, … read words S apart
  }
  sums[wid.x * WG + i] = sum;
}
