/**
 * The languages the app speaks, as data: a BCP 47 tag (also the value of `?lang=` and of
 * `<html lang>`), the language's own name, as its readers write it (the switch shows these,
 * untranslated), and the tags it answers for.
 *
 * Adding a language (docs/architecture.md, "A language"): one entry here and its folder
 * src/i18n/locales/<id>/ (its catalogue, the exercises' code comments, zod's locale if zod has
 * one). Everything else (i18next, the switch, the URL codec, the manifest, the not-found page, the
 * glossary, the checks) reads this list; src/i18n/catalogue.test.ts checks it against the folders.
 */
export const kLanguageList = [
  { id: 'en', name: 'English', matches: ['en'] },
  { id: 'zh-CN', name: '简体中文', matches: ['zh'] },
  { id: 'zh-TW', name: '繁體中文', matches: ['zh-Hant'] },
] as const;

export type Language = (typeof kLanguageList)[number]['id'];

export const kLanguages: readonly Language[] = kLanguageList.map((l) => l.id);

/** Each language's own name. */
export const kLanguageNames = Object.fromEntries(kLanguageList.map((l) => [l.id, l.name])) as Record<Language, string>;

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (kLanguages as readonly string[]).includes(x);
}

/** A tag read as a locale, its likely script and region filled in ("zh-HK" → zh-Hant-HK); undefined when it is not a tag. */
function parseTag(tag: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(tag.trim().replace(/_/g, '-')).maximize();
  } catch {
    return undefined;
  }
}

/**
 * The supported language closest to a tag. The tag is read as a BCP 47 locale with its likely
 * subtags (Intl.Locale maximize: "zh-TW", "zh-HK", "zh-MO" are written in Traditional characters,
 * Hant; "zh", "zh-CN", "zh-SG" in Simplified, Hans); an entry's `matches` pattern ("zh",
 * "zh-Hant") matches when each subtag it names agrees, and the pattern naming the most subtags
 * wins. So "zh-Hant", "zh-TW" and "zh-HK" read 繁體中文, any other Chinese tag 简体中文, any
 * English tag English; otherwise undefined.
 */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const t = parseTag(tag);
  if (!t) return undefined;
  let best: { id: Language; score: number } | undefined;
  for (const l of kLanguageList) {
    for (const pattern of l.matches as readonly string[]) {
      const p = new Intl.Locale(pattern);
      const parts = [p.language === t.language, p.script === undefined || p.script === t.script, p.region === undefined || p.region === t.region];
      if (parts.includes(false)) continue;
      const score = 1 + (p.script ? 1 : 0) + (p.region ? 1 : 0);
      if (!best || score > best.score) best = { id: l.id, score };
    }
  }
  return best?.id;
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
