import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { kSimplifiedOnly } from '../src/i18n/hanScripts';
import { common } from '../src/i18n/locales/zh-TW/common';
import { viz } from '../src/i18n/locales/zh-TW/viz';
import { kLanguageList } from '../src/core/languages';
import { kViewPages, kViewUrls, sampleShareLink, type ViewPage } from './views';

/**
 * 繁體中文 (zh-TW, issue #37): every view opened with ?lang=zh-TW reads in Traditional characters
 * (no English phrase, no Simplified-only character in what the page shows), <html lang> says so,
 * a Hong Kong browser gets it by default, the switch names the three languages in their own
 * scripts and works from the keyboard, and the exported figures are in zh-TW. Screenshots of every
 * view at 1366×768 and 1920×1080 go to test-results/zh-TW/ (classroom mode: classroom.spec.ts).
 */

const kHan = /\p{Script=Han}/u;
const kPhrase = /[A-Za-z]{2,}[ ,]+[a-z]{2,}/;

/** The page's visible text, the language switch left out (it names 简体中文 in its own script). */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [document.title];
    for (const e of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (e.closest('.lang-switch') || e.getClientRects().length === 0) continue;
      for (const n of Array.from(e.childNodes)) if (n.nodeType === Node.TEXT_NODE) parts.push(n.textContent ?? '');
      for (const a of ['aria-label', 'title', 'placeholder']) if (e.hasAttribute(a)) parts.push(e.getAttribute(a) ?? '');
    }
    return parts.join('\n');
  });
}

/** Headings, buttons, labels, table headers, legends, summaries, paragraphs and aria-labels that hold an English phrase and no Chinese. */
async function englishPhrases(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    for (const e of Array.from(document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, button, label, th, legend, summary, [role="tab"], option, p, li, td, figcaption'))) {
      // The switch names each language in its own script, and the glossary's English column is English on purpose.
      if (e.closest('.lang-switch, [lang="en"]') || e.closest('pre, code, .cm-editor') || e.getClientRects().length === 0) continue;
      // Code (the glossary's CUDA and WGSL spellings, key names) is the same in every language.
      const c = e.cloneNode(true) as HTMLElement;
      c.querySelectorAll('code, pre, kbd, [lang="en"]').forEach((x) => x.remove());
      const text = (c.textContent ?? '').trim();
      if (text) out.push(text);
    }
    for (const e of Array.from(document.querySelectorAll('[aria-label]'))) if (!e.closest('.lang-switch, [lang="en"]')) out.push(e.getAttribute('aria-label') ?? '');
    return out;
  });
  return texts.filter((s) => kPhrase.test(s) && !kHan.test(s));
}

const simplifiedIn = (text: string) => [...new Set([...text].filter((ch) => kSimplifiedOnly.includes(ch)))];

async function ready(page: Page) {
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
}

test.describe('every view in 繁體中文 (?lang=zh-TW)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1366, height: 768 } });
  let share = '';
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ locale: 'en-US' });
    share = await sampleShareLink(page);
    await page.close();
  });
  for (const v of kViewUrls('SHARE')) {
    test(`${v.name} reads in Traditional characters; screenshots at 1366×768 and 1920×1080`, async ({ page }) => {
      const page_: ViewPage | undefined = (kViewPages as Record<string, ViewPage>)[v.name];
      const url = v.url.startsWith('SHARE') ? (page_?.fromShare?.(share) ?? share) : v.url;
      const [query, hash] = url.split('#');
      const sep = query && query.startsWith('?') ? '&' : '?';
      await page.goto(`./${query ?? ''}${sep}lang=zh-TW${hash ? `#${hash}` : ''}`);
      await ready(page);
      await expect(page.getByTestId(v.landmark)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
      await expect(page.getByTestId('lang-zh-TW')).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveTitle(common.app.documentTitle);
      expect(await englishPhrases(page), 'English phrases without Chinese').toEqual([]);
      const text = await visibleText(page);
      expect(simplifiedIn(text), 'Simplified-only characters').toEqual([]);
      expect((text.match(/\p{Script=Han}/gu) ?? []).length, 'Chinese on the page').toBeGreaterThan(20);
      for (const [w, h] of [
        [1366, 768],
        [1920, 1080],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        // Nothing wider than the window: the longer or shorter words still fit the layout.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `no horizontal scroll at ${w}`).toBe(true);
        await page.screenshot({ path: `test-results/zh-TW/${v.name}-${w}.png`, fullPage: true });
      }
    });
  }
});

test('the lesson after a run, its glossary open, reads in Traditional characters and names the mainland terms of the sources', async ({ app, page }) => {
  await app.open('?m=48&k=32&n=48&tile=16&samples=3&lang=zh-TW');
  await app.run('run-both');
  await expect(app.result('naive')).toHaveAttribute('data-status', 'verified');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await app.tileMap.expectRecorded('gpu');
  // No space after a full-width stop or comma: the card's sentences and its ⚠ marks are set off as Chinese sets them (sentenceGap).
  for (const id of ['naive', 'tiled'] as const) expect(await app.result(id).innerText(), `${id}'s card`).not.toMatch(/[。，：；！？] |\p{Script=Han}\. /u);
  await expect(app.result('tiled').getByTestId('point-software')).toBeVisible();
  await page.getByTestId('glossary-link').click();
  await expect(page.getByTestId('glossary')).toHaveAttribute('open', '');
  const glossary = page.getByTestId('glossary');
  await expect(glossary.locator('tr[data-term="kernel"]')).toContainText(common.glossary.term.kernel);
  await expect(glossary.locator('tr[data-term="kernel"]')).toContainText('kernel');
  await expect(glossary.locator('tr[data-term="thread"]')).toContainText('大陸：線程');
  expect(await englishPhrases(page)).toEqual([]);
  expect(simplifiedIn(await visibleText(page))).toEqual([]);
  await expect(app.tileMap.label).toContainText(viz.steps.label.replace('{{phase}}', '1').replace('{{phases}}', '2').split('·')[0]!.trim());
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: 'test-results/zh-TW/lesson-run-1366.png', fullPage: true });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: 'test-results/zh-TW/lesson-run-1920.png', fullPage: true });
});

test.describe('a browser whose language is zh-HK', () => {
  test.use({ locale: 'zh-HK' });
  test('opens in 繁體中文 with no ?lang=', async ({ app, page }) => {
    await app.open();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(page.getByTestId('lang-zh-TW')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('nav-lesson')).toHaveText(common.view.lesson);
  });
});

test('the switch lists the three languages, each in its own script, and works from the keyboard', async ({ app, page }) => {
  await app.open('?lang=en');
  const buttons = page.locator('.lang-switch button');
  await expect(buttons).toHaveText(kLanguageList.map((l) => l.name));
  expect(kLanguageList.map((l) => l.name)).toEqual(['English', '简体中文', '繁體中文']);
  for (const l of kLanguageList) await expect(page.getByTestId(`lang-${l.id}`)).toHaveAttribute('lang', l.id);
  // Tab to it and press Enter: the page is in 繁體中文, the link asks for it, focus stays on the switch.
  await page.getByTestId('lang-zh-CN').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('lang-zh-TW')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page).toHaveURL(/[?&]lang=zh-TW(&|$)/);
  await expect(page.getByTestId('lang-zh-TW')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('nav-lesson')).toHaveText(common.view.lesson);
  // Space on 简体中文 switches to it; the 繁體中文 choice was remembered until then.
  await page.goto('./');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await page.getByTestId('lang-zh-CN').focus();
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('?lang=zh-TW exports its figures in 繁體中文', async ({ app }) => {
  const { page } = app;
  await app.open('?lang=zh-TW');
  await app.run('run-tiled');
  await app.tileMap.expectRecorded('gpu');
  await expect(page.getByTestId('export-map-svg')).toHaveText(viz.export.mapSvg);
  const save = async (id: string) => {
    const download = page.waitForEvent('download');
    await page.getByTestId(id).click();
    const d = await download;
    const { readFileSync } = await import('node:fs');
    return readFileSync(await d.path()).toString('utf8');
  };
  const map = await save('export-map-svg');
  expect(map).toContain('哪個工作群組計算哪個 C 塊');
  expect(map).toContain('C33 = A31·B13 + A32·B23');
  expect(map).not.toContain('Which workgroup');
  expect(simplifiedIn(map)).toEqual([]);
  const phase = await save('export-phase-svg');
  expect(phase).toContain('工作群組 (2, 2) 內部');
  expect(phase).toContain('工作群組記憶體');
  expect(simplifiedIn(phase)).toEqual([]);
});
