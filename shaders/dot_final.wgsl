// dot_final.wgsl — the optional second pass of the dot product: one workgroup adds the
// per-workgroup sums of dot.wgsl (instead of the host), with the same grid-stride + tree scheme.
// Bindings: partials (count f32), result (1 f32), params (count).

struct Params { count: u32, _p0: u32, _p1: u32, _p2: u32 }

@group(0) @binding(0) var<storage, read> partials: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: array<f32>;
@group(0) @binding(2) var<uniform> params: Params;

// Invocations in the single workgroup, a power of two.
override WG: u32 = 256u;

var<workgroup> cache: array<f32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid: vec3u) {
  let t = lid.x;
  var sum = 0.0;
  for (var i = t; i < params.count; i += WG) {
    sum += partials[i];
  }
  cache[t] = sum;
  workgroupBarrier();
  for (var s = WG / 2u; s > 0u; s = s / 2u) {
    if (t < s) {
      cache[t] += cache[t + s];
    }
    workgroupBarrier();
  }
  if (t == 0u) {
    result[0] = cache[0];
  }
}
