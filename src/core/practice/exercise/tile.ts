import type { Exercise } from './types';
import { kHeader } from './wgsl';

/** The practice exercise `tile` (its words: the 'practice' catalogues, `practice:ex.tile.*`). */
export const tile = {
    id: 'tile',
    kind: 'transpose',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    budget: 'one',
    barriers: { perPhase: 1 },
    random: { max: { m: 64, k: 64, n: 64 }, multipleOf: 4 },
    shapes: [
      { m: 4, k: 4, n: 4 },
      { m: 8, k: 4, n: 8 },
    ],
    structure: ['through'],
    hints: 3,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    skeleton: `${kHeader}// C = Aᵀ (A is M×K, C is K×M) through a TILE×TILE tile in workgroup memory: each invocation
// reads one element of A into the tile and, after a barrier, writes one element of C that another
// invocation read. M and K are multiples of TILE.
var<workgroup> tile: array<array<f32, TILE>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  // This workgroup's tile of A starts at row wg.y * TILE, column wg.x * TILE.
  // TODO 1: tile[ty][tx] = A[wg.y * TILE + ty][wg.x * TILE + tx]
  // TODO 2: wait until the whole tile is loaded
  // TODO 3: C[wg.x * TILE + ty][wg.y * TILE + tx] = tile[tx][ty]
}
`,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    solution: `${kHeader}// C = Aᵀ (A is M×K, C is K×M) through a TILE×TILE tile in workgroup memory.
var<workgroup> tile: array<array<f32, TILE>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  tile[ty][tx] = loadA(wg.y * TILE + ty, wg.x * TILE + tx);
  workgroupBarrier(); // the tile is complete before anyone reads an element another invocation loaded
  storeC(wg.x * TILE + ty, wg.y * TILE + tx, tile[tx][ty]);
}
`,
} as const satisfies Exercise;
