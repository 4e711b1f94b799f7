#!/usr/bin/env node
/**
 * `npm run bench:estimates` (issue #46): does each estimate the app states before a long run hold?
 * Serves a build (default dist/; build it first) with e2e-gpu/serve.mjs, opens it in Chromium
 * (/usr/bin/chromium, or $CHROME; with WebGPU on: SwiftShader here, a GPU where there is one) and
 * runs the three runs that say how long they will take before they start:
 *   - the benchmark's default sweep (`?view=bench`): run-estimate's data-total-ms before, its
 *     data-actual-ms after;
 *   - the ladder's "Run every rung" at its own shape (`?view=ladder`): ladder-estimate's data-total-ms
 *     before, the wall time until every rung has its verdict;
 *   - Time it on the naive exercise's solution (`?view=practice&ex=naive`): exercise-timed's
 *     data-estimate-ms and data-actual-ms.
 * Prints each estimate, what happened and estimate ÷ actual, and the adapter. Figures, not a test:
 * nothing here passes or fails on speed. Options: --dist DIR, --runs sweep,ladder,time, --port N.
 */
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const dist = arg('dist', 'dist');
const port = Number(arg('port', '4191'));
const which = arg('runs', 'sweep,ladder,time').split(',');
const flags = (process.env.CHROME_GPU_FLAGS ?? '').split(/\s+/).filter(Boolean);

const server = spawn(process.execPath, ['e2e-gpu/serve.mjs', dist, String(port)], { stdio: 'inherit' });
const base = `http://127.0.0.1:${port}/`;
for (let i = 0; i < 50; i++) {
  if (await fetch(base).then((r) => r.ok, () => false)) break;
  await new Promise((r) => setTimeout(r, 200));
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME ?? '/usr/bin/chromium',
  args: ['--enable-unsafe-webgpu', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...flags],
});
const rows = [];
const long = { timeout: 15 * 60_000 };
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const ready = async (query) => {
    await page.goto(base + query);
    await page.waitForSelector('[data-testid="gpu-status"][data-state="ready"]', long);
  };
  await ready('');
  const adapter = (await page.getByTestId('gpu-status').innerText()).replace(/\s+/g, ' ').slice(0, 120);

  if (which.includes('sweep')) {
    await ready('?view=bench');
    // The estimate is stated once Start is pressed (after a short probe of this GPU's rate); a long
    // run asks first (Continue).
    await page.getByTestId('bench-start').click();
    const est = page.getByTestId('run-estimate');
    await est.waitFor(long);
    const estimated = Number(await est.getAttribute('data-total-ms'));
    const skipped = Number((await est.getAttribute('data-skipped')) ?? 0);
    if ((await est.getAttribute('data-asking')) === 'true') await page.getByTestId('estimate-continue').click();
    await page.waitForSelector('[data-testid="bench-progress"][data-status="done"]', long);
    await page.waitForSelector('[data-testid="run-estimate"][data-actual-ms]', long);
    rows.push({ run: `default sweep (${skipped} points skipped by its rule)`, estimated, actual: Number(await est.getAttribute('data-actual-ms')) });
  }
  if (which.includes('ladder')) {
    await ready('?view=ladder');
    const shape = page.getByTestId('ladder-shape');
    await page.waitForSelector('[data-testid="ladder-shape"][data-own]:not([data-probing])', long);
    const size = `${await shape.getAttribute('data-m')}³`;
    const estimated = Number(await page.getByTestId('ladder-estimate').getAttribute('data-total-ms'));
    const t0 = Date.now();
    await page.getByTestId('ladder-run').click();
    await page.waitForSelector('[data-testid="ladder-run"][aria-busy="true"]', long).catch(() => undefined);
    await page.waitForSelector('[data-testid="ladder-run"]:not([aria-busy="true"])', long);
    rows.push({ run: `ladder, every rung at ${size}`, estimated, actual: Date.now() - t0 });
  }
  if (which.includes('time')) {
    await ready('?view=practice&ex=naive');
    await page.getByTestId('exercise-solution').click();
    // Run until the solution's check passes (the editor may still hold the skeleton for a moment).
    for (let i = 0; i < 5; i++) {
      await page.waitForTimeout(500);
      await page.getByTestId('exercise-run').click();
      await page.waitForSelector(`[data-testid="exercise-verdict"][data-seq="${i + 1}"]`, long);
      if ((await page.getByTestId('exercise-verdict').getAttribute('data-status')) === 'pass') break;
    }
    await page.getByTestId('exercise-time').click();
    await page.waitForSelector('[data-testid="exercise-timed"][data-actual-ms]', long);
    const timed = page.getByTestId('exercise-timed');
    rows.push({ run: `Time it, naive solution at ${await timed.getAttribute('data-size')}³`, estimated: Number(await timed.getAttribute('data-estimate-ms')), actual: Number(await timed.getAttribute('data-actual-ms')) });
  }
  console.log(`adapter: ${adapter}`);
  console.log('| run | estimated | took | estimate ÷ actual |\n| --- | --- | --- | --- |');
  for (const r of rows) console.log(`| ${r.run} | ${(r.estimated / 1000).toFixed(1)} s | ${(r.actual / 1000).toFixed(1)} s | ${(r.estimated / r.actual).toFixed(2)} |`);
} finally {
  await browser.close();
  server.kill();
}
