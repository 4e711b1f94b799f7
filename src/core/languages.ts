/**
 * The languages the app speaks, as data: a BCP 47 tag (also the value of `?lang=`) and the
 * language's own name, as its readers write it (the switch shows these, untranslated).
 *
 * Adding a language: one entry here and its catalogue folder src/i18n/locales/<id>/ (src/i18n
 * reads every folder listed here; catalogue.test.ts checks each has every key of the English one).
 */
export const kLanguageList = [
  { id: 'en', name: 'English', matches: ['en'] },
  { id: 'zh-CN', name: '简体中文', matches: ['zh'] },
] as const;

export type Language = (typeof kLanguageList)[number]['id'];

export const kLanguages: readonly Language[] = kLanguageList.map((l) => l.id);

/** Each language's own name. */
export const kLanguageNames = Object.fromEntries(kLanguageList.map((l) => [l.id, l.name])) as Record<Language, string>;

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (kLanguages as readonly string[]).includes(x);
}

/**
 * The supported language closest to a tag: a tag whose primary subtag an entry `matches`
 * ("zh", "zh-Hans", "zh-TW", "zh_CN" read 简体中文; any English tag English); otherwise undefined.
 */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  const primary = lower.split(/[-_]/)[0]!;
  return kLanguageList.find((l) => (l.matches as readonly string[]).includes(primary))?.id;
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
