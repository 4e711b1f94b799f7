import type { Exercise } from './types';
import { kHeader } from './wgsl';

/** The practice exercise `naive` (its words: the 'practice' catalogues, `practice:ex.naive.*`). */
export const naive = {
    id: 'naive',
    kind: 'matmul',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    budget: 'naive',
    random: { max: { m: 64, k: 96, n: 64 } },
    hintFor: { 'int-float': 3 },
    shapes: [
      { m: 4, k: 3, n: 4 },
      { m: 5, k: 7, n: 3 },
      { m: 1, k: 4, n: 6 },
    ],
    hints: 3,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    skeleton: `${kHeader}// C = A · B (A is M×K, B is K×N): one invocation per element of C, with 2-D indices.
// x runs along the columns of C, y along its rows; the grid is rounded up to whole workgroups.
@compute @workgroup_size(TILE, TILE)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  // TODO: skip invocations outside C, then add A[row][k] · B[k][col] over k and store the sum.
}
`,
    // shaders/naive.wgsl, through the app's helpers.
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    solution: `${kHeader}// C = A · B (A is M×K, B is K×N): one invocation per element of C, with 2-D indices.
// x runs along the columns of C, y along its rows; the grid is rounded up to whole workgroups.
@compute @workgroup_size(TILE, TILE)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  if (row >= dims.M || col >= dims.N) {
    return; // no barrier in this kernel, so returning early is safe
  }
  var acc = 0.0;
  for (var k = 0u; k < dims.K; k++) {
    acc += loadA(row, k) * loadB(k, col);
  }
  storeC(row, col, acc);
}
`,
} as const satisfies Exercise;
