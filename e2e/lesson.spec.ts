import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * Issue #23, the lesson's core moments: at the multiply step the lane's row of As and column of
 * Bs are marked and its terms written out with the trace's values; the kernel that ran beside the
 * stepper; the phase table of PMPP Fig. 4.19; the classroom keys with focus on any control; no
 * panel moves between steps.
 */

/** WCAG relative luminance of a CSS rgb() colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

async function enterClassroom(page: Page): Promise<void> {
  await page.getByTestId('classroom-toggle').click();
  await expect(page.locator('main')).toHaveAttribute('data-classroom', 'true');
}

/** The boxes of every panel of the classroom stepper (and the map's figure). */
async function boxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.classroom-stepper > *, .stepper-grids figure, [data-testid="mac-terms"], [data-testid="kernel-source"], [data-testid="phase-table"], .cr-map, .cr-formula-row')).map((el) => {
      const r = el.getBoundingClientRect();
      return `${el.className || el.tagName} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    }),
  );
}

/** The multiply step's checks: row and column marked, as many terms as the tile is wide, with the trace's values. */
async function checkMultiply(page: Page, tile: number, ly: number, lx: number): Promise<void> {
  await page.getByTestId('lane-row').fill(String(ly));
  await page.getByTestId('lane-col').fill(String(lx));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.getByTestId('phase-label')).toContainText(/step 3 of 4/);
  // The grids mark the lane's row of As and column of Bs; the strips beside the terms repeat them (one block of k at a time in the presentation).
  const marks = await page.evaluate(() => ({
    row: Array.from(document.querySelectorAll('.stepper-grids [data-highlight="row"]')).map((e) => e.getAttribute('data-testid')),
    col: Array.from(document.querySelectorAll('.stepper-grids [data-highlight="col"]')).map((e) => e.getAttribute('data-testid')),
    strips: Array.from(document.querySelectorAll('[data-testid="mac-terms"] [data-highlight]')).map((e) => e.getAttribute('data-testid')),
  }));
  expect(marks.row.sort()).toEqual(Array.from({ length: tile }, (_, k) => `lane-a-${ly}-${k}`).sort());
  expect(marks.col.sort()).toEqual(Array.from({ length: tile }, (_, k) => `lane-b-${k}-${lx}`).sort());
  expect(marks.strips.length).toBeGreaterThanOrEqual(2);
  const mac = page.getByTestId('mac-terms');
  await expect(mac).toHaveAttribute('data-terms', String(tile));
  await expect(mac).toHaveAttribute('data-active', 'true');
  for (let k = 0; k < tile; k++) {
    const a = await page.getByTestId(`lane-a-${ly}-${k}`).getAttribute('data-value');
    const b = await page.getByTestId(`lane-b-${k}-${lx}`).getAttribute('data-value');
    // The presentation shows one block of k at a time: page to the block that holds term k.
    if ((await page.getByTestId(`mac-term-${k}`).count()) === 0) await page.getByTestId('mac-page-next').click();
    await expect(page.getByTestId(`mac-term-${k}`)).toHaveAttribute('data-a', a!);
    await expect(page.getByTestId(`mac-term-${k}`)).toHaveAttribute('data-b', b!);
  }
  // The sum is the GPU's own, the lane's running sum after this phase.
  const sum = await page.getByTestId(`c-slot-${ly}-${lx}`).getAttribute('data-value');
  await expect(mac).toHaveAttribute('data-sum', sum!);
  // The band's frame stands at least 3:1 against the neighbouring lane (the next row of As).
  const c = await page.evaluate(({ ly, tile }) => {
    const hl = document.querySelector<HTMLElement>(`[data-testid="lane-a-${ly}-0"]`)!;
    const nb = document.querySelector<HTMLElement>(`[data-testid="lane-a-${(ly + 1) % tile}-0"]`)!;
    const frame = /rgba?\([^)]*\)/.exec(getComputedStyle(hl).boxShadow)?.[0] ?? '';
    let bg = getComputedStyle(nb).backgroundColor;
    if (/rgba\(0, 0, 0, 0\)/.test(bg)) bg = getComputedStyle(document.querySelector('main')!).backgroundColor;
    return { frame, bg };
  }, { ly, tile });
  expect(contrast(c.frame, c.bg), `${c.frame} on ${c.bg}`).toBeGreaterThanOrEqual(3);
}

/** Where the screenshots go: $LESSON_SHOTS (to look at them), else the test's output folder. */
const shot = (name: string) => `${process.env.LESSON_SHOTS ?? test.info().outputDir}/${name}`;

test.describe('at 1366×768, classroom mode', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('PMPP 3×3 / tile 2: row × column, the terms, the phase table of Fig. 4.19, the keys on every control, nothing moves', async ({ app }) => {
    const page = app.page;
    await app.open('?m=3&k=3&n=3&tile=2&pattern=integers');
    await app.run('run-tiled');
    await app.tileMap.expectRecorded('gpu');
    await enterClassroom(page);
    await app.tileMap.select(1, 1);
    await app.tileMap.goTo(2); // phase 1, multiply

    await test.step('the multiply step: row 0 of As × column 0 of Bs, two terms, the GPU\'s sum', async () => {
      await checkMultiply(page, 2, 0, 0);
    });

    await test.step('the phase table is Fig. 4.19 for block (1,1), phase 0', async () => {
      await page.getByTestId('cr-tab-table').click();
      const table = page.getByTestId('phase-table');
      await expect(table).toHaveAttribute('data-wg', '1,1');
      const fig419: Record<string, [string, string]> = {
        '0-0': ['A[2][0]', 'B[0][2]'],
        '0-1': ['A[2][1]', '0'],
        '1-0': ['0', 'B[1][2]'],
        '1-1': ['0', '0'],
      };
      for (const [thread, [a, b]] of Object.entries(fig419)) {
        await expect(page.getByTestId(`pt-${thread}-0`)).toHaveAttribute('data-a', a);
        await expect(page.getByTestId(`pt-${thread}-0`)).toHaveAttribute('data-b', b);
      }
      await expect(page.getByTestId('pt-1-1-0').locator('.pt-load.oob')).toHaveCount(2);
      await expect(table).toBeInViewport({ ratio: 1 });
    });

    await test.step('term by term', async () => {
      await page.getByTestId('mac-next').click();
      await expect(page.getByTestId('mac-term-at')).toContainText('1');
      await expect(page.locator('[data-term="current"]')).toHaveCount(2);
      await page.getByTestId('mac-next').click();
      await page.getByTestId('mac-next').click();
      await expect(page.locator('[data-term="current"]')).toHaveCount(0);
    });

    await test.step('← / → and Space with focus on the slider, the speed menu, the checkbox and a button', async () => {
      for (const id of ['phase-slider', 'phase-speed', 'toggle-bounds', 'phase-next']) {
        await app.tileMap.goTo(2);
        const speed = await page.getByTestId('phase-speed').inputValue();
        const bounds = await page.getByTestId('toggle-bounds').isChecked();
        await page.getByTestId(id).focus();
        await page.keyboard.press('ArrowRight');
        await expect(app.tileMap.label, id).toContainText('step 4 of 4');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        await expect(app.tileMap.label, id).toContainText('step 2 of 4');
        await page.keyboard.press(' ');
        await expect(page.getByTestId('phase-play'), id).toHaveAttribute('aria-pressed', 'true');
        await page.keyboard.press(' ');
        await expect(page.getByTestId('phase-play'), id).toHaveAttribute('aria-pressed', 'false');
        // The control kept nothing: the menu's choice and the checkbox are as they were.
        expect(await page.getByTestId('phase-speed').inputValue(), id).toBe(speed);
        expect(await page.getByTestId('toggle-bounds').isChecked(), id).toBe(bounds);
        await expect(page.locator('main')).toHaveAttribute('data-classroom', 'true');
      }
    });

    await test.step('no panel moves over six steps', async () => {
      await app.tileMap.goTo(0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const first = await boxes(page);
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('ArrowRight');
        expect(await boxes(page), `after step ${i + 2}`).toEqual(first);
      }
    });
  });

  test('48×32×48 / tile 16: sixteen terms, the kernel that ran is tiled16.wgsl, nothing cut', async ({ app }) => {
    const page = app.page;
    await app.open('?m=48&k=32&n=48&tile=16&pattern=integers');
    await app.run('run-tiled');
    await app.tileMap.expectRecorded('gpu');
    await enterClassroom(page);
    await app.tileMap.select(1, 1);
    await app.tileMap.goTo(6); // phase 2, multiply
    await checkMultiply(page, 16, 3, 5);
    // Nothing scrolls inside the terms and no control covers one; term by term, the block of k shown follows the current term.
    const mac = page.getByTestId('mac-terms');
    expect(await mac.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    for (let i = 0; i < 16; i++) await page.getByTestId('mac-next').click();
    await expect(page.getByTestId('mac-term-at')).toContainText('term 16 of 16');
    await expect(page.locator('.mac-term.current')).toHaveAttribute('data-testid', 'mac-term-15');
    await expect(page.locator('.mac-term.current')).toBeInViewport({ ratio: 1 });
    await page.getByTestId('mac-next').click(); // back to all terms
    // The stepper's column holds every part (its legend included) with nothing scrolled away.
    expect(await page.locator('.cr-stepper').evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    await page.getByTestId('cr-tab-kernel').click();
    const src = page.getByTestId('kernel-source');
    await expect(src).toHaveAttribute('data-file', 'tiled16.wgsl');
    await expect(src).toHaveAttribute('data-current', 'multiply');
    const first = src.locator('.src-line.current', { hasText: 'acc += As[ty][0] * Bs[0][tx];' });
    await expect(first).toHaveCount(1);
    await expect(first).toBeInViewport(); // scrolled to inside the listing
    await expect(src.locator('.src-line.current', { hasText: /acc \+= As\[ty\]\[\d+\] \* Bs/ })).toHaveCount(16);
    // Beyond tile 4 the table shows the selected lane's row of the block: 16 threads, each in both phases.
    await page.getByTestId('cr-tab-table').click();
    await expect(page.getByTestId('phase-table')).toHaveAttribute('data-zoom', 'row');
    await expect(page.getByTestId('phase-table')).toHaveAttribute('data-threads', '16');
    // As many phases as the box holds without cutting one (issue #45: at 1366×768 the second was cut): 16 threads each.
    const shown = Number(await page.getByTestId('phase-table').getAttribute('data-phases'));
    expect(shown).toBeGreaterThanOrEqual(1);
    await expect(page.locator('[data-testid^="pt-"]')).toHaveCount(16 * shown);
    expect(await page.getByTestId('phase-table').evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    // The phases shown are those around the current one: each one's loads as in the model.
    const [at0, at1] = [await page.getByTestId('pt-3-5-0').count(), await page.getByTestId('pt-3-0-1').count()];
    expect(at0 + at1).toBeGreaterThan(0);
    if (at0) await expect(page.getByTestId('pt-3-5-0')).toHaveAttribute('data-a', 'A[19][5]');
    if (at1) await expect(page.getByTestId('pt-3-0-1')).toHaveAttribute('data-a', 'A[19][16]');
    await page.getByTestId('cr-tab-kernel').click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('ArrowRight');
    await expect(src).toHaveAttribute('data-current', 'barrier2');
    for (const id of ['phase-label', 'mac-terms', 'key-hint', 'kernel-source']) await expect(page.getByTestId(id), id).toBeInViewport({ ratio: 1 });
  });
});

test('on the page: kernel-source at tile 16 follows the step, and with the tests off marks the lines that lost their test', async ({ app }) => {
  const page = app.page;
  await app.open('?m=48&k=32&n=48&tile=16&pattern=integers');
  await app.run('run-tiled');
  await app.tileMap.expectRecorded('gpu');
  const src = page.getByTestId('kernel-source');
  await expect(src).toHaveAttribute('data-file', 'tiled16.wgsl');
  await expect(src).toHaveAttribute('data-current', 'load');
  await expect(src.locator('.src-line.current').first()).toContainText('let aCol');
  await expect(src.locator('[data-lost="true"]')).toHaveCount(0);
  await app.tileMap.goTo(1);
  await expect(src).toHaveAttribute('data-current', 'barrier1');
  await expect(src.locator('.src-line.current')).toHaveCount(1);
  await app.tileMap.setBounds(false);
  await app.tileMap.expectRecorded('gpu');
  await expect(src.locator('[data-lost="true"]')).toHaveCount(4);
  await expect(page.getByTestId('phase-table')).toBeVisible();
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`screenshots ${lang} ${w}×${h}: the stepper at the multiply step`, async ({ app }) => {
      const page = app.page;
      await page.setViewportSize({ width: w, height: h });
      await app.open(`?m=48&k=32&n=48&tile=16&pattern=integers&lang=${lang}`);
      await app.run('run-tiled');
      await app.tileMap.expectRecorded('gpu');
      await app.tileMap.goTo(2);
      await page.getByTestId('phase-stepper').scrollIntoViewIfNeeded();
      await page.getByTestId('phase-stepper').screenshot({ path: shot(`page-${lang}-${w}.png`) });
      // On the page, no lane's number or index is printed under 12 px (it was 9.9 px at tile 16).
      const smallest = await page.evaluate(() =>
        Math.min(
          ...Array.from(document.querySelectorAll<HTMLElement>('.stepper-grids .lanes *'))
            .filter((el) => Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== ''))
            .map((el) => parseFloat(getComputedStyle(el).fontSize)),
        ),
      );
      expect(smallest).toBeGreaterThanOrEqual(12);
      await enterClassroom(page);
      await app.tileMap.goTo(2);
      await page.screenshot({ path: shot(`classroom-${lang}-${w}.png`) });
      // Every row of the three 16×16 grids is drawn inside its grid, above the lane's panel.
      const cut = await page.evaluate(() => {
        const macTop = document.querySelector('[data-testid="mac-terms"]')!.getBoundingClientRect().top;
        return Array.from(document.querySelectorAll<HTMLElement>('.stepper-grids .lanes')).map((g) => {
          const lanes = g.querySelectorAll<HTMLElement>(':scope > .lane');
          const last = lanes[lanes.length - 1]!.getBoundingClientRect().bottom;
          return { lanes: lanes.length, below: Math.max(last - g.getBoundingClientRect().bottom, last - macTop) };
        });
      });
      for (const g of cut) {
        expect(g.lanes).toBe(256);
        expect(g.below).toBeLessThanOrEqual(0.5);
      }
      await page.getByTestId('cr-tab-kernel').click();
      await page.screenshot({ path: shot(`classroom-kernel-${lang}-${w}.png`) });
      await page.getByTestId('cr-tab-table').click();
      await app.tileMap.goTo(0);
      await page.screenshot({ path: shot(`classroom-step1-table-${lang}-${w}.png`) });
    });
  }
}

test('from the default example, one action runs a size this GPU can time and shows the speed-up (or says why not)', async ({ app }) => {
  test.setTimeout(240_000);
  await app.open('?samples=3');
  await app.run('run-both');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  // On a software adapter (SwiftShader) no size shows what tiling buys: the action says so and offers the phase walk-through instead of a run (issue #45).
  await expect(app.page.getByTestId('tiling-why')).toBeVisible();
  if ((await app.page.getByTestId('speed-software-note').count()) > 0) {
    await expect(app.page.getByTestId('speedup-run')).toHaveCount(0);
    await expect(app.page.getByTestId('speedup-software')).toContainText('cannot show what tiling buys');
    await app.page.getByTestId('speedup-walkthrough').click();
    await expect(app.page.getByTestId('phase-next')).toBeFocused();
    await expect(app.page.getByTestId('phase-next')).toBeInViewport();
    return;
  }
  const go = app.page.getByTestId('speedup-run');
  await expect(go).toBeVisible();
  await go.click();
  const ratio = app.page.getByTestId('speedup-ratio');
  await expect(ratio).toBeVisible({ timeout: 180_000 });
  // The answer is brought into view (after a run the page otherwise scrolls to the map, screens above it).
  await expect(ratio).toBeInViewport();
  // At that size the map is wider than its box and scrolls inside it: the selected C tile is in the box's view.
  await expect
    .poll(() =>
      app.page.evaluate(() => {
        const fig = document.querySelector('[data-testid="tile-map"] .matmul-figure')!.getBoundingClientRect();
        const sel = document.querySelector('[data-testid="tile-map"] .tile.c.selected')!.getBoundingClientRect();
        return sel.left >= fig.left - 1 && sel.right <= fig.right + 1;
      }),
    )
    .toBe(true);
  // A trusted ratio is a number > 0; an untrusted one gives none and says so. On a software adapter (SwiftShader) no
  // ratio is given: the note at the top of the section says once why, with the traffic model and the H100 reference first.
  const software = await app.page.getByTestId('speed-software-note').count();
  const trusted = await ratio.getAttribute('data-trusted');
  if (software) {
    await expect(app.page.getByTestId('speed-software-note')).toHaveCount(1);
    await expect(app.page.getByTestId('speed-software-note')).toContainText('NVIDIA H100');
    await expect(app.page.getByTestId('speed-software-note')).toContainText('fewer global loads');
    expect(trusted).toBe('false');
    await expect(ratio).toContainText('software adapter');
    // Said once: the H100 reference appears once in the section.
    expect(((await app.page.getByTestId('tiling-why').textContent()) ?? '').split('NVIDIA H100').length - 1).toBe(1);
  } else if (trusted === 'true') expect(Number(await ratio.getAttribute('data-ratio'))).toBeGreaterThan(0);
  else await expect(ratio).toContainText('no ratio');
  // No note survives the action that answers it: "run a size in the hundreds" is gone once the app ran one.
  await expect(app.page.getByTestId('why-untrusted-note')).toHaveCount(0);
});

test('before any run, "where to go next" claims no kernel was stepped through; after one, it does', async ({ app }) => {
  await app.open('?m=3&k=3&n=3&tile=2');
  await expect(app.page.getByTestId('lesson-next-body')).not.toContainText('just stepped through');
  await app.run('run-tiled');
  await app.tileMap.expectRecorded('gpu');
  await expect(app.page.getByTestId('lesson-next-body')).toContainText('just stepped through');
});
