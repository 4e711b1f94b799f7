import type { Exercise } from './types';
import { mapBody } from './wgsl';

/** The practice exercise `guard` (its words: the 'practice' catalogues, `practice:ex.guard.*`). */
export const guard = {
    id: 'guard',
    kind: 'add',
    constants: { tile: 4, wg: 64 },
    workgroup: [64, 1],
    budget: 'elementwise',
    random: { max: { m: 64, k: 64, n: 64 } },
    shapes: [
      { m: 3, k: 5, n: 5 },
      { m: 7, k: 9, n: 9 },
      { m: 1, k: 1, n: 1 },
    ],
    hints: 3,
    skeleton: mapBody(`  // The grid is rounded up to whole workgroups of WG: some invocations have no element.
  storeC(row, col, loadA(row, col) + loadB(row, col));
`),
    // i18n-exempt: WGSL code; its comments are code, in English like shaders/*.wgsl
    solution: mapBody(`  if (i >= dims.M * dims.N) {
    return; // past the last element: nothing to do (no barrier follows, so returning is safe)
  }
  storeC(row, col, loadA(row, col) + loadB(row, col));
`),
} as const satisfies Exercise;
