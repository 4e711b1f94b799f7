/**
 * Test helpers for the state tests (imported only by *.test.ts): adapter facts as WebGPU reports
 * them, for planning without a device. Planning is pure arithmetic on these numbers; nothing here
 * stands in for a GPU run.
 */
import type { GpuInfo } from '../gpu/device';

/** WebGPU's default limits, with the given features (what the most limited adapter gives). */
export function defaultLimitsInfo(features: readonly string[] = []): GpuInfo {
  const limits = {
    maxStorageBufferBindingSize: 134217728,
    maxBufferSize: 268435456,
    maxComputeWorkgroupsPerDimension: 65535,
    maxComputeInvocationsPerWorkgroup: 256,
    maxComputeWorkgroupSizeX: 256,
    maxComputeWorkgroupSizeY: 256,
    maxComputeWorkgroupStorageSize: 16384,
  };
  return {
    vendor: 'test',
    architecture: 'limits-only',
    description: 'WebGPU default limits', // i18n-exempt: test data (an adapter description), never shown
    device: '',
    isFallbackAdapter: false,
    adapterFeatures: [...features],
    features: [...features],
    limits,
    adapterLimits: limits,
    timestampQuery: false,
    defaultLimitsOnly: true,
  };
}

/** A minimal in-memory localStorage for zustand persist under Node (which has none); installed on import. */
function installMemoryStorage(): void {
  const g = globalThis as { localStorage?: Storage };
  if (g.localStorage) return;
  const m = new Map<string, string>();
  g.localStorage = {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

installMemoryStorage();
