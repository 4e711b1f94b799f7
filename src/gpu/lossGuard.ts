/**
 * The device-loss guard: every wait of a GPU run (a buffer's mapping, onSubmittedWorkDone, a CPU job
 * beside it) ends as soon as the device is lost or the run is cancelled, and a failure the loss caused
 * is said in the app's words (lossError). One watch per device, held only while waits are pending.
 * No React, no DOM.
 */
import { said } from '../core/said';
import type { Guard } from './buffers';
import { GpuRunError, type GpuContext } from './device';

export type { Guard };

/**
 * Each device's loss, watched once: the waits in progress are held in a set and rejected when it is
 * lost. (Racing every wait against a promise derived from the device-lifetime `ctx.lost` left one
 * reaction, and the promises it held, on that promise per wait, for as long as the device lived.)
 */
interface LossWatch {
  readonly waiting: Set<(e: GpuRunError) => void>;
  lost?: GpuRunError;
}
const lossWatches = new WeakMap<GpuContext, LossWatch>();

function lossWatch(ctx: GpuContext): LossWatch {
  let watch = lossWatches.get(ctx);
  if (!watch) {
    const w: LossWatch = { waiting: new Set() };
    watch = w;
    lossWatches.set(ctx, w);
    void ctx.lost.then((li) => {
      w.lost = new GpuRunError(said('run:error.lostReason', { reason: li.reason, message: li.message || said('run:error.noMessage') }), 'device-lost');
      for (const reject of [...w.waiting]) reject(w.lost);
      w.waiting.clear();
    });
  }
  return watch;
}

/**
 * The device's loss in the app's words, for a failure found after the device was lost: the loss's
 * reason and message once reported, else `during` (a failure already in the app's words) kept as
 * the detail. Never the engine's own words (a mapAsync rejection, say).
 */
export function lossError(ctx: GpuContext, during?: unknown): GpuRunError {
  if (during instanceof GpuRunError && during.kind === 'device-lost') return during;
  const lost = lossWatch(ctx).lost;
  if (lost) return lost;
  return new GpuRunError(said('run:error.lostDuring', { error: during instanceof GpuRunError ? during.said : said('run:error.noMessage') }), 'device-lost');
}

/** How long a failed wait waits for the device's loss to be reported, so a wait the loss broke says so (see makeGuard). */
export const kLossGraceMs = 250;

/**
 * A wait that fails fast when the device is lost or the signal fires (and never leaves a rejection
 * unhandled). Each wait registers with the device's loss watch and the signal only while it is
 * pending: once it settles nothing of it stays behind. A wait that failed in the engine's own words
 * (mapAsync: "unmapped before mapping was resolved") while the device was being lost says the app's
 * words for the loss instead: the engine may reject the wait before it reports the loss.
 */
export function makeGuard(ctx: GpuContext, signal?: AbortSignal): Guard {
  const watch = lossWatch(ctx);
  return <T>(p: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      let done = false;
      const finish = () => {
        done = true;
        watch.waiting.delete(onLost);
        signal?.removeEventListener('abort', onAbort);
      };
      const onLost = (e: GpuRunError) => {
        if (done) return;
        finish();
        reject(e);
      };
      const onAbort = () => {
        if (done) return;
        finish();
        reject(new GpuRunError(said('run:error.cancelled'), 'cancelled'));
      };
      // Answered before `p` settles: `p` still gets a handler, or its later failure (a CPU job
      // cancelled with the run) would be an unhandled rejection.
      if (watch.lost || signal?.aborted) {
        p.catch(() => undefined);
        return reject(watch.lost ?? new GpuRunError(said('run:error.cancelled'), 'cancelled'));
      }
      watch.waiting.add(onLost);
      signal?.addEventListener('abort', onAbort, { once: true });
      p.then(
        (v) => {
          if (done) return;
          finish();
          resolve(v);
        },
        (e: unknown) => {
          if (done) return;
          if (e instanceof GpuRunError) {
            finish();
            reject(e);
            return;
          }
          // The engine's own failure: if the device is being lost, the loss (onLost) answers within the grace time.
          setTimeout(() => {
            if (done) return;
            finish();
            reject(e);
          }, kLossGraceMs);
        },
      );
    });
}
