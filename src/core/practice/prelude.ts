/**
 * The app's part of every practice exercise's module (the prelude), apart from the parser of
 * wgsl.ts: the practice view shows it on open, while the parser (wgsl_reflect) loads on the first
 * Run (issue #47). wgsl.ts re-exports it.
 */
import { kFlag, kRec, kRecordWords, kSlotHeadWords, type PreludeConstants } from './constants';

/**
 * How the prelude's helpers work: `plain` only reads (the compile check, and the timed run: nothing
 * added to the learner's work); `checked` counts reads and barriers and flags accesses out of range
 * (the checked run); `budget` flags accesses out of range and gives each invocation a private loop
 * counter (the bounded run before timing: no per-invocation buffer, so it fits any size).
 */
export type PreludeMode = 'plain' | 'trace' | 'budget';

// i18n-exempt: WGSL, the body of the prelude's trace record (one line: the prelude's line count is the same in every mode)
const kRecordBody = ` let base = tiles_slotv * dims.tiles_stride; if (tiles_n < dims.tiles_cap) { let at = base + ${kSlotHeadWords}u + tiles_n * ${kRecordWords}u; tiles_trace[at] = k; tiles_trace[at + 1u] = tiles_epoch; tiles_trace[at + 2u] = a; tiles_trace[at + 3u] = len; } tiles_n += 1u; tiles_trace[base] = tiles_n; `;
// i18n-exempt: WGSL, the barriers an invocation passed, in its slot's head
const kMarkBody = ` tiles_trace[tiles_slotv * dims.tiles_stride + 1u] = tiles_epoch; `;
// i18n-exempt: WGSL, the invocation's slot, computed once at the entry point (tiles_slotv): the traced invocations are tiles_traceX × tiles_traceY of the grid from (tiles_traceX0, tiles_traceY0), whole workgroups (u32 wraps the ones before it past the end); the others share one spare slot after them, never read (so a record stays as cheap to compile as before: no branch added to it)
const kSlotBody = ` let x = tiles_inv % dims.tiles_gridX - dims.tiles_traceX0; let y = tiles_inv / dims.tiles_gridX - dims.tiles_traceY0; if (x >= dims.tiles_traceX || y >= dims.tiles_traceY) { return dims.tiles_traceX * dims.tiles_traceY; } return y * dims.tiles_traceX + x; `;

/**
 * The app's part of every exercise's module. `trace`: the helpers record every global read and store
 * in the invocation's slot of the trace (core/practice/instrument.ts) and flag accesses out of range
 * (the checked run); `budget`: they flag accesses out of range, and the learner's loops and calls share
 * one budget (the bounded run before timing); `plain`: they only read (the compile check and the
 * timed run — same names, same types).
 * A read outside its matrix returns the element the flat index lands on, as memory would (PMPP's
 * "M0,3 is really M1,0"), and NaN past the buffer's end (garbage: 0 × NaN is still NaN).
 */
export function prelude(c: PreludeConstants, mode: PreludeMode | boolean): string {
  const m: PreludeMode = mode === true ? 'trace' : mode === false ? 'plain' : mode;
  const traced = m === 'trace';
  // A store's record carries the value's bits where an access's carries its length (two invocations storing different values into one element race).
  const rec = (kind: number, a: string, len = '1u') => (traced ? ` tiles_rec(${kind}u, ${a}, ${len});` : '');
  const flag = (i: number) => (m !== 'plain' ? ` atomicAdd(&tiles_flags[${i}], 1u);` : '');
  return `// ---- provided by the app ----
const TILE: u32 = ${c.tile}u;
const WG: u32 = ${c.wg}u;
struct Dims { M: u32, K: u32, N: u32, tiles_gridX: u32, tiles_gridY: u32, tiles_aRows: u32, tiles_aCols: u32, tiles_bRows: u32, tiles_bCols: u32, tiles_cRows: u32, tiles_cCols: u32, tiles_nan: u32, tiles_budget: u32, tiles_cap: u32, tiles_stride: u32, tiles_traceX: u32, tiles_traceY: u32, tiles_traceX0: u32, tiles_traceY0: u32, tiles_pad2: u32 }
@group(0) @binding(0) var<storage, read> tiles_A: array<f32>;
@group(0) @binding(1) var<storage, read> tiles_B: array<f32>;
@group(0) @binding(2) var<storage, read_write> tiles_C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;
@group(0) @binding(4) var<storage, read_write> tiles_trace: array<u32>;
@group(0) @binding(5) var<storage, read_write> tiles_flags: array<atomic<u32>>;
var<private> tiles_inv: u32; var<private> tiles_work: u32; var<private> tiles_epoch: u32; var<private> tiles_n: u32; var<private> tiles_slotv: u32;
fn tiles_slot() -> u32 {${traced ? kSlotBody : ' return 0u; '}}
fn tiles_rec(k: u32, a: u32, len: u32) {${traced ? kRecordBody : ''}}
fn tiles_mark() {${traced ? kMarkBody : ''}}
fn loadA(row: u32, col: u32) -> f32 {
  if (row >= dims.tiles_aRows || col >= dims.tiles_aCols) {${flag(kFlag.readA)} }${rec(kRec.readA, '(row << 16u) | (col & 0xffffu)')}
  let i = row * dims.tiles_aCols + col;
  if (row >= dims.tiles_aRows || i >= dims.tiles_aRows * dims.tiles_aCols) { return bitcast<f32>(dims.tiles_nan); }
  return tiles_A[i];
}
fn loadB(row: u32, col: u32) -> f32 {
  if (row >= dims.tiles_bRows || col >= dims.tiles_bCols) {${flag(kFlag.readB)} }${rec(kRec.readB, '(row << 16u) | (col & 0xffffu)')}
  let i = row * dims.tiles_bCols + col;
  if (row >= dims.tiles_bRows || i >= dims.tiles_bRows * dims.tiles_bCols) { return bitcast<f32>(dims.tiles_nan); }
  return tiles_B[i];
}
fn storeC(row: u32, col: u32, v: f32) {
  if (row >= dims.tiles_cRows || col >= dims.tiles_cCols) {${flag(kFlag.writeC)} return; }${rec(kRec.storeC, '(row << 16u) | (col & 0xffffu)', 'bitcast<u32>(v)')}
  tiles_C[row * dims.tiles_cCols + col] = v;
}
fn tiles_barrier() {
  workgroupBarrier(); tiles_epoch += 1u; tiles_mark();
}
// ---- your code ----
`;
}

/** Lines the prelude takes: a compiler's line L of the module is the learner's line L - this. */
export function preludeLines(c: PreludeConstants): number {
  return prelude(c, false).split('\n').length - 1;
}
