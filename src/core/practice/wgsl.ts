/**
 * The learner's WGSL, made safe to check (pure work on text and its parse, no GPU, no words).
 *
 * The code is first read by a real WGSL parser (wgsl_reflect: its scanner and AST, with the source
 * position of every statement), after the WGSL spec's line breaks (CR LF, CR, VT, FF, NEL, U+2028,
 * U+2029) are made plain newlines: the spec ends a `//` comment at any of them, and the parser and
 * the editor only know '\n', so `// x<U+2028>loop { }` would otherwise hide a loop from the
 * instrumentation while the GPU's compiler runs it.
 *
 * - **Only the documented API.** Learner code may name `dims`, `loadA`, `loadB`, `storeC`, `TILE`,
 *   `WG` and its own names. Any identifier with the prefix the app keeps for itself (`tiles_`: its
 *   buffers, counters, flags) and any resource of its own (`@group`/`@binding`, `var<storage>`,
 *   `var<uniform>`) is refused by name, before anything runs (`refusals`).
 * - **One budget of loop iterations per invocation** (`dims.tiles_budget`, from the exercise and
 *   the shape). Every loop whose body reaches no barrier counts its iterations in the invocation's
 *   own counter (`tiles_count`, the third word) and breaks once the budget is spent, so nested loops
 *   share one budget and end together. A loop that holds a barrier must run in uniform control flow,
 *   so it counts in a function-scope variable that grows by constants only (uniform, so its break is
 *   too) against the same budget. Either way the flag `budget` is raised.
 * - **Counts the learner cannot touch**: the entry point records its invocation (`tiles_inv`), the
 *   helpers count each invocation's global reads, `workgroupBarrier()` becomes `tiles_barrier()`,
 *   which counts too.
 *
 * The instrumented code keeps every line where it was (nothing inserted holds a newline), so a
 * compiler's line numbers still point at the learner's own lines. Compile errors come from the
 * uninstrumented form (prelude + code as written), so they speak of the learner's code.
 */
import { WgslParser, WgslScanner, type Node as WgslNode, type Token } from 'wgsl_reflect/wgsl_reflect.module.js';
import { kCountersPerInvocation, kFlag, kMaxCodeChars, type PreludeConstants } from './constants';
import { prelude } from './prelude';

export { kCountersPerInvocation, kFlag, kFlagCount, kMaxCodeChars, kUniformWords, type PreludeConstants } from './constants';
export { prelude, preludeLines, type PreludeMode } from './prelude';





/** The prefix of every name the app's prelude and instrumentation keep for themselves. */
export const kReservedPrefix = 'tiles_';

/** The learner's API: the names the "Provided" block documents. */
export const kApiNames = ['dims', 'loadA', 'loadB', 'storeC', 'TILE', 'WG'] as const;

/** Barrier builtins: each synchronises the workgroup and must be reached in uniform control flow. */
const kBarrierBuiltins = new Set(['workgroupBarrier', 'storageBarrier', 'textureBarrier', 'workgroupUniformLoad']);


/**
 * The WGSL spec's line breaks (§ Blankspace and line breaks), each made one '\n': CR LF counts as
 * one break. Nothing else changes, so the module means what it meant.
 */
export function normalizeLineBreaks(code: string): string {
  return code.replace(/\r\n|[\r\v\f\u0085\u2028\u2029]/g, '\n');
}

/** The module a compile check uses: the prelude (uninstrumented) and the code as written. */
export function checkModule(c: PreludeConstants, code: string): string {
  return prelude(c, false) + normalizeLineBreaks(code);
}

/** A reason the app will not run the code, as data (the view says it). Lines are the learner's, 1-based. */
export type Refusal =
  | { readonly kind: 'too-long'; readonly chars: number; readonly limit: number }
  | { readonly kind: 'reserved'; readonly name: string; readonly line: number }
  | { readonly kind: 'resource'; readonly name: string; readonly line: number }
  | { readonly kind: 'unreadable'; readonly line: number };

/** The code, parsed: its statements (with positions) and its tokens (comments excluded). */
export interface Parsed {
  readonly code: string;
  readonly ast: readonly WgslNode[];
  readonly tokens: readonly Token[];
}

/** Tokens of the code (comments and blankspace skipped), or undefined when the scanner gives up. */
export function scan(code: string): Token[] | undefined {
  try {
    return new WgslScanner(normalizeLineBreaks(code)).scanTokens();
  } catch {
    return undefined;
  }
}

/** The code's parse, or the line the parser stopped at. */
export function parse(code: string): Parsed | { readonly line: number } {
  const text = normalizeLineBreaks(code);
  const tokens = scan(text);
  if (!tokens) return { line: 1 };
  try {
    const ast = new WgslParser().parse(text);
    return { code: text, ast, tokens };
  } catch (e) {
    const line = typeof e === 'object' && e !== null && 'token' in e ? Number((e as { token?: { line?: number } }).token?.line) : NaN;
    return { line: Number.isFinite(line) && line > 0 ? line : 1 };
  }
}

const lineAt = (code: string, at: number): number => {
  let n = 1;
  for (let i = 0; i < at && i < code.length; i++) if (code.charCodeAt(i) === 10) n++;
  return n;
};

const tokenName = (t: Token): string => String((t.type as { name?: string }).name ?? '');

/**
 * Why the code may not run, before anything is compiled: too long, a name the app keeps for itself,
 * or a resource of its own. Empty when it may run.
 */
export function refusals(code: string): Refusal[] {
  if (code.length > kMaxCodeChars) return [{ kind: 'too-long', chars: code.length, limit: kMaxCodeChars }];
  const text = normalizeLineBreaks(code);
  const tokens = scan(text);
  if (!tokens) return [];
  const out: Refusal[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const line = t.line;
    if (t.lexeme.startsWith(kReservedPrefix) && !seen.has(t.lexeme)) {
      seen.add(t.lexeme);
      out.push({ kind: 'reserved', name: t.lexeme, line });
    }
    // `@group(…)`, `@binding(…)`: a buffer of the learner's own would bypass the counted helpers.
    if (t.lexeme === '@' && (tokens[i + 1]?.lexeme === 'group' || tokens[i + 1]?.lexeme === 'binding')) {
      out.push({ kind: 'resource', name: `@${tokens[i + 1]!.lexeme}`, line });
    }
    // `var<storage…>`, `var<uniform>`: the same, without a binding (which would not compile).
    if (t.lexeme === 'var' && tokens[i + 1]?.lexeme === '<' && (tokens[i + 2]?.lexeme === 'storage' || tokens[i + 2]?.lexeme === 'uniform')) {
      out.push({ kind: 'resource', name: `var<${tokens[i + 2]!.lexeme}>`, line });
    }
  }
  return out;
}

interface Edit {
  readonly at: number;
  /** Characters of the original replaced (0: an insertion). */
  readonly cut: number;
  readonly text: string;
}

export interface Instrumented {
  readonly code: string;
  /** Loops counted against the budget: without a barrier (the invocation's counter), with one (uniform). */
  readonly loops: number;
  readonly uniformLoops: number;
  /** Barriers counted. */
  readonly barriers: number;
}

/** Why the code could not be instrumented, as data. */
export type NotInstrumented = { readonly kind: 'no-entry'; readonly hint: CompileHint } | { readonly kind: 'unreadable'; readonly line: number };

type AnyNode = WgslNode & {
  name?: string;
  attributes?: { name: string; value: string | string[] | null }[] | null;
  args?: { name: string; type?: { name?: string }; attributes?: { name: string; value: string | string[] | null }[] | null }[];
  members?: { name: string; attributes?: { name: string; value: string | string[] | null }[] | null }[];
  body?: WgslNode[];
};

const isLoop = (n: WgslNode) => n.astNodeType === 'for' || n.astNodeType === 'while' || n.astNodeType === 'loop';
const isCall = (n: WgslNode) => n.astNodeType === 'call' || n.astNodeType === 'callExpr';
const nameOf = (n: WgslNode) => (n as AnyNode).name ?? '';
const hasAttr = (n: { attributes?: { name: string }[] | null }, name: string) => (n.attributes ?? []).some((a) => a.name === name);
const builtinOf = (n: { attributes?: { name: string; value: string | string[] | null }[] | null }) => {
  const a = (n.attributes ?? []).find((x) => x.name === 'builtin');
  return a === undefined ? undefined : Array.isArray(a.value) ? a.value[0] : a.value;
};

/** Every node under `n` (its own subtree, statements and expressions), n included. */
function nodesIn(n: WgslNode): WgslNode[] {
  const out: WgslNode[] = [];
  const seen = new Set<object>();
  const visit = (x: unknown): void => {
    if (typeof x !== 'object' || x === null || seen.has(x)) return;
    seen.add(x);
    if (Array.isArray(x)) {
      for (const y of x) visit(y);
      return;
    }
    const node = x as Partial<WgslNode>;
    if (typeof node.astNodeType !== 'string') return;
    out.push(x as WgslNode);
    for (const v of Object.values(x)) if (typeof v === 'object') visit(v);
  };
  visit(n);
  return out;
}

/** The functions whose body reaches a barrier, directly or through the functions it calls. */
function barrierFunctions(functions: readonly WgslNode[]): Set<string> {
  const calls = new Map<string, Set<string>>();
  for (const f of functions) calls.set(nameOf(f), new Set(nodesIn(f).filter(isCall).map(nameOf)));
  const out = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [f, cs] of calls) {
      if (out.has(f)) continue;
      if ([...cs].some((c) => kBarrierBuiltins.has(c) || out.has(c))) {
        out.add(f);
        grew = true;
      }
    }
  }
  return out;
}

/** The first token at or after `from` whose lexeme is `lexeme`. */
function tokenAfter(tokens: readonly Token[], from: number, lexeme: string): Token | undefined {
  return tokens.find((t) => t.start >= from && t.lexeme === lexeme);
}

/**
 * The learner's code, instrumented for the checked run (see the file's header), from its parse.
 * The line of every character is kept: the inserted text has no newline.
 */
export function instrument(code: string, mode: 'checked' | 'budget' = 'checked'): Instrumented | NotInstrumented {
  const counted = mode === 'checked';
  const p = parse(code);
  if (!('ast' in p)) return { kind: 'unreadable', line: p.line };
  const { ast, tokens } = p;
  const text = p.code;
  const functions = ast.filter((n) => n.astNodeType === 'function');
  const structs = new Map(ast.filter((n) => n.astNodeType === 'struct').map((s) => [nameOf(s), s as AnyNode]));
  const entry = functions.find((f) => nameOf(f) === 'main' && hasAttr(f as AnyNode, 'compute')) as AnyNode | undefined;
  if (!entry) return { kind: 'no-entry', hint: noEntryHint(text, functions) };
  const withBarrier = barrierFunctions(functions);
  const edits: Edit[] = [];
  const bodyOpen = (n: WgslNode) => tokenAfter(tokens, n.start, '{');

  // The entry point names its invocation, from the learner's own global_invocation_id where there is one.
  let gid: string | undefined;
  for (const a of entry.args ?? []) {
    if (builtinOf(a) === 'global_invocation_id') gid = a.name;
    const s = a.type?.name !== undefined ? structs.get(a.type.name) : undefined;
    const m = s?.members?.find((x) => builtinOf(x) === 'global_invocation_id');
    if (gid === undefined && m) gid = `${a.name}.${m.name}`;
  }
  const entryName = tokens.find((t) => t.start >= entry.start && t.lexeme === 'main');
  const paren = entryName ? tokenAfter(tokens, entryName.end, '(') : undefined;
  const entryBrace = bodyOpen(entry);
  if (!paren || !entryBrace) return { kind: 'unreadable', line: lineAt(text, entry.start) };
  if (counted && gid === undefined) {
    gid = 'tiles_gid';
    const close = tokenAfter(tokens, paren.end, ')');
    const empty = close !== undefined && close.start === tokens[tokens.indexOf(paren) + 1]?.start;
    edits.push({ at: paren.end, cut: 0, text: `@builtin(global_invocation_id) tiles_gid: vec3u${empty ? '' : ', '}` });
  }
  if (counted) edits.push({ at: entryBrace.end, cut: 0, text: ` tiles_inv = ${gid}.x + ${gid}.y * dims.tiles_gridX + ${gid}.z * dims.tiles_gridX * dims.tiles_gridY;` });

  // Loops, function by function.
  let loops = 0;
  let uniformLoops = 0;
  const loopWord = `tiles_count[tiles_inv * ${kCountersPerInvocation}u + 2u]`;
  for (const f of functions) {
    const fNodes = nodesIn(f);
    let needsUniform = false;
    for (const l of fNodes.filter(isLoop)) {
      const brace = bodyOpen(l);
      if (!brace) return { kind: 'unreadable', line: lineAt(text, l.start) };
      const reachesBarrier = nodesIn(l).some((n) => isCall(n) && (kBarrierBuiltins.has(nameOf(n)) || withBarrier.has(nameOf(n))));
      if (reachesBarrier) {
        needsUniform = true;
        uniformLoops++;
        edits.push({
          at: brace.end,
          cut: 0,
          text: ` tiles_uwork += 1u;${counted ? ` atomicAdd(&${loopWord}, 1u);` : ''} if (tiles_uwork > dims.tiles_budget) { atomicStore(&tiles_flags[${kFlag.budget}], 1u); break; }`,
        });
      } else {
        loops++;
        edits.push({
          at: brace.end,
          cut: 0,
          text: counted
            ? ` if (atomicAdd(&${loopWord}, 1u) >= dims.tiles_budget) { atomicStore(&tiles_flags[${kFlag.budget}], 1u); break; }`
            : ` tiles_work += 1u; if (tiles_work > dims.tiles_budget) { atomicStore(&tiles_flags[${kFlag.budget}], 1u); break; }`,
        });
      }
    }
    if (needsUniform) {
      const fb = bodyOpen(f);
      if (!fb) return { kind: 'unreadable', line: lineAt(text, f.start) };
      // i18n-exempt: WGSL put into the learner's code
      edits.push({ at: fb.end, cut: 0, text: ' var tiles_uwork = 0u;' });
    }
  }
  // Barriers: counted per invocation.
  let barriers = 0;
  for (const f of functions) {
    for (const n of nodesIn(f)) {
      if (!counted || n.astNodeType !== 'call' || n.start < 0 || nameOf(n) !== 'workgroupBarrier') continue;
      const t = tokens.find((x) => x.start >= n.start && x.lexeme === 'workgroupBarrier');
      if (!t) continue;
      edits.push({ at: t.start, cut: t.lexeme.length, text: 'tiles_barrier' });
      barriers++;
    }
  }
  // Later edits first; at one place, in the order they were made (stable sort, reversed groups).
  const order = edits.map((e, i) => ({ e, i })).sort((a, b) => b.e.at - a.e.at || b.i - a.i);
  let out = text;
  for (const { e } of order) out = out.slice(0, e.at) + e.text + out.slice(e.at + e.cut);
  return { code: out, loops, uniformLoops, barriers };
}

/** The module the checked run compiles: the counting prelude and the instrumented code. */
export function runModule(c: PreludeConstants, code: string): { source: string; instrumented: Instrumented } | NotInstrumented {
  const instrumented = instrument(code);
  if (!('code' in instrumented)) return instrumented;
  return { source: prelude(c, true) + instrumented.code, instrumented };
}

/**
 * The two modules of a timed run: `budget`, run once at the timed size before timing (each loop
 * within the exercise's budget of iterations per invocation, accesses out of range flagged) — the
 * bound on runaway code; `plain`, the code as written behind the reading-only prelude, the one timed.
 */
export function timedModules(c: PreludeConstants, code: string): { budget: string; plain: string } | NotInstrumented {
  const instrumented = instrument(code, 'budget');
  if (!('code' in instrumented)) return instrumented;
  return { budget: prelude(c, 'budget') + instrumented.code, plain: checkModule(c, code) };
}

/** A plain-words hint for a common compile error, on the line that causes it (data; the view words it). */
export interface CompileHint {
  readonly kind: 'int-float' | 'uniform-barrier' | 'entry-point';
  /** The learner's line (1-based) the hint belongs to. */
  readonly line: number;
  /** The name involved (the variable, the barrier, the entry point found). */
  readonly name?: string;
}

/**
 * Hints for compile errors at `lines` (the learner's lines the compiler named), read from the
 * code's tokens, never from the compiler's wording:
 * - int-float: a `var`/`let` without a type, initialised from an integer literal without a suffix
 *   (so it is an i32), named on an error's line or declared there: the hint is on its declaration;
 * - uniform-barrier: an error's line holds a barrier; the hint is on the first `return` before it in
 *   its function (an early return makes it non-uniform), else on the barrier itself.
 */
export function compileHints(code: string, lines: readonly number[]): CompileHint[] {
  const text = normalizeLineBreaks(code);
  const tokens = scan(text);
  if (!tokens) return [];
  const at = tokens.map((t) => t.line);
  const errorLines = new Set(lines);
  const out: CompileHint[] = [];
  const seen = new Set<string>();
  const add = (h: CompileHint) => {
    const key = `${h.kind}:${h.line}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(h);
    }
  };
  // Integer-initialised declarations without a type.
  for (let i = 0; i + 3 < tokens.length; i++) {
    const kw = tokens[i]!.lexeme;
    if (kw !== 'var' && kw !== 'let') continue;
    const name = tokens[i + 1]!;
    if (tokenName(name) !== 'ident' || tokens[i + 2]!.lexeme !== '=') continue;
    const lit = tokens[i + 3]!;
    const next = tokens[i + 4]?.lexeme;
    if (!/^-?[0-9]+$/.test(lit.lexeme) || (next !== ';' && next !== undefined)) continue;
    const used = tokens.some((t, j) => t.lexeme === name.lexeme && errorLines.has(at[j]!));
    if (used) add({ kind: 'int-float', line: at[i]!, name: name.lexeme });
  }
  // Barriers on an error's line.
  for (let i = 0; i < tokens.length; i++) {
    if (!kBarrierBuiltins.has(tokens[i]!.lexeme) || !errorLines.has(at[i]!)) continue;
    let fnStart = 0;
    for (let j = i; j >= 0; j--) {
      if (tokens[j]!.lexeme === 'fn') {
        fnStart = j;
        break;
      }
    }
    const ret = tokens.slice(fnStart, i).findIndex((t) => t.lexeme === 'return');
    add({ kind: 'uniform-barrier', line: ret >= 0 ? at[fnStart + ret]! : at[i]!, name: tokens[i]!.lexeme });
  }
  return out;
}

/** The hint for a module without `@compute fn main`: on a compute entry point by another name (or a `main` without @compute), else line 1. */
function noEntryHint(text: string, functions: readonly WgslNode[]): CompileHint {
  const fns = functions as readonly AnyNode[];
  const other = fns.find((f) => hasAttr(f, 'compute')) ?? fns.find((f) => f.name === 'main');
  return { kind: 'entry-point', line: other ? lineAt(text, other.start) : 1, ...(other?.name ? { name: other.name } : {}) };
}

/** Whether the module has the compute entry point the run needs (`@compute fn main`); when it does not, the hint (see noEntryHint). */
export function entryPointHint(code: string): CompileHint | undefined {
  const r = instrument(code);
  return 'kind' in r && r.kind === 'no-entry' ? r.hint : undefined;
}

/**
 * From a line of the normalized code (what the compiler and the checker number) to the line the
 * editor shows: the editor breaks lines only at LF, CR LF and CR, so a VT, FF, NEL, U+2028 or
 * U+2029 (a line break to WGSL) stays inside one of its lines.
 */
export function editorLines(code: string): (line: number) => number {
  const map: number[] = [0, 1];
  let editor = 1;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === '\r' && code[i + 1] === '\n') continue;
    if (ch === '\n' || ch === '\r') editor++;
    else if (!/[\v\f\u0085\u2028\u2029]/.test(ch)) continue;
    map.push(editor);
  }
  return (line) => map[Math.min(Math.max(1, line), map.length - 1)]!;
}

/**
 * The row pitch (in 4-byte words) of every `var<workgroup>` array the code declares, from its parse
 * with the prelude's constants (the parser evaluates counts such as `TILE + 1u`): the inner length
 * of a 2-D array, or undefined for any other shape (a 1-D array hides its pitch in the learner's own
 * index arithmetic). Empty when the code declares none or does not parse.
 */
export function workgroupPitches(c: PreludeConstants, code: string): (number | undefined)[] {
  const text = `const TILE: u32 = ${c.tile}u; const WG: u32 = ${c.wg}u;\n${normalizeLineBreaks(code)}`;
  let ast: readonly WgslNode[];
  try {
    ast = new WgslParser().parse(text);
  } catch {
    return [];
  }
  const out: (number | undefined)[] = [];
  for (const n of ast) {
    const v = n as unknown as { astNodeType?: string; storage?: string; type?: { name?: string; count?: number; format?: { name?: string; count?: number } } };
    if (v.astNodeType !== 'var' || v.storage !== 'workgroup') continue;
    const inner = v.type?.name === 'array' && v.type.format?.name === 'array' ? v.type.format.count : undefined;
    out.push(typeof inner === 'number' && inner > 0 ? inner : undefined);
  }
  return out;
}
