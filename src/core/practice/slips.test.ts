import { describe, expect, it } from 'vitest';
import { exercise, exerciseData, judgeShape, layoutOf, type Exercise } from './exercises';
import { kFlagCount } from './wgsl';
import type { Shape } from '../shape';

/**
 * The tiled kernel simulated on the CPU as the GPU runs it (f32 accumulation, tiles of TILE, the
 * three boundary tests), with one slip switched on: the judge must name that slip, and no other.
 */
type Sim = 'right' | 'as-transposed' | 'bs-transposed' | 'skip-phase-1' | 'repeat-phase-0' | 'floor-phases' | 'k-minus-one' | 'k-capped-7' | 'int-acc';

function simulate(ex: Exercise, s: Shape, d: { a: Float32Array; b: Float32Array }, slip: Sim): Float32Array {
  const T = ex.constants.tile;
  const { m, k: K, n } = s;
  const A = (i: number, q: number) => (i < m && q < K ? d.a[i * K + q]! : 0);
  const B = (q: number, j: number) => (q < K && j < n ? d.b[q * n + j]! : 0);
  const c = new Float32Array(m * n);
  const phases = slip === 'floor-phases' ? Math.floor(K / T) : Math.ceil(K / T);
  for (let row = 0; row < m; row++) {
    for (let col = 0; col < n; col++) {
      const r0 = row - (row % T);
      const c0 = col - (col % T);
      const ty = row % T;
      const tx = col % T;
      let acc = 0;
      const phaseList = [...Array(phases).keys()].filter((p) => !(slip === 'skip-phase-1' && p === 1));
      if (slip === 'repeat-phase-0') phaseList.push(0);
      for (const ph of phaseList) {
        for (let q = 0; q < T; q++) {
          const kk = ph * T + q;
          if (slip === 'k-minus-one' && kk >= K - 1) continue;
          if (slip === 'k-capped-7' && kk >= 7) continue;
          const a = slip === 'as-transposed' ? A(r0 + q, ph * T + ty) : A(row, kk);
          const b = slip === 'bs-transposed' ? B(ph * T + tx, c0 + q) : B(kk, col);
          acc = slip === 'int-acc' ? acc + Math.trunc(Math.fround(a * b)) : Math.fround(acc + Math.fround(a * b));
        }
      }
      c[row * n + col] = acc;
    }
  }
  return c;
}

function judge(id: 'tiled' | 'bounds' | 'naive', s: Shape, slip: Sim, seed = 11) {
  const ex = exercise(id);
  const l = layoutOf(ex, s);
  const d = exerciseData(ex, s, seed, true);
  return judgeShape(ex, { shape: s, random: true, seed }, d, { c: simulate(ex, s, d, slip), trace: new Uint32Array(l.invocations * 2), cap: 0, flags: new Uint32Array(kFlagCount), variables: [], sites: [] });
}

describe('naming the slip from the wrong values', () => {
  it('the right kernel passes and names nothing', () => {
    const v = judge('bounds', { m: 37, k: 46, n: 29 }, 'right');
    expect([v.status, v.slip]).toEqual(['pass', undefined]);
  });

  it.each([
    ['as-transposed', 'as-transposed'],
    ['bs-transposed', 'bs-transposed'],
    ['skip-phase-1', 'phase-skipped'],
    ['repeat-phase-0', 'phase-repeated'],
    ['floor-phases', 'last-tile-dropped'],
    ['k-minus-one', 'off-by-one'],
    ['k-capped-7', 'k-capped'],
    ['int-acc', 'int-accumulator'],
  ] as const)('%s is named %s, with where it first shows', (sim, named) => {
    const v = judge('bounds', { m: 37, k: 46, n: 29 }, sim);
    expect(v.status).toBe('fail');
    expect(v.failure).toBe('wrong');
    expect(v.wrongCount).toBeGreaterThan(0);
    expect(v.slip?.kind).toBe(named);
    const first = v.cells.findIndex((x) => x !== 0);
    expect([v.slip!.row, v.slip!.col]).toEqual([Math.floor(first / 29), first % 29]);
    expect(v.slip!.laneX).toBe(v.slip!.col % 4);
    expect(v.slip!.tileRow).toBe(Math.floor(v.slip!.row / 4));
    if (named === 'phase-skipped') expect(v.slip!.phase).toBe(1);
    if (named === 'k-capped') expect(v.slip!.terms).toBe(7);
  });

  it('the naive exercise: an integer accumulator and a capped loop are named on random data', () => {
    expect(judge('naive', { m: 40, k: 50, n: 33 }, 'int-acc').slip?.kind).toBe('int-accumulator');
    expect(judge('naive', { m: 40, k: 50, n: 33 }, 'k-capped-7').slip?.kind).toBe('k-capped');
  });

  it('wrong values that match no slip name none', () => {
    const ex = exercise('bounds');
    const s = { m: 9, k: 9, n: 9 };
    const l = layoutOf(ex, s);
    const d = exerciseData(ex, s, 3, true);
    const c = simulate(ex, s, d, 'right');
    c[10] = 12345;
    const v = judgeShape(ex, { shape: s, random: true, seed: 3 }, d, { c, trace: new Uint32Array(l.invocations * 2), cap: 0, flags: new Uint32Array(kFlagCount), variables: [], sites: [] });
    expect([v.failure, v.wrongCount, v.slip]).toEqual(['wrong', 1, undefined]);
  });
});
