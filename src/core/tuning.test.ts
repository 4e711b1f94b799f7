import { describe, expect, it } from 'vitest';
import {
  addTuneRecord,
  adapterKey,
  autoCandidates,
  candidatesFor,
  chooseAuto,
  finalistsOf,
  isUnsettled,
  keepBetter,
  kFinalistGap,
  kFinalists,
  kFinalRounds,
  kNoSecondRoundMs,
  kSecondRoundGap,
  kTunedKernels,
  paramsLabel,
  parseTuneRecords,
  recordCovers,
  secondRoundOf,
  tunedParams,
  tuneRunsBound,
  tunePace,
  type Candidate,
  type TuneEntry,
  type TuneRecord,
} from './tuning';
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

describe('how the tuner decides (issue 36)', () => {
  const c = (kernel: Candidate['kernel'], params: Candidate['params'] = {}): Candidate => ({ kernel, params }) as Candidate;
  const e = (x: Candidate, gflops: number, extra: Partial<TuneEntry> = {}): TuneEntry => ({ ...x, verified: true, gflops, medianMs: 1, settledMs: 300, ...extra });

  describe('the final: which leaders are timed again, settled', () => {
    const cands = [c('naive'), c('reg4x4'), c('reg16x8', { GROUP: 8 }), c('reg16x8v'), c('blk128x256'), c('split128v')];
    const entries = new Map<Candidate, TuneEntry>([
      [cands[0]!, e(cands[0]!, 100, { medianMs: 5 })],
      [cands[1]!, e(cands[1]!, 30_000)],
      [cands[2]!, e(cands[2]!, 28_000)],
      [cands[3]!, e(cands[3]!, 34_700)],
      [cands[4]!, { ...cands[4]!, verified: false, note: 'did not match the CPU reference' }],
      [cands[5]!, e(cands[5]!, 33_000, { medianMs: kNoSecondRoundMs + 1 })],
    ]);
    const of = (x: Candidate) => entries.get(x);
    it('takes the n fastest verified candidates within the gap, fastest first, as the tuner’s own objects', () => {
      const f = finalistsOf(cands, of, 3);
      expect(f).toEqual([cands[3], cands[1], cands[2]]);
      expect(f[0]).toBe(cands[3]); // the same object: the tuner's map is keyed by it
    });
    it('leaves out what failed, what is slow to time again, and what is far behind', () => {
      const f = finalistsOf(cands, of, 10);
      expect(f).not.toContain(cands[4]); // not verified
      expect(f).not.toContain(cands[5]); // too slow per dispatch for a second look
      expect(f).not.toContain(cands[0]); // 100 GFLOP/s is far below kFinalistGap of the best
      expect(34_700 * kFinalistGap).toBeGreaterThan(100);
    });
    it('no final for zero finalists or nothing verified', () => {
      expect(finalistsOf(cands, of, 0)).toEqual([]);
      expect(finalistsOf(cands, () => undefined, 3)).toEqual([]);
    });
  });

  describe('the second round', () => {
    const cands = [c('reg4x4'), c('reg16x8', { GROUP: 4 }), c('blk64x64v'), c('blk128x256'), c('naive'), c('tiled')];
    it('times again, in reverse order, the candidates within kSecondRoundGap of the best first reading', () => {
      const m = new Map<Candidate, TuneEntry>([
        [cands[0]!, e(cands[0]!, 19_600)],
        [cands[1]!, e(cands[1]!, 37_000)],
        [cands[2]!, e(cands[2]!, 27_500)],
        [cands[3]!, e(cands[3]!, 41_800)],
        [cands[4]!, { ...cands[4]!, verified: false, note: 'x' }],
        [cands[5]!, e(cands[5]!, 30_000, { medianMs: kNoSecondRoundMs + 1 })],
      ]);
      expect(41_800 * kSecondRoundGap).toBeGreaterThan(19_600);
      expect(secondRoundOf(cands, (x) => m.get(x), true)).toEqual([cands[3], cands[2], cands[1]]);
    });
    it('times again every unsettled reading, however low it read (the misreadings of issue 36)', () => {
      // Through wgpu at 4096³ a split run started on an idle clock: reg16x8 (GROUP = 4) read 5.8 TFLOP/s, 38 settled.
      const m = new Map<Candidate, TuneEntry>([
        [cands[1]!, e(cands[1]!, 5_800, { settledMs: undefined, parts: 2 })],
        [cands[3]!, e(cands[3]!, 41_800)],
      ]);
      expect(secondRoundOf(cands.slice(0, 4), (x) => m.get(x), true)).toEqual([cands[3], cands[1]]);
      expect(isUnsettled(m.get(cands[1]!), true)).toBe(true);
      // Where nothing can be settled (the wall clock, a CPU emulation) no reading is "unsettled".
      expect(secondRoundOf(cands.slice(0, 4), (x) => m.get(x), false)).toEqual([cands[3]]);
      expect(isUnsettled(m.get(cands[1]!), false)).toBe(false);
    });
    it('a failed reading is not unsettled: it is not timed again', () => {
      expect(isUnsettled({ ...cands[0]!, verified: false }, true)).toBe(false);
    });
  });

  it('keeps the faster verified figure, and a failure over anything', () => {
    const x = c('reg4x4');
    expect(keepBetter(undefined, e(x, 5))).toEqual(e(x, 5));
    expect(keepBetter(e(x, 5), e(x, 9)).gflops).toBe(9);
    expect(keepBetter(e(x, 9), e(x, 5)).gflops).toBe(9);
    expect(keepBetter(e(x, 9), { ...x, verified: false }).verified).toBe(false);
    expect(keepBetter({ ...x, verified: false }, e(x, 9)).verified).toBe(false);
  });

  it('states its bound before it starts: two rounds and the final', () => {
    expect(tuneRunsBound(13)).toBe(13 + 13 + kFinalRounds * kFinalists);
    expect(tuneRunsBound(13, 0)).toBe(26);
    expect(tuneRunsBound(2, 3)).toBe(4 + kFinalRounds * 2);
    expect(tuneRunsBound(1)).toBe(2); // one candidate: no final
    expect(tuneRunsBound(0)).toBe(0);
  });

  it('a record keeps how it decided, and records from before (no method) still load', () => {
    const method = { ms: 61_000, roundRuns: 21, finalRuns: 6, maxRuns: 32, unsettled: 0, decidedBy: 'final' as const };
    const rec = {
      adapter: 'a',
      shape: { m: 4096, k: 4096, n: 4096 },
      date: '2026-11-27',
      clock: 'gpu-timestamp',
      entries: [{ kernel: 'blk128x256', params: {}, gflops: 41_800, medianMs: 3.29, verified: true, phase: 'final', settledMs: 370, runs: 4 }],
      method,
    };
    expect(parseTuneRecords([rec])).toEqual([rec]);
    const { method: _drop, ...old } = rec;
    expect(parseTuneRecords([old])).toEqual([old]);
    expect(parseTuneRecords([{ ...rec, method: { ...method, decidedBy: 'guess' } }])).toEqual([]);
    expect(parseTuneRecords([{ ...rec, entries: [{ ...rec.entries[0], phase: 'warmup' }] }])).toEqual([]);
  });
});

describe('the pace the page states before a tuning starts', () => {
  const method = (ms: number, runs: number) => ({ ms, roundRuns: runs - 6, finalRuns: 6, maxRuns: runs, unsettled: 0, decidedBy: 'final' as const });
  const at = (adapter: string, n: number, m?: ReturnType<typeof method>): TuneRecord => ({ ...rec(adapter, n, []), ...(m ? { method: m } : {}) });
  it('takes ms per run from this adapter’s record nearest in work that says how it decided', () => {
    const records = [at('a', 1024, method(20_000, 40)), at('a', 4096, method(62_000, 31)), at('b', 2048, method(1, 1)), at('a', 2048)];
    expect(tunePace(records, 'a', { m: 3000, k: 3000, n: 3000 })).toEqual({ msPerRun: 2000, shape: { m: 4096, k: 4096, n: 4096 } });
    expect(tunePace(records, 'a', { m: 1000, k: 1000, n: 1000 })).toEqual({ msPerRun: 500, shape: { m: 1024, k: 1024, n: 1024 } });
  });
  it('none without a record that says how it decided (records from before issue 36)', () => {
    expect(tunePace([at('a', 2048)], 'a', { m: 2048, k: 2048, n: 2048 })).toBeUndefined();
    expect(tunePace([at('b', 2048, method(1000, 10))], 'a', { m: 2048, k: 2048, n: 2048 })).toBeUndefined();
  });
});
