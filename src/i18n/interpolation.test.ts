/**
 * Every interpolation of every catalogue against the values its call sites pass (#44): a string that
 * says `{{n}}` where its call passes `count` shows a raw "{{n}}" to the reader, in every language.
 *
 * Each source file under src/ is parsed with the TypeScript compiler (not searched with patterns):
 * every call of `t`, `tg`, `i18n.t`, `said`, `sayNow` and every `<Trans i18nKey values>` whose key is a
 * string literal or a template literal (`time.stage.${kind}`: every key it can name) and whose
 * values are an object literal without a spread. The key's namespace is its own (`ns:key`), else the
 * one `useTranslation('ns')` names in the enclosing functions, else the one namespace that has the
 * key. Each placeholder of that key (and of its plural forms, `key_one` …) in every language must be
 * among the values passed (i18next's own `count` and nesting aside).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { kLanguages } from '.';
import { kResources } from './resources';

const kSrc = join(__dirname, '..');

/** Every string of a language's catalogue, by namespace, then key ("a.b.c"). */
function catalogue(lang: (typeof kLanguages)[number]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [ns, tree] of Object.entries(kResources[lang])) {
    const m = new Map<string, string>();
    const walk = (node: unknown, prefix: string) => {
      if (typeof node === 'string') m.set(prefix, node);
      else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    };
    walk(tree, '');
    out.set(ns, m);
  }
  return out;
}
const kCatalogues = kLanguages.map((l) => [l, catalogue(l)] as const);
const kEnglish = catalogue('en');

/** A string's placeholders (`{{name}}`, `{{name, format}}`), nesting (`$t(…)`) aside. */
export function placeholdersOf(s: string): string[] {
  return [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!.split('.')[0]!);
}

const kPluralSuffixes = ['', '_zero', '_one', '_two', '_few', '_many', '_other'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'locales') out.push(...sourceFiles(p));
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

interface CallSite {
  readonly file: string;
  readonly line: number;
  /**
   * The key as written: a literal; or a template literal's literal parts with, between each two, the
   * values its substitution can take (from the type checker: a union of string literals), or
   * undefined where it can be any string (then any one key part).
   */
  readonly key: string | { readonly parts: readonly string[]; readonly subs?: readonly (readonly string[] | undefined)[] };
  readonly ns?: string;
  /** The names of the values passed. */
  readonly values: readonly string[];
}

const kCallees = new Set(['t', 'tg', 'i18n.t', 'i18next.t', 'said', 'sayNow']);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The string literals a type is a union of, or undefined when it may be any string. */
function literalsOf(type: ts.Type): string[] | undefined {
  const members = type.isUnion() ? type.types : [type];
  const out: string[] = [];
  for (const m of members) {
    if (m.isStringLiteral()) out.push(m.value);
    else if (m.isNumberLiteral()) out.push(String(m.value));
    else return undefined;
  }
  return out;
}

/** The key a call names: a string literal, or a template literal's parts and what each substitution can be. */
function keyOf(node: ts.Expression, checker?: ts.TypeChecker): CallSite['key'] | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return { parts: [node.head.text, ...node.templateSpans.map((s) => s.literal.text)], subs: node.templateSpans.map((s) => (checker ? literalsOf(checker.getTypeAtLocation(s.expression)) : undefined)) };
  }
  return undefined;
}

/** The namespace a key names itself (`ns:…`), and the rest. */
function splitNs(key: CallSite['key']): { ns?: string; key: string | RegExp } {
  const head = typeof key === 'string' ? key : key.parts[0]!;
  const colon = head.indexOf(':');
  const ns = colon >= 0 ? head.slice(0, colon) : undefined;
  const strip = (s: string) => (colon >= 0 ? s.slice(colon + 1) : s);
  if (typeof key === 'string') return { ...(ns ? { ns } : {}), key: strip(key) };
  const [first, ...rest] = key.parts;
  const sub = (i: number) => {
    const values = key.subs?.[i];
    return values ? `(?:${values.map(escape).join('|')})` : '[^.:]+';
  };
  return { ...(ns ? { ns } : {}), key: new RegExp(`^${escape(strip(first!))}${rest.map((p, i) => `${sub(i)}${escape(p)}`).join('')}$`) };
}

/** The names an object literal passes, or undefined when they cannot be known (a spread, a variable). */
function valuesOf(node: ts.Expression | undefined): string[] | undefined {
  if (node === undefined) return [];
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  const out: string[] = [];
  for (const p of node.properties) {
    if (ts.isSpreadAssignment(p)) return undefined;
    if (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) out.push(p.name.text);
  }
  return out;
}

/** The namespace `useTranslation('ns')` (or a `TFunction<'ns'>`/`useTranslation<'ns'>` type) gives in the functions around `node`. */
function namespaceAround(node: ts.Node): string | undefined {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (!ts.isFunctionLike(n)) continue;
    let found: string | undefined;
    const visit = (m: ts.Node) => {
      if (found) return;
      if (ts.isCallExpression(m) && m.expression.getText() === 'useTranslation' && m.arguments[0] && ts.isStringLiteral(m.arguments[0])) found = m.arguments[0].text;
      else if (ts.isTypeReferenceNode(m) && m.typeArguments?.[0] && ts.isLiteralTypeNode(m.typeArguments[0]) && ts.isStringLiteral(m.typeArguments[0].literal)) found = m.typeArguments[0].literal.text;
      else if (!ts.isFunctionLike(m) || m === n) ts.forEachChild(m, visit);
    };
    ts.forEachChild(n, visit);
    if (found) return found;
  }
  return undefined;
}

/**
 * One program over the source files, for the type checker: what a template literal's substitution
 * can be (`rule.${field}` with field: 'warmups' | 'samples' names those two keys only).
 */
function program(files: readonly string[]): ts.Program {
  const config = ts.readConfigFile(join(kSrc, '..', 'tsconfig.json'), (p) => readFileSync(p, 'utf8'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, join(kSrc, '..'));
  return ts.createProgram({ rootNames: files, options: { ...parsed.options, noEmit: true } });
}

function callSites(sf: ts.SourceFile, checker: ts.TypeChecker): CallSite[] {
  const file = sf.fileName;
  const out: CallSite[] = [];
  const add = (node: ts.Node, keyNode: ts.Expression, valuesNode: ts.Expression | undefined) => {
    const key = keyOf(keyNode, checker);
    const values = valuesOf(valuesNode);
    if (key === undefined || values === undefined) return;
    // A template key that may be any string and is passed no values: a branch for keys without placeholders (said as such).
    if (typeof key !== 'string' && key.subs?.some((x) => x === undefined) && values.length === 0) return;
    const ns = namespaceAround(node);
    out.push({ file: relative(kSrc, file), line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, key, ...(ns ? { ns } : {}), values });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && kCallees.has(node.expression.getText()) && node.arguments[0]) add(node, node.arguments[0], node.arguments[1]);
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText() === 'Trans') {
      const attr = (name: string) => node.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === name);
      const k = attr('i18nKey')?.initializer;
      const v = attr('values')?.initializer;
      const keyNode = k && ts.isStringLiteral(k) ? k : k && ts.isJsxExpression(k) ? k.expression : undefined;
      const valuesNode = v === undefined ? undefined : ts.isJsxExpression(v) ? v.expression : undefined;
      if (keyNode && (v === undefined || valuesNode)) add(node, keyNode, valuesNode);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The catalogue keys a call site names: [namespace, key] pairs (a template literal may name several). */
function keysOf(site: CallSite): [string, string][] {
  const { ns: own, key } = splitNs(site.key);
  const match = (ns: string): [string, string][] => {
    const keys = [...(kEnglish.get(ns)?.keys() ?? [])];
    return typeof key === 'string' ? (keys.includes(key) ? [[ns, key]] : []) : keys.filter((k) => key.test(k)).map((k) => [ns, k]);
  };
  if (own) return match(own);
  if (site.ns) {
    const found = match(site.ns);
    if (found.length > 0) return found;
  }
  const anywhere = [...kEnglish.keys()].map(match).filter((m) => m.length > 0);
  return anywhere.length === 1 ? anywhere[0]! : [];
}

/** What a call site misses: `lang ns:key {{name}}` for each placeholder it does not pass. */
export function missingValues(site: CallSite): string[] {
  const out: string[] = [];
  for (const [ns, key] of keysOf(site)) {
    for (const [lang, cat] of kCatalogues) {
      for (const suffix of kPluralSuffixes) {
        const s = cat.get(ns)?.get(key + suffix);
        if (s === undefined) continue;
        for (const p of placeholdersOf(s)) if (!site.values.includes(p)) out.push(`${site.file}:${site.line} ${lang} ${ns}:${key + suffix} {{${p}}} (passes: ${site.values.join(', ') || 'nothing'})`);
      }
    }
  }
  return out;
}

const kFiles = sourceFiles(kSrc);
const kProgram = program(kFiles);
const kChecker = kProgram.getTypeChecker();
const kSites = kFiles.flatMap((f) => callSites(kProgram.getSourceFile(f)!, kChecker));

describe('interpolations against their call sites', () => {
  it('reads the call sites (a few hundred, the practice view’s among them)', () => {
    expect(kSites.length).toBeGreaterThan(300);
    expect(kSites.some((s) => s.file.endsWith('PracticeView.tsx') && s.key === 'restoreHelp')).toBe(true);
    expect(kSites.some((s) => typeof s.key !== 'string')).toBe(true);
  });

  it('finds a placeholder its call site does not pass ({{n}} where the call passes count)', () => {
    const site: CallSite = { file: 'x.tsx', line: 1, key: 'restoreHelp', ns: 'practice', values: ['lines', 'n'] };
    expect(missingValues(site).length).toBe(kLanguages.length);
    expect(missingValues(site)[0]).toContain('{{count}}');
    expect(missingValues({ ...site, values: ['lines', 'count'] })).toEqual([]);
    // A template literal names every key it can: each is checked.
    const stage: CallSite = { file: 'x.tsx', line: 1, key: { parts: ['time.stage.', ''] }, ns: 'practice', values: [] };
    expect(keysOf(stage).length).toBeGreaterThanOrEqual(4);
    expect(missingValues(stage).some((m) => m.includes('{{size}}'))).toBe(true);
  });

  it('every placeholder of every catalogue is passed by every call site that names its key', () => {
    expect(kSites.flatMap(missingValues)).toEqual([]);
  });
});
