import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

/** The ladder as the kernel record (src/core/kernels/) has it: each rung's id and the WebGPU features it needs. */
export interface RungOfRecord {
  readonly id: string;
  readonly requiredFeatures: readonly string[];
}

let cached: Promise<RungOfRecord[]> | undefined;

/**
 * Read the kernel record in Node: it imports WGSL with `?raw` and the catalogues with
 * import.meta.glob, so it is loaded through Vite's module loader (no server is listened on), once per worker.
 */
export function ladderOfRecord(): Promise<RungOfRecord[]> {
  cached ??= (async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const server = await createServer({ root, configFile: false, logLevel: 'silent', appType: 'custom', server: { middlewareMode: true, hmr: false, watch: null }, optimizeDeps: { noDiscovery: true, include: [] } });
    try {
      const m = (await server.ssrLoadModule('/src/core/kernels/index.ts')) as typeof import('../src/core/kernels');
      return m.kLadderIds.map((id) => ({ id, requiredFeatures: [...(m.kKernels[id].requiredFeatures ?? [])] }));
    } finally {
      await server.close();
    }
  })();
  return cached;
}

/** Every kernel of the record, in record order, and whether the tile width changes it. */
export interface KernelOfRecord {
  readonly id: string;
  readonly usesTile: boolean;
  readonly ladder: boolean;
  readonly tuned: boolean;
}

let kernelsCached: Promise<KernelOfRecord[]> | undefined;

/** The kernel record's every entry (loaded through Vite like ladderOfRecord), once per worker. */
export function kernelsOfRecord(): Promise<KernelOfRecord[]> {
  kernelsCached ??= (async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const server = await createServer({ root, configFile: false, logLevel: 'silent', appType: 'custom', server: { middlewareMode: true, hmr: false, watch: null }, optimizeDeps: { noDiscovery: true, include: [] } });
    try {
      const m = (await server.ssrLoadModule('/src/core/kernels/index.ts')) as typeof import('../src/core/kernels');
      return m.kKernelIdList.map((id) => ({ id, usesTile: m.kKernels[id].usesTile, ladder: m.kKernels[id].ladder, tuned: m.kKernels[id].tuned }));
    } finally {
      await server.close();
    }
  })();
  return kernelsCached;
}
