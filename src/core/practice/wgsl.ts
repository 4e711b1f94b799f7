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
 * - **Names and shape refused before anything runs**: a declaration of any name WGSL predeclares
 *   (predeclared.ts, generated from the spec's tables) would replace the builtin for the learner's
 *   code and the app's; a second declaration of a workgroup variable's name hides it from the trace;
 *   an entry point's `@workgroup_size` other than the exercise's (evaluated from the parse,
 *   wgslModule.ts) would add invocations the grid and the trace do not expect.
 * - **A trace, not counts** (instrument.ts): every workgroup access, barrier, global read and store
 *   is recorded per invocation, and one budget per invocation bounds the whole run (loops and calls);
 *   the judge (judge.ts) reads races and structure from the trace.
 *
 * The instrumented code keeps every learner line where it was (nothing inserted into it holds a
 * newline; the trace's wrappers follow it), so a compiler's line numbers still point at the learner's
 * own lines. Compile errors come from the
 * uninstrumented form (prelude + code as written), so they speak of the learner's code.
 */
import { WgslScanner, type Token } from 'wgsl_reflect/wgsl_reflect.module.js';
import { kMaxCodeChars, type PreludeConstants } from './constants';
import { instrument as instrumentModule, type Instrumented, type NotInstrumented as NotTraced } from './instrument';
import { kPredeclared } from './predeclared';
import { isParsed, parseModule } from './wgslModule';
import { prelude } from './prelude';

export { kFlag, kFlagCount, kMaxCodeChars, kUniformWords, type PreludeConstants } from './constants';
export { prelude, preludeLines, type PreludeMode } from './prelude';





/** The prefix of every name the app's prelude and instrumentation keep for themselves. */
export const kReservedPrefix = 'tiles_';

/** The learner's API: the names the "Provided" block documents. */
export const kApiNames = ['dims', 'loadA', 'loadB', 'storeC', 'TILE', 'WG'] as const;

/**
 * The prelude's names the instrumentation reads inside the learner's functions, which the learner's
 * code may use but not declare again: a local or parameter `dims` (say `Dims(…)` with a budget of its
 * own) would be what the budget checks read in that scope, and a loop would run past the budget. (A
 * module-scope `fn loadA` is a redeclaration the compiler names; a local `TILE` changes nothing the
 * checker reads.)
 */
const kProvidedNames: ReadonlySet<string> = new Set(['dims']);

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
  | { readonly kind: 'unreadable'; readonly line: number }
  /** A declaration of a name WGSL predeclares (a built-in function, type or enumerant): it would replace the builtin, here and in the app's own code. */
  | { readonly kind: 'shadow'; readonly name: string; readonly line: number }
  /** A declaration of `dims`, the app's: a local `dims` would stand in for the app's own where the checker reads its budget. */
  | { readonly kind: 'shadow-api'; readonly name: string; readonly line: number }
  /** A second declaration of a workgroup variable's name (a local or parameter): the checker follows the variable by its name. */
  | { readonly kind: 'shadow-own'; readonly name: string; readonly line: number }
  /** An entry point whose @workgroup_size is not the exercise's (evaluated from the parse; `size` absent: not evaluable). */
  | { readonly kind: 'workgroup-size'; readonly line: number; readonly want: string; readonly size?: string }
  /** A pointer into workgroup memory other than an atomic's or workgroupUniformLoad's: the trace cannot follow it. */
  | { readonly kind: 'pointer'; readonly name: string; readonly line: number };

/** Tokens of the code (comments and blankspace skipped), or undefined when the scanner gives up. */
export function scan(code: string): Token[] | undefined {
  try {
    return new WgslScanner(normalizeLineBreaks(code)).scanTokens();
  } catch {
    return undefined;
  }
}

const tokenName = (t: Token): string => String((t.type as { name?: string }).name ?? '');

/**
 * Why the code may not run, before anything is compiled: too long, a name the app keeps for itself,
 * or a resource of its own. Empty when it may run.
 */
export function refusals(code: string, ex?: { readonly constants: PreludeConstants; readonly workgroup: readonly [number, number] }): Refusal[] {
  if (code.length > kMaxCodeChars) return [{ kind: 'too-long', chars: code.length, limit: kMaxCodeChars }];
  const out = tokenRefusals(code);
  const p = parseModule(code, ex?.constants);
  if (!isParsed(p)) return out;
  const wgVars = new Set(p.info.workgroupVars.map((v) => v.name));
  const seenOwn = new Set<string>();
  for (const d of p.info.declarations) {
    if (kPredeclared.has(d.name)) out.push({ kind: 'shadow', name: d.name, line: d.line });
    if (kProvidedNames.has(d.name)) out.push({ kind: 'shadow-api', name: d.name, line: d.line });
    if (wgVars.has(d.name)) {
      if (seenOwn.has(d.name)) out.push({ kind: 'shadow-own', name: d.name, line: d.line });
      seenOwn.add(d.name);
    }
  }
  if (ex) {
    const want = `${ex.workgroup[0]}, ${ex.workgroup[1]}, 1`;
    const ws = p.info.workgroupSize;
    if (!ws) out.push({ kind: 'workgroup-size', line: p.info.workgroupSizeLine ?? 1, want });
    else if (ws[0] !== ex.workgroup[0] || ws[1] !== ex.workgroup[1] || ws[2] !== 1) out.push({ kind: 'workgroup-size', line: p.info.workgroupSizeLine ?? 1, want, size: ws.join(', ') });
  }
  if (out.length === 0) {
    const r = instrumentModule(code, 'trace', ex?.constants);
    if ('kind' in r && r.kind === 'pointer') out.push(r);
  }
  return out;
}

/** The refusals the tokens alone show: the app's reserved names, resources of the learner's own. */
function tokenRefusals(code: string): Refusal[] {
  const tokens = scan(code);
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

export type { Instrumented };

/** Why the code could not be instrumented, as data. */
export type NotInstrumented =
  | { readonly kind: 'no-entry'; readonly hint: CompileHint }
  | { readonly kind: 'unreadable'; readonly line: number }
  | { readonly kind: 'pointer'; readonly name: string; readonly line: number };

function notInstrumented(r: NotTraced): NotInstrumented {
  if (r.kind === 'no-entry') return { kind: 'no-entry', hint: { kind: 'entry-point', line: r.line, ...(r.name !== undefined ? { name: r.name } : {}) } };
  return r;
}

/** The learner's code instrumented for the checked run (`trace`) or the bounded run before timing (`budget`). */
export function instrument(code: string, mode: 'trace' | 'budget' = 'trace', c?: PreludeConstants): Instrumented | NotInstrumented {
  const r = instrumentModule(code, mode, c);
  return 'code' in r ? r : notInstrumented(r);
}

/** The module the checked run compiles: the tracing prelude and the instrumented code. */
export function runModule(c: PreludeConstants, code: string): { source: string; instrumented: Instrumented } | NotInstrumented {
  const instrumented = instrument(code, 'trace', c);
  if (!('code' in instrumented)) return instrumented;
  return { source: prelude(c, 'trace') + instrumented.code, instrumented };
}

/**
 * The two modules of a timed run: `budget`, run once at the timed size before timing (the learner's
 * loops and calls within one budget per invocation, accesses out of range flagged) — the bound on
 * runaway code; `plain`, the code as written behind the reading-only prelude, the one timed.
 */
export function timedModules(c: PreludeConstants, code: string): { budget: string; plain: string } | NotInstrumented {
  const instrumented = instrument(code, 'budget', c);
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
