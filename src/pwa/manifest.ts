/**
 * The web app manifest (vite-plugin-pwa writes it as manifest.webmanifest at build time). Every
 * URL in it is relative, resolved against the manifest's own address, so one build installs from
 * any directory: served from https://host/course/gpu/tiles/, start_url and scope are that folder.
 * The words come from the 'pwa' catalogue of each language (words.ts): English at the top, every
 * other language in `translations` (Chromium's manifest localisation; browsers without it show the
 * English name).
 *
 * The icons are PNGs in public/, made by scripts/gen-icons.mjs (see there to regenerate them).
 */
import { kLanguages, type Language } from '../core/languages';
import type { PwaWords } from './words';

/** The favicon's navy: the title bar of the installed app and the splash screen. */
export const kThemeColor = '#0b1d33';
export const kBackgroundColor = '#0b1d33';

export interface ManifestIcon {
  readonly src: string;
  readonly sizes: string;
  readonly type: 'image/png';
  readonly purpose: 'any' | 'maskable';
}

/** The icons, as public/ holds them (scripts/gen-icons.mjs writes exactly these). */
export const kIcons: readonly ManifestIcon[] = [
  { src: 'pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: 'pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: 'pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export function webManifest(words: Readonly<Record<Language, PwaWords>>) {
  const en = words.en;
  return {
    name: en.manifest.name,
    short_name: en.manifest.shortName,
    description: en.manifest.description,
    lang: 'en',
    dir: 'ltr' as const,
    start_url: './',
    scope: './',
    display: 'standalone' as const,
    orientation: 'any' as const,
    theme_color: kThemeColor,
    background_color: kBackgroundColor,
    categories: ['education', 'developer'],
    icons: kIcons.map((i) => ({ ...i })),
    translations: Object.fromEntries(
      kLanguages
        .filter((l) => l !== 'en')
        .map((l) => [l, { name: words[l].manifest.name, short_name: words[l].manifest.shortName, description: words[l].manifest.description }]),
    ) as Record<Exclude<Language, 'en'>, { name: string; short_name: string; description: string }>,
  };
}
