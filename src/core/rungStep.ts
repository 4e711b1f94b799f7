/**
 * What one rung of the ladder changes against the rung below it, as data: the traffic model's
 * global loads per C element and arithmetic intensity of both at a shape, and the reference run's
 * gain (kReferenceRun: an H100 at 4096³, never this GPU). The measured gain on this GPU is the
 * caller's (it needs this GPU's results); the words are ui/'s.
 */
import { kernelLoads, kKernels, previousRung, type KernelId } from './kernels';
import type { Shape, TileWidth } from './shape';
import { arithmeticIntensity } from './traffic';

export interface RungModel {
  /** Global-memory element loads per element of C. */
  readonly loadsPerC: number;
  /** FLOP per byte of global traffic. */
  readonly intensity: number;
}

export interface RungStep {
  readonly id: KernelId;
  /** The rung below (undefined for the first). */
  readonly prev?: KernelId;
  readonly model: RungModel;
  readonly prevModel?: RungModel;
  /** The reference run's figure of this rung ÷ the previous rung's, per engine; absent where either figure is missing. */
  readonly refGain: { readonly dawn?: number; readonly wgpu?: number };
}

function modelOf(id: KernelId, shape: Shape, tile: TileWidth): RungModel {
  const loads = kernelLoads(id, shape, tile);
  return { loadsPerC: loads / (shape.m * shape.n), intensity: arithmeticIntensity(shape, loads) };
}

const ratio = (a: number | null | undefined, b: number | null | undefined): number | undefined =>
  a != null && b != null && b > 0 ? a / b : undefined;

/** The step up to rung `id` from the one it is compared with (previousRung: the one below it, or its record's stepFrom), at `shape` (tile: the tiled rung's tile width). */
export function rungStep(id: KernelId, shape: Shape, tile: TileWidth): RungStep {
  const prev = previousRung(id);
  const model = modelOf(id, shape, tile);
  if (!prev) return { id, model, refGain: {} };
  const r = kKernels[id].reference;
  const p = kKernels[prev].reference;
  const dawn = ratio(r?.dawn, p?.dawn);
  const wgpu = ratio(r?.wgpu, p?.wgpu);
  return {
    id,
    prev,
    model,
    prevModel: modelOf(prev, shape, tile),
    refGain: { ...(dawn !== undefined ? { dawn } : {}), ...(wgpu !== undefined ? { wgpu } : {}) },
  };
}
