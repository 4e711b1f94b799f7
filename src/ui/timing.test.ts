import { describe, expect, it } from 'vitest';
import { untimeable } from './timing';

describe('untimeable: a time too small to be a speed', () => {
  it('trusts a time well above the clock step with a small spread', () => {
    expect(untimeable(2, 10, 0.001)).toBeUndefined();
    expect(untimeable(2, 50)).toBeUndefined(); // exactly 50% is still trusted
  });
  it('refuses a time within 10 steps of the clock', () => {
    const why = untimeable(0.009, 5, 0.001);
    expect(why).toHaveLength(1);
    expect(why![0]).toMatch(/within 10 steps of the clock/);
    expect(untimeable(0.0101, 5, 0.001)).toBeUndefined();
  });
  it('refuses a spread over 50%, as the 3×3×3 run with spread 905% was', () => {
    const why = untimeable(0.5, 905);
    expect(why).toEqual(['the samples spread 905% (over 50%)']);
  });
  it('gives both reasons when both hold; an unknown step is no reason', () => {
    expect(untimeable(0.001, 120, 0.001)).toHaveLength(2);
    expect(untimeable(0.001, 10, undefined)).toBeUndefined();
    expect(untimeable(0.001, 10, 0)).toBeUndefined();
  });
});
