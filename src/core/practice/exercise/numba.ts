import type { Exercise } from './types';
import { numbaKernel } from './wgsl';

/** The practice exercise `numba` (its words: the 'practice' catalogues, `practice:ex.numba.*`). */
export const numba = {
    id: 'numba',
    kind: 'matmul',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    rowsAlongX: true,
    budget: 'tiled',
    barriers: { perPhase: 2 },
    random: { max: { m: 64, k: 96, n: 64 } },
    hintFor: { 'uniform-barrier': 1 },
    shapes: [
      { m: 5, k: 3, n: 6 },
      { m: 3, k: 7, n: 2 },
      { m: 4, k: 4, n: 4 },
    ],
    structure: ['staged'],
    hints: 3,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    skeleton: numbaKernel(`
  if (x >= dims.M && y >= dims.N) {
    return;        // quit if (x, y) is outside of valid C boundary
  }

  var tmp = 0.0;
  for (var i = 0u; i < bpg; i++) {
    // preload data into shared memory
    sA[tx][ty] = loadA(x, ty + i * TILE);
    sB[tx][ty] = loadB(tx + i * TILE, y);
    workgroupBarrier();  // wait until all threads finish preloading
    for (var j = 0u; j < TILE; j++) {
      tmp += sA[tx][j] * sB[j][ty];
    }
    workgroupBarrier();  // wait until all threads finish computing
  }
  storeC(x, y, tmp);
`),
    solution: numbaKernel(`
  // No early return: every invocation must reach both barriers (out-of-range ones load 0.0).
  var tmp = 0.0;
  let phases = (dims.K + TILE - 1u) / TILE;  // K decides the phases, not bpg; K need not be a multiple of TILE
  for (var i = 0u; i < phases; i++) {
    if (x < dims.M && ty + i * TILE < dims.K) { sA[tx][ty] = loadA(x, ty + i * TILE); } else { sA[tx][ty] = 0.0; }
    if (tx + i * TILE < dims.K && y < dims.N) { sB[tx][ty] = loadB(tx + i * TILE, y); } else { sB[tx][ty] = 0.0; }
    workgroupBarrier();  // wait until all threads finish preloading
    for (var j = 0u; j < TILE; j++) {
      tmp += sA[tx][j] * sB[j][ty];
    }
    workgroupBarrier();  // wait until all threads finish computing
  }
  if (x < dims.M && y < dims.N) {  // inside C means both in range: \`or\` in the quit test, \`and\` here
    storeC(x, y, tmp);
  }
`),
} as const satisfies Exercise;
