import { describe, expect, it } from 'vitest';
import { addTuneRecord, adapterKey, autoCandidates, candidatesFor, chooseAuto, kTunedKernels, paramsLabel, parseTuneRecords, recordCovers, tunedParams, type TuneRecord } from './tuning';
import { kKernels } from './kernels';

const rec = (adapter: string, n: number, entries: TuneRecord['entries']): TuneRecord => ({ adapter, shape: { m: n, k: n, n }, date: '2026-11-22T00:00:00Z', clock: 'gpu-timestamp', entries });

describe('candidatesFor', () => {
  it('makes every combination of the tunables, one candidate for a kernel without any', () => {
    const c = candidatesFor([
      { id: 'reg8x8' },
      { id: 'reg8x8db', tunables: [{ name: 'BK', values: [8, 16] }] },
      { id: 'reg16x8', tunables: [{ name: 'GROUP', values: [1, 8] }, { name: 'X', values: [2, 3] }] },
    ]);
    expect(c).toHaveLength(1 + 2 + 4);
    expect(c.map((x) => `${x.kernel}(${paramsLabel(x.params)})`)).toContain('reg16x8(GROUP=8, X=3)');
  });
});

describe('chooseAuto', () => {
  const A = 'nvidia | hopper | 1 | H200 | dawn';
  const records = [
    rec(A, 1024, [
      { kernel: 'reg4x4', params: {}, gflops: 20_000, verified: true },
      { kernel: 'reg16x8v', params: { GROUP: 8 }, gflops: 15_000, verified: true },
    ]),
    rec(A, 4096, [
      { kernel: 'reg8x8', params: {}, gflops: 26_000, verified: true },
      { kernel: 'reg16x8v', params: { GROUP: 8 }, gflops: 41_000, verified: true },
      { kernel: 'reg16x8v', params: { GROUP: 1 }, gflops: 39_000, verified: true },
      { kernel: 'reg16x8', params: { GROUP: 8 }, gflops: 36_000, verified: true },
      { kernel: 'reg8x8db', params: { BK: 16 }, gflops: 99_000, verified: false }, // never chosen: not verified
    ]),
    rec('other | gpu', 4096, [{ kernel: 'reg4x4', params: {}, gflops: 1e9, verified: true }]),
  ];
  const any = () => true;

  it('uses the record nearest in work, and its fastest verified entry', () => {
    expect(chooseAuto(records, A, { m: 4000, k: 4000, n: 4000 }, any)).toMatchObject({ kernel: 'reg16x8v', params: { GROUP: 8 }, gflops: 41_000 });
    expect(chooseAuto(records, A, { m: 900, k: 1100, n: 1000 }, any)).toMatchObject({ kernel: 'reg4x4' });
  });
  it('skips entries that cannot run at the shape (vec4 with N odd)', () => {
    const noVec4 = (c: { kernel: string }) => !c.kernel.endsWith('v');
    expect(chooseAuto(records, A, { m: 4095, k: 4095, n: 4095 }, noVec4)).toMatchObject({ kernel: 'reg16x8', params: { GROUP: 8 } });
  });
  it('says nothing for an adapter it has not tuned', () => {
    expect(chooseAuto(records, 'never seen', { m: 64, k: 64, n: 64 }, any)).toBeUndefined();
  });
  it('gives the tuned params of each kernel from the same record', () => {
    const choice = chooseAuto(records, A, { m: 4096, k: 4096, n: 4096 }, any);
    expect(tunedParams(choice, 'reg16x8v')).toEqual({ GROUP: 8 });
    expect(tunedParams(choice, 'reg8x8db')).toBeUndefined();
  });
});

describe('records', () => {
  it('keys adapters by what they report and the engine', () => {
    expect(adapterKey({ vendor: 'nvidia', architecture: '', device: '', description: 'H200' }, 'Chrome 156')).toBe('nvidia | ? | ? | H200 | Chrome 156');
  });
  it('replaces a record for the same adapter and shape, newest first', () => {
    const a = rec('x', 64, []);
    const b = { ...rec('x', 64, []), date: 'later' };
    const c = rec('x', 128, []);
    expect(addTuneRecord(addTuneRecord([a], c), b).map((r) => [r.shape.m, r.date])).toEqual([
      [64, 'later'],
      [128, a.date],
    ]);
  });
  it('drops stored records that do not validate', () => {
    const good = rec('x', 64, [{ kernel: 'reg16x8', params: { GROUP: 8 }, gflops: 1, verified: true }]);
    const parsed = parseTuneRecords([good, { ...good, shape: { m: -1, k: 1, n: 1 } }, { ...good, entries: [{ kernel: 'evil', params: {}, verified: true }] }, 'junk', null]);
    expect(parsed).toEqual([good]);
    expect(parseTuneRecords({ not: 'an array' })).toEqual([]);
  });
});

describe('the shape-aware guess (autoCandidates)', () => {
  const all = candidatesFor(kTunedKernels.map((id) => kKernels[id]));
  const kernels = (m: number, k: number, n: number) => [...new Set(autoCandidates(all, { m, k, n }).map((c) => c.kernel))];
  it('tries naive, tiled and the smallest block on a tiny problem (SwiftShader at 32³: naive 0.20 GFLOP/s, the 4×4 rung 0.04–0.07)', () => {
    expect(kernels(32, 32, 32)).toEqual(['naive', 'tiled', 'blk32x64v']);
    expect(kernels(128, 128, 128)).toEqual(['naive', 'tiled', 'blk32x64v']);
  });
  it('from there, only register-tiled rungs that launch enough workgroups', () => {
    // 128×128 blocks: 16 workgroups; split-K's S = 2 and 4 layers of them: 32 and 64.
    expect(kernels(512, 512, 512)).toEqual(['reg4x4', 'blk32x64v', 'blk64x64v', 'blk128x64v', 'split128v', 'split8x16v']);
    expect(autoCandidates(all, { m: 512, k: 512, n: 512 }).filter((c) => c.kernel === 'split128v').map((c) => c.params.S)).toEqual([2, 3, 4]);
    // Split-K is tried only where its C blocks are few (1024 blocks at 4096³).
    const big = kernels(4096, 4096, 4096);
    expect(big).toEqual(['reg4x4', 'reg16x8', 'reg16x8v', 'blk32x64v', 'blk64x64v', 'blk128x64v', 'blk128x256']);
    expect(kernels(1024, 1024, 1024)).toContain('split128v');
    expect(kernels(2039, 3001, 1531)).toContain('split128v');
    expect(autoCandidates(all, { m: 4096, k: 4096, n: 4096 }).filter((c) => c.kernel === 'reg16x8')).toHaveLength(4); // every GROUP
  });
  it('keeps the rungs with the most workgroups when none launches kMinBlocks', () => {
    expect(kernels(160, 132, 144)).toEqual(['reg4x4', 'blk32x64v', 'blk64x64v', 'split128v', 'split8x16v']); // 9, 15, 9 and (S = 2, 3, 4) 8, 12, 16 workgroups
  });
  it('never leaves nothing to try', () => {
    for (const n of [1, 7, 129, 130, 300, 1000, 5000]) expect(autoCandidates(all, { m: n, k: 3, n: 2 * n }).length, String(n)).toBeGreaterThan(0);
  });
});

describe('recordCovers', () => {
  it('a record chooses within 8× the work, and tiny only for tiny', () => {
    expect(recordCovers({ m: 1024, k: 1024, n: 1024 }, { m: 2048, k: 1024, n: 2048 })).toBe(true); // 4×
    expect(recordCovers({ m: 1024, k: 1024, n: 1024 }, { m: 4096, k: 4096, n: 4096 })).toBe(false); // 64×
    expect(recordCovers({ m: 128, k: 128, n: 128 }, { m: 160, k: 132, n: 144 })).toBe(false); // tiny vs not
    expect(recordCovers({ m: 40, k: 24, n: 36 }, { m: 40, k: 24, n: 37 })).toBe(true);
  });
  it('auto tunes again rather than reuse a record from far away', () => {
    const far = [rec('A', 64, [{ kernel: 'naive', params: {}, gflops: 50, verified: true }])];
    expect(chooseAuto(far, 'A', { m: 4096, k: 4096, n: 4096 }, () => true)).toBeUndefined();
  });
});
