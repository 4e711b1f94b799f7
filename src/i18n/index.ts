/**
 * The app's words, in every language of core/languages.ts, through i18next (one instance; a
 * language's catalogue is loaded when the language is first used: loadLanguage). Only state/ and ui/ translate: core/
 * and gpu/ return data (core/said.ts: a key and its values; eslint keeps them off this folder),
 * and `say` puts it into words; views use react-i18next's `useTranslation`, which re-renders them
 * when the language changes. Keys are typed (i18next.d.ts): a key missing from the English
 * catalogue does not compile, and every other catalogue has the same keys (Catalogue<typeof en>,
 * catalogue.test.ts).
 *
 * Numbers, dates and units: `numberFormat` / `dateFormat` give Intl formatters for the language
 * in use. Which language opens: `resolveLanguage` (a link's ?lang=, then the remembered choice,
 * then the browser's languages); state/lang.ts applies and remembers it.
 */
import i18next, { type ParseKeys } from 'i18next';
import { isLanguage, kLanguageList, kLanguages, type Language } from '../core/languages';
import { loadCodeComments } from './codeComments';
import { isSaid, registerSayer, type Said, type SaidNumber } from '../core/said';
import type { en } from './locales/en';

export { isLanguage, kLanguageNames, kLanguages, matchLanguage, resolveLanguage, type Language } from '../core/languages';
export { said, num, type Said } from '../core/said';

/**
 * Each language's catalogue, loaded when the language is first used (issue #47: a page in one
 * language fetches only that language's words), in two parts: the namespaces the lesson shows
 * (`kLessonNamespaces`: the first screen's words, a chunk `lang-<id>`) and the rest (the benchmark,
 * practice, probes, class board: a chunk `more-<id>`, vite.config.ts manualChunks), loaded when a
 * view that says them opens (`loadAllWords`, ui/views/registry.tsx) and from then on with every
 * language used. Each language of core/languages.ts has its folder locales/<id>/ with one file per
 * namespace (its index.ts, the whole catalogue typed against the English one, is for the tests).
 * The service worker precaches every chunk, so a switch works offline too.
 */
const kFiles = import.meta.glob<Record<string, unknown>>('./locales/*/{common,run,viz,pwa,bench,practice,probes,board}.ts');
const kNamespaces = ['common', 'run', 'viz', 'bench', 'pwa', 'practice', 'probes', 'board'] as const satisfies readonly (keyof typeof en)[];
/** The namespaces the lesson (the first screen) says: the first part of a language's catalogue. */
export const kLessonNamespaces = ['common', 'run', 'viz', 'pwa'] as const satisfies readonly (typeof kNamespaces)[number][];
const kMoreNamespaces = kNamespaces.filter((ns) => !(kLessonNamespaces as readonly string[]).includes(ns));

export const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...kLanguages],
  ns: kNamespaces,
  defaultNS: 'common',
  // The catalogues are added by loadLanguage; there is no backend to ask.
  partialBundledLanguages: true,
  resources: {},
  // React escapes what it renders; the strings here are never put into HTML as markup.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  // A catalogue added after the first render (another language's, loaded to say a recorded sentence
  // again: bench.ts pointReasonText) re-renders the views that translate.
  react: { bindI18nStore: 'added' },
});

const loading = new Map<string, Promise<void>>();
/** Whether a view that says the rest of the catalogue has opened on this page (then every language loads whole). */
let allWanted = false;

function loadNamespaces(lang: Language, namespaces: readonly string[], withComments: boolean): Promise<void> {
  const key = `${lang} ${namespaces.join(' ')}`;
  let p = loading.get(key);
  if (!p) {
    const files = namespaces.map((ns) => {
      const file = kFiles[`./locales/${lang}/${ns}.ts`];
      if (!file) throw new Error(`src/i18n/locales/${lang}/${ns}.ts is missing`); // i18n-exempt: a programmer's assertion (core/languages.ts names a folder that is not complete)
      return file().then((m) => i18n.addResourceBundle(lang, ns, m[ns], true, true));
    });
    p = Promise.all([...files, ...(withComments ? [loadCodeComments(lang)] : [])]).then(() => undefined);
    loading.set(key, p);
    p.catch(() => loading.delete(key));
  }
  return p;
}

/**
 * Load a language's catalogue (and its code comments, codeComments.ts) into i18next, once; call
 * before switching to it. The lesson's namespaces only, until a view that says the rest has opened
 * (`loadAllWords`), or with `all`. A failed load (offline before the worker was installed) may be tried again.
 */
export function loadLanguage(lang: Language, all = allWanted): Promise<void> {
  const first = loadNamespaces(lang, kLessonNamespaces, true);
  return all ? Promise.all([first, loadNamespaces(lang, kMoreNamespaces, false)]).then(() => undefined) : first;
}

/** Whether a language's whole catalogue is loaded. */
export const isLanguageLoaded = (lang: Language): boolean => kNamespaces.every((ns) => i18n.hasResourceBundle(lang, ns));

/** Load whole catalogues from now on (main.tsx, before the first language loads, when the page opens on a view beyond the lesson). */
export function wantAllWords(): void {
  allWanted = true;
}

/** Load the whole catalogue of the language in use (a view beyond the lesson opens), and of every language used from now on. */
export function loadAllWords(): Promise<void> {
  allWanted = true;
  return loadLanguage(language(), true);
}

/** Every language's catalogue (the tests, the glossary's generator). */
export function loadAllLanguages(): Promise<void> {
  return Promise.all(kLanguageList.map(({ id }) => loadLanguage(id, true))).then(() => undefined);
}

/** Translate a key (typed) in the language in use. */
export const t = i18n.t.bind(i18n);

/** The language in use. */
export function language(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** An Intl number format for the language in use. */
export function numberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return new Intl.NumberFormat(language(), options);
}

/** An Intl date/time format for the language in use. */
export function dateFormat(options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language(), options);
}

/** Every key of the catalogues, with its namespace ("run:runs.cancelled"); keys of 'common' also bare. */
export type Key = ParseKeys<readonly ['common', 'run', 'viz', 'bench', 'pwa', 'practice', 'probes', 'board']>;

/** A number written in the language in use. */
const sayNumber = (n: SaidNumber) => numberFormat(n.options).format(n.number);

const kLatin = /[\p{Script=Latin}\p{Nd}]/u;
const kHanChar = /\p{Script=Han}/u;
/** A Latin letter or digit against a Han character (either order): where Chinese typography puts a space in mixed text. */
const latinHan = (a: string, b: string) => (kLatin.test(a) && kHanChar.test(b)) || (kHanChar.test(a) && kLatin.test(b));

/**
 * Names listed in the language in use, a conjunction (Intl.ListFormat): "a, b and c"; in Chinese
 * "a、b 和 c" — a space where a Latin name meets the Han word that joins it, as guides for mixed
 * Chinese and Latin text ask (Intl alone writes "shader-f16和subgroups"). Only the joins are
 * spaced: the names stay as they are.
 */
export function listOf(items: readonly string[], lang: Language = language()): string {
  let out = '';
  for (const { value } of new Intl.ListFormat(lang, { type: 'conjunction' }).formatToParts(items)) {
    if (out && value && latinHan(out.at(-1)!, value[0]!)) out += ' ';
    out += value;
  }
  return out;
}

/** A Said in the language in use (nested Said values are said first, numbers written per language). */
export function say(m: Said | string): string {
  if (typeof m === 'string') return m;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.values ?? {}))
    values[k] = typeof v !== 'object' ? v : isSaid(v) ? say(v) : 'lower' in v ? say(v.lower).toLocaleLowerCase(language()) : 'list' in v ? listOf(v.list) : sayNumber(v);
  return (t as unknown as (key: string, values: object) => string)(m.key, values);
}

// core/ and gpu/ say a message at once only through this (core/said.ts sayNow: an Error's message).
registerSayer(say);
