import type { Page, Request } from '@playwright/test';
import { test, expect } from './fixtures';
import { kViewUrls, sampleShareLink } from './views';

/**
 * The first load on a slow link (issue #47): the loading shell of index.html (`app-loading`) until
 * the app mounts, or the reason a load failed; only the language in use fetched; and, after one
 * visit, every view and every language from the service worker's precache with the network off.
 * How fast it is on a slow link is measured, not tested: `npm run bench:load` (README).
 */

/** Each language's catalogue chunk that the page asked for, by language (the build's lang-<id> chunks: vite.config.ts). */
function watchCatalogues(page: Page): Set<string> {
  const langs = new Set<string>();
  page.on('request', (r: Request) => {
    const m = /\/assets\/lang-([\w-]+?)-[\w-]{8}\.js$/.exec(new URL(r.url()).pathname);
    if (m?.[1]) langs.add(m[1]);
  });
  return langs;
}

const workerReady = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.ready).scope);

test('the loading shell names the app in the browser’s language until the app mounts, then is gone', async ({ app, page, browser, baseURL }) => {
  // Hold the app's script back: the page shows the shell, not a white screen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('./', { waitUntil: 'commit' });
  const shell = page.getByTestId('app-loading');
  await expect(shell).toBeVisible();
  await expect(shell).toContainText('Tiles');
  await expect(shell.locator('[data-lang="en"]')).toBeVisible();
  await expect(shell.locator('[data-lang="zh-CN"]')).toBeHidden();
  release();
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('app-loading')).toHaveCount(0);
  await expect(page.getByTestId('run-both')).toBeVisible();
  void app;

  // A browser in Traditional Chinese (Hong Kong) gets the shell's Traditional line.
  const context = await browser.newContext({ locale: 'zh-HK', baseURL });
  const zh = await context.newPage();
  await zh.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await zh.goto('./');
  const zhShell = zh.getByTestId('app-loading');
  await expect(zhShell.locator('[data-lang="zh-TW"]')).toBeHidden(); // the failure replaces the loading line
  await expect(zhShell).toHaveAttribute('data-state', 'failed');
  await expect(zhShell.locator('[data-failed="zh-TW"]')).toBeVisible();
  await expect(zhShell.locator('[data-failed="zh-TW"]')).toContainText('未能載入');
  // The reason names what did not load.
  await expect(zhShell.locator('[data-failed="zh-TW"] span')).toContainText(/assets\/index-[\w-]+\.js/);
  await expect(zh.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await context.close();
});

test('a fresh load with ?lang=zh-TW fetches its own catalogue only; a switch fetches the chosen one', async ({ app, page }) => {
  const langs = watchCatalogues(page);
  await app.open('?lang=zh-TW');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByTestId('run-both')).toHaveText('執行兩個核心程式');
  await page.waitForLoadState('networkidle');
  expect([...langs]).toEqual(['zh-TW']);
  // The switch loads the chosen language then, and only it.
  await page.getByTestId('lang-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('run-both')).toHaveText('Run both');
  expect([...langs].sort()).toEqual(['en', 'zh-TW']);
});

test('the lesson loads neither the rest of the catalogue nor the practice code; the practice view brings both, and a switch there the whole language', async ({ app, page }) => {
  // Every chunk the page asks for, by its name without the hash (vite.config.ts manualChunks, or its module's name).
  const chunks = new Set<string>();
  page.on('request', (r: Request) => {
    const m = /\/assets\/([\w.-]+?)-[\w-]{8}\.js$/.exec(new URL(r.url()).pathname);
    if (m?.[1]) chunks.add(m[1]);
  });
  await app.open('');
  await expect(page.getByTestId('run-both')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect([...chunks].filter((c) => /^(?:more-|exercises$|practice$|PracticeView$|DotView$|Classroom$|figureSvg$|trace$)/.test(c))).toEqual([]);
  expect(chunks).toContain('lang-en');
  // The practice view: its words and its exercises (the starting code in the editor) before it draws.
  await page.getByTestId('nav-practice').click();
  await expect(page.getByTestId('exercise-editor')).toContainText('@compute');
  await expect(page.getByTestId('exercise-run')).toBeEnabled();
  expect(chunks).toContain('more-en');
  expect(chunks).toContain('exercises');
  // A switch on a view beyond the lesson loads the whole of the chosen language.
  await page.getByTestId('lang-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(chunks).toContain('lang-zh-CN');
  expect(chunks).toContain('more-zh-CN');
});

test('after one visit every view opens offline, in every language, all from the precache', async ({ app, page, context }) => {
  test.setTimeout(240_000);
  const share = await sampleShareLink(page);
  await app.open('?samples=3');
  await workerReady(page);
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  const fromNetwork: string[] = [];
  page.on('response', (r) => {
    if (!r.fromServiceWorker()) fromNetwork.push(r.url());
  });
  for (const view of kViewUrls(share)) {
    await test.step(view.name, async () => {
      await page.goto(`./${view.url}`);
      await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
      await expect(page.getByTestId(view.landmark)).toBeVisible();
      await expect(page.getByTestId('app-loading')).toHaveCount(0);
    });
  }
  // The ladder shows its rungs' WGSL (loaded with the view): from the precache too.
  await page.goto('./?view=ladder');
  await expect(page.getByTestId('ladder-run')).toBeVisible();
  // A language never opened online comes from the precache as well.
  for (const lang of ['zh-CN', 'zh-TW'] as const) {
    await page.getByTestId(`lang-${lang}`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  }
  await expect(page.getByTestId('nav-lesson')).toHaveText(/[\u4e00-\u9fff]/);
  // A run offline: the lesson's kernels and the CPU worker from the precache.
  await page.goto('./?m=3&k=3&n=3&tile=2&samples=3&lang=zh-CN');
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('run-both').click();
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await expect(app.result('naive')).toHaveAttribute('data-status', 'verified');
  expect(fromNetwork).toEqual([]);
  await context.setOffline(false);
});
