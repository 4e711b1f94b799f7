import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { viz as vizZhCN } from '../src/i18n/locales/zh-CN/viz';
import { viz as vizZhTW } from '../src/i18n/locales/zh-TW/viz';
import { kSimplifiedOnly } from '../src/i18n/hanScripts';

/**
 * Classroom mode is a presentation: at 1366×768 (and 1920×1080) the formula, the map and the
 * stepper's current phase are on one screen with nothing scrolled by hand, no text is under 18 px,
 * and the keys do what the hint on screen says wherever focus is.
 */

/** The smallest font size of any visible text in the page, and where it is. */
async function smallestText(page: Page): Promise<{ px: number; where: string }> {
  return page.evaluate(() => {
    let px = Infinity;
    let where = '';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const hasText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (!hasText || el.getClientRects().length === 0) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < px) {
        px = size;
        where = `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      }
    }
    return { px, where };
  });
}

async function enterClassroom(page: Page): Promise<void> {
  await page.getByTestId('classroom-toggle').click();
  await expect(page.locator('main')).toHaveAttribute('data-classroom', 'true');
}

const fontPx = (page: Page, id: string) => page.getByTestId(id).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

test.describe('at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the formula, the map and the current phase are on one screen; →, Space and Esc do what the hint says with focus anywhere', async ({ app }) => {
    const page = app.page;
    await app.open('?m=48&k=32&n=48&tile=16'); // cuda-samples: 3×3 C blocks, two phases
    await app.run('run-tiled');
    await app.tileMap.expectRecorded('gpu');
    // Scrolled down the page before entering: the presentation still starts on one screen.
    await page.getByTestId('classroom-toggle').scrollIntoViewIfNeeded();
    await enterClassroom(page);

    for (const id of ['classroom-toggle', 'formula', 'phase-label', 'tile-cell-2-2', 'phase-next', 'key-hint']) {
      await expect(page.getByTestId(id), id).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
    // The map grows into the space: a C tile at least as large as the page's largest (96 px). (Since the
    // multiply step's strips share the screen, 1366×768 in English gives exactly 96.)
    const cell = await page.getByTestId('tile-cell-2-2').boundingBox();
    expect(cell!.width).toBeGreaterThanOrEqual(96);

    // The hint names exactly these keys.
    const hint = page.getByTestId('key-hint');
    await expect(hint).toHaveAttribute('data-mode', 'classroom');
    for (const k of ['← / →', 'Space', 'W A S D', 'F', 'Esc']) await expect(hint.locator('kbd', { hasText: k }).first()).toBeVisible();

    await test.step('focus on a button (the toggle, focused on entry): → steps, Space plays without pressing it', async () => {
      await expect(page.getByTestId('classroom-toggle')).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(app.tileMap.label).toContainText('Phase 1 of 2 · step 2 of 4');
      await page.keyboard.press(' ');
      await expect(page.getByTestId('phase-play')).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press(' ');
      await expect(page.getByTestId('phase-play')).toHaveAttribute('aria-pressed', 'false');
      await expect(page.locator('main')).toHaveAttribute('data-classroom', 'true'); // the focused toggle was not pressed
    });

    await test.step('focus on the body', async () => {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await app.tileMap.goTo(0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(app.tileMap.label).toContainText('step 3 of 4');
      await page.keyboard.press('ArrowLeft');
      await expect(app.tileMap.label).toContainText('step 2 of 4');
      await page.keyboard.press(' ');
      await expect(page.getByTestId('phase-play')).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press(' ');
      await expect(page.getByTestId('phase-play')).toHaveAttribute('aria-pressed', 'false');
    });

    await test.step('focus on the C grid: → steps (the tile stays), W A S D move the tile', async () => {
      await app.tileMap.goTo(0);
      await app.tileMap.select(2, 2);
      await page.getByRole('grid', { name: /C tiles/ }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(app.tileMap.label).toContainText('step 2 of 4');
      await expect(app.tileMap.cell(2, 2)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('a');
      await expect(app.tileMap.formula).toHaveText('C32 = A31·B12 + A32·B22');
      await page.keyboard.press('w');
      await expect(app.tileMap.formula).toHaveText('C22 = A21·B12 + A22·B22');
      await page.keyboard.press('d');
      await page.keyboard.press('s');
      await expect(app.tileMap.cell(2, 2)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press(' ');
      await expect(page.getByTestId('phase-play')).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press(' ');
      await expect(page.getByTestId('phase-play')).toHaveAttribute('aria-pressed', 'false');
    });

    await test.step('a text field keeps its keys', async () => {
      await page.getByTestId('lane-row').focus();
      const before = await app.tileMap.label.textContent();
      await page.keyboard.press('ArrowRight');
      await expect(app.tileMap.label).toHaveText(before ?? '');
    });

    await test.step('Esc leaves, back to the page with its toggle in view and focused', async () => {
      await page.getByRole('grid', { name: /C tiles/ }).focus();
      await page.keyboard.press('Escape');
      await expect(page.locator('main')).toHaveAttribute('data-classroom', 'false');
      await expect(page.getByTestId('classroom-toggle')).toBeInViewport();
      await expect(page.getByTestId('classroom-toggle')).toBeFocused();
    });
  });

  test('one type scale: nothing under 18 px, the phase label at least as large as the captions; screenshots', async ({ app }, testInfo) => {
    const page = app.page;
    await app.open('?m=48&k=32&n=48&tile=16');
    await app.run('run-tiled');
    await app.tileMap.expectRecorded('gpu');
    await app.tileMap.map.screenshot({ path: 'test-results/tile-map-page-1366.png' });
    await enterClassroom(page);
    await expect(app.tileMap.cell(2, 2)).toBeVisible();
    const small = await smallestText(page);
    console.log(`classroom 1366: smallest text ${small.px}px at ${small.where}`);
    testInfo.annotations.push({ type: 'smallest text at 1366', description: `${small.px}px (${small.where})` });
    expect(small.px, small.where).toBeGreaterThanOrEqual(18);
    const label = await fontPx(page, 'phase-label');
    const caption = await page.locator('figcaption').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(label).toBeGreaterThanOrEqual(caption);
    expect(await fontPx(page, 'formula')).toBeGreaterThan(label);
    await page.screenshot({ path: testInfo.outputPath('classroom-1366-cuda-samples.png') });
    await page.screenshot({ path: 'test-results/classroom-1366-cuda-samples.png' });

    // The PMPP lesson with the boundary tests off: out-of-range lanes and the stand-in value.
    await page.getByTestId('classroom-preset-pmpp').click();
    await expect(app.tileMap.map).toHaveAttribute('data-tiles-x', '2');
    await app.tileMap.expectRecorded('gpu');
    await app.tileMap.select(0, 0);
    await app.tileMap.goTo(4);
    await expect(app.tileMap.lane('a', 0, 1)).toHaveAttribute('data-oob', 'true');
    await page.screenshot({ path: 'test-results/classroom-1366-pmpp-bounds-on.png' });
    await app.tileMap.setBounds(false);
    await expect(page.getByTestId('bounds-off-summary')).toContainText('Reads past the end of A or B get 9: the stand-in');
    await expect(app.tileMap.lane('a', 0, 1)).toHaveAttribute('data-index', '3');
    for (const id of ['formula', 'phase-label']) await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
    const small2 = await smallestText(page);
    expect(small2.px, small2.where).toBeGreaterThanOrEqual(18);
    await page.screenshot({ path: 'test-results/classroom-1366-pmpp-bounds-off.png' });
  });
});

test.describe('at 1920×1080', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('the presentation fills the screen and the map grows; screenshot', async ({ app }) => {
    const page = app.page;
    await app.open('?m=48&k=32&n=48&tile=16');
    await app.run('run-tiled');
    await app.tileMap.expectRecorded('gpu');
    await enterClassroom(page);
    for (const id of ['classroom-toggle', 'formula', 'phase-label', 'tile-cell-2-2', 'key-hint', 'classroom-fullscreen']) {
      await expect(page.getByTestId(id), id).toBeInViewport({ ratio: 1 });
    }
    const cell = await page.getByTestId('tile-cell-2-2').boundingBox();
    expect(cell!.width).toBeGreaterThan(120);
    const small = await smallestText(page);
    expect(small.px, small.where).toBeGreaterThanOrEqual(18);
    await page.screenshot({ path: 'test-results/classroom-1920-cuda-samples.png' });
    // F (and the button) ask the browser for fullscreen through the Fullscreen API; F again leaves it.
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? 'none')).toBe('MAIN');
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? 'none')).toBe('none');
    await page.getByTestId('classroom-fullscreen').click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? 'none')).toBe('MAIN');
    await page.getByTestId('classroom-fullscreen').click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? 'none')).toBe('none');
    await page.getByTestId('classroom-preset-pmpp').click();
    await expect(app.tileMap.map).toHaveAttribute('data-tiles-x', '2');
    await app.tileMap.expectRecorded('gpu');
    await page.screenshot({ path: 'test-results/classroom-1920-pmpp.png' });
  });
});

/** Elements of the presentation whose text runs out of their box or off the screen (with where). */
/**
 * Nothing cut once the layout has settled: the lanes fit their font to the box they measure after
 * layout (a frame or more after a language switch or a resize, more under load), so the check waits
 * for that fit (issue #50: it failed once, read in the frame before the re-fit); an overflow that stays fails.
 */
async function expectNothingCut(page: Page): Promise<void> {
  await expect.poll(() => overflowing(page), { timeout: 10_000 }).toEqual([]);
}

async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      if (el.getClientRects().length === 0) continue;
      const r = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      if (r.right > window.innerWidth + 1 || r.bottom > window.innerHeight + 1) out.push(`off screen: ${name}`);
      const display = getComputedStyle(el).display;
      if (display !== 'inline' && display !== 'contents' && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) && getComputedStyle(el).overflow !== 'auto') {
        out.push(`overflows its box: ${name}`);
      }
    }
    return out;
  });
}

/** The Chinese catalogues' words the presentation is checked for. */
const kChinese = [
  { lang: 'zh-CN', name: '简体中文', viz: vizZhCN },
  { lang: 'zh-TW', name: '繁體中文', viz: vizZhTW },
] as const;

for (const [width, height] of [
  [1366, 768],
  [1920, 1080],
] as const) for (const { lang, name, viz } of kChinese) {
  test.describe(`in ${name} at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('the presentation reads in Chinese, fits the screen with nothing over its box, and switches language in place; screenshot', async ({ app }) => {
      const page = app.page;
      await app.open(`?m=48&k=32&n=48&tile=16&lang=${lang}`);
      await app.run('run-tiled');
      await app.tileMap.expectRecorded('gpu');
      await enterClassroom(page);
      await expect(page.getByTestId('classroom-toggle')).toHaveText(viz.classroom.leave);
      await expect(app.tileMap.label).toContainText(viz.steps.label.replace('{{phase}}', '1').replace('{{phases}}', '2').split('·')[0]!.trim());
      await expect(page.getByTestId('key-hint')).toContainText(viz.keys.move);
      await expect(page.getByTestId('key-hint').locator('kbd', { hasText: viz.keys.space })).toBeVisible();
      for (const id of ['classroom-toggle', 'formula', 'phase-label', 'tile-cell-2-2', 'phase-next', 'key-hint', 'lang-en', `lang-${lang}`]) {
        await expect(page.getByTestId(id), id).toBeInViewport({ ratio: 1 });
      }
      expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
      await expectNothingCut(page);
      const small = await smallestText(page);
      expect(small.px, small.where).toBeGreaterThanOrEqual(18);
      // No English sentence left on the presentation (kernel names, A[i][j] and key names aside).
      const words = (await page.locator('main').innerText()).replace('cuda-samples matrixMul', '');
      expect(words.match(/[A-Za-z]{3,} [a-z]{3,}/g) ?? []).toEqual([]);
      // 繁體中文 readers meet no Simplified-only character.
      if (lang === 'zh-TW') {
        const shown = await page.locator('main').evaluate((m) => {
          const c = m.cloneNode(true) as HTMLElement;
          c.querySelectorAll('.lang-switch').forEach((e) => e.remove()); // it names 简体中文 in its own script
          return c.textContent ?? '';
        });
        expect([...shown].filter((ch) => kSimplifiedOnly.includes(ch))).toEqual([]);
      }
      await page.screenshot({ path: `test-results/classroom-${lang}-${width}-cuda-samples.png` });
      // The teacher switches language there: the presentation stays, in English now.
      await page.getByTestId('lang-en').click();
      await expect(page.locator('main')).toHaveAttribute('data-classroom', 'true');
      await expect(page.getByTestId('classroom-toggle')).toHaveText('Leave (Esc)');
      await expect(app.tileMap.label).toContainText('Phase 1 of 2 · step 1 of 4');
      await page.getByTestId(`lang-${lang}`).click();
      await expect(page.getByTestId('classroom-toggle')).toHaveText(viz.classroom.leave);
    });
  });
}

test.describe('the dot product at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('classroom mode of the reduction: → and Space step and play with focus on the slider, the speed menu and a button; nothing moves, nothing cut', async ({ app }) => {
    const page = app.page;
    await app.open('?view=dot&dotn=64');
    await app.dot.set({ workgroupSize: 32, maxWorkgroups: 1 });
    expect(await app.dot.run()).toBe('verified');
    // On the page: ← / → step (Space keeps its meaning there).
    await page.getByTestId('dot-step-next').focus();
    await page.keyboard.press('ArrowRight');
    await expect(app.dot.stepLabel).toContainText('Step 1 of 5');
    await page.getByTestId('classroom-toggle').click();
    await expect(page.locator('main')).toHaveAttribute('data-classroom', 'true');
    await expect(page.getByTestId('classroom-toggle')).toBeFocused();
    const hint = page.getByTestId('key-hint');
    for (const k of ['← / →', 'Space', 'F', 'Esc']) await expect(hint.locator('kbd', { hasText: k }).first()).toBeVisible();
    await expect(hint.locator('kbd', { hasText: 'W A S D' })).toHaveCount(0); // nothing to move here
    await expect(app.dot.stepLabel).toContainText('Step 1 of 5');
    for (const id of ['classroom-toggle', 'dot-formula', 'dot-step-label', 'dot-cell-31', 'dot-step-next', 'key-hint']) {
      await expect(page.getByTestId(id), id).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
    await expectNothingCut(page);
    const small = await smallestText(page);
    expect(small.px, small.where).toBeGreaterThanOrEqual(18);

    const boxes = () =>
      page.evaluate(() =>
        ['dot-formula', 'dot-step-label', 'dot-classroom-lanes', 'dot-cell-0', 'dot-cell-31', 'dot-step-next', 'key-hint'].map((id) => {
          const r = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
          return `${id} ${r.x} ${r.y} ${r.width} ${r.height}`;
        }),
      );
    const play = page.getByTestId('dot-play');
    for (const id of ['dot-slider', 'dot-speed', 'dot-step-prev'] as const) {
      await test.step(`focus on ${id}: → and ← step, Space plays and pauses`, async () => {
        await page.getByTestId(id).focus();
        const before = await boxes();
        await page.keyboard.press('ArrowRight');
        await expect(app.dot.stepLabel).toContainText('Step 2 of 5');
        await expect(app.dot.activeCells()).toHaveCount(8);
        expect(await boxes(), 'no box moves between steps').toEqual(before);
        await page.keyboard.press('ArrowLeft');
        await expect(app.dot.stepLabel).toContainText('Step 1 of 5');
        await expect(page.getByTestId('dot-speed')).toHaveValue('1000'); // the menu did not take the arrows
        await page.keyboard.press(' ');
        await expect(play).toHaveAttribute('aria-pressed', 'true');
        await expect(app.dot.stepLabel).toContainText('Step 2 of 5'); // it plays on by itself
        await page.keyboard.press(' ');
        await expect(play).toHaveAttribute('aria-pressed', 'false');
        await expect(page.locator('main')).toHaveAttribute('data-classroom', 'true'); // no button was pressed
        // Back to step 1 for the next control.
        for (let i = 0; i < 4 && !((await app.dot.stepLabel.textContent()) ?? '').includes('Step 1 of 5'); i++) await app.dot.prev();
        await expect(app.dot.stepLabel).toContainText('Step 1 of 5');
      });
    }
    await test.step('a text field (the workgroup) keeps its keys', async () => {
      await page.getByTestId('dot-workgroup').focus();
      await page.keyboard.press('ArrowRight');
      await expect(app.dot.stepLabel).toContainText('Step 1 of 5');
    });
    await test.step('in 简体中文 too nothing is cut; Esc leaves, back to the page with its toggle focused', async () => {
      await page.getByTestId('lang-zh-CN').click();
      await expect(app.dot.stepLabel).toContainText('第 1 步');
      await expectNothingCut(page);
      await page.screenshot({ path: 'test-results/classroom-dot-zh-CN-1366.png' });
      // The window resized to 1920×1080 and back: the lanes follow (they kept the larger box once).
      const font = await page.getByTestId('dot-classroom-lanes').getAttribute('data-font');
      await page.setViewportSize({ width: 1920, height: 1080 });
      await expect(page.getByTestId('dot-classroom-lanes')).not.toHaveAttribute('data-font', font!);
      await expectNothingCut(page);
      await page.setViewportSize({ width: 1366, height: 768 });
      await expect(page.getByTestId('dot-classroom-lanes')).toHaveAttribute('data-font', font!);
      await expectNothingCut(page);
      await page.keyboard.press('Escape');
      await expect(page.locator('main')).toHaveAttribute('data-classroom', 'false');
      await expect(page.getByTestId('classroom-toggle')).toBeFocused();
    });
  });
});

test('opened on a link’s problem before any run, one press runs that problem (not an example)', async ({ app }) => {
  const page = app.page;
  await app.open('?m=20&k=12&n=20&tile=8');
  await enterClassroom(page);
  const go = page.getByTestId('classroom-run-current');
  await expect(go).toHaveText('▶ Run this problem: 20×12×20, tile 8');
  await go.click();
  await app.tileMap.expectRecorded('gpu');
  await expect(page.getByTestId('tile-map')).toHaveAttribute('data-tiles-x', '3');
  await expect(go).toHaveCount(0);
  // The map grows to its space (its box mounted after entering; measured once, it stayed 0 × 0 and drew 12-px cells).
  await expect.poll(async () => (await page.getByTestId('tile-cell-1-1').boundingBox())?.width ?? 0).toBeGreaterThan(48);
  // A problem too large for the lesson's record gets no such button, only the examples.
  await page.keyboard.press('Escape');
  await app.open('?m=1024&k=1024&n=1024&tile=16');
  await enterClassroom(page);
  await expect(page.getByTestId('classroom-preset-pmpp')).toBeVisible();
  await expect(page.getByTestId('classroom-run-current')).toHaveCount(0);
});
