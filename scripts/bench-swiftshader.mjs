#!/usr/bin/env node
/**
 * The headless benchmark bundle in headless Chromium, on SwiftShader: checks experimental WGSL
 * (swapped in with --source) for correctness before GPU time is spent on it. Correctness only —
 * SwiftShader is a CPU; its speed says nothing.
 *
 *   npm run build:bench
 *   node scripts/bench-swiftshader.mjs --shapes 70x200x130,33x97x45 --kernels reg16x8v --source reg16x8v=exp/x.wgsl
 *
 * Every argument is passed to the bundle (as Deno.args: it runs as it would under Deno, with the
 * files it names read from this machine). Prints the bundle's JSON lines; exits 1 when a line is
 * not verified or has an error.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const bundle = resolve(process.env.BENCH ?? 'bench-dist/bench.js');
const files = {};
args.forEach((a, i) => {
  if (a === '--source') {
    const file = (args[i + 1] ?? '').split('=').slice(1).join('=');
    files[file] = readFileSync(file, 'utf8');
  }
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--enable-unsafe-webgpu', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
const lines = [];
let done;
const finished = new Promise((r) => (done = r));
page.on('console', (m) => {
  const text = m.text();
  if (text.startsWith('{')) {
    // The bundle believes it runs under Deno: say where it really ran.
    const line = JSON.stringify({ ...JSON.parse(text), engine: 'chromium (Dawn on SwiftShader)' });
    lines.push(line);
    console.log(process.stdout.isTTY && line.length > 400 ? `${line.slice(0, 400)}…` : line);
  } else if (text === '__done__') done();
  else console.error(text);
});
page.on('pageerror', (e) => {
  console.error(`page error: ${e.message}`);
  done();
});
await page.route('http://localhost:9/**', (route) => {
  const path = new URL(route.request().url()).pathname;
  if (path === '/bench.js') return route.fulfill({ contentType: 'text/javascript', body: readFileSync(bundle, 'utf8') });
  return route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><script>globalThis.Deno = { args: ${JSON.stringify(args)}, version: { deno: 'chromium-swiftshader' }, readTextFileSync: (p) => (${JSON.stringify(files)})[p] };</script>
<script type="module">import('/bench.js').then(() => console.log('__done__'), (e) => { console.error(String(e)); console.log('__done__'); });</script>`,
  });
});
await page.goto('http://localhost:9/');
await finished;
await browser.close();
const bad = lines.map((l) => JSON.parse(l)).filter((r) => r.m !== undefined && (r.error || r.verified !== true));
console.error(`${lines.length} lines, ${bad.length} not verified`);
process.exit(bad.length || !lines.length ? 1 : 0);
