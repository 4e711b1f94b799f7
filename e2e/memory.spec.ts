import { budgetMs } from './budget';
import { test, expect } from './fixtures';

/**
 * Nothing left behind over 100 consecutive runs: every GPU buffer and query set the app creates is
 * counted (createBuffer/createQuerySet vs destroy), and once each run and its trace are over, the
 * live count must be back at zero. The tab's JS heap is sampled and reported.
 */
const kRuns = 100;
const kShape = { m: 64, k: 64, n: 64 };

test(`${kRuns} consecutive runs leave no GPU buffers or query sets behind (heap reported)`, async ({ app, page }) => {
  test.setTimeout(budgetMs(Array.from({ length: kRuns }, () => kShape), 1));
  await page.addInitScript(() => {
    const w = window as unknown as { __live: { buffers: number; queries: number; created: number } };
    w.__live = { buffers: 0, queries: 0, created: 0 };
    const D = (globalThis as unknown as { GPUDevice: { prototype: GPUDevice } }).GPUDevice.prototype;
    const B = (globalThis as unknown as { GPUBuffer: { prototype: GPUBuffer } }).GPUBuffer.prototype;
    const Q = (globalThis as unknown as { GPUQuerySet: { prototype: GPUQuerySet } }).GPUQuerySet.prototype;
    const cb = D.createBuffer;
    D.createBuffer = function (this: GPUDevice, d: GPUBufferDescriptor) {
      const b = cb.call(this, d);
      w.__live.buffers++;
      w.__live.created++;
      let alive = true;
      const destroy = b.destroy.bind(b);
      b.destroy = () => {
        if (alive) w.__live.buffers--;
        alive = false;
        destroy();
      };
      return b;
    };
    const cq = D.createQuerySet;
    D.createQuerySet = function (this: GPUDevice, d: GPUQuerySetDescriptor) {
      const q = cq.call(this, d);
      w.__live.queries++;
      const destroy = q.destroy.bind(q);
      let alive = true;
      q.destroy = () => {
        if (alive) w.__live.queries--;
        alive = false;
        destroy();
      };
      return q;
    };
    void B;
    void Q;
  });
  await app.open(`?m=${kShape.m}&k=${kShape.k}&n=${kShape.n}&tile=16&samples=3`);
  const live = () => page.evaluate(() => ({ ...(window as unknown as { __live: { buffers: number; queries: number; created: number } }).__live }));
  const heap = () => page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
  // Idle = no run in progress and the tile map's trace (which follows a tiled run) finished.
  const idle = async () => {
    await expect(page.getByTestId('run-both')).not.toHaveAttribute('aria-busy', 'true');
    await expect(app.tileMap.map).not.toHaveAttribute('data-trace-status', 'running');
  };
  const before = await live();
  await app.run('run-both');
  await app.tileMap.expectRecorded('gpu');
  await idle();
  const after1 = await live();
  const heap1 = await heap();
  for (let i = 2; i <= kRuns; i++) {
    await app.run(i % 2 ? 'run-naive' : 'run-tiled');
  }
  await idle();
  const after = await live();
  const heapN = await heap();
  console.log(`GPU buffers created: ${after.created}; live after 1 run: ${after1.buffers}, after ${kRuns}: ${after.buffers}; query sets ${after1.queries} → ${after.queries}; JS heap ${(heap1 / 2 ** 20).toFixed(1)} → ${(heapN / 2 ** 20).toFixed(1)} MiB`);
  // The hook really saw the app's buffers: at least five per run (A, B, C, dims, read-back).
  expect(after1.created - before.created).toBeGreaterThanOrEqual(5);
  expect(after.created - after1.created).toBeGreaterThanOrEqual((kRuns - 1) * 5);
  // Every buffer and query set is destroyed once its run (and trace) is over.
  expect(after1).toMatchObject({ buffers: 0, queries: 0 });
  expect(after).toMatchObject({ buffers: 0, queries: 0 });
  // The JS heap is reported, not asserted: without a forced GC it moves with uncollected garbage.
});
