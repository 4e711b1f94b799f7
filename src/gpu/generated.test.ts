import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — a plain .mjs script without type declarations
import { kUnrolled, unrolledKernel } from '../../scripts/gen-unrolled.mjs';

describe('generated kernels', () => {
  for (const d of kUnrolled as { id: string }[]) {
    it(`shaders/${d.id}.wgsl is what scripts/gen-unrolled.mjs writes (run it after editing the generator)`, () => {
      const committed = readFileSync(new URL(`../../shaders/${d.id}.wgsl`, import.meta.url), 'utf8');
      expect(committed).toBe((unrolledKernel as (x: unknown) => string)(d));
    });
  }
});
