import type { CDPSession, Page } from '@playwright/test';
import { budgetMs } from './budget';
import { test, expect } from './fixtures';

/**
 * What a page holds after a forced garbage collection, through the DevTools protocol: the JS heap,
 * the event listeners (Memory.getDOMCounters), and the live AbortSignals and Promises
 * (Runtime.queryObjects counts every object with that prototype).
 */
interface Held {
  readonly heap: number;
  readonly listeners: number;
  readonly signals: number;
  readonly promises: number;
}

async function held(cdp: CDPSession): Promise<Held> {
  // Twice: the first collection runs finalizers whose objects the second one frees.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const count = async (proto: string): Promise<number> => {
    const group = 'memory-spec';
    const { result } = await cdp.send('Runtime.evaluate', { expression: proto, objectGroup: group });
    const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: result.objectId!, objectGroup: group });
    const { result: n } = await cdp.send('Runtime.callFunctionOn', { objectId: objects.objectId!, functionDeclaration: 'function () { return this.length; }', returnByValue: true });
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: group });
    return n.value as number;
  };
  const signals = await count('AbortSignal.prototype');
  const promises = await count('Promise.prototype');
  const { jsEventListeners } = await cdp.send('Memory.getDOMCounters');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return { heap: usedSize, listeners: jsEventListeners, signals, promises };
}

async function cdpOf(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  return cdp;
}

/**
 * Nothing left behind over 100 consecutive runs (issue #26): every GPU buffer and query set the app
 * creates is counted (createBuffer/createQuerySet vs destroy), and once each run and its trace are
 * over, the live count must be back at zero. After a forced GC, the JS heap, the event listeners,
 * the live AbortSignals and the live Promises must be back at their level after the first runs,
 * within the margins below (before the fix each run left an abort listener, its AbortSignal and
 * about 64 Promises on the device's `lost` promise: +100 signals, +6,400 promises, about +1.4 MB of
 * heap over 100 runs).
 */
const kRuns = 100;
/** Runs before the baseline is taken: pipelines compiled, caches and lazy modules filled. */
const kWarmRuns = 5;
const kShape = { m: 64, k: 64, n: 64 };
/** What 100 runs may add: a few listeners/signals/promises of whatever is in flight, and GC noise. */
const kMargin = { listeners: 10, signals: 2, promises: 200, heapBytes: 512 * 1024 } as const;

test(`${kRuns} consecutive runs leave no GPU buffers, listeners, signals, promises or heap behind`, async ({ app, page }) => {
  test.setTimeout(budgetMs(Array.from({ length: kRuns + kWarmRuns }, () => kShape), 2));
  await page.addInitScript(() => {
    const w = window as unknown as { __live: { buffers: number; queries: number; created: number } };
    w.__live = { buffers: 0, queries: 0, created: 0 };
    const D = (globalThis as unknown as { GPUDevice: { prototype: GPUDevice } }).GPUDevice.prototype;
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
  });
  await app.open(`?m=${kShape.m}&k=${kShape.k}&n=${kShape.n}&tile=16&samples=3`);
  const cdp = await cdpOf(page);
  const live = () => page.evaluate(() => ({ ...(window as unknown as { __live: { buffers: number; queries: number; created: number } }).__live }));
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
  for (let i = 1; i < kWarmRuns; i++) await app.run('run-both');
  await idle();
  const base = await held(cdp);
  const afterWarm = await live();
  for (let i = 1; i <= kRuns; i++) await app.run('run-both');
  await idle();
  const after = await live();
  const end = await held(cdp);
  const mib = (b: number) => (b / 2 ** 20).toFixed(2);
  console.log(
    `GPU buffers created: ${after.created}; live after 1 run: ${after1.buffers}, after ${kWarmRuns + kRuns}: ${after.buffers}; query sets ${after1.queries} → ${after.queries}\n` +
      `after GC, run ${kWarmRuns} → run ${kWarmRuns + kRuns}: JS heap ${mib(base.heap)} → ${mib(end.heap)} MiB, listeners ${base.listeners} → ${end.listeners}, ` +
      `AbortSignals ${base.signals} → ${end.signals}, Promises ${base.promises} → ${end.promises}`,
  );
  // The hook really saw the app's buffers: at least five per kernel run (A, B, C, dims, read-back).
  expect(after1.created - before.created).toBeGreaterThanOrEqual(10);
  expect(after.created - afterWarm.created).toBeGreaterThanOrEqual(kRuns * 10);
  // Every buffer and query set is destroyed once its run (and trace) is over.
  expect(after1).toMatchObject({ buffers: 0, queries: 0 });
  expect(after).toMatchObject({ buffers: 0, queries: 0 });
  // Nothing a run creates on the page outlives it.
  expect.soft(end.listeners, 'event listeners').toBeLessThanOrEqual(base.listeners + kMargin.listeners);
  expect.soft(end.signals, 'live AbortSignals').toBeLessThanOrEqual(base.signals + kMargin.signals);
  expect.soft(end.promises, 'live Promises').toBeLessThanOrEqual(base.promises + kMargin.promises);
  expect.soft(end.heap, 'JS heap after GC (bytes)').toBeLessThanOrEqual(base.heap + kMargin.heapBytes);
});
