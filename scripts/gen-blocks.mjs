#!/usr/bin/env node
// @ts-check (tsconfig.scripts.json, in `npm run typecheck`)
/**
 * Register-tiled kernels of any block shape, generated: a BM×BN C block per workgroup, TM×TN C
 * elements per invocation, double-buffered phases of BK, the k loop written out in the WGSL (on
 * wgpu a loop costs a bounding counter per iteration and is not unrolled by the driver), grouped
 * launch order. Used for experiments (`node scripts/gen-blocks.mjs OUTDIR`) and for the rungs
 * listed in kBlockRungs (written into shaders/generated/ by `node scripts/gen-blocks.mjs`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { kA1, kB1, kStoreCScalar, kStoreCVec4 } from './gen-unrolled.mjs';

/**
 * @typedef {{ id: string, BM: number, BN: number, BK: number, TM: number, TN: number, vec4: boolean | 'A' | 'B',
 *   aRows?: boolean, u2?: boolean, fma?: boolean, cScalar?: boolean, note?: string }} BlockDesc
 * aRows: A staged row-major in workgroup memory (one 16-byte store per vec4 loaded) instead of
 * transposed (four scalar stores per vec4). u2: the phase loop runs two phases per iteration, so the
 * workgroup copy each phase reads and writes is a constant (experiments). fma: the multiply-adds are
 * written as fma() (experiments). cScalar: with vec4 B, C is still written per element (C an array of
 * f32): on wgpu a vec4 C binding cost the 128×128 and 128×256 blocks 10–14% (docs/benchmarks.md, round 8).
 */

/** @param {BlockDesc} d */
export function blockKernel(d) {
  const { BM, BN, BK, TM, TN, vec4 } = d;
  const aRows = !!d.aRows;
  const RG = TM / 4; // groups of 4 rows per invocation
  const CG = TN / 4; // groups of 4 columns
  const TX = BN / TN; // invocations across the block
  const TY = BM / TM; // and down
  const T = TX * TY;
  const KQ = BK / 4; // vec4s of A per block row and phase
  const NQ = BN / 4; // vec4s of B per k
  const PA = (BM * KQ) / T; // A vec4s each invocation stages per phase
  const PB = (BK * NQ) / T; // B vec4s
  for (const [what, v] of Object.entries({ RG, CG, TX, TY, KQ, PA, PB })) {
    if (!Number.isInteger(v) || v < 1) throw new Error(`${d.id}: ${what} = ${v} is not a positive integer`);
  }
  /** @type {string[]} */
  const L = [];
  const w = (/** @type {string} */ s) => L.push(s);
  const shared = aRows
    ? `// As[s][m·${KQ} + q] holds A[row0 + m][k0 + 4q … +3] (row-major, one 16-byte store per staged vec4);
// Bs[k][s][n/4] holds B[k0 + k][col0 + n … +3]. Two copies (s = 0, 1) for double buffering.
var<workgroup> As: array<array<vec4<f32>, ${BM * KQ}>, 2>;
var<workgroup> Bs: array<array<array<vec4<f32>, ${NQ}>, 2>, BK>;`
    : `// As[k][s][m/4] holds A[row0 + m][k0 + k] (A transposed: the 4 rows an invocation needs are one vec4);
// Bs[k][s][n/4] holds B[k0 + k][col0 + n … +3]. Two copies (s = 0, 1) for double buffering.
var<workgroup> As: array<array<array<vec4<f32>, ${BM / 4}>, 2>, BK>;
var<workgroup> Bs: array<array<array<vec4<f32>, ${NQ}>, 2>, BK>;`;
  const storeA = aRows
    ? `fn storeA(s: u32, idx: u32, v: vec4<f32>) {
  As[s][idx] = v;
}`
    : `fn storeA(s: u32, idx: u32, v: vec4<f32>) {
  let m = idx / ${KQ}u;
  let k = (idx % ${KQ}u) * 4u;
  As[k + 0u][s][m / 4u][m % 4u] = v.x;
  As[k + 1u][s][m / 4u][m % 4u] = v.y;
  As[k + 2u][s][m / 4u][m % 4u] = v.z;
  As[k + 3u][s][m / 4u][m % 4u] = v.w;
}`;
  const storeB = `fn storeB(s: u32, idx: u32, v: vec4<f32>) {
  Bs[idx / ${NQ}u][s][idx % ${NQ}u] = v;
}`;
  // vec4: true (A, B and C as vec4), false (all scalar), 'A' or 'B' (only A, or only B and C, as vec4).
  const vecA = vec4 === true || vec4 === 'A';
  const vecB = vec4 === true || vec4 === 'B';
  const vecC = vecB && !d.cScalar;
  const slots = `// Staging slot idx of a phase: A row idx / ${KQ} of the block, k = 4·(idx % ${KQ}) … +3; B row
// idx / ${NQ}, columns 4·(idx % ${NQ}) … +3.`;
  const loadA = vecA
    ? `// One 16-byte load of A; K is a multiple of 4, so a vec4 is wholly inside A or wholly outside (0.0).
fn loadA(row0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let row = row0 + idx / ${KQ}u;
  let k = k0 + (idx % ${KQ}u) * 4u;
  if (row < dims.M && k < dims.K) { return A[(row * dims.K + k) / 4u]; }
  return vec4<f32>(0.0);
}`
    : `${kA1}

// Four scalar loads of A packed into a vec4; the bounds are tested once per vec4 where all four are
// inside, element by element only at the edges.
fn loadA(row0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let row = row0 + idx / ${KQ}u;
  let k = k0 + (idx % ${KQ}u) * 4u;
  if (row < dims.M && k + 3u < dims.K) {
    let i = row * dims.K + k;
    return vec4<f32>(A[i], A[i + 1u], A[i + 2u], A[i + 3u]);
  }
  return vec4<f32>(a1(row, k), a1(row, k + 1u), a1(row, k + 2u), a1(row, k + 3u));
}`;
  const loadB = vecB
    ? `// One 16-byte load of B; N is a multiple of 4, so a vec4 is wholly inside B or wholly outside (0.0).
fn loadB(col0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let k = k0 + idx / ${NQ}u;
  let col = col0 + (idx % ${NQ}u) * 4u;
  if (k < dims.K && col < dims.N) { return B[(k * dims.N + col) / 4u]; }
  return vec4<f32>(0.0);
}

${vecC ? kStoreCVec4 : kStoreCScalar}`
    : `${kB1}

// Four scalar loads of B packed into a vec4, tested as for A.
fn loadB(col0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let k = k0 + idx / ${NQ}u;
  let col = col0 + (idx % ${NQ}u) * 4u;
  if (k < dims.K && col + 3u < dims.N) {
    let i = k * dims.N + col;
    return vec4<f32>(B[i], B[i + 1u], B[i + 2u], B[i + 3u]);
  }
  return vec4<f32>(b1(k, col), b1(k, col + 1u), b1(k, col + 2u), b1(k, col + 3u));
}

${kStoreCScalar}`;
  const loads = `${slots}\n${loadA}\n\n${loadB}`;
  const elemA = vecA ? 'vec4<f32>' : 'f32';
  const elemB = vecB ? 'vec4<f32>' : 'f32';
  const elemC = vecC ? 'vec4<f32>' : 'f32';
  w(`// ${d.id}.wgsl — GENERATED by the generator script gen-blocks.mjs (do not edit by hand; edit the generator).
//
// Register tiling with a ${BM}×${BN} C block per workgroup of ${T} invocations (${TX}×${TY}), each keeping ${TM === 8 ? 'an' : 'a'}
// ${TM}×${TN} block of C in ${TM * CG} vec4 accumulators; phases of BK = ${BK}, double-buffered (the next
// phase's global loads are in flight during this phase's arithmetic; one barrier per phase).
// Invocation (tx, ty) owns rows 4·ty + ${4 * TY}·i + e and columns 4·tx + ${4 * TX}·j … +3 of the block, so
// neighbouring invocations read neighbouring vec4s of workgroup memory.
// The k loop of a phase is written out: every workgroup-memory index is a constant plus a
// per-invocation value, nothing runs per k but the reads and the multiply-adds, and on wgpu
// (whose translation adds a bounding counter to every loop and keeps the driver from unrolling
// it) the arithmetic is not interleaved with loop bookkeeping.
// ${aRows ? `A is staged row-major: each staged vec4 of A goes into workgroup memory as one 16-byte store,
// and an invocation reads one vec4 (4 values of k) per row it owns.` : `A is staged transposed: an invocation reads one vec4 (4 rows) of A per k.`}
// Launch order: consecutive workgroups cover GROUP block rows column by column (GROUP = 1: row
// by row), so the A and B blocks they share are still in L2.${d.note ? `\n// ${d.note}` : ''}
//
// ${vec4 ? `K and N must be multiples of 4 (the app pads them with zeros on upload when they are not): ${vec4 === true ? (vecC ? 'A, B\n// and C are' : 'A and B\n// are') : vecA ? 'A is' : vecC ? 'B and C are' : 'B is'} viewed as ${vecA && vecB ? 'arrays' : 'an array'} of vec4<f32>${vecC ? '' : '; C is written per element'}. Any M.` : 'Any M, K, N: A and B are read as scalars, 0.0 outside the matrix (the PMPP rule); C is written\n// per element, tested.'} Every invocation reaches every barrier.
//
// Bindings: the shared layout (${elemA === elemB && elemB === elemC ? `A, B and C as arrays of ${elemA}` : elemB === elemC ? `A as an array of ${elemA}, B and C as arrays of ${elemB}` : `A as an array of ${elemA}, B of ${elemB}, C of ${elemC}`}, dims).

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

@group(0) @binding(0) var<storage, read> A: array<${elemA}>;
@group(0) @binding(1) var<storage, read> B: array<${elemB}>;
@group(0) @binding(2) var<storage, read_write> C: array<${elemC}>;
@group(0) @binding(3) var<uniform> dims: Dims;

const BM: u32 = ${BM}u;
const BN: u32 = ${BN}u;
const BK: u32 = ${BK}u;
/** Block rows per launch group (1: plain order). */
override GROUP: u32 = 8u;

${shared}

${loads}

${storeA}

${storeB}

@compute @workgroup_size(${TX}, ${TY}, 1)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x;
  let ty = lid.y;
  let t = ty * ${TX}u + tx;

  // Grouped launch order: workgroup number lin walks GROUP block rows column by column.
  let nx = (dims.N + BN - 1u) / BN;
  let ny = (dims.M + BM - 1u) / BM;
  let lin = wg.y * nx + wg.x;
  let firstRow = (lin / (GROUP * nx)) * GROUP;
  let rowsHere = min(ny - firstRow, GROUP);
  let inGroup = lin % (GROUP * nx);
  let row0 = (firstRow + inGroup % rowsHere) * BM;
  let col0 = (inGroup / rowsHere) * BN;
`);
  const acc = (/** @type {number} */ r, /** @type {number} */ c) => `c${r}_${c}`;
  for (let r = 0; r < TM; r++) w(`  var ${Array.from({ length: CG }, (_, c) => acc(r, c)).join(' = vec4<f32>(0.0);\n  var ')} = vec4<f32>(0.0);`);
  w('');
  w('  // Phase 0 into copy 0.');
  const P = Math.max(PA, PB);
  /** One staging slot of A (x 'a') or B ('b'): its letter, loader suffix, base expression and index. */
  /** @typedef {(x: 'a' | 'b', X: 'A' | 'B', base: 'row0' | 'col0', i: number) => void} SlotFn */
  const each = (/** @type {SlotFn} */ f) => { for (let i = 0; i < P; i++) { if (i < PA) f('a', 'A', 'row0', i); if (i < PB) f('b', 'B', 'col0', i); } };
  each((x, X, base, i) => w(`  var p${x}${i} = load${X}(${base}, 0u, t + ${i * T}u);`));
  each((x, X, _b, i) => w(`  store${X}(0u, t + ${i * T}u, p${x}${i});`));
  const rowOf = (/** @type {number} */ i, /** @type {number} */ e) => `ty * 4u + ${4 * TY * i + e}u`; // block row of accumulator row 4i+e
  const mad = (/** @type {string} */ c, /** @type {string} */ a, /** @type {string} */ b) => (d.fma ? `${c} = fma(vec4<f32>(${a}), ${b}, ${c});` : `${c} += ${a} * ${b};`);
  // One phase: the next phase's loads in flight, this phase's arithmetic on copy `cur`, the next
  // phase parked in copy `nxt`, a barrier. `ph`, `cur`, `nxt`: WGSL expressions (`cur` and `nxt`
  // are constants when the loop runs two phases per iteration); `ind`: the indentation.
  const phase = (/** @type {string} */ ph, /** @type {string} */ cur, /** @type {string} */ nxt, /** @type {string} */ ind) => {
    w(`${ind}let more = ${ph} + 1u < phases; // uniform
${ind}// 1. The next phase's global loads, in flight during the arithmetic.
${ind}if (more) {
${ind}  let k1 = (${ph} + 1u) * BK;`);
    each((x, X, base, i) => w(`${ind}  p${x}${i} = load${X}(${base}, k1, t + ${i * T}u);`));
    w(`${ind}}`);
    w(`${ind}// 2. This phase, k = 0 … ${BK - 1} written out.`);
    if (aRows) {
      for (let q = 0; q < KQ; q++) {
        for (let kk = 0; kk < 4; kk++) for (let j = 0; j < CG; j++) w(`${ind}let b${j}k${4 * q + kk} = Bs[${4 * q + kk}u][${cur}][tx + ${TX * j}u];`);
        for (let i = 0; i < RG; i++)
          for (let e = 0; e < 4; e++) {
            const a = `a${4 * i + e}q${q}`;
            w(`${ind}let ${a} = As[${cur}][(${rowOf(i, e)}) * ${KQ}u + ${q}u];`);
            for (let j = 0; j < CG; j++) {
              const b = (/** @type {number} */ kk) => `b${j}k${4 * q + kk}`;
              w(`${ind}${acc(4 * i + e, j)} += ${a}.x * ${b(0)} + ${a}.y * ${b(1)} + ${a}.z * ${b(2)} + ${a}.w * ${b(3)};`);
            }
          }
      }
    } else {
      for (let k = 0; k < BK; k++) {
        for (let i = 0; i < RG; i++) w(`${ind}let a${i}k${k} = As[${k}u][${cur}][ty + ${TY * i}u];`);
        for (let j = 0; j < CG; j++) w(`${ind}let b${j}k${k} = Bs[${k}u][${cur}][tx + ${TX * j}u];`);
        for (let i = 0; i < RG; i++)
          ['x', 'y', 'z', 'w'].forEach((comp, e) => {
            w(`${ind}${Array.from({ length: CG }, (_, j) => mad(acc(4 * i + e, j), `a${i}k${k}.${comp}`, `b${j}k${k}`)).join(' ')}`);
          });
      }
    }
    w(`${ind}// 3. Park the next phase in the other copy (its last readers passed the previous barrier).
${ind}if (more) {${nxt === '1u - cur' ? `
${ind}  let nxt = 1u - cur;` : ''}`);
    const into = nxt === '1u - cur' ? 'nxt' : nxt;
    each((x, X, _b, i) => w(`${ind}  store${X}(${into}, t + ${i * T}u, p${x}${i});`));
    w(`${ind}}
${ind}workgroupBarrier();`);
  };
  w(`  workgroupBarrier();

  let phases = (dims.K + BK - 1u) / BK;`);
  if (d.u2) {
    w(`  // Two phases per iteration, so the copy each reads and writes is a constant.
  for (var ph = 0u; ph < phases; ph += 2u) {
    {`);
    phase('ph', '0u', '1u', '      ');
    w(`    }
    if (ph + 1u < phases) { // uniform`);
    phase('(ph + 1u)', '1u', '0u', '      ');
    w(`    }
  }
`);
  } else {
    w(`  for (var ph = 0u; ph < phases; ph++) {
    let cur = ph % 2u;`);
    phase('ph', 'cur', '1u - cur', '    ');
    w(`  }
`);
  }
  for (let i = 0; i < RG; i++)
    for (let e = 0; e < 4; e++)
      for (let j = 0; j < CG; j++) w(`  storeC(row0 + ${rowOf(i, e)}, col0 + tx * 4u + ${4 * TX * j}u, ${acc(4 * i + e, j)});`);
  w('}');
  return L.join('\n') + '\n';
}

/**
 * Experiment set (node scripts/gen-blocks.mjs OUTDIR writes them all). Ids: b{BM}x{BN}k{BK}t{TM}x{TN},
 * then r (A staged row-major), v / va / vb (vec4 A, B and C / A only / B and C only), u (two phases
 * per loop iteration: constant copy indices), f (explicit fma()).
 * @returns {BlockDesc[]}
 */
export function experiments() {
  /** @type {BlockDesc[]} */
  const out = [];
  /**
   * @param {number} BM @param {number} BN @param {number} BK @param {number} TM @param {number} TN
   * @param {BlockDesc['vec4']} vec4 @param {{ aRows?: boolean, u2?: boolean, fma?: boolean }} [opts]
   */
  const add = (BM, BN, BK, TM, TN, vec4, { aRows = false, u2 = false, fma = false } = {}) =>
    out.push({
      id: `b${BM}x${BN}k${BK}t${TM}x${TN}${aRows ? 'r' : ''}${vec4 === true ? 'v' : vec4 ? `v${vec4.toLowerCase()}` : ''}${u2 ? 'u' : ''}${fma ? 'f' : ''}`,
      BM, BN, BK, TM, TN, vec4, aRows, u2, fma,
    });
  // 128×128 (reg16x8 / reg16x8v's block): the large sizes.
  for (const o of [{}, { u2: true }, { fma: true }, { u2: true, fma: true }]) add(128, 128, 8, 16, 8, true, o);
  add(128, 128, 8, 16, 8, false);
  add(128, 128, 8, 16, 8, false, { u2: true });
  add(128, 128, 8, 16, 8, 'B', { u2: true });
  add(128, 128, 8, 8, 8, true);
  add(128, 128, 8, 8, 8, true, { u2: true });
  add(128, 128, 16, 8, 8, true);
  // 128×64 (blk128x64v's block) and 64×64 (blk64x64v's): the mid sizes.
  for (const o of [{}, { u2: true }, { fma: true }]) add(128, 64, 16, 8, 8, true, o);
  add(128, 64, 32, 8, 8, true);
  add(128, 64, 16, 8, 8, 'B', { u2: true });
  add(64, 64, 16, 8, 4, true, { u2: true });
  // 128×256 (blk128x256's block, a scalar plan: 'B' only where N is a multiple of 4).
  add(128, 256, 8, 16, 8, false, { u2: true });
  add(128, 256, 8, 16, 8, 'B', { u2: true });
  // Second call: fma() where the first call found it helped (128×64 on both engines).
  add(32, 64, 16, 4, 4, true, { fma: true });
  add(64, 64, 16, 8, 4, true, { fma: true });
  add(128, 64, 16, 8, 4, true, { fma: true });
  add(128, 128, 8, 16, 8, false, { fma: true });
  add(128, 256, 8, 16, 8, false, { fma: true });
  add(128, 256, 8, 16, 8, 'B', { fma: true });
  // Third call: other splits of the 128×128 block (8×16 per invocation, phases of 4).
  add(128, 128, 8, 8, 16, true);
  add(128, 128, 4, 16, 8, true);
  add(128, 128, 8, 8, 16, false);
  // Fourth call: 8×16 per invocation (best of the third call on wgpu) in other blocks, and with fma().
  add(128, 128, 8, 8, 16, true, { fma: true });
  add(128, 256, 8, 8, 16, false);
  add(128, 256, 8, 8, 16, 'B');
  add(128, 256, 8, 8, 16, true);
  add(64, 64, 16, 4, 8, true);
  add(128, 64, 16, 4, 8, true);
  add(128, 64, 16, 4, 8, true, { fma: true });
  // Round 5: phases of 16 for the 128×128 vec4 block (half the barriers per multiply-add).
  add(128, 128, 16, 16, 8, true);
  add(128, 128, 16, 8, 16, true);
  // Round 5, second call: the 128×128 block with vec4 B and C but A loaded as scalars (on wgpu the
  // vec4 A loads, stored transposed with a computed vector component, looked like the cost).
  add(128, 128, 8, 16, 8, 'B');
  add(128, 128, 8, 8, 16, 'B');
  add(128, 128, 8, 8, 16, 'B', { fma: true });
  return out;
}

/** The registered rungs generated by this script (written into shaders/generated/; src/gpu/generatedBlocks.test.ts checks them). */
/** @type {BlockDesc[]} */
export const kBlockRungs = [
  {
    id: 'blk32x64v', BM: 32, BN: 64, BK: 16, TM: 4, TN: 4, vec4: true,
    note: 'Why this block: for small problems. A 32×64 block gives four times as many workgroups as 64×64\n// (128 at 512³), so every multiprocessor of a large GPU gets work where bigger blocks leave most idle.',
  },
  {
    id: 'blk64x64v', BM: 64, BN: 64, BK: 16, TM: 8, TN: 4, vec4: true,
    note: 'Why this block: for mid sizes. 64×64 blocks launch 256 workgroups at 1024³ where 128×128 launch 64;\n// 8×4 C elements per invocation do 32 multiply-adds per three vec4 reads of workgroup memory\n// (reg4x4: 16 per two), and phases of 16 halve the barriers of phases of 8.',
  },
  {
    id: 'blk128x64v', BM: 128, BN: 64, BK: 16, TM: 8, TN: 8, vec4: true, fma: true,
    note: 'Why this block: between the mid and the large sizes. Half a 128×128 block, so twice the workgroups,\n// with 8×8 C elements per invocation and phases of 16. The multiply-adds are written as fma(): on an\n// H100 that made this block 3–4% faster on both engines (Dawn 29.9 → 30.8 TFLOP/s at 1024³, wgpu\n// 25.4 → 26.4), where the 128×128 blocks lost by it (the project\'s benchmark notes, round 4).',
  },
  {
    id: 'blk128x256', BM: 128, BN: 256, BK: 8, TM: 16, TN: 8, vec4: 'B', cScalar: true,
    note: 'Why this block: for large problems. Each element of A staged is used by 256 columns and each of B by\n// 128 rows, twice the reuse of a 128×128 block, so half the global loads per multiply-add for B.\n// B is read as vec4, A as scalars (on wgpu vec4 loads of A, stored transposed, were slower), and C is\n// written per element: on an H100 through wgpu that made this block 7% faster than with vec4 C or\n// all-scalar access (38.5 → 41.1 TFLOP/s at 2048³; the project\'s benchmark notes, round 8).',
  },
];

/**
 * The block kernel `d` with K split over wg.z (split-K): layer z of workgroups covers k in
 * [z·KS, z·KS + KS) (KS, an override constant, a multiple of BK) and writes its partial C block to
 * slice z of a scratch buffer, bound where C is (slice z starts at z·M·N); a second pass
 * (shaders/splitk_sum.wgsl) adds the slices into C. Kernels with vec4 B and C only (vec4: true or 'B').
 * @param {BlockDesc} d
 */
export function splitKernel(d) {
  let s = blockKernel(d);
  const sub = (/** @type {string} */ a, /** @type {string} */ b) => {
    if (!s.includes(a)) throw new Error(`splitKernel: "${a}" not found`);
    s = s.split(a).join(b);
  };
  sub('override GROUP: u32 = 8u;', 'override GROUP: u32 = 8u;\n/** Split-K: the K elements one layer of workgroups (wg.z) covers, a multiple of BK. */\noverride KS: u32 = 256u;');
  sub(`  let t = ty * ${d.BN / d.TN}u + tx;\n`, `  let t = ty * ${d.BN / d.TN}u + tx;\n  let kBase = wg.z * KS; // this layer's first k\n`);
  s = s.replace(/load([AB])\((row0|col0), 0u, /g, 'load$1($2, kBase, ');
  sub('let k1 = (ph + 1u) * BK;', 'let k1 = kBase + (ph + 1u) * BK;');
  sub('let phases = (dims.K + BK - 1u) / BK;', 'let phases = KS / BK; // uniform (an override constant)');
  sub('fn storeC(row: u32, col: u32, v: vec4<f32>) {\n  if (row < dims.M && col < dims.N) { C[(row * dims.N + col) / 4u] = v; }',
    'fn storeC(z: u32, row: u32, col: u32, v: vec4<f32>) {\n  if (row < dims.M && col < dims.N) { C[(z * dims.M * dims.N + row * dims.N + col) / 4u] = v; }');
  s = s.replace(/ {2}storeC\(row0/g, '  storeC(wg.z, row0');
  const bindings = /\/\/ Bindings: the shared layout \((.*), dims\)\./;
  if (!bindings.test(s)) throw new Error('splitKernel: the bindings comment not found');
  s = s.replace(bindings, '// Bindings: the shared layout ($1, dims); C is bound to the scratch\n// buffer of the partial products (slices × M × N), not to the product.');
  return s;
}

/** The split-K rung (its main pass; the sum pass is shaders/splitk_sum.wgsl, written by hand). */
/** @type {BlockDesc[]} */
export const kSplitRungs = [
  {
    id: 'split128v', BM: 128, BN: 128, BK: 8, TM: 16, TN: 8, vec4: true,
    note: 'Split-K: where the 128×128 blocks of C are too few to fill the GPU (64 at 1024³), K is split over S\n// layers of workgroups (wg.z), S times the workgroups, each layer a partial product; a second pass sums them.\n// The rest is reg16x8v: 16×8 C elements per invocation, vec4 loads.',
  },
  {
    id: 'split8x16v', BM: 128, BN: 128, BK: 8, TM: 8, TN: 16, vec4: true,
    note: 'Split-K as split128v, with 8×16 C elements per invocation instead of 16×8: on an H100 through wgpu\n// (Firefox\'s engine) 7% faster at 1024³ and 10% at 2039×3001×1531, through Dawn 3–6% slower.',
  },
];

/** Each rung with a function writing its WGSL (for the test that the committed files match). */
export const kBlockGenerated = [
  ...kBlockRungs.map((d) => ({ id: d.id, source: () => blockKernel(d) })),
  ...kSplitRungs.map((d) => ({ id: d.id, source: () => splitKernel(d) })),
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (dir) {
    mkdirSync(dir, { recursive: true });
    for (const d of experiments()) writeFileSync(`${dir}/${d.id}.wgsl`, blockKernel(d));
    console.log(experiments().map((d) => d.id).join(' '));
  } else {
    for (const g of kBlockGenerated) {
      const path = new URL(`../shaders/generated/${g.id}.wgsl`, import.meta.url);
      writeFileSync(path, g.source());
      console.log(`wrote ${fileURLToPath(path)}`);
    }
  }
}
