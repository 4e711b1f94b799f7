/**
 * One tile notation for a whole grid, and the helpers that relate its coordinate systems.
 *
 * Block names are 1-based, as in cuda-samples and PMPP: C33 = A31·B13 + A32·B23. A grid whose
 * every index stays below 10 uses the books' plain form ("C33"); once any index of the grid (its
 * tile rows, tile columns or phases) reaches 10, every name in that grid takes a comma ("C3,3",
 * "B1,15"), so the map, the formula and the text never mix the two styles.
 */
import { said, type Said } from './said';
import type { Shape } from './shape';
import { tileGrid } from './tiling';

/** Whether a grid of tilesY × tilesX C tiles over `phases` phases needs the comma form. */
export function needsSeparator(tilesY: number, tilesX: number, phases: number): boolean {
  return tilesY > 9 || tilesX > 9 || phases > 9;
}

export interface Notation {
  /** True when every name of this grid carries a comma. */
  readonly wide: boolean;
  /** A block name from 1-based indices: C33, or C3,15 in a wide grid. */
  name(letter: 'A' | 'B' | 'C', row1: number, col1: number): string;
  /** The C tile at 0-based (ty, tx): its name. */
  cTile(ty: number, tx: number): string;
  /** The formula of C tile (ty, tx), shortened around an ellipsis past `maxTerms` terms. */
  formula(ty: number, tx: number, maxTerms?: number): string | Said;
}

export function notationFor(tilesY: number, tilesX: number, phases: number): Notation {
  const wide = needsSeparator(tilesY, tilesX, phases);
  const name = (letter: string, row1: number, col1: number) => (wide ? `${letter}${row1},${col1}` : `${letter}${row1}${col1}`);
  return {
    wide,
    name,
    cTile: (ty, tx) => name('C', ty + 1, tx + 1),
    formula(ty, tx, maxTerms = 6) {
      const term = (p: number) => `${name('A', ty + 1, p + 1)}·${name('B', p + 1, tx + 1)}`;
      const lhs = name('C', ty + 1, tx + 1);
      if (phases <= maxTerms) return `${lhs} = ${Array.from({ length: phases }, (_, p) => term(p)).join(' + ')}`;
      const head = Array.from({ length: maxTerms - 2 }, (_, p) => term(p));
      return said('viz:notation.terms', { formula: `${lhs} = ${head.join(' + ')} + … + ${term(phases - 2)} + ${term(phases - 1)}`, count: phases });
    },
  };
}

/** The notation of the grid a shape and tile width make. */
export function notationOf(s: Shape, tile: number): Notation {
  const g = tileGrid(s, tile);
  return notationFor(g.tilesY, g.tilesX, g.phases);
}

/**
 * The three ways the same C tile is named, side by side: its (row, column) in the map, 0-based;
 * its block name, 1-based as in the books; and the `workgroup_id` of the workgroup that computes
 * it, where x runs along columns and y along rows.
 */
export function tileCoordinates(n: Notation, ty: number, tx: number): { row: number; col: number; block: string; wgX: number; wgY: number } {
  return { row: ty, col: tx, block: n.cTile(ty, tx), wgX: tx, wgY: ty };
}

/**
 * A value in at most `maxChars` characters, keeping its sign: as many decimals as fit (3 at most),
 * then fewer, then an exponent; '' when not even the sign and one digit fit. "-0.294" becomes
 * "-0.29", "-0.3", "-0" — never ".29".
 */
export function fitValue(v: number, maxChars: number): string {
  if (!Number.isFinite(v)) {
    const s = Number.isNaN(v) ? 'NaN' : v > 0 ? '∞' : '-∞';
    return s.length <= maxChars ? s : '';
  }
  const candidates: string[] = [];
  if (Number.isInteger(v) && Math.abs(v) < 1e6) candidates.push(String(v));
  else {
    const maxDecimals = Math.abs(v) >= 100 ? 1 : 3;
    for (let d = maxDecimals; d >= 0; d--) candidates.push(v.toFixed(d));
  }
  candidates.push(v.toExponential(1).replace('e+', 'e'), v.toExponential(0).replace('e+', 'e'));
  for (const c of candidates) if (c.length <= maxChars) return c;
  return '';
}

/** The full value, as the stepper prints it where there is room: integers whole, else 3 decimals (1 from 100 on). */
export function fullValue(v: number): string {
  return fitValue(v, 24);
}
