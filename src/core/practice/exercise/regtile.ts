import type { Exercise } from './types';
import { regKernel } from './wgsl';

/** The practice exercise `regtile` (its words: the 'practice' catalogues, `practice:ex.regtile.*`). */
export const regtile = {
    id: 'regtile',
    kind: 'matmul',
    constants: { tile: 4, wg: 16 },
    workgroup: [4, 4],
    budget: 'block',
    block: { rows: 8, cols: 8, depth: 4 },
    barriers: { perPhase: 2 },
    rung: 'reg4x4',
    random: { max: { m: 64, k: 96, n: 64 }, multipleOf: 8 },
    shapes: [
      { m: 8, k: 8, n: 8 },
      { m: 16, k: 8, n: 8 },
      { m: 8, k: 16, n: 24 },
    ],
    structure: ['staged'],
    hints: 3,
    skeleton: regKernel(`      // TODO: load row ty * R + i of the A tile and column tx * R + i of the B tile
`, `      // TODO: add As[ty * R + i][k] · Bs[k][tx * R + j] to acc[i][j] for every i, j < R
`),
    solution: regKernel(`      As[ty * R + i][tx] = loadA(row0 + ty * R + i, ph * TILE + tx);
      Bs[ty][tx * R + i] = loadB(ph * TILE + ty, col0 + tx * R + i);
`, `      let a0 = As[ty * R][k];
      let a1 = As[ty * R + 1u][k];
      let b0 = Bs[k][tx * R];
      let b1 = Bs[k][tx * R + 1u];
      acc[0][0] += a0 * b0;
      acc[0][1] += a0 * b1;
      acc[1][0] += a1 * b0;
      acc[1][1] += a1 * b1;
`),
} as const satisfies Exercise;
