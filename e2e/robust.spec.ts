import { test, expect } from './fixtures';

/** A small seeded PRNG, so the random shapes are the same on every run (and can be reproduced). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

test('50 random shapes (1…300 per dimension) through naive and tiled, every one verified', async ({ app }) => {
  test.setTimeout(600_000);
  const r = lcg(20261121);
  const tiles = [2, 4, 8, 16, 32];
  await app.open('?samples=3');
  let verified = 0;
  for (let i = 0; i < 50; i++) {
    const shape = { m: 1 + Math.floor(r() * 300), k: 1 + Math.floor(r() * 300), n: 1 + Math.floor(r() * 300) };
    const tile = tiles[Math.floor(r() * tiles.length)]!;
    await test.step(`#${i + 1}: ${shape.m}×${shape.k}×${shape.n}, tile ${tile}`, async () => {
      await app.setShape(shape);
      await app.setTile(tile);
      await app.run('run-both');
      for (const id of ['naive', 'tiled'] as const) {
        await expect(app.result(id)).toHaveAttribute('data-shape', `${shape.m}x${shape.k}x${shape.n}`);
        await expect(app.result(id), `${id} ${shape.m}×${shape.k}×${shape.n} tile ${tile}`).toHaveAttribute('data-status', 'verified');
        verified++;
      }
    });
  }
  expect(verified).toBe(100);
  console.log(`random shapes: ${verified / 2} shapes × 2 kernels verified`);
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
  await app.setShape({ m: 3, k: 3, n: 3 });
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
});
