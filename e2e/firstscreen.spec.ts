import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * Issue #34, the first screen of every view teaches its point: the multiply step in one view, the
 * phase table of a whole row of threads, the terms never covered nor scrolled in the presentation.
 */

/** Whether the element's box lies inside the viewport (1 px of rounding either side). */
async function inView(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
  });
}

/** Controls (buttons, fields, menus) outside the terms whose box overlaps the terms' box. */
async function controlsOver(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const mac = document.querySelector('[data-testid="mac-terms"]')!;
    const m = mac.getBoundingClientRect();
    return Array.from(document.querySelectorAll<HTMLElement>('button, input, select, a, [role="button"]'))
      .filter((el) => !mac.contains(el) && el.offsetParent !== null)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.left < m.right - 1 && r.right > m.left + 1 && r.top < m.bottom - 1 && r.bottom > m.top + 1;
      })
      .map((el) => el.getAttribute('data-testid') ?? el.textContent ?? el.tagName);
  });
}

for (const tile of [16, 32] as const) {
  test(`default lesson at 1366×768, tile ${tile}: the multiply step's terms, the lane's row and column and the running sum in one view; the phase table shows a row of threads`, async ({ app }) => {
    const page = app.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    await app.open(tile === 16 ? '' : '?tile=32');
    await app.run('run-both');
    await app.tileMap.expectRecorded('gpu');
    await app.tileMap.goTo(2); // phase 1, multiply
    await expect(app.tileMap.label).toContainText('step 3 of 4');
    const mac = page.getByTestId('mac-terms');
    await mac.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect(mac).toHaveAttribute('data-active', 'true');
    // Every term, the row of As, the column of Bs and the running sum, without scrolling the page between them.
    expect(await inView(page, 'mac-terms')).toBe(true);
    await expect(page.locator('[data-highlight="row"]').first()).toBeInViewport({ ratio: 0.99 });
    await expect(page.locator('[data-testid="mac-terms"] [data-highlight="row"]')).toHaveCount(tile);
    await expect(page.locator('[data-testid="mac-terms"] [data-highlight="col"]')).toHaveCount(tile);
    for (const id of ['mac-term-0', `mac-term-${tile - 1}`, 'mac-sum', 'strip-a-0', `strip-b-${tile - 1}`]) expect(await inView(page, id), id).toBe(true);
    // The last term's running sum is the GPU's sum after the phase.
    await expect(page.getByTestId(`mac-term-${tile - 1}`)).toHaveAttribute('data-sum', (await mac.getAttribute('data-sum'))!);
    expect(await mac.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    expect(await controlsOver(page)).toEqual([]);
    // The phase table: the selected lane's row of the block, every one of its threads.
    const table = page.getByTestId('phase-table');
    expect(Number(await table.getAttribute('data-threads'))).toBeGreaterThanOrEqual(16);
    await expect(table.locator('tbody tr')).toHaveCount(tile);
  });
}

for (const [w, h, tile] of [
  [1366, 768, 16],
  [1920, 1080, 16],
  [1366, 768, 32],
] as const) {
  test(`classroom at ${w}×${h}, tile ${tile}: the terms need no inner scrolling and no control overlaps them; every term is reachable through the blocks of k`, async ({ app }) => {
    const page = app.page;
    await page.setViewportSize({ width: w, height: h });
    await app.open(tile === 16 ? '' : `?tile=${tile}`);
    await app.run('run-both');
    await app.tileMap.expectRecorded('gpu');
    await page.getByTestId('classroom-toggle').click();
    await expect(page.locator('main')).toHaveAttribute('data-classroom', 'true');
    await app.tileMap.goTo(2);
    const mac = page.getByTestId('mac-terms');
    expect(await inView(page, 'mac-terms')).toBe(true);
    expect(await mac.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    expect(await controlsOver(page)).toEqual([]);
    // Each block of k is whole (no term cut) and paging reaches term 15.
    const blocks = Number(await mac.getAttribute('data-blocks'));
    for (let b = 0; b < blocks; b++) {
      const terms = page.locator('td[data-testid^="mac-term-"]');
      // Every term of the block inside the terms' box (the box itself is in view).
      const m = (await mac.boundingBox())!;
      for (const el of await terms.all()) {
        const r = (await el.boundingBox())!;
        expect(r.x >= m.x - 1 && r.x + r.width <= m.x + m.width + 1 && r.y >= m.y - 1 && r.y + r.height <= m.y + m.height + 1, (await el.getAttribute("data-testid")) ?? "").toBe(true);
      }
      if (b < blocks - 1) await page.getByTestId('mac-page-next').click();
    }
    await expect(page.getByTestId(`mac-term-${tile - 1}`)).toBeVisible();
    // The presentation's column holds all its parts, nothing scrolled away.
    expect(await page.locator('.cr-stepper').evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  });
}

test('boundary tests off on PMPP 3×3 / tile 2: the tiled card says which kernel it verified and that the map shows the copy without the tests', async ({ app }) => {
  const page = app.page;
  await app.open('?m=3&k=3&n=3&tile=2&pattern=integers');
  await app.run('run-both');
  await app.tileMap.expectRecorded('gpu');
  await expect(page.getByTestId('bounds-off-card-note')).toHaveCount(0);
  await app.tileMap.setBounds(false);
  await app.tileMap.expectRecorded('gpu');
  await expect(page.getByTestId('bounds-off-summary')).toBeVisible();
  const note = page.getByTestId('bounds-off-card-note');
  await expect(note).toBeVisible();
  await expect(note).toContainText('tiled2.wgsl');
  await expect(note).toContainText('without the tests');
  // The card's verdict stands for the kernel with the tests; the map's count is the copy's, and both say so.
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  const wrong = /(\d+) elements? of C (?:is|are) wrong/.exec((await page.getByTestId('bounds-off-summary').textContent()) ?? '')?.[1];
  expect(Number(wrong)).toBeGreaterThan(0);
  await expect(note).toContainText(`${wrong} wrong element`);
  await expect(page.getByTestId('bounds-off-summary')).toContainText('copy of the kernel');
});

test('?view=ladder without a shape opens at a size of its own (≥ 256 each way on a GPU; on a software adapter the size its estimate allows, said), and "Run every rung" states its estimate first', async ({ app }) => {
  const page = app.page;
  await app.open('?view=ladder');
  const shape = page.getByTestId('ladder-shape');
  await expect(shape).toHaveAttribute('data-own', /^(gpu|software)$/);
  const own = await shape.getAttribute('data-own');
  // The pace its estimate used (GFLOP/s), stated (issue #46).
  expect(Number(await shape.getAttribute('data-pace'))).toBeGreaterThan(0);
  const dims = await Promise.all(['data-m', 'data-k', 'data-n'].map(async (a) => Number(await shape.getAttribute(a))));
  if (own === 'gpu') for (const d of dims) expect(d).toBeGreaterThanOrEqual(256);
  else {
    // A software adapter: a stated size, larger than the lesson's, chosen by the estimate.
    for (const d of dims) expect(d).toBeGreaterThan(48);
    await expect(shape).toContainText(`${dims[0]}×${dims[1]}×${dims[2]}`);
    await expect(shape).toContainText('software adapter');
  }
  await expect(page.getByTestId('input-m')).toHaveValue(String(dims[0]));
  // The estimate is on the screen before anything runs.
  const estimate = page.getByTestId('ladder-estimate');
  await expect(estimate).toBeVisible();
  expect(Number(await estimate.getAttribute('data-total-ms'))).toBeGreaterThan(0);
  await expect(estimate).toContainText(`${dims[0]}×${dims[1]}×${dims[2]}`);
  // The sentence that says why this size counts the rungs the button runs (the tensor-core rung is n/a on SwiftShader).
  if (own === 'software') await expect(shape).toContainText(`all ${/for (\d+) rungs/.exec(await estimate.innerText())?.[1]} rungs`);
  await expect(app.ladder.rung('naive')).toHaveAttribute('data-status', 'idle');
  // A shape of the user's is kept: the ladder switches only from the lesson's default, once.
  await app.setShape({ m: 40, k: 24, n: 36 });
  await expect(shape).toHaveAttribute('data-m', '40');
  await expect(shape).not.toHaveAttribute('data-own', /./);
  await expect(estimate).toContainText('40×24×36');
  // It counts the form's timed samples as the run will: 3 a rung take less than auto's second a rung.
  const auto = Number(await estimate.getAttribute('data-total-ms'));
  await page.getByTestId('select-samples').selectOption('3');
  await expect.poll(async () => Number(await estimate.getAttribute('data-total-ms'))).toBeLessThan(auto);
});

test('in 简体中文 the header sentences have no stray space after “。”, and the lesson’s kernel comments are in Chinese', async ({ app }) => {
  const page = app.page;
  await app.open('?lang=zh-CN&m=3&k=3&n=3&tile=2');
  for (const sel of ['.masthead .lead', '.controls .lead']) {
    const text = (await page.locator(sel).first().innerText()).trim();
    expect(text, sel).toContain('。');
    expect(text, sel).not.toMatch(/。 /);
  }
  await app.run('run-tiled');
  await app.tileMap.expectRecorded('gpu');
  // The tile map's sentences too (its summary, where the labels come from, its checks, the hint under it).
  for (const id of ['tile-map', 'phase-stepper']) {
    const text = (await page.getByTestId(id).innerText()).trim();
    expect(text, id).toContain('。');
    expect(text, id).not.toMatch(/。 [^·]/); // (" · " separates a legend's items, in every language)
  }
  // The key hint: no space after its full-width colon (按键：←).
  const keys = (await page.getByTestId('key-hint').first().innerText()).trim();
  expect(keys).toContain('：');
  expect(keys).not.toMatch(/： /);
  const src = page.getByTestId('kernel-source');
  await expect(src).toContainText('边界检查 1（加载 A）');
  await expect(src).not.toContainText('Boundary test 1');
  // The code itself is unchanged.
  await expect(src).toContainText('workgroupBarrier();');
  // A ladder rung's diagram: its captions' sentences too.
  await app.goTo('ladder');
  const diagram = page.locator('[data-testid="rung-diagram"][data-kernel="tiled"]');
  await diagram.locator('summary').click();
  await expect(diagram.locator('figcaption').first()).toContainText('。');
  for (const caption of await diagram.locator('figcaption').allInnerTexts()) expect(caption).not.toMatch(/。 /);
});
