import { describe, expect, it } from 'vitest';
import { columnsPerBlock, minusSign, parenthesised, shownBlock, termBlocks, termLineText } from './macTerms';
import { macTerms } from './trace';

describe('columnsPerBlock', () => {
  it('gives the largest power of two of columns that fit beside the labels, at most the tile', () => {
    // 1274 px at 16 px: (1274 − 3.2·16) / (4·16) = 19.1 columns fit → 16.
    expect(columnsPerBlock(1274, 16, 3.2, 4, 16)).toBe(16);
    expect(columnsPerBlock(1274, 16, 3.2, 4, 32)).toBe(16);
    // The presentation at 1366: 735 px at 18 px → 9.4 → 8.
    expect(columnsPerBlock(735, 18, 3.2, 4, 16)).toBe(8);
    expect(columnsPerBlock(1274, 16, 3.2, 4, 2)).toBe(2);
  });
  it('never gives less than one column, and the whole tile before the width is known', () => {
    expect(columnsPerBlock(40, 16, 3.2, 4, 16)).toBe(1);
    expect(columnsPerBlock(0, 16, 3.2, 4, 32)).toBe(32);
  });
});

describe('termBlocks and shownBlock', () => {
  it('splits k into blocks that cover every term once', () => {
    expect(termBlocks(16, 8)).toEqual([
      [0, 8],
      [8, 16],
    ]);
    expect(termBlocks(32, 16).flatMap(([a, b]) => Array.from({ length: b - a }, (_, i) => a + i))).toEqual(Array.from({ length: 32 }, (_, i) => i));
    expect(termBlocks(4, 99)).toEqual([[0, 4]]);
  });
  it('shows the current term’s block term by term, else the page kept inside the blocks', () => {
    expect(shownBlock(9, 0, 8, 2)).toBe(1);
    expect(shownBlock(undefined, 5, 8, 2)).toBe(1);
    expect(shownBlock(undefined, -1, 8, 2)).toBe(0);
    expect(shownBlock(undefined, 1, 16, 1)).toBe(0);
  });
});

describe('termLineText', () => {
  it('writes the sum it starts from and every term, with minus signs, breaking between terms only', () => {
    const terms = macTerms([1, -2, 3, 4], [5, 6, -7, 8], 2, 0, 0, 0.5);
    // Row 0 of As = [1, −2], column 0 of Bs = [5, −7].
    expect(termLineText(terms, 0.5, 6, 80)).toEqual(['0.500 + 1·5 + (−2)·(−7)']);
    const lines = termLineText(terms, 0.5, 6, 12);
    expect(lines).toEqual(['0.500 + 1·5', '+ (−2)·(−7)']);
  });
  it('puts every term of a tile-32 lane in the text', () => {
    const As = Array.from({ length: 32 * 32 }, (_, i) => (i % 7) - 3);
    const terms = macTerms(As, As, 32, 1, 2, 0);
    const text = termLineText(terms, 0, 6, 90).join(' ');
    expect(text.split('·')).toHaveLength(33);
  });
  it('prints a negative factor in parentheses with U+2212', () => {
    expect(minusSign('-1.5')).toBe('\u22121.5');
    expect(parenthesised('-2')).toBe('(\u22122)');
    expect(parenthesised('2')).toBe('2');
  });
});
