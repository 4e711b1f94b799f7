import { describe, expect, it } from 'vitest';
import { addTuneRecord, adapterKey, candidatesFor, chooseAuto, paramsLabel, parseTuneRecords, tunedParams, type TuneRecord } from './tuning';

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
