import type { Exercise } from './types';
import { paddedKernel } from './wgsl';

/** The practice exercise `padded` (its words: the 'practice' catalogues, `practice:ex.padded.*`). */
export const padded = {
    id: 'padded',
    kind: 'transpose',
    constants: { tile: 32, wg: 8 },
    workgroup: [32, 8],
    budget: 'block',
    block: { rows: 32, cols: 32 },
    barriers: { perPhase: 1 },
    rung: 'reg4x4',
    random: { max: { m: 96, k: 96, n: 96 }, multipleOf: 32 },
    shapes: [
      { m: 32, k: 32, n: 32 },
      { m: 64, k: 32, n: 64 },
    ],
    structure: ['through', 'padded'],
    hints: 3,
    skeleton: paddedKernel('TILE'),
    solution: paddedKernel('TILE + 1u'),
} as const satisfies Exercise;
