import type { Exercise } from './types';
import { wideKernel } from './wgsl';

/** The practice exercise `wide` (its words: the 'practice' catalogues, `practice:ex.wide.*`). */
export const wide = {
    id: 'wide',
    kind: 'matmul',
    constants: { tile: 4, wg: 4 },
    workgroup: [4, 4],
    budget: 'strip',
    block: { rows: 4, cols: 16 },
    rung: 'reg8x8v',
    random: { max: { m: 64, k: 96, n: 64 }, multipleOf: 4 },
    hintFor: { 'int-float': 2 },
    shapes: [
      { m: 4, k: 4, n: 4 },
      { m: 5, k: 8, n: 8 },
      { m: 3, k: 4, n: 20 },
    ],
    structure: ['strip'],
    hints: 3,
    skeleton: wideKernel(`    // TODO: one read of A and a vec4 of four reads of B, four multiply-adds
`),
    solution: wideKernel(`    let a = loadA(row, k);
    let b = vec4f(loadB(k, col0), loadB(k, col0 + 1u), loadB(k, col0 + 2u), loadB(k, col0 + 3u));
    acc += a * b;
`),
} as const satisfies Exercise;
