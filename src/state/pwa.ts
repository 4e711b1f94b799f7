/**
 * The service worker (vite-plugin-pwa / Workbox, registerType 'prompt'): registered once at load
 * from the bundle (virtual:pwa-register, no inline script), it precaches the whole build, so after
 * one visit the app opens with the network off. When a newer version has been deployed, its worker
 * installs beside the running one and waits; `needRefresh` turns on and the update prompt offers a
 * reload (which activates the new worker, then reloads the page) or to dismiss it (the new version
 * then starts the next time every tab of the app has been closed). The browser looks for a new
 * version on every load, and the page asks again every hour while it stays open.
 */
import { create } from 'zustand';
import { registerSW } from 'virtual:pwa-register';

interface PwaState {
  /** A newer version is installed and waiting for a reload. */
  readonly needRefresh: boolean;
}

export const usePwa = create<PwaState>(() => ({ needRefresh: false }));

const kCheckEveryMs = 60 * 60 * 1000;
let update: ((reload?: boolean) => Promise<void>) | undefined;

/** Register the service worker (once; nothing where the browser has none, as over plain HTTP). */
export function startPwa(): void {
  if (update || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  update = registerSW({
    onNeedRefresh: () => usePwa.setState({ needRefresh: true }),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // Offline, or the server gone: the check fails quietly and the next one tries again.
      setInterval(() => void registration.update().catch(() => undefined), kCheckEveryMs);
    },
    // A browser that refuses service workers (private mode, a policy) still runs the app online.
    onRegisterError: (e: unknown) => console.warn('Service worker not registered:', e), // i18n-exempt: a console note for developers
  });
}

/** Start the waiting version: the new worker takes over and the page reloads. */
export function reloadToUpdate(): void {
  void update?.(true);
}

export function dismissUpdate(): void {
  usePwa.setState({ needRefresh: false });
}
