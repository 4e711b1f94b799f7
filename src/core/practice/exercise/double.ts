import type { Exercise } from './types';
import { tiledSolutionLoop, tiledKernel, kTiledIntro, kDoubleSolution } from './wgsl';

/** The practice exercise `double` (its words: the 'practice' catalogues, `practice:ex.double.*`). */
export const double = {
    id: 'double',
    kind: 'matmul',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    budget: 'tiled',
    barriers: { perPhase: 1, extra: 1, exact: true },
    rung: 'reg8x8db',
    random: { max: { m: 64, k: 96, n: 64 }, multipleOf: 4 },
    shapes: [
      { m: 4, k: 8, n: 4 },
      { m: 8, k: 16, n: 4 },
      { m: 4, k: 12, n: 8 },
    ],
    structure: ['staged', 'double'],
    hints: 3,
    // The single-buffered kernel of exercise 5: right values, one barrier too many per phase.
    skeleton: tiledKernel(kTiledIntro, 'dims.K / TILE', tiledSolutionLoop, `  storeC(row, col, acc);
`),
    solution: kDoubleSolution,
} as const satisfies Exercise;
