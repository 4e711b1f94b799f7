/**
 * The roofline chart's geometry (ui/ladder/Roofline.tsx draws it): the plot's place in the SVG, each
 * point's marker, and where each point's name goes (core/chartLabels: beside its own marker, never
 * over a marker, another name or the roofs' two legend words, and off the roofs' lines where a side
 * is clear of them). Pure, no React: unit-tested with an
 * H200's figures (rooflineLayout.test.ts).
 */
import { inside, labelWidth, markerBox, overlaps, placeLabels, segmentHits, type Box, type Marker, type PlacedLabel } from '../../core/chartLabels';
import type { RooflineChartData } from '../../core/roofline';

/** Chart geometry (SVG units): the plot sits inside these margins. */
export const W = 760;
export const H = 440;
export const M = { left: 132, right: 24, top: 20, bottom: 64 };
export const PW = W - M.left - M.right;
export const PH = H - M.top - M.bottom;
export const px = (x: number): number => M.left + x * PW;
export const py = (y: number): number => M.top + (1 - y) * PH;

/** Font sizes (px) of the points' names and of the roofs' legend words (styles.css .roofline-point-label, .roofline-label). */
export const kPointLabelPx = 13;
export const kLegendPx = 16;
/** A name's box height: its font size and a little room above and below. */
const lineBox = (fontPx: number) => Math.ceil(fontPx * 1.3);

/** Half-sizes of the markers, stroke included: a trusted rung's disc (r 7), an untrusted rung's square (12), a learner's diamond (18). */
export const kMarkerHalf = { trusted: 8, untrusted: 8, yours: 10 } as const;

export const markerHalf = (p: { readonly label?: string; readonly trusted: boolean }): number => (p.label !== undefined ? kMarkerHalf.yours : p.trusted ? kMarkerHalf.trusted : kMarkerHalf.untrusted);

/** The roofs' legend words: under this GPU's roof at its right end, above the reference's at its left end; lower (or higher) where a marker is there. */
const kHereDy = Array.from({ length: 12 }, (_, i) => 22 * (i + 1));
const kReferenceDy = [-14, -36, -58, 30, 52, 74];

/** The box of a legend word drawn at (x, y) on its baseline, text-anchor start or end. */
function legendBox(x: number, y: number, width: number, anchor: 'start' | 'end'): Box {
  const h = lineBox(kLegendPx);
  return { left: anchor === 'start' ? x : x - width, right: anchor === 'start' ? x + width : x, top: y - h * 0.8, bottom: y + h * 0.2 };
}

/** The roofs' legend words: the reference's and this GPU's, and the tensor roof's where the chart has one. */
export interface LegendWords {
  readonly reference: string;
  readonly here: string;
  readonly tensor?: string;
}

interface Anchor {
  readonly x: number;
  readonly y: number;
}

/**
 * Where the legend words are drawn (on their baselines; the reference's text-anchor start, this
 * GPU's and the tensor roof's end): the first of a few places beside each roof's end that is clear
 * of every marker, of the legend words placed before it, and inside the plot (else the first place).
 * The tensor roof's word goes under its flat part at the right end (the roof is near the top).
 */
export function legendAnchors(c: RooflineChartData, words: LegendWords): { reference: Anchor; here: Anchor; tensor?: Anchor } {
  const first = c.reference.points[0]!;
  const last = c.here.points[c.here.points.length - 1]!;
  const marks = c.points.map((p) => markerBox({ x: px(p.x), y: py(p.y), half: markerHalf(p) }));
  const plot = { left: M.left, top: M.top, right: M.left + PW, bottom: M.top + PH };
  const taken: Box[] = [];
  const tensorLine = c.tensor?.points.map(([x, y]) => [px(x), py(y)] as const);
  // Every roof's line: a legend word should not be crossed by one (the reference's slope rises through a word above its foot).
  const lines = [c.reference.points, c.here.points, ...(c.tensor ? [c.tensor.points] : [])].map((l) => l.map(([x, y]) => [px(x), py(y)] as const));
  const clear = (b: Box) => inside(b, plot) && !marks.some((m) => overlaps(m, b)) && !taken.some((t) => overlaps(t, b)) && !crossesLines(b, lines);
  const pick = (x: number, y0: number, dys: readonly number[], width: number, anchor: 'start' | 'end', floor = -Infinity) => {
    const ys = dys.map((dy) => Math.max(floor, y0 + dy));
    const y = ys.find((yy) => clear(legendBox(x, yy, width, anchor))) ?? ys[0]!;
    taken.push(legendBox(x, y, width, anchor));
    return { x, y };
  };
  const reference = pick(px(first[0]) + 10, py(first[1]), kReferenceDy, labelWidth(words.reference, kLegendPx), 'start', M.top + 18);
  // The tensor roof's word before this GPU's (this GPU's has the most places to go): just left of the
  // tensor roof's own slope, near its top (the flat part is near the plot's top, with no room above it,
  // and a word under it would cross the slope), else under the flat part's right end.
  let tensor: Anchor | undefined;
  if (tensorLine && words.tensor !== undefined) {
    const width = labelWidth(words.tensor, kLegendPx);
    const end = tensorLine[tensorLine.length - 1]!;
    const beside = kHereDy.flatMap((dy) => {
      const y = end[1] + dy;
      // The slope rises to the right: the word's right edge keeps clear of it at the word's bottom, where the slope is furthest left.
      const x = xOnLine(tensorLine, y + lineBox(kLegendPx) * 0.2);
      return x === undefined ? [] : [{ x: x - 8, y }];
    });
    const at = beside.find((a) => clear(legendBox(a.x, a.y, width, 'end')));
    tensor = at ?? pick(end[0] - 6, end[1], kHereDy, width, 'end');
    if (at) taken.push(legendBox(at.x, at.y, width, 'end'));
  }
  const here = pick(px(last[0]) - 6, py(last[1]), kHereDy, labelWidth(words.here, kLegendPx), 'end');
  return { reference, here, ...(tensor ? { tensor } : {}) };
}

/** Where a polyline (SVG units) passes height y: the x of its first segment that spans y, or undefined. */
function xOnLine(line: ReadonlyArray<readonly [number, number]>, y: number): number | undefined {
  for (let i = 1; i < line.length; i++) {
    const [x0, y0] = line[i - 1]!;
    const [x1, y1] = line[i]!;
    if (y0 === y1 || y < Math.min(y0, y1) || y > Math.max(y0, y1)) continue;
    return x0 + ((y - y0) / (y1 - y0)) * (x1 - x0);
  }
  return undefined;
}

const crossesLines = (b: Box, lines: ReadonlyArray<ReadonlyArray<readonly [number, number]>>) => lines.some((l) => l.some((pt, i) => i > 0 && segmentHits(l[i - 1]!, pt, b)));

/** The boxes of the legend words where legendAnchors draws them. */
export function legendBoxes(c: RooflineChartData, words: LegendWords): Box[] {
  const a = legendAnchors(c, words);
  return [
    legendBox(a.reference.x, a.reference.y, labelWidth(words.reference, kLegendPx), 'start'),
    legendBox(a.here.x, a.here.y, labelWidth(words.here, kLegendPx), 'end'),
    ...(a.tensor && words.tensor !== undefined ? [legendBox(a.tensor.x, a.tensor.y, labelWidth(words.tensor, kLegendPx), 'end')] : []),
  ];
}

export interface RooflinePointLayout {
  readonly marker: Marker;
  /** Where its name goes, or undefined: no clear place (it keeps its name in its tooltip and the list). */
  readonly label?: PlacedLabel;
}

/**
 * Every point's marker and name: names are placed first for a point that is no rung (the learner's
 * timed kernel), then for the trusted rungs, then the rest, each in chart order. `name` is the words
 * drawn for a point; `legend` the roofs' legend words.
 */
export function rooflineLayout(c: RooflineChartData, name: (p: RooflineChartData['points'][number]) => string, legend: LegendWords): RooflinePointLayout[] {
  const markers = c.points.map((p) => ({ x: px(p.x), y: py(p.y), half: markerHalf(p) }));
  const rank = (p: RooflineChartData['points'][number]) => (p.label !== undefined ? 0 : p.trusted ? 1 : 2);
  const order = c.points.map((_, i) => i).sort((a, b) => rank(c.points[a]!) - rank(c.points[b]!) || a - b);
  const h = lineBox(kPointLabelPx);
  const plot = { left: M.left, top: M.top, right: M.left + PW, bottom: M.top + PH };
  const roofs = [c.here.points, c.reference.points, ...(c.tensor ? [c.tensor.points] : [])].map((l) => l.map(([x, y]) => [px(x), py(y)] as const));
  const placed = placeLabels(markers, order.map((i) => ({ marker: i, width: labelWidth(name(c.points[i]!), kPointLabelPx), height: h })), plot, legendBoxes(c, legend), roofs);
  const byPoint = new Map(order.map((i, k) => [i, placed[k]]));
  return markers.map((marker, i) => ({ marker, label: byPoint.get(i) }));
}
