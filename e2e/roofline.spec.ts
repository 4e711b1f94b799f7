import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * The measured roofline on SwiftShader (the real WebGPU adapter here): two rungs are run at a tiny
 * shape, then roofline-run measures both probes at the software adapter's small sizes (a 1 MiB copy,
 * about 4 MFLOP of fma), each checked against the CPU. The chart shows both roofs as numbers above
 * zero, says both probes were verified, and places every rung that ran; the tensor roof is not
 * measured here (no subgroup matrices) and the view says why.
 */
test('roofline-run measures both roofs, verified, and places the rungs that ran', async ({ app }) => {
  test.setTimeout(90_000);
  // The lesson's two kernels at a tiny shape, through the app's own run; then the ladder, whose
  // rows show the results of the same shape.
  await app.open('?m=32&k=32&n=32&tile=8');
  const page = app.page;
  await page.getByTestId('run-both').click();
  await expect(page.getByTestId('result-tiled')).toHaveAttribute('data-status', 'verified', { timeout: 60_000 });
  await app.goTo('ladder');
  await expect(page.getByTestId('roofline-estimate')).toContainText('MiB');
  await expect(app.ladder.rung('naive')).toHaveAttribute('data-status', 'verified');
  await page.getByTestId('roofline-run').click();
  const chart = page.getByTestId('roofline-chart');
  await expect(chart).toBeVisible({ timeout: 60_000 });
  const bw = Number(await chart.getAttribute('data-bandwidth-gbs'));
  const fma = Number(await chart.getAttribute('data-fma-gflops'));
  expect(bw).toBeGreaterThan(0);
  expect(fma).toBeGreaterThan(0);
  await expect(page.getByTestId('roofline-figures')).toHaveAttribute('data-verified', 'true');
  await expect(page.getByTestId('roofline-bandwidth')).toContainText('verified');
  await expect(page.getByTestId('roofline-fma')).toContainText('verified');
  await expect(page.getByTestId('roofline-roof-here')).toBeVisible();
  await expect(page.getByTestId('roofline-roof-reference')).toBeVisible();
  await expect(page.getByTestId('roofline-reference')).toContainText('H100 reference');
  // No tensor roof here (SwiftShader offers no subgroup matrices): said in one line with why, never as
  // an error, and nothing drawn for it (issue #49). On a GPU with them, e2e-gpu/app.gpu.ts checks the roof.
  await expect(page.getByTestId('roofline-tensor-none')).toHaveText(/^Tensor roof not measured .*: (this adapter does not offer the WebGPU features it needs: .*chromium-experimental-subgroup-matrix|its WGSL is written for subgroups of exactly 32)/);
  await expect(page.getByTestId('roofline-roof-tensor')).toHaveCount(0);
  await expect(page.getByTestId('roofline-tensor')).toHaveCount(0);
  await expect(page.getByTestId('roofline-error')).toHaveCount(0);
  // Every rung that ran and verified is listed under the chart; a point on it when its figure is a speed
  // (core/trust notDrawn: not an untimeable one, nor a software adapter's, as this machine's is).
  const ran = await page.locator('[data-testid^="ladder-"][data-status="verified"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('ladder-', '')));
  expect(ran.length).toBeGreaterThan(0);
  for (const id of ran) {
    const trust = ((await app.ladder.rung(id).getAttribute('data-trust')) ?? '').split(' ');
    const drawn = !trust.includes('untimeable') && !trust.includes('software');
    await expect(page.locator(`[data-testid="roofline-rung-list"] [data-point="${id}"]`)).toHaveAttribute('data-drawn', String(drawn));
    await expect(page.getByTestId(`roofline-point-${id}`)).toHaveCount(drawn ? 1 : 0);
  }
  // Each measured rung's bar follows the trust rule over its own figures (no count of marks: that is the
  // machine's): an untimeable rung, or a software adapter's, gets no bar and says so; a trusted or noisy one has a rate and a bar.
  for (const id of ran) {
    const rung = app.ladder.rung(id);
    const trust = (await rung.getAttribute('data-trust')) ?? '';
    expect(trust, `${id}: judged`).toMatch(/^[a-z]+( [a-z]+)*$/);
    if (trust.split(' ').includes('software')) {
      await expect(rung.locator('.bar'), `${id}: no bar`).toHaveCount(0);
      await expect(rung.getByTestId('point-software'), `${id}: the mark`).toHaveText('⚠ software adapter: not a GPU’s speed');
    } else if (trust.split(' ').includes('untimeable')) {
      await expect(rung.locator('.bar'), `${id}: no bar`).toHaveCount(0);
      await expect(rung.getByTestId('point-untimeable'), `${id}: the mark`).toHaveText('⚠ too small to time');
    } else {
      await expect(rung, id).toHaveAttribute('data-gflops', /\d/);
      await expect(rung.locator('.bar'), `${id}: a bar`).toHaveCount(1);
    }
  }
});

/**
 * Presses a run button, then its Cancel button in the page as soon as it appears: on SwiftShader a
 * probe can finish within a second, and a click from the test, under load, could come after the run
 * had ended. False when Cancel never appeared.
 */
async function runThenCancel(page: Page, runId: string, cancelId: string): Promise<boolean> {
  await expect(page.getByTestId(runId)).toBeEnabled();
  return page.evaluate(
    async ({ runId, cancelId }) => {
      (document.querySelector(`[data-testid="${runId}"]`) as HTMLButtonElement).click();
      for (const end = performance.now() + 20_000; performance.now() < end; ) {
        const cancel = document.querySelector<HTMLButtonElement>(`[data-testid="${cancelId}"]`);
        if (cancel) {
          cancel.click();
          return true;
        }
        await new Promise((r) => setTimeout(r, 1));
      }
      return false;
    },
    { runId, cancelId },
  );
}

test('the roofline and a probe can be cancelled while they run: said plainly, not as a failure, and the next run starts', async ({ app }) => {
  const page = app.page;
  await app.open('?view=ladder&m=16&k=16&n=16');
  expect(await runThenCancel(page, 'roofline-run', 'roofline-cancel'), 'Cancel appeared while the roofline ran').toBe(true);
  const said = page.getByTestId('roofline-error');
  await expect(said).toHaveAttribute('data-cancelled', 'true');
  await expect(said).not.toHaveClass(/error-text/);
  await expect(page.getByTestId('roofline-cancel')).toHaveCount(0);
  expect(await runThenCancel(page, 'probe-coalescing-run', 'probe-coalescing-cancel'), 'Cancel appeared while the probe ran').toBe(true);
  await expect(page.getByTestId('probe-coalescing-error')).toHaveClass(/small/);
  await expect(page.getByTestId('probe-coalescing-error')).toContainText('Cancelled');
  // The lock is free: the probe runs to its end and verifies.
  await page.getByTestId('probe-coalescing-run').click();
  await expect(page.getByTestId('probe-coalescing')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('probe-coalescing')).toHaveAttribute('data-verified', 'true');
});

test('a cancelled second roofline run leaves no ✓ beside figures it did not produce (issue #35)', async ({ app }) => {
  test.setTimeout(120_000);
  const page = app.page;
  await app.open('?view=ladder&m=16&k=16&n=16');
  await page.getByTestId('roofline-run').click();
  await expect(page.getByTestId('roofline-figures')).toHaveAttribute('data-verified', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('roofline')).toContainText('✓');
  expect(await runThenCancel(page, 'roofline-run', 'roofline-cancel'), 'Cancel appeared while the second run ran').toBe(true);
  await expect(page.getByTestId('roofline-error')).toHaveAttribute('data-cancelled', 'true');
  // The first run's figures went when the second started: nothing stays under a ✓ the cancelled run did not earn.
  await expect(page.getByTestId('roofline-figures')).toHaveCount(0);
  await expect(page.getByTestId('roofline-chart')).toHaveCount(0);
  await expect(page.getByTestId('roofline')).not.toContainText('✓');
  await expect(page.getByTestId('roofline')).not.toContainText('verified against the CPU');
});
