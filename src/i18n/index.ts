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
import type { Catalogue } from './catalogue';
import type { en } from './locales/en';

export { isLanguage, kLanguageNames, kLanguages, matchLanguage, resolveLanguage, type Language } from '../core/languages';
export { said, num, type Said } from '../core/said';

/**
 * Each language's catalogue, loaded when the language is first used (issue #47: a page in one
 * language fetches only that language's words): each language of core/languages.ts has its folder
 * locales/<id>/ whose index.ts exports the catalogue by default, a chunk of its own in the build.
 * The service worker precaches every chunk, so a switch works offline too.
 */
const kFolders = import.meta.glob<Catalogue<typeof en>>('./locales/*/index.ts', { import: 'default' });
const kNamespaces = ['common', 'run', 'viz', 'bench', 'pwa', 'practice', 'probes', 'board'] as const satisfies readonly (keyof typeof en)[];

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

const loading = new Map<Language, Promise<void>>();

/**
 * Load a language's catalogue (and its code comments, codeComments.ts) into i18next, once; call
 * before switching to it. A failed load (offline before the worker was installed) may be tried again.
 */
export function loadLanguage(lang: Language): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    const folder = kFolders[`./locales/${lang}/index.ts`];
    if (!folder) throw new Error(`src/i18n/locales/${lang}/index.ts is missing`); // i18n-exempt: a programmer's assertion (core/languages.ts names a folder that is not there)
    p = Promise.all([folder(), loadCodeComments(lang)]).then(([c]) => {
      for (const [ns, tree] of Object.entries(c)) i18n.addResourceBundle(lang, ns, tree, true, true);
    });
    loading.set(lang, p);
    p.catch(() => loading.delete(lang));
  }
  return p;
}

/** Whether a language's catalogue is loaded. */
export const isLanguageLoaded = (lang: Language): boolean => i18n.hasResourceBundle(lang, 'common');

/** Every language's catalogue (the tests, the glossary's generator). */
export function loadAllLanguages(): Promise<void> {
  return Promise.all(kLanguageList.map(({ id }) => loadLanguage(id))).then(() => undefined);
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

/** A Said in the language in use (nested Said values are said first, numbers written per language). */
export function say(m: Said | string): string {
  if (typeof m === 'string') return m;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.values ?? {})) values[k] = typeof v !== 'object' ? v : isSaid(v) ? say(v) : 'lower' in v ? say(v.lower).toLocaleLowerCase(language()) : sayNumber(v);
  return (t as unknown as (key: string, values: object) => string)(m.key, values);
}

// core/ and gpu/ say a message at once only through this (core/said.ts sayNow: an Error's message).
registerSayer(say);
