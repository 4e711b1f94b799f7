/**
 * The learner's WGSL rewritten so that its run leaves a trace (pure work on text and its parse; no GPU,
 * no words). It replaces counting with seeing (issue #43): instead of counters the kernel could game,
 * the run records what it did, and core/practice/judge.ts reads the verdicts from that record.
 *
 * - **Every access to workgroup memory** becomes a call to a small wrapper the instrumentation writes
 *   (`tiles_ld_<n>` for a read, `tiles_st_<n>` for a write; a compound assignment or `++` is both),
 *   which appends one record — which variable, which word (from the declared type's layout, in 4-byte
 *   words), how many words, whether an index was out of range, the barrier epoch, the source site —
 *   to the invocation's own slot of the trace buffer, then does the access as written.
 * - **Every `workgroupBarrier()`** becomes `tiles_barrier()`: the invocation's epoch grows by one (all
 *   invocations of a workgroup agree on it between two barriers). `workgroupUniformLoad` is a barrier
 *   too. `loadA`, `loadB` and `storeC` record which element they touched (the prelude's helpers).
 * - **One budget per invocation for the whole run**: a private counter charged by every loop iteration
 *   and every call of a learner function; a loop or function that reaches a barrier charges a
 *   function-scope counter passed down by pointer (so its break or early return stays uniform and the
 *   module still compiles), against the same budget. Past the budget, loops break, functions return a
 *   zero value and the flag `budget` is raised: the total work of a dispatch is bounded before it is
 *   dispatched, and nothing relies on a timeout.
 *
 * Nothing inserted holds a newline, so a compiler's line numbers still point at the learner's lines.
 * The wrappers go after the learner's code, on lines of their own.
 */
import type { Node as WgslNode, Token } from 'wgsl_reflect/wgsl_reflect.module.js';
import { kFlag, kRec } from './constants';
import { isParsed, parseModule, type ModuleConstants, type ModuleInfo, type TypeNode } from './wgslModule';

export { kRec, kRecordWords, kSlotHeadWords } from './constants';

/** One workgroup variable of the learner's code, with its layout in 4-byte words. */
export interface WorkgroupVar {
  readonly name: string;
  /** Words the variable takes. */
  readonly words: number;
  /** The extents of its leading array dimensions, outermost first, and the words between elements of each (to name a word As[1][2]). */
  readonly dims: readonly { readonly count: number; readonly stride: number }[];
  /** Where the element past those dimensions is a struct: its members, each with its offset, words and own leading dimensions (to name a word t.a[1][2]). */
  readonly members?: readonly { readonly name: string; readonly offset: number; readonly words: number; readonly dims: readonly { readonly count: number; readonly stride: number }[] }[];
}

/** One place in the learner's code that touches workgroup memory. */
export interface AccessSite {
  readonly line: number;
  readonly variable: number;
  readonly write: boolean;
}

export interface Instrumented {
  readonly code: string;
  readonly variables: readonly WorkgroupVar[];
  readonly sites: readonly AccessSite[];
  /** Loops charged against the budget, and barriers the trace sees. */
  readonly loops: number;
  readonly barriers: number;
  /** Calls of storageBarrier or textureBarrier: barriers that do not order workgroup memory (what a race's hint says). */
  readonly otherBarriers: number;
}

/** Why the code could not be instrumented, as data. Lines are the normalized code's (1-based). */
export type NotInstrumented =
  | { readonly kind: 'no-entry'; readonly line: number; readonly name?: string }
  | { readonly kind: 'unreadable'; readonly line: number }
  | { readonly kind: 'pointer'; readonly name: string; readonly line: number };

export type InstrumentMode = 'trace' | 'budget';

const kAtomicBuiltins = new Set(['atomicLoad', 'atomicStore', 'atomicAdd', 'atomicSub', 'atomicMax', 'atomicMin', 'atomicAnd', 'atomicOr', 'atomicXor', 'atomicExchange', 'atomicCompareExchangeWeak']);
const kCompound = new Set(['+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=']);

interface Layout {
  size: number;
  align: number;
}

/** Size and alignment, in 4-byte words, of a type node (WGSL's layout rules; f16 counted as a word). */
export function layoutOf(t: TypeNode, info: ModuleInfo): Layout | undefined {
  const name = t.name;
  const alias = info.aliases.get(name);
  if (alias) return layoutOf(alias, info);
  if (['f32', 'i32', 'u32', 'f16', 'bool'].includes(name)) return { size: 1, align: 1 };
  if (name === 'atomic') return { size: 1, align: 1 };
  const vec = /^vec([234])([fiuh]?)$/.exec(name);
  if (vec) {
    const n = Number(vec[1]);
    return { size: n, align: n === 2 ? 2 : 4 };
  }
  const mat = /^mat([234])x([234])([fh]?)$/.exec(name);
  if (mat) {
    const c = Number(mat[1]);
    const r = Number(mat[2]);
    const align = r === 2 ? 2 : 4;
    return { size: c * align, align };
  }
  if (name === 'array') {
    const el = t.format ? layoutOf(t.format, info) : undefined;
    if (!el || typeof t.count !== 'number' || !(t.count > 0)) return undefined;
    const stride = Math.ceil(el.size / el.align) * el.align;
    return { size: t.count * stride, align: el.align };
  }
  const s = info.structs.get(name);
  if (s) {
    let off = 0;
    let align = 1;
    for (const m of s) {
      const l = layoutOf(m.type, info);
      if (!l) return undefined;
      off = Math.ceil(off / l.align) * l.align + l.size;
      align = Math.max(align, l.align);
    }
    return { size: Math.ceil(off / align) * align, align };
  }
  return undefined;
}

/** A type node as WGSL text. */
export function typeText(t: TypeNode, info: ModuleInfo): string {
  if (t.name === 'array' && t.format) return `array<${typeText(t.format, info)}, ${t.count}>`;
  if (t.format && /^(vec[234]|mat[234]x[234]|atomic)$/.test(t.name)) return `${t.name}<${typeText(t.format, info)}>`;
  return t.name;
}

/** The step a postfix takes through a type: its element, and where it lies (offset = index × stride + constant). */
interface Step {
  readonly kind: 'index' | 'member';
  readonly text: string;
  readonly stride: number;
  readonly offset: number;
  /** The extent an index must stay below. */
  readonly count: number;
  readonly type: TypeNode;
  /** Token range of an index expression ([from, to) token indices), or the member's name. */
  readonly from?: number;
  readonly to?: number;
}

function resolve(t: TypeNode, info: ModuleInfo): TypeNode {
  const a = info.aliases.get(t.name);
  return a ? resolve(a, info) : t;
}

const kScalar: Record<string, string> = { f: 'f32', i: 'i32', u: 'u32', h: 'f16', '': 'f32' };

/** The element type of a vector or matrix column, as a node. */
function elementOf(t: TypeNode): TypeNode | undefined {
  const vec = /^vec([234])([fiuh]?)$/.exec(t.name);
  if (vec) return vec[2] ? { name: kScalar[vec[2]]! } : (t.format ?? { name: 'f32' });
  const mat = /^mat([234])x([234])([fh]?)$/.exec(t.name);
  if (mat) return { name: `vec${mat[2]}${mat[3] || (t.format ? '' : 'f')}`, ...(mat[3] || !t.format ? {} : { format: t.format }) };
  return undefined;
}

function vectorLength(t: TypeNode): number {
  const vec = /^vec([234])/.exec(t.name);
  return vec ? Number(vec[1]) : 0;
}

/** The learner's code with every workgroup access, barrier, loop and call instrumented (see the header). */
export function instrument(code: string, mode: InstrumentMode, constants?: ModuleConstants): Instrumented | NotInstrumented {
  const p = parseModule(code, constants);
  if (!isParsed(p)) return { kind: 'unreadable', line: p.line };
  const { text, tokens, info } = p;
  const traced = mode === 'trace';
  const functions = info.functions;
  const entry = functions.find((f) => f.name === 'main' && f.compute);
  if (!entry) {
    const other = functions.find((f) => f.compute) ?? functions.find((f) => f.name === 'main');
    return { kind: 'no-entry', line: other ? other.line : 1, ...(other ? { name: other.name } : {}) };
  }
  // Workgroup variables, each with its layout.
  const variables: WorkgroupVar[] = [];
  const varTypes = new Map<string, { index: number; type: TypeNode }>();
  for (const v of info.workgroupVars) {
    const l = layoutOf(v.type, info);
    if (!l) return { kind: 'unreadable', line: v.line };
    const dimsOf = (type: TypeNode): { dims: { count: number; stride: number }[]; element: TypeNode } => {
      const dims: { count: number; stride: number }[] = [];
      let t = resolve(type, info);
      while (t.name === 'array' && t.format && typeof t.count === 'number') {
        const el = layoutOf(t.format, info)!;
        dims.push({ count: t.count, stride: Math.ceil(el.size / el.align) * el.align });
        t = resolve(t.format, info);
      }
      return { dims, element: t };
    };
    const { dims, element } = dimsOf(v.type);
    const struct = info.structs.get(element.name);
    let members: { name: string; offset: number; words: number; dims: { count: number; stride: number }[] }[] | undefined;
    if (struct) {
      members = [];
      let off = 0;
      for (const m of struct) {
        const ml = layoutOf(m.type, info)!;
        off = Math.ceil(off / ml.align) * ml.align;
        members.push({ name: m.name, offset: off, words: ml.size, dims: dimsOf(m.type).dims });
        off += ml.size;
      }
    }
    varTypes.set(v.name, { index: variables.length, type: v.type });
    variables.push({ name: v.name, words: l.size, dims, ...(members ? { members } : {}) });
  }

  const inserts = new Map<number, string[]>();
  const insert = (at: number, s: string) => {
    const list = inserts.get(at) ?? [];
    list.push(s);
    inserts.set(at, list);
  };
  /** Token index → replacement of that token's text (barriers). */
  const replaceToken = new Map<number, string>();
  const tokenAt = new Map<number, number>();
  tokens.forEach((t, i) => tokenAt.set(t.start, i));
  const firstTokenAfter = (pos: number) => tokens.findIndex((t) => t.start >= pos);
  const braceAfter = (pos: number) => tokens.find((t) => t.start >= pos && t.lexeme === '{');

  const flagBudget = `atomicStore(&tiles_flags[${kFlag.budget}], 1u);`;
  let loops = 0;
  let barriers = 0;
  let otherBarriers = 0;
  const barrierFns = info.barrierFunctions;
  /** workgroupUniformLoad calls (token indices; traced mode): each becomes a traced call (callAccess). */
  const uniformLoads: number[] = [];

  for (const f of functions) {
    const isEntry = f === entry;
    const open = braceAfter(f.bodyStart);
    if (!open) return { kind: 'unreadable', line: f.line };
    const uniform = isEntry ? 'tiles_uw' : '(*tiles_uw)';
    const zero = f.returnType ? `${typeText(f.returnType, info)}()` : '';
    if (isEntry) {
      // i18n-exempt: WGSL put into the learner's code
      insert(open.end, ' var tiles_uw = 0u;');
    } else if (barrierFns.has(f.name)) {
      // The uniform counter is passed down: a parameter first.
      const paren = tokens.find((t) => t.start >= f.nameEnd && t.lexeme === '(');
      if (!paren) return { kind: 'unreadable', line: f.line };
      const next = tokens[tokens.indexOf(paren) + 1];
      insert(paren.end, `tiles_uw: ptr<function, u32>${next && next.lexeme === ')' ? '' : ', '}`);
      insert(open.end, ` ${uniform} += 1u; if (${uniform} > dims.tiles_budget) { ${flagBudget} return ${zero}; }`);
    } else {
      insert(open.end, ` tiles_work += 1u; if (tiles_work > dims.tiles_budget) { ${flagBudget} return ${zero}; }`);
    }
    for (const l of f.loops) {
      const brace = braceAfter(l.start);
      if (!brace) return { kind: 'unreadable', line: l.line };
      loops++;
      insert(
        brace.end,
        l.reachesBarrier
          ? ` ${uniform} += 1u; if (${uniform} > dims.tiles_budget) { ${flagBudget} break; }`
          : ` tiles_work += 1u; if (tiles_work > dims.tiles_budget) { ${flagBudget} break; }`,
      );
    }
    // Calls of functions that reach a barrier get the counter; barriers become the traced barrier.
    const from = firstTokenAfter(open.end);
    for (let i = from; i >= 0 && i < tokens.length && tokens[i]!.start < f.end; i++) {
      const t = tokens[i]!;
      const prev = tokens[i - 1]?.lexeme;
      if (prev === '.' || prev === 'fn') continue;
      if (barrierFns.has(t.lexeme) && tokens[i + 1]?.lexeme === '(') {
        const empty = tokens[i + 2]?.lexeme === ')';
        insert(tokens[i + 1]!.end, `${isEntry ? '&tiles_uw' : 'tiles_uw'}${empty ? '' : ', '}`);
      }
      if (t.lexeme === 'workgroupBarrier' && tokens[i + 1]?.lexeme === '(') {
        barriers++;
        if (traced) replaceToken.set(i, 'tiles_barrier');
      }
      if ((t.lexeme === 'storageBarrier' || t.lexeme === 'textureBarrier') && tokens[i + 1]?.lexeme === '(') otherBarriers++;
      if (t.lexeme === 'workgroupUniformLoad' && tokens[i + 1]?.lexeme === '(') {
        barriers++;
        if (traced) uniformLoads.push(i);
      }
    }
  }
  // The entry point names its invocation (global_invocation_id: the learner's own, or one added).
  let gid = entry.gid;
  const entryParen = tokens.find((t) => t.start >= entry.nameEnd && t.lexeme === '(');
  const entryOpen = braceAfter(entry.bodyStart);
  if (!entryParen || !entryOpen) return { kind: 'unreadable', line: entry.line };
  if (gid === undefined) {
    gid = 'tiles_gid';
    const next = tokens[tokens.indexOf(entryParen) + 1];
    insert(entryParen.end, `@builtin(global_invocation_id) tiles_gid: vec3u${next && next.lexeme === ')' ? '' : ', '}`);
  }
  insert(entryOpen.end, ` tiles_inv = ${gid}.x + ${gid}.y * dims.tiles_gridX + ${gid}.z * dims.tiles_gridX * dims.tiles_gridY; tiles_slotv = tiles_slot();`);

  // Workgroup accesses (traced mode), found token by token inside function bodies.
  const sites: AccessSite[] = [];
  const wrappers = new Map<string, string>();
  const casStructs = new Set<string>();
  let pointer: NotInstrumented | undefined;
  const inFunction = (pos: number) => functions.some((f) => pos > f.bodyStart && pos < f.end);

  /** The postfix chain after a workgroup variable's token: its steps and the token after it. */
  const chainOf = (i: number): { steps: Step[]; end: number; type: TypeNode } | undefined => {
    let type: TypeNode = varTypes.get(tokens[i]!.lexeme)!.type;
    const steps: Step[] = [];
    let j = i + 1;
    for (;;) {
      const t = tokens[j];
      const rt = resolve(type, info);
      if (t?.lexeme === '[') {
        let depth = 0;
        let k = j;
        for (; k < tokens.length; k++) {
          if (tokens[k]!.lexeme === '[') depth++;
          else if (tokens[k]!.lexeme === ']' && --depth === 0) break;
        }
        if (k >= tokens.length) return undefined;
        if (rt.name === 'array' && rt.format) {
          const el = layoutOf(rt.format, info);
          if (!el) return undefined;
          steps.push({ kind: 'index', text: '', stride: Math.ceil(el.size / el.align) * el.align, offset: 0, count: Number(rt.count), type: rt.format, from: j + 1, to: k });
          type = rt.format;
        } else {
          const el = elementOf(rt);
          if (!el) return undefined;
          const l = layoutOf(el, info)!;
          const count = vectorLength(rt) || Number(/^mat([234])/.exec(rt.name)?.[1] ?? 0);
          steps.push({ kind: 'index', text: '', stride: Math.ceil(l.size / l.align) * l.align, offset: 0, count, type: el, from: j + 1, to: k });
          type = el;
        }
        j = k + 1;
        continue;
      }
      if (t?.lexeme === '.' && tokens[j + 1]) {
        const name = tokens[j + 1]!.lexeme;
        const members = info.structs.get(rt.name);
        if (members) {
          let off = 0;
          let found: Step | undefined;
          for (const m of members) {
            const l = layoutOf(m.type, info)!;
            off = Math.ceil(off / l.align) * l.align;
            if (m.name === name) found = { kind: 'member', text: name, stride: 0, offset: off, count: 1, type: m.type };
            off += l.size;
          }
          if (!found) return undefined;
          steps.push(found);
          type = found.type;
          j += 2;
          continue;
        }
        const el = elementOf(rt);
        const comp = 'xyzwrgba'.indexOf(name);
        if (el && vectorLength(rt) > 0 && name.length === 1 && comp >= 0) {
          steps.push({ kind: 'member', text: name, stride: 0, offset: comp % 4, count: 1, type: el });
          type = el;
          j += 2;
          continue;
        }
      }
      return { steps, end: j, type };
    }
  };

  const events = new Set<number>();
  for (const at of inserts.keys()) events.add(at);
  for (const i of replaceToken.keys()) events.add(tokens[i]!.start);
  const accessAt = new Set<number>();
  /** Calls that take a workgroup address (`atomicAdd(&n, 1u)`, `workgroupUniformLoad(&t[i])`): the callee's token → the variable's. */
  const callAt = new Map<number, number>();
  if (traced) {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (!varTypes.has(t.lexeme) || tokens[i - 1]?.lexeme === '.' || !inFunction(t.start)) continue;
      const callee = tokens[i - 3];
      if (tokens[i - 1]?.lexeme === '&' && tokens[i - 2]?.lexeme === '(' && callee && tokens[i - 4]?.lexeme !== '.' && (kAtomicBuiltins.has(callee.lexeme) || callee.lexeme === 'workgroupUniformLoad')) {
        callAt.set(i - 3, i);
        events.add(callee.start);
        continue;
      }
      accessAt.add(i);
      events.add(t.start);
    }
    // A workgroupUniformLoad of anything but `&variable…` is a pointer the trace cannot follow.
    for (const k of uniformLoads) if (!callAt.has(k)) pointer ??= { kind: 'pointer', name: 'workgroupUniformLoad', line: tokens[k]!.line };
  }
  const eventList = [...events].sort((a, b) => a - b);

  const paramsOf = (steps: readonly Step[]) => steps.flatMap((s, k) => (s.kind === 'index' ? [`tiles_i${k}: u32`] : []));
  const pathOf = (steps: readonly Step[]) => steps.map((s, k) => (s.kind === 'index' ? `[tiles_i${k}]` : `.${s.text}`)).join('');
  /** The trace record of one access through a chain (its word from the layout, whether an index was out of range). */
  const recordOf = (kind: number, variable: number, steps: readonly Step[], type: TypeNode): string => {
    const offset = steps.map((s, k) => (s.kind === 'index' ? `tiles_i${k} * ${s.stride}u` : `${s.offset}u`)).join(' + ') || '0u';
    const oob = steps.flatMap((s, k) => (s.kind === 'index' ? [`tiles_i${k} >= ${s.count}u`] : [])).join(' || ') || 'false';
    return `tiles_rec(${kind}u | (${variable}u << 4u) | (select(0u, 1u, ${oob}) << 9u) | (tiles_site << 10u), ${offset}, ${layoutOf(type, info)!.size}u);`;
  };

  /**
   * A call that takes a workgroup address, traced: `atomicX(&v…, args)` becomes a wrapper that records
   * the access (atomicLoad a read; atomicStore, atomicExchange, atomicCompareExchangeWeak a write; the
   * other read-modify-writes `wgAtomic`, which never race with each other) and makes the call;
   * `workgroupUniformLoad(&v…)` one that records its barrier, the read after it, and the barrier after
   * the read (as the compilers make it: barrier, load, barrier).
   */
  const callAccess = (k: number, i: number): { text: string; end: number } | undefined => {
    const callee = tokens[k]!.lexeme;
    const name = tokens[i]!.lexeme;
    const chain = chainOf(i);
    const close = matching(k + 1);
    const after = chain ? tokens[chain.end]?.lexeme : undefined;
    if (!chain || close < 0 || (after !== ',' && chain.end !== close)) {
      pointer ??= { kind: 'pointer', name, line: tokens[i]!.line };
      return undefined;
    }
    const v = varTypes.get(name)!;
    const idx = chain.steps.flatMap((s) => (s.kind === 'index' ? [`u32(${emit(tokens[s.from!]!.start, tokens[s.to! - 1]!.end)})`] : []));
    const args = after === ',' && chain.end + 1 < close ? [emit(tokens[chain.end + 1]!.start, tokens[close - 1]!.end)] : [];
    const uniform = callee === 'workgroupUniformLoad';
    const element = uniform ? chain.type : (resolve(chain.type, info).format ?? { name: 'u32' });
    const t = typeText(element, info);
    const kind = uniform || callee === 'atomicLoad' ? kRec.wgRead : callee === 'atomicStore' || callee === 'atomicExchange' || callee === 'atomicCompareExchangeWeak' ? kRec.wgWrite : kRec.wgAtomic;
    sites.push({ line: tokens[i]!.line, variable: v.index, write: kind !== kRec.wgRead });
    const site = `${sites.length - 1}u`;
    const sig = `call:${callee}:${name}:${chain.steps.map((s) => (s.kind === 'index' ? '[]' : `.${s.text}`)).join('')}`;
    let fname = wrappers.get(sig)?.split('(')[0]!.replace(/^fn /, '');
    if (fname === undefined) {
      fname = `tiles_${uniform ? 'wul' : 'at'}_${wrappers.size}`;
      const params = ['tiles_site: u32', ...paramsOf(chain.steps)];
      const ptr = `&${name}${pathOf(chain.steps)}`;
      const rec = recordOf(kind, v.index, chain.steps, element);
      const mark = 'tiles_epoch += 1u; tiles_mark();';
      let body: string;
      // i18n-exempt: WGSL put after the learner's code
      if (uniform) body = `fn ${fname}(${params.join(', ')}) -> ${t} { ${mark} let tiles_v = workgroupUniformLoad(${ptr}); ${rec} ${mark} return tiles_v; }`;
      // i18n-exempt: WGSL put after the learner's code
      else if (callee === 'atomicLoad') body = `fn ${fname}(${params.join(', ')}) -> ${t} { ${rec} return atomicLoad(${ptr}); }`;
      else if (callee === 'atomicStore') body = `fn ${fname}(${[...params, `tiles_a0: ${t}`].join(', ')}) { ${rec} atomicStore(${ptr}, tiles_a0); }`;
      else if (callee === 'atomicCompareExchangeWeak') {
        // Its result type cannot be written in WGSL: a struct of the same members stands in for it.
        const st = `tiles_cas_${t}`;
        casStructs.add(`struct ${st} { old_value: ${t}, exchanged: bool }`);
        // i18n-exempt: WGSL put after the learner's code
        body = `fn ${fname}(${[...params, `tiles_a0: ${t}`, `tiles_a1: ${t}`].join(', ')}) -> ${st} { ${rec} let tiles_r = atomicCompareExchangeWeak(${ptr}, tiles_a0, tiles_a1); return ${st}(tiles_r.old_value, tiles_r.exchanged); }`;
      } else body = `fn ${fname}(${[...params, `tiles_a0: ${t}`].join(', ')}) -> ${t} { ${rec} return ${callee}(${ptr}, tiles_a0); }`;
      wrappers.set(sig, body);
    }
    return { text: `${fname}(${[site, ...idx, ...args].join(', ')})`, end: tokens[close]!.end };
  };

  /** The wrapper for a chain, made once per (variable, steps, read|write). */
  const wrapperFor = (name: string, steps: readonly Step[], type: TypeNode, write: boolean): string => {
    const v = varTypes.get(name)!;
    const sig = `${write ? 'st' : 'ld'}:${name}:${steps.map((s) => (s.kind === 'index' ? '[]' : `.${s.text}`)).join('')}`;
    const existing = wrappers.get(sig);
    if (existing) return existing.split('(')[0]!.replace(/^fn /, '');
    const fname = `tiles_${write ? 'st' : 'ld'}_${wrappers.size}`;
    const params = paramsOf(steps);
    const path = pathOf(steps);
    const t = typeText(type, info);
    const rec = recordOf(write ? kRec.wgWrite : kRec.wgRead, v.index, steps, type);
    const body = write
      ? `fn ${fname}(tiles_site: u32, ${[...params, `tiles_v: ${t}`].join(', ')}) { ${traced ? rec : ''} ${name}${path} = tiles_v; }`
      : `fn ${fname}(${['tiles_site: u32', ...params].join(', ')}) -> ${t} { ${traced ? rec : ''} return ${name}${path}; }`;
    wrappers.set(sig, body);
    return fname;
  };

  /** The text from `from` to `to` (positions), with every event inside applied. */
  const emit = (from: number, to: number): string => {
    let out = '';
    let pos = from;
    let e = eventList.findIndex((x) => x >= from);
    while (e >= 0 && e < eventList.length && eventList[e]! < to) {
      const at = eventList[e]!;
      if (at < pos) {
        e++;
        continue;
      }
      out += text.slice(pos, at);
      pos = at;
      for (const s of inserts.get(at) ?? []) out += s;
      const ti = tokenAt.get(at);
      if (ti !== undefined && callAt.has(ti)) {
        const r = callAccess(ti, callAt.get(ti)!);
        if (r) {
          out += r.text;
          pos = r.end;
          e = eventList.findIndex((x) => x >= pos);
          if (e < 0) break;
          continue;
        }
      }
      if (ti !== undefined && replaceToken.has(ti)) {
        const r = replaceToken.get(ti)!;
        out += r;
        pos = tokens[ti]!.end;
        e++;
        continue;
      }
      if (ti !== undefined && accessAt.has(ti)) {
        const r = access(ti);
        if (r) {
          out += r.text;
          pos = r.end;
          e = eventList.findIndex((x) => x >= pos);
          if (e < 0) break;
          continue;
        }
      }
      e++;
    }
    out += text.slice(pos, to);
    return out;
  };

  const matching = (open: number): number => {
    const o = tokens[open]?.lexeme;
    const c = o === '(' ? ')' : o === '[' ? ']' : '}';
    let depth = 0;
    for (let k = open; k < tokens.length; k++) {
      if (tokens[k]!.lexeme === o) depth++;
      else if (tokens[k]!.lexeme === c && --depth === 0) return k;
    }
    return -1;
  };

  /** The end of the statement whose right-hand side starts at token `from`: the `;` (or the for-header's `)`) at depth 0. */
  const statementEnd = (from: number): number => {
    let depth = 0;
    for (let k = from; k < tokens.length; k++) {
      const l = tokens[k]!.lexeme;
      if (l === '(' || l === '[' || l === '{') depth++;
      else if (l === ')' || l === ']' || l === '}') {
        if (depth === 0) return k;
        depth--;
      } else if (l === ';' && depth === 0) return k;
    }
    return -1;
  };

  /** One workgroup access at token `i`, rewritten; undefined leaves it as written (atomics, pointers to builtins). */
  const access = (i: number): { text: string; end: number } | undefined => {
    const name = tokens[i]!.lexeme;
    const prev = tokens[i - 1]?.lexeme;
    const chain = chainOf(i);
    if (!chain) {
      pointer ??= { kind: 'pointer', name, line: tokens[i]!.line };
      return undefined;
    }
    if (prev === '&' || (prev === '(' && tokens[i - 2]?.lexeme === '&')) {
      // Only an atomic builtin or workgroupUniformLoad may take a workgroup address (callAccess traces those); anything else is a pointer the trace cannot follow.
      pointer ??= { kind: 'pointer', name, line: tokens[i]!.line };
      return undefined;
    }
    const next = tokens[chain.end]?.lexeme ?? '';
    const before = tokens[i - 1]?.lexeme ?? '';
    const statementStart = before === ';' || before === '{' || before === '}' || before === '(';
    const idx = chain.steps.flatMap((s) => (s.kind === 'index' ? [`u32(${emit(tokens[s.from!]!.start, tokens[s.to! - 1]!.end)})`] : []));
    const site = (write: boolean) => {
      sites.push({ line: tokens[i]!.line, variable: varTypes.get(name)!.index, write });
      return `${sites.length - 1}u`;
    };
    if (statementStart && (next === '=' || kCompound.has(next) || next === '++' || next === '--')) {
      const st = wrapperFor(name, chain.steps, chain.type, true);
      let value: string;
      let end: number;
      if (next === '++' || next === '--') {
        const ld = wrapperFor(name, chain.steps, chain.type, false);
        value = `${ld}(${[site(false), ...idx].join(', ')}) ${next[0]} 1`;
        end = tokens[chain.end]!.end;
      } else {
        const stop = statementEnd(chain.end + 1);
        if (stop < 0) return undefined;
        const rhs = emit(tokens[chain.end + 1]!.start, tokens[stop - 1]!.end);
        if (next === '=') value = rhs;
        else {
          const ld = wrapperFor(name, chain.steps, chain.type, false);
          value = `${ld}(${[site(false), ...idx].join(', ')}) ${next.slice(0, -1)} (${rhs})`;
        }
        end = tokens[stop - 1]!.end;
      }
      return { text: `${st}(${[site(true), ...idx, value].join(', ')})`, end };
    }
    const ld = wrapperFor(name, chain.steps, chain.type, false);
    return { text: `${ld}(${[site(false), ...idx].join(', ')})`, end: tokens[chain.end - 1]!.end };
  };

  const body = emit(0, text.length);
  if (pointer) return pointer;
  // i18n-exempt: WGSL put after the learner's code
  const extra = [...casStructs, ...wrappers.values()];
  return { code: extra.length > 0 ? `${body}\n${extra.join('\n')}\n` : body, variables, sites, loops, barriers, otherBarriers };
}

/** Whether an instrumentation result is the instrumented code. */
export function isInstrumented(r: Instrumented | NotInstrumented): r is Instrumented {
  return 'code' in r;
}

export type { WgslNode, Token };
