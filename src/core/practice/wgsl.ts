/**
 * The learner's WGSL, made safe to check (pure text work, no GPU): the app's prelude is put in
 * front of it (bindings, `loadA`/`loadB`/`storeC`, the exercise's constants), and for the checked
 * run the code is instrumented without adding a line, so a compiler's line numbers still point at
 * the learner's own lines:
 *
 * - every loop (`loop`, `for`, `while`) gets its own counter, declared just before it
 *   (`var tiles_loop3 = 0u;`); its body adds one and breaks past `kLoopBound`, raising a flag:
 *   SwiftShader has no GPU watchdog, so a loop that never ends would hang the tab. Each counter
 *   starts at a constant and grows by constants, so it is uniform wherever its loop is: a loop that
 *   holds `workgroupBarrier()` stays in uniform control flow. (One counter per function would not
 *   do: after a grid-stride loop, whose trip count differs per invocation, it would no longer be
 *   uniform, and the tree reduction's barriers after it would not compile.) Nested loops multiply
 *   their bounds; a run that still does not end is stopped by the time limit (gpu/practice.ts).
 * - the entry point records which invocation runs (`tiles_inv`), so the helpers can count each
 *   invocation's global reads, and `workgroupBarrier()` becomes `tiles_barrier()`, which counts too.
 *
 * Compile errors are taken from the uninstrumented form (prelude + code as written), so they speak
 * of the learner's code, not of the instrumentation.
 */

/** Iterations one loop may make (each time it is entered) in a checked run. */
export const kLoopBound = 1 << 12;

/** Flags the checked run raises (indices into the flag buffer). */
export const kFlag = { loopBound: 0, readA: 1, readB: 2, writeC: 3 } as const;
export const kFlagCount = 4;

/** Counters per invocation: global reads, barriers. */
export const kCountersPerInvocation = 2;

/** The uniform the prelude declares, as 32-bit words (see `uniformWords`). */
export const kUniformWords = 12;

export interface PreludeConstants {
  readonly tile: number;
  readonly wg: number;
}

/**
 * The app's part of every exercise's module. `checked`: the helpers count reads and check ranges
 * (the run); otherwise they only read (the compile check — same names, same types).
 * A read outside its matrix returns the element the flat index lands on, as memory would (PMPP's
 * "M0,3 is really M1,0"), and NaN past the buffer's end (garbage: 0 × NaN is still NaN).
 */
export function prelude(c: PreludeConstants, checked: boolean): string {
  const count = checked ? '  atomicAdd(&tiles_count[tiles_inv * 2u], 1u);\n' : '';
  const flag = (i: number) => (checked ? ` atomicAdd(&tiles_flags[${i}], 1u);` : '');
  return `// ---- provided by the app ----
const TILE: u32 = ${c.tile}u;
const WG: u32 = ${c.wg}u;
const tiles_bound: u32 = ${kLoopBound}u;
struct Dims { M: u32, K: u32, N: u32, tiles_gridX: u32, tiles_gridY: u32, tiles_aRows: u32, tiles_aCols: u32, tiles_bRows: u32, tiles_bCols: u32, tiles_cRows: u32, tiles_cCols: u32, tiles_nan: u32 }
@group(0) @binding(0) var<storage, read> tiles_A: array<f32>;
@group(0) @binding(1) var<storage, read> tiles_B: array<f32>;
@group(0) @binding(2) var<storage, read_write> tiles_C: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;
@group(0) @binding(4) var<storage, read_write> tiles_count: array<atomic<u32>>;
@group(0) @binding(5) var<storage, read_write> tiles_flags: array<atomic<u32>>;
var<private> tiles_inv: u32;
fn loadA(row: u32, col: u32) -> f32 {
${count}  if (row >= dims.tiles_aRows || col >= dims.tiles_aCols) {${flag(1)} }
  let i = row * dims.tiles_aCols + col;
  if (row >= dims.tiles_aRows || i >= dims.tiles_aRows * dims.tiles_aCols) { return bitcast<f32>(dims.tiles_nan); }
  return tiles_A[i];
}
fn loadB(row: u32, col: u32) -> f32 {
${count}  if (row >= dims.tiles_bRows || col >= dims.tiles_bCols) {${flag(2)} }
  let i = row * dims.tiles_bCols + col;
  if (row >= dims.tiles_bRows || i >= dims.tiles_bRows * dims.tiles_bCols) { return bitcast<f32>(dims.tiles_nan); }
  return tiles_B[i];
}
fn storeC(row: u32, col: u32, v: f32) {
  if (row >= dims.tiles_cRows || col >= dims.tiles_cCols) {${flag(3)} return; }
  tiles_C[row * dims.tiles_cCols + col] = v;
}
fn tiles_barrier() {
${checked ? '  atomicAdd(&tiles_count[tiles_inv * 2u + 1u], 1u);\n' : ''}  workgroupBarrier();
}
// ---- your code ----
`;
}

/** Lines the prelude takes: a compiler's line L of the module is the learner's line L - this. */
export function preludeLines(c: PreludeConstants): number {
  return prelude(c, false).split('\n').length - 1;
}

/** The module a compile check uses: the prelude (uninstrumented) and the code as written. */
export function checkModule(c: PreludeConstants, code: string): string {
  return prelude(c, false) + code;
}

/**
 * The code with comments blanked out (same length, newlines kept), so that searching for
 * `for (` or `workgroupBarrier()` never finds one inside a comment. WGSL block comments nest.
 */
export function maskComments(code: string): string {
  const out = code.split('');
  let i = 0;
  while (i < code.length) {
    if (code.startsWith('//', i)) {
      while (i < code.length && code[i] !== '\n') out[i++] = ' ';
    } else if (code.startsWith('/*', i)) {
      let depth = 0;
      do {
        if (code.startsWith('/*', i)) {
          depth++;
          out[i] = out[i + 1] = ' ';
          i += 2;
        } else if (code.startsWith('*/', i)) {
          depth--;
          out[i] = out[i + 1] = ' ';
          i += 2;
        } else {
          if (code[i] !== '\n') out[i] = ' ';
          i++;
        }
      } while (depth > 0 && i < code.length);
    } else i++;
  }
  return out.join('');
}

/** The index just past the `)` matching the `(` at `open`, or -1. */
function closeParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

interface Edit {
  readonly at: number;
  /** Characters of the original replaced (0: an insertion). */
  readonly cut: number;
  readonly text: string;
}

export interface Instrumented {
  readonly code: string;
  /** Loops bounded. */
  readonly loops: number;
  /** Barriers counted. */
  readonly barriers: number;
  /** False when no `@compute` entry point was found (the run reports it). */
  readonly entry: boolean;
}

const loopGuard = (i: number) => `tiles_loop${i} += 1u; if (tiles_loop${i} > tiles_bound) { atomicStore(&tiles_flags[0], 1u); break; } `;

/**
 * The learner's code, instrumented for the checked run (see the file's header). The line of
 * every character is kept: the inserted text has no newline.
 */
export function instrument(code: string): Instrumented {
  const masked = maskComments(code);
  const edits: Edit[] = [];
  let entry = false;
  // The entry point names its invocation.
  for (const m of masked.matchAll(/\bfn\s+[A-Za-z_]\w*\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const close = closeParen(masked, open);
    if (close < 0) continue;
    const brace = masked.indexOf('{', close);
    if (brace < 0) continue;
    const before = masked.slice(Math.max(0, masked.lastIndexOf('}', m.index) + 1, masked.lastIndexOf(';', m.index) + 1), m.index);
    let extra: string;
    if (/@compute\b/.test(before)) {
      entry = true;
      const params = masked.slice(open + 1, close - 1);
      const named = /@builtin\s*\(\s*global_invocation_id\s*\)\s*([A-Za-z_]\w*)/.exec(params);
      let gid = named?.[1];
      if (gid === undefined) {
        gid = 'tiles_gid';
        edits.push({ at: open + 1, cut: 0, text: `@builtin(global_invocation_id) tiles_gid: vec3u${params.trim() ? ', ' : ''}` });
      }
      extra = `tiles_inv = ${gid}.x + ${gid}.y * dims.tiles_gridX + ${gid}.z * dims.tiles_gridX * dims.tiles_gridY; `;
      edits.push({ at: brace + 1, cut: 0, text: ` ${extra}` });
    }
  }
  // Loops: `loop {`, `for (…) {`, `while … {`.
  let loops = 0;
  for (const m of masked.matchAll(/\b(loop|for|while)\b/g)) {
    let from = m.index + m[0].length;
    if (m[1] === 'for') {
      const open = masked.indexOf('(', from);
      if (open < 0) continue;
      from = closeParen(masked, open);
      if (from < 0) continue;
    }
    const brace = masked.indexOf('{', from);
    if (brace < 0) continue;
    if (m[1] === 'loop' && masked.slice(from, brace).trim() !== '') continue;
    // i18n-exempt: WGSL put into the learner's code
    edits.push({ at: m.index, cut: 0, text: `var tiles_loop${loops} = 0u; ` });
    edits.push({ at: brace + 1, cut: 0, text: ` ${loopGuard(loops)}` });
    loops++;
  }
  // Barriers: counted per invocation.
  let barriers = 0;
  for (const m of masked.matchAll(/\bworkgroupBarrier\b/g)) {
    edits.push({ at: m.index, cut: m[0].length, text: 'tiles_barrier' });
    barriers++;
  }
  edits.sort((a, b) => b.at - a.at);
  let out = code;
  for (const e of edits) out = out.slice(0, e.at) + e.text + out.slice(e.at + e.cut);
  return { code: out, loops, barriers, entry };
}

/** The module the checked run compiles: the counting prelude and the instrumented code. */
export function runModule(c: PreludeConstants, code: string): { source: string; instrumented: Instrumented } {
  const instrumented = instrument(code);
  return { source: prelude(c, true) + instrumented.code, instrumented };
}
