/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './src/pwa/manifest';
import { kNotFoundScript, notFoundScript } from './src/pwa/notFound';
import { pwaWords, type PwaWords } from './src/pwa/words';
import { kLanguages, type Language } from './src/core/languages';

/**
 * Content-Security-Policy for the production build: scripts and styles only from this origin, no
 * inline script (the loading shell's is public/shell.js), no eval, no network but this origin. (The dev server needs an inline script for
 * React refresh, so the policy is added at build time only.)
 */
const kCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

function csp(): Plugin {
  return {
    name: 'tiles-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (page, ctx) => {
        // The shell's script (public/shell.js) preloads the catalogue of the language it picked: each language's chunk by its built name.
        const langChunks = Object.fromEntries(Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' && c.name.startsWith('lang-') ? [[c.name.slice(5), `./${c.fileName}`]] : [])));
        const attr = JSON.stringify(langChunks).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        const html = page.replace('<script src="./shell.js" data-lang-chunks="{}">', `<script src="./shell.js" data-lang-chunks="${attr}">`);
        const policy = kCsp;
        return html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
      },
    },
  };
}

/**
 * The link preview (Open Graph / Twitter card in index.html) names its image `./og-image.png`.
 * Some crawlers ignore a relative og:image: build with TILES_SITE_URL set to the address the app
 * is served from (e.g. `TILES_SITE_URL=https://example.edu/course/gpu/tiles/ npm run build`) and
 * og:image, twitter:image and og:url become absolute; without it they stay relative (and og:url
 * is left out), which works wherever the page is served. og:locale:alternate names every language
 * of core/languages.ts but English.
 */
function linkPreview(siteUrl: string | undefined): Plugin {
  const site = siteUrl ? new URL(siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`) : undefined;
  return {
    name: 'tiles-link-preview',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const image = site ? new URL('og-image.png', site).href : './og-image.png';
        let out = html.replace(/(<meta (?:property="og:image"|name="twitter:image") content=")[^"]*(")/g, `$1${image}$2`);
        // Every other language of core/languages.ts as an alternate locale (Open Graph writes zh_TW for zh-TW).
        const alternates = kLanguages.filter((l) => l !== 'en').map((l) => `\n    <meta property="og:locale:alternate" content="${l.replace('-', '_')}" />`);
        out = out.replace(/(<meta property="og:locale" content="[^"]*" \/>)/, `$1${alternates.join('')}`);
        if (site) out = out.replace('<meta property="og:type"', `<meta property="og:url" content="${site.href}" />\n    <meta property="og:type"`);
        return out;
      },
    },
  };
}

/**
 * Offline and installable (vite-plugin-pwa, Workbox generateSW): the service worker precaches
 * every file of the build the app needs (HTML, every JS chunk — the lazy views and the CPU worker
 * included —, CSS, icons, the manifest), serves index.html for any navigation inside its scope
 * (so `?view=…` and `#r=` links open offline), and waits for a reload when a new version is
 * deployed (registerType 'prompt': src/state/pwa.ts, src/ui/UpdatePrompt.tsx). Registration goes
 * through the bundle (injectRegister false: no inline script). Every URL is relative to the
 * build's folder: the worker's scope is the folder it is served from.
 */
function pwa(words: Record<Language, PwaWords>): Plugin[] {
  const notFound: Plugin = {
    name: 'tiles-sw-notfound',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: kNotFoundScript, source: notFoundScript(words) });
    },
  };
  return [notFound, ...VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: webManifest(words),
    // The glob below takes the icons and the favicon; listing them again would only repeat entries.
    includeManifestIcons: false,
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // The link preview is for crawlers, not for the app; the GPU test harness is for the test suite.
      globIgnores: ['og-image.png', 'harness.html', 'assets/harness-*.js'],
      navigateFallback: 'index.html',
      // Before Workbox's own listeners: a navigation deeper than the app gets a page that links home (src/pwa/notFound.ts).
      importScripts: [kNotFoundScript],
      // A file's own address (sw.js, the manifest, an icon) is never answered with the page; index.html is.
      // The GPU test harness (harness.html) is not precached and is never answered with the app either.
      navigateFallbackDenylist: [/\/[^/?#]+\.(?!html?(?:\?|$))[A-Za-z0-9]+(?:\?.*)?$/, /\/harness\.html(?:\?.*)?$/],
      cleanupOutdatedCaches: true,
    },
  })];
}

/**
 * The entry's code is split by how often it changes, so a new version of the app's own code does
 * not make a returning visitor download (and the service worker re-precache) what did not change:
 * `react` (react, react-dom, scheduler: changes only with a dependency update). What loads on
 * demand (issue #47) is grouped so each need is one request: `lang-<id>`, a language's lesson words and
 * kernel comments (src/i18n/locales/<id>/, loaded when the language is used: i18n loadLanguage);
 * `more-<id>`, the rest of its catalogue (the benchmark's, practice's, the probes' and the board's
 * words: loaded when a view that says them opens); `rung-comments-<id>`, the ladder's rungs' code
 * comments (its rungComments.ts: loaded when a rung's code is first opened in that language);
 * `wgsl-lesson`, the lesson's kernels (naive, tiled and its file per tile width); `wgsl-rungs`, the
 * other kernels of the record (the ladder's rungs, the strip kernel, split-K's summing pass), loaded
 * with the ladder or a run of one (core/kernels/source.ts). The WGSL that gpu/ imports directly (the
 * trace, the dot product, the probes, the roofline) stays with the code that runs it. Only the page's
 * build: the CPU worker is bundled separately (worker.rollupOptions, untouched here) and
 * vite.bench.config.ts is a config of its own.
 */
function manualChunks(id: string): string | undefined {
  if (/[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
  // Not zod.ts (zod's own locale, for the benchmark's words: i18n/bench.ts), which would pull zod's core into the chunk.
  const lang = /[\\/]src[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/](?!zod\.ts)(\w+)/.exec(id);
  // The namespaces no lesson word is in (i18n/index.ts kLessonNamespaces): loaded when a view that says them opens.
  // The ladder's rungs' comments (i18n/codeComments loadRungComments): loaded when a rung's code is first opened.
  if (lang?.[2] === 'rungComments') return `rung-comments-${lang[1]}`;
  if (lang) return `${/^(?:bench|practice|probes|board)$/.test(lang[2]!) ? 'more' : 'lang'}-${lang[1]}`;
  if (/[\\/]shaders[\\/](?:naive|tiled|generated[\\/]tiled\d+)\.wgsl\?raw$/.test(id)) return 'wgsl-lesson';
  if (/[\\/]shaders[\\/](?:generated[\\/])?(?:reg|blk|split|subgroup|strip)\w*\.wgsl\?raw$/.test(id)) return 'wgsl-rungs';
  return undefined;
}

// Relative base: dist/ works from any static host or sub-path.
export default defineConfig(async () => ({
  base: './',
  plugins: [react(), csp(), linkPreview(process.env.TILES_SITE_URL), pwa(await pwaWords())],
  build: {
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      // harness.html: the GPU correctness harness (src/harness), a test page built beside the app so the
      // end-to-end tests drive it on the same production build (e2e/gpu.spec.ts); no link leads to it.
      input: { index: 'index.html', harness: 'harness.html' },
      output: { manualChunks },
    },
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts'],
    // The kernels' WGSL and every language, loaded before each file (the app loads them on demand).
    setupFiles: ['vitest.setup.ts'],
    environment: 'node',
    // Every core the machine has (Vitest's default leaves one idle: a single worker on 2 cores).
    maxWorkers: availableParallelism(),
    // The property tests take ~1 s on an idle 2-core machine and up to ~5 s on a busy one (vitest's default limit).
    testTimeout: 15_000,
  },
}));
