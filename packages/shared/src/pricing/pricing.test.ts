import { describe, expect, it } from 'vitest';
import { applyBasisPoints, bestTier, levelPriceCents, priceLine, sumLines, unitPriceWithTaxCents } from './pricing.ts';
import { discountedUnitPriceCents } from './promotions.ts';
import { deliveryChargeCents, deliveryChargeSettingSchema, storeDeliveryChargeCents } from './delivery-charge.ts';

describe('applyBasisPoints', () => {
  it('rounds half up to the cent', () => {
    expect(applyBasisPoints(1000, 825)).toBe(83); // 82.5 → 83
    expect(applyBasisPoints(999, 825)).toBe(82); // 82.4175 → 82
    expect(applyBasisPoints(200, 2500)).toBe(50);
    expect(applyBasisPoints(0, 825)).toBe(0);
    expect(applyBasisPoints(1000, 0)).toBe(0);
  });
});

describe('levelPriceCents', () => {
  const prices = [1000, 950, 900, 850, 800] as const;
  it('picks the price of the customer level, anything outside 1..5 reads as 1', () => {
    expect([1, 2, 3, 4, 5].map((level) => levelPriceCents(prices, level))).toEqual([1000, 950, 900, 850, 800]);
    expect(levelPriceCents(prices, 0)).toBe(1000);
    expect(levelPriceCents(prices, 6)).toBe(1000);
    expect(levelPriceCents(prices, 2.5)).toBe(1000);
    expect(levelPriceCents(prices, Number.NaN)).toBe(1000);
  });
  it('falls back to Price 1 for a level left unset, never $0.00', () => {
    const onlyPrice1 = [2108, 0, 0, 0, 0] as const;
    expect([1, 2, 3, 4, 5].map((level) => levelPriceCents(onlyPrice1, level))).toEqual([2108, 2108, 2108, 2108, 2108]);
    expect(levelPriceCents([1000, 950, null, undefined, 0], 3)).toBe(1000);
    expect(levelPriceCents([1000, 950, null, undefined, 0], 4)).toBe(1000);
    expect(levelPriceCents([1000, 950, null, undefined, 0], 2)).toBe(950);
    // PostgreSQL answers bigint as text.
    expect(levelPriceCents(['1000', '0', '900', '0', '0'], 3)).toBe(900);
    expect(levelPriceCents(['1000', '0', '900', '0', '0'], 2)).toBe(1000);
  });
  it('is 0 only when Price 1 itself is unset', () => {
    expect(levelPriceCents([0, 0, 0, 0, 0], 3)).toBe(0);
  });
});

describe('unit price', () => {
  const tiers = [
    { minQty: 10, discountCents: 20 },
    { minQty: 5, discountCents: 10 },
    { minQty: 20, discountCents: 15 }, // a higher threshold with a smaller discount: the best reached wins
  ];
  it('picks the largest discount among reached tiers', () => {
    expect(bestTier(tiers, 4)).toBeNull();
    expect(bestTier(tiers, 5)?.discountCents).toBe(10);
    expect(bestTier(tiers, 10)?.discountCents).toBe(20);
    expect(bestTier(tiers, 25)?.discountCents).toBe(20);
  });
  it('takes the promotion off, then the tier, never below zero', () => {
    const unit = (levelPriceCents: number, promotionDiscountCents: number, quantity: number) =>
      discountedUnitPriceCents({ levelPriceCents, promotionDiscountCents, tiers, quantity });
    expect(unit(1000, 0, 1)).toBe(1000);
    expect(unit(1000, 100, 1)).toBe(900);
    expect(unit(1000, 100, 10)).toBe(880);
    expect(unit(15, 0, 10)).toBe(0);
  });
  it('unit price with tax', () => {
    expect(unitPriceWithTaxCents(1000, 825)).toBe(1083);
    expect(unitPriceWithTaxCents(1000, 0)).toBe(1000);
  });
});

describe('line pricing', () => {
  it('rounds tax once per line, not per unit', () => {
    // 3 × $3.33 = $9.99 at 8.25 % = 82.42 cents → 82; rounding each unit (27.47 → 27) would give 81
    const line = priceLine({ unitPriceCents: 333, quantity: 3, taxRateBp: 825, crvCents: 10 });
    expect(line).toEqual({
      unitPriceCents: 333,
      quantity: 3,
      subtotalCents: 999,
      taxCents: 82,
      crvCents: 30,
      subtotalWithTaxCents: 1081,
      totalCents: 1111,
    });
    expect(3 * applyBasisPoints(333, 825)).toBe(81); // what per-unit rounding would have given
  });
  it('CRV is not taxed and sums add up', () => {
    const a = priceLine({ unitPriceCents: 250, quantity: 4, taxRateBp: 1000, crvCents: 5 });
    const b = priceLine({ unitPriceCents: 1999, quantity: 1, taxRateBp: 0, crvCents: 0 });
    expect(a.taxCents).toBe(100);
    expect(sumLines([a, b])).toEqual({
      quantity: 5,
      subtotalCents: 2999,
      taxCents: 100,
      crvCents: 20,
      subtotalWithTaxCents: 3099,
      totalCents: 3119,
    });
  });
});

describe('delivery charge', () => {
  const tiers = deliveryChargeSettingSchema.parse({
    mode: 'by_order_value',
    tiers: [
      { minSubtotalCents: 0, chargeCents: 1500 },
      { minSubtotalCents: 25000, chargeCents: 750 },
    ],
    freeOverCents: 50000,
  });
  it('no setting or an empty cart: no charge', () => {
    expect(deliveryChargeCents(null, 10000)).toBe(0);
    expect(deliveryChargeCents({ mode: 'flat', flatCents: 1500 }, 0)).toBe(0);
  });
  it('flat, with and without a free threshold', () => {
    expect(deliveryChargeCents({ mode: 'flat', flatCents: 1500 }, 100)).toBe(1500);
    expect(deliveryChargeCents({ mode: 'flat', flatCents: 1500, freeOverCents: 20000 }, 19999)).toBe(1500);
    expect(deliveryChargeCents({ mode: 'flat', flatCents: 1500, freeOverCents: 20000 }, 20000)).toBe(0);
  });
  it('by order value: the highest reached tier, free from the threshold', () => {
    expect(deliveryChargeCents(tiers, 100)).toBe(1500);
    expect(deliveryChargeCents(tiers, 24999)).toBe(1500);
    expect(deliveryChargeCents(tiers, 25000)).toBe(750);
    expect(deliveryChargeCents(tiers, 49999)).toBe(750);
    expect(deliveryChargeCents(tiers, 50000)).toBe(0);
    expect(deliveryChargeCents({ mode: 'by_order_value', tiers: [{ minSubtotalCents: 10000, chargeCents: 500 }] }, 9999)).toBe(0);
  });
  it('rejects a malformed setting', () => {
    expect(deliveryChargeSettingSchema.safeParse({ mode: 'weekly' }).success).toBe(false);
    expect(deliveryChargeSettingSchema.safeParse({ mode: 'flat', flatCents: -1 }).success).toBe(false);
  });
});

describe("a store's own delivery rule", () => {
  const setting = deliveryChargeSettingSchema.parse({ mode: 'flat', flatCents: 500, freeOverCents: 20000 });
  it('standard follows the distributor setting, threshold included', () => {
    expect(storeDeliveryChargeCents({ rule: 'standard', flatCents: null }, setting, 5700)).toBe(500);
    expect(storeDeliveryChargeCents({ rule: 'standard', flatCents: null }, setting, 20000)).toBe(0);
    expect(storeDeliveryChargeCents({ rule: 'standard', flatCents: null }, null, 5700)).toBe(0);
  });
  it('waived is never charged', () => {
    expect(storeDeliveryChargeCents({ rule: 'waived', flatCents: null }, setting, 5700)).toBe(0);
  });
  it("flat charges the store's amount on any order with goods, past the distributor's threshold too", () => {
    expect(storeDeliveryChargeCents({ rule: 'flat', flatCents: 1234 }, setting, 5700)).toBe(1234);
    expect(storeDeliveryChargeCents({ rule: 'flat', flatCents: 1234 }, setting, 50000)).toBe(1234);
    expect(storeDeliveryChargeCents({ rule: 'flat', flatCents: 1234 }, null, 1)).toBe(1234);
    expect(storeDeliveryChargeCents({ rule: 'flat', flatCents: 1234 }, setting, 0)).toBe(0);
  });
});
