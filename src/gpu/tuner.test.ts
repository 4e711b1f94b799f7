import { describe, expect, it } from 'vitest';
import type { Candidate, TuneEntry } from '../core/tuning';
import { finalistsOf, kFinalistGap, kNoSecondRoundMs } from './tuner';

const c = (kernel: Candidate['kernel'], params: Candidate['params'] = {}): Candidate => ({ kernel, params }) as Candidate;

describe('the tuner’s final: which leaders are timed again, settled', () => {
  const cands = [c('naive'), c('reg4x4'), c('reg16x8', { GROUP: 8 }), c('reg16x8v'), c('blk128x256'), c('split128v')];
  const entries = new Map<Candidate, TuneEntry>([
    [cands[0]!, { ...cands[0]!, verified: true, gflops: 100, medianMs: 5 }],
    [cands[1]!, { ...cands[1]!, verified: true, gflops: 30_000, medianMs: 1 }],
    [cands[2]!, { ...cands[2]!, verified: true, gflops: 28_000, medianMs: 1 }],
    // The round-8 case: the best rung read far too low in its short unsettled run, but within the gap.
    [cands[3]!, { ...cands[3]!, verified: true, gflops: 34_700, medianMs: 1 }],
    [cands[4]!, { ...cands[4]!, verified: false, note: 'did not match the CPU reference' }],
    [cands[5]!, { ...cands[5]!, verified: true, gflops: 33_000, medianMs: kNoSecondRoundMs + 1 }],
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
