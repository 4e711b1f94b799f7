import type { Exercise } from './types';
import { tiledSolutionLoop, tiledKernel, kTiledIntro } from './wgsl';

/** The practice exercise `tiled` (its words: the 'practice' catalogues, `practice:ex.tiled.*`). */
export const tiled = {
    id: 'tiled',
    kind: 'matmul',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    budget: 'tiled',
    barriers: { perPhase: 2 },
    random: { max: { m: 64, k: 96, n: 64 }, multipleOf: 4 },
    shapes: [
      { m: 4, k: 4, n: 4 },
      { m: 8, k: 12, n: 4 },
      { m: 4, k: 8, n: 12 },
    ],
    structure: ['staged'],
    hints: 3,
    skeleton: tiledKernel(
      kTiledIntro,
      'dims.K / TILE',
      `    // TODO: load As[ty][tx] from A and Bs[ty][tx] from B for this phase, wait,
    //       add As[ty][k] · Bs[k][tx] over k, and wait again.
`,
      `  storeC(row, col, acc);
`,
    ),
    // shaders/tiled.wgsl (one row per invocation), without its boundary tests: cuda-samples MatrixMulCUDA.
    solution: tiledKernel(kTiledIntro, 'dims.K / TILE', tiledSolutionLoop, `  storeC(row, col, acc);
`),
} as const satisfies Exercise;
