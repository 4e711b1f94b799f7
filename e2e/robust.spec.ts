import { budgetMs } from './budget';
import { test, expect } from './fixtures';

/** A small seeded PRNG, so the random shapes are the same on every run (and can be reproduced). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/**
 * Sized for SwiftShader on 2 cores (issue #15): 50 shapes of 1…kMaxDim per dimension still cross
 * every tile width's edge (2…32) several times, and the 64- and 128-wide blocks' edges too.
 */
const kRandomShapes = 50;
const kMaxDim = 160;

test(`${kRandomShapes} random shapes (1…${kMaxDim} per dimension) through naive and tiled, every one verified`, async ({ app }) => {
  const r = lcg(20261121);
  const tiles = [2, 4, 8, 16, 32];
  const cases = Array.from({ length: kRandomShapes }, () => {
    const shape = { m: 1 + Math.floor(r() * kMaxDim), k: 1 + Math.floor(r() * kMaxDim), n: 1 + Math.floor(r() * kMaxDim) };
    return { shape, tile: tiles[Math.floor(r() * tiles.length)]! };
  });
  test.setTimeout(budgetMs(cases.map((c) => c.shape), 2));
  await app.open('?samples=3');
  // Every final outcome is recorded as shown; the checks below are on what was recorded.
  const outcomes: Array<{ what: string; status: string | null; shape: string | null; tile: string | null; want: string; wantTile: string }> = [];
  const t0 = Date.now();
  for (const [i, { shape, tile }] of cases.entries()) {
    await test.step(`#${i + 1}: ${shape.m}×${shape.k}×${shape.n}, tile ${tile}`, async () => {
      await app.setShape(shape);
      await app.setTile(tile);
      await app.run('run-both'); // waits for a new run's final status on both cards
      for (const id of ['naive', 'tiled'] as const) {
        outcomes.push({ what: `#${i + 1} ${id}`, ...(await app.outcome(id)), want: `${shape.m}x${shape.k}x${shape.n}`, wantTile: String(tile) });
      }
    });
  }
  const bad = outcomes.filter((o) => o.status !== 'verified' || o.shape !== o.want || o.tile !== o.wantTile);
  console.log(`random shapes: ${outcomes.length - bad.length} of ${outcomes.length} runs verified in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  expect(bad, 'runs not verified, or for another shape or tile').toEqual([]);
  expect(outcomes).toHaveLength(2 * kRandomShapes);
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
