/**
 * The class board (issue #48) on SwiftShader: 30 generated links — right, wrong of several kinds,
 * damaged, duplicated, named in three scripts — give the right rows (merged and counted), verdicts
 * from the practice view's judge, the class's mistakes and the refusals; the board link round-trips;
 * the CSV holds the same rows. A software adapter checks and does not rank. One page, small exercises.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { BoardPage } from './pages/board';
import { kExercises } from '../src/core/practice/exercises';
import { codeFragment, encodeCode } from '../src/core/practice/link';

const solutionOf = (id: string) => kExercises.find((e) => e.id === id)!.solution;
const base = 'https://tiles.example/';
const link = (ex: string, code: string, name?: string) => `${base}?view=practice&ex=${ex}${codeFragment(code, undefined, name)}`;

const naive = solutionOf('naive');
const tiled = solutionOf('tiled');
const map = solutionOf('map');
const asSwapped = tiled.replace('As[ty][tx] = loadA', 'As[tx][ty] = loadA');
const bsSwapped = tiled.replace('Bs[ty][tx] = loadB', 'Bs[tx][ty] = loadB');
const noBarriers = tiled.replace(/workgroupBarrier\(\);/g, '');
const offByOne = naive.replace('k < dims.K;', 'k + 1u < dims.K;');
const noCompile = naive.replace('var acc = 0.0;', 'var acc = 0.0');

/** The 30 links, as a class would send them: in a chat log, with names in Latin, Simplified and Traditional script. */
function classLinks(): { text: string; count: number } {
  const lines = [
    // 7 × the naive solution (one with trailing blanks: the same code once normalised).
    `Ana: ${link('naive', naive, 'Ana')}`,
    `李雷 ${link('naive', naive + '\n\n   ', '李雷')}`,
    `(${link('naive', naive, '陳小明')})`,
    link('naive', naive),
    link('naive', naive, 'Олег'),
    link('naive', naive, '王芳'),
    link('naive', naive, 'Zoë'),
    // 5 × the tiled solution.
    ...['Ben', '韩梅梅', '林志玲', 'Chloé', ''].map((n) => link('tiled', tiled, n || undefined)),
    // 4 × As indexed the other way round (two different texts of the same slip).
    link('tiled', asSwapped, 'Dev'),
    link('tiled', asSwapped, '张伟'),
    link('tiled', asSwapped.replace('// ', '//  '), '黃偉'),
    link('tiled', asSwapped.replace('// ', '//  '), 'Eve'),
    // 3 × Bs indexed the other way round.
    link('tiled', bsSwapped, 'Finn'),
    link('tiled', bsSwapped, '刘洋'),
    link('tiled', bsSwapped, '劉洋'),
    // 2 × no barriers (a race), 1 × a bound off by one, 1 × does not compile, 2 × the map.
    link('tiled', noBarriers, 'Gus'),
    link('tiled', noBarriers, '赵磊'),
    link('naive', offByOne, 'Hana'),
    link('naive', noCompile, '趙磊'),
    link('map', map, 'Ivy'),
    link('map', map, '周杰'),
    // 5 refused: damaged (twice, the same), an unknown exercise, not a Tiles link, too long.
    `${base}?view=practice&ex=naive#code=${encodeCode(naive).slice(0, 41)}!x`,
    `${base}?view=practice&ex=naive#code=${encodeCode(naive).slice(0, 41)}!x`,
    `${base}?view=practice&ex=nosuch#code=${encodeCode(naive)}`,
    'https://example.com/homework?id=7',
    `${base}?view=practice&ex=naive#code=${encodeCode('x'.repeat(20_000))}`,
  ];
  return { text: `Links from today's class:\n${lines.join('\n')}\nThanks!`, count: lines.length };
}

test.describe('class board', () => {
  test.setTimeout(360_000);

  test('30 links: rows merged and counted, re-checked by the judge, the mistakes, the refusals; the board link and the CSV', async ({ page, app }) => {
    void app;
    const b = new BoardPage(page);
    await page.goto('./?view=board');
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    const { text, count } = classLinks();
    expect(count).toBe(30);
    await b.paste(text);
    const last = page.getByTestId('board-last-add');
    await expect(last).toHaveAttribute('data-links', '30');
    await expect(last).toHaveAttribute('data-refused', '5');

    await test.step('rows: duplicates merged and counted, names as text', async () => {
      await expect(b.rowsOf('naive')).toHaveCount(3);
      await expect(b.rowsOf('tiled')).toHaveCount(5);
      await expect(b.rowsOf('map')).toHaveCount(1);
      const first = b.rowsOf('naive').first();
      await expect(first).toHaveAttribute('data-count', '7');
      await expect(first).toHaveAttribute('data-names', 'Ana\n李雷\n陳小明\nОлег\n王芳\nZoë');
      await expect(b.rowsOf('tiled').first()).toHaveAttribute('data-count', '5');
      const refused = b.refused();
      await expect(refused).toHaveCount(4);
      expect(await refused.evaluateAll((rs) => rs.map((r) => `${r.getAttribute('data-bad')}×${r.getAttribute('data-count')}`))).toEqual(['damaged×2', 'unknown-exercise×1', 'not-tiles×1', 'too-long×1']);
    });

    await test.step('an estimate first, then every entry checked by the practice judge; a software adapter does not rank', async () => {
      await expect(page.getByTestId('board-estimate')).toHaveAttribute('data-checks', '9');
      await expect(page.getByTestId('board-software')).toBeVisible();
      // Cancel stops after the entry being checked; what was checked stays, and the next run checks the rest only.
      await page.getByTestId('board-run').click();
      await expect(page.getByTestId('board-progress')).toHaveAttribute('data-status', 'running');
      await page.getByTestId('board-cancel').click();
      await expect(page.getByTestId('board-progress')).toHaveAttribute('data-status', 'cancelled');
      const checked = Number(await page.getByTestId('board-progress').getAttribute('data-done'));
      expect(checked).toBeLessThan(9);
      await expect(page.locator('[data-testid="board-row"][data-verdict="unchecked"]')).toHaveCount(9 - checked);
      await expect(page.getByTestId('board-estimate')).toHaveAttribute('data-checks', String(9 - checked));
      const t0 = Date.now();
      await b.run();
      await expect(page.getByTestId('board-progress')).toHaveAttribute('data-total', String(9 - checked));
      console.log(`board: the rest of 9 entries checked on SwiftShader in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      const verdicts = await page.locator('[data-testid="board-row"][data-bad=""]').evaluateAll((rs) => rs.map((r) => `${r.getAttribute('data-exercise')} ${r.getAttribute('data-verdict')} ${r.getAttribute('data-mistake')?.replace(/^race:.*/, 'race')} ${r.getAttribute('data-count')}`));
      expect(verdicts.sort()).toEqual(
        [
          'map pass  2',
          'naive pass  7',
          'naive wrong slip:off-by-one 1',
          'naive compile failure:compile 1',
          'tiled pass  5',
          'tiled wrong slip:as-transposed 2',
          'tiled wrong slip:as-transposed 2',
          'tiled wrong slip:bs-transposed 3',
          'tiled race race 2',
        ].sort(),
      );
      // Checked on SwiftShader: no rate, no rank.
      for (const attr of ['data-gflops', 'data-rank', 'data-of-best']) expect(await page.locator(`[data-testid="board-row"][${attr}]:not([${attr}=""])`).count()).toBe(0);
      // The estimate now reads the checks' own time.
      await expect(page.getByTestId('board-estimate')).toHaveAttribute('data-measured', 'true');
    });

    await test.step('a table sorts by its columns', async () => {
      const tiledTable = page.locator('[data-testid="board-exercise"][data-exercise="tiled"]');
      const order = () => tiledTable.getByTestId('board-row').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-verdict')));
      expect((await order())[0]).toBe('pass');
      await tiledTable.getByTestId('board-sort-verdict').click();
      await tiledTable.getByTestId('board-sort-verdict').click();
      await expect(tiledTable.locator('th[aria-sort="descending"]')).toHaveCount(1);
      expect((await order()).at(-1)).toBe('pass');
      await tiledTable.getByTestId('board-sort-verdict').click();
      expect((await order())[0]).toBe('pass');
    });

    await test.step("the class's mistakes: counts out of the exercise's copies, each with an example", async () => {
      const m = page.getByTestId('board-mistakes');
      await expect(m.locator('[data-slip="slip:as-transposed"]')).toHaveAttribute('data-count', '4');
      await expect(m.locator('[data-slip="slip:as-transposed"]')).toContainText('4 of 14: As’s indices swapped');
      await expect(m.locator('[data-slip="slip:bs-transposed"]')).toHaveAttribute('data-count', '3');
      await expect(m.locator('[data-slip^="race:"]')).toHaveAttribute('data-count', '2');
      await expect(m.locator('[data-slip="slip:off-by-one"]')).toHaveAttribute('data-of', '9');
      await expect(m.locator('[data-slip="failure:compile"]')).toHaveAttribute('data-count', '1');
      const example = await m.locator('[data-slip="slip:bs-transposed"]').getByTestId('board-mistake-example').getAttribute('href');
      expect(new URL(example!).hash.startsWith('#code=')).toBe(true);
    });

    await test.step('the CSV holds the same rows', async () => {
      const download = page.waitForEvent('download');
      await page.getByTestId('board-csv').click();
      const csv = readFileSync((await (await download).path())!, 'utf8').replace(/^\ufeff/, '');
      const lines = csv.trimEnd().split('\r\n');
      // A header, the 9 entries, the 5 refused links (one line each).
      expect(lines).toHaveLength(1 + 9 + 5);
      expect(lines[0]).toMatch(/^Exercise,Name,Copies,Verdict here,/);
      expect(lines.filter((l) => l.includes('As’s indices swapped'))).toHaveLength(2);
      expect(csv).toContain('Ana; 李雷; 陳小明; Олег; 王芳; Zoë,7,passed');
    });

    await test.step('names hidden; the classroom layout fits 1366×768 and 1920×1080 in every language', async () => {
      await page.getByTestId('board-hide-names').check();
      await expect(b.rowsOf('naive').first()).toHaveAttribute('data-names', '');
      await expect(b.rowsOf('naive').first()).not.toContainText('Ana');
      for (const lang of ['en', 'zh-CN', 'zh-TW']) {
        await page.getByTestId(`lang-${lang}`).click();
        await page.getByTestId('board-classroom').click();
        await expect(page.getByTestId('board-classroom-view')).toBeVisible();
        await expect(page.getByTestId('board-classroom-view')).not.toContainText('李雷');
        for (const [width, height] of [
          [1366, 768],
          [1920, 1080],
        ] as const) {
          await page.setViewportSize({ width, height });
          const fit = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
          expect(fit.scroll, `${lang} at ${width}×${height}: nothing to scroll sideways`).toBeLessThanOrEqual(fit.client);
          // Readable at the back row: no text of the layout under 20 px.
          const smallest = await page.getByTestId('board-classroom-view').evaluate((el) => Math.min(...[...el.querySelectorAll('*')].filter((e) => (e.textContent ?? '').trim() !== '').map((e) => parseFloat(getComputedStyle(e).fontSize))));
          expect(smallest, `${lang} at ${width}×${height}`).toBeGreaterThanOrEqual(20);
        }
        await expect(page.getByTestId('board-top')).toHaveCount(3);
        // Esc leaves the layout.
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('board-classroom-view')).toHaveCount(0);
      }
      await page.getByTestId('lang-en').click();
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.getByTestId('board-hide-names').uncheck();
    });

    await test.step('saved in this browser and reopened, with its verdicts', async () => {
      await page.getByTestId('board-save').click();
      await expect(page.getByTestId('board-saved')).toBeVisible();
      await page.getByTestId('board-clear').click();
      await expect(b.rows()).toHaveCount(0);
      await page.getByTestId('board-reopen').click();
      await expect(b.rowsOf('tiled')).toHaveCount(5);
      await expect(b.rowsOf('naive').first()).toHaveAttribute('data-verdict', 'pass');
      await expect(page.locator('[data-testid="board-mistake"][data-slip="slip:as-transposed"]')).toHaveAttribute('data-count', '4');
    });

    await test.step('the board link round-trips: the same rows, refusals and counts', async () => {
      await page.getByTestId('board-link').click();
      const url = await page.getByTestId('board-link-url').inputValue();
      expect(url.length).toBeLessThan(48_000);
      const rows = async () => b.rows().evaluateAll((rs) => rs.map((r) => [r.getAttribute('data-exercise'), r.getAttribute('data-count'), r.getAttribute('data-bad'), r.getAttribute('data-names')].join('|')));
      const before = await rows();
      await page.goto(`./${url.slice(url.indexOf('?'))}`);
      await expect(page.getByTestId('board-view')).toBeVisible();
      await expect(b.rowsOf('tiled')).toHaveCount(5);
      expect(await rows()).toEqual(before);
      // Not checked here yet (a link carries links, not verdicts).
      await expect(b.rowsOf('naive').first()).toHaveAttribute('data-verdict', 'unchecked');
      // A damaged board link (opened in the same page: only the fragment changes) says so and changes nothing.
      await page.goto(`./?view=board#b=${url.slice(url.indexOf('#b=') + 3, -4)}AAAA`);
      await expect(page.getByTestId('board-input-error')).toHaveAttribute('data-why', 'damaged');
      expect(await rows()).toEqual(before);
    });
  });
});
