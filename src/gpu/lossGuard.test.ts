import { describe, expect, it } from 'vitest';
import { GpuRunError, type GpuContext } from './device';
import { makeGuard } from './lossGuard';

describe('makeGuard', () => {
  /** A context whose loss the test triggers, and a signal whose listeners are counted. */
  function setup() {
    let lose!: (li: GPUDeviceLostInfo) => void;
    let lostFlag = false;
    const lost = new Promise<GPUDeviceLostInfo>((r) => (lose = r)).then((li) => {
      lostFlag = true;
      return li;
    });
    const ctx = { lost, isLost: () => lostFlag } as unknown as GpuContext;
    const controller = new AbortController();
    let listeners = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    const remove = controller.signal.removeEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...a: Parameters<typeof add>) => (listeners++, add(...a))) as typeof add;
    controller.signal.removeEventListener = ((...a: Parameters<typeof remove>) => (listeners--, remove(...a))) as typeof remove;
    return { ctx, controller, lose: (reason: GPUDeviceLostReason, message: string) => lose({ reason, message } as GPUDeviceLostInfo), listeners: () => listeners };
  }

  it('leaves no listener on the signal once its waits settle (issue #26: one per run stayed)', async () => {
    const { ctx, controller, listeners } = setup();
    for (let run = 0; run < 20; run++) {
      const guard = makeGuard(ctx, controller.signal);
      for (let i = 0; i < 5; i++) await guard(Promise.resolve(i));
      await guard(Promise.reject(new GpuRunError('no', 'validation'))).catch(() => undefined);
    }
    expect(listeners()).toBe(0);
  });

  it('rejects a pending wait when the device is lost, and later waits at once', async () => {
    const { ctx, lose, listeners, controller } = setup();
    const guard = makeGuard(ctx, controller.signal);
    const pending = guard(new Promise(() => undefined));
    lose('unknown', 'driver reset');
    await expect(pending).rejects.toMatchObject({ kind: 'device-lost' });
    await expect(guard(new Promise(() => undefined))).rejects.toMatchObject({ kind: 'device-lost' });
    expect(listeners()).toBe(0);
  });

  it('a wait asked for after a cancel still handles its promise (no unhandled rejection when that job fails later)', async () => {
    const { ctx, controller } = setup();
    controller.abort();
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      let fail!: (e: Error) => void;
      const job = new Promise<number>((_, r) => (fail = r));
      await expect(makeGuard(ctx, controller.signal)(job)).rejects.toMatchObject({ kind: 'cancelled' });
      fail(new Error('Cancelled before it finished: no result.'));
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('rejects a pending wait when the signal fires', async () => {
    const { ctx, controller, listeners } = setup();
    const pending = makeGuard(ctx, controller.signal)(new Promise(() => undefined));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(listeners()).toBe(0);
  });

  it('says the loss in its own words when the engine rejected the wait first (mapAsync during a loss)', async () => {
    const { ctx, lose } = setup();
    const guard = makeGuard(ctx);
    const engine = new DOMException("Failed to execute 'mapAsync' on 'GPUBuffer': Buffer was unmapped before mapping was resolved.", 'AbortError');
    const wait = guard(Promise.reject(engine));
    setTimeout(() => lose('destroyed', ''), 10);
    const e = await wait.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GpuRunError);
    expect((e as GpuRunError).kind).toBe('device-lost');
    expect((e as Error).message).not.toContain('mapAsync');
  });

  it('passes an engine failure on unchanged when the device is not lost', async () => {
    const { ctx } = setup();
    const engine = new Error('engine failure');
    await expect(makeGuard(ctx)(Promise.reject(engine))).rejects.toBe(engine);
  });
});
