import { test, expect } from './fixtures';

/**
 * No growth over 100 consecutive runs: every GPU buffer and query set the app creates is counted
 * (createBuffer/createQuerySet vs destroy), and the tab's JS heap is sampled.
 */
test('100 consecutive runs leave no GPU buffers or query sets behind (heap reported)', async ({ app, page }) => {
  test.setTimeout(600_000);
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
  await app.open('?m=64&k=64&n=64&tile=16&samples=3');
  const live = () => page.evaluate(() => ({ ...(window as unknown as { __live: { buffers: number; queries: number; created: number } }).__live }));
  const heap = () => page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
  await app.run('run-both');
  await page.waitForTimeout(500); // the tile-map trace runs after the tiled kernel
  const after1 = await live();
  const heap1 = await heap();
  for (let i = 2; i <= 100; i++) {
    await app.run(i % 2 ? 'run-naive' : 'run-tiled');
  }
  await page.waitForTimeout(500);
  const after100 = await live();
  const heap100 = await heap();
  console.log(`GPU buffers created: ${after100.created}; live after 1 run: ${after1.buffers}, after 100: ${after100.buffers}; query sets ${after1.queries} → ${after100.queries}; JS heap ${(heap1 / 2 ** 20).toFixed(1)} → ${(heap100 / 2 ** 20).toFixed(1)} MiB`);
  // The hook really saw the app's buffers: at least five per run (A, B, C, dims, read-back).
  expect(after100.created - after1.created).toBeGreaterThanOrEqual(99 * 5);
  expect(after100.buffers).toBeLessThanOrEqual(after1.buffers);
  expect(after100.queries).toBeLessThanOrEqual(after1.queries);
  // The JS heap is reported, not asserted: without a forced GC it moves with uncollected garbage.
});
