import { describe, expect, it } from 'vitest';
import { kernelLines } from './kernelSteps';
import { tiledSourceFile } from './kernels';
import { kTileWidths } from './shape';

describe('kernelLines: the seed kernel by step', () => {
  for (const tile of kTileWidths) {
    it(`tiled${tile}.wgsl`, () => {
      const { file, source } = tiledSourceFile(tile);
      expect(file).toBe(`tiled${tile}.wgsl`);
      const k = kernelLines(source);
      expect(k.lines[k.steps.barrier1[0]!]).toContain('workgroupBarrier()');
      expect(k.lines[k.steps.barrier2[0]!]).toContain('workgroupBarrier()');
      expect(k.steps.load.some((i) => k.lines[i]!.includes('As[')) && k.steps.load.some((i) => k.lines[i]!.includes('Bs['))).toBe(true);
      // The multiply step holds one line per k (written out), each reading As[..][k] and Bs[k][..].
      for (let kk = 0; kk < tile; kk++) expect(k.steps.multiply.some((i) => k.lines[i]!.includes(`[${kk}]`))).toBe(true);
      expect(k.steps.multiply.every((i) => !k.lines[i]!.includes('workgroupBarrier'))).toBe(true);
      expect(k.steps.store.some((i) => /C\[.*\] = acc/.test(k.lines[i]!))).toBe(true);
      expect(k.lines[k.steps.store.at(-1)!]!.trim()).toBe('}');
      // Test 1 and test 2: their comment and their `if`.
      expect(k.loadTests.map((i) => k.lines[i]!.trim().slice(0, 2))).toEqual(['//', 'if', '//', 'if']);
    });
  }
});
