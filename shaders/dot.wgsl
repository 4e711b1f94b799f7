// dot.wgsl — the shared-memory dot product of the CUDA tutorial (seed 004), ported to WGSL.
//
// Each invocation accumulates a grid-stride partial sum of a[i]·b[i] (i = its global index, then
// + workgroups·WG each step), writes it to the workgroup array `cache`, and the workgroup reduces
// `cache` as a tree: at stride s = WG/2, WG/4, … 1 the invocations t < s add cache[t + s] into
// cache[t], with a barrier between steps so every step reads finished values. Invocation 0 then
// writes the workgroup's sum to partials[workgroup]; the host adds the partials (as the seed
// does), or dot_final.wgsl adds them in a second pass. Any N ≥ 1: invocations past the end just
// contribute 0.0; every invocation reaches every barrier (the loop that skips work has none).
//
// TRACE = true also records cache[] after the partial sums and after every step, per workgroup,
// for the app's reduction view: trace[(workgroup·(STEPS+1) + step)·WG + t].
//
// Bindings: a, b (N f32 each), partials (one f32 per workgroup), params (n), trace.

struct Params { n: u32, _p0: u32, _p1: u32, _p2: u32 }

@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> partials: array<f32>;
@group(0) @binding(3) var<uniform> params: Params;
@group(0) @binding(4) var<storage, read_write> trace: array<f32>;

// threadsPerBlock: invocations per workgroup, a power of two.
override WG: u32 = 256u;
// log2(WG): the number of tree steps.
override STEPS: u32 = 8u;
// Record cache[] after every step (small problems only).
override TRACE: bool = false;

var<workgroup> cache: array<f32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let t = lid.x;
  var sum = 0.0;
  let stride = nwg.x * WG;
  for (var i = wid.x * WG + t; i < params.n; i += stride) {
    sum += a[i] * b[i];
  }
  cache[t] = sum;
  if (TRACE) { trace[(wid.x * (STEPS + 1u)) * WG + t] = sum; }
  workgroupBarrier(); // every partial sum is in cache before the tree starts

  var s = WG / 2u;
  for (var step = 1u; step <= STEPS; step++) {
    if (t < s) {
      cache[t] += cache[t + s];
    }
    workgroupBarrier(); // this step's sums are complete before the next step reads them
    if (TRACE) { trace[(wid.x * (STEPS + 1u) + step) * WG + t] = cache[t]; }
    s = s / 2u;
  }
  if (t == 0u) {
    partials[wid.x] = cache[0];
  }
}
