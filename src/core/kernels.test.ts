import { describe, expect, it } from 'vitest';
import { gpuShape, kKernelIds, kKernels, planKernel, type PlanInfo } from './kernels';

const limits = (storage: number) => ({
  maxStorageBufferBindingSize: 2 ** 27,
  maxBufferSize: 2 ** 28,
  maxComputeWorkgroupsPerDimension: 65535,
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupSizeX: 256,
  maxComputeWorkgroupSizeY: 256,
  maxComputeWorkgroupStorageSize: storage,
});
const defaults: PlanInfo = { limits: limits(16384), features: [] };
const roomy: PlanInfo = { limits: limits(32768), features: ['subgroups'], subgroupMaxSize: 32 };
const shape = { m: 300, k: 41, n: 523 };

describe('launch plans', () => {
  it('every kernel but the subgroup rung runs on WebGPU’s default limits', () => {
    for (const id of kKernelIds) {
      const plan = planKernel(id, shape, 16, defaults);
      if (id === 'subgroup') expect(plan).toMatch(/needs the WebGPU feature “subgroups”/);
      else expect(typeof plan, id).toBe('object');
    }
  });
  it('BK = 16 needs 32 KiB of workgroup memory and says so where it is not granted', () => {
    expect(planKernel('reg8x8db', shape, 16, defaults, { BK: 16 })).toMatch(/needs 32768 bytes of workgroup memory; this GPU allows 16384/);
    expect(planKernel('reg8x8db', shape, 16, roomy, { BK: 16 })).toMatchObject({ constants: { BK: 16 }, workgroupStorageBytes: 32768 });
    expect(planKernel('reg8x8db', shape, 16, defaults)).toMatchObject({ constants: { BK: 8 }, workgroupStorageBytes: 16384 });
  });
  it('rejects params a kernel does not have or values it does not offer', () => {
    expect(planKernel('reg16x8', shape, 16, roomy, { GROUP: 3 })).toMatch(/GROUP = 3 is not offered/);
    expect(planKernel('reg16x8', shape, 16, roomy, { BK: 8 })).toMatch(/has no parameter BK/);
  });
  it('the vec4 rungs run on K and N padded to multiples of 4 and say so', () => {
    expect(gpuShape('reg16x8v', shape)).toEqual({ m: 300, k: 44, n: 524 });
    expect(gpuShape('reg16x8', shape)).toEqual(shape);
    const plan = planKernel('reg16x8v', shape, 16, roomy);
    expect(typeof plan === 'object' && plan.mapping).toMatch(/41 × 523 padded with zeros to 44 × 524/);
    expect(planKernel('reg16x8v', { m: 8, k: 8, n: 8 }, 16, roomy)).not.toHaveProperty('mapping', expect.stringMatching(/padded/));
  });
  it('the subgroup rung wants subgroups of at most 64', () => {
    expect(planKernel('subgroup', shape, 16, { ...roomy, subgroupMaxSize: 128 })).toMatch(/at most 64/);
    expect(typeof planKernel('subgroup', shape, 16, roomy)).toBe('object');
  });
  it('every kernel’s WGSL starts with its header comment', () => {
    for (const id of kKernelIds) expect(kKernels[id].source.trimStart().startsWith(`// ${id}.wgsl`), id).toBe(true);
  });
});
