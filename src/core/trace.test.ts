import { say } from '../i18n';
import { describe, expect, it } from 'vitest';
import { expectedTileRecord, kGarbage, kOutside, macTerms, modelPartialSums, phaseTable, modelPhase, padForTrace, padForTraceInSteps, phaseView, simulateTiled, slotRecord, tableRows, stepLabel, tileExtent, tileRecord, tileRecordDisagreements, traceMismatches } from './trace';
import { referenceMatmul } from './reference';

describe('modelPhase (PMPP Fig. 4.18/4.19, 3×3 with tile 2)', () => {
  const s = { m: 3, k: 3, n: 3 };
  it('block (0,0), phase 1: A column 3 and B row 3 are outside', () => {
    const slots = modelPhase(s, 2, 1, 0, 0, 1);
    expect(slots.map((l) => l.aInside)).toEqual([true, false, true, false]);
    expect(slots.map((l) => l.bInside)).toEqual([true, true, false, false]);
    expect(slots.map((l) => l.aIndex)).toEqual([2, kOutside, 5, kOutside]);
    expect(slots.every((l) => l.storesC)).toBe(true);
  });
  it('block (1,1), phase 0: A row 3 and B column 3 are outside; only C[2][2] is stored', () => {
    const slots = modelPhase(s, 2, 1, 1, 1, 0);
    expect(slots.map((l) => l.aInside)).toEqual([true, true, false, false]);
    expect(slots.map((l) => l.bInside)).toEqual([true, false, true, false]);
    expect(slots.map((l) => l.storesC)).toEqual([true, false, false, false]);
  });
  it('without the tests, A[0][3] is the next row’s A[1][0] (linear index 3)', () => {
    const slots = modelPhase(s, 2, 1, 0, 0, 1, false);
    expect(slots[1]!.aIndex).toBe(3);
  });
  it('several rows per invocation: slot row ly is loaded by invocation row ly mod (TILE/ROWS)', () => {
    const slots = modelPhase({ m: 32, k: 32, n: 32 }, 32, 4, 0, 0, 0);
    expect(slots[9 * 32 + 5]!.invocation).toEqual({ x: 5, y: 1 });
    expect(slots[9 * 32 + 5]!.localIndex).toBe(1 * 32 + 5);
  });
});

describe('tile records and extents', () => {
  it('partial edge tiles', () => {
    expect(tileExtent({ m: 37, k: 1, n: 70 }, 8, 4, 8)).toEqual({ rows: 5, cols: 6 });
    expect(expectedTileRecord({ m: 37, k: 20, n: 70 }, 8, 4, 8)).toEqual([8, 4, 3, 30]);
  });
  it('step labels', () => {
    expect(say(stepLabel(0, 2))).toBe('Phase 1 of 2 · step 1 of 4: load the A and B tiles into workgroup memory');
    expect(say(stepLabel(6, 2))).toContain('Phase 2 of 2 · step 3 of 4: multiply-accumulate');
  });
});

describe('padForTrace and the model’s partial sums', () => {
  const s = { m: 5, k: 7, n: 3 };
  const a = Float32Array.from({ length: 35 }, (_, i) => (i % 5) - 2);
  const b = Float32Array.from({ length: 21 }, (_, i) => (i % 3) - 1);
  it('covers every index the loops can form, with garbage past the end', () => {
    const p = padForTrace(a, b, s, 4);
    const max = Math.max(...[0, 1].flatMap((wy) => [0].flatMap((wx) => [0, 1].flatMap((ph) => modelPhase(s, 4, 1, wx, wy, ph, false).map((l) => l.aIndex)))));
    expect(p.a.length).toBeGreaterThan(max);
    expect(p.a[35]).toBe(kGarbage);
    expect(Array.from(p.a.subarray(0, 35))).toEqual(Array.from(a));
  });
  it('with the tests, the last phase’s sums are the product', () => {
    const p = padForTrace(a, b, s, 4);
    const ref = referenceMatmul({ a, b, exact: true }, s);
    const sums = modelPartialSums(p.a, p.b, s, 4, 0, 1, 1);
    // Tile (row 1, column 0): C rows 4, columns 0..2.
    for (let j = 0; j < 3; j++) expect(sums[0 * 4 + j]).toBe(ref[4 * 3 + j]);
  });
});

describe('traceMismatches', () => {
  it('is zero for a trace built from the model and counts a changed slot', () => {
    const s = { m: 3, k: 3, n: 3 };
    const slots = 4 * 2 * 4;
    const t = new Uint32Array(slots * 4);
    for (let wy = 0; wy < 2; wy++)
      for (let wx = 0; wx < 2; wx++)
        for (let ph = 0; ph < 2; ph++)
          modelPhase(s, 2, 1, wx, wy, ph).forEach((m, i) => {
            const o = (((wy * 2 + wx) * 2 + ph) * 4 + i) * 4;
            t[o] = m.aIndex;
            t[o + 1] = m.bIndex;
            t[o + 3] = m.localIndex;
          });
    expect(traceMismatches(t, s, 2, 1, true)).toEqual({ slots, mismatches: 0 });
    t[0] = 99;
    expect(traceMismatches(t, s, 2, 1, true).mismatches).toBe(1);
  });
});

describe('simulateTiled (the CPU stand-in for browsers without WebGPU)', () => {
  it('computes C within tolerance, records every tile and a trace that matches the model', async () => {
    const { makeData } = await import('./data');
    const { verify } = await import('./reference');
    const s = { m: 9, k: 7, n: 5 };
    const d = makeData(s, 'random', 3);
    const sim = simulateTiled(d.a, d.b, s, 4, 1, true, true);
    expect(verify(d, s, sim.c, 4).ok).toBe(true);
    expect(Array.from(sim.tiles.subarray(4 * 5, 4 * 6))).toEqual(expectedTileRecord(s, 4, 2, 1));
    expect(traceMismatches(sim.trace!, s, 4, 1, true).mismatches).toBe(0);
    expect(sim.owner![8 * 5 + 4]).toBe(2 * 2 + 1);
  });
  it('without the tests, C goes wrong (PMPP 3×3, tile 2)', async () => {
    const { makeData } = await import('./data');
    const { verify } = await import('./reference');
    const s = { m: 3, k: 3, n: 3 };
    const d = makeData(s, 'integers', 1);
    expect(verify(d, s, simulateTiled(d.a, d.b, s, 2, 1, false, false).c, 2).ok).toBe(false);
  });
});

describe('the record decoder', () => {
  const s = { m: 3, k: 3, n: 3 };
  const a = Float32Array.from({ length: 9 }, (_, i) => i + 1);
  const b = Float32Array.from({ length: 9 }, (_, i) => (i % 4) - 1);
  const sim = simulateTiled(a, b, s, 2, 1, true, true);
  it('tile records: block (1,1) is workgroup (1,1), 2 phases, 1 element stored; the whole grid agrees with the math', () => {
    expect(tileRecord(sim.tiles, 2, 1, 1)).toEqual({ x: 1, y: 1, phases: 2, stores: 1 });
    expect(tileRecordDisagreements(sim.tiles, s, 2)).toBe(0);
    const bad = sim.tiles.slice();
    bad[4 * 3 + 3] = 4;
    expect(tileRecordDisagreements(bad, s, 2)).toBe(1);
  });
  it('slot records: indices, local index and the f32 running sum, the last phase’s sum being C', () => {
    // Block (0,0), slot (0,1) loads A[0][1] and B[0][1]; its sum is A row 0 · B column 1.
    const r0 = slotRecord(sim.trace!, s, 2, 0, 0, 0, 1);
    expect(r0).toEqual({ aIndex: 1, bIndex: 1, sum: 1 * b[1]! + 2 * b[4]!, localIndex: 1 });
    const r1 = slotRecord(sim.trace!, s, 2, 0, 0, 1, 1);
    expect(r1.sum).toBe(sim.c[1]);
    expect(r1.aIndex).toBe(kOutside);
    expect(slotRecord(sim.trace!, s, 2, 0, 0, 1, 0).aIndex).toBe(2);

  });
  it('phaseView puts model and record side by side and counts the slots that differ', () => {
    const v = phaseView(sim.trace, s, 2, 1, 1, 1, 0, true);
    expect(v.mismatches).toBe(0);
    expect(v.slots.map((x) => x.record!.aIndex)).toEqual(v.slots.map((x) => x.model.aIndex));
    const bad = sim.trace!.slice();
    const g = { tilesX: 2, phases: 2 };
    bad[(((1 * g.tilesX + 1) * g.phases + 0) * 4 + 2) * 4 + 1] = 0;
    const w = phaseView(bad, s, 2, 1, 1, 1, 0, true);
    expect(w.mismatches).toBe(1);
    expect(w.slots[2]!.matches).toBe(false);
    expect(phaseView(undefined, s, 2, 1, 1, 1, 0, true)).toMatchObject({ mismatches: 0 });
  });
});

describe('macTerms and phaseTable (the lesson\'s row × column and PMPP Fig. 4.19)', () => {
  it('a lane adds As[ly][k]·Bs[k][lx] for every k, in f32, from the sum before', () => {
    // 2×2 tiles: As = [1 2; 3 4], Bs = [5 6; 7 8]; lane (1, 0): 3·5 + 4·7 = 43, from 10.
    const terms = macTerms([1, 2, 3, 4], [5, 6, 7, 8], 2, 1, 0, 10);
    expect(terms).toEqual([
      { k: 0, a: 3, b: 5, sum: 25 },
      { k: 1, a: 4, b: 7, sum: 53 },
    ]);
    // f32 all the way, as the kernel: 16 × (0.1·3) summed in f32 is not 4.8 in f64.
    let f32 = 0;
    for (let k = 0; k < 16; k++) f32 = Math.fround(f32 + Math.fround(Math.fround(0.1) * 3));
    const sum = macTerms(new Float32Array(256).fill(0.1), new Float32Array(256).fill(3), 16, 0, 0, 0).at(-1)!.sum;
    expect(sum).toBe(f32);
    expect(sum).not.toBe(16 * Math.fround(0.1) * 3);
  });
  it('block (1,1), phase 0 of the 3×3 / tile 2 example is Fig. 4.19', () => {
    const s = { m: 3, k: 3, n: 3 };
    const table = phaseTable(undefined, s, 2, 1, 1, 1, true);
    const ph0 = table.map((t) => [t.ly, t.lx, t.phases[0]!.a, t.phases[0]!.b]);
    // Thread (ty, tx): A[2][0], A[2][1], then row 3 is outside A; B[0][2], B[1][2], column 3 outside B.
    expect(ph0).toEqual([
      [0, 0, { row: 2, col: 0, inside: true, index: 6 }, { row: 0, col: 2, inside: true, index: 2 }],
      [0, 1, { row: 2, col: 1, inside: true, index: 7 }, { row: 0, col: 3, inside: false, index: kOutside }],
      [1, 0, { row: 3, col: 0, inside: false, index: kOutside }, { row: 1, col: 2, inside: true, index: 5 }],
      [1, 1, { row: 3, col: 1, inside: false, index: kOutside }, { row: 1, col: 3, inside: false, index: kOutside }],
    ]);
    expect(table[0]!.phases).toHaveLength(2);
  });
  it('from a trace: the indices the GPU read, and whether they match', () => {
    const s = { m: 3, k: 3, n: 3 };
    const a = Float32Array.from({ length: 9 }, (_, i) => i);
    const sim = simulateTiled(a, a, s, 2, 1, true, true);
    const table = phaseTable(sim.trace, s, 2, 1, 1, 1, true);
    expect(table.every((t) => t.phases.every((p) => p.matches))).toBe(true);
    const bad = sim.trace!.slice();
    bad[(3 * 2 * 4 + 0) * 4] = 0; // workgroup (1,1) = 3, phase 0, slot 0: A index 0 instead of 6
    expect(phaseTable(bad, s, 2, 1, 1, 1, true)[0]!.phases[0]).toMatchObject({ matches: false, a: { index: 0 } });
  });
});

describe('tableRows (issue #34)', () => {
  const table = Array.from({ length: 16 * 16 }, (_, i) => ({ ly: Math.floor(i / 16), lx: i % 16 }));
  it('shows every thread up to tile 4, the lane’s whole row of the block beyond', () => {
    const small = Array.from({ length: 16 }, (_, i) => ({ ly: Math.floor(i / 4), lx: i % 4 }));
    expect(tableRows(small, 4, { ly: 1 })).toHaveLength(16);
    const rows = tableRows(table, 16, { ly: 3 });
    expect(rows).toHaveLength(16);
    expect(rows.every((r) => r.ly === 3)).toBe(true);
    expect(rows.map((r) => r.lx)).toEqual(Array.from({ length: 16 }, (_, i) => i));
  });
});

describe('padForTraceInSteps (issue #39: the page gets a turn while 2 × 64 MB are copied at 4096³)', () => {
  it('makes the same arrays as padForTrace, a turn after every chunk', async () => {
    const s = { m: 37, k: 21, n: 19 };
    const a = Float32Array.from({ length: s.m * s.k }, (_, i) => i * 0.5 - 3);
    const b = Float32Array.from({ length: s.k * s.n }, (_, i) => 7 - i * 0.25);
    let turns = 0;
    const stepped = await padForTraceInSteps(a, b, s, 8, async () => void turns++, 100);
    const whole = padForTrace(a, b, s, 8);
    expect(Array.from(stepped.a)).toEqual(Array.from(whole.a));
    expect(Array.from(stepped.b)).toEqual(Array.from(whole.b));
    expect(turns).toBe(Math.ceil(a.length / 100) + Math.ceil(b.length / 100));
  });
});
