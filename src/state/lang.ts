/**
 * The language of the page: chosen once at load (a link's `?lang=`, else the remembered choice,
 * else the browser's languages: i18n/resolveLanguage), switched from the header at any time and
 * remembered in this browser. `<html lang>` and the page title follow. A link's `?lang=` stays in
 * the address bar (urlSync carries it) and follows a switch; share links carry no language.
 */
import { i18n, isLanguage, language, resolveLanguage, t, type Language } from '../i18n';

const kStorageKey = 'tiles.lang';

function remembered(): string | null {
  try {
    return localStorage.getItem(kStorageKey);
  } catch {
    return null;
  }
}

/** The `?lang=` of the address bar now, if it names a supported language. */
export function linkLanguage(): Language | undefined {
  if (typeof location === 'undefined') return undefined;
  const l = new URLSearchParams(location.search).get('lang');
  return isLanguage(l) ? l : undefined;
}

function apply(lang: Language): void {
  void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.title = t('common:app.documentTitle');
  }
}

/** Apply the language the page opens in (call once, before the first render). */
export function initLanguage(): Language {
  const link = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('lang') : null;
  const browser = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  const lang = resolveLanguage(link, remembered(), browser);
  apply(lang);
  return lang;
}

/** Switch the language now (the run, the results and the selection stay); remembered for the next visit. */
export function setLanguage(lang: Language): void {
  if (lang === language()) return;
  apply(lang);
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
