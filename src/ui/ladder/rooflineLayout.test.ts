import { describe, expect, it } from 'vitest';
import { inside, labelWidth, markerBox, overlaps, segmentHits, sideBox, type Box } from '../../core/chartLabels';
import { kLadderIds, kernelLoads } from '../../core/kernels';
import { kH100Roofline, rooflineChart, type RungPoint } from '../../core/roofline';
import { arithmeticIntensity } from '../../core/traffic';
import { kPointLabelPx, legendBoxes, M, PH, PW, px, py, rooflineLayout, type LegendWords, type RooflinePointLayout } from './rooflineLayout';

/**
 * The roofline's rung names never print over a marker, another name or a legend word (issue #46),
 * for an H200's figures: its roofs as measured (4.19 TB/s copy, 58.3 TFLOP/s fma; bench/results/
 * browser-gpu/2026-11-27T133243.json) and every ladder rung at 4096³, TILE 16, at its modelled
 * intensity from the kernel registry, at rates from 1.5 to 43 TFLOP/s.
 */
const h200 = { bandwidthGbs: 4190, fmaGflops: 58323 };
const reference = { bandwidthGbs: kH100Roofline.bandwidthGbs, fmaGflops: kH100Roofline.fmaGflops };
const shape = { m: 4096, k: 4096, n: 4096 };
const intensity = (id: (typeof kLadderIds)[number]) => arithmeticIntensity(shape, kernelLoads(id, shape, 16));
/** The H200's ladder at 4096³ as measured in that run, GFLOP/s. */
const measuredH200: Record<string, number> = {
  naive: 2562, tiled: 6392, reg4x4: 7725, reg8x8: 2243, reg8x8v: 2898, reg8x8db: 3611, reg16x8: 3491, reg16x8v: 3853,
  blk32x64v: 13311, blk64x64v: 10203, blk128x64v: 7361, blk128x256: 2582, split128v: 11505, split8x16v: 10965, subgroup: 1885,
};
const legend = { reference: 'H100 reference (dashed)', here: 'this GPU (measured)' };
const plot: Box = { left: M.left, top: M.top, right: M.left + PW, bottom: M.top + PH };

/** Rates from 1.5 to 43 TFLOP/s over the rungs, in ladder order (or reversed), every `untrustedEvery`-th untrusted. */
function spread(reverse: boolean, untrustedEvery = 4): RungPoint[] {
  const n = kLadderIds.length;
  return kLadderIds.map((id, i) => {
    const f = (reverse ? n - 1 - i : i) / Math.max(1, n - 1);
    return { id, intensity: intensity(id), gflops: 1500 * (43000 / 1500) ** f, trusted: i % untrustedEvery !== 3 };
  });
}

function problems(layout: readonly RooflinePointLayout[], c: ReturnType<typeof rooflineChart>, words: LegendWords = legend): string[] {
  const out: string[] = [];
  const legendBs = legendBoxes(c, words);
  const names = ['reference', 'here', 'tensor'];
  const lines = [c.reference.points, c.here.points, ...(c.tensor ? [c.tensor.points] : [])].map((l) => l.map(([x, y]) => [px(x), py(y)] as const));
  const lineNames = ['reference', 'here', 'tensor'];
  legendBs.forEach((g, k) => {
    if (!inside(g, plot)) out.push(`the ${names[k]} legend outside the plot`);
    // No roof's line runs through a legend word.
    lines.forEach((l, j) => {
      if (l.some((pt, i) => i > 0 && segmentHits(l[i - 1]!, pt, g))) out.push(`the ${lineNames[j]} roof's line through the ${names[k]} legend`);
    });
    legendBs.forEach((o, j) => {
      if (j > k && overlaps(g, o)) out.push(`the ${names[k]} legend over the ${names[j]} legend`);
    });
    layout.forEach((o, j) => {
      if (overlaps(g, markerBox(o.marker))) out.push(`the ${names[k]} legend over ${c.points[j]!.id}'s marker`);
    });
  });
  layout.forEach((l, i) => {
    if (!l.label) return;
    const b = l.label.box;
    if (!inside(b, plot)) out.push(`${c.points[i]!.id}: outside the plot`);
    layout.forEach((o, j) => {
      if (overlaps(b, markerBox(o.marker))) out.push(`${c.points[i]!.id}'s name over ${c.points[j]!.id}'s marker`);
      if (j > i && o.label && overlaps(b, o.label.box)) out.push(`${c.points[i]!.id}'s name over ${c.points[j]!.id}'s`);
    });
    if (legendBs.some((g) => overlaps(b, g))) out.push(`${c.points[i]!.id}'s name over a legend word`);
  });
  return out;
}

/** The H200's tensor roof as e2e-gpu/tensor.gpu.ts measured its multiply-accumulate loop (633 TFLOP/s), and the tensor rung at 17.5. */
const h200Tensor = { ...h200, tensorGflops: 633000 };

const cases: Array<[string, RungPoint[]]> = [
  ['the H200’s measured ladder', kLadderIds.filter((id) => measuredH200[id] !== undefined).map((id) => ({ id, intensity: intensity(id), gflops: measuredH200[id]!, trusted: true }))],
  ['1.5 → 43 TFLOP/s up the ladder', spread(false)],
  ['43 → 1.5 TFLOP/s up the ladder', spread(true)],
  ['1.5 → 43 TFLOP/s, every other one untrusted', spread(false, 2)],
  ['the measured ladder and a learner’s timed kernel named in Chinese', [
    ...kLadderIds.filter((id) => measuredH200[id] !== undefined).map((id) => ({ id, intensity: intensity(id), gflops: measuredH200[id]!, trusted: true })),
    { id: 'yours', label: '你的核心程式（练习 4）', intensity: intensity('tiled'), gflops: 6100, trusted: false },
  ]],
];

describe('the tensor roof on the chart (issue #49)', () => {
  const ladder = kLadderIds.filter((id) => measuredH200[id] !== undefined).map((id) => ({ id, intensity: intensity(id), gflops: measuredH200[id]!, trusted: true }));
  // The tensor rung at the 17.5 TFLOP/s of its first version and the 202.7 of its double-buffered one (H200, 4096³).
  for (const tensorGflops of [17500, 202700]) {
    const withTensor = [...ladder, { id: 'tensor', intensity: intensity('tensor'), gflops: tensorGflops, trusted: true, tensor: true }];
    for (const [lang, words] of [
      ['en', { ...legend, tensor: 'tensor cores (f16 inputs, f32 sums)' }],
      ['zh-CN', { reference: 'H100 参考（规格表）', here: '本 GPU（实测）', tensor: '张量核心（f16 输入，f32 求和）' }],
    ] as const) {
      it(`${lang}, the tensor rung at ${tensorGflops / 1000} TFLOP/s: its legend word, the others and the names stay clear of each other and of every marker, inside the plot`, () => {
        const c = rooflineChart(h200Tensor, reference, withTensor);
        expect(c.tensor).toBeDefined();
        const layout = rooflineLayout(c, (p) => p.label ?? p.id, words);
        expect(problems(layout, c, words)).toEqual([]);
        expect(legendBoxes(c, words)).toHaveLength(3);
        // Its word sits clear of its own line (beside the slope, not across it).
        const line = c.tensor!.points.map(([x, y]) => [px(x), py(y)] as const);
        const word = legendBoxes(c, words)[2]!;
        expect(line.some((pt, i) => i > 0 && segmentHits(line[i - 1]!, pt, word))).toBe(false);
        // The tensor roof starts where it leaves the FP32 roof: the shared slope is drawn once.
        expect(c.tensor!.points[0]![0]).toBeCloseTo(c.here.points[1]![0], 9);
        // The tensor roof adds a decade to the rate axis (the points sit closer): at most two names fewer than without it, half of them named.
        const without = rooflineLayout(rooflineChart(h200, reference, withTensor), (p) => p.label ?? p.id, { reference: words.reference, here: words.here });
        expect(layout.filter((l) => l.label).length).toBeGreaterThanOrEqual(without.filter((l) => l.label).length - 2);
        expect(layout.filter((l) => l.label).length / withTensor.length).toBeGreaterThanOrEqual(0.5);
        // The tensor rung is named (it is the point this roof is for).
        expect(layout[c.points.findIndex((p) => p.id === 'tensor')]!.label).toBeDefined();
      });
    }
  }
});

describe('the roofline’s point names', () => {
  for (const [what, rungs] of cases) {
    it(`${what}: no name over a marker, another name or a legend word, no legend word over a marker; inside the plot`, () => {
      const c = rooflineChart(h200, reference, rungs);
      expect(c.points).toHaveLength(rungs.length);
      const layout = rooflineLayout(c, (p) => p.label ?? p.id, legend);
      expect(problems(layout, c)).toEqual([]);
      // Most points keep a name on the chart (the rest are named in their tooltip and the list).
      const named = layout.filter((l) => l.label).length;
      expect(named / rungs.length, `${named} of ${rungs.length} named`).toBeGreaterThanOrEqual(0.6);
      // A learner's point is named first: it always gets its name.
      c.points.forEach((p, i) => {
        if (p.label !== undefined) expect(layout[i]!.label, p.label).toBeDefined();
      });
    });
  }

  it('the figures are ones where a name always put on the right of its marker would print over another', () => {
    const c = rooflineChart(h200, reference, cases[0]![1]);
    const layout = rooflineLayout(c, (p) => p.id, legend);
    const right = layout.map((l, i) => sideBox(l.marker, 'right', labelWidth(c.points[i]!.id, kPointLabelPx), 17));
    const clash = right.some((b, i) => layout.some((o, j) => j !== i && (overlaps(b, markerBox(o.marker)) || overlaps(b, right[j]!))));
    expect(clash).toBe(true);
    // And the layout used other sides for some.
    expect(new Set(layout.flatMap((l) => (l.label ? [l.label.side] : []))).size).toBeGreaterThan(1);
  });
});
