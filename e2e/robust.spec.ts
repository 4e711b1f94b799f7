import { budgetMs } from './budget';
import { test, expect } from './fixtures';

/**
 * Moved to e2e/gpu.spec.ts: "random shapes #1–10 … #41–50 (1…160 per dimension, seeded) through every kernel of
 * the record": the same 50 seeded shapes and tile widths this test drew, now through every kernel, one dispatch each,
 * below the UI. Here: a run after each change of shape and tile is for the shape and tile set (never the last run's).
 */
test('consecutive runs after changes of shape and tile are each verified for the shape and tile set', async ({ app }) => {
  const cases = [
    { shape: { m: 127, k: 3, n: 61 }, tile: 32 },
    { shape: { m: 5, k: 150, n: 9 }, tile: 2 },
    { shape: { m: 33, k: 17, n: 96 }, tile: 8 },
  ];
  test.setTimeout(budgetMs(cases.map((c) => c.shape), 2));
  await app.open('?samples=3');
  for (const [i, { shape, tile }] of cases.entries()) {
    await test.step(`#${i + 1}: ${shape.m}×${shape.k}×${shape.n}, tile ${tile}`, async () => {
      await app.setShape(shape);
      await app.setTile(tile);
      await app.run('run-both'); // waits for a new run's final status on both cards
      for (const id of ['naive', 'tiled'] as const) {
        expect(await app.outcome(id), id).toEqual({ status: 'verified', shape: `${shape.m}x${shape.k}x${shape.n}`, tile: String(tile) });
      }
    });
  }
});

test('the production build carries a Content-Security-Policy without inline script or eval', async ({ app, page }) => {
  await app.open();
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(await page.locator('script:not([src])').count()).toBe(0);
});

test('malformed URLs of every kind leave the app usable', async ({ app, page }) => {
  const queries = [
    '?m=%E0%A4%A',
    '?m=1e999&k=NaN&n=Infinity',
    '?tile=%00&pattern=__proto__&seed=-0',
    `?m=${'9'.repeat(5000)}`,
    '?m=<script>alert(1)</script>',
    '?sizes=,,,,&view=nope&dotn=abc',
    '?&&&==&m',
    '#r=',
    '#r=r1.',
  ];
  for (const q of queries) {
    await test.step(q.slice(0, 40), async () => {
      await page.goto(`./${q}`);
      await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
      await expect(page.locator('h1')).toHaveText('Tiles');
      await expect(page.locator('script:not([src])')).toHaveCount(0);
    });
  }
  // The last link was a damaged share link (the shared-results view): the lesson is one click away.
  await expect(page.getByTestId('share-error')).toBeVisible();
  await app.goTo('lesson');
  await app.setShape({ m: 3, k: 3, n: 3 });
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
});
