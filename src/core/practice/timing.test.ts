import { describe, expect, it } from 'vitest';
import { gflops } from '../shape';
import { encodeTimed, exerciseIntensity, kProbeSize, kTimedDispatchMs, kTimedSizes, kTimedTile, placeOnLadder, readTimed, timeable, timedExercise, timedLinkTrust, timedSize, type TimedShare } from './timing';
import { exercise, kExercises, type Exercise, type ExerciseId } from './exercises';
import { instrument, prelude, preludeLines, timedModules } from './wgsl';

describe('which exercises are timed, and at which size', () => {
  it('times the matrix products only', () => {
    expect(kExercises.filter(timeable).map((e) => e.id)).toEqual(['naive', 'tiled', 'bounds', 'numba', 'regtile', 'wide', 'double']);
  });

  it('every timed size meets every timed exercise’s premise (multiples)', () => {
    for (const ex of kExercises.filter(timeable)) for (const n of kTimedSizes) if (n >= kProbeSize.software) expect(n % ((ex as Exercise).random.multipleOf ?? 1)).toBe(0);
  });

  it('picks the largest size whose one run fits the dispatch limit at the probe’s rate, never below the probe size', () => {
    // 10 TFLOP/s: 4096³ takes 13.7 ms, under 250 ms.
    expect(timedSize(10_000, false)).toBe(4096);
    // 100 GFLOP/s: 1024³ takes 21 ms, 2048³ 172 ms, 4096³ 1.4 s.
    expect(timedSize(100, false)).toBe(2048);
    // 1 GFLOP/s: 256³ takes 34 ms, 512³ 268 ms (over).
    expect(timedSize(1, false)).toBe(256);
    // Slower than the probe size allows: the probe size (it has run already).
    expect(timedSize(0.001, false)).toBe(kProbeSize.gpu);
    expect(timedSize(undefined, false)).toBe(kProbeSize.gpu);
    // Software: 0.2 GFLOP/s, 25 ms: 128³ takes 21 ms.
    expect(timedSize(0.2, true)).toBe(128);
    for (const g of [0.05, 0.2, 3, 80, 900, 40_000]) for (const sw of [false, true]) {
      const n = timedSize(g, sw);
      const limit = sw ? kTimedDispatchMs.software : kTimedDispatchMs.gpu;
      const probe = sw ? kProbeSize.software : kProbeSize.gpu;
      expect(n === probe || (2 * n ** 3) / (g * 1e6) <= limit).toBe(true);
      const next = kTimedSizes[kTimedSizes.indexOf(n as (typeof kTimedSizes)[number]) + 1];
      if (next !== undefined) expect((2 * next ** 3) / (g * 1e6)).toBeGreaterThan(limit);
    }
  });
});

describe('the timed run’s TILE', () => {
  it('scales every timed exercise to the rungs’ TILE: workgroup, block and phase depth alike; sizes stay multiples of the block', () => {
    for (const ex of (kExercises as readonly Exercise[]).filter(timeable)) {
      const t = timedExercise(ex);
      const f = kTimedTile / ex.constants.tile;
      expect(t.constants.tile).toBe(kTimedTile);
      expect(t.workgroup).toEqual([ex.workgroup[0] * f, ex.workgroup[1] * f]);
      expect(t.workgroup[0] * t.workgroup[1]).toBeLessThanOrEqual(256);
      if (ex.block) expect(t.block).toEqual({ rows: ex.block.rows * f, cols: ex.block.cols * f, ...(ex.block.depth !== undefined ? { depth: ex.block.depth * f } : {}) });
      for (const n of kTimedSizes) if (n >= kProbeSize.software) {
        expect(n % t.constants.tile).toBe(0);
        if (t.block) expect(n % t.block.cols + (n % t.block.rows)).toBe(0);
      }
      // The check's own exercise is untouched.
      expect(exercise(ex.id as ExerciseId).constants.tile).toBe(ex.constants.tile);
    }
  });
});

describe('placeOnLadder', () => {
  const rung = (id: string, g: number, trusted = true, verified = true) => ({ id, gflops: g, trusted, verified });
  const rungs = [rung('naive', 100), rung('tiled', 400), rung('reg4x4', 2000), rung('reg8x8v', 9000), rung('noisy', 1500, false), rung('wrong', 1000, true, false)];

  it('names the nearest trusted, verified rung on each side and the share of the best', () => {
    expect(placeOnLadder(1200, rungs)).toEqual({ below: 'tiled', above: 'reg4x4', ofBest: 1200 / 9000, best: 'reg8x8v', among: 4 });
  });

  it('past either end names one side only', () => {
    expect(placeOnLadder(50, rungs)).toMatchObject({ above: 'naive', ofBest: 50 / 9000 });
    expect(placeOnLadder(50, rungs)?.below).toBeUndefined();
    expect(placeOnLadder(10_000, rungs)).toMatchObject({ below: 'reg8x8v', ofBest: 10_000 / 9000 });
  });

  it('places nothing without a trusted rung or a rate', () => {
    expect(placeOnLadder(100, [rung('a', 50, false), rung('b', 80, true, false)])).toBeUndefined();
    expect(placeOnLadder(0, rungs)).toBeUndefined();
  });
});

describe('the sender’s figure in a link', () => {
  const size = 1024;
  const medianMs = 2;
  const figure: TimedShare = {
    ex: 'regtile',
    size,
    clock: 'gpu-timestamp',
    samples: 30,
    dispatchesPerSample: 1,
    medianMs,
    minMs: 1.9,
    maxMs: 2.2,
    gflops: gflops({ m: size, k: size, n: size }, medianMs),
    verified: true,
    trusted: true,
    adapter: { vendor: 'nvidia', architecture: 'hopper', description: 'NVIDIA H100' },
    browser: 'Chrome/156',
    below: 'tiled',
    above: 'reg4x4',
    ofBest: 0.2,
  };

  it('round-trips and is trusted when it holds together', () => {
    const r = readTimed(encodeTimed(figure), 'regtile');
    expect(r).toEqual({ ok: true, figure });
    expect(timedLinkTrust(figure)).toMatchObject({ trusted: true, verified: true, consistent: true, software: false });
  });

  it('an edited rate, a software adapter, a noisy spread or the sender’s own doubt is not a speed', () => {
    expect(timedLinkTrust({ ...figure, gflops: figure.gflops * 2 })).toMatchObject({ trusted: false, verified: false, consistent: false });
    expect(timedLinkTrust({ ...figure, adapter: { vendor: 'Google', architecture: 'swiftshader', description: 'SwiftShader Device' } })).toMatchObject({ trusted: false, software: true, verified: true });
    expect(timedLinkTrust({ ...figure, minMs: 0.5, maxMs: 4 })).toMatchObject({ trusted: false, verified: true });
    expect(timedLinkTrust({ ...figure, trusted: false }).trusted).toBe(false);
    expect(timedLinkTrust({ ...figure, verified: false })).toMatchObject({ trusted: false, verified: false });
    expect(timedLinkTrust({ ...figure, gflops: 2e6, medianMs: gflops({ m: size, k: size, n: size }, 1) / 2e6 }).trusted).toBe(false);
  });

  it('refuses damaged values, unknown fields and another exercise’s figure', () => {
    expect(readTimed('%%%', 'regtile')).toEqual({ ok: false, why: 'damaged' });
    expect(readTimed(encodeTimed(figure).slice(0, 20), 'regtile')).toEqual({ ok: false, why: 'damaged' });
    expect(readTimed(encodeTimed({ ...figure, extra: 1 } as TimedShare), 'regtile')).toEqual({ ok: false, why: 'damaged' });
    expect(readTimed(encodeTimed({ ...figure, ex: 'nope' } as unknown as TimedShare), 'regtile')).toEqual({ ok: false, why: 'damaged' });
    expect(readTimed(encodeTimed(figure), 'tiled')).toEqual({ ok: false, why: 'other-exercise' });
    expect(readTimed('A'.repeat(5000), 'regtile')).toEqual({ ok: false, why: 'damaged' });
  });
});

describe('the timed run’s modules', () => {
  const ex = exercise('tiled');
  it('the timed module is the code as written behind the reading-only prelude; the bounded one keeps every line and counts nothing per invocation', () => {
    const m = timedModules(ex.constants, ex.solution);
    if (!('budget' in m)) throw new Error('not instrumented');
    expect(m.plain).toBe(prelude(ex.constants, false) + ex.solution);
    expect(m.plain.slice(prelude(ex.constants, false).length)).not.toContain('tiles_work');
    expect(m.budget.split('\n').length).toBe(m.plain.split('\n').length);
    expect(prelude(ex.constants, 'budget').split('\n').length - 1).toBe(preludeLines(ex.constants));
    expect(m.budget).not.toContain('tiles_count[tiles_inv');
    expect(m.budget.slice(prelude(ex.constants, 'budget').length)).not.toContain('tiles_barrier');
    expect(m.budget).toContain('tiles_uw > dims.tiles_budget');
  });

  it('a loop without a barrier counts in the invocation’s private counter, against the same budget', () => {
    const code = '@compute @workgroup_size(1) fn main() { var i = 0u; loop { i++; } }';
    const r = instrument(code, 'budget');
    if (!('code' in r)) throw new Error('not instrumented');
    expect(r.code).toContain('tiles_work += 1u; if (tiles_work > dims.tiles_budget)');
    expect(r.loops).toBe(1);
    expect(timedModules(ex.constants, 'fn helper() { }')).toMatchObject({ kind: 'no-entry' });
  });
});

describe('exerciseIntensity', () => {
  it('is the traffic model of the timed exercise: tiled TILE/4 FLOP per byte, naive 1/4, a register tile twice the tiled', () => {
    const n = 1024;
    expect(exerciseIntensity(exercise('tiled'), n)).toBeCloseTo(kTimedTile / 4, 9);
    expect(exerciseIntensity(exercise('naive'), n)).toBeCloseTo(0.25, 9);
    expect(exerciseIntensity(exercise('regtile'), n)).toBeCloseTo(kTimedTile / 2, 9);
  });
});
