/**
 * The 'pwa' namespace of every language of core/languages.ts, for what the build writes outside
 * the page (the manifest's names, the service worker's not-found page). vite.config.ts reads it
 * while it configures the build, where import.meta.glob does not exist: each folder's pwa.ts is
 * imported by its language's id (a dynamic import whose pattern the config's bundler and Vite
 * both resolve to the folders under src/i18n/locales/).
 */
import { kLanguageList, type Language } from '../core/languages';
import type { Catalogue } from '../i18n/catalogue';
import type { pwa as en } from '../i18n/locales/en/pwa';

export type PwaWords = Catalogue<typeof en>;

/** Every language's 'pwa' words, by language, in the registry's order. */
export async function pwaWords(): Promise<Record<Language, PwaWords>> {
  const entries = await Promise.all(
    kLanguageList.map(async ({ id }) => [id, ((await import(`../i18n/locales/${id}/pwa.ts`)) as { pwa: PwaWords }).pwa] as const),
  );
  return Object.fromEntries(entries) as Record<Language, PwaWords>;
}
