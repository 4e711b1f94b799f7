/**
 * The GPU session: acquiring the device, its lifecycle (initializing → ready → lost → ready again
 * on the next run, or unavailable), and the errors it reports outside every error scope, all as
 * state the GPU panel shows. The GPUDevice itself stays here, outside the store (not plain data).
 */
import { t } from '../i18n';
import { acquireGpu, GpuUnavailableError, type GpuContext } from '../gpu/device';
import { kMaxGpuErrors, kStartUrl, useApp } from './store';

let session: GpuContext | undefined;
let acquiring: Promise<GpuContext | undefined> | undefined;

/** The current device's context, when there is one and it is not lost. */
export function currentGpu(): GpuContext | undefined {
  return session && !session.isLost() ? session : undefined;
}

/** Keep an uncaptured GPU error as state (the GPU panel lists them); the console still gets it. */
export function noteGpuError(message: string, at = typeof performance !== 'undefined' ? performance.now() : 0): void {
  console.error(`Uncaptured WebGPU error: ${message}`); // i18n-exempt: the browser console, for developers
  useApp.setState((s) => ({ gpuErrors: [...s.gpuErrors, { message, at }].slice(-kMaxGpuErrors) }));
}

export function clearGpuErrors(): void {
  useApp.setState({ gpuErrors: [] });
}

export function lostMessage(reason: string, message: string): string {
  return message ? t('common:device.lost', { reason, message }) : t('common:device.lostNoMessage', { reason });
}

/** The device, acquiring one when there is none or the last was lost; undefined when WebGPU is unavailable. */
export function initGpu(): Promise<GpuContext | undefined> {
  if (session && !session.isLost()) return Promise.resolve(session);
  acquiring ??= (async () => {
    const wasLost = useApp.getState().gpu.state === 'lost';
    if (!wasLost) useApp.setState({ gpu: { state: 'initializing' } });
    try {
      const ctx = await acquireGpu({
        defaultLimitsOnly: kStartUrl.defaultLimitsOnly,
        onLost: (li) => {
          if (session === ctx) useApp.setState({ gpu: { state: 'lost', message: lostMessage(li.reason, li.message), info: ctx.info } });
        },
        onUncapturedError: (msg) => noteGpuError(msg),
      });
      // destroy() also resolves device.lost (reason "destroyed"), which onLost ignores; show it too.
      void ctx.lost.then((li) => {
        if (li.reason === 'destroyed' && session === ctx) useApp.setState({ gpu: { state: 'lost', message: t('common:device.destroyed'), info: ctx.info } });
      });
      session = ctx;
      useApp.setState({ gpu: { state: 'ready', info: ctx.info } });
      return ctx;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const reason = e instanceof GpuUnavailableError ? e.reason : 'device-failed';
      useApp.setState({ gpu: { state: 'unavailable', message, reason } });
      return undefined;
    } finally {
      acquiring = undefined;
    }
  })();
  return acquiring;
}
