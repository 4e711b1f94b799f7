import { describe, expect, it } from 'vitest';
import { say } from '../i18n';
import { checkProblem as checkData, kMaxHostBytes, type ProblemLimits } from './limits';
import { naiveDispatch, tiledDispatch, type Dispatch } from './tiling';

const MiB = 2 ** 20;
/** The WebGPU defaults: 128 MiB bindings, 256 MiB buffers, 65535 workgroups per dimension. */
const kDefault: ProblemLimits = { maxStorageBufferBindingSize: 128 * MiB, maxBufferSize: 256 * MiB, maxComputeWorkgroupsPerDimension: 65535 };
const kBig: ProblemLimits = { maxStorageBufferBindingSize: 4 * 1024 * MiB, maxBufferSize: 4 * 1024 * MiB, maxComputeWorkgroupsPerDimension: 65535 };
const none: ReadonlyArray<{ label: string; dispatch: Dispatch }> = [];
/** checkProblem's messages in words (English, the language the tests run in). */
const checkProblem = (...a: Parameters<typeof checkData>): Record<string, string> =>
  Object.fromEntries(Object.entries(checkData(...a)).map(([k, v]) => [k, say(v)]));

describe('checkProblem: buffer sizes', () => {
  it('accepts problems that fit', () => {
    expect(checkProblem({ m: 1, k: 1, n: 1 }, kDefault, none)).toEqual({});
    expect(checkProblem({ m: 4096, k: 4096, n: 4096 }, kDefault, none)).toEqual({});
    expect(checkProblem({ m: 1000, k: 1000, n: 1000 }, kDefault, none)).toEqual({});
  });

  it('a buffer of exactly the cap fits; 4 bytes more does not', () => {
    // A = 8192×4096 f32 = 128 MiB exactly.
    expect(checkProblem({ m: 8192, k: 4096, n: 1 }, kDefault, none)).toEqual({});
    const e = checkProblem({ m: 8192, k: 4097, n: 1 }, kDefault, none);
    expect(Object.keys(e).sort()).toEqual(['k', 'm']);
    expect(e.m).toBe("Matrix A (M×K = 8192×4097) needs 128 MiB; this GPU’s maxStorageBufferBindingSize is 128 MiB.");
  });

  it('A too big flags M and K (not N)', () => {
    const e = checkProblem({ m: 16384, k: 4096, n: 4 }, kDefault, none);
    const msg = "Matrix A (M×K = 16384×4096) needs 256 MiB; this GPU’s maxStorageBufferBindingSize is 128 MiB.";
    expect(e).toEqual({ m: msg, k: msg });
  });

  it('B too big flags K and N (not M)', () => {
    const e = checkProblem({ m: 3, k: 8192, n: 8192 }, kDefault, none);
    const msg = "Matrix B (K×N = 8192×8192) needs 256 MiB; this GPU’s maxStorageBufferBindingSize is 128 MiB.";
    expect(e).toEqual({ k: msg, n: msg });
  });

  it('C too big flags M and N (not K)', () => {
    const e = checkProblem({ m: 8192, k: 1, n: 8192 }, kDefault, none);
    const msg = "Matrix C (M×N = 8192×8192) needs 256 MiB; this GPU’s maxStorageBufferBindingSize is 128 MiB.";
    expect(e).toEqual({ m: msg, n: msg });
  });

  it('when several are too big, each field keeps the first message that names it (A, then B, then C)', () => {
    const e = checkProblem({ m: 8192, k: 8192, n: 8192 }, kDefault, none);
    expect(e.m).toMatch(/^Matrix A /);
    expect(e.k).toMatch(/^Matrix A /);
    expect(e.n).toMatch(/^Matrix B /);
    const e2 = checkProblem({ m: 8192, k: 1, n: 8193 * 2 }, kDefault, none);
    // Only C is too big: A = 8192×1 and B = 1×16386 are small; C = 8192×16386 ≈ 512 MiB.
    expect(e2.k).toBeUndefined();
    expect(e2.m).toMatch(/^Matrix C /);
    expect(e2.n).toMatch(/^Matrix C /);
  });

  it('uses the smaller of maxStorageBufferBindingSize and maxBufferSize, and names it', () => {
    const bufferSmaller: ProblemLimits = { maxStorageBufferBindingSize: 1024 * MiB, maxBufferSize: 64 * MiB, maxComputeWorkgroupsPerDimension: 65535 };
    const e = checkProblem({ m: 4096, k: 4096 + 1, n: 1 }, bufferSmaller, none);
    expect(e.m).toBe("Matrix A (M×K = 4096×4097) needs 64 MiB; this GPU’s maxBufferSize is 64 MiB.");
    // 64 MiB exactly fits.
    expect(checkProblem({ m: 4096, k: 4096, n: 1 }, bufferSmaller, none)).toEqual({});
    // Equal limits: the binding size is named.
    const equal: ProblemLimits = { maxStorageBufferBindingSize: 64 * MiB, maxBufferSize: 64 * MiB, maxComputeWorkgroupsPerDimension: 65535 };
    expect(checkProblem({ m: 4096, k: 4097, n: 1 }, equal, none).m).toMatch(/maxStorageBufferBindingSize is 64 MiB\.$/);
    // The default: binding (128 MiB) < buffer (256 MiB), so a 200 MiB matrix fails on the binding size.
    expect(checkProblem({ m: 200, k: MiB / 4, n: 1 }, kDefault, none).m).toBe(
      "Matrix A (M×K = 200×262144) needs 200 MiB; this GPU’s maxStorageBufferBindingSize is 128 MiB.",
    );
  });

  it('prints fractional MiB with one decimal', () => {
    const limits: ProblemLimits = { maxStorageBufferBindingSize: 100_000_000, maxBufferSize: 2 ** 31, maxComputeWorkgroupsPerDimension: 65535 };
    expect(checkProblem({ m: 5000, k: 5001, n: 1 }, limits, none).m).toBe(
      "Matrix A (M×K = 5000×5001) needs 95.4 MiB; this GPU’s maxStorageBufferBindingSize is 95.4 MiB.",
    );
    expect(checkProblem({ m: 10000, k: 10000, n: 1 }, limits, none).m).toBe(
      "Matrix A (M×K = 10000×10000) needs 381.5 MiB; this GPU’s maxStorageBufferBindingSize is 95.4 MiB.",
    );
  });
});

describe('checkProblem: host memory', () => {
  it('flags M when A + B + C exceed 2 GiB even though each buffer fits', () => {
    expect(kMaxHostBytes).toBe(2 ** 31);
    // 3 × 1 GiB.
    const e = checkProblem({ m: 16384, k: 16384, n: 16384 }, kBig, none);
    expect(e).toEqual({ m: 'A, B and C together need 3,072 MiB of browser memory; the page allows 2,048 MiB.' });
  });

  it('exactly 2 GiB is allowed', () => {
    // A = B = C = 2^27 floats... A: 2^14 × 2^13, B: 2^13 × 2^14 = 512 MiB each, C: 2^14×2^14 = 1 GiB → 2 GiB.
    expect(checkProblem({ m: 16384, k: 8192, n: 16384 }, kBig, none)).toEqual({});
    expect(checkProblem({ m: 16384, k: 8193, n: 16384 }, kBig, none).m).toMatch(/browser memory/);
  });

  it('is not reported on top of a buffer error', () => {
    const limits: ProblemLimits = { ...kBig, maxStorageBufferBindingSize: 1024 * MiB };
    const e = checkProblem({ m: 16384, k: 16385, n: 16384 }, limits, none);
    expect(e.m).toMatch(/^Matrix A /);
    expect(Object.values(e).some((m) => /browser memory/.test(m))).toBe(false);
  });
});

describe('checkProblem: dispatch size', () => {
  const tiny: ProblemLimits = { ...kBig, maxComputeWorkgroupsPerDimension: 10 };

  it('flags N when x is over the limit and M when y is, naming the kernel', () => {
    const e = checkProblem({ m: 5, k: 3, n: 7 }, tiny, [{ label: 'tiled', dispatch: [11, 12, 1] }]);
    expect(e).toEqual({
      n: 'N = 7 needs 11 workgroups across for the tiled kernel; this GPU allows 10 per dimension.',
      m: 'M = 5 needs 12 workgroups down for the tiled kernel; this GPU allows 10 per dimension.',
    });
  });

  it('exactly the limit is allowed; only the over-limit axis is flagged', () => {
    expect(checkProblem({ m: 5, k: 3, n: 7 }, tiny, [{ label: 'naive', dispatch: [10, 10, 1] }])).toEqual({});
    expect(Object.keys(checkProblem({ m: 5, k: 3, n: 7 }, tiny, [{ label: 'naive', dispatch: [10, 11, 1] }]))).toEqual(['m']);
    expect(Object.keys(checkProblem({ m: 5, k: 3, n: 7 }, tiny, [{ label: 'naive', dispatch: [11, 10, 1] }]))).toEqual(['n']);
  });

  it('the first kernel over the limit names the field; a buffer message takes precedence', () => {
    const e = checkProblem({ m: 5, k: 3, n: 7 }, tiny, [
      { label: 'naive', dispatch: [1, 1, 1] },
      { label: 'tiled', dispatch: [20, 1, 1] },
      { label: 'other', dispatch: [30, 1, 1] },
    ]);
    expect(e.n).toMatch(/for the tiled kernel/);
    const withBuffer = checkProblem({ m: 8192, k: 1, n: 8192 }, { ...kDefault, maxComputeWorkgroupsPerDimension: 10 }, [
      { label: 'naive', dispatch: naiveDispatch({ m: 8192, k: 1, n: 8192 }) },
    ]);
    expect(withBuffer.m).toMatch(/^Matrix C /);
    expect(withBuffer.n).toMatch(/^Matrix C /);
  });

  it('with real dispatches at the default 65535: a 2^20-wide N fails the naive kernel but not tile 32', () => {
    const s = { m: 1, k: 1, n: 1 << 20 };
    // naive: 2^20 / 16 = 65536 > 65535; tiled 32: 32768.
    const e = checkProblem(s, kDefault, [
      { label: 'tiled', dispatch: tiledDispatch(s, 32) },
      { label: 'naive', dispatch: naiveDispatch(s) },
    ]);
    expect(e).toEqual({ n: 'N = 1048576 needs 65536 workgroups across for the naive kernel; this GPU allows 65535 per dimension.' });
    expect(checkProblem(s, kDefault, [{ label: 'tiled', dispatch: tiledDispatch(s, 32) }])).toEqual({});
    // Tall: tile 2 down 2^20 rows needs 2^19 workgroups.
    const tall = { m: 1 << 20, k: 1, n: 1 };
    expect(checkProblem(tall, kDefault, [{ label: 'tiled', dispatch: tiledDispatch(tall, 2) }])).toEqual({
      m: 'M = 1048576 needs 524288 workgroups down for the tiled kernel; this GPU allows 65535 per dimension.',
    });
  });
});
