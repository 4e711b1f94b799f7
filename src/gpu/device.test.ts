import { describe, expect, it } from 'vitest';
import { acquireGpu, GpuUnavailableError, kAdapterTries } from './device';

/** A navigator.gpu whose requestAdapter() answers from a list, counting the calls. */
function fakeGpu(answers: (() => GPUAdapter | null)[]): { gpu: GPU; calls: () => number } {
  let n = 0;
  const gpu = { requestAdapter: async () => (answers[Math.min(n++, answers.length - 1)] ?? (() => null))() } as unknown as GPU;
  return { gpu, calls: () => n };
}

/** An adapter whose device cannot be made: reaching it shows the adapter was taken. */
const refusingAdapter = () =>
  ({
    features: new Set<string>(),
    limits: {},
    requestDevice: async () => {
      throw new Error('no device here');
    },
  }) as unknown as GPUAdapter;

describe('acquireGpu asks again when requestAdapter() answers null (issue #39)', () => {
  it('a null first answer, then an adapter: the adapter is used', async () => {
    const f = fakeGpu([() => null, refusingAdapter]);
    const err = await acquireGpu({ gpu: f.gpu }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GpuUnavailableError);
    expect((err as GpuUnavailableError).reason).toBe('device-failed');
    expect(f.calls()).toBe(2);
  });
  it('null every time: no adapter, after a bounded number of tries', async () => {
    const f = fakeGpu([() => null]);
    const err = await acquireGpu({ gpu: f.gpu }).catch((e: unknown) => e);
    expect((err as GpuUnavailableError).reason).toBe('no-adapter');
    expect(f.calls()).toBe(kAdapterTries);
  });
});
