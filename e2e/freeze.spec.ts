import { test, expect, type AppPage } from './fixtures';
import { budgetMs } from './budget';
import type { Page } from '@playwright/test';

/**
 * Never frozen (issue #15): the CPU work of a run (generating A and B, the reference, verification)
 * runs in a Web Worker, uploads and read-backs go in chunks, and a large run is estimated and asks
 * first. A probe in the page (setInterval every 100 ms) records the gaps between its ticks: the
 * main thread must answer every one within 250 ms.
 */
const kProbeMs = 100;
const kMaxGapMs = 250;

async function startProbe(page: Page): Promise<void> {
  await page.evaluate((every) => {
    const w = window as unknown as { __gaps: number[]; __probe: number };
    w.__gaps = [];
    let last = performance.now();
    w.__probe = window.setInterval(() => {
      const t = performance.now();
      w.__gaps.push(t - last);
      last = t;
    }, every);
  }, kProbeMs);
}

async function stopProbe(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __gaps: number[]; __probe: number };
    window.clearInterval(w.__probe);
    return w.__gaps;
  });
}

function expectResponsive(gaps: readonly number[], minTicks: number): void {
  expect(gaps.length, 'the probe ticked').toBeGreaterThanOrEqual(minTicks);
  const worst = Math.max(...gaps);
  console.log(`main-thread probe: ${gaps.length} ticks, longest gap ${worst.toFixed(0)} ms`);
  expect(worst, `longest gap between ${kProbeMs} ms probe ticks`).toBeLessThanOrEqual(kMaxGapMs);
}

async function smallRunVerifies(app: AppPage): Promise<void> {
  await app.setShape({ m: 24, k: 16, n: 24 });
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
}

test('8192³ is estimated and asks first; while it starts the page answers every probe; Cancel ends it cleanly', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await app.open('?m=8192&k=8192&n=8192&tile=16');
  await startProbe(page);

  // The estimate: from this adapter's measured rate, with the memory the run needs; it asks.
  await page.getByTestId('run-tiled').click();
  const estimate = page.getByTestId('run-estimate');
  await expect(estimate).toHaveAttribute('data-asking', 'true');
  expect(Number(await estimate.getAttribute('data-total-ms'))).toBeGreaterThan(10_000);
  expect(Number(await estimate.getAttribute('data-page-bytes'))).toBeGreaterThan(2 ** 30);
  await expect(estimate).toContainText('GFLOP/s');
  await expect(estimate).toContainText(/GiB in this page/);

  // Keyboard: focus is on Cancel; Escape answers no and nothing runs.
  await expect(page.getByTestId('estimate-cancel')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('error-message')).toContainText('you chose not to start it');
  await expect(app.result('tiled')).not.toHaveAttribute('data-status', 'running');

  // Again, and Continue with the keyboard: the run starts (the rate is known now: no second probe).
  await page.getByTestId('run-tiled').click();
  await expect(estimate).toHaveAttribute('data-asking', 'true');
  await page.getByTestId('estimate-continue').focus();
  await page.keyboard.press('Enter');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'running');
  // Generating 2 × 256 MiB of data takes seconds: the worker does it while the page answers.
  await expect(app.result('tiled')).toContainText(/Generating A and B \(\d+ %\)/);
  await page.waitForTimeout(1000);
  await page.getByTestId('run-cancel').click();
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'error');
  await expect(app.result('tiled')).toContainText('Cancelled');
  await expect(app.result('tiled')).not.toContainText('Verified');
  expectResponsive(await stopProbe(page), 20);

  // The page is usable and the next small run verifies.
  await startProbe(page);
  await smallRunVerifies(app);
  expectResponsive(await stopProbe(page), 1);
});

test('a run through every phase (generate, upload, kernel, read-back, verify) keeps the page answering', async ({ app }) => {
  const shape = { m: 1024, k: 32, n: 1024 };
  test.setTimeout(budgetMs([shape], 1));
  const { page } = app;
  await app.open(`?m=${shape.m}&k=${shape.k}&n=${shape.n}&tile=16&samples=3`);
  await startProbe(page);
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  expectResponsive(await stopProbe(page), 5);
  // Small enough to start at once: no estimate asked.
  await expect(page.getByTestId('run-estimate')).toHaveCount(0);
});
