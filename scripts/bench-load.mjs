// @ts-check
/* global document, requestAnimationFrame */
/**
 * `npm run bench:load` — how fast the production build opens on a slow link (issue #47). Figures,
 * not a test: nothing here passes or fails.
 *
 * Serves a build folder (default dist/; build it first) from a static server in this process and
 * opens each view in a fresh Chromium context (/usr/bin/chromium, WebGPU through SwiftShader, cache
 * off, service workers blocked: a first visit, before any precache) with the network throttled
 * through the DevTools protocol (Network.emulateNetworkConditions: 1.6 Mbit/s / 150 ms and
 * 10 Mbit/s / 40 ms, both ways). Per view it prints
 *   - paint: the first contentful paint (the loading shell's, where there is one);
 *   - usable: when the view's first control is there and enabled (the lesson's Run both, practice's
 *     Run with its editor drawn, the benchmark's Start sweep);
 *   - JS / all: bytes over the wire until then (encodedDataLength: compressed when the server
 *     compresses), JavaScript alone and everything;
 *   - on the lesson, how long a switch to 简体中文 takes (click to <html lang> changed).
 *
 * Options: --dist DIR (a build folder: e.g. a build of main, for "before"), --compress gzip|br|none
 * (gzip level 6 by default, as most static hosts send JavaScript; br is Brotli quality 11, as a host
 * with precompressed files sends it; none is what `python3 -m http.server` sends: it compresses nothing), --runs N (the median of N loads; 1 by default), --views lesson,practice,bench,
 * --net slow,fast.
 */
import { createServer } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const dist = resolve(arg('dist', 'dist'));
const compress = arg('compress', 'gzip');
const runs = Number(arg('runs', '1'));
const kNets = {
  slow: { label: '1.6 Mbit/s, 150 ms', down: 1.6e6 / 8, up: 1.6e6 / 8, latency: 150 },
  fast: { label: '10 Mbit/s, 40 ms', down: 10e6 / 8, up: 10e6 / 8, latency: 40 },
};
/** Each view: its address and the selector of its first usable control. */
const kViews = {
  lesson: { query: '', control: '[data-testid="run-both"]:not([disabled])' },
  practice: { query: '?view=practice', control: '[data-testid="exercise-run"]:not([disabled])', editor: '.practice-editor' },
  bench: { query: '?view=bench', control: '[data-testid="bench-start"]:not([disabled])' },
};
const views = /** @type {(keyof typeof kViews)[]} */ (arg('views', 'lesson,practice,bench').split(','));
const nets = /** @type {(keyof typeof kNets)[]} */ (arg('net', 'slow,fast').split(','));

/** @type {Record<string, string>} */
const kTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};
const kCompressible = new Set(['.html', '.js', '.css', '.svg', '.webmanifest', '.json']);

/** @type {Map<string, Buffer>} */
const compressed = new Map();
const server = createServer((req, res) => {
  void (async () => {
    let rel = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.(\/|$))+/, '');
    if (rel.endsWith('/')) rel += 'index.html';
    const file = join(dist, rel);
    try {
      if (!file.startsWith(dist) || !(await stat(file)).isFile()) throw new Error('not a file');
      let body = await readFile(file);
      /** @type {Record<string, string>} */
      const headers = { 'Content-Type': kTypes[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' };
      const accepts = String(req.headers['accept-encoding']);
      const encoding = compress === 'gzip' || compress === 'br' ? compress : undefined;
      if (encoding && kCompressible.has(extname(file)) && new RegExp(`\\b${encoding}\\b`).test(accepts)) {
        // Compressed once per file (as a host serving precompressed files would): no compression time in the figures.
        const key = `${encoding} ${file}`;
        const raw = body;
        body = compressed.get(key) ?? (encoding === 'gzip' ? gzipSync(raw, { level: 6 }) : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        compressed.set(key, body);
        headers['Content-Encoding'] = encoding;
      }
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end();
    }
  })();
});
// Compress every file before the first load (none of the figures includes compression time).
if (compress === 'gzip' || compress === 'br') {
  for (const rel of await readdir(dist, { recursive: true })) {
    const file = join(dist, rel);
    if (!kCompressible.has(extname(file)) || !(await stat(file)).isFile()) continue;
    const raw = await readFile(file);
    compressed.set(`${compress} ${file}`, compress === 'gzip' ? gzipSync(raw, { level: 6 }) : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}
await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--enable-unsafe-webgpu', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/**
 * One fresh load of a view: its paint, usable time and bytes.
 * @param {keyof typeof kViews} view @param {keyof typeof kNets} net
 */
async function load(view, net) {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const n = kNets[net];
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: n.latency, downloadThroughput: n.down, uploadThroughput: n.up });
  /** @type {Map<string, string>} */
  const types = new Map();
  const bytes = { js: 0, all: 0 };
  /** @type {Map<string, string>} */
  const urls = new Map();
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    urls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (process.env.BENCH_LOAD_DEBUG) console.error(`  ${(e.encodedDataLength / 1000).toFixed(1)} kB ${urls.get(e.requestId)}`);
    bytes.all += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') bytes.js += e.encodedDataLength;
  });
  const spec = kViews[view];
  page.on('console', (m) => process.env.BENCH_LOAD_DEBUG && console.error('console:', m.text()));
  page.on('requestfailed', (r) => process.env.BENCH_LOAD_DEBUG && console.error('failed:', r.url(), r.failure()?.errorText));
  await page.goto(origin + spec.query, { waitUntil: 'commit' });
  const usable = await page.waitForFunction(({ control, editor }) => {
    const c = document.querySelector(control);
    // The practice editor is CodeMirror in the host's open shadow root.
    if (!c || (editor && !document.querySelector(editor)?.shadowRoot?.querySelector('.cm-content'))) return false;
    return performance.now();
  }, { control: spec.control, editor: 'editor' in spec ? spec.editor : undefined }, { timeout: 120_000, polling: 20 });
  const usableMs = /** @type {number} */ (await usable.jsonValue());
  const atUsable = { ...bytes };
  // The first contentful paint, once it has happened (the control may be there a frame before it is painted).
  const paintMs = await page.evaluate(() => new Promise((done) => {
    new PerformanceObserver((list) => {
      const fcp = list.getEntriesByName('first-contentful-paint')[0];
      if (fcp) done(fcp.startTime);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(() => done(NaN), 5000);
  }));
  // On the lesson: how long a switch to 简体中文 takes (its catalogue fetched then, where it was not loaded before).
  const switchMs = view !== 'lesson' ? NaN : /** @type {number} */ (await page.evaluate(() => new Promise((done) => {
    const t0 = performance.now();
    /** @type {HTMLElement | null} */ (document.querySelector('[data-testid="lang-zh-CN"]'))?.click();
    const check = () => (document.documentElement.lang === 'zh-CN' ? done(performance.now() - t0) : requestAnimationFrame(check));
    check();
  })));
  await context.close();
  return { switchMs, paintMs: /** @type {number} */ (paintMs), usableMs, js: atUsable.js, all: atUsable.all };
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (/** @type {number} */ b) => `${(b / 1000).toFixed(0)} kB`;

console.log(`build: ${dist}; compression: ${compress}; median of ${runs} run(s); fresh context, cache off, service workers blocked`);
console.log('| link | view | first paint | first usable control | JS until usable | all bytes until usable | switch to 简体中文 |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const net of nets) {
  for (const view of views) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await load(view, net));
    const m = (/** @type {'paintMs' | 'usableMs' | 'js' | 'all' | 'switchMs'} */ k) => median(results.map((r) => r[k]));
    console.log(`| ${kNets[net].label} | ${view} | ${s(m('paintMs'))} | ${s(m('usableMs'))} | ${kb(m('js'))} | ${kb(m('all'))} | ${view === 'lesson' ? s(m('switchMs')) : '—'} |`);
  }
}
await browser.close();
server.close();
