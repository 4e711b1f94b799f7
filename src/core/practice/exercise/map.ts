import type { Exercise } from './types';
import { mapBody } from './wgsl';

/** The practice exercise `map` (its words: the 'practice' catalogues, `practice:ex.map.*`). */
export const map = {
    id: 'map',
    kind: 'add',
    constants: { tile: 4, wg: 64 },
    workgroup: [64, 1],
    budget: 'elementwise',
    random: { max: { m: 64, k: 64, n: 64 }, mnMultipleOf: 64 },
    shapes: [
      { m: 4, k: 16, n: 16 },
      { m: 8, k: 16, n: 16 },
    ],
    hints: 3,
    skeleton: mapBody(`  // TODO: C[row][col] = A[row][col] + B[row][col]
`),
    solution: mapBody(`  storeC(row, col, loadA(row, col) + loadB(row, col));
`),
} as const satisfies Exercise;
