import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/locales/en';
import { zhCN } from '../../i18n/locales/zh-CN';
import { exercise, exerciseData, judgeShape, kExerciseIds, kExercises, layoutOf, overallStatus, wrongElements, type Exercise } from './exercises';
import { kFlag, kFlagCount } from './wgsl';
import type { Shape } from '../shape';

/** What a kernel that computes the right C and reads `reads` per invocation, with `barriers` each, returns. */
function outcome(ex: Exercise, s: Shape, opts: { c?: Float32Array; reads?: number; barriers?: number; flags?: Partial<Record<keyof typeof kFlag, number>> } = {}) {
  const l = layoutOf(ex, s);
  const d = exerciseData(ex, s);
  const right = new Float32Array(l.cRows * l.cCols).fill(Number.NaN);
  // The right answer, found by trying every value the CPU reference accepts: take it from a perfect judge.
  const probe = wrongElements(ex, s, d, right);
  expect(probe.count).toBe(right.length); // NaN everywhere: all wrong
  const counts = new Uint32Array(l.invocations * 2);
  for (let i = 0; i < l.invocations; i++) {
    counts[2 * i] = opts.reads ?? l.readBudget;
    counts[2 * i + 1] = opts.barriers ?? l.minBarriers;
  }
  const flags = new Uint32Array(kFlagCount);
  for (const [k, v] of Object.entries(opts.flags ?? {})) flags[kFlag[k as keyof typeof kFlag]] = v;
  return { d, out: { c: opts.c ?? expected(ex, s, d), counts, flags } };
}

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
  it('climbs in the order of the issue, at least eight, ids unique', () => {
    expect(kExerciseIds).toEqual(['map', 'guard', 'naive', 'tile', 'tiled', 'bounds', 'dot', 'numba']);
  });

  it('has every exercise’s words in both catalogues: title, goal and each hint', () => {
    for (const cat of [en, zhCN]) {
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
        return judgeShape(ex, s, d, out);
      });
      expect(v.map((x) => x.problems)).toEqual(v.map(() => []));
      expect(overallStatus(v)).toBe('pass');
    });
  }

  it('fails the typical wrong answers: nothing written (NaN), reads outside, over budget, a missing barrier', () => {
    const ex = exercise('bounds');
    const s = ex.shapes[0]!;
    const judge = (o: Parameters<typeof outcome>[2]) => {
      const { d, out } = outcome(ex, s, o);
      return judgeShape(ex, s, d, out);
    };
    const nan = judge({ c: new Float32Array(9).fill(Number.NaN) });
    expect(nan.status).toBe('fail');
    expect(nan.wrongCount).toBe(9);
    const one = expected(ex, s, exerciseData(ex, s));
    one[4] = one[4]! + 1;
    const off = judge({ c: one });
    expect(off.wrongCount).toBe(1);
    expect(Array.from(off.wrong)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0]);
    expect(judge({ flags: { readB: 3 } }).problems.map((p) => p.key)).toEqual(['practice:problem.readB']);
    expect(judge({ flags: { writeC: 1 } }).status).toBe('fail');
    // The naive kernel's reads in a tiled exercise: 2·K per invocation, over the tiled budget.
    expect(judge({ reads: 2 * s.k * 2 }).problems.map((p) => p.key)).toEqual(['practice:problem.reads']);
    // One barrier per phase instead of two.
    expect(judge({ barriers: 1 }).problems.map((p) => p.key)).toEqual(['practice:problem.barriers']);
    // A loop stopped at its bound is an error, not a failure.
    expect(judge({ flags: { loopBound: 1 } }).status).toBe('error');
  });

  it('the dot product is checked per workgroup partial sum', () => {
    const ex = exercise('dot');
    const s = { m: 1, k: 100, n: 1 };
    expect(layoutOf(ex, s).grid).toEqual([4, 1]);
    const d = exerciseData(ex, s);
    const c = expected(ex, s, d);
    // The same total, split differently between workgroups: wrong partials.
    const moved = Float32Array.from(c);
    moved[0] = moved[0]! + 1;
    moved[1] = moved[1]! - 1;
    expect(wrongElements(ex, s, d, moved).count).toBe(2);
  });
});
