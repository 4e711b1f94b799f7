import { test, expect } from './fixtures';
import { budgetMs } from './budget';

test('with only the default limits, tile 32 runs as 32×8 invocations × 4 rows and is verified', async ({ app }) => {
  await app.open('?m=70&k=45&n=33&tile=32&limits=default');
  await expect(app.page.getByTestId('gpu-status')).toContainText('Default limits only');
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await expect(app.result('tiled')).toContainText('32×32 tile, 32×8 invocations, 4 C rows each (invocation limit)');
});

test('a lost device shows as lost, and the next run re-acquires one', async ({ app }) => {
  await app.open('?m=20&k=20&n=20&tile=4');
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await app.destroyDevice();
  await expect(app.page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'lost');
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await expect(app.page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
});

test('a device lost mid-run ends the run with an error, never a verified result', async ({ app }) => {
  // Large enough on SwiftShader that the run is still going when the device goes.
  await app.open('?m=256&k=256&n=256&tile=8');
  await app.page.getByTestId('run-both').click();
  await expect(app.result('naive')).toHaveAttribute('data-status', 'running');
  await app.destroyDevice();
  await expect(app.result('naive')).toHaveAttribute('data-status', 'error');
  await expect(app.result('naive')).toContainText(/lost/);
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'error');
  await expect(app.page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'lost');
  await expect(app.page.getByTestId('error-message')).toContainText('No result from this run is shown as verified');
});

test('Cancel stops waiting for a run; nothing is shown as verified; the next run works', async ({ app }) => {
  await app.open('?m=300&k=300&n=300&tile=16');
  await app.page.getByTestId('run-both').click();
  await expect(app.result('naive')).toHaveAttribute('data-status', 'running');
  await app.page.getByTestId('run-cancel').click();
  await expect(app.result('naive')).toHaveAttribute('data-status', 'error');
  await expect(app.result('naive')).toContainText('Cancelled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'error');
  await expect(app.result('tiled')).toContainText('cancelled');
  await app.setShape({ m: 8, k: 8, n: 8 });
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
});

// Every kernel of the record split into bands and verified moved to e2e/gpu.spec.ts ("a run split into bands of rows
// (one submission each) is verified, for every kernel of the record": 300×40×70, 3 bands each, one dispatch per band).
// Here: ?maxSubmitMs reaches the runs, the cards say how they were split, and the partitions split too.
test('a long run is split into bands of rows, one submission each, and still verified; the cards say so', async ({ app }) => {
  // A 1 ms budget forces the kernels to split on SwiftShader: three bands of 128 rows.
  const shape = { m: 300, k: 40, n: 70 };
  test.setTimeout(budgetMs([shape], 4));
  await app.open('?m=300&k=40&n=70&tile=8&samples=3&maxSubmitMs=1');
  await app.run('run-both');
  for (const id of ['naive', 'tiled'] as const) await expect(app.result(id), id).toHaveAttribute('data-status', 'verified');
  await expect(app.page.getByTestId('split-naive')).toContainText(/Split into \d+ submissions/);
  await expect(app.page.getByTestId('split-tiled')).toContainText('Split into 3 submissions of at most 128 rows');
  await app.goTo('partitions');
  await app.page.getByTestId('run-strip').click();
  await expect(app.page.getByTestId('partition-strip')).toContainText('✓ verified');
});
