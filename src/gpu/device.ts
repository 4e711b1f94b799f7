/**
 * Adapter and device acquisition. No React, no DOM: runs in a page, under Deno, or under Node
 * with the `webgpu` package. Requests only the features and limits the kernels use, and only up
 * to what the adapter offers.
 */
import { said, sayNow, type Said } from '../core/said';

/** The limits the app reads or raises. */
export const kLimitNames = [
  'maxStorageBufferBindingSize',
  'maxBufferSize',
  'maxComputeWorkgroupsPerDimension',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupSizeX',
  'maxComputeWorkgroupSizeY',
  'maxComputeWorkgroupStorageSize',
] as const;
export type LimitName = (typeof kLimitNames)[number];
export type Limits = Record<LimitName, number>;

/**
 * Limits raised above the WebGPU defaults when the adapter allows it, and why:
 * buffers for large matrices, 1024 invocations so a 32×32 tile runs one element per invocation,
 * and 32 KiB of workgroup memory for the double-buffered rung.
 */
const kWanted: Partial<Record<LimitName, number>> = {
  maxStorageBufferBindingSize: Infinity,
  maxBufferSize: Infinity,
  maxComputeInvocationsPerWorkgroup: 1024,
  maxComputeWorkgroupSizeX: 1024,
  maxComputeWorkgroupSizeY: 1024,
  // 32 KiB lets the double-buffered rung stage 16-deep phases (the default is 16 KiB).
  maxComputeWorkgroupStorageSize: 32768,
};

export interface GpuInfo {
  readonly vendor: string;
  readonly architecture: string;
  readonly description: string;
  readonly device: string;
  readonly isFallbackAdapter: boolean;
  /** All features the adapter offers. */
  readonly adapterFeatures: readonly string[];
  /** Features enabled on our device. */
  readonly features: readonly string[];
  /** Limits of our device (what was granted). */
  readonly limits: Limits;
  /** Limits the adapter offers. */
  readonly adapterLimits: Limits;
  readonly timestampQuery: boolean;
  /** Subgroup sizes the adapter reports (with the subgroups feature), when it reports them. */
  readonly subgroupMinSize?: number;
  readonly subgroupMaxSize?: number;
  /** True when only the WebGPU default limits were requested. */
  readonly defaultLimitsOnly: boolean;
}

export type UnavailableReason = 'no-webgpu' | 'no-adapter' | 'device-failed';

/**
 * Why no device, as a sentence kept as data (said in the language in use when shown): `detail` is
 * what the browser said (requestAdapter()/requestDevice() threw it), absent when it said nothing.
 */
export function unavailableSaid(reason: UnavailableReason, detail?: string): Said {
  if (reason === 'no-webgpu') return said('common:device.noWebgpu');
  if (reason === 'no-adapter') return detail === undefined ? said('common:device.noAdapter') : said('common:device.adapterFailed', { error: detail });
  return said('common:device.deviceFailed', { error: detail ?? '' });
}

export class GpuUnavailableError extends Error {
  /** The message as data, so a view can say it again in another language. */
  readonly said: Said;
  constructor(readonly reason: UnavailableReason, readonly detail?: string) {
    const why = unavailableSaid(reason, detail);
    super(sayNow(why));
    this.said = why;
    this.name = 'GpuUnavailableError';
  }
}

export interface GpuContext {
  readonly device: GPUDevice;
  readonly info: GpuInfo;
  /** Resolves when the device is lost (also on destroy()). */
  readonly lost: Promise<GPUDeviceLostInfo>;
  isLost(): boolean;
}

function readLimits(src: GPUSupportedLimits): Limits {
  const out = {} as Limits;
  for (const n of kLimitNames) out[n] = Number(src[n]);
  return out;
}

export interface AcquireOptions {
  /** Defaults to globalThis.navigator.gpu. */
  readonly gpu?: GPU;
  readonly powerPreference?: GPUPowerPreference;
  /**
   * Request no limit above the WebGPU defaults (256 invocations per workgroup, 128 MiB storage
   * bindings…), to see how the app behaves on the most limited conforming adapter.
   */
  readonly defaultLimitsOnly?: boolean;
  /** Called once when the device is lost for any reason but an explicit destroy(). */
  readonly onLost?: (info: GPUDeviceLostInfo) => void;
  /** Called for every error no error scope caught. */
  readonly onUncapturedError?: (message: string) => void;
}

function subgroupSizes(ai: GPUAdapterInfo | undefined): { subgroupMinSize?: number; subgroupMaxSize?: number } {
  const x = ai as (GPUAdapterInfo & { subgroupMinSize?: number; subgroupMaxSize?: number }) | undefined;
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
  return { ...(ok(x?.subgroupMinSize) ? { subgroupMinSize: x.subgroupMinSize } : {}), ...(ok(x?.subgroupMaxSize) ? { subgroupMaxSize: x.subgroupMaxSize } : {}) };
}

/** How often requestAdapter() is asked when it answers null, and the pause between (at most 0.75 s in all). */
export const kAdapterTries = 4;
export const kAdapterRetryMs = 250;

export async function acquireGpu(opts: AcquireOptions = {}): Promise<GpuContext> {
  const gpu = opts.gpu ?? (globalThis.navigator as Navigator | undefined)?.gpu;
  if (!gpu) {
    throw new GpuUnavailableError('no-webgpu');
  }
  let adapter: GPUAdapter | null = null;
  // A browser whose GPU process is still starting may answer the first requestAdapter() with null: seen on the
  // GPU machine (issue #39), where the first page of a fresh headless Chromium 156 got null and the next load the
  // NVIDIA adapter. Asked again a few times, briefly, before saying there is none.
  for (let attempt = 0; attempt < kAdapterTries && !adapter; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, kAdapterRetryMs));
    try {
      adapter = await gpu.requestAdapter(opts.powerPreference ? { powerPreference: opts.powerPreference } : undefined);
    } catch (e) {
      throw new GpuUnavailableError('no-adapter', String(e));
    }
  }
  if (!adapter) {
    throw new GpuUnavailableError('no-adapter');
  }
  const adapterLimits = readLimits(adapter.limits);
  const requiredLimits: Record<string, number> = {};
  for (const [name, want] of opts.defaultLimitsOnly ? [] : (Object.entries(kWanted) as [LimitName, number][])) {
    const have = adapterLimits[name];
    requiredLimits[name] = Math.min(want, have);
  }
  const requiredFeatures: GPUFeatureName[] = [];
  if (adapter.features.has('timestamp-query')) requiredFeatures.push('timestamp-query');
  // The subgroup rung's WGSL (`enable subgroups;`) compiles only on a device created with the feature.
  if (adapter.features.has('subgroups' as GPUFeatureName)) requiredFeatures.push('subgroups' as GPUFeatureName);
  // The tensor-core rung: `enable f16; enable chromium_experimental_subgroup_matrix;` (both offered only
  // with Chrome's unsafe-API flags on most GPUs).
  for (const f of ['shader-f16', 'chromium-experimental-subgroup-matrix']) {
    if (adapter.features.has(f as GPUFeatureName)) requiredFeatures.push(f as GPUFeatureName);
  }

  let device: GPUDevice;
  try {
    device = await adapter.requestDevice({ label: 'Tiles.device', requiredFeatures, requiredLimits });
  } catch (e) {
    throw new GpuUnavailableError('device-failed', String(e));
  }

  // adapter.info is the current API; older engines had requestAdapterInfo().
  const ai = (adapter as GPUAdapter & { info?: GPUAdapterInfo }).info;
  const info: GpuInfo = {
    vendor: ai?.vendor || 'unknown',
    architecture: ai?.architecture || 'unknown',
    description: ai?.description || '',
    device: ai?.device || '',
    isFallbackAdapter: Boolean((ai as { isFallbackAdapter?: boolean } | undefined)?.isFallbackAdapter ?? (adapter as { isFallbackAdapter?: boolean }).isFallbackAdapter),
    adapterFeatures: [...adapter.features].map(String).sort(),
    features: [...device.features].map(String).sort(),
    limits: readLimits(device.limits),
    adapterLimits,
    timestampQuery: device.features.has('timestamp-query'),
    ...subgroupSizes(ai),
    defaultLimitsOnly: Boolean(opts.defaultLimitsOnly),
  };

  let lostFlag = false;
  const lost = device.lost.then((li) => {
    lostFlag = true;
    if (li.reason !== 'destroyed') opts.onLost?.(li);
    return li;
  });
  device.addEventListener('uncapturederror', (ev) => {
    const err = (ev as GPUUncapturedErrorEvent).error;
    opts.onUncapturedError?.(err.message);
  });
  return { device, info, lost, isLost: () => lostFlag };
}

/** Run `fn` inside validation and out-of-memory error scopes; throw the first error either caught. */
export async function withErrorScopes<T>(device: GPUDevice, what: Said | string, fn: () => T | Promise<T>): Promise<T> {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let outcome: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await fn() };
  } catch (error) {
    outcome = { ok: false, error };
  }
  // Scopes are popped whatever happened, so they never leak into later work.
  const validation = await device.popErrorScope();
  const oom = await device.popErrorScope();
  if (oom) throw new GpuRunError(said('common:device.outOfMemory', { what, message: oom.message }), 'out-of-memory');
  if (validation) throw new GpuRunError(said('common:device.validation', { what, message: validation.message }), 'validation');
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/**
 * A failed run, with why: `said` keeps the sentence as data (its key and values), so a result card
 * that shows it follows a language switch; `message` is the same in the language of the moment.
 */
export class GpuRunError extends Error {
  readonly said: Said | string;
  constructor(message: Said | string, readonly kind: 'validation' | 'out-of-memory' | 'device-lost' | 'cancelled' | 'internal') {
    super(sayNow(message));
    this.said = message;
    this.name = 'GpuRunError';
  }
}

/** Why `e` failed, as data where it is a GpuRunError (so it can be said again in another language), else its text. */
export function failureOf(e: unknown): Said | string {
  if (e instanceof GpuRunError) return e.said;
  return e instanceof Error ? e.message : String(e);
}
