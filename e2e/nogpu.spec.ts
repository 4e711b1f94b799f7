import { test, expect } from '@playwright/test';

/** A browser without WebGPU: the status explains, nothing is shown as a GPU result, the teaching views run on a CPU simulation. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });
  });
});

test('no WebGPU: the GPU panel explains how to enable it', async ({ page }) => {
  await page.goto('./?m=3&k=3&n=3&tile=2');
  const status = page.getByTestId('gpu-status');
  await expect(status).toHaveAttribute('data-state', 'unavailable');
  await expect(status).toContainText('navigator.gpu is missing');
  await expect(status).toContainText('Chrome or Edge');
  await expect(status).toContainText('Firefox');
  await expect(status).toContainText('Safari');
});

test('no WebGPU: a run shows a clear message, no GPU result, and the simulated tile map and stepper', async ({ page }) => {
  await page.goto('./?m=3&k=3&n=3&tile=2');
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'unavailable');
  await page.getByTestId('run-tiled').click();
  await expect(page.getByTestId('error-message')).toContainText('Nothing ran on a GPU');
  await expect(page.getByTestId('error-message')).toContainText(/The CPU reference .* computed 3×3×3 in [\d.]+ ms \(wall clock, median of 3 runs\)/);
  await expect(page.getByTestId('result-tiled')).not.toHaveAttribute('data-status', /.*/);
  const map = page.getByTestId('tile-map');
  await expect(map).toHaveAttribute('data-source', 'cpu');
  await expect(page.getByTestId('simulated-note')).toBeVisible();
  await expect(page.getByTestId('tile-cell-1-1')).toHaveAttribute('data-workgroup', '1,1');
  await expect(page.getByTestId('phase-stepper')).toHaveAttribute('data-source', 'cpu');
  await page.getByTestId('tile-cell-0-0').click();
  for (let i = 0; i < 4; i++) await page.getByTestId('phase-next').click();
  await expect(page.getByTestId('lane-a-0-1')).toHaveAttribute('data-oob', 'true');
  await expect(page.getByTestId('formula')).toHaveText('C11 = A11·B11 + A12·B21');
  // The boundary lesson works in the simulation too.
  await page.getByTestId('toggle-bounds').uncheck();
  await expect(page.getByTestId('bounds-off-summary')).toContainText(/wrong/);
});
