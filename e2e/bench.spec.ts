import { test, expect } from './fixtures';

const tableText = (page: import('@playwright/test').Page, id = 'bench-table') =>
  page.getByTestId(id).locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

test('a small sweep end to end: progress, chart, table, verified points, share link, history', async ({ app, page }) => {
  await app.open('?sizes=16,24,40&tile=8');
  await expect(page.getByTestId('bench-sizes')).toHaveValue('16,24,40');
  await page.getByTestId('bench-start').click();
  await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-done', '6');
  const rows = page.getByTestId('bench-table').locator('tbody tr');
  await expect(rows).toHaveCount(6);
  for (const r of await rows.all()) await expect(r).toContainText('✓');
  await expect(page.getByTestId('bench-chart')).toHaveAttribute('data-series', '2');
  await expect(page.getByTestId('bench-chart').locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('bench-table')).toContainText('GPU timestamps');
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toMatch(/#r=r2\.[A-Za-z0-9_-]+$/);
  const before = await tableText(page);

  await test.step('the link reopens identical figures in a fresh page, labelled as shared', async () => {
    const fresh = await page.context().newPage();
    await fresh.goto(link);
    await expect(fresh.getByTestId('shared-banner')).toContainText('Shared results');
    await expect(fresh.getByTestId('bench-table')).toBeVisible();
    expect(await tableText(fresh)).toEqual(before);
    await expect(fresh.getByTestId('bench-chart')).toHaveAttribute('data-series', '2');
    await fresh.close();
  });

  await test.step('history survives a reload', async () => {
    await page.reload();
    await page.getByTestId('bench-history').locator('summary').click();
    await expect(page.getByTestId('history-entry')).toHaveCount(1);
    await expect(page.getByTestId('history-entry')).toContainText('sizes 16, 24, 40');
  });
});

test('a corrupted or truncated link shows share-error and the app stays usable', async ({ app, page }) => {
  for (const frag of ['#r=r1.AAAA', '#r=r1.q83ML', '#r=r2.abc', '#r=r1.%3Cimg%20src%3Dx%3E', `#r=r1.${'A'.repeat(60_000)}`]) {
    await test.step(frag.slice(0, 24), async () => {
      await page.goto(`./?m=4&k=4&n=4&tile=2${frag}`);
      await expect(page.getByTestId('share-error')).toBeVisible();
      await expect(page.getByTestId('shared-banner')).toHaveCount(0);
      await expect(page.locator('img')).toHaveCount(0);
    });
  }
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
});

test('a link whose data was altered is rejected', async ({ app, page }) => {
  await app.open('?sizes=8&tile=4');
  await page.getByTestId('bench-kernel-naive').uncheck();
  await page.getByTestId('bench-start').click();
  await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-status', 'done');
  const link = await page.getByTestId('share-link').inputValue();
  const cut = link.slice(0, link.length - 7);
  await page.goto(cut);
  await expect(page.getByTestId('share-error')).toBeVisible();
});

test('cancel stops a sweep', async ({ app, page }) => {
  await app.open('?sizes=160,192,224,256,288,320&tile=16');
  await page.getByTestId('bench-start').click();
  await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-status', 'running');
  await page.getByTestId('bench-cancel').click();
  await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-status', 'cancelled');
  const done = Number(await page.getByTestId('bench-progress').getAttribute('data-done'));
  expect(done).toBeLessThan(12);
  await expect(page.getByTestId('share-link')).toHaveCount(0);
  // The app is usable afterwards.
  await app.setShape({ m: 5, k: 5, n: 5 });
  await app.run('run-naive');
  await expect(app.result('naive')).toHaveAttribute('data-status', 'verified');
});

test('bad sweep sizes get a message and never start', async ({ app, page }) => {
  await app.open('?sizes=16,abc');
  await expect(page.getByTestId('bench-error')).toContainText('not a whole number');
  await page.getByTestId('bench-start').click();
  await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-status', 'idle');
});
