import { say } from '../i18n';
import { describe, expect, it } from 'vitest';
import { fitValue, fullValue, needsSeparator, notationFor, notationOf, tileCoordinates } from './notation';

describe('one tile notation per grid', () => {
  it('uses the books’ plain names while every index of the grid is below 10', () => {
    const n = notationOf({ m: 48, k: 32, n: 48 }, 16); // cuda-samples: 3×3 C tiles, 2 phases
    expect(n.wide).toBe(false);
    expect(n.formula(2, 2)).toBe('C33 = A31·B13 + A32·B23');
    expect(n.cTile(0, 1)).toBe('C12');
  });

  it('puts a comma in every name of a grid once any index reaches 10, even names with small indices', () => {
    const n = notationFor(3, 15, 2);
    expect(n.wide).toBe(true);
    expect(n.cTile(2, 2)).toBe('C3,3');
    expect(n.name('B', 1, 15)).toBe('B1,15');
    expect(n.formula(2, 2)).toBe('C3,3 = A3,1·B1,3 + A3,2·B2,3');
    expect(needsSeparator(9, 9, 9)).toBe(false);
    expect(needsSeparator(9, 10, 1)).toBe(true);
    expect(needsSeparator(1, 1, 10)).toBe(true);
  });

  it('shortens long formulas around an ellipsis and says how many terms', () => {
    const f = say(notationFor(16, 16, 16).formula(0, 0));
    expect(f).toBe('C1,1 = A1,1·B1,1 + A1,2·B2,1 + A1,3·B3,1 + A1,4·B4,1 + … + A1,15·B15,1 + A1,16·B16,1 (16 terms)');
  });

  it('relates (row, column), the 1-based block name and workgroup_id (x, y)', () => {
    expect(tileCoordinates(notationFor(3, 3, 2), 1, 2)).toEqual({ row: 1, col: 2, block: 'C23', wgX: 2, wgY: 1 });
  });
});

describe('fitValue keeps the sign and fits the room', () => {
  it('shows fewer digits where room is short, never dropping the sign or the leading digit', () => {
    expect(fitValue(-0.294, 10)).toBe('-0.294');
    expect(fitValue(-0.294, 5)).toBe('-0.29');
    expect(fitValue(-0.294, 4)).toBe('-0.3');
    expect(fitValue(-0.294, 2)).toBe('-0');
    expect(fitValue(-0.294, 1)).toBe('');
    expect(fitValue(0.294, 3)).toBe('0.3');
  });

  it('prints integers whole and large values with an exponent when they do not fit', () => {
    expect(fitValue(9, 1)).toBe('9');
    expect(fitValue(-12, 3)).toBe('-12');
    expect(fitValue(-12, 2)).toBe('');
    expect(fitValue(123.456, 5)).toBe('123.5');
    expect(fitValue(-123.456, 4)).toBe('-123');
    expect(fitValue(12345678, 5)).toBe('1.2e7');
  });

  it('never returns a string longer than asked, for any value', () => {
    for (const v of [-1e9, -123.4, -1.5, -0.0001, 0, 0.5, 7, 99.99, 1e12, NaN, Infinity]) {
      for (let w = 0; w < 10; w++) expect(fitValue(v, w).length).toBeLessThanOrEqual(w);
    }
  });

  it('prints the full value the stepper always showed where there is room', () => {
    expect(fullValue(-0.29412)).toBe('-0.294');
    expect(fullValue(3)).toBe('3');
    expect(fullValue(150.25)).toBe('150.3');
  });
});
