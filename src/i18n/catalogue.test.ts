import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, kLanguages, matchLanguage, resolveLanguage, t } from '.';
import { kResources } from './resources';
import { kLanguageList } from '../core/languages';
import { en } from './locales/en';
import { kMappingKeys } from '../core/tiling';

/** Every string of a catalogue, by its full key ("ns:a.b.c"). */
function flatten(node: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) flatten(v, prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`, out);
  else throw new Error(`${prefix}: not a string or a group`);
  return out;
}
function strings(lang: (typeof kLanguages)[number]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [ns, tree] of Object.entries(kResources[lang])) flatten(tree, `${ns}:`, out);
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
/** Two or more English words in a row: text a reader of the other language would have to translate. */
const kPhrase = /[A-Za-z]{2,}[ ,]+[a-z]{2,}/;
/** Keys whose Chinese is rightly the English (proper names and notation). */
const kSameInBoth = new Set<string>([]);

const enStrings = strings('en');
/** The languages written in Chinese characters: a phrase of theirs has some. */
const kChinese = kLanguages.filter((l) => l.startsWith('zh'));

describe('the language registry (core/languages.ts)', () => {
  it('lists exactly the catalogue folders src/i18n/locales/<id>/, English first', () => {
    const folders = readdirSync(join(__dirname, 'locales'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect([...kLanguages].sort()).toEqual(folders.sort());
    expect(kLanguages[0]).toBe('en');
  });

  it('gives each language a distinct id, its own name and a pattern it answers for', () => {
    expect(new Set(kLanguages).size).toBe(kLanguages.length);
    expect(new Set(kLanguageList.map((l) => l.name)).size).toBe(kLanguageList.length);
    for (const l of kLanguageList) {
      expect(Intl.getCanonicalLocales(l.id)[0]).toBe(l.id);
      expect(matchLanguage(l.id)).toBe(l.id);
    }
  });
});

describe('the catalogues', () => {
  it('have a mapping sentence for every key core/tiling.ts names, and no other', () => {
    expect(Object.keys(en.run.mapping).sort()).toEqual([...kMappingKeys].sort());
  });

  for (const lang of kLanguages.filter((l) => l !== 'en')) {
    const other = strings(lang);
    describe(lang, () => {
      // The keys a language still lacks, by name: npx vitest run src/i18n/catalogue.test.ts (npm run typecheck says the same, file by file).
      it('has the same keys as English', () => {
        const missing = [...enStrings.keys()].filter((k) => !other.has(k));
        const extra = [...other.keys()].filter((k) => !enStrings.has(k));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('has the same {{placeholders}} in each string as English', () => {
        const bad = [...enStrings].filter(([k, v]) => JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(other.get(k) ?? '')));
        expect(bad.map(([k]) => k)).toEqual([]);
      });

      it('has no empty string', () => {
        const empty = [...other].filter(([, v]) => v.trim() === '');
        expect(empty.map(([k]) => k)).toEqual([]);
      });

      it.runIf(kChinese.includes(lang))('translates every English phrase (the Chinese of a phrase has Chinese characters)', () => {
        const untranslated = [...enStrings].filter(([k, v]) => kPhrase.test(v) && !kSameInBoth.has(k) && !/\p{Script=Han}/u.test(other.get(k) ?? ''));
        expect(untranslated.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
      });
    });
  }

  it('have no empty English string', () => {
    const empty = [...enStrings].filter(([, v]) => v.trim() === '');
    expect(empty.map(([k]) => k)).toEqual([]);
  });

  it('keep Chinese out of the English catalogue', () => {
    const han = [...enStrings].filter(([, v]) => /\p{Script=Han}/u.test(v));
    expect(han.map(([k]) => k)).toEqual([]);
  });

  it('name every namespace in the i18next instance', () => {
    expect(Object.keys(en).sort()).toEqual([...(i18n.options.ns as string[])].sort());
  });

  it('translate through the instance in every language, falling back to nothing missing', async () => {
    for (const lang of kLanguages) {
      await i18n.changeLanguage(lang);
      expect(t('common:view.lesson')).toBe(strings(lang).get('common:view.lesson'));
    }
    await i18n.changeLanguage('en');
    expect(t('common:view.lesson')).toBe('Lesson');
  });
});

describe('the language a page opens in', () => {
  it('is the link’s ?lang= first, then the remembered choice, then the browser’s languages, then English', () => {
    expect(resolveLanguage('zh-CN', 'en', ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('en', 'zh-CN', ['zh-CN'])).toBe('en');
    expect(resolveLanguage(null, 'zh-CN', ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('fr', null, ['de-DE', 'zh-SG', 'en'])).toBe('zh-CN');
    expect(resolveLanguage('fr', null, ['de-DE', 'zh-TW', 'en'])).toBe('zh-TW');
    expect(resolveLanguage(null, 'xx', ['en-GB', 'zh-CN'])).toBe('en');
    expect(resolveLanguage(undefined, null, ['fr-FR'])).toBe('en');
    expect(resolveLanguage(undefined, null, [])).toBe('en');
  });

  it('reads a Simplified-script Chinese tag as 简体中文 and any English tag as English (zh-TW and the Traditional tags: zhTW.test.ts)', () => {
    expect(['zh', 'zh-CN', 'zh-Hans', 'zh-Hans-CN', 'zh_CN', 'ZH-cn'].map(matchLanguage)).toEqual(Array(6).fill('zh-CN'));
    expect(['en', 'en-US', 'en-GB'].map(matchLanguage)).toEqual(['en', 'en', 'en']);
    expect(['fr', 'ja-JP', '', null, undefined, 'z', 'enx'].map(matchLanguage)).toEqual(Array(7).fill(undefined));
  });
});

describe('English typography', () => {
  it('writes an apostrophe as ’, never as a straight quote between letters (as every other English string does)', () => {
    const straight = [...enStrings].filter(([, s]) => /[A-Za-z]'[A-Za-z]/.test(s)).map(([k, s]) => `${k}: ${s}`);
    expect(straight).toEqual([]);
  });
});
