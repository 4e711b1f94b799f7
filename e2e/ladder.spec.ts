import { ladderOfRecord } from './record';
import { test, expect } from './fixtures';

/**
 * The ladder explained: every rung of the record has why it pays, its diagram (drawn from its launch plan at the
 * current shape) and its code change from the previous rung, both collapsed until opened.
 */
/** What one rung's three folded parts show once opened (read in the page in one pass). */
interface RungParts {
  status: string | null;
  row: string;
  why: { count: number; open: boolean; para: string; text: string; here: string };
  diagram: { count: number; open: boolean; svgs: number[]; owned: number; blocks: number; caption: string; text: string };
  diff: { count: number; open: boolean; lines: number; first: number; marks: string[] };
}

test('every rung of the ladder has why it pays, its diagram and its code diff', async ({ app }) => {
  const rungs = await ladderOfRecord();
  expect(rungs.length, 'the record has rungs').toBeGreaterThan(1);
  test.setTimeout(60_000 + rungs.length * 20_000); // opening and drawing each rung's parts, on a shared CPU
  await app.open('?m=40&k=24&n=36&tile=8&view=ladder');
  const page = app.page;
  const part = (testId: string, id: string) => page.locator(`[data-testid="${testId}"][data-kernel="${id}"]`);

  // The folds open by a click on their summary and close by another: the first rung and the second (the
  // first has no previous rung) through the mouse; every rung's contents below, read in one pass.
  for (const r of rungs.slice(0, 2)) {
    await test.step(`${r.id}: each part folded, opened by a click and closed by another`, async () => {
      for (const testId of ['rung-why', 'rung-diagram', 'rung-diff']) {
        const fold = part(testId, r.id);
        await expect(fold).toHaveCount(1);
        await expect(fold).not.toHaveAttribute('open', /.*/); // collapsed by default
        await fold.locator('summary').click();
        await expect(fold).toHaveAttribute('open', '');
        await expect(fold.locator(':scope > :not(summary)').first()).toBeVisible();
        await fold.locator('summary').click();
        await expect(fold).not.toHaveAttribute('open', /.*/);
      }
    });
  }

  const ids = rungs.map((r) => r.id);
  // Every fold of every rung collapsed before it is opened, then all of them opened (the toggle event renders their contents).
  const openedBefore = await page.evaluate(() => [...document.querySelectorAll('details[data-testid^="rung-"][open]')].length);
  expect(openedBefore, 'no fold open by default').toBe(0);
  await page.evaluate(() => document.querySelectorAll<HTMLDetailsElement>('details[data-testid^="rung-"]').forEach((d) => (d.open = true)));
  const read = () =>
    page.evaluate((ids) => {
      const one = (testId: string, id: string) => document.querySelectorAll<HTMLDetailsElement>(`[data-testid="${testId}"][data-kernel="${id}"]`);
      const text = (el: Element | null | undefined) => (el as HTMLElement | null | undefined)?.innerText?.replace(/\s+/g, ' ').trim() ?? '';
      return ids.map((id): RungParts => {
        const why = one('rung-why', id);
        const diagram = one('rung-diagram', id);
        const diff = one('rung-diff', id);
        const w = why[0];
        const d = diagram[0];
        const f = diff[0];
        const changed = [...(f?.querySelectorAll('.diff-line[data-op="add"], .diff-line[data-op="del"]') ?? [])];
        return {
          status: document.querySelector(`[data-testid="ladder-${id}"]`)?.getAttribute('data-status') ?? null,
          row: text(document.querySelector(`[data-testid="ladder-${id}"]`)),
          why: { count: why.length, open: !!w?.open, para: text(w?.querySelector('.rung-why p')), text: text(w), here: text(w?.querySelector('[data-testid="rung-why-here"]')) },
          diagram: {
            count: diagram.length,
            open: !!d?.open,
            svgs: ['problem', 'block'].map((panel) => {
              const svg = d?.querySelector(`figure[data-panel="${panel}"] svg`)?.getBoundingClientRect();
              return svg ? svg.width * svg.height : 0;
            }),
            owned: d?.querySelectorAll('rect[data-role="owned"]').length ?? 0,
            blocks: d?.querySelectorAll('rect[data-role="block"]').length ?? 0,
            caption: text(d?.querySelector('figcaption')),
            text: text(d),
          },
          diff: {
            count: diff.length,
            open: !!f?.open,
            lines: [...(f?.querySelectorAll('.diff-line') ?? [])].filter((l) => l.getBoundingClientRect().height > 0).length,
            first: f?.querySelectorAll('[data-first="true"]').length ?? 0,
            marks: changed.map((e) => `${e.getAttribute('data-op')}${e.querySelector('.diff-mark')?.textContent ?? ''}`),
          },
        };
      });
    }, ids);
  // Wait until every part has drawn its contents (each renders on its first opening).
  await expect.poll(async () => (await read()).every((p) => p.why.para !== '' && p.diff.lines > 0 && (p.diagram.caption !== '' || p.diagram.text.includes('No launch plan')))).toBe(true);
  const parts = await read();
  // Every fold open, the longest code lines included: the code boxes scroll inside the table, the page is no wider than the window.
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, 'no sideways scroll with every fold open').toBeLessThanOrEqual(widths.window);

  for (const [i, r] of rungs.entries()) {
    await test.step(r.id, async () => {
      const p = parts[i]!;
      // Planned for this adapter (idle) or not offered here (n/a): either way the GPU's limits are known.
      expect(p.status, r.id).toMatch(/^(idle|n\/a)$/);
      const applicable = p.status === 'idle';

      // Why it pays: its own paragraph and the traffic model of it and the rung below at this shape.
      expect(p.why.count, `${r.id}: one why`).toBe(1);
      expect(p.why.open, r.id).toBe(true);
      expect(p.why.para, `${r.id}: its paragraph`).not.toBe('');
      expect(p.why.text, r.id).toMatch(/at 40×24×36: [\d,.]+ global loads per C element/);
      // A rung that can run here is told to be run; one that cannot says why instead (never "run the ladder").
      if (i > 0) expect(p.why.here, r.id).toContain(applicable ? 'run the ladder at this shape' : 'cannot run');

      expect(p.diagram.count, `${r.id}: one diagram`).toBe(1);
      if (applicable) {
        for (const [j, area] of p.diagram.svgs.entries()) expect(area, `${r.id}: the ${j === 0 ? 'problem' : 'block'} panel drawn`).toBeGreaterThan(0);
        expect(p.diagram.owned, `${r.id}: one owned rect`).toBe(1);
        expect(p.diagram.blocks, `${r.id}: block rects`).toBeGreaterThan(0);
        expect(p.diagram.caption, r.id).toContain('40×36');
      } else {
        // The row and the diagram agree on whose it is: a feature this adapter lacks is not this shape's.
        expect(p.diagram.text, r.id).toContain(p.row.includes('not on this adapter') ? 'No launch plan on this adapter, at any shape' : 'No launch plan at this shape');
      }

      expect(p.diff.count, `${r.id}: one diff`).toBe(1);
      expect(p.diff.lines, `${r.id}: diff lines shown`).toBeGreaterThan(0);
      if (i === 0) {
        expect(p.diff.first, `${r.id}: the first rung's code, whole`).toBe(1);
      } else {
        // Changes are marked by a symbol, not colour alone.
        expect(p.diff.marks.length, r.id).toBeGreaterThan(0);
        expect(new Set(p.diff.marks), r.id).toEqual(new Set(p.diff.marks.map((m) => (m.startsWith('add') ? 'add+' : 'del−'))));
      }
    });
  }
});

test('the reference cells are labelled and carry their unit', async ({ app }) => {
  await app.open('?m=40&k=24&n=36&view=ladder');
  const cell = app.ladder.rung('naive').locator('td').last();
  await expect(cell).toContainText('NVIDIA H100 reference');
  await expect(cell).toContainText('TFLOP/s');
  await expect(app.ladder.rung('naive').locator('td').nth(1)).toContainText('FLOP/byte');
});

for (const lang of ['en', 'zh-CN', 'zh-TW'] as const) {
  test(`at 1366×768 in ${lang}, the ladder's next action and its estimate are on the first screen`, async ({ app }) => {
    const page = app.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    await app.open(`?view=ladder&lang=${lang}`);
    await expect(page.getByTestId('ladder-estimate')).toBeVisible();
    // Wholly inside the viewport without scrolling (it sat 6–65 px below it before the button moved above the intro).
    for (const id of ['ladder-run', 'ladder-estimate']) {
      const r = await page.getByTestId(id).evaluate((el) => {
        const b = el.getBoundingClientRect();
        return { bottom: b.bottom, scrollY: window.scrollY };
      });
      expect(r.scrollY, id).toBe(0);
      expect(r.bottom, id).toBeLessThanOrEqual(768);
    }
  });
}

test('a rung’s code change and its whole kernel read their comments in Chinese, as the lesson’s listing does; the code and the counts as in English', async ({ app }) => {
  const page = app.page;
  const fold = page.locator('[data-testid="rung-diff"][data-kernel="tiled"]');
  const counts: Record<string, [string | null, string | null]> = {};
  // The comments' chunk is asked for when a rung's code is first opened, not with the ladder (vite.config.ts manualChunks).
  const chunks: string[] = [];
  page.on('request', (r) => {
    const m = /\/assets\/(rung-comments-[\w-]+?)-[\w-]{8}\.js$/.exec(new URL(r.url()).pathname);
    if (m?.[1]) chunks.push(m[1]);
  });
  for (const lang of ['en', 'zh-CN', 'zh-TW']) {
    await app.open(`?m=40&k=24&n=36&tile=8&view=ladder&lang=${lang}`);
    await page.waitForLoadState('networkidle');
    expect(chunks, `${lang}: not before a rung's code is opened`).not.toContain(`rung-comments-${lang}`);
    await fold.locator('summary').click();
    const body = fold.locator('.rung-diff-body');
    await expect(body).toBeVisible();
    counts[lang] = [await body.getAttribute('data-added'), await body.getAttribute('data-removed')];
    const comments = fold.locator('.diff-line', { hasText: '//' });
    await expect(comments.first()).toBeVisible();
    const texts = await comments.allInnerTexts();
    const han = texts.filter((t) => /\/\/.*\p{Script=Han}/u.test(t));
    if (lang === 'en') expect(han).toEqual([]);
    // Every comment with words, in Chinese (the table loads when the fold first opens).
    else await expect.poll(async () => (await comments.allInnerTexts()).filter((t) => /\/\/.*[A-Za-z]{3}/.test(t) && !/\/\/.*\p{Script=Han}/u.test(t))).toEqual([]);
    // The whole kernel's fold says its comments in the same language.
    const whole = page.locator('[data-testid="rung-source"][data-kernel="tiled"]');
    await whole.locator('summary').click();
    const code = (await whole.getByTestId('kernel-code').innerText()).split('\n').filter((l) => /\/\/.*[A-Za-z]{3}/.test(l));
    expect(code.filter((l) => /\p{Script=Han}/u.test(l)).length > 0, `${lang}: the whole kernel's comments`).toBe(lang !== 'en');
    if (lang !== 'en') expect(code.filter((l) => !/\p{Script=Han}/u.test(l))).toEqual([]);
  }
  expect(chunks.sort()).toEqual(['rung-comments-zh-CN', 'rung-comments-zh-TW']);
  expect(counts['zh-CN']).toEqual(counts.en);
  expect(counts['zh-TW']).toEqual(counts.en);
});
