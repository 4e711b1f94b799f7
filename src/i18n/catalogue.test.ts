import { describe, expect, it } from 'vitest';
import { i18n, kLanguages, kResources, matchLanguage, resolveLanguage, t } from '.';
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
const zhStrings = strings('zh-CN');

describe('the catalogues', () => {
  it('have a mapping sentence for every key core/tiling.ts names, and no other', () => {
    expect(Object.keys(en.run.mapping).sort()).toEqual([...kMappingKeys].sort());
  });

  it('have the same keys in 简体中文 and English', () => {
    expect([...zhStrings.keys()].sort()).toEqual([...enStrings.keys()].sort());
  });

  it('have the same {{placeholders}} in each string of both languages', () => {
    const bad = [...enStrings].filter(([k, v]) => JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(zhStrings.get(k) ?? '')));
    expect(bad.map(([k]) => k)).toEqual([]);
  });

  it('have no empty string', () => {
    const empty = [...enStrings, ...zhStrings].filter(([, v]) => v.trim() === '');
    expect(empty.map(([k]) => k)).toEqual([]);
  });

  it('translate every English phrase (the Chinese of a phrase has Chinese characters)', () => {
    const untranslated = [...enStrings].filter(([k, v]) => kPhrase.test(v) && !kSameInBoth.has(k) && !/\p{Script=Han}/u.test(zhStrings.get(k) ?? ''));
    expect(untranslated.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
  });

  it('keep Chinese out of the English catalogue', () => {
    const han = [...enStrings].filter(([, v]) => /\p{Script=Han}/u.test(v));
    expect(han.map(([k]) => k)).toEqual([]);
  });

  it('name every namespace in the i18next instance', () => {
    expect(Object.keys(en).sort()).toEqual([...(i18n.options.ns as string[])].sort());
  });

  it('translate through the instance in either language, falling back to nothing missing', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(t('common:view.lesson')).toBe(zhStrings.get('common:view.lesson'));
    await i18n.changeLanguage('en');
    expect(t('common:view.lesson')).toBe('Lesson');
  });
});

describe('the language a page opens in', () => {
  it('is the link’s ?lang= first, then the remembered choice, then the browser’s languages, then English', () => {
    expect(resolveLanguage('zh-CN', 'en', ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('en', 'zh-CN', ['zh-CN'])).toBe('en');
    expect(resolveLanguage(null, 'zh-CN', ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('fr', null, ['de-DE', 'zh-TW', 'en'])).toBe('zh-CN');
    expect(resolveLanguage(null, 'xx', ['en-GB', 'zh-CN'])).toBe('en');
    expect(resolveLanguage(undefined, null, ['fr-FR'])).toBe('en');
    expect(resolveLanguage(undefined, null, [])).toBe('en');
  });

  it('reads any Chinese tag as 简体中文 and any English tag as English', () => {
    expect(['zh', 'zh-CN', 'zh-Hans', 'zh-Hans-CN', 'zh_CN', 'ZH-cn'].map(matchLanguage)).toEqual(Array(6).fill('zh-CN'));
    expect(['en', 'en-US', 'en-GB'].map(matchLanguage)).toEqual(['en', 'en', 'en']);
    expect(['fr', 'ja-JP', '', null, undefined, 'z', 'enx'].map(matchLanguage)).toEqual(Array(7).fill(undefined));
  });
});
