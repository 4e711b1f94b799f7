/**
 * A component that shows kernels' WGSL waits for it (issue #47: the sources load with the views
 * that use them): React's `use` suspends it, inside the page's Suspense, until
 * core/kernels loadKernelSources has them; once loaded it never suspends again.
 */
import { use } from 'react';
import { kernelSourcesLoaded, loadKernelSources, type KernelId } from '../../core/kernels';

const pending = new Map<string, Promise<void>>();

/** Start loading these kernels' WGSL (a view about to open calls this before it draws). */
export function preloadKernelSources(ids: readonly KernelId[]): Promise<void> {
  const key = ids.join(' ');
  let p = pending.get(key);
  if (!p) {
    p = loadKernelSources(ids);
    pending.set(key, p);
    p.catch(() => pending.delete(key));
  }
  return p;
}

/** Suspend until these kernels' WGSL is loaded (kKernels[id].source may then be read). */
export function useKernelSources(ids: readonly KernelId[]): void {
  if (!kernelSourcesLoaded(ids)) use(preloadKernelSources(ids));
}
