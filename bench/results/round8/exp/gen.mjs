/* global process, console */
// Round 8 experiments: vec4 kernels with C written per element (C an array of f32), for wgpu.
// The WGSL is not kept in the repository: `node bench/results/round8/exp/gen.mjs DIR` writes it into DIR
// (run it at the commit the round measured for the same text; the shipped generators have moved on since).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockKernel } from '../../../../scripts/gen-blocks.mjs';
import { kStoreCScalar, kStoreCVec4 } from '../../../../scripts/gen-unrolled.mjs';
const cs = (src) => {
  const b = src.replace(/var<storage, read_write> C: array<vec4<f32>>;/, 'var<storage, read_write> C: array<f32>;').replace(kStoreCVec4, kStoreCScalar);
  if (b === src || !b.includes('C: array<f32>') || b.includes('C[(row * dims.N + col) / 4u]')) throw new Error('no vec4 C to replace');
  return `// EXPERIMENT (round 8): C written per element (C an array of f32).\n${b}`;
};
const out = {
  // 128×256, 16×8, vec4 B loads (A scalar), C per element: run in place of blk128x256 (squares only: its plan does not pad N).
  b256vbcs: cs(blockKernel({ id: 'b256vbcs', BM: 128, BN: 256, BK: 8, TM: 16, TN: 8, vec4: 'B' })),
  // the same with vec4 B and fma()
  b256vbfcs: cs(blockKernel({ id: 'b256vbfcs', BM: 128, BN: 256, BK: 8, TM: 16, TN: 8, vec4: 'B', fma: true })),
  // 128×128, 8×16, all vec4 loads, C per element: run in place of reg16x8v (its plan pads K and N).
  b128t8x16cs: cs(blockKernel({ id: 'b128t8x16cs', BM: 128, BN: 128, BK: 8, TM: 8, TN: 16, vec4: true })),
};
const dir = process.argv[2];
if (!dir) throw new Error('usage: node bench/results/round8/exp/gen.mjs DIR');
mkdirSync(dir, { recursive: true });
for (const [k, v] of Object.entries(out)) writeFileSync(join(dir, `${k}.wgsl`), v);
console.log(Object.keys(out).join(' '));
