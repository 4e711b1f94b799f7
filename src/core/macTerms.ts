/**
 * The multiply step of one lane laid out for reading (issue #34): its terms in blocks of k that fit
 * the width they are drawn in (the page shows every block, one under the other; the presentation
 * one block at a time, stepped through k), and the term line as text (the exported figure prints it).
 */
import { fitValue } from './notation';
import type { MacTerm } from './trace';

/** Printed with the minus sign (U+2212), which reads at projector distance where a hyphen does not. */
export const minusSign = (v: string): string => v.replace(/-/g, '\u2212');
/** A negative factor in parentheses, with the minus sign: 8·(−6), not 8·-6. */
export const parenthesised = (v: string): string => (v.startsWith('-') ? `(${minusSign(v)})` : minusSign(v));

/**
 * How many k columns a block holds: the largest power of two (so blocks split the tile evenly) whose
 * columns of `colEm` fit beside a label column of `labelEm` in `width` px at `font` px; at least 1,
 * at most the tile. A width not measured yet (0) gives the whole tile.
 */
export function columnsPerBlock(width: number, font: number, labelEm: number, colEm: number, tile: number): number {
  if (!(width > 0) || !(font > 0)) return tile;
  const fit = Math.floor((width - labelEm * font) / (colEm * font));
  let n = 1;
  while (n * 2 <= Math.min(fit, tile)) n *= 2;
  return n;
}

/** The blocks of k, as [first, end) pairs, `perBlock` columns each. */
export function termBlocks(tile: number, perBlock: number): readonly (readonly [number, number])[] {
  const per = Math.max(1, Math.min(tile, Math.floor(perBlock)));
  const out: [number, number][] = [];
  for (let k0 = 0; k0 < tile; k0 += per) out.push([k0, Math.min(tile, k0 + per)]);
  return out;
}

/**
 * The block shown where one block is shown at a time: the current term's (term by term), else the
 * block the viewer paged to, kept inside the blocks there are.
 */
export function shownBlock(upTo: number | undefined, page: number, perBlock: number, blocks: number): number {
  if (blocks <= 1) return 0;
  if (upTo !== undefined) return Math.min(blocks - 1, Math.floor(upTo / Math.max(1, perBlock)));
  return Math.max(0, Math.min(blocks - 1, page));
}

/**
 * The term line as text: `before + a0·b0 + a1·b1 + …`, each factor printed in at most `chars`
 * characters with the minus sign, broken into lines of at most `lineChars` characters (a term is
 * never split). The first line starts with the sum the phase starts from.
 */
export function termLineText(terms: readonly MacTerm[], before: number, chars: number, lineChars: number): string[] {
  const parts = [minusSign(fitValue(before, chars)), ...terms.map((t) => `${parenthesised(fitValue(t.a, chars))}·${parenthesised(fitValue(t.b, chars))}`)];
  const lines: string[] = [];
  let line = '';
  for (const [i, p] of parts.entries()) {
    const piece = i === 0 ? p : ` + ${p}`;
    if (line && line.length + piece.length > lineChars) {
      lines.push(line);
      line = `+ ${p}`;
    } else line += piece;
  }
  if (line) lines.push(line);
  return lines;
}

/** The symbolic multiply step of lane (ly, lx): every term up to tile 4, else the first two and the last. */
export function macFormula(tile: number, ly: number, lx: number): string {
  const sym = (j: number) => `As[${ly}][${j}]·Bs[${j}][${lx}]`;
  return tile <= 4 ? Array.from({ length: tile }, (_, j) => sym(j)).join(' + ') : `${sym(0)} + ${sym(1)} + … + ${sym(tile - 1)}`;
}
