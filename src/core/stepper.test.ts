import { describe, expect, it } from 'vitest';
import { indexStep, laneChars, laneText, loadMarks, stepParts, stepperSlots, sumsAfterPhases } from './stepper';
import { referenceMatmul } from './reference';
import { simulateTiled } from './trace';

// PMPP Fig. 4.19: 3×3 by 3×3, tile 2, small integers.
const shape = { m: 3, k: 3, n: 3 };
const a = new Float32Array([1, 2, 3, 4, 5, 6, 7, 8, 9]);
const b = new Float32Array([9, 8, 7, 6, 5, 4, 3, 2, 1]);

describe('stepperSlots (issue #33: the stepper’s logic out of the component)', () => {
  const sim = simulateTiled(a, b, shape, 2, 1, true, true);
  const traced = { config: { shape, tile: 2 }, trace: sim.trace, rowsPerInvocation: 1, bounds: true };
  it('reads the record: the last phase’s sums are C, slots without a C element store nothing', () => {
    const c = referenceMatmul({ a, b, exact: true }, shape);
    expect(c[8]).toBe(7 * 7 + 8 * 4 + 9 * 1);
    // Workgroup (1, 1) (the corner tile C22), phase 2 of 2, step 3 (multiply): its sums are final.
    const v = stepperSlots(traced, { a, b }, { ty: 1, tx: 1 }, 6);
    expect(v.ph).toBe(1);
    expect(v.recorded).toBe(true);
    expect(v.mismatches).toBe(0);
    const s00 = v.slots[0]!;
    expect(s00.model.storesC).toBe(true);
    expect(s00.after).toBe(c[2 * 3 + 2]);
    expect(v.slots.filter((s) => s.model.storesC)).toHaveLength(1);
  });
  it('gives the same slots from the model (no record) as from the record', () => {
    const fromRecord = stepperSlots(traced, { a, b }, { ty: 0, tx: 1 }, 5);
    const fromModel = stepperSlots({ ...traced, trace: undefined }, { a, b }, { ty: 0, tx: 1 }, 5);
    expect(fromModel.recorded).toBe(false);
    expect(fromModel.slots.map((s) => [s.aIndex, s.bIndex, s.a, s.b, s.aOob, s.bOob, s.before, s.after])).toEqual(
      fromRecord.slots.map((s) => [s.aIndex, s.bIndex, s.a, s.b, s.aOob, s.bOob, s.before, s.after]),
    );
  });
  it('marks the lanes of C that the run without the tests got wrong', () => {
    const wrong = new Uint8Array(9);
    wrong[8] = 1;
    const v = stepperSlots({ ...traced, wrong }, { a, b }, { ty: 1, tx: 1 }, 0);
    expect(v.slots.map((s) => s.wrong)).toEqual([true, false, false, false]);
  });
});

describe('the stepper’s small rules', () => {
  it('splits a step into its phase step, the multiply step and the sums shown', () => {
    expect(stepParts(2)).toEqual({ sub: 2, multiply: true, sums: 'after' });
    expect(stepParts(4)).toEqual({ sub: 0, multiply: false, sums: 'before' });
    expect(sumsAfterPhases(0, 'before')).toBe(0);
    expect(sumsAfterPhases(1, 'after')).toBe(2);
  });
  it('marks the focused lane’s row of As and column of Bs at the multiply step only, and the current term’s pair', () => {
    const slot = (ly: number, lx: number) => ({ aOob: false, bOob: ly === 1, model: { ly, lx } });
    expect(loadMarks('a', slot(0, 1), { ly: 0, lx: 1 }, true, true, undefined).hl).toBe('row');
    expect(loadMarks('b', slot(0, 1), { ly: 0, lx: 1 }, true, true, undefined).hl).toBe('col');
    expect(loadMarks('a', slot(1, 1), { ly: 0, lx: 1 }, true, true, undefined).hl).toBeUndefined();
    expect(loadMarks('a', slot(0, 1), { ly: 0, lx: 1 }, false, true, undefined).hl).toBeUndefined();
    expect(loadMarks('a', slot(0, 1), { ly: 0, lx: 1 }, true, true, 1).term).toBe(true);
    expect(loadMarks('a', slot(0, 0), { ly: 0, lx: 1 }, true, true, 1).term).toBe(false);
    // Outside B: with the tests a zero written, without them a read run on past the row.
    expect(loadMarks('b', slot(1, 0), { ly: 0, lx: 0 }, false, true, undefined)).toMatchObject({ oob: true, zero: true, wrapped: false });
    expect(loadMarks('b', slot(1, 0), { ly: 0, lx: 0 }, false, false, undefined)).toMatchObject({ oob: true, zero: false, wrapped: true });
  });
  it('prints what fits a lane, the sign kept, and shades a lane too narrow for a digit', () => {
    expect(laneChars(400, 16, 4)).toBeGreaterThan(5);
    expect(laneChars(100, 16, 32)).toBe(0);
    expect(laneText({ value: -0.29412 }, 6)).toBe('-0.294');
    expect(laneText({ value: -0.29412 }, 4)).toBe('-0.3');
    expect(laneText({ value: 0, fixed: '0.0' }, 3)).toBe('0.0');
    expect(laneText({ value: 2, suffix: '✗ wrong' }, 9)).toBe('2 ✗ wrong');
    expect(laneText({ value: 2, suffix: '✗ wrong' }, 3)).toBe('2');
    expect(indexStep(8, 5)).toBe(1);
    expect(indexStep(16, 1)).toBe(4);
    expect(indexStep(32, 1)).toBe(8);
    expect(indexStep(32, 3)).toBe(4);
  });
});
