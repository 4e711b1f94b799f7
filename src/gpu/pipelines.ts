/**
 * The one pipeline cache: every compute pipeline the app makes (matmul kernels, the traced tiled
 * kernel, the dot product and its final sum) is created once per device and key — its label,
 * WGSL, override constants and role — and reused. A failed creation is not cached.
 */
import { said, type Said } from '../core/said';
import { kernelLabelSaid, loadKernelSources, type KernelSpec, type LaunchPlan } from '../core/kernels';
import { withErrorScopes } from './device';

/** One bind-group layout serves every matmul kernel: A, B (read), C (read_write), dims (uniform). */
const layouts = new WeakMap<GPUDevice, GPUBindGroupLayout>();
const pipelines = new WeakMap<GPUDevice, Map<string, Promise<GPUComputePipeline>>>();
/** A short number per distinct WGSL text, for cache keys and labels (sources are long). */
const sourceIds = new Map<string, number>();

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

/** What makes a pipeline. */
export interface PipelineRequest {
  /** Names the GPU objects (`${label}.module`, `${label}.pipeline[…]`), e.g. 'Matmul.<kernel id>', 'Dot.final'. */
  readonly label: string;
  readonly source: string;
  readonly constants?: Readonly<Record<string, number>>;
  /** 'matmul': the shared matmul layout; 'auto' (default): derived from the WGSL. */
  readonly layout?: 'matmul' | 'auto';
  /** A separate pipeline object for the same code and constants (e.g. 'probe'). */
  readonly role?: string;
  /** For error messages: "Creating the … pipeline". */
  readonly what: Said | string;
}

/** Override constants as stable text: "BK=8,GROUP=4". */
export const constantsKey = (constants: Readonly<Record<string, number>> = {}): string =>
  Object.entries(constants)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

export function getPipeline(device: GPUDevice, req: PipelineRequest): Promise<GPUComputePipeline> {
  let cache = pipelines.get(device);
  if (!cache) pipelines.set(device, (cache = new Map()));
  let id = sourceIds.get(req.source);
  if (id === undefined) sourceIds.set(req.source, (id = sourceIds.size));
  const key = `${req.label}|${constantsKey(req.constants)}${req.role ? `|${req.role}` : ''}|source ${id}`;
  let p = cache.get(key);
  if (!p) {
    p = withErrorScopes(device, said('common:device.creatingPipeline', { what: req.what }), async () => {
      const module = device.createShaderModule({ label: `${req.label}.module`, code: req.source });
      const layout = req.layout === 'matmul' ? device.createPipelineLayout({ label: `${req.label}.layout`, bindGroupLayouts: [matmulBindGroupLayout(device)] }) : 'auto';
      return device.createComputePipelineAsync({
        label: `${req.label}.pipeline[${key}]`,
        layout,
        compute: { module, entryPoint: 'main', constants: { ...req.constants } },
      });
    });
    p.catch(() => cache.delete(key)); // a failure is not cached
    cache.set(key, p);
  }
  return p;
}

/**
 * A matmul kernel's pipeline for a plan. `role` 'probe' gives a separate pipeline object for the
 * short calibration dispatch of long-run splitting: on wgpu a small first dispatch on the timed
 * pipeline slowed its later runs. `source` replaces the kernel's WGSL (experiments); by default the plan's (plan.source, e.g. tile 16) or the kernel's, loaded first.
 */
export async function matmulPipeline(device: GPUDevice, spec: KernelSpec, plan: LaunchPlan, role: 'main' | 'probe' = 'main', source?: string): Promise<GPUComputePipeline> {
  // The kernel's WGSL loads on its first run (issue #47: the sources are not in the page's first load).
  await loadKernelSources([spec.id]);
  return getPipeline(device, {
    label: `Matmul.${spec.id}`,
    source: source ?? plan.source?.text() ?? spec.source,
    constants: plan.constants,
    layout: 'matmul',
    ...(role === 'probe' ? { role } : {}),
    what: kernelLabelSaid(spec.id),
  });
}
