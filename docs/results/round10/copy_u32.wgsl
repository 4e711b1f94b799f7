// copy_u32.wgsl — experiment for round 10 (not an app probe): roofline_copy.wgsl with u32 accesses.
// Same bindings, overrides and grid: workgroup w copies the 4·VPT·WG words that start at 4·w·VPT·WG;
// invocation t copies t, t + WG, … (4·VPT words), loads before stores. bench --copy-source uses it.
struct Params { n4: u32, groups_x: u32, _p0: u32, _p1: u32 }
@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@group(0) @binding(2) var<uniform> params: Params;
override WG: u32 = 256u;
override VPT: u32 = 4u;
override MODE: u32 = 0u;
@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let n = params.n4 * 4u;
  let group = wid.x + wid.y * params.groups_x;
  let block = 4u * VPT * WG;
  var base = group * block + lid.x;
  let stride = select(n, nwg.x * nwg.y * block, MODE == 1u);
  loop {
    if (base >= n) { break; }
    var v: array<u32, 64>; // VPT ≤ 16
    for (var j = 0u; j < 4u * VPT; j++) { let i = base + j * WG; if (i < n) { v[j] = src[i]; } }
    for (var j = 0u; j < 4u * VPT; j++) { let i = base + j * WG; if (i < n) { dst[i] = v[j]; } }
    base += stride;
  }
}
