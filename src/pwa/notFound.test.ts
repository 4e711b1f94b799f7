import { describe, expect, it } from 'vitest';
import { kLanguages } from '../core/languages';
import { isAppPath, isFilePath, notFoundPage, notFoundScript } from './notFound';
import { pwaWords } from './words';

const words = await pwaWords();

describe('the service worker’s not-found answer (issue #26)', () => {
  it('takes only the folder and its index.html for the app', () => {
    expect(isAppPath('')).toBe(true);
    expect(isAppPath('index.html')).toBe(true);
    for (const deeper of ['assets/', 'nope/deeper', 'index.html/x', 'nope', 'assets/index-abc.js/']) expect(isAppPath(deeper)).toBe(false);
  });
  it('leaves the folder’s own files to Workbox and the network', () => {
    for (const file of ['sw.js', 'manifest.webmanifest', 'pwa-192.png', 'favicon.svg']) expect(isFilePath(file)).toBe(true);
    for (const page of ['assets/', 'nope/deeper', 'index.html/x', 'other.html', 'assets/x.js']) expect(isFilePath(page)).toBe(false);
  });
  it('says it in every language and links home', () => {
    const html = notFoundPage('/course/tiles/', words);
    for (const l of kLanguages) expect(html).toContain(`<section lang="${l}"><h1>${words[l].notFound.heading}</h1>`);
    expect(html).toContain('There is no page at this address');
    expect(html).toContain('此地址没有页面');
    expect(html).toContain('href="/course/tiles/"');
    expect(notFoundPage('/"><script>', words)).not.toContain('<script>');
  });
  it('makes a script that parses', () => {
    expect(() => new Function(notFoundScript(words))).not.toThrow();
  });
});
