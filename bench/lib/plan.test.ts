import { describe, expect, it } from 'vitest';
import { blockOf, buyerCartSizes, changedPrices, dueAt, editKinds, flagOf } from './plan.ts';

describe('buyerCartSizes', () => {
  it('gives 60% of the buyers 5 to 30 lines and the rest an empty cart', () => {
    const sizes = buyerCartSizes(256);
    const holders = sizes.filter((n) => n > 0);
    expect(sizes).toHaveLength(256);
    expect(holders).toHaveLength(154); // 60% of 256, rounded
    expect(Math.min(...holders)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...holders)).toBeLessThanOrEqual(30);
    expect(new Set(holders).size).toBeGreaterThan(10); // spread over the range, not one size
  });

  it('spreads the cart holders over the list, the same way on every run', () => {
    const sizes = buyerCartSizes(100);
    expect(sizes.slice(0, 50).filter((n) => n > 0).length).toBeGreaterThan(15);
    expect(sizes.slice(50).filter((n) => n > 0).length).toBeGreaterThan(15);
    expect(buyerCartSizes(100)).toEqual(sizes);
  });
});

describe('the office edits', () => {
  it('changes prices by 1–5%, up then down, never below a cent', () => {
    const p = { price1Cents: 1000, price2Cents: 950, price3Cents: 900, price4Cents: 850, price5Cents: 1 };
    expect(changedPrices(p, 0)).toEqual({
      price1Cents: 1010,
      price2Cents: 960,
      price3Cents: 909,
      price4Cents: 859,
      price5Cents: 1,
    });
    expect(changedPrices(p, 1).price1Cents).toBe(980);
    expect(changedPrices(p, 4).price1Cents).toBe(1050);
  });

  it('edits price and flags in turn, and promotions only when they can be edited', () => {
    expect(editKinds(true)).toEqual(['price', 'flag', 'promotion']);
    expect(editKinds(false)).toEqual(['price', 'flag']);
    expect([0, 1, 2].map(flagOf)).toEqual(['isNewItem', 'showLowStock', 'isNewItem']);
  });

  it('spaces the edits evenly: two a second are due every 500 ms', () => {
    expect([0, 1, 2, 3].map((i) => dueAt(1000, i, 2))).toEqual([1000, 1500, 2000, 2500]);
  });
});

describe('blockOf', () => {
  it('counts a gap beyond the timer’s interval as a block, less the wait for a CPU', () => {
    expect(blockOf(85, 5, 0)).toBe(80); // 80 ms of the server's own work
    expect(blockOf(85, 5, 60)).toBe(20); // 60 of them waiting for another process to leave the CPU
    expect(blockOf(5.2, 5, 1)).toBe(0); // on time
  });
});
