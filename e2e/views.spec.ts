import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { kDefaultView, kViewList } from '../src/core/views';
import { kViewPages, kViewUrls, sampleShareLink } from './views';

/**
 * Views with their own addresses, the first screen at 1366×768 (nothing scrolled by hand), the
 * header navigation, the skip link, disabled looks, the focus ring, and axe-core on every view.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const ready = (page: Page) => expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');

test('the first screen says what this is, offers the examples and shows Run; the default is the cuda-samples example', async ({ app, page }) => {
  await app.open();
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  await expect(page.locator('.masthead .lead')).toContainText('matrix multiplication on your own GPU');
  await expect(page.getByTestId('preset-cuda-samples')).toBeInViewport();
  await expect(page.getByTestId('preset-cuda-samples')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('run-both')).toBeInViewport();
  // The header names the next action by its button's own label, on every view.
  await expect(page.getByTestId('next-step')).toHaveText('Pick an example, then press “Run both”.');
  await expect(page.getByTestId('nav-lesson')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('input-m')).toHaveValue('48');
  await expect(page.getByTestId('input-k')).toHaveValue('32');
  await expect(page.getByTestId('input-n')).toHaveValue('48');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // No internal jargon: the sources are named; "seed" is only the random seed.
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\bseeds\b|Seed 00\d|the seed:/i);
  await app.goTo('ladder');
  await expect(page.getByTestId('next-step')).toContainText(`“${await page.getByTestId('ladder-run').innerText()}”`);
  await app.goTo('bench');
  await expect(page.getByTestId('next-step')).toContainText(`“${await page.getByTestId('bench-start').innerText()}”`);
});

test('after a run the result and the map are scrolled into view', async ({ app, page }) => {
  await app.open('?m=3&k=3&n=3&tile=2&samples=3');
  await page.getByTestId('run-both').click();
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await expect(app.result('naive')).toHaveAttribute('data-status', 'verified');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // The one-line results, the formula and the whole tile figure (its C grid included) on one screen.
  const summary = page.getByTestId('run-summary');
  await expect(summary).toContainText('verified');
  // Each line's median says its spread, clock and samples (the engineer's figure is whole on this line too).
  await expect(summary).toContainText(/median [\d.,]+ (µs|ms|s), spread \d+% \((GPU timestamps|wall clock), \d+ samples\)/);
  await expect(summary).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('formula')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('tile-cell-1-1')).toBeInViewport({ ratio: 1 });
});

test('after a run, a reader who scrolls away without a wheel, key or pointer event (a scrollbar dragged in Firefox, find-in-page) is not pulled back', async ({ app, page }) => {
  await app.open('?m=3&k=3&n=3&tile=2&samples=3');
  await page.getByTestId('run-both').click();
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await expect(app.result('naive')).toHaveAttribute('data-status', 'verified');
  const summary = page.getByTestId('run-summary');
  await expect(summary).toBeInViewport({ ratio: 1 });
  await expect(summary).toBeFocused();
  const frames = (n: number) => page.evaluate((k) => new Promise<void>((done) => { const f = (i: number) => (i ? requestAnimationFrame(() => f(i - 1)) : done()); f(k); }), n);
  // The reader drags the page back to the top in two steps: scroll events alone, as a scrollbar gives.
  await page.evaluate(() => window.scrollTo(0, window.scrollY / 2));
  await frames(2);
  await page.evaluate(() => window.scrollTo(0, 0));
  await frames(2);
  // Then the page grows (as when the trace arrives late): the app no longer puts the summary back.
  await page.evaluate(() => document.body.append(Object.assign(document.createElement('div'), { style: 'height: 400px' })));
  await frames(3);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('after a run the dot product’s result and the partitions’ measured times come into view (1366×768)', async ({ app, page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await app.open('?view=dot&dotn=64');
  await page.getByTestId('dot-run').click();
  await expect(page.getByTestId('dot-result')).toHaveAttribute('data-status', 'verified');
  await expect(page.getByTestId('dot-result')).toBeInViewport({ ratio: 1 });
  await app.open('?view=partitions&m=16&k=16&n=16&tile=8&samples=3');
  await page.getByTestId('run-strip').click();
  await expect(page.getByTestId('partitions-speed')).toBeVisible();
  // Both rows' medians on screen (they sat under the first screen before).
  for (const id of ['partition-strip', 'partition-tiled']) await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
});

test('practice at 1366×768: Run is on the first screen (its row sticks to the bottom of the window) and the code under it can still be reached', async ({ app, page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await app.open('?view=practice');
  const run = page.getByTestId('exercise-run');
  await expect(run).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(run).toBeInViewport({ ratio: 1 });
  // Scrolled to the end, the row is back in its place under the editor, the help line above it uncovered.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const help = await page.locator('#practice-editor-help').boundingBox();
  const row = await page.locator('.practice-actions').boundingBox();
  expect(help!.y + help!.height).toBeLessThanOrEqual(row!.y + 1);
  await run.click();
  await expect(run).toHaveAttribute('data-runs', '1', { timeout: 60_000 });
});

test('a shared link opens on the shared results: banner, GPU and date, chart, table and "Run the same benchmark here" on the first screen', async ({ app, page }) => {
  const share = await sampleShareLink(page);
  await page.goto(`./${share}`);
  await ready(page);
  const banner = page.getByTestId('shared-banner');
  await expect(banner).toBeInViewport();
  await expect(banner).toContainText('not from this computer');
  await expect(page.getByTestId('shared-run-here')).toBeInViewport();
  // A GPU's link shows its chart and table; a software adapter's (this machine's SwiftShader) draws none of its
  // points, so its figures, the table, come first and the chart after it (issue 35).
  const software = (await page.getByTestId('shared-software').count()) > 0;
  if (!software) await expect(page.getByTestId('bench-chart')).toBeInViewport();
  await expect(page.getByTestId('bench-table')).toBeInViewport();
  await expect(page.getByTestId('nav-shared')).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  void app;
});

test('a damaged link opens on its error, with what to do next, on the first screen', async ({ app }) => {
  await app.open('?sizes=8,12&tile=4#r=r2.AAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  const error = app.page.getByTestId('share-error');
  await expect(error).toBeInViewport();
  await expect(error).toContainText('What you can do');
  await expect(app.page.getByTestId('shared-banner')).toHaveCount(0);
});

test('every view has its address; the navigation is links with aria-current; Back returns; old links keep working', async ({ app, page }) => {
  await app.open('?m=3&k=3&n=3&tile=2');
  // Every view of the list (core/views.ts) from the navigation, the default view last.
  const order = [...kViewList.slice(1), kViewList[0]];
  for (const v of order) {
    await app.goTo(v.id);
    await expect(page.getByTestId(kViewPages[v.id].landmark)).toBeVisible();
    if (v.id !== kDefaultView) await expect(page).toHaveURL(new RegExp(`[?&]view=${v.address}(&|$)`));
    await expect(page).toHaveURL(/m=3&k=3&n=3&tile=2/); // the configuration travels with every view
    await expect(page.locator('[aria-current="page"]')).toHaveCount(1);
  }
  const [twoBack, threeBack] = [order.at(-2)!, order.at(-3)!];
  await page.goBack();
  await expect(page.getByTestId(`nav-${twoBack.id}`)).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page.getByTestId(kViewPages[threeBack.id].landmark)).toBeVisible();
  // Keyboard: a link opens with Enter.
  await page.getByTestId('nav-dot').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dot-run')).toBeVisible();
  // Links are relative (a static host's sub-path works).
  for (const href of await page.locator('.views-nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) expect(href.startsWith('./?')).toBe(true);
  // Old links: ?view=dot&dotn=, ?sizes=, ?m=&k=&n=&tile=, ?view=matmul.
  await app.open('?view=dot&dotn=64');
  await expect(page.getByTestId('dot-n')).toHaveValue('64');
  await app.open('?sizes=64,128,256');
  await expect(page.getByTestId('bench-sizes')).toHaveValue('64,128,256');
  await app.open('?m=5&k=6&n=7&tile=4');
  await expect(page.getByTestId('run-both')).toBeInViewport();
  await app.open('?view=matmul&m=5&k=6&n=7&tile=4');
  await expect(page.getByTestId('nav-lesson')).toHaveAttribute('aria-current', 'page');
});

test('the first Tab stop is a skip link to the main action; Run is a few Tabs in', async ({ app, page }) => {
  await app.open();
  await page.keyboard.press('Tab');
  const skip = page.locator('.skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('run-both')).toBeFocused();
  // On the benchmark the skip link leads to Start sweep.
  await app.open('?sizes=8');
  await expect(page.getByTestId('bench-start')).toBeVisible(); // the benchmark loads when its view opens
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('bench-start')).toBeFocused();
  // On the practice view, below the editor (under the first screen at 1366×768), it leads to Run.
  await app.open('?view=practice');
  await expect(page.getByTestId('exercise-run')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('exercise-run')).toBeFocused();
  await expect(page.getByTestId('exercise-run')).toBeInViewport({ ratio: 1 });
});

test('the skip link followed before the view has loaded hands focus to the main action when it appears', async ({ page }) => {
  // The lesson's kernels load on demand (issue #47): held back, Run both is not there yet when the skip link is followed.
  await page.route('**/assets/wgsl-lesson-*.js', async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
  await page.goto('./');
  // The app has mounted (the masthead is drawn before the view's code arrives).
  await expect(page.locator('.skip-link')).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(page.locator('.skip-link')).toBeFocused();
  expect(await page.getByTestId('run-both').count(), 'Run both is not there yet').toBe(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('run-both')).toBeFocused();
});

/** WCAG contrast ratio of two CSS colours (rgb()/rgba() as computed). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((x) => Number(x) / 255);
    const f = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(bl!);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test('the focus ring has at least 3:1 contrast on its background, in light, dark and classroom; disabled controls look disabled', async ({ app, page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await app.open('?sizes=8');
    const start = page.getByTestId('bench-start');
    await start.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab'); // keyboard focus, so :focus-visible applies
    await expect(start).toBeFocused();
    const ring = await start.evaluate((el) => {
      const s = getComputedStyle(el);
      const bg = getComputedStyle(el.closest('.panel') ?? document.body).backgroundColor;
      return { outline: s.outlineColor, width: s.outlineWidth, shadow: s.boxShadow, bg };
    });
    expect(ring.width).toBe('3px');
    const outer = ring.shadow.match(/rgba?\([^)]*\)/)?.[0] ?? '';
    // One of the two rings stands out from the panel behind it.
    expect(Math.max(contrast(ring.outline, ring.bg), contrast(outer, ring.bg)), `${scheme}: ${JSON.stringify(ring)}`).toBeGreaterThanOrEqual(3);
    // Cancel while nothing runs: disabled, and it looks it.
    const cancel = page.getByTestId('bench-cancel');
    await expect(cancel).toBeDisabled();
    const look = await cancel.evaluate((el) => ({ opacity: Number(getComputedStyle(el).opacity), cursor: getComputedStyle(el).cursor }));
    expect(look.opacity).toBeLessThan(0.6);
    expect(look.cursor).toBe('not-allowed');
  }
  // Classroom mode (black background): the rings take its colours.
  await page.emulateMedia({ colorScheme: 'light' });
  await app.open('?m=3&k=3&n=3&tile=2');
  await page.getByTestId('classroom-toggle').click();
  const stage = page.locator('[data-classroom="true"]');
  await expect(stage).toBeVisible();
  const cls = await stage.evaluate((el) => {
    const s = getComputedStyle(el);
    const probe = document.createElement('span');
    el.appendChild(probe);
    const colour = (v: string) => {
      probe.style.color = v;
      return getComputedStyle(probe).color;
    };
    // The classroom ring is one colour (--focus); a two-colour ring would set --focus-inner/--focus-outer.
    const inner = colour(s.getPropertyValue('--focus-inner') || s.getPropertyValue('--focus'));
    const outer = colour(s.getPropertyValue('--focus-outer') || s.getPropertyValue('--focus'));
    probe.remove();
    let bgEl: Element | null = el;
    let bg = 'rgba(0, 0, 0, 0)';
    while (bgEl && /rgba\(0, 0, 0, 0\)|transparent/.test(bg)) {
      bg = getComputedStyle(bgEl).backgroundColor;
      bgEl = bgEl.parentElement;
    }
    return { inner, outer, bg };
  });
  expect(Math.max(contrast(cls.inner, cls.bg), contrast(cls.outer, cls.bg)), JSON.stringify(cls)).toBeGreaterThanOrEqual(3);
});

/** axe-core's rules that judge colours (contrast, links told apart by colour): the ones a dark scheme can fail on its own. */
const kColourRules = ['color-contrast', 'link-in-text-block'] as const;

test('axe-core finds no serious or critical violation on any view', async ({ app, page }) => {
  test.setTimeout(240_000);
  const share = await sampleShareLink(page);
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const v of kViewUrls(share)) {
      await page.goto(`./${v.url}`);
      await ready(page);
      await expect(page.getByTestId(v.landmark).first()).toBeVisible();
      // Light: every rule. Dark: the rules whose verdict depends on the colours (the rest read the
      // document's structure, names and roles, which the colour scheme does not change).
      const axe = new AxeBuilder({ page });
      const r = await (scheme === 'light' ? axe : axe.withRules([...kColourRules])).analyze();
      for (const x of r.violations) {
        if (x.impact === 'serious' || x.impact === 'critical') found.push(`${scheme} ${v.name}: ${x.id} (${x.impact}) — ${x.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      }
    }
  }
  // After a run (results, map and stepper on screen).
  await page.emulateMedia({ colorScheme: 'light' });
  await app.open('?m=3&k=3&n=3&tile=2&samples=3');
  await page.getByTestId('run-both').click();
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await expect(page.getByTestId('tile-map')).toHaveAttribute('data-trace-status', 'done');
  const r = await new AxeBuilder({ page }).analyze();
  for (const x of r.violations) if (x.impact === 'serious' || x.impact === 'critical') found.push(`after a run: ${x.id} (${x.impact}) — ${x.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(found).toEqual([]);
});

test('on invalid sizes the partitions keep their panel and Run, and say what to fix (issue #26)', async ({ app, page }) => {
  await app.open('?view=partitions');
  await expect(page.getByTestId('partitions')).toHaveAttribute('data-valid', 'true');
  await page.getByTestId('input-m').fill('0');
  const panel = page.getByTestId('partitions');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-valid', 'false');
  await expect(page.getByTestId('partitions-error')).toContainText('Nothing to draw or run until the problem above is fixed');
  await expect(page.getByTestId('partitions-error')).toContainText('M');
  await expect(page.getByTestId('run-strip')).toBeVisible();
  await page.getByTestId('run-strip').click();
  await expect(page.getByTestId('error-message')).toContainText('Nothing ran');
  // Fixed, the figures come back.
  await page.getByTestId('input-m').fill('32');
  await expect(panel).toHaveAttribute('data-valid', 'true');
  await expect(page.getByTestId('strip-map')).toBeVisible();
});
