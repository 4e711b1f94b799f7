/**
 * The learner's module, read once by a real WGSL parser (wgsl_reflect's scanner and parser) into the
 * facts the checker needs: its functions (where their bodies are, which reach a barrier, their loops),
 * its workgroup variables and their types, structs and aliases, its declarations, and the evaluated
 * `@workgroup_size` of the entry point. Pure, no words.
 *
 * Before parsing, the text is normalized without moving any character: the spec's line breaks become
 * '\n' and its other blankspace (U+200E, U+200F) a space, so a token's position is the learner's. The
 * parser cannot read every expression WGSL allows in an attribute (`@workgroup_size(TILE | 1u)`), so
 * the attribute's arguments are blanked for the parser and evaluated here from their tokens, with the
 * module's constants and the prelude's.
 */
import { WgslParser, WgslScanner, type Node as WgslNode, type Token } from 'wgsl_reflect/wgsl_reflect.module.js';

export interface TypeNode {
  readonly name: string;
  readonly format?: TypeNode;
  readonly count?: number;
}

export interface FunctionInfo {
  readonly name: string;
  readonly compute: boolean;
  readonly line: number;
  /** Positions in the learner's text: the end of the name, the start of the body's search, the end. */
  readonly nameEnd: number;
  readonly bodyStart: number;
  readonly end: number;
  readonly returnType?: TypeNode;
  /** The entry point's global_invocation_id, as an expression of its parameters. */
  readonly gid?: string;
  readonly loops: readonly { readonly start: number; readonly line: number; readonly reachesBarrier: boolean }[];
}

export interface ModuleInfo {
  readonly functions: readonly FunctionInfo[];
  readonly workgroupVars: readonly { readonly name: string; readonly type: TypeNode; readonly line: number }[];
  readonly structs: ReadonlyMap<string, readonly { readonly name: string; readonly type: TypeNode }[]>;
  readonly aliases: ReadonlyMap<string, TypeNode>;
  readonly barrierFunctions: ReadonlySet<string>;
  /** Every name the code declares (functions, variables, values, parameters, structs, aliases), with its line. */
  readonly declarations: readonly { readonly name: string; readonly line: number }[];
  /** The entry point's @workgroup_size, evaluated (undefined: absent or not evaluable here). */
  readonly workgroupSize?: readonly [number, number, number];
  readonly workgroupSizeLine?: number;
}

export interface ParsedModule {
  readonly text: string;
  readonly tokens: readonly Token[];
  readonly info: ModuleInfo;
}

/** The prelude's constants the parser needs to size arrays. */
export interface ModuleConstants {
  readonly tile: number;
  readonly wg: number;
}

/**
 * The spec's line breaks made '\n' and its other blankspace a space, one character for one (CR LF
 * becomes a space and '\n', so it still counts as one break): nothing moves.
 */
export function normalizeBlankspace(code: string): string {
  return code.replace(/\r\n/g, ' \n').replace(/[\r\v\f\u0085\u2028\u2029]/g, '\n').replace(/[\u200e\u200f]/g, ' ');
}

const kBarrierBuiltins = new Set(['workgroupBarrier', 'storageBarrier', 'textureBarrier', 'workgroupUniformLoad']);

type AnyNode = WgslNode & {
  name?: string;
  attributes?: { name: string; value: string | string[] | null }[] | null;
  args?: { name: string; type?: { name?: string }; attributes?: { name: string; value: string | string[] | null }[] | null }[];
  members?: { name: string; type: unknown; attributes?: { name: string; value: string | string[] | null }[] | null }[];
  returnType?: unknown;
  type?: unknown;
  storage?: string;
};

function nodesIn(n: unknown): WgslNode[] {
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

const isLoop = (n: WgslNode) => n.astNodeType === 'for' || n.astNodeType === 'while' || n.astNodeType === 'loop';
const isCall = (n: WgslNode) => n.astNodeType === 'call' || n.astNodeType === 'callExpr';
const nameOf = (n: WgslNode) => (n as AnyNode).name ?? '';
const builtinOf = (n: { attributes?: { name: string; value: string | string[] | null }[] | null }) => {
  const a = (n.attributes ?? []).find((x) => x.name === 'builtin');
  return a === undefined ? undefined : Array.isArray(a.value) ? a.value[0] : a.value;
};

function typeNode(t: unknown): TypeNode | undefined {
  if (typeof t !== 'object' || t === null) return undefined;
  const o = t as { name?: string; format?: unknown; count?: unknown };
  if (typeof o.name !== 'string') return undefined;
  const format = typeNode(o.format);
  return { name: o.name, ...(format ? { format } : {}), ...(typeof o.count === 'number' ? { count: o.count } : {}) };
}

/** A small evaluator of WGSL integer constant expressions (literals, constants, + - * / % << >> & | ^, u32/i32/min/max). */
export function evaluate(tokens: readonly Token[], consts: ReadonlyMap<string, number>): number | undefined {
  let i = 0;
  const peek = () => tokens[i]?.lexeme;
  // Lowest precedence first (WGSL does not mix these without parentheses, so one order serves).
  const bin: string[][] = [['|'], ['^'], ['&'], ['<<', '>>'], ['+', '-'], ['*', '/', '%']];
  const apply = (op: string, a: number, b: number): number | undefined => {
    switch (op) {
      case '|': return a | b;
      case '^': return a ^ b;
      case '&': return a & b;
      case '<<': return a * 2 ** b;
      case '>>': return Math.floor(a / 2 ** b);
      case '+': return a + b;
      case '-': return a - b;
      case '*': return a * b;
      case '/': return b === 0 ? undefined : Math.trunc(a / b);
      case '%': return b === 0 ? undefined : a % b;
    }
    return undefined;
  };
  const level = (l: number): number | undefined => {
    if (l >= bin.length) return unary();
    let a = level(l + 1);
    while (a !== undefined && bin[l]!.includes(peek() ?? '')) {
      const op = tokens[i++]!.lexeme;
      const b = level(l + 1);
      a = b === undefined ? undefined : apply(op, a, b);
    }
    return a;
  };
  const unary = (): number | undefined => {
    if (peek() === '-') {
      i++;
      const v = unary();
      return v === undefined ? undefined : -v;
    }
    return primary();
  };
  const primary = (): number | undefined => {
    const t = tokens[i];
    if (!t) return undefined;
    i++;
    if (t.lexeme === '(') {
      const v = level(0);
      if (peek() !== ')') return undefined;
      i++;
      return v;
    }
    const lit = /^(0[xX][0-9a-fA-F]+|[0-9]+)[iu]?$/.exec(t.lexeme);
    if (lit) return Number(lit[1]);
    if (peek() === '(' && ['u32', 'i32', 'min', 'max', 'abs'].includes(t.lexeme)) {
      i++;
      const args: (number | undefined)[] = [level(0)];
      while (peek() === ',') {
        i++;
        args.push(level(0));
      }
      if (peek() !== ')') return undefined;
      i++;
      if (args.some((x) => x === undefined)) return undefined;
      const a = args as number[];
      if (t.lexeme === 'min') return Math.min(...a);
      if (t.lexeme === 'max') return Math.max(...a);
      if (t.lexeme === 'abs') return Math.abs(a[0]!);
      return a[0];
    }
    return consts.get(t.lexeme);
  };
  const v = level(0);
  return i === tokens.length ? v : undefined;
}

function scanTokens(text: string): Token[] | undefined {
  try {
    return new WgslScanner(text).scanTokens();
  } catch {
    return undefined;
  }
}

/** Parse the learner's code (with the prelude's constants declared for the parser), or the line it stopped at. */
export function parseModule(code: string, c: ModuleConstants = { tile: 4, wg: 64 }): ParsedModule | { readonly line: number } {
  const text = normalizeBlankspace(code);
  const tokens = scanTokens(text);
  if (!tokens) return { line: 1 };
  // Module constants, in order (a constant may use an earlier one, or TILE and WG).
  const consts = new Map<string, number>([
    ['TILE', c.tile],
    ['WG', c.wg],
  ]);
  let depth = 0;
  for (let pass = 0; pass < 3; pass++) {
    depth = 0;
    for (let i = 0; i < tokens.length; i++) {
      const l = tokens[i]!.lexeme;
      if (l === '{') depth++;
      else if (l === '}') depth--;
      // A module constant, or an override with its default (the practice pipeline sets no override).
      if (depth !== 0 || (l !== 'const' && l !== 'override') || !tokens[i + 1]) continue;
      const name = tokens[i + 1]!.lexeme;
      const eq = tokens.findIndex((t, k) => k > i && t.lexeme === '=');
      const semi = tokens.findIndex((t, k) => k > eq && t.lexeme === ';');
      if (eq < 0 || semi < 0) continue;
      const v = evaluate(tokens.slice(eq + 1, semi), consts);
      if (v !== undefined) consts.set(name, v);
    }
  }
  // Blank @workgroup_size's arguments for the parser (evaluated here instead).
  let blanked = text;
  let workgroupSize: [number, number, number] | undefined;
  let workgroupSizeLine: number | undefined;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i]!.lexeme !== '@' || tokens[i + 1]!.lexeme !== 'workgroup_size' || tokens[i + 2]!.lexeme !== '(') continue;
    let d = 0;
    let close = -1;
    for (let k = i + 2; k < tokens.length; k++) {
      if (tokens[k]!.lexeme === '(') d++;
      else if (tokens[k]!.lexeme === ')' && --d === 0) {
        close = k;
        break;
      }
    }
    if (close < 0) return { line: tokens[i]!.line };
    const args: Token[][] = [[]];
    let inner = 0;
    for (let k = i + 3; k < close; k++) {
      const l = tokens[k]!.lexeme;
      if (l === '(') inner++;
      if (l === ')') inner--;
      if (l === ',' && inner === 0) args.push([]);
      else args[args.length - 1]!.push(tokens[k]!);
    }
    if (args[args.length - 1]!.length === 0) args.pop();
    const values = args.map((a) => evaluate(a, consts));
    if (values.every((v) => v !== undefined) && values.length >= 1 && values.length <= 3) {
      workgroupSize = [values[0]!, values[1] ?? 1, values[2] ?? 1];
    }
    workgroupSizeLine = tokens[i]!.line;
    const from = tokens[i + 2]!.end;
    const to = tokens[close]!.start;
    const inside = text.slice(from, to).replace(/[^\n]/g, ' ');
    blanked = blanked.slice(0, from) + '1' + inside.slice(1) + blanked.slice(to);
    if (to === from) blanked = blanked.slice(0, from) + blanked.slice(from + 1);
  }
  const prefix = `const TILE: u32 = ${c.tile}u; const WG: u32 = ${c.wg}u;`;
  let ast: WgslNode[];
  try {
    ast = new WgslParser().parse(prefix + blanked);
  } catch (e) {
    const line = typeof e === 'object' && e !== null && 'token' in e ? Number((e as { token?: { line?: number } }).token?.line) : NaN;
    return { line: Number.isFinite(line) && line > 0 ? line : 1 };
  }
  const shift = prefix.length;
  const lineAt = (pos: number) => {
    let n = 1;
    for (let k = 0; k < pos && k < text.length; k++) if (text.charCodeAt(k) === 10) n++;
    return n;
  };
  const fnNodes = ast.filter((n) => n.astNodeType === 'function') as AnyNode[];
  // Functions that reach a barrier, directly or through calls.
  const calls = new Map<string, Set<string>>();
  for (const f of fnNodes) calls.set(nameOf(f), new Set(nodesIn(f).filter(isCall).map(nameOf)));
  const barrierFunctions = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [f, cs] of calls) {
      if (!barrierFunctions.has(f) && [...cs].some((x) => kBarrierBuiltins.has(x) || barrierFunctions.has(x))) {
        barrierFunctions.add(f);
        grew = true;
      }
    }
  }
  const structs = new Map<string, { name: string; type: TypeNode }[]>();
  for (const s of ast.filter((n) => n.astNodeType === 'struct') as AnyNode[]) {
    structs.set(nameOf(s), (s.members ?? []).map((m) => ({ name: m.name, type: typeNode(m.type) ?? { name: '?' } })));
  }
  const aliases = new Map<string, TypeNode>();
  for (const a of ast.filter((n) => n.astNodeType === 'alias') as AnyNode[]) {
    const t = typeNode(a.type);
    if (t) aliases.set(nameOf(a), t);
  }
  const workgroupVars = (ast.filter((n) => n.astNodeType === 'var' && (n as AnyNode).storage === 'workgroup') as AnyNode[]).map((v) => {
    const parsed = typeNode(v.type) ?? { name: '?' };
    // The parser reads an array's count from a literal or a const, not from an override (it says 1):
    // the count is evaluated here from the declaration's tokens, with the overrides' defaults.
    const at = tokens.findIndex((t, k) => t.start >= Math.max(0, v.start - shift) && t.lexeme === nameOf(v) && tokens[k + 1]?.lexeme === ':');
    const own = at >= 0 ? typeAt(tokens, at + 2, consts) : undefined;
    return { name: nameOf(v), type: own ? withCounts(parsed, own.type) : parsed, line: lineAt(Math.max(0, v.start - shift)) };
  });
  const functions: FunctionInfo[] = fnNodes.map((f) => {
    const start = Math.max(0, f.start - shift);
    const nameTok = tokens.find((t) => t.start >= start && t.lexeme === nameOf(f));
    const compute = (f.attributes ?? []).some((a) => a.name === 'compute');
    let gid: string | undefined;
    for (const a of f.args ?? []) {
      if (builtinOf(a) === 'global_invocation_id') gid = a.name;
      const st = a.type?.name !== undefined ? (ast.find((n) => n.astNodeType === 'struct' && nameOf(n) === a.type!.name) as AnyNode | undefined) : undefined;
      const m = st?.members?.find((x) => builtinOf(x) === 'global_invocation_id');
      if (gid === undefined && m) gid = `${a.name}.${m.name}`;
    }
    const loops = nodesIn(f)
      .filter(isLoop)
      .map((l) => ({
        start: Math.max(0, l.start - shift),
        line: lineAt(Math.max(0, l.start - shift)),
        reachesBarrier: nodesIn(l).some((n) => isCall(n) && (kBarrierBuiltins.has(nameOf(n)) || barrierFunctions.has(nameOf(n)))),
      }));
    const rt = typeNode(f.returnType);
    // The body starts after the parameter list's closing parenthesis (and any return type).
    const nameEnd = nameTok?.end ?? start;
    const open = tokens.findIndex((t) => t.start >= nameEnd && t.lexeme === '(');
    let d = 0;
    let close = open;
    for (let k = open; k >= 0 && k < tokens.length; k++) {
      if (tokens[k]!.lexeme === '(') d++;
      else if (tokens[k]!.lexeme === ')' && --d === 0) {
        close = k;
        break;
      }
    }
    return {
      name: nameOf(f),
      compute,
      line: lineAt(start),
      nameEnd,
      bodyStart: close >= 0 ? tokens[close]!.end : nameEnd,
      end: Math.max(0, f.end - shift),
      ...(rt ? { returnType: rt } : {}),
      ...(gid !== undefined ? { gid } : {}),
      loops,
    };
  });
  return {
    text,
    tokens,
    info: {
      functions,
      workgroupVars,
      structs,
      aliases,
      barrierFunctions,
      declarations: declarationsOf(tokens),
      ...(workgroupSize ? { workgroupSize } : {}),
      ...(workgroupSizeLine !== undefined ? { workgroupSizeLine } : {}),
    },
  };
}

/** A type written from token `i` on (`array<T, count>`, `vec4<f32>`, a name), its counts evaluated with `consts`; `end`: the token after it. */
function typeAt(tokens: readonly Token[], i: number, consts: ReadonlyMap<string, number>, pending = { closes: 0 }): { type: TypeNode; end: number } | undefined {
  const name = tokens[i]?.lexeme;
  if (name === undefined) return undefined;
  if (tokens[i + 1]?.lexeme !== '<') return { type: { name }, end: i + 1 };
  const inner = typeAt(tokens, i + 2, consts, pending);
  if (!inner) return undefined;
  let k = inner.end;
  let count: number | undefined;
  if (pending.closes === 0 && tokens[k]?.lexeme === ',') {
    // The count: the tokens up to this template's '>' (depth counted over parentheses).
    let depth = 0;
    const from = k + 1;
    for (k = from; k < tokens.length; k++) {
      const l = tokens[k]!.lexeme;
      if (l === '(') depth++;
      else if (l === ')') depth--;
      else if (depth === 0 && (l === '>' || l === '>>')) break;
    }
    count = evaluate(tokens.slice(from, k), consts);
  }
  // '>>' closes this template and the one around it.
  if (pending.closes > 0) pending.closes--;
  else if (tokens[k]?.lexeme === '>>') pending.closes = 1;
  else if (tokens[k]?.lexeme !== '>') return undefined;
  const end = pending.closes > 0 ? k : k + 1;
  return { type: { name, format: inner.type, ...(count !== undefined ? { count } : {}) }, end };
}

/** The parser's type with each array count the module's own evaluation found put in. */
function withCounts(parsed: TypeNode, own: TypeNode): TypeNode {
  if (parsed.name !== own.name) return parsed;
  const format = parsed.format && own.format ? withCounts(parsed.format, own.format) : parsed.format;
  const count = parsed.name === 'array' && own.count !== undefined ? own.count : parsed.count;
  return { name: parsed.name, ...(format ? { format } : {}), ...(count !== undefined ? { count } : {}) };
}

export function isParsed(p: ParsedModule | { readonly line: number }): p is ParsedModule {
  return 'info' in p;
}

/** Every name the tokens declare: after fn, var (and its template list), let, const, override, alias, struct; and every parameter. */
function declarationsOf(tokens: readonly Token[]): { name: string; line: number }[] {
  const out: { name: string; line: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const l = tokens[i]!.lexeme;
    if (['fn', 'let', 'const', 'override', 'alias', 'struct'].includes(l) && tokens[i + 1]) out.push({ name: tokens[i + 1]!.lexeme, line: tokens[i + 1]!.line });
    if (l === 'var') {
      let k = i + 1;
      if (tokens[k]?.lexeme === '<') {
        while (k < tokens.length && tokens[k]!.lexeme !== '>') k++;
        k++;
      }
      if (tokens[k]) out.push({ name: tokens[k]!.lexeme, line: tokens[k]!.line });
    }
    if (l === 'fn' && tokens[i + 2]?.lexeme === '(') {
      // Parameters: at depth 1 of the list, a name followed by ':' (attributes and their arguments skipped).
      let d = 0;
      for (let k = i + 2; k < tokens.length; k++) {
        const x = tokens[k]!.lexeme;
        if (x === '(') d++;
        else if (x === ')' && --d === 0) break;
        else if (d === 1 && tokens[k + 1]?.lexeme === ':' && tokens[k - 1]?.lexeme !== '@') out.push({ name: x, line: tokens[k]!.line });
      }
    }
  }
  return out;
}
