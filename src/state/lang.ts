/**
 * The language of the page: chosen once at load (a link's `?lang=`, else the remembered choice,
 * else the browser's languages: i18n/resolveLanguage), switched from the header at any time and
 * remembered in this browser. `<html lang>` and the page title follow. A link's `?lang=` stays in
 * the address bar (urlSync carries it) and follows a switch; share links carry no language.
 */
import { decodeUrl } from '../core/url';
import { i18n, language, loadLanguage, resolveLanguage, t, type Language } from '../i18n';

const kStorageKey = 'tiles.lang';

function remembered(): string | null {
  try {
    return localStorage.getItem(kStorageKey);
  } catch {
    return null;
  }
}

/** The `?lang=` of the address bar now, if it names a supported language (read through the one URL codec). */
export function linkLanguage(): Language | undefined {
  return typeof location === 'undefined' ? undefined : decodeUrl(location.search).lang;
}

/** The language last asked for (a later switch wins over an earlier one still loading). */
let wanted: Language | undefined;

/** Load the language's catalogue (only this one: issue #47), then switch to it. */
async function apply(lang: Language): Promise<void> {
  wanted = lang;
  await loadLanguage(lang);
  if (wanted !== lang) return;
  await i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.title = t('common:app.documentTitle');
  }
}

/** Load and apply the language the page opens in (call once, and render when it resolves). */
export async function initLanguage(): Promise<Language> {
  // The raw tag, not the codec's: a hand-written ?lang=zh or ?lang=zh-Hans still opens 简体中文 (resolveLanguage matches it).
  const link = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('lang') : null;
  const browser = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  const lang = resolveLanguage(link, remembered(), browser);
  await apply(lang);
  return lang;
}

/**
 * Switch the language (the run, the results and the selection stay) once its catalogue is loaded
 * (at once when it was used before on this page); remembered for the next visit.
 */
export async function setLanguage(lang: Language): Promise<void> {
  if (lang === language() && wanted === lang) return;
  await apply(lang);
  if (wanted !== lang) return;
  try {
    localStorage.setItem(kStorageKey, lang);
  } catch {
    // Storage may be off (private mode): the switch still holds for this page.
  }
  // A link that asked for a language keeps asking for the one now chosen.
  if (typeof location !== 'undefined' && typeof history !== 'undefined' && linkLanguage() !== undefined) {
    const params = new URLSearchParams(location.search);
    params.set('lang', lang);
    history.replaceState(history.state, '', `${location.pathname}?${params.toString()}${location.hash}`);
  }
}
