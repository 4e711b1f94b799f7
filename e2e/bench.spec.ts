import { test, expect } from './fixtures';

import { BenchPage } from './pages/bench';

test('a small sweep end to end: progress, chart, table, verified points, share link, history', async ({ app, page }) => {
  await app.open('?sizes=16,24,40&tile=8');
  await expect(page.getByTestId('bench-sizes')).toHaveValue('16,24,40');
  const bench = app.bench;
  await bench.run('done');
  await expect(bench.progress).toHaveAttribute('data-done', '6');
  await expect(bench.rows()).toHaveCount(6);
  for (const r of await bench.rows().all()) await expect(r).toContainText('✓');
  await expect(bench.chart).toHaveAttribute('data-series', '2');
  // This machine's adapter is SwiftShader: the chart draws none of its points as a speed and says so,
  // and every row is marked (one trust rule on every screen, issue #46). A GPU's chart: e2e/gpulink.spec.ts.
  await expect(bench.chart.getByTestId('chart-nothing')).toBeVisible();
  await expect(page.getByTestId('chart-legend')).toHaveCount(0); // no legend of lines under "Nothing to draw"
  await expect(bench.table.getByTestId('point-software')).toHaveCount(6);
  await expect(bench.table).toContainText('GPU timestamps');
  const link = await bench.shareLink.inputValue();
  expect(link).toMatch(/#r=r2\.[A-Za-z0-9_-]+$/);
  /** A row's figures as text, without the marks a reader's page adds to a software sender's points. */
  const figures = (rows: ReturnType<typeof bench.rows>) =>
    rows.evaluateAll((els) =>
      els.map((r) => {
        const c = r.cloneNode(true) as HTMLElement;
        c.querySelectorAll('[data-testid="point-software"]').forEach((m) => m.remove());
        return (c.textContent ?? '').replace(/\s+/g, ' ').trim();
      }),
    );
  const before = await figures(bench.rows());

  await test.step('the link reopens identical figures in a fresh page, labelled as shared', async () => {
    const fresh = await page.context().newPage();
    await fresh.goto(link);
    await expect(fresh.getByTestId('shared-banner')).toContainText('Shared results');
    const there = new BenchPage(fresh);
    await expect(there.table).toBeVisible();
    // The same figures; this sender is SwiftShader, so the reader's page says so and marks every point.
    expect(await figures(there.rows())).toEqual(before);
    await expect(fresh.getByTestId('shared-software')).toBeVisible();
    await expect(there.rows().first().getByTestId('point-software')).toBeVisible();
    await expect(there.chart).toHaveAttribute('data-series', '2');
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
  await app.goTo('lesson');
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
});

test('a link whose data was altered is rejected', async ({ app, page }) => {
  await app.open('?sizes=8&tile=4');
  await app.bench.setKernel('naive', false);
  await app.bench.run('done');
  const link = await app.bench.shareLink.inputValue();
  const cut = link.slice(0, link.length - 7);
  await page.goto(cut);
  await expect(page.getByTestId('share-error')).toBeVisible();
});

test('cancel stops a sweep', async ({ app }) => {
  await app.open('?sizes=160,192,224,256,288,320&tile=16');
  await app.bench.start();
  await expect(app.bench.progress).toHaveAttribute('data-status', 'running');
  await app.bench.cancel();
  await expect(app.bench.progress).toHaveAttribute('data-status', 'cancelled');
  const done = Number(await app.bench.progress.getAttribute('data-done'));
  expect(done).toBeLessThan(12);
  await expect(app.bench.shareLink).toHaveCount(0);
  // The app is usable afterwards.
  await app.goTo('lesson');
  await app.setShape({ m: 5, k: 5, n: 5 });
  await app.run('run-naive');
  await expect(app.result('naive')).toHaveAttribute('data-status', 'verified');
});

test('each bad field of the sweep form is marked and explained beside itself, every one at once', async ({ app, page }) => {
  await app.open('?view=bench');
  await page.getByTestId('bench-warmups').fill('-1');
  await page.getByTestId('bench-samples').fill('1.5');
  await expect(page.getByTestId('bench-warmups')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('bench-samples')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('bench-sizes')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('bench-warmups-error')).toContainText('Warm-up runs must be a whole number');
  await expect(page.getByTestId('bench-samples-error')).toContainText('Timed samples must be a whole number');
  await expect(page.getByTestId('bench-sizes-error')).toHaveCount(0);
  await page.getByTestId('bench-sizes').fill('64, -5');
  await expect(page.getByTestId('bench-sizes-error')).toContainText('Size must be at least 1 (got -5)');
  await expect(page.getByTestId('bench-sizes')).toHaveAttribute('aria-describedby', 'bench-sizes-error');
  await app.bench.start();
  await expect(app.bench.progress).toHaveAttribute('data-status', 'idle');
  // Fixed, the marks go; 1e2 is a size as it is an M, K or N in the lesson.
  await page.getByTestId('bench-sizes').fill('1e2');
  await page.getByTestId('bench-warmups').fill('1');
  await page.getByTestId('bench-samples').fill('0');
  await expect(page.getByTestId('bench-error')).toHaveCount(0);
  await expect(page.getByTestId('bench-warmups')).not.toHaveAttribute('aria-invalid', 'true');
});

test('an empty or blank warm-up or sample count is asked for beside its field, and nothing runs (issue #26)', async ({ app, page }) => {
  await app.open('?view=bench&sizes=8');
  await page.getByTestId('bench-warmups').fill('');
  await page.getByTestId('bench-samples').fill('   ');
  await expect(page.getByTestId('bench-warmups')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('bench-samples')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('bench-warmups-error')).toContainText('Warm-up runs are required');
  await expect(page.getByTestId('bench-samples-error')).toContainText('Timed samples are required');
  await app.bench.start();
  await expect(app.bench.progress).toHaveAttribute('data-status', 'idle');
  await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-done', '0');
});

test('bad sweep sizes get a message and never start', async ({ app, page }) => {
  await app.open('?sizes=16,abc');
  await expect(page.getByTestId('bench-error')).toContainText('must be a whole number');
  await app.bench.start();
  await expect(app.bench.progress).toHaveAttribute('data-status', 'idle');
});

test('a sweep large enough to be estimated: the estimate states the points its own rule will skip, and gives way to what happened once done (issue #46)', async ({ app, page }) => {
  test.setTimeout(180_000);
  // 1024³ needs an estimate; on this adapter its points are skipped or run, as the sweep's rule decides.
  await app.open('?sizes=8,1024&tile=8');
  const bench = app.bench;
  await bench.run('done');
  const estimate = page.getByTestId('run-estimate');
  await expect(estimate).toBeVisible();
  const skipped = Number(await estimate.getAttribute('data-skipped'));
  expect(skipped).toBeGreaterThanOrEqual(0);
  expect(skipped).toBeLessThanOrEqual(4);
  await expect(page.getByTestId('run-estimate-skipped')).toHaveCount(skipped > 0 ? 1 : 0);
  // Done: how long it took, beside the estimate.
  await expect(estimate).toHaveAttribute('data-actual-ms', /^\d+$/);
  await expect(page.getByTestId('run-estimate-actual')).toContainText(/Estimated .+; took .+\./);
});
