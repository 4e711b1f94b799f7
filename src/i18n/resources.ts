/**
 * Every catalogue, by language, loaded at once: for the tests and tools that read every language
 * side by side (catalogue.test.ts, zhTW.test.ts, glossary.test.ts). The app never imports this
 * file: it loads the language in use only (index.ts loadLanguage, issue #47).
 */
import { kLanguageList, type Language } from '../core/languages';
import type { Catalogue } from './catalogue';
import type { en } from './locales/en';

const kFolders = import.meta.glob<Catalogue<typeof en>>('./locales/*/index.ts', { eager: true, import: 'default' });
export const kResources = Object.fromEntries(
  kLanguageList.map(({ id }) => {
    const c = kFolders[`./locales/${id}/index.ts`];
    if (!c) throw new Error(`src/i18n/locales/${id}/index.ts is missing`); // i18n-exempt: a programmer's assertion (core/languages.ts names a folder that is not there)
    return [id, c];
  }),
) as Record<Language, Catalogue<typeof en>>;
