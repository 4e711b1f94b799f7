import { beforeAll, describe, expect, it } from 'vitest';
import { gflops } from '../shape';
import { codeHash, encodeTimed, exerciseIntensity, missOddsExponent, normalizeCode, oddKShape, kProbeSize, kTimedDispatchMs, kTimedSizes, kTimedTile, placeOnLadder, readTimed, timeable, timedExercise, timedLinkTrust, timedSize, type TimedShare } from './timing';
import { exercise, kExercises, type Exercise, type ExerciseId } from './exercises';
import { instrument, prelude, preludeLines, timedModules } from './wgsl';
import { kLadderIds } from '../kernels';
import { makeData } from '../data';
import { entriesToCheck, referenceEntry, verify } from '../reference';

/** gpu/practiceTime kTimedSeed (the timed runs' data seed; gpu/ is not imported by core tests). */
const kTimedSeedForTest = 38;

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
  const code = exercise('regtile').solution;
  const base: TimedShare = {
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
  let figure: TimedShare;
  let here: { codeHash: string; rungs: readonly string[] };
  beforeAll(async () => {
    here = { codeHash: await codeHash(code), rungs: kLadderIds };
    figure = { ...base, code: here.codeHash };
  });
  /** A figure at `size` whose median gives `rate` GFLOP/s (consistent, min and max around it). */
  const at = (f: TimedShare, n: number, rate: number): TimedShare => {
    const ms = (2 * n ** 3) / (rate * 1e6);
    return { ...f, size: n, medianMs: ms, minMs: ms * 0.98, maxMs: ms * 1.02, gflops: gflops({ m: n, k: n, n }, ms) };
  };

  it('round-trips and is trusted when it holds together, beside its own code', () => {
    const r = readTimed(encodeTimed(figure), 'regtile');
    expect(r).toEqual({ ok: true, figure });
    expect(timedLinkTrust(figure, here)).toMatchObject({ trusted: true, verified: true, consistent: true, software: false, codeMatch: true, bad: [] });
  });

  it('the code hash ignores what a copy may change (line breaks, trailing spaces, NFC) and nothing else', async () => {
    expect(await codeHash(code.replace(/\n/g, '\r\n') + '  \n\n')).toBe(here.codeHash);
    expect(await codeHash('let e = "e\u0301";')).toBe(await codeHash('let e = "\u00e9";'));
    expect(normalizeCode('a \u2028b\t\r\n')).toBe('a\nb');
    expect(await codeHash(code.replace('acc', 'acd'))).not.toBe(here.codeHash);
    expect(here.codeHash).toMatch(/^[\w-]{43}$/);
  });

  it('edited code: the figure beside other code, or carrying no hash, is refused as `code`, never verified', async () => {
    const edited = { codeHash: await codeHash(code.replace('acc[0][0] += a0 * b0;', 'acc[0][0] += a0 * b0 + 1.0;')), rungs: kLadderIds };
    expect(timedLinkTrust(figure, edited)).toMatchObject({ trusted: false, verified: false, codeMatch: false, bad: ['code'] });
    const { code: _drop, ...noHash } = figure;
    expect(timedLinkTrust(noHash, here)).toMatchObject({ verified: false, codeMatch: false, bad: ['code'] });
    expect(timedLinkTrust(figure, { codeHash: undefined, rungs: kLadderIds })).toMatchObject({ verified: false, bad: ['code'] });
  });

  it('edited size: a size Time it never times at is refused as `size`, even when consistent', () => {
    for (const n of [65_536, 1000, 96, 32]) {
      const v = timedLinkTrust(at(figure, n, 1000), here);
      expect(v.bad, `size ${n}`).toEqual(['size']);
      expect(v.verified).toBe(false);
    }
    expect(timedLinkTrust(at(figure, 4096, 1000), here).bad).toEqual([]);
  });

  it('edited rate: past the named GPU’s FP32 peak (from the makers’ figures), or past 1 PFLOP/s for a GPU not in the table, is refused as `rate`', () => {
    const h200 = { ...figure, adapter: { vendor: 'nvidia', architecture: 'hopper', description: 'NVIDIA H200' } };
    // 999 TFLOP/s at a timed size on an H200 (67 TFLOP/s peak): refused.
    expect(timedLinkTrust(at(h200, 4096, 999_000), here)).toMatchObject({ verified: false, trusted: false, bad: ['rate'], peak: { gflops: 67_000, known: true } });
    expect(timedLinkTrust(at(h200, 4096, 68_000), here).bad).toEqual(['rate']);
    expect(timedLinkTrust(at(h200, 4096, 40_000), here).bad).toEqual([]);
    // A GPU the table does not know: the cap.
    const unknown = { ...figure, adapter: { vendor: 'acme', architecture: '', description: 'Acme Graphics 9000' } };
    expect(timedLinkTrust(at(unknown, 4096, 900_000), here)).toMatchObject({ bad: [], peak: { known: false } });
    expect(timedLinkTrust(at(unknown, 4096, 1_200_000), here).bad).toEqual(['rate']);
    // The median may hide it: a fastest sample past the peak is refused too.
    const fastMin = at(h200, 4096, 40_000);
    expect(timedLinkTrust({ ...fastMin, minMs: fastMin.medianMs / 3 }, here).bad).toEqual(['rate']);
  });

  it('unknown rung: a place named by anything but a ladder rung is refused as `rung`', () => {
    expect(timedLinkTrust({ ...figure, above: 'cuBLAS' }, here).bad).toEqual(['rung']);
    expect(timedLinkTrust({ ...figure, below: 'kernel.naive.label' }, here).bad).toEqual(['rung']);
    expect(timedLinkTrust({ ...figure, below: 'naive', above: 'reg8x8v' }, here).bad).toEqual([]);
  });

  it('every reason is said, in order', async () => {
    const v = timedLinkTrust({ ...at(figure, 65_536, 999_000), adapter: { vendor: 'nvidia', architecture: '', description: 'NVIDIA H200' }, above: 'cuBLAS' }, { codeHash: await codeHash('other'), rungs: kLadderIds });
    expect(v.bad).toEqual(['code', 'size', 'rate', 'rung']);
  });

  it('an edited rate, a software adapter, a noisy spread or the sender’s own doubt is not a speed', () => {
    expect(timedLinkTrust({ ...figure, gflops: figure.gflops * 2 }, here)).toMatchObject({ trusted: false, verified: false, consistent: false });
    expect(timedLinkTrust({ ...figure, adapter: { vendor: 'Google', architecture: 'swiftshader', description: 'SwiftShader Device' } }, here)).toMatchObject({ trusted: false, software: true, verified: true });
    expect(timedLinkTrust({ ...figure, minMs: 0.5, maxMs: 4 }, here)).toMatchObject({ trusted: false, verified: true });
    expect(timedLinkTrust({ ...figure, trusted: false }, here).trusted).toBe(false);
    expect(timedLinkTrust({ ...figure, verified: false }, here)).toMatchObject({ trusted: false, verified: false });
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

describe('the timed size’s check: a sample drawn after the run (#44)', () => {
  it('a C right only on the elements a fixed seed checks passes that seed’s sample and fails a fresh one', () => {
    const s = { m: 512, k: 512, n: 512 };
    const d = makeData(s, 'random', kTimedSeedForTest);
    const block = 16;
    // The attack: compute which elements the check would look at (the data's seed, as before), be right there only.
    const known = entriesToCheck(s, block, kTimedSeedForTest);
    expect(known.full).toBe(false);
    const c = new Float32Array(s.m * s.n).fill(0);
    for (const idx of known.indices) c[idx] = referenceEntry(d, s, Math.floor(idx / s.n), idx % s.n).value;
    const rightShare = known.indices.length / c.length;
    expect(rightShare).toBeLessThan(0.3);
    expect(verify(d, s, c, block, kTimedSeedForTest).ok).toBe(true);
    // A seed drawn after the run: the random entries are others, and the wrong ones are found.
    for (const fresh of [1, 12345, 0xdeadbeef]) {
      const v = verify(d, s, c, block, fresh);
      expect(v.ok, `seed ${fresh}`).toBe(false);
      expect(v.mismatches).toBeGreaterThan(1000);
    }
  });

  it('says how unlikely a C wrong on 1 % of its elements is to pass: under 10^−71 at 16,384 drawn elements', () => {
    expect(missOddsExponent(16_384)).toBe(-71);
    expect(missOddsExponent(16_384, 0.94)).toBeLessThan(-20_000);
    expect(10 ** missOddsExponent(300)).toBeGreaterThan(0.99 ** 300);
  });
});

describe('the shape with K above 96 a timed run also verifies', () => {
  it('has K above 96, not a power of two, a multiple of everything the exercise assumes; M and N whole blocks and workgroups', () => {
    for (const ex of (kExercises as readonly Exercise[]).filter(timeable)) {
      const s = oddKShape(ex);
      const t = timedExercise(ex);
      expect(s.k, ex.id).toBeGreaterThan(96);
      expect(s.k & (s.k - 1), ex.id).not.toBe(0);
      expect(s.k % t.constants.tile, ex.id).toBe(0);
      if (t.block?.depth) expect(s.k % t.block.depth, ex.id).toBe(0);
      expect(s.k % (ex.random.multipleOf ?? 1), ex.id).toBe(0);
      expect(s.m % t.workgroup[0] + (s.n % t.workgroup[1]), ex.id).toBe(0);
      if (t.block) expect(s.m % t.block.rows + (s.n % t.block.cols), ex.id).toBe(0);
    }
    expect(oddKShape(exercise('naive')).k).toBe(112);
  });
});
