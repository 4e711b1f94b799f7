/**
 * The Web Worker that does a run's CPU work (see protocol.ts). Loaded by gpu/cpuWorkerHost.ts with
 * `new Worker(new URL(...), { type: 'module' })`: Vite emits it as a same-origin file, allowed by
 * the production CSP's script-src 'self' (worker-src falls back to it), no blob: and no eval.
 */
import { CpuJobs, type CpuRequest } from './protocol';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<CpuRequest>) => void) | null;
  postMessage(message: unknown, options: { transfer: Transferable[] }): void;
};

const jobs = new CpuJobs((reply, transfer) => scope.postMessage(reply, { transfer }));
scope.onmessage = (e) => jobs.handle(e.data);
