/**
 * The web app manifest (vite-plugin-pwa writes it as manifest.webmanifest at build time). Every
 * URL in it is relative, resolved against the manifest's own address, so one build installs from
 * any directory: served from https://host/course/gpu/tiles/, start_url and scope are that folder.
 * The words come from the 'pwa' catalogue; the Chinese ones go in `translations` (Chromium's
 * manifest localisation; browsers without it show the English name).
 *
 * The icons are PNGs in public/, made by scripts/gen-icons.mjs (see there to regenerate them).
 */
import { pwa as en } from '../i18n/locales/en/pwa';
import { pwa as zhCN } from '../i18n/locales/zh-CN/pwa';

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

export function webManifest() {
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
    translations: {
      'zh-CN': { name: zhCN.manifest.name, short_name: zhCN.manifest.shortName, description: zhCN.manifest.description },
    },
  };
}
