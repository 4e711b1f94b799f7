import type { Exercise } from './types';
import { kHeader } from './wgsl';

/** The practice exercise `dot` (its words: the 'practice' catalogues, `practice:ex.dot.*`). */
export const dot = {
    id: 'dot',
    kind: 'dot',
    constants: { tile: 4, wg: 16 },
    workgroup: [16, 1],
    budget: 'gridStride',
    barriers: 'reduction',
    random: { max: { m: 1, k: 2048, n: 1 } },
    shapes: [
      { m: 1, k: 1, n: 1 },
      { m: 1, k: 37, n: 1 },
      { m: 1, k: 100, n: 1 },
      { m: 1, k: 200, n: 1 },
    ],
    structure: ['tree'],
    hints: 3,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    skeleton: `${kHeader}// The dot product a · b of two K-vectors (a[i] is loadA(0u, i), b[i] is loadB(i, 0u)), as in the
// CUDA tutorial: every invocation sums a grid-stride slice, the workgroup adds its WG partial sums
// as a tree in workgroup memory, and invocation 0 writes the workgroup's sum to C[0][workgroup].
// (The app adds the workgroups' sums, as the tutorial's host does.)
var<workgroup> partial: array<f32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_id) lid: vec3u,
        @builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let stride = nwg.x * WG;  // invocations in the grid
  var sum = 0.0;
  // TODO 1: invocation gid.x adds a[i] · b[i] for i = gid.x, gid.x + stride, … while i < dims.K
  partial[lid.x] = sum;
  // TODO 2: the tree: with s = WG / 2, WG / 4, … 1, invocations lid.x < s add partial[lid.x + s]
  //         to partial[lid.x]; every step needs the previous one finished
  // TODO 3: invocation 0 writes partial[0] with storeC(0u, wid.x, …)
}
`,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    solution: `${kHeader}// The dot product a · b, as in the CUDA tutorial: grid-stride partial sums, a tree in workgroup
// memory, one sum per workgroup in C[0][workgroup].
var<workgroup> partial: array<f32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_id) lid: vec3u,
        @builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let stride = nwg.x * WG;  // invocations in the grid
  var sum = 0.0;
  for (var i = gid.x; i < dims.K; i += stride) {
    sum += loadA(0u, i) * loadB(i, 0u);
  }
  partial[lid.x] = sum;
  workgroupBarrier(); // every partial sum is written before the tree reads them
  for (var s = WG / 2u; s > 0u; s /= 2u) {
    if (lid.x < s) {
      partial[lid.x] += partial[lid.x + s];
    }
    workgroupBarrier(); // this step is finished before the next reads its results
  }
  if (lid.x == 0u) {
    storeC(0u, wid.x, partial[0]);
  }
}
`,
} as const satisfies Exercise;
