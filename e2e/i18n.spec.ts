import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { TileMapPage } from './pages/tileMap';
import { kViewPages, kViewUrls, sampleShareLink, type ViewPage } from './views';

/**
 * The app in 简体中文 and English: a link's ?lang=, the browser's locale, the header switch (kept
 * run and selection, remembered), <html lang>. "Reads in Chinese" is checked element by element:
 * every visible heading, button, label, table header, legend, summary and aria-label that holds an
 * English phrase (two words or more) must also hold Chinese characters — proper names and
 * notation (cuBLAS, WGSL, C[1,1], 48×32×48) are not phrases and may stay as they are.
 */

const kHan = /\p{Script=Han}/u;
const kPhrase = /[A-Za-z]{2,}[ ,]+[a-z]{2,}/;

/** What people read on the page: visible element texts of the kinds above, and every aria-label. */
async function readables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (e: Element) => {
      const r = (e as HTMLElement).getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    for (const e of document.querySelectorAll('h1, h2, h3, h4, button, label, th, legend, summary, [role="tab"], option, p')) {
      if (e.closest('.lang-switch') || !visible(e)) continue;
      const text = (e as HTMLElement).innerText.trim();
      if (text) out.push(text);
    }
    for (const e of document.querySelectorAll('[aria-label]')) {
      if (e.closest('.lang-switch')) continue;
      out.push(e.getAttribute('aria-label') ?? '');
    }
    return out;
  });
}

async function ready(page: Page) {
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
}

test.describe('every view in 简体中文 (?lang=zh-CN)', () => {
  test.describe.configure({ mode: 'serial' });
  let share = '';
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ locale: 'en-US' });
    share = await sampleShareLink(page);
    await page.close();
  });
  for (const v of kViewUrls('SHARE')) {
    test(`${v.name} reads in Chinese`, async ({ app, page }) => {
      // A view opened by a fragment gets its example from the real link (the comparison: the link twice).
      const page_: ViewPage | undefined = (kViewPages as Record<string, ViewPage>)[v.name];
      const url = v.url.startsWith('SHARE') ? (page_?.fromShare?.(share) ?? share) : v.url;
      const [query, hash] = url.split('#');
      const sep = query && query.startsWith('?') ? '&' : '?';
      await page.goto(`./${query ?? ''}${sep}lang=zh-CN${hash ? `#${hash}` : ''}`);
      await ready(page);
      await expect(page.getByTestId(v.landmark)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(page.getByTestId('lang-zh-CN')).toHaveAttribute('aria-pressed', 'true');
      const texts = await readables(page);
      const english = texts.filter((s) => kPhrase.test(s) && !kHan.test(s));
      expect(english, 'English phrases without Chinese on this view').toEqual([]);
      expect(texts.filter((s) => kHan.test(s)).length, 'Chinese headings, buttons and labels').toBeGreaterThan(5);
      // Accessible in Chinese too (longer or shorter words, the page's language declared).
      const axe = await new AxeBuilder({ page }).analyze();
      const serious = axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical');
      expect(serious.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
      void app;
    });
  }
});

test.describe('a browser whose language is 简体中文', () => {
  test.use({ locale: 'zh-CN' });
  test('opens in Chinese with no ?lang= and sets <html lang>', async ({ app, page }) => {
    await app.open();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('nav-lesson')).toContainText(kHan);
    await expect(page.getByTestId('run-both')).toContainText(kHan);
    // A link that asks for English is read in English all the same.
    await page.goto('./?lang=en');
    await ready(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('nav-lesson')).toHaveText('Lesson');
  });
});

test('?lang=en shows no Chinese (but the switch’s own name for Chinese)', async ({ app, page }) => {
  for (const url of ['?lang=en', '?view=ladder&lang=en', '?view=dot&lang=en', '?view=partitions&lang=en', '?sizes=8,12&lang=en']) {
    await app.open(url);
    const text = await page.evaluate(() => {
      const clone = document.body.cloneNode(true) as HTMLElement;
      clone.querySelectorAll('.lang-switch').forEach((e) => e.remove());
      return clone.textContent ?? '';
    });
    expect(text.match(/\p{Script=Han}+/gu) ?? [], url).toEqual([]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
});

test('switching the language keeps the run, the results and the selection, and is remembered', async ({ app, page }) => {
  const map = new TileMapPage(page);
  await app.open('?m=48&k=32&n=48&tile=16&samples=3&lang=en');
  await app.run('run-both');
  await expect(app.result('naive')).toHaveAttribute('data-status', 'verified');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await map.expectRecorded();
  await map.select(1, 2);
  await map.next(2);
  const label = await map.label.textContent();
  const seq = await app.result('tiled').getAttribute('data-run');

  await page.getByTestId('lang-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page).toHaveURL(/[?&]lang=zh-CN(&|$)/);
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await expect(app.result('naive')).toHaveAttribute('data-status', 'verified');
  if (seq !== null) await expect(app.result('tiled')).toHaveAttribute('data-run', seq);
  await expect(map.cell(1, 2)).toHaveAttribute('aria-selected', 'true');
  await expect(map.label).not.toHaveText(label ?? '');
  await expect(map.label).toContainText(kHan);
  await expect(app.result('tiled')).toContainText(kHan);
  await expect(page.getByTestId('input-m')).toHaveValue('48');

  // Remembered: the next visit without ?lang= opens in Chinese; switching back is remembered too.
  await page.goto('./');
  await ready(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByTestId('lang-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('./');
  await ready(page);
  await expect(page.getByTestId('nav-lesson')).toHaveText('Lesson');
});

test('what a run recorded follows a switch: how C was checked, with the boundary tests off', async ({ app, page }) => {
  await app.open('?m=3&k=3&n=3&tile=2&pattern=integers&lang=en');
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await app.tileMap.setBounds(false);
  const summary = page.getByTestId('bounds-off-summary');
  await expect(summary).toContainText('all 9 elements of C checked');
  await page.getByTestId('lang-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // The whole sentence, the part the run recorded (which elements were checked) included.
  await expect(summary).toContainText('已检查 C 的全部 9 个元素');
  await expect(summary).not.toContainText('checked');
});

test('the estimate before a big run names its kernels in the language in use, also after a switch', async ({ page }) => {
  await page.goto('./?m=1024&k=1024&n=1024&tile=16&samples=3&lang=en');
  await ready(page);
  await page.getByTestId('run-both').click();
  const estimate = page.getByTestId('run-estimate');
  await expect(estimate).toHaveAttribute('data-asking', 'true');
  await expect(estimate).toContainText('Naive:');
  await page.getByTestId('lang-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(estimate).toContainText('朴素');
  await expect(estimate).not.toContainText('Naive');
  await expect(estimate).not.toContainText('Tiled');
  await page.getByTestId('estimate-cancel').click();
  await expect(estimate).not.toHaveAttribute('data-asking', 'true');
});
