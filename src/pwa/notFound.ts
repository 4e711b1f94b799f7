/**
 * Only the app's own addresses are the app (issue #26). The service worker answers a navigation
 * inside its scope with the precached index.html; at a deeper address (`<app>/assets/`,
 * `<app>/nope/deeper`, `<app>/index.html/x`) that page's relative `./assets/…` addresses missed and
 * it stayed blank. This script, imported by the generated service worker before Workbox's own
 * (vite.config.ts: workbox.importScripts, so its fetch listener answers first), answers every
 * navigation in scope that is neither the folder itself nor its index.html with a small page that
 * says so and links home, in every language (words from the 'pwa' catalogues, at build time: words.ts).
 * Navigations to a file of the app (sw.js, an icon) and outside the scope are left to Workbox and
 * the network.
 */
import { kLanguages, type Language } from '../core/languages';
import type { PwaWords } from './words';

export const kNotFoundScript = 'sw-notfound.js';

/** Whether `rest` (the path after the scope's folder) is the app: the folder itself or its index.html. */
export function isAppPath(rest: string): boolean {
  return rest === '' || rest === 'index.html';
}

/** A file directly in the folder (sw.js, manifest.webmanifest, an icon): not a page, not ours to answer. */
export function isFilePath(rest: string): boolean {
  return /^[^/]+\.[A-Za-z0-9]+$/.test(rest) && !/\.html?$/.test(rest);
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The not-found page, in every language of `words`; `home` is the app's address (the scope). */
export function notFoundPage(home: string, words: Readonly<Record<Language, PwaWords>>): string {
  const part = (lang: string, w: PwaWords['notFound']) =>
    `<section lang="${lang}"><h1>${escape(w.heading)}</h1><p>${escape(w.body)}</p><p><a data-testid="not-found-home" href="${escape(home)}">${escape(w.home)}</a></p></section>`; // i18n-exempt: HTML markup (the words come from the catalogue)
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` + // i18n-exempt: HTML markup

    `<title>${escape(words.en.notFound.title)}</title></head><body data-testid="not-found">${kLanguages.map((l) => part(l, words[l].notFound)).join('')}</body></html>` // i18n-exempt: HTML markup (the words come from the catalogue)
  );
}

/** The script's source: the two predicates and the page, then the fetch listener. */
export function notFoundScript(words: Readonly<Record<Language, PwaWords>>): string {
  return `// Generated from src/pwa/notFound.ts: answers navigations in scope that are not the app.
const isAppPath = ${isAppPath.toString()};
const isFilePath = ${isFilePath.toString()};
const notFoundPage = ${JSON.stringify(notFoundPage('__HOME__', words))};
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.mode !== 'navigate') return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const rest = url.pathname.slice(scope.pathname.length);
  if (isAppPath(rest) || isFilePath(rest)) return;
  const home = scope.pathname.replace(/[&<>"]/g, '');
  event.respondWith(new Response(notFoundPage.split('__HOME__').join(home), { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
});
`;
}
