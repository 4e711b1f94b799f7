#!/usr/bin/env node
/**
 * Writes the hand-unrolled register-tiled rungs (shaders/reg16x8.wgsl, shaders/reg16x8v.wgsl).
 * Their inner loop is unrolled in the WGSL itself, which is long and regular, so it is generated
 * from a description rather than typed; `src/gpu/generated.test.ts` checks the committed files
 * match this generator. Run: node scripts/gen-unrolled.mjs
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BM = 128;
const BN = 128;
const BK = 8;

/** The shared binding layout, with A, B and C viewed as arrays of `elem`. */
const bindings = (elem) => `@group(0) @binding(0) var<storage, read> A: array<${elem}>;
@group(0) @binding(1) var<storage, read> B: array<${elem}>;
@group(0) @binding(2) var<storage, read_write> C: array<${elem}>;
@group(0) @binding(3) var<uniform> dims: Dims;`;

/** The memory-access half of a kernel: scalar (any shape) or vec4 (K and N multiples of 4). */
function access(d) {
  if (d.vec4) {
    return {
      header: `//
// K and N must be multiples of 4 (the app pads them with zeros on upload when they are not; the
// padded columns of C are dropped on read-back): A, B and C are
// viewed as arrays of vec4<f32>, so every global load and store moves 16 bytes. Any M. Loads
// outside the matrix are whole vec4s of 0.0; stores are tested per vec4. Every invocation reaches
// every barrier (loop bounds come from the uniform dims).
//
// Bindings: the shared layout (A, B, C as arrays of vec4<f32>, dims).`,
      bindings: bindings('vec4<f32>'),
      fns: VEC4_FNS,
    };
  }
  return {
    header: `//
// Any M, K, N: A and B are read as scalars (0.0 outside the matrix, the PMPP rule) and packed
// into vec4s, so no alignment is needed; C is written per element, tested. Every invocation
// reaches every barrier (loop bounds come from the uniform dims).
//
// Bindings: the shared layout (A, B, C as arrays of f32, dims).`,
    bindings: bindings('f32'),
    fns: SCALAR_FNS,
  };
}

/** Register → workgroup memory, the same in both forms: A transposed on the way, B as is. */
const STAGE_FNS = `fn storeA(s: u32, idx: u32, v: vec4<f32>) {
  let m = idx / 2u;
  let k = (idx % 2u) * 4u;
  As[k + 0u][s][m / 4u][m % 4u] = v.x;
  As[k + 1u][s][m / 4u][m % 4u] = v.y;
  As[k + 2u][s][m / 4u][m % 4u] = v.z;
  As[k + 3u][s][m / 4u][m % 4u] = v.w;
}

fn storeB(s: u32, idx: u32, v: vec4<f32>) {
  Bs[idx / 32u][s][idx % 32u] = v;
}

`;

const SCALAR_FNS = `fn a1(row: u32, k: u32) -> f32 {
  if (row < dims.M && k < dims.K) { return A[row * dims.K + k]; }
  return 0.0;
}

fn b1(k: u32, col: u32) -> f32 {
  if (k < dims.K && col < dims.N) { return B[k * dims.N + col]; }
  return 0.0;
}

// Staging slot idx of a phase: A row idx/2 of the block, k = 4·(idx % 2) … +3; B row idx/32,
// columns 4·(idx % 32) … +3. Four scalar loads packed into a vec4; the bounds are tested once
// per vec4 where all four are inside (nearly always), element by element only at the edges.
fn loadA(row0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let row = row0 + idx / 2u;
  let k = k0 + (idx % 2u) * 4u;
  if (row < dims.M && k + 3u < dims.K) {
    let i = row * dims.K + k;
    return vec4<f32>(A[i], A[i + 1u], A[i + 2u], A[i + 3u]);
  }
  return vec4<f32>(a1(row, k), a1(row, k + 1u), a1(row, k + 2u), a1(row, k + 3u));
}

fn loadB(col0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let k = k0 + idx / 32u;
  let col = col0 + (idx % 32u) * 4u;
  if (k < dims.K && col + 3u < dims.N) {
    let i = k * dims.N + col;
    return vec4<f32>(B[i], B[i + 1u], B[i + 2u], B[i + 3u]);
  }
  return vec4<f32>(b1(k, col), b1(k, col + 1u), b1(k, col + 2u), b1(k, col + 3u));
}

${STAGE_FNS}// Four C elements of one row (after the last barrier: returning early is safe).
fn storeC(row: u32, col: u32, v: vec4<f32>) {
  if (row >= dims.M) { return; }
  let base = row * dims.N + col;
  if (col + 3u < dims.N) {
    C[base] = v.x;
    C[base + 1u] = v.y;
    C[base + 2u] = v.z;
    C[base + 3u] = v.w;
    return;
  }
  if (col < dims.N) { C[base] = v.x; }
  if (col + 1u < dims.N) { C[base + 1u] = v.y; }
  if (col + 2u < dims.N) { C[base + 2u] = v.z; }
}

`;

const VEC4_FNS = `// Staging slot idx of a phase: A row idx/2 of the block, k = 4·(idx % 2) … +3; B row idx/32,
// columns 4·(idx % 32) … +3. One 16-byte load each; K and N are multiples of 4, so a vec4 is
// either wholly inside the matrix or wholly outside (0.0).
fn loadA(row0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let row = row0 + idx / 2u;
  let k = k0 + (idx % 2u) * 4u;
  if (row < dims.M && k < dims.K) { return A[(row * dims.K + k) / 4u]; }
  return vec4<f32>(0.0);
}

fn loadB(col0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let k = k0 + idx / 32u;
  let col = col0 + (idx % 32u) * 4u;
  if (k < dims.K && col < dims.N) { return B[(k * dims.N + col) / 4u]; }
  return vec4<f32>(0.0);
}

${STAGE_FNS}// Four C elements of one row as one vec4 store (after the last barrier: returning early is safe).
fn storeC(row: u32, col: u32, v: vec4<f32>) {
  if (row < dims.M && col < dims.N) { C[(row * dims.N + col) / 4u] = v; }
}

`;

/**
 * One kernel: a 128×128 C block per workgroup, each invocation `rows`×`cols` C elements in groups
 * of 4×4 spaced so neighbouring invocations touch neighbouring vec4s.
 * @param {{ id: string, rows: 8 | 16, cols: 8 | 16, vec4: boolean, note: string }} d
 */
export function unrolledKernel(d) {
  const RG = d.rows / 4; // row groups of 4 per invocation
  const CG = d.cols / 4; // column groups of 4
  const TY = BM / d.rows; // invocations down the block
  const TX = BN / d.cols; // and across
  const T = TX * TY;
  const perThread = (BM * BK) / 4 / T; // vec4s of each tile an invocation stages per phase
  const L = [];
  const w = (s) => L.push(s);
  w(`// ${d.id}.wgsl — GENERATED by scripts/gen-unrolled.mjs (do not edit by hand; edit the generator).
//
// Register tiling at its widest: a 128×128 C block per workgroup of ${T} invocations (${TX}×${TY}), each
// keeping a ${d.rows}×${d.cols} block of C in ${RG * 4 * CG} vec4 accumulators, with the double-buffered
// staging of reg8x8db.wgsl (BK = ${BK}).
//
// What changed from reg8x8db.wgsl, and why it is faster:
//  1. Fewer, fatter invocations: ${T} instead of 256, each with ${d.rows * d.cols} accumulators instead of 64.
//     Per k an invocation reads ${RG} vec4 of A and ${CG} vec4 of B from workgroup memory for
//     ${d.rows * d.cols} multiply-adds (${((d.rows * d.cols) / (RG + CG)).toFixed(1)} per read, against 16), and has that many independent
//     multiply-adds to hide latency behind.
//  2. The k loop is unrolled here, in the WGSL: every workgroup-memory index is then a constant
//     plus a per-phase value, so neither the engine's bounds clamps nor the loop run per read, and
//     the GPU compiler is free to schedule the reads of step k+1 under the arithmetic of step k.
//     (Left to the driver, the loop was unrolled on one engine and not on the other.)
//  3. Grouped launch order (override GROUP): consecutive workgroups cover GROUP block rows × every
//     block column column by column, so the A and B blocks they share are still in L2. GROUP = 1 is
//     the plain row-by-row order. The per-adapter tuner picks GROUP.
// ${d.note}
${access(d).header}

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

${access(d).bindings}

const BM: u32 = ${BM}u;
const BN: u32 = ${BN}u;
const BK: u32 = ${BK}u;
/** Block rows per launch group (1: plain order). */
override GROUP: u32 = 8u;

// Two copies (s = 0, 1) of As[k][m] (A transposed) and Bs[k][n], 32 vec4 per k, indexed [k][s][m/4].
var<workgroup> As: array<array<array<vec4<f32>, 32>, 2>, BK>;
var<workgroup> Bs: array<array<array<vec4<f32>, 32>, 2>, BK>;

${access(d).fns}@compute @workgroup_size(${TX}, ${TY}, 1)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let tx = lid.x; // columns 4·tx + ${4 * TX}·j of the block
  let ty = lid.y; // rows 4·ty + ${4 * TY}·i
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
  const acc = (r, c) => `c${r}_${c}`;
  for (let r = 0; r < d.rows; r++) w(`  var ${Array.from({ length: CG }, (_, c) => acc(r, c)).join(' = vec4<f32>(0.0);\n  var ')} = vec4<f32>(0.0);`);
  w('');
  w('  // Phase 0 into copy 0.');
  for (let i = 0; i < perThread; i++) w(`  var pa${i} = loadA(row0, 0u, t + ${i * T}u);\n  var pb${i} = loadB(col0, 0u, t + ${i * T}u);`);
  for (let i = 0; i < perThread; i++) w(`  storeA(0u, t + ${i * T}u, pa${i});\n  storeB(0u, t + ${i * T}u, pb${i});`);
  w(`  workgroupBarrier();

  let phases = (dims.K + BK - 1u) / BK;
  for (var ph = 0u; ph < phases; ph++) {
    let cur = ph % 2u;
    let more = ph + 1u < phases; // uniform
    // 1. The next phase's global loads, in flight during the arithmetic.
    if (more) {
      let k1 = (ph + 1u) * BK;`);
  for (let i = 0; i < perThread; i++) w(`      pa${i} = loadA(row0, k1, t + ${i * T}u);\n      pb${i} = loadB(col0, k1, t + ${i * T}u);`);
  w('    }');
  w('    // 2. This phase, k = 0 … 7 written out.');
  for (let k = 0; k < BK; k++) {
    for (let i = 0; i < RG; i++) w(`    let a${i}k${k} = As[${k}u][cur][ty + ${TY * i}u];`);
    for (let j = 0; j < CG; j++) w(`    let b${j}k${k} = Bs[${k}u][cur][tx + ${TX * j}u];`);
    for (let i = 0; i < RG; i++)
      ['x', 'y', 'z', 'w'].forEach((comp, e) => {
        w(`    ${Array.from({ length: CG }, (_, j) => `${acc(4 * i + e, j)} += a${i}k${k}.${comp} * b${j}k${k};`).join(' ')}`);
      });
  }
  w(`    // 3. Park the next phase in the other copy (its last readers passed the previous barrier).
    if (more) {
      let nxt = 1u - cur;`);
  for (let i = 0; i < perThread; i++) w(`      storeA(nxt, t + ${i * T}u, pa${i});\n      storeB(nxt, t + ${i * T}u, pb${i});`);
  w(`    }
    workgroupBarrier();
  }
`);
  for (let i = 0; i < RG; i++)
    for (let e = 0; e < 4; e++)
      for (let j = 0; j < CG; j++) w(`  storeC(row0 + ty * 4u + ${4 * TY * i + e}u, col0 + tx * 4u + ${4 * TX * j}u, ${acc(4 * i + e, j)});`);
  w('}');
  return L.join('\n') + '\n';
}

export const kUnrolled = [
  {
    id: 'reg16x8',
    rows: 16,
    cols: 8,
    vec4: false,
    note: 'This file reads A and B as scalars, for any shape; reg16x8v.wgsl is the same kernel with vec4 global access.',
  },
  {
    id: 'reg16x8v',
    rows: 16,
    cols: 8,
    vec4: true,
    note: 'This file is reg16x8.wgsl with vec4 global loads and stores (as reg8x8v is to reg8x8): fewer, wider memory instructions.',
  },
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const d of kUnrolled) {
    const path = new URL(`../shaders/${d.id}.wgsl`, import.meta.url);
    writeFileSync(path, unrolledKernel(d));
    console.log(`wrote ${fileURLToPath(path)}`);
  }
}
