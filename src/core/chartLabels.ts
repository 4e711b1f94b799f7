/**
 * Where each point's name goes on a chart (the roofline, issue #46): beside its own marker, on the
 * first of eight sides whose box stays inside the plot and clear of every marker, of every name
 * already placed and of the chart's other words. A point with no clear side gets no name on the
 * chart; it keeps its name in its tooltip and in the list under the chart.
 *
 * Pure geometry in the chart's own units (SVG px). A name's width is estimated from its characters
 * (labelWidth), generously, so a real font's glyphs stay inside the box that was kept clear.
 */

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** A point's marker: its centre and the half-size of the square that holds it (stroke included). */
export interface Marker {
  readonly x: number;
  readonly y: number;
  readonly half: number;
}

/** A name to place beside marker `marker` (an index into the markers), of this size. */
export interface LabelWant {
  readonly marker: number;
  readonly width: number;
  readonly height: number;
}

/** Where a name goes: its box, and the side of its marker it is on. */
export interface PlacedLabel {
  readonly box: Box;
  readonly side: LabelSide;
}

export const kLabelSides = ['right', 'left', 'above', 'below', 'above-right', 'below-right', 'above-left', 'below-left'] as const;
export type LabelSide = (typeof kLabelSides)[number];

/** Space between a marker and its name, px. */
export const kLabelGap = 3;

/** Glyph widths in em, on the generous side of common sans-serif fonts (DejaVu Sans's digits are 0.64 em). */
const kNarrowEm = 0.66;
const kWideEm = 1.02;
/** CJK, fullwidth forms and the like: a glyph about 1 em wide. */
const wide = (cp: number) => (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || cp >= 0x20000;

/** The width in px a name takes at a font size in px (an estimate that errs wide). */
export function labelWidth(text: string, fontPx: number): number {
  let em = 0;
  for (const ch of text) em += wide(ch.codePointAt(0)!) ? kWideEm : kNarrowEm;
  return em * fontPx;
}

/** Whether two boxes overlap (touching edges do not). */
export const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Whether a box lies wholly inside another. */
export const inside = (a: Box, outer: Box): boolean => a.left >= outer.left && a.right <= outer.right && a.top >= outer.top && a.bottom <= outer.bottom;

export const markerBox = (m: Marker): Box => ({ left: m.x - m.half, top: m.y - m.half, right: m.x + m.half, bottom: m.y + m.half });

/** The box of a name of w×h on one side of a marker. */
export function sideBox(m: Marker, side: LabelSide, w: number, h: number, gap = kLabelGap): Box {
  const d = m.half + gap;
  // On a diagonal the name's near corner sits off the marker's corner, not its side's middle.
  const left = side === 'right' || side.endsWith('-right') ? m.x + d : side === 'left' || side.endsWith('-left') ? m.x - d - w : m.x - w / 2;
  const top = side === 'above' || side.startsWith('above-') ? m.y - d - h : side === 'below' || side.startsWith('below-') ? m.y + d : m.y - h / 2;
  const box = { left, top, right: left + w, bottom: top + h };
  // The diagonals pull the name in by half its height, so it still reads as the marker's.
  if (side.includes('-')) {
    const dy = side.startsWith('above') ? h / 2 : -h / 2;
    return { ...box, top: box.top + dy, bottom: box.bottom + dy };
  }
  return box;
}

/** Whether the segment from a to b crosses or touches the inside of a box (Liang–Barsky clipping). */
export function segmentHits(a: readonly [number, number], b: readonly [number, number], box: Box): boolean {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [[-dx, a[0] - box.left], [dx, box.right - a[0]], [-dy, a[1] - box.top], [dy, box.bottom - a[1]]];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 > t1) return false;
  }
  return true;
}

/** A polyline (the roofs): consecutive points are joined. */
export type Polyline = ReadonlyArray<readonly [number, number]>;

const crosses = (box: Box, lines: readonly Polyline[]) => lines.some((l) => l.some((pt, i) => i > 0 && segmentHits(l[i - 1]!, pt, box)));

/**
 * Places the names in the order given (the first gets the first choice of side): each on the first
 * side of its marker whose box is inside `plot` and overlaps no marker, no name placed before it and
 * no box of `avoid`, preferring a side that crosses none of `lines` (the roofs; a name may print
 * over a line where no other side is clear); undefined for a name with no such side.
 */
export function placeLabels(markers: readonly Marker[], wants: readonly LabelWant[], plot: Box, avoid: readonly Box[] = [], lines: readonly Polyline[] = []): Array<PlacedLabel | undefined> {
  const taken: Box[] = [...markers.map(markerBox), ...avoid];
  return wants.map((want) => {
    const m = markers[want.marker];
    if (!m) return undefined;
    const clear = kLabelSides
      .map((side) => ({ side, box: sideBox(m, side, want.width, want.height) }))
      .filter(({ box }) => inside(box, plot) && !taken.some((b) => overlaps(b, box)));
    const pick = clear.find(({ box }) => !crosses(box, lines)) ?? clear[0];
    if (pick) taken.push(pick.box);
    return pick;
  });
}
