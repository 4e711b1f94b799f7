import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/locales/en';
import { zhCN } from '../../i18n/locales/zh-CN';
import { zhTW } from '../../i18n/locales/zh-TW';
import { checkCases, exercise, exerciseData, headlineFailure, judgeCells, judgeShape, kCell, kExerciseIds, kExercises, kUnwrittenBits, layoutOf, overallStatus, randomShapes, traceRegion, kMaxTraceWords, type CheckCase, type Exercise } from './exercises';
import { kFlag, kFlagCount } from './wgsl';
import { kExerciseIdList } from './ids';
import type { Shape } from '../shape';

/** C as the GPU's buffer starts: every element holding the never-written bits. */
function unwrittenC(n: number): Float32Array {
  return new Float32Array(new Uint32Array(n).fill(kUnwrittenBits).buffer);
}

/** What a kernel that computes `c` (the right C unless given) returns, run without a trace (its values checked only; the trace's verdicts: judge.test.ts). */
function outcome(ex: Exercise, s: Shape, opts: { c?: Float32Array; flags?: Partial<Record<keyof typeof kFlag, number>> } = {}) {
  const l = layoutOf(ex, s);
  const d = exerciseData(ex, s);
  const probe = judgeCells(ex, s, d, unwrittenC(l.cRows * l.cCols));
  expect(probe.unwritten).toBe(l.cRows * l.cCols);
  const flags = new Uint32Array(kFlagCount);
  for (const [key, v] of Object.entries(opts.flags ?? {})) flags[kFlag[key as keyof typeof kFlag]] = v;
  return { d, out: { c: opts.c ?? expected(ex, s, d), trace: new Uint32Array(l.invocations * 2), cap: 0, flags, variables: [], sites: [] } };
}

const teach = (s: Shape): CheckCase => ({ shape: s, random: false, seed: 7 });

/** C computed on the CPU the plain way, for each kind (independent of wrongElements' own code). */
function expected(ex: Exercise, s: Shape, d: { a: Float32Array; b: Float32Array }): Float32Array {
  const l = layoutOf(ex, s);
  const c = new Float32Array(l.cRows * l.cCols);
  if (ex.kind === 'add') d.a.forEach((v, i) => (c[i] = v + d.b[i]!));
  if (ex.kind === 'transpose') for (let i = 0; i < s.m; i++) for (let j = 0; j < s.k; j++) c[j * s.m + i] = d.a[i * s.k + j]!;
  if (ex.kind === 'matmul') for (let i = 0; i < s.m; i++) for (let j = 0; j < s.n; j++) for (let k = 0; k < s.k; k++) c[i * s.n + j]! += d.a[i * s.k + k]! * d.b[k * s.n + j]!;
  if (ex.kind === 'dot') {
    const wg = ex.workgroup[0];
    for (let g = 0; g < l.invocationsX; g++) for (let i = g; i < s.k; i += l.invocationsX) c[Math.floor(g / wg)]! += d.a[i]! * d.b[i]!;
  }
  return c;
}

describe('the exercise registry', () => {
  it('climbs in the order of the issues, at least twelve, ids unique', () => {
    expect(kExerciseIds).toEqual(['map', 'guard', 'naive', 'tile', 'tiled', 'bounds', 'dot', 'numba', 'regtile', 'wide', 'padded', 'double']);
    // The list the store reads before the exercises load (ids.ts): the same ids in the same order (the first opens by default).
    expect(kExerciseIdList).toEqual(kExerciseIds);
  });

  it('has every exercise’s words in every catalogue: title, goal and each hint', () => {
    for (const cat of [en, zhCN, zhTW]) {
      for (const ex of kExercises) {
        const w = (cat.practice.ex as Record<string, Record<string, string>>)[ex.id]!;
        expect(w.title, ex.id).toBeTruthy();
        expect(w.goal, ex.id).toBeTruthy();
        for (let h = 1; h <= ex.hints; h++) expect(w[`hint${h}`], `${ex.id} hint ${h}`).toBeTruthy();
      }
    }
  });

  it('checks the guard, the boundary tests and the Numba bugs on shapes that are not multiples', () => {
    for (const id of ['guard', 'bounds', 'numba'] as const) {
      const ex = exercise(id);
      expect(ex.shapes.some((s) => (id === 'guard' ? (s.m * s.n) % ex.workgroup[0] !== 0 : s.m % 4 !== 0 || s.k % 4 !== 0 || s.n % 4 !== 0)), id).toBe(true);
    }
    // PMPP's own example: 3×3 with a tile of... 4 here, still a partial tile.
    expect(exercise('bounds').shapes).toContainEqual({ m: 3, k: 3, n: 3 });
  });

  it('gives the tiled exercises a read budget far below the naive one', () => {
    const s = { m: 8, k: 12, n: 4 };
    expect(layoutOf(exercise('tiled'), s).readBudget).toBe(6);
    expect(layoutOf(exercise('naive'), s).readBudget).toBe(24);
    expect(layoutOf(exercise('tiled'), s).minBarriers).toBe(6);
  });

  it('skeletons are not solutions; the solutions of 5, 6 and 8 are the project’s kernels’ logic', () => {
    for (const ex of kExercises) expect(ex.skeleton, ex.id).not.toBe(ex.solution);
    expect(exercise('bounds').solution).toMatch(/Boundary test 1[\s\S]*Boundary test 2[\s\S]*Boundary test 3/);
    expect(exercise('numba').skeleton).toContain('if (x >= dims.M && y >= dims.N) {\n    return;');
    expect(exercise('numba').skeleton).toContain('i < bpg');
  });
});

describe('the verdict', () => {
  for (const ex of kExercises) {
    it(`${ex.id}: a right answer within budget passes on every shape`, () => {
      const v = ex.shapes.map((s) => {
        const { d, out } = outcome(ex, s);
        return judgeShape(ex, teach(s), d, out);
      });
      expect(v.map((x) => x.problems)).toEqual(v.map(() => []));
      expect(overallStatus(v)).toBe('pass');
    });
  }

  it('fails the typical wrong answers, and names the failure: never written, wrong values, reads outside, stopped', () => {
    const ex = exercise('bounds');
    const s = ex.shapes[0]!;
    const judge = (o: Parameters<typeof outcome>[2]) => {
      const { d, out } = outcome(ex, s, o);
      return judgeShape(ex, teach(s), d, out);
    };
    const never = judge({ c: unwrittenC(9) });
    expect(never.status).toBe('fail');
    expect([never.unwrittenCount, never.wrongCount, never.failure]).toEqual([9, 0, 'unwritten']);
    // A NaN the kernel computed is a wrong value, not "never written".
    const nan = judge({ c: new Float32Array(9).fill(Number.NaN) });
    expect([nan.unwrittenCount, nan.wrongCount, nan.failure]).toEqual([0, 9, 'wrong']);
    const one = expected(ex, s, exerciseData(ex, s));
    one[4] = one[4]! + 1;
    const off = judge({ c: one });
    expect(off.wrongCount).toBe(1);
    expect(Array.from(off.cells)).toEqual([0, 0, 0, 0, kCell.wrong, 0, 0, 0, 0]);
    expect(off.actual[4]).toBe(one[4]);
    expect(off.expected[4]).toBe(one[4]! - 1);
    expect(judge({ flags: { readB: 3 } }).problems.map((p) => p.key)).toEqual(['practice:problem.readB']);
    expect(judge({ flags: { readB: 3 } }).failure).toBe('out-of-range');
    expect(judge({ flags: { writeC: 1 } }).status).toBe('fail');
    // Loops stopped at the budget: an error, not a failure.
    expect(judge({ flags: { budget: 1 } }).status).toBe('error');
    expect(judge({ flags: { budget: 1 } }).failure).toBe('stopped');
    expect(headlineFailure([judge({}), judge({ flags: { budget: 1 } }), judge({ c: unwrittenC(9) })])).toBe('stopped');
  });

  it('the dot product is checked per workgroup partial sum, and as a tree', () => {
    const ex = exercise('dot');
    const s = { m: 1, k: 100, n: 1 };
    expect(layoutOf(ex, s).grid).toEqual([4, 1]);
    const d = exerciseData(ex, s);
    const c = expected(ex, s, d);
    // The same total, split differently between workgroups: wrong partials.
    const moved = Float32Array.from(c);
    moved[0] = moved[0]! + 1;
    moved[1] = moved[1]! - 1;
    expect(judgeCells(ex, s, d, moved).wrong).toBe(2);
    // A serial sum instead of a tree: read from the trace (judge.test.ts).
  });
});

describe('the ladder’s exercises (issue 38): goals in the traffic model’s terms', () => {
  const s = { m: 16, k: 32, n: 24 };
  it('the register tile: K reads per invocation (K/4 per element of C, half the tiled kernel’s), a 2×2 block each', () => {
    const l = layoutOf(exercise('regtile'), s);
    expect(l.readBudget).toBe(32);
    expect(l.grid).toEqual([3, 2]);
    expect(l.invocations * 4).toBe(s.m * s.n);
    expect(l.readBudget / 4).toBe(layoutOf(exercise('tiled'), s).readBudget / 2);
  });
  it('wide loads: 5·K reads per invocation for a strip of 4 (1.25·K per element of C)', () => {
    const l = layoutOf(exercise('wide'), s);
    expect(l.readBudget).toBe(5 * 32);
    expect(l.grid).toEqual([2, 4]);
    expect(l.readBudget / 4).toBe(1.25 * s.k);
  });
  it('the padded tile: 4 reads per invocation (one per element)', () => {
    const ex = exercise('padded');
    const t = { m: 64, k: 32, n: 32 };
    expect(layoutOf(ex, t).readBudget).toBe(4);
    expect(layoutOf(ex, t).grid).toEqual([1, 2]);
    expect(ex.structure).toEqual(['through', 'padded']);
  });
  it('double buffering: the structure is the overlap read from the trace, not a count of barriers', () => {
    expect(exercise('double').structure).toEqual(['staged', 'double']);
  });
  it('every new exercise links its rung on the ladder', () => {
    for (const id of ['regtile', 'wide', 'padded', 'double'] as const) expect(exercise(id).rung, id).toMatch(/^reg/);
  });
});

describe('the random shapes', () => {
  it('every shape of every run keeps a trace: the whole grid where it fits, else a row of workgroups drawn from the seed (the large one with K above 96 too)', () => {
    for (const ex of kExercises) {
      for (const seed of [1, 2, 3, 5, 99]) {
        for (const c of checkCases(ex, seed)) {
          const l = layoutOf(ex, c.shape);
          const r = traceRegion(ex, c.shape, c.seed);
          expect(r.cap, `${ex.id} ${c.shape.m}x${c.shape.k}x${c.shape.n}`).toBeGreaterThan(0);
          expect(r.traced).toBeGreaterThanOrEqual(1);
          expect(r.x * r.y * (2 + 4 * r.cap)).toBeLessThanOrEqual(kMaxTraceWords);
          // Whole workgroups, from the grid's first.
          expect([r.x % ex.workgroup[0], r.y % ex.workgroup[1]]).toEqual([0, 0]);
          expect([r.x0 % ex.workgroup[0], r.y0 % ex.workgroup[1]]).toEqual([0, 0]);
          expect(r.x0 + r.x).toBeLessThanOrEqual(l.invocationsX);
          expect(r.y0 + r.y).toBeLessThanOrEqual(l.invocationsY);
          if (r.traced < r.workgroups) expect(r.y).toBe(ex.workgroup[1]);
          else expect([r.x, r.y, r.x0, r.y0]).toEqual([l.invocationsX, l.invocationsY, 0, 0]);
        }
      }
    }
    const big = traceRegion(exercise('tiled'), { m: 60, k: 140, n: 36 }, 1);
    expect([big.traced < big.workgroups, big.y]).toEqual([true, 4]);
    // The row traced is drawn from the seed: over seeds, rows other than the first.
    const rows = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => traceRegion(exercise('tiled'), { m: 60, k: 140, n: 36 }, seed).y0));
    expect(rows.size).toBeGreaterThan(1);
  });
  it('are drawn from the seed, within each exercise’s premise; the first large with K above 96 and not a power of two, the second with K not a multiple of 4 where allowed, the third small', () => {
    for (const ex of kExercises as readonly Exercise[]) {
      for (const seed of [1, 2, 3, 99, 123456]) {
        const shapes = randomShapes(ex, seed);
        expect(randomShapes(ex, seed)).toEqual(shapes);
        for (const s of shapes) {
          expect(s.m).toBeGreaterThanOrEqual(1);
          expect(s.m).toBeLessThanOrEqual(ex.random.max.m);
          if (s !== shapes[0] || (ex.kind !== 'matmul' && ex.kind !== 'transpose')) expect(s.k).toBeLessThanOrEqual(ex.random.max.k);
          expect(s.n).toBeLessThanOrEqual(ex.random.max.n);
          if (ex.random.multipleOf) for (const v of [s.m, s.k, s.n]) expect(v % ex.random.multipleOf, `${ex.id} ${seed}`).toBe(0);
          if (ex.random.mnMultipleOf) expect((s.m * s.n) % ex.random.mnMultipleOf, `${ex.id} ${seed}`).toBe(0);
        }
        if (ex.kind === 'matmul' || ex.kind === 'transpose') {
          expect(shapes[0]!.m, ex.id).toBeGreaterThan(ex.random.max.m / 2);
          expect(shapes[0]!.k, ex.id).toBeGreaterThan(96);
          expect(shapes[0]!.k & (shapes[0]!.k - 1), `${ex.id}: K ${shapes[0]!.k} is not a power of two`).not.toBe(0);
        }
        if (ex.kind === 'matmul' && !ex.random.multipleOf) expect(shapes[1]!.k % 4, ex.id).not.toBe(0);
        if (ex.kind !== 'dot' && !ex.random.mnMultipleOf) expect(Math.max(shapes[2]!.m, shapes[2]!.k, shapes[2]!.n), ex.id).toBeLessThanOrEqual(Math.max(16, 2 * (ex.random.multipleOf ?? 1)));
      }
    }
    // Over a few seeds the shapes that may be any size are not all multiples of the tile.
    const any = [1, 2, 3, 4, 5].flatMap((seed) => randomShapes(exercise('bounds'), seed));
    expect(any.some((s) => s.m % 4 !== 0 || s.k % 4 !== 0 || s.n % 4 !== 0)).toBe(true);
    expect(randomShapes(exercise('tiled'), 5)).not.toEqual(randomShapes(exercise('tiled'), 6));
  });

  it('each run checks the teaching shapes with integers and the random ones with non-integer data', () => {
    const ex = exercise('naive');
    const cases = checkCases(ex, 42);
    expect(cases.filter((c) => !c.random).map((c) => c.shape)).toEqual(ex.shapes);
    const r = cases.find((c) => c.random)!;
    const d = exerciseData(ex, r.shape, r.seed, true);
    expect(d.exact).toBe(false);
    expect(Array.from(d.a).some((v) => v !== Math.round(v))).toBe(true);
    // The second random shape's data spread over 20 binades.
    const spread = cases.filter((c) => c.random)[1]!;
    expect(spread.spread).toBe(true);
    const e = exerciseData(ex, spread.shape, spread.seed, true, true);
    const exps = new Set(Array.from(e.a).map((v) => Math.floor(Math.log2(Math.abs(v)))));
    expect(Math.min(...exps)).toBeLessThan(-5);
    expect(Math.max(...exps)).toBeGreaterThan(5);
  });
});
