import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { forgeLink, samplePayload, type LinkPayload } from './links';
import { kernelsOfRecord } from './record';
import { BoardPage } from './pages/board';
import { kExercises } from '../src/core/practice/exercises';
import { codeFragment } from '../src/core/practice/link';

/**
 * Every table fits its panel (issue #46, part 4): at 1366×768 and 1920×1080, in English, 简体中文 and
 * 繁體中文, every visible table with rows on each view lies within its panel's content box, or else
 * scrolls inside a wrapper that does (overflow-x auto) and that the keyboard can reach (tabIndex 0,
 * role region, a name). No cell's content runs past the cell and no Latin word is broken across
 * lines (the shared table once ran 80–131 px past its box and cut "verified" mid-word; the glossary
 * cut dispatchWorkgr|oups). Each view is filled with data first: forged share links with every kind
 * of mark (e2e/links.ts), the probes, the partitions and the lesson run on SwiftShader, a checked
 * class board. One page per view; the languages and sizes are switched on it. A folded table (the
 * glossary) is opened to be measured.
 *
 * Not here: the tuner's table (a tuning run is minutes on SwiftShader) and Time it's rungs (timed on
 * a GPU only); both are plain .why-table / default tables whose cells wrap.
 *
 * TABLEFIT_SHOTS=<prefix> also writes each table's panel at 1366 to test-results/tablefit/ to look at.
 */
const kSizes = [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }];
const kLangs = ['en', 'zh-CN', 'zh-TW'] as const;

interface Fit { where: string; cls: string; over: number; scroller: string | null; ok: boolean; why: string }

/** Every visible table with rows: does it fit its panel, or scroll in a focusable region that does? */
function measure(): Fit[] {
  const out: Fit[] = [];
  for (const t of Array.from(document.querySelectorAll('table'))) {
    const r = t.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || !t.checkVisibility() || !t.querySelector('tbody tr')) continue;
    const panel = (t.closest('.panel') ?? t.closest('section') ?? document.querySelector('main')) as HTMLElement;
    const ps = getComputedStyle(panel);
    const pr = panel.getBoundingClientRect();
    const left = pr.left + parseFloat(ps.borderLeftWidth) + parseFloat(ps.paddingLeft);
    const right = pr.right - parseFloat(ps.borderRightWidth) - parseFloat(ps.paddingRight);
    let sc: HTMLElement | null = t.parentElement;
    while (sc && sc !== panel && !/auto|scroll/.test(getComputedStyle(sc).overflowX)) sc = sc.parentElement;
    const scroller = sc && sc !== panel && /auto|scroll/.test(getComputedStyle(sc).overflowX) ? sc : null;
    const over = Math.max(0, r.right - right, left - r.left);
    let ok = over <= 0.5;
    let why = '';
    if (!ok && scroller) {
      const sr = scroller.getBoundingClientRect();
      const inside = sr.right <= right + 0.5 && sr.left >= left - 0.5;
      const focusable = scroller.tabIndex === 0 && scroller.getAttribute('role') === 'region' && !!scroller.getAttribute('aria-label');
      ok = inside && focusable;
      why = `scroller inside=${inside} focusable=${focusable}`;
    }
    if (scroller && scroller.scrollWidth > scroller.clientWidth + 0.5) why += ` scrolls ${scroller.scrollWidth - scroller.clientWidth}px`;
    // Cells whose content runs past them, and Latin words broken across lines.
    for (const cell of Array.from(t.querySelectorAll('th, td')) as HTMLElement[]) {
      if (cell.scrollWidth > cell.clientWidth + 1) { ok = false; why += ` cell "${cell.textContent?.slice(0, 30)}" ${cell.scrollWidth - cell.clientWidth}px past`; }
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        for (const m of text.matchAll(/[A-Za-z]{2,}/g)) {
          const range = document.createRange();
          range.setStart(n, m.index!);
          range.setEnd(n, m.index! + m[0].length);
          const tops = new Set(Array.from(range.getClientRects()).map((q) => Math.round(q.top)));
          if (tops.size > 1) { ok = false; why += ` word "${m[0]}" broken`; }
        }
      }
    }
    const id = t.getAttribute('data-testid') ?? '';
    out.push({ where: `${panel.getAttribute('data-testid') ?? panel.className}/${id}`, cls: t.className, over: Math.round(over), scroller: scroller ? scroller.className : null, ok, why });
  }
  return out;
}

/**
 * Measures every table of the view at both sizes in the three languages. `whole`: the class of the
 * tables that must fit their panel outright, not scroll (the results tables, made to fit at 1366).
 */
async function check(page: Page, view: string, minTables: number, whole?: string) {
  const all: string[] = [];
  for (const vp of kSizes) {
    await page.setViewportSize(vp);
    for (const lang of kLangs) {
      await page.getByTestId(`lang-${lang}`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // A table folded in a <details> (the glossary, the tuner's candidates, Time it's rungs) is opened to be measured.
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { if (d.querySelector('table')) d.open = true; }));
      await page.waitForTimeout(200);
      const fits = await page.evaluate(measure);
      const page_ = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (page_ > 0) all.push(`${view} ${vp.width} ${lang}: the page is ${page_}px wider than the window`);
      expect(fits.length, `${view}: tables with rows`).toBeGreaterThanOrEqual(minTables);
      for (const f of fits) {
        if (!f.ok) all.push(`${view} ${vp.width} ${lang}: ${f.where} (${f.cls}) ${f.over}px past its panel ${f.why}`);
        else if (whole && f.cls.split(' ').includes(whole) && f.over > 0) all.push(`${view} ${vp.width} ${lang}: ${f.where} scrolls ${f.over}px where it should fit`);
      }
      if (process.env.TABLEFIT_SHOTS && vp.width === 1366) {
        const tables = page.locator('table:visible');
        for (let i = 0; i < Math.min(await tables.count(), 8); i++) {
          const panel = tables.nth(i).locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " panel ") or self::section][1]');
          const [pb, tb] = [await panel.boundingBox(), await tables.nth(i).boundingBox()];
          const y = tb!.y + (await page.evaluate(() => window.scrollY)) - 10;
          await page.screenshot({ fullPage: true, clip: { x: pb!.x, y, width: pb!.width, height: Math.min(600, tb!.height + 20) }, path: `test-results/tablefit/${process.env.TABLEFIT_SHOTS}-${view}-${vp.width}-${lang}-${i}.png` });
        }
      }
    }
  }
  expect(all).toEqual([]);
}

/**
 * Every rung at 3 sizes, with every kind of mark a cell can carry: too short to time, noisy, not
 * verified; from a software adapter's strings when `software`, so every point is marked as that too.
 */
async function markedPayload(software: boolean): Promise<LinkPayload> {
  const p = samplePayload(await kernelsOfRecord(), [64, 1024, 4096], { label: 'RTX 4090, driver 560, Windows' });
  if (software) p.device = { ...p.device, vendor: 'google', description: 'SwiftShader Device (Subzero)', architecture: 'swiftshader' };
  p.points = p.points.map((q, i) => {
    const ms = q.medianMs as number;
    if (q.size === 64) return { ...q, medianMs: 0.004, minMs: 0.003, maxMs: 0.02, gflops: (2 * 64 ** 3) / (0.004 * 1e6) };
    if (i % 5 === 1) return { ...q, minMs: ms * 0.3, maxMs: ms * 2.5 };
    if (i % 7 === 2) return { ...q, verified: false, maxRelError: 0.5 };
    return q;
  });
  return p;
}

test('shared results: a GPU’s link and a software adapter’s, every point marked', async ({ app, page }) => {
  for (const software of [false, true]) {
    await app.open(`?view=bench#r=${forgeLink(await markedPayload(software))}`);
    await expect(page.getByTestId('bench-table')).toBeVisible();
    await check(page, software ? 'shared-software' : 'shared', 1, 'bench-table');
  }
});

test('the compare view: three runs of every rung, with their ratios', async ({ app, page }) => {
  const a = await markedPayload(false);
  const b = { ...a, label: 'the other machine' } as LinkPayload;
  const c = { ...a, label: 'a third machine' } as LinkPayload;
  await app.open(`?view=compare#r=${forgeLink(a)}&r=${forgeLink(b)}&r=${forgeLink(c)}`);
  await expect(page.getByTestId('compare-table').first()).toBeVisible();
  await check(page, 'compare', 1, 'compare-table');
});

test('the ladder, with both probes run', async ({ app, page }) => {
  await app.open('?view=ladder');
  for (const id of ['coalescing', 'banks']) {
    await page.getByTestId(`probe-${id}-run`).click();
    await expect(page.getByTestId(`probe-${id}`)).toHaveAttribute('data-status', 'done');
  }
  await check(page, 'ladder', 3);
});

test('the partitions, both measured', async ({ app, page }) => {
  await app.open('?m=24&k=24&n=24&tile=8&samples=3&view=partitions');
  await page.getByTestId('run-strip').click();
  for (const row of ['partition-strip', 'partition-tiled']) await expect(page.getByTestId(row)).toContainText('✓ verified');
  await check(page, 'partitions', 1);
});

test('the lesson after a run, and its glossary', async ({ app, page }) => {
  await app.open('');
  await app.run('run-both');
  await expect(page.getByTestId('tiling-why')).toBeVisible();
  await expect(page.getByTestId('phase-table')).toBeVisible();
  await expect(page.getByTestId('glossary')).toBeAttached();
  await check(page, 'lesson', 4);
});

test('the class board, checked', async ({ app, page }) => {
  const sol = (id: string) => kExercises.find((e) => e.id === id)!.solution;
  const link = (ex: string, code: string, name?: string) => `https://tiles.example/?view=practice&ex=${ex}${codeFragment(code, undefined, name)}`;
  await app.open('?view=board');
  const b = new BoardPage(page);
  await b.paste([link('naive', sol('naive'), 'Ana'), link('tiled', sol('tiled'), '李雷'), link('tiled', sol('tiled').replace(/workgroupBarrier\(\);/g, ''), '陳小明'), 'https://example.com/x'].join('\n'));
  await b.run();
  await check(page, 'board', 2);
});
