import { test, expect } from './fixtures';

const closed = (n: number) => n * (n - 1);

// N = 1, 4099 (workgroup 64) and 2^22 moved to e2e/gpu.spec.ts ("dot product: the closed form N(N − 1) …" for every
// workgroup size and either final sum, and "dot product: N = 2^22 …"), one dispatch each, below the UI.
// Here: N from the link, the run, and the exact value shown with its grouping, once.
for (const [n, wg] of [
  [1000, 256], // not a multiple of the workgroup size
] as const) {
  test(`dot product N = ${n}: the closed form N(N − 1), shown exactly when it is exact`, async ({ app, page }) => {
    await page.goto(`./?view=dot&dotn=${n}`);
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('dot-n')).toHaveValue(String(n));
    await app.dot.set({ workgroupSize: wg });
    expect(await app.dot.run()).toBe('verified');
    const result = app.dot.result;
    const value = Number(await result.getAttribute('data-value'));
    // Every partial sum is an integer below 2^24: the f32 result is exact.
    expect(value).toBe(closed(n));
    await expect(result).toContainText(closed(n).toLocaleString('en-US'));
  });
}

test('dot product of random data, with the GPU final pass, matches the CPU reference', async ({ app }) => {
  await app.open('?view=dot&dotn=123457');
  await app.dot.set({ pattern: 'random', gpuFinal: true, maxWorkgroups: 100 });
  expect(await app.dot.run()).toBe('verified');
  await expect(app.dot.result).toContainText('100 workgroups');
  await expect(app.dot.result).toContainText('GPU (second pass)');
  await expect(app.dot.result).toContainText(/GB\/s/);
});

test('the reduction view steps through the GPU’s own values, halving the active invocations', async ({ app }) => {
  await app.open('?view=dot&dotn=64');
  await app.dot.set({ workgroupSize: 32, maxWorkgroups: 1 });
  expect(await app.dot.run()).toBe('verified');
  await expect(app.dot.stepLabel).toContainText('Step 0 of 5');
  // Step 0: invocation t holds 2t + 2(t + 32) (a[i] = i, b = 2, two elements per invocation over 1 workgroup).
  await expect(app.dot.cell(3).locator('.lane-val')).toHaveText(String(2 * 3 + 2 * 35));
  await app.dot.next();
  await expect(app.dot.stepLabel).toContainText('stride 16');
  await expect(app.dot.activeCells()).toHaveCount(16);
  await app.dot.next(4);
  await expect(app.dot.activeCells()).toHaveCount(1);
  await expect(app.dot.cell(0).locator('.lane-val')).toHaveText(closed(64).toLocaleString('en-US'));
  await app.dot.prev();
  await expect(app.dot.activeCells()).toHaveCount(2);
});

test('bad N gets a message and never runs', async ({ app, page }) => {
  await app.open('?view=dot&dotn=0');
  await expect(page.getByTestId('error-message')).toContainText('at least 1');
  await page.getByTestId('dot-run').click();
  await expect(app.dot.result).not.toHaveAttribute('data-status', /.*/);
});
