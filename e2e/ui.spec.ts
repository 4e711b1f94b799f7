import { test, expect } from './fixtures';

test('the URL query prefills the controls, and edits go back into the URL', async ({ app }) => {
  // Every value differs from the default (48×32×48, tile 16, random, seed 1, samples auto): a page that ignored the link would fail.
  await app.open('?m=37&k=19&n=53&tile=8&pattern=integers&seed=7&samples=10');
  await expect(app.page.getByTestId('input-m')).toHaveValue('37');
  await expect(app.page.getByTestId('input-k')).toHaveValue('19');
  await expect(app.page.getByTestId('input-n')).toHaveValue('53');
  await expect(app.page.getByTestId('select-tile')).toHaveValue('8');
  await expect(app.page.getByTestId('select-pattern')).toHaveValue('integers');
  await expect(app.page.getByTestId('input-seed')).toHaveValue('7');
  await expect(app.page.getByTestId('select-samples')).toHaveValue('10');
  // No example is pressed: this is not the default configuration.
  await expect(app.page.getByTestId('preset-cuda-samples')).toHaveAttribute('aria-pressed', 'false');
  await app.page.getByTestId('input-n').fill('50');
  await expect(app.page).toHaveURL(/[?&]n=50(&|$)/);
  await expect(app.page).toHaveURL(/[?&]m=37&k=19&n=50&tile=8&pattern=integers&seed=7&samples=10(&|$)/);
});

test('the example presets load their configurations', async ({ app }) => {
  await app.open();
  await app.page.getByTestId('preset-pmpp').click();
  await expect(app.page.getByTestId('input-m')).toHaveValue('3');
  await expect(app.page.getByTestId('select-tile')).toHaveValue('2');
  await expect(app.page).toHaveURL(/m=3&k=3&n=3&tile=2/);
  await app.page.getByTestId('preset-cuda-samples').click();
  await expect(app.page).toHaveURL(/m=48&k=32&n=48&tile=16/);
});

test('the GPU panel names the adapter and the timing clock', async ({ app }) => {
  await app.open();
  const panel = app.page.getByTestId('gpu-status');
  await expect(panel).toContainText('Ready');
  await expect(panel).toContainText(/Timing clock: (GPU timestamps|wall clock)/);
});

test('keyboard only: tab to the inputs and run with Enter', async ({ app }) => {
  await app.open('?m=9&k=9&n=9&tile=4');
  await app.page.getByTestId('input-m').focus();
  await app.page.keyboard.press('Control+A');
  await app.page.keyboard.type('10');
  await app.page.getByTestId('run-both').focus();
  await expect(app.page.getByTestId('run-both')).toBeFocused();
  await app.page.keyboard.press('Enter');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await expect(app.result('tiled')).toHaveAttribute('data-shape', '10x9x9');
});
