/**
 * The tile map and the stepper's current phase as self-contained SVG, for slides and handouts.
 * DOM-free: a figure is built from the same data the on-screen figure draws (the GPU's tile record,
 * the window around the selection, the lanes of the phase), with every style inline, fonts named
 * generically (sans-serif, monospace) and its title, legend, formula and phase label in the
 * language asked for. The PNG is drawn from this SVG by the page (ui/lesson/FigureExport.tsx).
 */
import { i18n, type Language } from '../../i18n';
import { phaseExtent, tileExtent, tileRecord } from '../../core/trace';
import { blockForms, fitLabel, workgroupForms } from '../../core/tileLabels';

/** Colours of the page's light theme (styles.css), written out: the SVG carries no stylesheet. */
const kColour = {
  bg: '#ffffff',
  fg: '#0d1117',
  muted: '#3d4650',
  border: '#9aa4ae',
  a: '#e3efff',
  b: '#fff1d6',
  c: '#f6f7f9',
  band: '#c7defa',
  bandB: '#ffe2a8',
  current: '#0b5cad',
  selected: '#0b5cad',
  bad: '#b3261e',
  wrong: '#f7d4d1',
  oob: '#d9d9d9',
  /** The focused lane's row of As and column of Bs at the multiply step (with a 3-px frame: not colour alone). */
  hl: '#e4dcf7',
} as const;
const kSans = 'sans-serif';
const kMono = 'monospace';

/** Escape text for an SVG (XML) text node or attribute value. */
export function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A conservative width of a line of text at a font size: CJK glyphs take a full em, others about 0.62 em. */
export function textWidth(s: string, font: number): number {
  let w = 0;
  for (const ch of s) w += /[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]/u.test(ch) ? 1 : 0.62;
  return w * font;
}

interface Line {
  readonly text: string;
  readonly size: number;
  readonly weight?: number;
  readonly family?: string;
  readonly fill?: string;
}

const text = (x: number, y: number, l: Line, anchor = 'start') =>
  `<text x="${x}" y="${y}" font-family="${l.family ?? kSans}" font-size="${l.size}"${l.weight ? ` font-weight="${l.weight}"` : ''} fill="${l.fill ?? kColour.fg}" text-anchor="${anchor}">${xmlEscape(l.text)}</text>`;

/** Lines of text stacked from y, each its size × 1.35 high; returns the markup and the y below them. */
function stack(lines: readonly Line[], x: number, y: number): { svg: string; y: number; width: number } {
  let svg = '';
  let width = 0;
  for (const l of lines) {
    y += l.size * 1.1;
    svg += text(x, y, l);
    y += l.size * 0.35;
    width = Math.max(width, textWidth(l.text, l.size));
  }
  return { svg, y, width };
}

function svgDocument(width: number, height: number, title: string, body: string, lang: Language): string {
  const w = Math.ceil(width);
  const h = Math.ceil(height);
  return (
    // i18n-exempt: XML markup
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    // i18n-exempt: XML markup
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" xml:lang="${lang}" role="img">` +
    `<title>${xmlEscape(title)}</title>` +
    `<rect x="0" y="0" width="${w}" height="${h}" fill="${kColour.bg}"/>` +
    body +
    `</svg>\n`
  );
}

/** The tile map as the page draws it: B tiles above, A tiles on the left, C tiles below B. */
export interface MapFigure {
  readonly shape: { readonly m: number; readonly k: number; readonly n: number };
  readonly tile: number;
  readonly tilesX: number;
  readonly phases: number;
  /** The GPU's record, 4 u32 per C tile (workgroup x, y, phases, stores), row-major over the C tiles. */
  readonly tiles: Uint32Array;
  readonly wrongPerTile: Uint32Array;
  readonly selected: { readonly ty: number; readonly tx: number };
  readonly phase: number;
  /** Half-open windows of C tile rows, columns and phases drawn (the on-screen figure's). */
  readonly rows: readonly [number, number];
  readonly cols: readonly [number, number];
  readonly phaseWindow: readonly [number, number];
  /** A block name (the grid's notation: C33, or C3,15). */
  readonly name: (letter: 'A' | 'B' | 'C', row1: number, col1: number) => string;
  readonly formula: string;
  readonly phaseLabel: string;
  readonly source: 'gpu' | 'cpu';
  readonly bounds: boolean;
}

const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);

/** Extent of C tile row ty / column tx / phase p as a share of a full tile (partial edge tiles). */
function shares(f: Pick<MapFigure, 'shape' | 'tile'>) {
  return {
    rowShare: (ty: number) => tileExtent(f.shape, f.tile, ty, 0).rows / f.tile,
    colShare: (tx: number) => tileExtent(f.shape, f.tile, 0, tx).cols / f.tile,
    phaseShare: (p: number) => phaseExtent(f.shape, f.tile, p) / f.tile,
  };
}

/** The tile map as a self-contained SVG document, its words in `lang`. */
export function mapSvg(f: MapFigure, lang: Language): string {
  const { rowShare, colShare, phaseShare } = shares(f);
  const tr = i18n.getFixedT(lang, 'viz');
  const pad = 24;
  const across = Math.max(f.rows[1] - f.rows[0], f.cols[1] - f.cols[0]) + (f.phaseWindow[1] - f.phaseWindow[0]);
  const cell = Math.max(40, Math.min(96, Math.floor(720 / Math.max(1, across))));
  const font = Math.max(11, Math.min(18, Math.round(cell * 0.22)));
  const gap = 2;
  const title = tr('export.mapTitle', { m: f.shape.m, k: f.shape.k, n: f.shape.n, tile: f.tile });
  const head = stack(
    [
      { text: title, size: 20, weight: 700 },
      { text: f.formula, size: 18, family: kMono, weight: 700 },
      { text: f.phaseLabel, size: 14 },
      { text: tr(f.source === 'gpu' ? 'export.sourceGpu' : 'export.sourceCpu'), size: 13, fill: kColour.muted },
      ...(f.bounds ? [] : [{ text: tr('export.boundsOff'), size: 13, fill: kColour.bad, weight: 600 }]),
    ],
    pad,
    pad - 4,
  );
  const cols = range(f.cols[0], f.cols[1]);
  const rows = range(f.rows[0], f.rows[1]);
  const phs = range(f.phaseWindow[0], f.phaseWindow[1]);
  const colX: number[] = [];
  const rowY: number[] = [];
  const phW: number[] = [];
  const aW = phs.reduce((x, p) => x + phaseShare(p) * cell + gap, 0);
  const bH = aW;
  const x0 = pad;
  const y0 = head.y + 12;
  let x = x0 + aW + 8;
  for (const tx of cols) {
    colX.push(x);
    x += colShare(tx) * cell + gap;
  }
  const figRight = x;
  let y = y0 + bH + 8;
  for (const ty of rows) {
    rowY.push(y);
    y += rowShare(ty) * cell + gap;
  }
  const figBottom = y;
  let px = 0;
  for (const p of phs) {
    phW.push(px);
    px += phaseShare(p) * cell + gap;
  }
  let body = head.svg;
  // A tile's label: the first of its forms that fits at 9 px or more (core/tileLabels fitLabel), else
  // the shortest squeezed — never blank; `top`: px at the tile's top kept for its name.
  const box = (bx: number, by: number, w: number, h: number, fill: string, stroke: string, strokeWidth: number, forms: readonly string[], tip: string, family = kSans, top = 0) => {
    const fl = fitLabel(forms, w, h - top, font, 9);
    const size = Math.floor(fl.size * 10) / 10;
    const lbl = fl.text ? `<text x="${bx + w / 2}" y="${by + top + (h - top) / 2 + size * 0.35}" font-family="${family}" font-size="${size}" fill="${kColour.fg}" text-anchor="middle">${xmlEscape(fl.text)}</text>` : '';
    return `<g><title>${xmlEscape(tip)}</title><rect x="${bx}" y="${by}" width="${w}" height="${h}" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/>${lbl}</g>`;
  };
  // B tiles: one row per phase, above the C columns.
  phs.forEach((p, pi) => {
    const h = phaseShare(p) * cell;
    cols.forEach((tx, ci) => {
      const band = tx === f.selected.tx;
      const cur = band && p === f.phase;
      const nm = f.name('B', p + 1, tx + 1);
      body += box(colX[ci]!, y0 + phW[pi]!, colShare(tx) * cell, h, band ? kColour.bandB : kColour.b, cur ? kColour.current : kColour.border, cur ? 3 : 1, blockForms(nm), nm);
    });
  });
  // A tiles: one column per phase, left of the C rows.
  rows.forEach((ty, ri) => {
    const h = rowShare(ty) * cell;
    phs.forEach((p, pi) => {
      const band = ty === f.selected.ty;
      const cur = band && p === f.phase;
      const nm = f.name('A', ty + 1, p + 1);
      body += box(x0 + phW[pi]!, rowY[ri]!, phaseShare(p) * cell, h, band ? kColour.band : kColour.a, cur ? kColour.current : kColour.border, cur ? 3 : 1, blockForms(nm), nm);
    });
  });
  // C tiles: the workgroup that computed each, as recorded; ✗n where elements are wrong.
  rows.forEach((ty, ri) => {
    cols.forEach((tx, ci) => {
      const { x: wx, y: wy, stores } = tileRecord(f.tiles, f.tilesX, ty, tx);
      const wrong = f.wrongPerTile[ty * f.tilesX + tx] ?? 0;
      const sel = ty === f.selected.ty && tx === f.selected.tx;
      const nm = f.name('C', ty + 1, tx + 1);
      const forms = workgroupForms(wx, wy).map((l) => (wrong > 0 ? `${l} ✗${wrong}` : l));
      const tip = tr(wrong ? 'map.cellTitleWrong' : 'map.cellTitle', { tile: nm, x: wx, y: wy, stores, wrong });
      const w = colShare(tx) * cell;
      const h = rowShare(ty) * cell;
      // The tile's name, small, in its corner where it fits above the workgroup label (the page shows it in the tile's tooltip).
      const named = h >= 40 && textWidth(nm, 10) + 6 <= w;
      body += box(colX[ci]!, rowY[ri]!, w, h, wrong ? kColour.wrong : kColour.c, sel ? kColour.selected : kColour.border, sel ? 4 : 1, forms, tip, kMono, named ? 14 : 0);
      if (named) body += text(colX[ci]! + 3, rowY[ri]! + 11, { text: nm, size: 10, fill: kColour.muted });
    });
  });
  // The legend, below the figure.
  const legend: [string, string, string][] = [
    [kColour.band, kColour.border, tr('export.legendA')],
    [kColour.bandB, kColour.border, tr('export.legendB')],
    [kColour.c, kColour.border, tr('export.legendC')],
    [kColour.bg, kColour.selected, tr('export.legendSelected')],
    ...(f.bounds ? [] : [[kColour.wrong, kColour.border, tr('export.legendWrong')] as [string, string, string]]),
  ];
  let ly = Math.max(figBottom, y0 + bH) + 16;
  let legendWidth = 0;
  for (const [fill, stroke, words] of legend) {
    body += `<rect x="${pad}" y="${ly}" width="16" height="16" fill="${fill}" stroke="${stroke}" stroke-width="${stroke === kColour.selected ? 3 : 1}"/>`;
    body += text(pad + 24, ly + 13, { text: words, size: 13 });
    legendWidth = Math.max(legendWidth, 24 + textWidth(words, 13));
    ly += 22;
  }
  const width = Math.max(figRight, pad + head.width, pad + legendWidth) + pad;
  return svgDocument(width, ly + pad - 6, title, body, lang);
}

/** One lane of the stepper as the page draws it. */
export interface PhaseLane {
  /** The element label (A[3][1], C[2][2], or the words for no C element). */
  readonly src: string;
  /** The value as printed in full (with its ✗ mark where wrong). */
  readonly value: string;
  readonly oob: boolean;
  readonly noStore: boolean;
  readonly wrong: boolean;
  /** At the multiply step: the focused lane's row of As or column of Bs (drawn with a heavy frame and a band). */
  readonly highlight?: 'row' | 'col';
}

/** The multiply step of the focused lane, as the page writes it above the grids. */
export interface PhaseTerms {
  /** "Lane (0, 0): row 0 of As × column 0 of Bs". */
  readonly heading: string;
  /** The symbolic formula: C[32][32] += As[0][0]·Bs[0][0] + …. */
  readonly formula: string;
  /** The term line with the values, already broken into lines (core/macTerms termLineText). */
  readonly lines: readonly string[];
  /** "= −0.229": the running sum after the phase. */
  readonly sum: string;
}

/** The stepper's current phase: the selected workgroup's As, Bs and running sums. */
export interface PhaseFigure {
  readonly shape: { readonly m: number; readonly k: number; readonly n: number };
  readonly tile: number;
  readonly workgroup: { readonly x: number; readonly y: number };
  readonly block: string;
  readonly formula: string;
  readonly phaseLabel: string;
  readonly source: 'gpu' | 'cpu' | 'model';
  readonly bounds: boolean;
  /** The three grids with their captions, each tile×tile lanes, row-major. */
  readonly grids: readonly { readonly caption: string; readonly lanes: readonly PhaseLane[] }[];
  /** At the multiply step: the focused lane's terms (printed between the label and the grids). */
  readonly terms?: PhaseTerms;
}

/** The stepper's current phase as a self-contained SVG document, its words in `lang`. */
export function phaseSvg(f: PhaseFigure, lang: Language): string {
  const tr = i18n.getFixedT(lang, 'viz');
  const pad = 24;
  const title = tr('export.phaseTitle', { x: f.workgroup.x, y: f.workgroup.y, block: f.block, m: f.shape.m, k: f.shape.k, n: f.shape.n, tile: f.tile });
  const source = f.source === 'gpu' ? 'export.sourceGpu' : f.source === 'cpu' ? 'export.sourceCpu' : 'export.sourceModel';
  const head = stack(
    [
      { text: title, size: 20, weight: 700 },
      { text: f.formula, size: 18, family: kMono, weight: 700 },
      { text: f.phaseLabel, size: 16, weight: 700 },
      { text: tr(source), size: 13, fill: kColour.muted },
      ...(f.bounds ? [] : [{ text: tr('export.boundsOff'), size: 13, fill: kColour.bad, weight: 600 }]),
      ...(f.terms
        ? [
            { text: f.terms.heading, size: 15, weight: 700 },
            { text: f.terms.formula, size: 13, family: kMono },
            ...f.terms.lines.map((l, i, all) => ({ text: i === all.length - 1 ? `${l} ${f.terms!.sum}` : l, size: 14, family: kMono, weight: 600 })),
          ]
        : []),
    ],
    pad,
    pad - 4,
  );
  const font = f.tile >= 16 ? 10 : f.tile >= 8 ? 12 : 15;
  const longest = Math.max(4, ...f.grids.flatMap((g) => g.lanes.map((l) => Math.max(textWidth(l.src, font), textWidth(l.value, font)))));
  const laneW = Math.ceil(longest + 10);
  const laneH = Math.ceil(font * 2.7 + 6);
  const gap = 2;
  const gridW = f.tile * (laneW + gap);
  const gridH = f.tile * (laneH + gap);
  // Side by side up to tile 8; stacked for wider tiles (a 16-wide grid is as wide as a slide). Each
  // column is as wide as its grid or its caption, whichever is wider (issue #45: at tile 2 the
  // three captions were wider than their grids and printed over each other).
  const captionSize = 15;
  const perRow = f.tile > 8 ? 1 : 3;
  const colGap = 24;
  const colW = Math.max(gridW, ...f.grids.map((g) => textWidth(g.caption, captionSize)));
  const captionH = 26;
  let body = head.svg;
  let maxRight = pad + head.width;
  const top = head.y + 10;
  f.grids.forEach((g, gi) => {
    const gx = pad + (gi % perRow) * (colW + colGap);
    const gy = top + Math.floor(gi / perRow) * (gridH + captionH + 16);
    body += text(gx, gy + 16, { text: g.caption, size: captionSize, weight: 700 });
    maxRight = Math.max(maxRight, gx + gridW, gx + textWidth(g.caption, captionSize));
    g.lanes.forEach((l, i) => {
      const lx = gx + (i % f.tile) * (laneW + gap);
      const ly = gy + captionH + Math.floor(i / f.tile) * (laneH + gap);
      const fill = l.oob ? kColour.oob : l.wrong ? kColour.wrong : l.highlight ? kColour.hl : kColour.bg;
      const stroke = l.wrong ? kColour.bad : l.highlight ? kColour.current : kColour.border;
      const dash = l.noStore || l.oob ? ' stroke-dasharray="4 3"' : '';
      const hl = l.highlight ? ` data-highlight="${l.highlight}"` : '';
      body += `<g${hl}><rect x="${lx}" y="${ly}" width="${laneW}" height="${laneH}" fill="${fill}" stroke="${stroke}" stroke-width="${l.highlight ? 3 : l.oob ? 2 : 1}"${dash}/>`;
      body += text(lx + laneW / 2, ly + font * 1.15 + 2, { text: l.src, size: font, family: kMono, fill: kColour.muted }, 'middle');
      body += text(lx + laneW / 2, ly + font * 2.35 + 3, { text: l.value, size: font, family: kMono, weight: 700, fill: l.wrong ? kColour.bad : kColour.fg }, 'middle');
      body += `</g>`;
    });
  });
  const rowsOfGrids = Math.ceil(f.grids.length / perRow);
  let y = top + rowsOfGrids * (gridH + captionH + 16);
  const legend = tr('export.lanesLegend');
  body += text(pad, y + 14, { text: legend, size: 13, fill: kColour.muted });
  maxRight = Math.max(maxRight, pad + textWidth(legend, 13));
  y += 24;
  if (f.terms) {
    const hl = tr('export.lanesLegendHl');
    body += text(pad, y + 14, { text: hl, size: 13, fill: kColour.muted });
    maxRight = Math.max(maxRight, pad + textWidth(hl, 13));
    y += 20;
  }
  return svgDocument(maxRight + pad, y + pad - 6, title, body, lang);
}

/** A file name with only [A-Za-z0-9._-]: anything else (a comma, a space) becomes '-' (issue #34: `…-C2,2.svg` broke scripts). */
export function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '-');
}

/** The file name of an exported map: what it shows, e.g. tiles-map-48x32x48-t16-C3-3.svg. */
export function mapFileName(shape: { m: number; k: number; n: number }, tile: number, selected: { ty: number; tx: number }, ext: 'svg' | 'png'): string {
  return safeFileName(`tiles-map-${shape.m}x${shape.k}x${shape.n}-t${tile}-C${selected.ty + 1}-${selected.tx + 1}.${ext}`);
}

/** The file name of an exported phase, e.g. tiles-phase-2-of-2-step-1-of-4-48x32x48-t16-C3-3.png. */
export function phaseFileName(
  shape: { m: number; k: number; n: number },
  tile: number,
  selected: { ty: number; tx: number },
  phase: number,
  phases: number,
  step: number,
  steps: number,
  ext: 'svg' | 'png',
): string {
  return safeFileName(`tiles-phase-${phase + 1}-of-${phases}-step-${step + 1}-of-${steps}-${shape.m}x${shape.k}x${shape.n}-t${tile}-C${selected.ty + 1}-${selected.tx + 1}.${ext}`);
}
