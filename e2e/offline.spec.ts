import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Response } from '@playwright/test';
import { test, expect } from './fixtures';
import { serveDist, type StaticServer } from './staticServer';
import { kViewUrls } from './views';

/**
 * Offline, installable, deployable anywhere — on the production build with its service worker
 * active (vite-plugin-pwa / Workbox, registerType 'prompt': the first visit installs the worker
 * and precaches the build; the page it opened in is not controlled until the next load).
 */

/** Wait until the service worker is active (its install step, the precache, has finished); return its scope. */
const workerReady = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** Every failed request and every HTTP error response the page sees, from now on. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? 'failed';
    // The browser asks for the favicon on its own, sometimes after the page went network-idle; the
    // test's next navigation then cancels it (ERR_ABORTED, seen once under CI load). That is not a
    // failed request of the app's: a missing favicon would still fail as HTTP 404 below.
    if (why === 'net::ERR_ABORTED' && new URL(r.url()).pathname.endsWith('/favicon.svg')) return;
    failures.push(`${why}: ${r.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return failures;
}

test('after one visit the app loads offline: the header, a verified run of the default example, a lazy view and the CPU worker, all from the precache', async ({ app, page, context }) => {
  await app.open('?samples=3');
  const scope = await workerReady(page);
  expect(new URL(scope).pathname).toBe('/');
  // Nothing of the first visit still loading (a request cut off by the reload is not the app's failure).
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  const failures = watchFailures(page);
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.reload();
  expect(await controlled(page)).toBe(true);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tiles');
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
  // The default example (cuda-samples 48×32×48, 3 timed samples), run and verified against the CPU reference.
  await expect(page.getByTestId('input-m')).toHaveValue('48');
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  // A view whose code is a lazy chunk.
  await app.goTo('bench');
  await expect(page.getByTestId('bench-start')).toBeVisible();
  await app.goTo('ladder');
  await expect(page.getByTestId('ladder-run')).toBeVisible();

  // Every response came from the service worker; the CPU worker's script among them.
  const fromNetwork = responses.filter((r) => !r.fromServiceWorker()).map((r) => r.url());
  expect(fromNetwork).toEqual([]);
  expect(responses.some((r) => /\/assets\/cpu\.worker-[\w-]+\.js$/.test(r.url()))).toBe(true);
  expect(failures).toEqual([]);
  await context.setOffline(false);
});

test('with the service worker installed, an address deeper than the app gets a page that links home, online and offline — never a blank page (issue #26)', async ({ page, context }) => {
  // Not the `app` fixture: the not-found page answers 404 by design, which the browser logs as a console error.
  await page.goto('./?samples=3');
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
  await workerReady(page);
  await page.waitForLoadState('networkidle');
  await page.reload();
  expect(await controlled(page)).toBe(true);
  const home = new URL('./', page.url());
  for (const offline of [false, true]) {
    await context.setOffline(offline);
    for (const deeper of ['assets/', 'nope/deeper', 'index.html/x']) {
      await test.step(`${offline ? 'offline' : 'online'}: ${deeper}`, async () => {
        const res = await page.goto(new URL(deeper, home).href);
        expect(res?.status()).toBe(404);
        await expect(page.getByTestId('not-found')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('There is no page at this address');
        const link = page.getByTestId('not-found-home').first();
        await expect(link).toHaveAttribute('href', home.pathname);
        await link.click();
        await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
        expect(new URL(page.url()).pathname).toBe(home.pathname);
      });
    }
  }
  // The app's own addresses are still the app.
  await page.goto(new URL('index.html?view=ladder', home).href);
  await expect(page.getByTestId('ladder-run')).toBeVisible();
  await context.setOffline(false);
});

test('the manifest is served and parses; its icons load at 192 and 512 px', async ({ app, page }) => {
  await app.open();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('./manifest.webmanifest');
  const manifestUrl = new URL(href!, page.url()).href;
  const res = await page.request.get(manifestUrl);
  expect(res.status()).toBe(200);
  const m = (await res.json()) as { name: string; short_name: string; start_url: string; scope: string; theme_color: string; background_color: string; display: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
  expect(m.name).toMatch(/^Tiles/);
  expect(m.short_name).toBe('Tiles');
  expect(m.start_url).toBe('./');
  expect(m.scope).toBe('./');
  expect(m.display).toBe('standalone');
  expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(m.icons.some((i) => i.purpose === 'maskable')).toBe(true);

  // Each icon loads in the page (under its CSP) at the size the manifest states.
  for (const icon of m.icons) {
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, new URL(icon.src, manifestUrl).href);
    expect(size, icon.src).toBe(icon.sizes);
  }

  // Chromium's own reading of the manifest: no parse errors, and nothing stands in the way of installing.
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }> };
  expect(parsed.url).toBe(manifestUrl);
  expect(parsed.errors).toEqual([]);
});

test('Chromium finds the app installable (a browser profile on disk: the usual test contexts are incognito, where nothing installs)', async ({ playwright, launchOptions, baseURL }) => {
  const dir = mkdtempSync(join(tmpdir(), 'tiles-install-'));
  const context = await playwright.chromium.launchPersistentContext(dir, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('./');
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    await workerReady(page);
    const cdp = await context.newCDPSession(page);
    const install = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    expect(install.installabilityErrors.map((e) => e.errorId)).toEqual([]);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.describe('served from a sub-path by a plain static server', () => {
  const kPrefix = '/course/gpu/tiles/';
  let server: StaticServer;
  test.beforeAll(async () => {
    server = await serveDist(kPrefix);
  });
  test.afterAll(async () => {
    await server.close();
  });

  test('every view loads with no failed request, the worker and manifest live in the folder, and a share link made there opens there', async ({ app, page }) => {
    const failures = watchFailures(page);
    // A share link made by the app at this address (a tiny sweep: sizes 8 and 12, tile 4, 3 samples).
    await page.goto(`${server.url}?sizes=8,12&tile=4`);
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    await page.getByTestId('bench-samples').fill('3');
    await page.getByTestId('bench-start').click();
    await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-status', 'done');
    const link = await page.getByTestId('share-link').inputValue();
    expect(link.startsWith(`${server.url}?`)).toBe(true);
    expect(link).toMatch(/#r=r2\.[\w-]+$/);
    await page.waitForLoadState('networkidle');

    expect(await workerReady(page)).toBe(server.url);
    const manifest = await page.evaluate(() => (document.querySelector('link[rel="manifest"]') as HTMLLinkElement).href);
    expect(manifest).toBe(`${server.url}manifest.webmanifest`);

    for (const view of kViewUrls(link.slice(server.url.length))) {
      await test.step(view.name, async () => {
        await page.goto(`${server.url}${view.url}`);
        await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
        await expect(page.getByTestId(view.landmark)).toBeVisible();
        expect(new URL(page.url()).pathname).toBe(kPrefix);
        // Every request of this view has finished before the next address is opened.
        await page.waitForLoadState('networkidle');
      });
    }
    await expect(page.getByTestId('shared-banner')).toHaveCount(0);
    await page.goto(link);
    await expect(page.getByTestId('shared-banner')).toContainText('Shared results');
    await expect(page.getByTestId('bench-table')).toContainText('✓');
    await page.waitForLoadState('networkidle');
    // A run, so the CPU worker's script and the kernels load from the folder too.
    await page.goto(`${server.url}?m=3&k=3&n=3&tile=2&samples=3`);
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    await app.run('run-both');
    await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
    await expect(app.result('naive')).toHaveAttribute('data-status', 'verified');
    expect(failures).toEqual([]);
  });

  test('a newly deployed version is offered by the update prompt; Reload starts it', async ({ page }) => {
    await page.goto(server.url);
    await workerReady(page);
    await page.reload();
    expect(await controlled(page)).toBe(true);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);

    // Deploy a new version: a service worker that differs by one byte is a new version to the browser.
    const { readFile } = await import('node:fs/promises');
    const sw = await readFile('dist/sw.js', 'utf8');
    server.replace('sw.js', `${sw}\n// deployed again\n`);
    await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      await r?.update();
    });
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('newer version');
    // Accessible in light and dark (axe-core: no serious or critical violation inside the prompt).
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const r = await new AxeBuilder({ page }).include('[data-testid="update-prompt"]').analyze();
      expect(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${colorScheme}: ${v.id}`)).toEqual([]);
    }
    // In 简体中文 too.
    await page.getByTestId('lang-zh-CN').click();
    await expect(prompt).toContainText('新版本');
    await page.getByTestId('lang-en').click();

    // Not now: the prompt goes, the new version keeps waiting.
    await page.getByTestId('update-dismiss').click();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);

    // The browser looks again on the next load: the waiting version is offered again; Reload starts it.
    await page.reload();
    await expect(prompt).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('update-reload').click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tiles');
    await expect(prompt).toHaveCount(0);
    const state = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { waiting: r?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(state).toEqual({ waiting: null, controlled: true });
  });
});
