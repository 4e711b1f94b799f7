/**
 * The benchmark's words: core/bench.ts and core/share.ts hold the data, the schemas and the rules
 * by code; here the codes and zod's issues become sentences in the language in use, and a point's
 * recorded reason is said again in the reader's language.
 */
import { isRule, type Rule } from '../core/bench';
import { kKernelIdList } from '../core/kernels';
import { kMaxLinkChars, kShareVersion, type ShareFailure } from '../core/share';
import type { z } from '../core/zod';
import { i18n, isLanguageLoaded, kLanguages, language, loadAllLanguages, say, t, type Key, type Language } from './index';
import type { Said } from '../core/said';
import type { FigureProblem, SharedFigureTrust } from '../core/trust';
import { fmtGbs, fmtGflops } from './format';

/** A rule's words, in the language in use. */
export const ruleText = (rule: Rule): string => t(`bench:rule.${rule}`);

type LocaleError = (issue: z.core.$ZodRawIssue) => unknown;
/** zod's own locale of each language that has one: its folder's zod.ts (English is zod's default, core/zod.ts). */
const kZodLocales = Object.fromEntries(
  Object.entries(import.meta.glob<() => { localeError: unknown }>('./locales/*/zod.ts', { eager: true, import: 'zod' })).map(([path, locale]) => [path.split('/')[2], locale]),
) as Partial<Record<Language, () => { localeError: unknown }>>;
/** zod's words for its issues, by language, made when first needed. */
const zodIssues = new Map<Language, LocaleError>();

/**
 * One schema issue in the language in use: a rule of this app by its code, zod's own issues in
 * zod's words for that language (an issue made with `reportInput` names the type it received).
 */
export function issueText(issue: z.core.$ZodIssue): string {
  const rule = issue.code === 'custom' ? (issue.params as { rule?: unknown } | undefined)?.rule : undefined;
  if (isRule(rule)) return ruleText(rule);
  const lang = language();
  const locale = kZodLocales[lang];
  if (locale) {
    if (!zodIssues.has(lang)) zodIssues.set(lang, locale().localeError as LocaleError);
    const m = zodIssues.get(lang)!(issue as unknown as z.core.$ZodRawIssue);
    const words = typeof m === 'string' ? m : (m as { message?: string } | undefined)?.message;
    if (words) return words;
  }
  return issue.message;
}

/**
 * The sentences this app puts into a point's skip or error reason. A reason travels as text in
 * its share link (which carries no language), made in the maker's language — English for the
 * estimate, the page's language for the rest — and is shown in the reader's: it is matched
 * against each sentence's template in both languages, and said again from the values it held.
 * `nested`: a value that must itself be one of these sentences, of keys starting with one of the
 * prefixes given (said again too), for templates with little text of their own ("{{what}}:
 * {{message}}"); `kernel` a value that must be a kernel's name. A `label` is a kernel's name or the
 * run's code name (Matmul.naive).
 */
type Nested = Readonly<Record<string, readonly string[] | 'kernel'>>;
const kScopes = ['run:scope.', 'common:device.creatingPipeline'] as const;
const kRecordedReasons: ReadonlyArray<{ readonly key: Key; readonly nested?: Nested }> = [
  { key: 'bench:sweep.skippedEstimate' },
  { key: 'run:plan.needsFeature' },
  { key: 'run:plan.subgroupTooLarge' },
  { key: 'run:plan.splitScratch' },
  { key: 'run:plan.splitRows' },
  { key: 'run:plan.workgroupMemory' },
  { key: 'run:plan.tileMemory' },
  { key: 'run:plan.tileWide' },
  { key: 'run:plan.tileInvocations' },
  { key: 'common:device.outOfMemory', nested: { what: kScopes } },
  { key: 'common:device.validation', nested: { what: kScopes } },
  { key: 'common:device.creatingPipeline', nested: { what: 'kernel' } },
  { key: 'run:scope.allocate' },
  { key: 'run:scope.upload' },
  { key: 'run:scope.timestamps' },
  { key: 'run:scope.running' },
];
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template's words as a pattern: each {{name}} a lazy named group, a name used again a back-reference. */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{\{(\w+)\}\}/);
  const seen = new Set<string>();
  let source = '';
  parts.forEach((part, i) => {
    if (i % 2 === 0) source += escapeRegExp(part);
    else {
      source += seen.has(part) ? `\\k<${part}>` : `(?<${part}>.+?)`;
      seen.add(part);
    }
  });
  return new RegExp(`^${source}$`, 'su');
}

type ReasonPattern = { key: Key; lng: Language; re: RegExp; nested: Nested };
/** Each loaded language's patterns, made once per language (a language's catalogue loads once: index.ts loadLanguage). */
const reasonPatterns = new Map<Language, ReasonPattern[]>();
const patterns = (): ReasonPattern[] =>
  kLanguages.filter(isLanguageLoaded).flatMap((lng) => {
    let list = reasonPatterns.get(lng);
    if (!list) {
      list = kRecordedReasons.map(({ key, nested = {} }) => {
        const [ns, path] = key.split(':') as [string, string];
        return { key, lng, re: templatePattern(String(i18n.getResource(lng, ns, path))), nested };
      });
      reasonPatterns.set(lng, list);
    }
    return list;
  });

/** A kernel's name in `from`, said in the language in use; undefined when it names no kernel. */
function kernelNameAgain(name: string, from: Language): string | undefined {
  const id = kKernelIdList.find((k) => t(`run:kernel.${k}.label`, { lng: from }) === name);
  return id ? t(`run:kernel.${id}.label`) : undefined;
}
/** A code name such as Matmul.naive: the same in every language. */
const isCodeName = (name: string) => /^[A-Za-z][\w.]*$/.test(name);

/** One of kRecordedReasons (of keys starting with one of `prefixes`) in the language in use, or undefined when `sentence` is none of them. */
function sayAgain(sentence: string, prefixes: readonly string[] = ['']): string | undefined {
  for (const { key, lng, re, nested } of patterns()) {
    if (!prefixes.some((p) => key.startsWith(p))) continue;
    const m = re.exec(sentence);
    if (!m) continue;
    const values: Record<string, string> = {};
    let ok = true;
    for (const [name, value] of Object.entries(m.groups ?? {})) {
      // A name must name a kernel, a nested sentence be one (so a lazy group cannot swallow the text after it).
      const inner = nested[name];
      const again =
        name === 'label' ? (kernelNameAgain(value, lng) ?? (isCodeName(value) ? value : undefined))
        : inner === 'kernel' ? kernelNameAgain(value, lng)
        : inner !== undefined ? sayAgain(value, inner)
        : undefined;
      if ((name === 'label' || inner !== undefined) && again === undefined) ok = false;
      values[name] = again ?? value;
    }
    // The key is one of the catalogues' (kRecordedReasons), its placeholders the pattern's groups.
    if (ok) return (t as unknown as (key: string, values: object) => string)(key, values);
  }
  return undefined;
}

/**
 * A point's skip or error reason (or a tuner entry's failure, kept in this browser's records) in
 * the language in use: a sentence this app records is said again in the reader's language,
 * whichever language it was recorded in; others (the adapter's own words, another version's) are
 * shown as recorded.
 */
export function pointReasonText(reason: string): string {
  const again = sayAgain(reason);
  // A sentence recorded in a language this page has not loaded (issue #47 loads one): load them all;
  // the views say it again when the catalogues are added (react.bindI18nStore 'added', index.ts).
  if (again === undefined && !kLanguages.every(isLanguageLoaded)) void loadAllLanguages().catch(() => undefined);
  return again ?? reason;
}

/** Points to run, in order: each size (as given), each kernel. */

/** Why a sweep configuration cannot run, in the language in use (core/bench sweepConfigError's answer). */
export function sweepConfigErrorText(e: Said | { readonly issue: z.core.$ZodIssue }): string {
  return 'issue' in e ? t('bench:rule.cannotRun', { path: e.issue.path.join('.'), problem: issueText(e.issue) }) : say(e);
}

/** A refused link's reason, in the language in use. */
export function shareFailureText(f: ShareFailure): string {
  switch (f.reason) {
    case 'tooLong':
    case 'tooBig':
      return t(`bench:link.${f.reason}`, { n: f.n, max: kMaxLinkChars });
    case 'tooLarge':
      return t('bench:link.tooLarge', { kib: Math.round(f.cap / 1024) });
    case 'version':
      return t('bench:link.version', { v: String(f.v), want: kShareVersion });
    case 'form':
      return f.issue
        ? t('bench:link.formAt', { path: f.issue.path.join('.') || t('bench:link.topLevel'), problem: issueText(f.issue) })
        : t('bench:link.form');
    default:
      return t(`bench:link.${f.reason}`);
  }
}


/** A number with up to 3 significant digits, in the language in use (a ratio: "3.6×", "1e+12" never shown raw). */
const ratioText = (x: number): string => `${new Intl.NumberFormat(language(), { maximumSignificantDigits: 3, notation: x >= 1e6 || x < 1e-3 ? 'scientific' : 'standard' }).format(x)}×`;

/** One figure that fails the trust rule, in the language in use. */
export function figureProblemText(p: FigureProblem): string {
  const figure = t(`bench:figure.name.${p.figure}`);
  const isRatio = p.figure === 'ratio' || p.figure === 'paddedRatio';
  const fmt = (x: number) => (isRatio ? ratioText(x) : p.figure === 'fma' || p.figure === 'tensor' ? fmtGflops(x) : fmtGbs(x));
  if (isRatio) return t('bench:figure.ratioImplausible', { figure, value: fmt(p.value), limit: fmt(p.expected) });
  return p.flaw === 'implausible' ? t('bench:figure.implausible', { figure, value: fmt(p.value), limit: fmt(p.expected) }) : t('bench:figure.inconsistent', { figure, value: fmt(p.value), expected: fmt(p.expected) });
}

/** Why a shared roofline or probe is not a measurement to trust, in one sentence; undefined when nothing fails the rule. */
export function figureMarkText(v: SharedFigureTrust): string | undefined {
  return v.problems.length === 0 ? undefined : t('bench:figure.marked', { problems: v.problems.map(figureProblemText).join(t('run:timing.reasonSeparator')) });
}
