/**
 * The GPU session: acquiring the device, its lifecycle (initializing → ready → lost → ready again
 * on the next run, or unavailable), and the errors it reports outside every error scope, all as
 * state the GPU panel shows. The GPUDevice itself stays here, outside the store (not plain data).
 */
import { t } from '../i18n';
import { acquireGpu, GpuUnavailableError, unavailableMessage, type GpuContext, type UnavailableReason } from '../gpu/device';
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

export function lostMessage(reason: string, message: string): string {
  return message ? t('common:device.lost', { reason, message }) : t('common:device.lostNoMessage', { reason });
}

/** The facts behind a lost or unavailable status, so its message can be said again in another language. */
type StatusFacts =
  | { readonly kind: 'lost'; readonly reason: string; readonly message: string }
  | { readonly kind: 'destroyed' }
  | { readonly kind: 'unavailable'; readonly reason: UnavailableReason; readonly detail?: string };
const statusFacts = new WeakMap<GpuStatus, StatusFacts>();

function setGpu(gpu: GpuStatus, facts?: StatusFacts): void {
  if (facts) statusFacts.set(gpu, facts);
  useApp.setState({ gpu });
}

/**
 * A lost or unavailable status's message in the language in use now (the store keeps the words of
 * when it happened; the GPU panel calls this at render time so a language switch reaches it).
 */
export function gpuStatusMessage(gpu: GpuStatus): string {
  if (gpu.state !== 'lost' && gpu.state !== 'unavailable') return '';
  const f = statusFacts.get(gpu);
  if (!f) return gpu.message;
  if (f.kind === 'lost') return lostMessage(f.reason, f.message);
  if (f.kind === 'destroyed') return t('common:device.destroyed');
  return unavailableMessage(f.reason, f.detail);
}

/** The device, acquiring one when there is none or the last was lost; undefined when WebGPU is unavailable. */
export function initGpu(): Promise<GpuContext | undefined> {
  if (session && !session.isLost()) return Promise.resolve(session);
  acquiring ??= (async () => {
    const wasLost = useApp.getState().gpu.state === 'lost';
    if (!wasLost) setGpu({ state: 'initializing' });
    try {
      const ctx = await acquireGpu({
        defaultLimitsOnly: kStartUrl.defaultLimitsOnly,
        onLost: (li) => {
          if (session === ctx) setGpu({ state: 'lost', message: lostMessage(li.reason, li.message), info: ctx.info }, { kind: 'lost', reason: li.reason, message: li.message });
        },
        onUncapturedError: (msg) => noteGpuError(msg),
      });
      // destroy() also resolves device.lost (reason "destroyed"), which onLost ignores; show it too.
      void ctx.lost.then((li) => {
        if (li.reason === 'destroyed' && session === ctx) setGpu({ state: 'lost', message: t('common:device.destroyed'), info: ctx.info }, { kind: 'destroyed' });
      });
      session = ctx;
      setGpu({ state: 'ready', info: ctx.info });
      return ctx;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const reason = e instanceof GpuUnavailableError ? e.reason : 'device-failed';
      setGpu({ state: 'unavailable', message, reason }, e instanceof GpuUnavailableError ? { kind: 'unavailable', reason, ...(e.detail !== undefined ? { detail: e.detail } : {}) } : undefined);
      return undefined;
    } finally {
      acquiring = undefined;
    }
  })();
  return acquiring;
}
