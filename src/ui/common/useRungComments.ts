/**
 * A view that shows a ladder rung's WGSL reads its comments in the language in use (i18n/codeComments
 * localizeRungComments): the rungs' comment table is loaded when such a view first draws in a
 * language, and the view suspends until then (as useKernelSources does for the code), so it never
 * shows English comments first. A failed load (offline before the worker was installed) leaves the
 * comments in English rather than failing the view.
 */
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../../core/languages';
import { loadRungComments, rungCommentsLoaded } from '../../i18n/codeComments';

const pending = new Map<Language, Promise<void>>();

/** The language in use, once its rung comments are loaded (suspends until then); `needed` false: no load (a kernel that is not a rung). */
export function useRungComments(needed = true): Language {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  if (needed && !rungCommentsLoaded(lang)) {
    let p = pending.get(lang);
    if (!p) {
      p = loadRungComments(lang).catch(() => undefined);
      pending.set(lang, p);
    }
    use(p);
  }
  return lang;
}
