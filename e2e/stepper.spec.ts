import { test, expect } from './fixtures';
import { laneFits, printedNumber } from './lanes';

/**
 * The phase stepper never clips a value or a label, at any tile width, on the page and in
 * classroom mode, and a value keeps its sign (the old stepper showed "-0.294" as ".29" at tile 16).
 */
test.use({ viewport: { width: 1366, height: 768 } });

for (const tile of [2, 4, 8, 16, 32] as const) {
  test(`tile ${tile}: no lane clips its text and every printed value keeps its sign, on the page and in classroom mode`, async ({ app }) => {
    const page = app.page;
    await app.open(`?m=32&k=32&n=32&tile=${tile}`);
    await app.run('run-tiled');
    await app.tileMap.expectRecorded('gpu');
    await expect(app.tileMap.stepper).toHaveAttribute('data-source', 'gpu');
    // Step 3 of phase 1: the running sums are after the first phase (positive and negative).
    await app.tileMap.next(2);
    await expect(app.tileMap.label).toContainText('step 3 of 4');

    for (const mode of ['page', 'classroom'] as const) {
      await test.step(mode, async () => {
        if (mode === 'classroom') {
          await page.getByTestId('classroom-toggle').click();
          await expect(page.locator('main')).toHaveAttribute('data-classroom', 'true');
        }
        await expect(app.tileMap.lane('a', tile - 1, tile - 1)).toBeVisible();
        // The lanes are fitted to the box the presentation gives them once it is laid out (a busy machine
        // measured them mid-way once): wait for the settled layout, then check it.
        await expect
          .poll(async () => (await laneFits(page)).filter((l) => l.clipped).map((l) => `${l.id} "${l.text}"`), { message: 'lanes whose text leaves the cell' })
          .toEqual([]);
        const lanes = await laneFits(page);
        expect(lanes).toHaveLength(3 * tile * tile);
        expect(lanes.filter((l) => l.clipped).map((l) => `${l.id} "${l.text}"`), 'lanes whose text leaves the cell').toEqual([]);
        const printed = lanes.filter((l) => printedNumber(l.text) !== '');
        if (mode === 'page') {
          // On the page every lane prints its value, with fewer digits where the cell is narrow.
          expect(printed.length).toBe(lanes.length);
        }
        let negatives = 0;
        for (const l of printed) {
          const shown = printedNumber(l.text);
          if (l.value < 0) {
            negatives++;
            expect(shown.startsWith('-'), `${l.id}: ${l.value} shown as "${shown}"`).toBe(true);
          }
          // The printed number is the value rounded to the digits shown, never a cut-off string.
          const decimals = shown.includes('.') ? shown.split('.')[1]!.length : 0;
          if (!shown.includes('e')) expect(Math.abs(Number(shown) - l.value), `${l.id}: ${l.value} shown as "${shown}"`).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-6);
        }
        if (mode === 'page') expect(negatives, 'negative values were checked').toBeGreaterThan(0);
        if (mode === 'page') await app.tileMap.stepper.screenshot({ path: `test-results/stepper-page-tile${tile}.png` });
        else await page.screenshot({ path: `test-results/stepper-classroom-tile${tile}.png` });

        // The focused lane is printed in full beside the grids, chosen by keyboard (row and column fields).
        await page.getByTestId('lane-row').fill(String(tile - 1));
        await page.getByTestId('lane-col').fill(String(Math.floor(tile / 2)));
        const lane = app.tileMap.lane('a', tile - 1, Math.floor(tile / 2));
        await expect(lane).toHaveClass(/focused/);
        const value = Number(await lane.getAttribute('data-value'));
        const detail = (await page.getByTestId('lane-detail-as').textContent()) ?? '';
        if ((await lane.getAttribute('data-oob')) === 'true') expect(detail).toBe('0.0');
        else {
          expect(detail.startsWith('-')).toBe(value < 0);
          expect(Math.abs(Number(detail) - value)).toBeLessThanOrEqual(5e-4 + 1e-6);
        }
        // The selected tile is the last one (rows 32 - tile … 31), phase 1: the lane loads A[31][tile/2].
        await expect(page.getByTestId('lane-detail')).toContainText(`A[31][${Math.floor(tile / 2)}]`);
      });
    }
  });
}
