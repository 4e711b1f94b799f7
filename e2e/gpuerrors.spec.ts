import { test, expect } from '@playwright/test';
import { spyOnDevices } from './fixtures';

/**
 * Uncaptured GPU errors are state the GPU panel shows, not only console lines. This spec uses the
 * plain Playwright test (not ./fixtures, which fails any test that sees an uncaptured error): it
 * causes one validation error on the app's own device, outside every error scope, on purpose.
 */
test('an uncaptured GPU error is listed in the GPU panel until cleared', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await spyOnDevices(page);
  await page.goto('./');
  const panel = page.getByTestId('gpu-status');
  await expect(panel).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('gpu-errors')).toHaveCount(0);
  // MAP_READ together with STORAGE is a validation error; no error scope is open, so it is uncaptured.
  // (Chromium reports it once the commands are flushed: the empty submit does that.)
  await page.evaluate(async () => {
    const device = (window as unknown as { __devices: GPUDevice[] }).__devices.at(-1)!;
    device.createBuffer({ size: 4, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.STORAGE });
    device.queue.submit([]);
    await device.queue.onSubmittedWorkDone();
  });
  const errors = page.getByTestId('gpu-errors');
  await expect(errors).toHaveAttribute('data-count', '1');
  // The panel lists what the engine reported (its own wording, which differs between browsers and versions).
  const reported = await page.evaluate(() => (window as unknown as { __gpuErrors: string[] }).__gpuErrors);
  expect(reported).toHaveLength(1);
  await expect(errors).toContainText(reported[0]!.split('\n')[0]!.trim());
  expect(consoleErrors.some((e) => e.startsWith('Uncaptured WebGPU error:'))).toBe(true);
  // The device still works: the panel stays ready, and Clear empties the list.
  await expect(panel).toHaveAttribute('data-state', 'ready');
  await errors.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByTestId('gpu-errors')).toHaveCount(0);
});
