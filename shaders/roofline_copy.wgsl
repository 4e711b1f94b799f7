// roofline_copy.wgsl — the roofline's bandwidth probe: a streaming copy, dst[i] = src[i], vec4<f32>.
//
// Every element of src is read once and every element of dst written once, so one run moves
// 2 · 16 · n4 bytes (n4 vec4 elements: read + write); bytes ÷ time is the memory bandwidth this
// GPU reaches through WebGPU. Nothing is computed: the time is memory traffic alone.
//
// Two ways of covering the array (MODE):
// - 0, one block per workgroup: workgroup w copies the VPT·WG consecutive elements that start at
//   w·VPT·WG; invocation t copies t, t + WG, t + 2·WG, … (VPT of them), so each of the VPT steps
//   is one coalesced sweep of WG consecutive vec4s, and the VPT loads are issued before the
//   stores (VPT·16 bytes in flight per invocation).
// - 1, grid-stride: a fixed grid of invocations walks the array in steps of the grid's size,
//   VPT elements per step the same way.
// VPT = 1 is the default, measured on an H100 (round 10 of the benchmark notes): one vec4 per
// invocation read 2.99 TB/s through wgpu and 2.98 through Dawn. With VPT ≥ 4 wgpu kept the
// staging array in local memory instead of registers and the copy fell to 0.79–1.16 TB/s
// (Dawn kept it in registers: 2.94–2.97); the quick probes' 1.2 TB/s was this.
//
// The grid may be two-dimensional (more than 65,535 workgroups): the workgroup's flat index is
// x + y · (workgroups in x). Elements past n4 are neither read nor written; the host checks that
// dst equals src element by element.
//
// Bindings: src (n4 vec4<f32>), dst (n4 vec4<f32>), params (n4, the grid's workgroups in x).

struct Params { n4: u32, groups_x: u32, _p0: u32, _p1: u32 }

@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;
@group(0) @binding(2) var<uniform> params: Params;

// Invocations per workgroup (one dimension).
override WG: u32 = 256u;
// Elements (vec4) each invocation copies per step, 1 to kMaxVPT: its loads are all issued before its stores.
override VPT: u32 = 1u;
// The staging array's length (a function-scope array's length must be a constant, not an override).
const kMaxVPT = 16u;
// 0: one block of VPT·WG elements per workgroup; 1: grid-stride over the whole array.
override MODE: u32 = 0u;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let n4 = params.n4;
  let group = wid.x + wid.y * params.groups_x;
  let block = VPT * WG;
  var base = group * block + lid.x;
  let stride = select(n4, nwg.x * nwg.y * block, MODE == 1u);
  loop {
    if (base >= n4) { break; }
    var v: array<vec4<f32>, kMaxVPT>;
    for (var j = 0u; j < VPT; j++) {
      let i = base + j * WG;
      if (i < n4) { v[j] = src[i]; }
    }
    for (var j = 0u; j < VPT; j++) {
      let i = base + j * WG;
      if (i < n4) { dst[i] = v[j]; }
    }
    base += stride;
  }
}
