import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { forgeLink, samplePayload } from './links';
import { PracticePage } from './pages/practice';

/**
 * One trust rule on every screen (issue #46): on this machine's software adapter (SwiftShader) every
 * figure this page measured and shows as a speed carries the software mark (`point-software`). The
 * views put each such figure in an element marked `data-speed="here"` (result cards, ladder bars,
 * roofline figures and points, probes, partitions, dot product, benchmark table, the compare column
 * "here", Time it); the test runs each view, enumerates the places it expects by name, and checks
 * that they, and every other `data-speed="here"` on the page, hold the mark.
 */

/** Every `data-speed="here"` element on the page, and whether each holds (or is) a software mark. */
async function speedPlaces(page: Page): Promise<Array<{ text: string; marked: boolean }>> {
  return page.locator('[data-speed="here"]').evaluateAll((els) =>
    els.map((e) => ({
      text: (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim().slice(0, 80),
      marked: e.matches('[data-testid="point-software"]') || e.querySelector('[data-testid="point-software"]') !== null,
    })),
  );
}

/** The named places are there, each a speed of this page, and every speed of this page is marked. */
async function expectMarked(page: Page, where: string, named: ReadonlyArray<Locator>): Promise<number> {
  for (const place of named) {
    await expect(place, `${where}: a speed place`).toHaveAttribute('data-speed', 'here');
    await expect(place.getByTestId('point-software').first(), `${where}: marked as a software adapter’s`).toBeAttached();
  }
  const all = await speedPlaces(page);
  expect(all.filter((p) => !p.marked), `${where}: speeds of this page without the software mark`).toEqual([]);
  return all.length;
}

test.describe('the software mark on every speed of this page (issue #46)', () => {
  test('lesson, ladder (bars, roofline figures and points), probes, partitions', async ({ app, page }) => {
    test.setTimeout(150_000);
    await app.open('?m=32&k=32&n=32&tile=8');
    await page.getByTestId('run-both').click();
    await expect(page.getByTestId('result-tiled')).toHaveAttribute('data-status', 'verified', { timeout: 60_000 });
    await expect(page.getByTestId('result-naive')).toHaveAttribute('data-status', 'verified');
    await expectMarked(page, 'lesson', [page.getByTestId('result-naive').locator('[data-speed]'), page.getByTestId('result-tiled').locator('[data-speed]')]);

    await app.goTo('ladder');
    const rungs = ['naive', 'tiled'].map((id) => app.ladder.rung(id).locator('[data-speed]'));
    for (const id of ['naive', 'tiled']) {
      await expect(app.ladder.rung(id)).toHaveAttribute('data-trust', /\bsoftware\b/);
      // No bar: a software adapter's figure is never drawn as a speed (core/trust notDrawn).
      await expect(app.ladder.rung(id).locator('.bar')).toHaveCount(0);
    }
    await page.getByTestId('roofline-run').click();
    await expect(page.getByTestId('roofline-chart')).toBeVisible({ timeout: 60_000 });
    const roof = ['roofline-bandwidth', 'roofline-builtin', 'roofline-fma'].map((id) => page.getByTestId(id));
    const points = ['naive', 'tiled'].map((id) => page.locator(`[data-testid="roofline-rung-list"] [data-point="${id}"]`));
    await expectMarked(page, 'ladder', [...rungs, ...roof, ...points]);
    // Listed, not drawn: no point of the chart is a software adapter's figure.
    for (const id of ['naive', 'tiled']) {
      await expect(page.locator(`[data-point="${id}"]`)).toHaveAttribute('data-drawn', 'false');
      await expect(page.getByTestId(`roofline-point-${id}`)).toHaveCount(0);
    }
    await page.getByTestId('probe-coalescing-run').click();
    const coalesced = page.getByTestId('probe-coalescing-coalesced');
    await expect(coalesced).toHaveAttribute('data-verified', 'true', { timeout: 60_000 });
    await expectMarked(page, 'probes', [coalesced.locator('[data-speed]'), page.getByTestId('probe-coalescing-strided').locator('[data-speed]')]);
    await expect(page.getByTestId('probe-coalescing-ratio')).not.toHaveAttribute('data-ratio');

    await app.goTo('partitions');
    await page.getByTestId('run-strip').click();
    for (const id of ['partition-strip', 'partition-tiled']) await expect(page.getByTestId(id)).toContainText('✓', { timeout: 60_000 });
    await expectMarked(page, 'partitions', [page.getByTestId('partition-strip').locator('[data-speed]'), page.getByTestId('partition-tiled').locator('[data-speed]')]);
    await expect(page.getByTestId('partitions-speed')).not.toContainText('faster');
  });

  test('dot product, benchmark table and the compare column “here”, Time it', async ({ app, page }) => {
    test.setTimeout(150_000);
    await app.open('?view=dot&dotn=1000');
    await page.getByTestId('dot-run').click();
    const dotSpeed = page.locator('[data-testid="dot-result"] [data-speed]');
    await expect(dotSpeed).toBeVisible({ timeout: 60_000 });
    await expectMarked(page, 'dot product', [dotSpeed]);

    // A GPU's shared link, then "Run the same benchmark here": the table of this page and the column "here".
    const kernels = [
      { id: 'naive', usesTile: false },
      { id: 'tiled', usesTile: true },
    ];
    await app.open(`?view=shared#r=${forgeLink(samplePayload(kernels, [16, 24]))}`);
    await page.getByTestId('shared-run-here').click();
    await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
    const mine = page.getByTestId('bench-table');
    const here = page.locator('[data-testid="compare-table"] td[data-speed]');
    await expect(here.first()).toBeVisible();
    await expectMarked(page, 'benchmark', [mine.locator('td[data-speed]').first(), here.first()]);
    // No ratio is claimed from a software adapter's point.
    await expect(page.locator('[data-testid="compare-ratio"][data-ratio]:not([data-ratio=""])')).toHaveCount(0);

    await app.open('?view=practice&ex=naive');
    await page.getByTestId('exercise-solution').click();
    await expect(page.getByTestId('exercise-run')).toBeEnabled();
    expect(await new PracticePage(page).run()).toBe('pass');
    await page.getByTestId('exercise-time').click();
    const timed = page.getByTestId('exercise-timed');
    await expect(timed).toHaveAttribute('data-verified', 'true', { timeout: 60_000 });
    await expectMarked(page, 'Time it', [timed.locator('[data-speed]')]);
  });
});
