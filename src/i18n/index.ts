/**
 * The app's words, in 简体中文 and English, through i18next (one instance, initialised with both
 * catalogues at load, synchronously). Every layer may translate: core/ and gpu/ import `t` from
 * here (i18next itself uses neither React nor the DOM); views use react-i18next's `useTranslation`,
 * which re-renders them when the language changes. Keys are typed (i18next.d.ts): a key missing
 * from the English catalogue does not compile, and the Chinese catalogue has the same keys
 * (Catalogue<typeof en>, catalogue.test.ts).
 *
 * Numbers, dates and units: `numberFormat` / `dateFormat` give Intl formatters for the language
 * in use. Which language opens: `resolveLanguage` (a link's ?lang=, then the remembered choice,
 * then the browser's languages); state/lang.ts applies and remembers it.
 */
import i18next, { type ParseKeys } from 'i18next';
import { en } from './locales/en';
import { zhCN } from './locales/zh-CN';

/** The languages the app speaks, as BCP 47 tags (also the values of `?lang=`). */
export const kLanguages = ['en', 'zh-CN'] as const;
export type Language = (typeof kLanguages)[number];

/** Each language's own name, as its readers write it (the switch shows these, untranslated). */
export const kLanguageNames: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

export const kResources = { en, 'zh-CN': zhCN } as const;

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (kLanguages as readonly string[]).includes(x);
}

/**
 * The supported language closest to a tag: any Chinese tag ("zh", "zh-Hans", "zh-TW", "zh-CN")
 * reads 简体中文, any English tag English; otherwise undefined.
 */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  if (lower === 'zh' || lower.startsWith('zh-') || lower.startsWith('zh_')) return 'zh-CN';
  if (lower === 'en' || lower.startsWith('en-') || lower.startsWith('en_')) return 'en';
  return undefined;
}

/**
 * The language a page opens in: the link's `?lang=` when it names a supported language, else the
 * one remembered from the last switch, else the first of the browser's languages that the app
 * speaks, else English.
 */
export function resolveLanguage(link: string | null | undefined, remembered: string | null | undefined, browser: readonly string[]): Language {
  const fromLink = isLanguage(link) ? link : matchLanguage(link);
  if (fromLink) return fromLink;
  if (isLanguage(remembered)) return remembered;
  for (const tag of browser) {
    const l = matchLanguage(tag);
    if (l) return l;
  }
  return 'en';
}

export const i18n = i18next.createInstance();
void i18n.init({
  resources: kResources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...kLanguages],
  ns: Object.keys(en),
  defaultNS: 'common',
  // React escapes what it renders; the strings here are never put into HTML as markup.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

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
export type Key = ParseKeys<readonly ['common', 'run', 'viz', 'bench', 'pwa']>;

/**
 * A sentence kept as data — its key and values — and put into words when shown (`say`), so what
 * stays on screen follows a language switch. Values are numbers, names, or other Said.
 */
export interface Said {
  readonly key: Key;
  readonly values?: Readonly<Record<string, string | number | Said>>;
}

export function said(key: Key, values?: Said['values']): Said {
  return values === undefined ? { key } : { key, values };
}

/** A Said in the language in use (nested Said values are said first). */
export function say(m: Said | string): string {
  if (typeof m === 'string') return m;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.values ?? {})) values[k] = typeof v === 'object' ? say(v) : v;
  return (t as unknown as (key: string, values: object) => string)(m.key, values);
}
