/**
 * The tile map's labels and layout (issue #45): every visible tile keeps a label — its full form
 * where it fits, a shorter form where it does not, set smaller down to a floor, and the shortest
 * form at whatever size fits as the last resort (never blank) — and the window of tiles drawn is
 * chosen from the width the figure has, so the A strip, the B strip and C fit side by side and the
 * current phase's A and B tiles are inside the panel, at any tile width and grid.
 *
 * Pure: widths are estimated from a conservative glyph width (kLabelGlyphEm), no DOM.
 */
import { kOutside, type TableThread } from './trace';

/** A conservative average glyph width of a tile label (digits, commas, parentheses, a letter), in em. */
export const kLabelGlyphEm = 0.7;
/** Horizontal and vertical room a label leaves in its tile (border and padding), px. */
export const kLabelPadX = 8;
export const kLabelPadY = 6;
/** Line height of a label, in em. */
export const kLabelLineEm = 1.25;
/** No tile is drawn narrower than this (px), whatever its label. */
export const kMinCellPx = 30;
/** Nor wider. */
export const kMaxCellPx = 96;
/** At most this many tiles per side are drawn (a window around the selection and phase). */
export const kMaxWindow = 12;

/** The width in px a label of `chars` characters takes at a font size, padding included. */
export const labelPx = (chars: number, font: number): number => chars * kLabelGlyphEm * font + kLabelPadX;

/** The font size at which `chars` characters (in `lines` lines) fit a w×h px box. */
export const fitSize = (chars: number, lines: number, w: number, h: number): number =>
  Math.min((w - kLabelPadX) / Math.max(1, chars * kLabelGlyphEm), (h - kLabelPadY) / (Math.max(1, lines) * kLabelLineEm));

export interface FittedLabel {
  /** The form drawn: never empty when a form was given. */
  readonly text: string;
  /** Its font size, px (font at most). */
  readonly size: number;
  /** Which form (0: the full one). */
  readonly form: number;
  /** True when even the shortest form is set under minFont (the tile is too small to read it at that size). */
  readonly squeezed: boolean;
}

/**
 * The first of `forms` (longest first) that fits a w×h px box at a size between minFont and font;
 * when none does, the shortest form at the size that fits it (squeezed), never an empty label.
 */
export function fitLabel(forms: readonly string[], w: number, h: number, font: number, minFont: number, lines = 1): FittedLabel {
  const list = forms.filter((f) => f.length > 0);
  if (list.length === 0) return { text: '', size: font, form: 0, squeezed: false };
  for (let i = 0; i < list.length; i++) {
    const chars = [...list[i]!].length;
    const size = Math.min(font, fitSize(chars, lines, w, h));
    if (size >= minFont) return { text: list[i]!, size, form: i, squeezed: false };
  }
  let best = list.length - 1;
  for (let i = 0; i < list.length; i++) if ([...list[i]!].length < [...list[best]!].length) best = i;
  const chars = [...list[best]!].length;
  return { text: list[best]!, size: Math.max(1, Math.min(font, fitSize(chars, lines, w, h))), form: best, squeezed: true };
}

/** The forms of a C tile's workgroup label: "(3,12)", then "3,12". */
export const workgroupForms = (x: number, y: number): readonly [string, string] => [`(${x},${y})`, `${x},${y}`];

/** The forms of a block name: "A24,3", then without its letter ("24,3"), the strip saying which matrix. */
export const blockForms = (name: string): readonly [string, string] => [name, name.replace(/^[A-Z]/u, '')];

/** The grid the map draws from (core/tiling tileGrid). */
export interface MapGridSize {
  readonly tilesX: number;
  readonly tilesY: number;
  readonly phases: number;
}

export interface MapLayout {
  /** Tiles per side of the window (rows and columns of C, phases of A and B). */
  readonly window: number;
  /** Pixels a full tile. */
  readonly cell: number;
  /** The narrowest cell whose labels fit in their shortest form at minFont. */
  readonly minCell: number;
}

/**
 * The window and cell size of a map `avail` px wide: the A strip (phases across) beside C (columns
 * across) fits the width, every tile wide enough for its shortest label at minFont, up to
 * kMaxWindow tiles a side and kMaxCellPx a tile. `gap`: px between tiles; `between`: px between the
 * A strip and C.
 */
export function mapLayout(g: MapGridSize, avail: number, minFont: number, opts: { gap?: number; between?: number; maxCell?: number; maxWindow?: number; minCell?: number } = {}): MapLayout {
  const gap = opts.gap ?? 2;
  const between = opts.between ?? 8;
  const maxCell = opts.maxCell ?? kMaxCellPx;
  const maxWindow = opts.maxWindow ?? kMaxWindow;
  // The longest shortest form in the grid: the largest indices.
  const wgChars = workgroupForms(g.tilesX - 1, g.tilesY - 1)[1].length;
  const wide = g.tilesX > 9 || g.tilesY > 9 || g.phases > 9;
  const nameChars = wide ? `${Math.max(g.tilesX, g.tilesY)},${g.phases}`.length : 2;
  const minCell = Math.max(opts.minCell ?? kMinCellPx, Math.ceil(labelPx(Math.max(wgChars, nameChars), minFont)), Math.ceil(kLabelLineEm * minFont + kLabelPadY));
  const fitsAt = (n: number, cell: number) => Math.min(n, g.phases) * (cell + gap) + Math.min(n, g.tilesX) * (cell + gap) + between <= avail;
  let n = Math.min(maxWindow, Math.max(g.phases, g.tilesX, g.tilesY));
  while (n > 1 && !fitsAt(n, minCell)) n--;
  const across = Math.min(n, g.phases) + Math.min(n, g.tilesX);
  const cell = Math.max(minCell, Math.min(maxCell, Math.floor((avail - between) / Math.max(1, across) - gap)));
  return { window: n, cell, minCell };
}

/** The half-open window of `count` tiles, `size` wide, around `center` (clamped to the ends). */
export function windowAround(center: number, count: number, size: number = kMaxWindow): [number, number] {
  if (count <= size) return [0, count];
  const start = Math.max(0, Math.min(count - size, center - Math.floor(size / 2)));
  return [start, start + size];
}

/** A conservative glyph width of the phase table's text (proportional digits and brackets), in em. */
export const kTableGlyphEm = 0.62;

/**
 * How many phase columns of the phase table fit `avail` px at `font` px: each column holds its
 * loads (`loadChars` characters each, the longest load name such as "A[47][31]" with its "0 "
 * prefix when outside; both loads on one line when `inline`), plus `padPx` of padding and border;
 * the thread column holds `threadChars`. At least 1, at most `max`.
 */
export function tableColumns(avail: number, font: number, loadChars: number, threadChars: number, inline: boolean, max: number, padPx = 18, glyphEm = kTableGlyphEm): number {
  if (!(avail > 0)) return max;
  const col = (inline ? 2 * loadChars + 1 : loadChars) * glyphEm * font + padPx;
  const thread = threadChars * glyphEm * font + padPx;
  return Math.max(1, Math.min(max, Math.floor((avail - thread) / col)));
}

/**
 * The longest load the phase table prints ("A[47][31]"; a load outside the matrices prints "0" and its
 * name, two characters more): a loop, not Math.max(...), since at 4096³ the table holds 256 threads ×
 * 256 phases × 2 loads, past what a call's arguments may be (a RangeError stopped the page's render on
 * the H200, 2026-11-29).
 */
export function longestLoadChars(table: readonly TableThread[]): number {
  let n = 1;
  for (const r of table) for (const c of r.phases) for (const l of [c.a, c.b]) n = Math.max(n, `A[${l.row}][${l.col}]`.length + (l.index === kOutside ? 2 : 0));
  return n;
}
