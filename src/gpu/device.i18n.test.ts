import { afterEach, describe, expect, it } from 'vitest';
import { i18n, said, say } from '../i18n';
import { howChecked, howCheckedSaid } from '../i18n/words';
import { failureOf, GpuRunError, withErrorScopes } from './device';
import { kKernels, planKernel, type LaunchPlan } from '../core/kernels';
import { matmulPipeline } from './pipelines';

const han = /\p{Script=Han}/u;

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** Only the error-scope calls withErrorScopes makes, reporting `error` from the validation scope. */
function scopesReporting(error: GPUError | null): GPUDevice {
  const popped: (GPUError | null)[] = [error, null]; // validation first (pushed last), then out-of-memory
  return {
    pushErrorScope: () => undefined,
    popErrorScope: async () => popped.shift() ?? null,
  } as unknown as GPUDevice;
}

describe('why a run failed, kept as data so it follows a language switch', () => {
  it('a GpuRunError keeps its sentence as data and says it again in the language in use', async () => {
    const e = new GpuRunError(said('run:error.cancelled'), 'cancelled');
    expect(e.message).not.toMatch(han);
    const why = failureOf(e);
    expect(why).toEqual({ key: 'run:error.cancelled' });
    await i18n.changeLanguage('zh-CN');
    expect(say(why)).toMatch(han);
    expect(say(why)).not.toBe(e.message);
  });

  it('an error from a validation scope names what was being done, in either language; the browser’s words stay as they came', async () => {
    let caught: unknown;
    try {
      await withErrorScopes(scopesReporting({ message: 'Binding size too small.' } as GPUError), said('run:scope.upload'), () => 1);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(GpuRunError);
    const why = failureOf(caught);
    expect(say(why)).toMatch(/^.+: Binding size too small\.$/);
    await i18n.changeLanguage('zh-CN');
    const zh = say(why);
    expect(zh).toMatch(han);
    expect(zh).toContain('：Binding size too small.');
  });

  it('errors that are not the app’s own are kept as their text', () => {
    expect(failureOf(new Error('boom'))).toBe('boom');
    expect(failureOf('plain')).toBe('plain');
  });

  it('how C was checked reads in the language in use when said again', async () => {
    const v = { full: false, sampled: { structured: 8392, random: 65536 } };
    const data = howCheckedSaid(v);
    const en = say(data);
    expect(en).toBe(howChecked(v));
    await i18n.changeLanguage('zh-CN');
    expect(say(data)).toMatch(han);
    expect(say(data)).toContain('8,392');
    expect(say(data)).not.toBe(en);
  });

  it('a kernel whose pipeline fails to compile is named in the language in use, also after a switch', async () => {
    (globalThis as { GPUShaderStage?: unknown }).GPUShaderStage ??= { COMPUTE: 4 };
    const device = {
      ...scopesReporting({ message: 'Error while parsing WGSL.' } as GPUError),
      createBindGroupLayout: () => ({}),
      createPipelineLayout: () => ({}),
      createShaderModule: () => ({}),
      createComputePipelineAsync: async () => ({}),
    } as unknown as GPUDevice;
    const info = { limits: { maxComputeWorkgroupSizeX: 256, maxComputeWorkgroupSizeY: 256, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupStorageSize: 16384, maxComputeWorkgroupsPerDimension: 65535 }, features: [] };
    const plan = planKernel('naive', { m: 4, k: 4, n: 4 }, 16, info as never) as LaunchPlan;
    let caught: unknown;
    try {
      await matmulPipeline(device, kKernels.naive, plan);
    } catch (e) {
      caught = e;
    }
    const why = failureOf(caught);
    expect(say(why)).toBe('Creating the Naive pipeline: Error while parsing WGSL.');
    await i18n.changeLanguage('zh-CN');
    expect(say(why)).toContain('朴素');
    expect(say(why)).not.toContain('Naive');
  });
});

describe('a list of names in a sentence follows the language (Intl.ListFormat), kept as data', () => {
  it('the tensor rung’s missing features: “a and b” in English, “a 和 b” in Chinese (a space where Latin meets Han), no quotes of another script', async () => {
    const info = { limits: { maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupSizeX: 256, maxComputeWorkgroupSizeY: 256, maxStorageBufferBindingSize: 2 ** 30, maxBufferSize: 2 ** 30, maxComputeWorkgroupsPerDimension: 65535 } as unknown as GPUSupportedLimits, features: [] as string[] };
    const plan = planKernel('tensor', { m: 64, k: 64, n: 64 }, 16, info);
    expect('why' in plan).toBe(true);
    const why = (plan as { why: Parameters<typeof say>[0] }).why;
    expect(say(why)).toContain('shader-f16 and chromium-experimental-subgroup-matrix');
    for (const lang of ['zh-CN', 'zh-TW'] as const) {
      await i18n.changeLanguage(lang);
      const text = say(why);
      expect(text, lang).toMatch(/shader-f16 \p{Script=Han}+ chromium-experimental-subgroup-matrix/u);
      expect(text, lang).not.toMatch(/[“”]/);
    }
  });
});
