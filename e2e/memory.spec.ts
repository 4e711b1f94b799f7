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

/** The least-squares slope of y over x: how much each sample adds per unit of x. */
function slope(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mx = x.reduce((a, v) => a + v, 0) / n;
  const my = y.reduce((a, v) => a + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
  }
  return sxy / sxx;
}

/**
 * Nothing left behind, run after run (issue #26, sized in issue #33): every GPU buffer and query
 * set the app creates is counted (createBuffer/createQuerySet vs destroy), and once each run and its
 * trace are over, the live count must be back at zero. What a run leaves on the page is judged by
 * its trend, not by a count against a margin: after a warm-up (pipelines compiled, caches and lazy
 * modules filled) the JS heap, the event listeners, the live AbortSignals and the live Promises are
 * sampled after a forced GC every few runs, and the least-squares slope per run over those samples
 * must stay well under what the bug this guards against left per run (an abort listener, its
 * AbortSignal and about 64 Promises on the device's `lost` promise, about 14 KB of heap). A slope
 * over several samples is not moved by one noisy sample the way a single before/after difference is
 * (a fixed-margin check failed once by 15 KB of noise after 100 runs).
 */
/**
 * Runs before the first sample. The heap after GC still grows for the first runs, by less each time
 * (V8's compiled code and type feedback: +112, +41, +16, +9, +3 KB over runs 4 to 24, 4 runs apart):
 * the samples start once that has settled.
 */
const kWarmRuns = 12;
/** Samples after the warm-up, the first taken right after it, then one every kRunsPerSample runs. */
const kSamples = 6;
const kRunsPerSample = 4;
const kRuns = (kSamples - 1) * kRunsPerSample;
const kShape = { m: 32, k: 32, n: 32 };
/** The leak this guards against, per run. */
const kLeakPerRun = { listeners: 1, signals: 1, promises: 64, heapBytes: 14_000 } as const;
/**
 * The largest slope per run allowed: a quarter of that leak for the counts (exact: 0 per run when nothing
 * leaks), and for the heap 10 KB, under the leak's 14 KB: what is left of the warm-up and GC noise
 * (about ±20 KB a sample) measured 1–3.4 KB per run here, and the slope's own spread over these
 * samples is about 1.2 KB per run.
 */
const kMaxSlope = { listeners: kLeakPerRun.listeners / 4, signals: kLeakPerRun.signals / 4, promises: kLeakPerRun.promises / 4, heapBytes: 10_000 } as const;

test(`${kRuns} consecutive runs after a warm-up leave no GPU buffers behind, and no trend in listeners, signals, promises or heap`, async ({ app, page }) => {
  test.setTimeout(budgetMs(Array.from({ length: kRuns + kWarmRuns }, () => kShape), 2) + kSamples * 10_000);
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
  const afterWarm = await live();
  const at: number[] = [];
  const samples: Held[] = [];
  for (let s = 0; s < kSamples; s++) {
    if (s > 0) {
      for (let i = 0; i < kRunsPerSample; i++) await app.run('run-both');
      await idle();
    }
    at.push(s * kRunsPerSample);
    samples.push(await held(cdp));
  }
  const after = await live();
  const per = {
    listeners: slope(at, samples.map((h) => h.listeners)),
    signals: slope(at, samples.map((h) => h.signals)),
    promises: slope(at, samples.map((h) => h.promises)),
    heapBytes: slope(at, samples.map((h) => h.heap)),
  };
  console.log(
    `GPU buffers created: ${after.created}; live after 1 run: ${after1.buffers}, after ${kWarmRuns + kRuns}: ${after.buffers}; query sets ${after1.queries} → ${after.queries}\n` +
      `after GC, every ${kRunsPerSample} runs from run ${kWarmRuns}: JS heap ${samples.map((h) => h.heap).join(', ')} B; listeners ${samples.map((h) => h.listeners).join(', ')}; ` +
      `AbortSignals ${samples.map((h) => h.signals).join(', ')}; Promises ${samples.map((h) => h.promises).join(', ')}\n` +
      `slope per run: heap ${per.heapBytes.toFixed(0)} B, listeners ${per.listeners.toFixed(3)}, AbortSignals ${per.signals.toFixed(3)}, Promises ${per.promises.toFixed(2)}`,
  );
  // The hook really saw the app's buffers: at least five per kernel run (A, B, C, dims, read-back).
  expect(after1.created - before.created).toBeGreaterThanOrEqual(10);
  expect(after.created - afterWarm.created).toBeGreaterThanOrEqual(kRuns * 10);
  // Every buffer and query set is destroyed once its run (and trace) is over.
  expect(after1).toMatchObject({ buffers: 0, queries: 0 });
  expect(after).toMatchObject({ buffers: 0, queries: 0 });
  // Nothing a run creates on the page outlives it: no upward trend per run.
  expect.soft(per.listeners, 'event listeners per run').toBeLessThanOrEqual(kMaxSlope.listeners);
  expect.soft(per.signals, 'live AbortSignals per run').toBeLessThanOrEqual(kMaxSlope.signals);
  expect.soft(per.promises, 'live Promises per run').toBeLessThanOrEqual(kMaxSlope.promises);
  expect.soft(per.heapBytes, 'JS heap after GC, bytes per run').toBeLessThanOrEqual(kMaxSlope.heapBytes);
});
