import { describe, expect, it } from 'vitest';
import { kKernels, kLadderIds } from './kernels';
import { rungStep } from './rungStep';

const s4096 = { m: 4096, k: 4096, n: 4096 };

describe('rungStep', () => {
  it('the first rung has no previous one and no reference gain', () => {
    const step = rungStep(kLadderIds[0]!, s4096, 16);
    expect(step.prev).toBeUndefined();
    expect(step.prevModel).toBeUndefined();
    expect(step.refGain).toEqual({});
  });

  it('every later rung steps up from the one before it in the ladder, but the tensor rung from the best FP32 rung', () => {
    for (let i = 1; i < kLadderIds.length; i++) {
      const id = kLadderIds[i]!;
      expect(rungStep(id, s4096, 16).prev, id).toBe(id === 'tensor' ? 'blk128x256' : kLadderIds[i - 1]);
    }
    // stepFrom names a rung of the ladder, the fastest FP32 one of the reference run.
    for (const id of kLadderIds) {
      const from = kKernels[id].stepFrom;
      if (from !== undefined) expect(kLadderIds, id).toContain(from);
    }
    const fp32 = kLadderIds.filter((id) => kKernels[id].reference?.dawn != null && !kKernels[id].halfInputs);
    const best = fp32.reduce((a, b) => (kKernels[b].reference!.dawn! > kKernels[a].reference!.dawn! ? b : a));
    expect(kKernels.tensor.stepFrom).toBe(best);
  });

  it('naive reads 2K elements per C element; tile 16 cuts that 16-fold and raises the intensity 16-fold', () => {
    const naive = rungStep('naive', s4096, 16).model;
    expect(naive.loadsPerC).toBe(2 * 4096);
    expect(naive.intensity).toBeCloseTo(0.25, 10); // 2K FLOP per 2K loads of 4 bytes
    const tiled = rungStep('tiled', s4096, 16);
    expect(tiled.prevModel).toEqual(naive);
    expect(tiled.model.loadsPerC).toBe(2 * 4096 / 16);
    expect(tiled.model.intensity / naive.intensity).toBeCloseTo(16, 10);
  });

  it('a 128×256 block loads 3/4 of what a 128×128 block does per C element', () => {
    const blk = rungStep('blk128x256', s4096, 16).model;
    const reg = rungStep('reg16x8v', s4096, 16).model;
    expect(blk.loadsPerC / reg.loadsPerC).toBeCloseTo(0.75, 10);
  });

  it('the reference gain is the record’s figure ÷ the previous rung’s, and absent where a figure is missing', () => {
    const step = rungStep('tiled', s4096, 16);
    expect(step.refGain.dawn).toBeCloseTo(kKernels.tiled.reference!.dawn! / kKernels.naive.reference!.dawn!, 12);
    const sub = kLadderIds.indexOf('subgroup');
    if (sub > 0 && kKernels.subgroup.reference?.wgpu === null) expect(rungStep('subgroup', s4096, 16).refGain.wgpu).toBeUndefined();
  });
});
