/**
 * The GPU session: acquiring the device, its lifecycle (initializing → ready → lost → ready again
 * on the next run, or unavailable), and the errors it reports outside every error scope, all as
 * state the GPU panel shows. The GPUDevice itself stays here, outside the store (not plain data).
 */
import { said, say, type Said } from '../i18n';
import { acquireGpu, GpuUnavailableError, type GpuContext } from '../gpu/device';
import { kMaxGpuErrors, kStartUrl, useApp, type GpuStatus } from './store';

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

/** Why the device was lost, as a sentence kept as data (said in the language in use when shown). */
export function lostSaid(reason: string, message: string): Said {
  return message ? said('common:device.lost', { reason, message }) : said('common:device.lostNoMessage', { reason });
}

export function lostMessage(reason: string, message: string): string {
  return say(lostSaid(reason, message));
}

/**
 * A lost or unavailable status's message in the language in use now (the status keeps it as data;
 * the GPU panel calls this at render time so a language switch reaches it).
 */
export function gpuStatusMessage(gpu: GpuStatus): string {
  return gpu.state === 'lost' || gpu.state === 'unavailable' ? say(gpu.message) : '';
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
          if (session === ctx) useApp.setState({ gpu: { state: 'lost', message: lostSaid(li.reason, li.message), info: ctx.info } });
        },
        onUncapturedError: (msg) => noteGpuError(msg),
      });
      // destroy() also resolves device.lost (reason "destroyed"), which onLost ignores; show it too.
      void ctx.lost.then((li) => {
        if (li.reason === 'destroyed' && session === ctx) useApp.setState({ gpu: { state: 'lost', message: said('common:device.destroyed'), info: ctx.info } });
      });
      session = ctx;
      useApp.setState({ gpu: { state: 'ready', info: ctx.info } });
      return ctx;
    } catch (e) {
      const message = e instanceof GpuUnavailableError ? e.said : e instanceof Error ? e.message : String(e);
      const reason = e instanceof GpuUnavailableError ? e.reason : 'device-failed';
      useApp.setState({ gpu: { state: 'unavailable', message, reason } });
      return undefined;
    } finally {
      acquiring = undefined;
    }
  })();
  return acquiring;
}
