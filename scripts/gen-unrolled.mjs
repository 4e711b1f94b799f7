#!/usr/bin/env node
// @ts-check (tsconfig.scripts.json, in `npm run typecheck`)
/**
 * Writes the register-tiled rungs whose accumulators and multiply-adds are long and regular: the
 * reg8x8 family (shaders/generated/reg8x8.wgsl, reg8x8v.wgsl, reg8x8db.wgsl: each kernel's own staging
 * around generated accumulators, multiply-adds and stores) and the hand-unrolled rungs
 * (shaders/generated/reg16x8.wgsl, reg16x8v.wgsl: the k loop unrolled in the WGSL itself). They are
 * generated from descriptions rather than typed; `src/gpu/generated.test.ts` checks the committed
 * files match this generator. Run: node scripts/gen-unrolled.mjs
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BM = 128;
const BN = 128;
const BK = 8;

/** The shared binding layout, with A, B and C viewed as arrays of `elem`. */
const bindings = (/** @type {string} */ elem) => `@group(0) @binding(0) var<storage, read> A: array<${elem}>;
@group(0) @binding(1) var<storage, read> B: array<${elem}>;
@group(0) @binding(2) var<storage, read_write> C: array<${elem}>;
@group(0) @binding(3) var<uniform> dims: Dims;`;

/**
 * The memory-access half of a kernel: scalar (any shape) or vec4 (K and N multiples of 4).
 * @param {{ vec4: boolean }} d
 */
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
/** `per`: vec4s of A per block row in one phase — 2u for BK = 8, (BK / 4u) where BK is an override. */
const stageFns = (/** @type {string} */ per) => `fn storeA(s: u32, idx: u32, v: vec4<f32>) {
  let m = idx / ${per};
  let k = (idx % ${per}) * 4u;
  As[k + 0u][s][m / 4u][m % 4u] = v.x;
  As[k + 1u][s][m / 4u][m % 4u] = v.y;
  As[k + 2u][s][m / 4u][m % 4u] = v.z;
  As[k + 3u][s][m / 4u][m % 4u] = v.w;
}

fn storeB(s: u32, idx: u32, v: vec4<f32>) {
  Bs[idx / 32u][s][idx % 32u] = v;
}

`;
const STAGE_FNS = stageFns('2u');

/** Global → register, one vec4 of A and one of B per staging slot (K and N multiples of 4). */
const vec4Loads = (/** @type {string} */ per) => `fn loadA(row0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let row = row0 + idx / ${per};
  let k = k0 + (idx % ${per}) * 4u;
  if (row < dims.M && k < dims.K) { return A[(row * dims.K + k) / 4u]; }
  return vec4<f32>(0.0);
}

fn loadB(col0: u32, k0: u32, idx: u32) -> vec4<f32> {
  let k = k0 + idx / 32u;
  let col = col0 + (idx % 32u) * 4u;
  if (k < dims.K && col < dims.N) { return B[(k * dims.N + col) / 4u]; }
  return vec4<f32>(0.0);
}
`;

/** WGSL text shared with scripts/gen-blocks.mjs: one element of A or B (0.0 outside, the PMPP rule) and the two C stores. */
export const kA1 = `fn a1(row: u32, k: u32) -> f32 {
  if (row < dims.M && k < dims.K) { return A[row * dims.K + k]; }
  return 0.0;
}`;
export const kB1 = `fn b1(k: u32, col: u32) -> f32 {
  if (k < dims.K && col < dims.N) { return B[k * dims.N + col]; }
  return 0.0;
}`;
/** Four C elements of one row, tested per element (any N). */
export const kStoreCScalar = `// Four C elements of one row (after the last barrier: returning early is safe).
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
}`;
/** Four C elements of one row as one vec4 store (N a multiple of 4). */
export const kStoreCVec4 = `// Four C elements of one row as one vec4 store (after the last barrier: returning early is safe).
fn storeC(row: u32, col: u32, v: vec4<f32>) {
  if (row < dims.M && col < dims.N) { C[(row * dims.N + col) / 4u] = v; }
}`;

const SCALAR_FNS = `${kA1}

${kB1}

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

${STAGE_FNS}${kStoreCScalar}

`;

const VEC4_FNS = `// Staging slot idx of a phase: A row idx/2 of the block, k = 4·(idx % 2) … +3; B row idx/32,
// columns 4·(idx % 32) … +3. One 16-byte load each; K and N are multiples of 4, so a vec4 is
// either wholly inside the matrix or wholly outside (0.0).
${vec4Loads('2u')}
${STAGE_FNS}${kStoreCVec4}

`;

/** @typedef {{ id: string, rows: 8 | 16, cols: 8 | 16, vec4: boolean, note: string }} UnrolledDesc */

/**
 * One kernel: a 128×128 C block per workgroup, each invocation `rows`×`cols` C elements in groups
 * of 4×4 spaced so neighbouring invocations touch neighbouring vec4s.
 * @param {UnrolledDesc} d
 */
export function unrolledKernel(d) {
  const RG = d.rows / 4; // row groups of 4 per invocation
  const CG = d.cols / 4; // column groups of 4
  const TY = BM / d.rows; // invocations down the block
  const TX = BN / d.cols; // and across
  const T = TX * TY;
  const perThread = (BM * BK) / 4 / T; // vec4s of each tile an invocation stages per phase
  /** @type {string[]} */
  const L = [];
  const w = (/** @type {string} */ s) => L.push(s);
  w(`// ${d.id}.wgsl — GENERATED by the generator script gen-unrolled.mjs (do not edit by hand; edit the generator).
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
  const acc = (/** @type {number} */ r, /** @type {number} */ c) => `c${r}_${c}`;
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

// ---- The reg8x8 family (reg8x8, reg8x8v, reg8x8db): 128×128 C blocks, 16×16 invocations, 8×8 C
// elements each in sixteen vec4 accumulators. What differs between the three (staging, the
// workgroup-memory layout, the stores) is written in each description below; the accumulators,
// the 64 multiply-adds per k and the stores of C are generated, once for all three.

/** The sixteen accumulators c00 … c71: row r of the invocation's 8×8 block, column half j. */
const acc8 = (/** @type {number} */ r, /** @type {number} */ j) => `c${r}${j}`;
const ROWS8 = [0, 1, 2, 3, 4, 5, 6, 7];
const declare8 = () => ROWS8.flatMap((r) => [0, 1].map((j) => `  var ${acc8(r, j)} = vec4<f32>(0.0);`)).join('\n');
/** One k step: row r of the block takes component r % 4 of a(r / 4), times both halves b0, b1. */
const fma8 = () => ROWS8.flatMap((r) => [0, 1].map((j) => `      ${acc8(r, j)} += a${r >> 2}.${'xyzw'[r & 3]} * b${j};`)).join('\n');
/** The eight row stores; `rowOffset(r)` is row r's offset from the invocation's first row. */
const store8 = (/** @type {string} */ fn, /** @type {(r: number) => number} */ rowOffset) => ROWS8.map((r) => `  ${fn}(r + ${rowOffset(r)}u, c, ${acc8(r, 0)}, ${acc8(r, 1)});`).join('\n');

/** The first lines of main in reg8x8 and reg8x8v: 8 consecutive rows and columns per invocation. */
const PROLOGUE_8x8 = `  let tx = lid.x;                 // columns 8·tx … 8·tx+7 of the block
  let ty = lid.y;                 // rows 8·ty … 8·ty+7
  let t = ty * 16u + tx;
  let row0 = wg.y * BM;
  let col0 = wg.x * BN;`;
/** The phase loop of the single-buffered kernels (two barriers per phase). */
const PHASE_LOOP = `  let phases = (dims.K + BK - 1u) / BK;
  for (var ph = 0u; ph < phases; ph++) {
    let k0 = ph * BK;`;
const AFTER_PHASE_TWO_BARRIERS = `    }
    workgroupBarrier(); // everyone is done before the next phase overwrites the tiles
  }
`;
/** One row of an invocation's C as two vec4 stores, `gap` columns apart. */
const storeRowVec4 = (/** @type {string} */ name, /** @type {number} */ gap) => `fn ${name}(row: u32, col: u32, lo: vec4<f32>, hi: vec4<f32>) {
  if (row >= dims.M) { return; } // after the last barrier: safe
  let base = (row * dims.N + col) / 4u;
  if (col < dims.N) { C[base] = lo; }
  if (col + ${gap}u < dims.N) { C[base + ${gap / 4}u] = hi; }
}
`;

/**
 * @typedef {{ id: string, header: string, elem: string, bk: string, shared: string, fnsBefore: string,
 *   prologue: string, phase: string, afterPhase: string, rowStride: number,
 *   rowOffset: (r: number) => number, storeFn: string, fnsAfter: string }} Reg8x8Desc
 */

/** @param {Reg8x8Desc} d */
export function reg8x8Kernel(d) {
  return `${d.header}
//
// GENERATED by the generator script gen-unrolled.mjs from its reg8x8-family description (do not edit by hand).

struct Dims { M: u32, K: u32, N: u32, _pad: u32 }

${bindings(d.elem)}

const BM: u32 = 128u;
const BN: u32 = 128u;
${d.bk}

${d.shared}
${d.fnsBefore}@compute @workgroup_size(16, 16, 1)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
${d.prologue}

${declare8()}

${d.phase}
${fma8()}
${d.afterPhase}
  let r = row0 + ty * ${d.rowStride}u;
  let c = col0 + tx * ${d.rowStride}u;
${store8(d.storeFn, d.rowOffset)}
}
${d.fnsAfter}`;
}

/**
 * The reg8x8 family: each kernel's own text, around the generated accumulators, multiply-adds and stores.
 * @type {Reg8x8Desc[]}
 */
export const kReg8x8 = [
  {
    id: 'reg8x8',
    header: `// reg8x8.wgsl — 2D register tiling, larger: a 128×128 C block per workgroup, 8×8 C elements per
// invocation (the classic SGEMM shape).
//
// What changed from reg4x4.wgsl, and why it is faster on large problems: each invocation now keeps
// 64 C elements in registers (sixteen vec4 accumulators, written out as variables so Tint and Naga
// keep them in registers) and does 64 multiply-adds per four vec4 reads of workgroup memory —
// 16 per read instead of 8 — while every element loaded from global memory is reused 128 times
// instead of 64. The price is more registers per invocation and a coarser grid: problems smaller
// than a few 128-blocks per compute unit leave the GPU partly idle, where reg4x4 does better.
//
// Geometry: BM = BN = 128, BK = 8, workgroup 16×16. Per phase the workgroup stages A[128×8]
// transposed into As and B[8×128] into Bs (4 KB each); each invocation loads 4 elements of each.
// Any M, K, N: out-of-range loads write 0.0, stores are tested per element, and every invocation
// reaches every barrier.
//
// Bindings (shared by every matmul kernel): A (M×K), B (K×N), C (M×N), row-major f32; dims = M, K, N.`,
    bk: `const BK: u32 = 8u;`,
    shared: `// As[k][m]: 32 vec4 per k along the 128 rows; Bs[k][n]: 32 vec4 per k along the 128 columns.
var<workgroup> As: array<vec4<f32>, 256>; // BK * BM / 4
var<workgroup> Bs: array<vec4<f32>, 256>; // BK * BN / 4
`,
    fnsBefore: `fn loadA8(row: u32, col: u32) -> f32 {
  if (row < dims.M && col < dims.K) { return A[row * dims.K + col]; }
  return 0.0;
}

fn loadB8(row: u32, col: u32) -> f32 {
  if (row < dims.K && col < dims.N) { return B[row * dims.N + col]; }
  return 0.0;
}

`,
    prologue: PROLOGUE_8x8,
    phase: `  // Staging: A row t/2, columns 4·(t%2)…+3 of the phase; B row t/32, columns 4·(t%32)…+3.
  let aRow = t / 2u;
  let aCol = (t % 2u) * 4u;
  let bRow = t / 32u;
  let bCol = (t % 32u) * 4u;

${PHASE_LOOP}
    for (var j = 0u; j < 4u; j++) {
      let k = aCol + j;
      As[k * 32u + aRow / 4u][aRow % 4u] = loadA8(row0 + aRow, k0 + k);
    }
    let gr = k0 + bRow;
    let gc = col0 + bCol;
    Bs[bRow * 32u + bCol / 4u] = vec4<f32>(loadB8(gr, gc), loadB8(gr, gc + 1u), loadB8(gr, gc + 2u), loadB8(gr, gc + 3u));
    workgroupBarrier(); // both tiles complete

    for (var k = 0u; k < BK; k++) {
      let a0 = As[k * 32u + 2u * ty];      // rows 8·ty … 8·ty+3
      let a1 = As[k * 32u + 2u * ty + 1u]; // rows 8·ty+4 … 8·ty+7
      let b0 = Bs[k * 32u + 2u * tx];      // columns 8·tx … 8·tx+3
      let b1 = Bs[k * 32u + 2u * tx + 1u]; // columns 8·tx+4 … 8·tx+7`,
    afterPhase: AFTER_PHASE_TWO_BARRIERS,
    fnsAfter: `
fn storeRow8(row: u32, col: u32, lo: vec4<f32>, hi: vec4<f32>) {
  if (row >= dims.M) { return; } // after the last barrier: safe
  let base = row * dims.N + col;
  if (col < dims.N) { C[base] = lo.x; }
  if (col + 1u < dims.N) { C[base + 1u] = lo.y; }
  if (col + 2u < dims.N) { C[base + 2u] = lo.z; }
  if (col + 3u < dims.N) { C[base + 3u] = lo.w; }
  if (col + 4u < dims.N) { C[base + 4u] = hi.x; }
  if (col + 5u < dims.N) { C[base + 5u] = hi.y; }
  if (col + 6u < dims.N) { C[base + 6u] = hi.z; }
  if (col + 7u < dims.N) { C[base + 7u] = hi.w; }
}
`,
    elem: 'f32',
    rowStride: 8,
    rowOffset: (r) => r,
    storeFn: 'storeRow8',
  },
  {
    id: 'reg8x8v',
    header: `// reg8x8v.wgsl — reg8x8 with vectorised global memory access: A, B and C are read and written
// as vec4<f32>, so every global load and store moves 16 bytes instead of 4.
//
// What changed from reg8x8.wgsl, and why it is faster: the kernel is the same 128×128-block, 8×8
// per invocation, BK = 8 register tiling, but each invocation now stages one vec4 of A (4
// consecutive k of one row) and one vec4 of B (4 consecutive columns of one k) per phase instead
// of 4 + 4 scalar loads, and writes its 8×8 block of C as 16 vec4 stores. Fewer, wider memory
// instructions. The price: A and B rows must start on 16-byte boundaries, so this rung needs K and
// N to be multiples of 4; when they are not, the app pads A and B with zero columns/rows on upload
// and drops C's padded columns on read-back (the kernel always sees multiples of 4). M is free.
//
// Any M; K and N multiples of 4: loads outside the matrix are whole vec4s (K and N are multiples
// of 4), written as 0.0; stores are tested per vec4; every invocation reaches every barrier.
//
// Bindings: the shared layout (A, B, C, dims), with A, B and C viewed as arrays of vec4<f32>.`,
    bk: `const BK: u32 = 8u;`,
    shared: `var<workgroup> As: array<vec4<f32>, 256>; // As[k][m]: 32 vec4 per k along the 128 rows
var<workgroup> Bs: array<vec4<f32>, 256>; // Bs[k][n]: 32 vec4 per k along the 128 columns
`,
    fnsBefore: ``,
    prologue: `${PROLOGUE_8x8}
  let K4 = dims.K / 4u;           // row length of A in vec4
  let N4 = dims.N / 4u;           // row length of B and C in vec4`,
    phase: `  // Staging: A row t/2, k = 4·(t%2) … +3 of the phase (one vec4); B row t/32, columns 4·(t%32) … +3.
  let aRow = t / 2u;
  let aK = (t % 2u) * 4u;
  let bRow = t / 32u;
  let bCol = (t % 32u) * 4u;

${PHASE_LOOP}
    var av = vec4<f32>(0.0);
    if (row0 + aRow < dims.M && k0 + aK < dims.K) { av = A[(row0 + aRow) * K4 + (k0 + aK) / 4u]; }
    As[(aK + 0u) * 32u + aRow / 4u][aRow % 4u] = av.x;
    As[(aK + 1u) * 32u + aRow / 4u][aRow % 4u] = av.y;
    As[(aK + 2u) * 32u + aRow / 4u][aRow % 4u] = av.z;
    As[(aK + 3u) * 32u + aRow / 4u][aRow % 4u] = av.w;
    var bv = vec4<f32>(0.0);
    if (k0 + bRow < dims.K && col0 + bCol < dims.N) { bv = B[(k0 + bRow) * N4 + (col0 + bCol) / 4u]; }
    Bs[bRow * 32u + bCol / 4u] = bv;
    workgroupBarrier(); // both tiles complete

    for (var k = 0u; k < BK; k++) {
      let a0 = As[k * 32u + 2u * ty];
      let a1 = As[k * 32u + 2u * ty + 1u];
      let b0 = Bs[k * 32u + 2u * tx];
      let b1 = Bs[k * 32u + 2u * tx + 1u];`,
    afterPhase: AFTER_PHASE_TWO_BARRIERS,
    fnsAfter: `
${storeRowVec4('storeRow8v', 4)}`,
    elem: 'vec4<f32>',
    rowStride: 8,
    rowOffset: (r) => r,
    storeFn: 'storeRow8v',
  },
  {
    id: 'reg8x8db',
    header: `// reg8x8db.wgsl — reg8x8v with double-buffered staging, a tunable phase depth and conflict-free
// workgroup-memory reads.
//
// What changed from reg8x8v.wgsl, and why it is faster:
//  1. Double buffering. Workgroup memory holds two copies of the A and B tiles. While the
//     invocations multiply out phase p from one copy, they have already issued the global loads
//     of phase p+1 into registers; after the arithmetic they store those registers into the other
//     copy. The latency of global memory hides behind 8·8·BK multiply-adds instead of stalling
//     every invocation, and each phase needs one barrier instead of two (the copy being written
//     was last read before the previous barrier).
//  2. A deeper phase: BK (an override constant, 8 or 16) columns of A and rows of B per phase.
//     BK = 16 halves the number of phases and barriers; it needs 32 KiB of workgroup memory, so it
//     is used only where the adapter grants that (the per-adapter tuner picks).
//  3. Conflict-free reads. Each invocation owns rows {4·ty…4·ty+3, 64+4·ty…} and columns
//     {4·tx…4·tx+3, 64+4·tx…} of the 128×128 block instead of 8 consecutive rows and columns, so
//     neighbouring invocations read neighbouring vec4s of workgroup memory (no bank conflicts)
//     and write neighbouring vec4s of C (each store instruction covers 256 contiguous bytes).
//
// Any M; K and N multiples of 4 (vec4 rows; the app pads other shapes on upload, as for reg8x8v). Loads outside the matrix are whole vec4s
// written as 0.0; stores are tested per vec4; every invocation reaches every barrier (loop bounds
// come from the uniform dims).
//
// Bindings: the shared layout (A, B, C, dims), with A, B and C viewed as arrays of vec4<f32>.`,
    bk: `/** Depth of one phase: 8 (16 KiB of workgroup memory) or 16 (32 KiB). */
override BK: u32 = 8u;`,
    shared: `// Two copies (s = 0, 1) of As[k][m] and Bs[k][n], 32 vec4 per k, indexed [k][s][m/4]. Split
// indices rather than one flat index: the engines clamp every workgroup-memory index (robustness),
// and with k unrolled by the GPU compiler and s, ty, tx fixed within a phase each clamp is a
// constant or is computed once per phase, not once per read. (Only the outermost size may be an
// override expression, hence k outermost.)
var<workgroup> As: array<array<array<vec4<f32>, 32>, 2>, BK>;
var<workgroup> Bs: array<array<array<vec4<f32>, 32>, 2>, BK>;
`,
    fnsBefore: `// Global → register loads of one phase. Thread t stages vec4 number t (and t+256 when BK = 16)
// of each tile: for A, row idx/(BK/4) of the block, k = 4·(idx % (BK/4)); for B, row idx/32,
// columns 4·(idx % 32).
${vec4Loads('(BK / 4u)')}
// Register → workgroup memory: A is transposed on the way (As[k][m]), B is copied as is.
${stageFns('(BK / 4u)')}`,
    prologue: `  let tx = lid.x;
  let ty = lid.y;
  let t = ty * 16u + tx;
  let row0 = wg.y * BM;
  let col0 = wg.x * BN;
  let deep = BK == 16u; // a second vec4 of each tile per invocation`,
    phase: `  // Phase 0 into copy 0.
  var pa0 = loadA(row0, 0u, t);
  var pb0 = loadB(col0, 0u, t);
  var pa1 = vec4<f32>(0.0);
  var pb1 = vec4<f32>(0.0);
  if (deep) {
    pa1 = loadA(row0, 0u, t + 256u);
    pb1 = loadB(col0, 0u, t + 256u);
  }
  storeA(0u, t, pa0);
  storeB(0u, t, pb0);
  if (deep) {
    storeA(0u, t + 256u, pa1);
    storeB(0u, t + 256u, pb1);
  }
  workgroupBarrier();

  let phases = (dims.K + BK - 1u) / BK;
  for (var ph = 0u; ph < phases; ph++) {
    let cur = ph % 2u;
    let more = ph + 1u < phases; // uniform: the same for every invocation
    // 1. Issue the next phase's global loads; their results are not needed until step 3.
    if (more) {
      let k1 = (ph + 1u) * BK;
      pa0 = loadA(row0, k1, t);
      pb0 = loadB(col0, k1, t);
      if (deep) {
        pa1 = loadA(row0, k1, t + 256u);
        pb1 = loadB(col0, k1, t + 256u);
      }
    }
    // 2. Multiply out this phase from copy \`cur\`.
    for (var k = 0u; k < BK; k++) {
      let a0 = As[k][cur][ty];       // rows 4·ty … 4·ty+3
      let a1 = As[k][cur][16u + ty]; // rows 64+4·ty … 64+4·ty+3
      let b0 = Bs[k][cur][tx];       // columns 4·tx … 4·tx+3
      let b1 = Bs[k][cur][16u + tx]; // columns 64+4·tx … 64+4·tx+3`,
    afterPhase: `    }
    // 3. Park the next phase in the other copy. Nobody reads it now: its last readers finished
    //    phase ph-1 before the barrier at the end of that phase.
    if (more) {
      let nxt = 1u - cur;
      storeA(nxt, t, pa0);
      storeB(nxt, t, pb0);
      if (deep) {
        storeA(nxt, t + 256u, pa1);
        storeB(nxt, t + 256u, pb1);
      }
    }
    workgroupBarrier(); // the other copy is complete before anyone reads it
  }
`,
    fnsAfter: `
// One row of an invocation's C: 4 columns at col and 4 at col+64, each a vec4 store.
${storeRowVec4('storeRow', 64)}`,
    elem: 'vec4<f32>',
    rowStride: 4,
    rowOffset: (r) => (r < 4 ? r : 60 + r), // rows 4·ty … +3 and 64+4·ty … +3
    storeFn: 'storeRow',
  },
];

/** @type {UnrolledDesc[]} */
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

/** Every generated kernel: its id (shaders/generated/<id>.wgsl) and its text. */
export const kGenerated = [
  ...kReg8x8.map((d) => ({ id: d.id, source: () => reg8x8Kernel(d) })),
  ...kUnrolled.map((d) => ({ id: d.id, source: () => unrolledKernel(d) })),
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const g of kGenerated) {
    const path = new URL(`../shaders/generated/${g.id}.wgsl`, import.meta.url);
    writeFileSync(path, g.source());
    console.log(`wrote ${fileURLToPath(path)}`);
  }
}
