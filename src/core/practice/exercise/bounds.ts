import type { Exercise } from './types';
import { tiledKernel, kBoundsIntro, kBoundsSolution, kBoundsSkeletonLoop } from './wgsl';

/** The practice exercise `bounds` (its words: the 'practice' catalogues, `practice:ex.bounds.*`). */
export const bounds = {
    id: 'bounds',
    kind: 'matmul',
    constants: { tile: 4, wg: 64 },
    workgroup: [4, 4],
    budget: 'tiled',
    barriers: { perPhase: 2 },
    random: { max: { m: 64, k: 96, n: 64 } },
    hintFor: { 'uniform-barrier': 3 },
    shapes: [
      { m: 3, k: 3, n: 3 },
      { m: 5, k: 7, n: 3 },
      { m: 1, k: 9, n: 2 },
      { m: 6, k: 1, n: 5 },
    ],
    structure: ['staged'],
    hints: 3,
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    skeleton: tiledKernel(kBoundsIntro, '(dims.K + TILE - 1u) / TILE', kBoundsSkeletonLoop, `  storeC(row, col, acc);  // TODO boundary test 3: only if the element is in C
`),
    // shaders/tiled.wgsl: PMPP's three tests.
    solution: tiledKernel(
      kBoundsIntro,
      '(dims.K + TILE - 1u) / TILE',
      kBoundsSolution,
      `  // Boundary test 3 (store C): only elements inside C are written.
  if (row < dims.M && col < dims.N) {
    storeC(row, col, acc);
  }
`,
    ),
} as const satisfies Exercise;
