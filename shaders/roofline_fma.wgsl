// roofline_fma.wgsl — the roofline's compute probe: independent chains of fma, f32.
//
// Each invocation keeps 8 vec4<f32> accumulators (32 independent scalar chains, so the GPU always
// has work that does not wait for the previous fma) and runs ITERS steps of x = fma(x, a, b) on
// each, four steps per loop trip. a and b come from a uniform, so the compiler cannot know them
// and must do every fma. One run is 2 · 32 · ITERS · invocations FLOP (an fma is two).
//
// The values make f32 rounding exactly reproducible on the CPU: with a = 1 and b = 1 every step
// adds 1 to a small integer, which f32 holds exactly, so chain c of invocation g ends at
// x0 + ITERS·b whatever the fma's rounding (fused or not); x0 = (g mod 1024) + 4c + lane. The
// invocation writes the sum of its 8 accumulators (exact too), so the result cannot be optimised
// away and the host compares it, invocation by invocation, with the same chain run in
// Math.fround on the CPU.
//
// The grid may be two-dimensional: the invocation's flat index is its x + y · (workgroups in x) · WG.
//
// Bindings: out (one vec4<f32> per invocation), params (a, b, iterations / 4, groups in x).

struct Params { a: f32, b: f32, trips: u32, groups_x: u32 }

@group(0) @binding(0) var<storage, read_write> out: array<vec4<f32>>;
@group(0) @binding(1) var<uniform> params: Params;

// Invocations per workgroup (one dimension).
override WG: u32 = 256u;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let g = (wid.x + wid.y * params.groups_x) * WG + lid.x;
  let a = vec4<f32>(params.a);
  let b = vec4<f32>(params.b);
  let x0 = vec4<f32>(f32(g & 1023u)) + vec4<f32>(0.0, 1.0, 2.0, 3.0);
  var v0 = x0;
  var v1 = x0 + vec4<f32>(4.0);
  var v2 = x0 + vec4<f32>(8.0);
  var v3 = x0 + vec4<f32>(12.0);
  var v4 = x0 + vec4<f32>(16.0);
  var v5 = x0 + vec4<f32>(20.0);
  var v6 = x0 + vec4<f32>(24.0);
  var v7 = x0 + vec4<f32>(28.0);
  for (var t = 0u; t < params.trips; t++) {
    v0 = fma(v0, a, b); v1 = fma(v1, a, b); v2 = fma(v2, a, b); v3 = fma(v3, a, b);
    v4 = fma(v4, a, b); v5 = fma(v5, a, b); v6 = fma(v6, a, b); v7 = fma(v7, a, b);
    v0 = fma(v0, a, b); v1 = fma(v1, a, b); v2 = fma(v2, a, b); v3 = fma(v3, a, b);
    v4 = fma(v4, a, b); v5 = fma(v5, a, b); v6 = fma(v6, a, b); v7 = fma(v7, a, b);
    v0 = fma(v0, a, b); v1 = fma(v1, a, b); v2 = fma(v2, a, b); v3 = fma(v3, a, b);
    v4 = fma(v4, a, b); v5 = fma(v5, a, b); v6 = fma(v6, a, b); v7 = fma(v7, a, b);
    v0 = fma(v0, a, b); v1 = fma(v1, a, b); v2 = fma(v2, a, b); v3 = fma(v3, a, b);
    v4 = fma(v4, a, b); v5 = fma(v5, a, b); v6 = fma(v6, a, b); v7 = fma(v7, a, b);
  }
  out[g] = ((v0 + v1) + (v2 + v3)) + ((v4 + v5) + (v6 + v7));
}
