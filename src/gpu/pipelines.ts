import { withErrorScopes } from './device';
import type { KernelSpec, LaunchPlan } from '../core/kernels';

/** One bind-group layout serves every matmul kernel: A, B (read), C (read_write), dims (uniform). */
const layouts = new WeakMap<GPUDevice, GPUBindGroupLayout>();
/** Pipelines cached per device, keyed by kernel and override constants (everything that changes the code). */
const pipelines = new WeakMap<GPUDevice, Map<string, Promise<GPUComputePipeline>>>();

export function matmulBindGroupLayout(device: GPUDevice): GPUBindGroupLayout {
  let layout = layouts.get(device);
  if (!layout) {
    const storage = (type: GPUBufferBindingType, binding: number): GPUBindGroupLayoutEntry => ({
      binding,
      visibility: GPUShaderStage.COMPUTE,
      buffer: { type },
    });
    layout = device.createBindGroupLayout({
      label: 'Matmul.bindGroupLayout',
      entries: [storage('read-only-storage', 0), storage('read-only-storage', 1), storage('storage', 2), storage('uniform', 3)],
    });
    layouts.set(device, layout);
  }
  return layout;
}

export function pipelineKey(spec: KernelSpec, plan: LaunchPlan): string {
  const consts = Object.entries(plan.constants)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return `${spec.id}|${consts}`;
}

/**
 * `role` 'probe' gives a separate pipeline object for the short calibration dispatch of long-run
 * splitting: on wgpu a small first dispatch on the timed pipeline slowed its later runs.
 */
export function getPipeline(device: GPUDevice, spec: KernelSpec, plan: LaunchPlan, role: 'main' | 'probe' = 'main', source = spec.source): Promise<GPUComputePipeline> {
  let cache = pipelines.get(device);
  if (!cache) {
    cache = new Map();
    pipelines.set(device, cache);
  }
  const key = `${pipelineKey(spec, plan)}${role === 'probe' ? '|probe' : ''}${source === spec.source ? '' : `|source:${source}`}`;
  let p = cache.get(key);
  if (!p) {
    p = withErrorScopes(device, `Creating the ${spec.label} pipeline`, async () => {
      const module = device.createShaderModule({ label: `Matmul.${spec.id}.module`, code: source });
      const layout = device.createPipelineLayout({ label: `Matmul.${spec.id}.layout`, bindGroupLayouts: [matmulBindGroupLayout(device)] });
      return device.createComputePipelineAsync({
        label: `Matmul.${spec.id}.pipeline[${key}]`,
        layout,
        compute: { module, entryPoint: 'main', constants: plan.constants },
      });
    });
    p.catch(() => cache.delete(key)); // a failure is not cached
    cache.set(key, p);
  }
  return p;
}
