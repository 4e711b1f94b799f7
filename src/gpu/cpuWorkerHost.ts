/**
 * The app's CPU work in a Web Worker (see cpuHost.ts). Kept apart so the headless bench, which does
 * not import it, bundles no worker and runs the same jobs inline. `new Worker(new URL(...))` is the
 * form Vite turns into a same-origin module file (the CSP allows script-src 'self'; no blob:).
 */
import { said } from '../core/said';
import type { CpuReply } from '../core/worker/protocol';
import { inlinePort, setCpuPort, type CpuPort } from './cpuHost';

function workerPort(): CpuPort {
  const worker = new Worker(new URL('../core/worker/cpu.worker.ts', import.meta.url), { type: 'module', name: 'tiles-cpu' });
  return {
    kind: 'worker',
    send: (req, transfer) => worker.postMessage(req, transfer),
    listen: (f, broken) => {
      worker.onmessage = (e: MessageEvent<CpuReply>) => f(e.data);
      worker.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        broken(e.message || said('common:cpu.workerNotLoaded'));
      };
      worker.onmessageerror = () => broken(said('common:cpu.workerUnreadable'));
    },
    close: () => worker.terminate(),
  };
}

/** Run the CPU work in a worker where this runtime has workers, inline otherwise. */
export function installCpuWorker(): void {
  setCpuPort(typeof Worker !== 'undefined' ? workerPort : inlinePort);
}
