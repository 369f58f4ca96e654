import { describe, expect, it } from 'vitest';
import { limitOf, linesAndUnits } from './cart-checks';

describe('cart wording (issue 13)', () => {
  it('counts lines and units, singular and plural', () => {
    expect(linesAndUnits(2, 5)).toBe('2 lines · 5 units');
    expect(linesAndUnits(1, 1)).toBe('1 line · 1 unit');
  });
  it('the limit of a line is its own, else the customer’s per-item limit', () => {
    expect(limitOf({ hasProductLimit: true, productLimit: 3 }, 10)).toBe(3);
    expect(limitOf({ hasProductLimit: false, productLimit: 3 }, 10)).toBe(10);
    expect(limitOf({ hasProductLimit: false, productLimit: null }, null)).toBeNull();
  });
});
