// The promotion rules: who and what a promotion applies to, its dates to the millisecond, the stacking
// rule with quantity tiers, and the discounted unit price.
import { describe, expect, it } from 'vitest';
import {
  applicablePromotions,
  bestPromotion,
  discountCents,
  discountedUnitPriceCents,
  inAudience,
  isDiscounted,
  isRunning,
  promotedBy,
  promotionStatus,
  targetsProduct,
  type PromotionBuyer,
  type PromotionProduct,
  type PromotionRule,
} from './promotions.ts';

const noTargets = { productIds: [], categoryIds: [], brands: [], vendorIds: [] };
const rule = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  id: 'r1',
  title: 'Promo',
  discount: { type: 'percent', basisPoints: 1000 },
  promoted: false,
  targets: { ...noTargets, productIds: ['cola'] },
  audience: { type: 'all', values: [] },
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: '2026-04-01T00:00:00.000Z',
  isActive: true,
  ...over,
});
const cola: PromotionProduct = { id: 'cola', categoryId: 'bev', subcategoryId: 'soda', brand: 'FizzCo', vendorId: 'v1' };
const buyer101: PromotionBuyer = { customerId: 'c1', priceLevel: 2, route: '101' };
const buyer202: PromotionBuyer = { customerId: 'c2', priceLevel: 1, route: '202' };
const MID = '2026-03-15T12:00:00.000Z';

describe('isRunning and promotionStatus', () => {
  it('starts exactly at its start and ends exactly at its end', () => {
    const r = rule();
    expect(isRunning(r, '2026-02-28T23:59:59.999Z')).toBe(false);
    expect(isRunning(r, '2026-03-01T00:00:00.000Z')).toBe(true);
    expect(isRunning(r, '2026-03-31T23:59:59.999Z')).toBe(true);
    expect(isRunning(r, '2026-04-01T00:00:00.000Z')).toBe(false);
    expect(isRunning(rule({ endsAt: null }), '2099-01-01T00:00:00.000Z')).toBe(true);
    expect(isRunning(rule({ isActive: false }), MID)).toBe(false);
  });
  it('names the status the office filters by', () => {
    expect(promotionStatus(rule(), '2026-02-01T00:00:00.000Z')).toBe('scheduled');
    expect(promotionStatus(rule(), MID)).toBe('active');
    expect(promotionStatus(rule(), '2026-04-01T00:00:00.000Z')).toBe('ended');
    expect(promotionStatus(rule({ isActive: false }), MID)).toBe('inactive');
  });
});

describe('audience and targets', () => {
  it('matches all, chosen customers, price levels and routes', () => {
    expect(inAudience({ type: 'all', values: [] }, null)).toBe(true);
    expect(inAudience({ type: 'customers', values: ['c1'] }, buyer101)).toBe(true);
    expect(inAudience({ type: 'customers', values: ['c1'] }, buyer202)).toBe(false);
    expect(inAudience({ type: 'priceLevels', values: ['2', '3'] }, buyer101)).toBe(true);
    expect(inAudience({ type: 'priceLevels', values: ['2', '3'] }, buyer202)).toBe(false);
    expect(inAudience({ type: 'routes', values: ['101'] }, buyer101)).toBe(true);
    expect(inAudience({ type: 'routes', values: ['101'] }, buyer202)).toBe(false);
    expect(inAudience({ type: 'routes', values: ['101'] }, { ...buyer101, route: null })).toBe(false);
    expect(inAudience({ type: 'routes', values: ['101'] }, null)).toBe(false);
  });
  it('matches a product by id, category or subcategory, brand (letter case aside) or vendor', () => {
    expect(targetsProduct({ ...noTargets, productIds: ['cola'] }, cola)).toBe(true);
    expect(targetsProduct({ ...noTargets, categoryIds: ['bev'] }, cola)).toBe(true);
    expect(targetsProduct({ ...noTargets, categoryIds: ['soda'] }, cola)).toBe(true);
    expect(targetsProduct({ ...noTargets, brands: [' fizzco '] }, cola)).toBe(true);
    expect(targetsProduct({ ...noTargets, vendorIds: ['v1'] }, cola)).toBe(true);
    expect(targetsProduct({ ...noTargets, productIds: ['lime'], categoryIds: ['snacks'], brands: ['Volt'] }, cola)).toBe(false);
    expect(targetsProduct({ ...noTargets, brands: [''] }, { ...cola, brand: '' })).toBe(false);
  });
  it('applies a promotion only to its audience, its products and between its dates', () => {
    const r = rule({ audience: { type: 'routes', values: ['101'] } });
    expect(applicablePromotions([r], cola, buyer101, MID)).toEqual([r]);
    expect(applicablePromotions([r], cola, buyer202, MID)).toEqual([]);
    expect(
      applicablePromotions([r], { ...cola, id: 'lime', brand: null, categoryId: null, subcategoryId: null }, buyer101, MID),
    ).toEqual([]);
    expect(applicablePromotions([r], cola, buyer101, '2026-04-01T00:00:00.000Z')).toEqual([]);
  });
});

describe('discounts and the stacking rule', () => {
  it('takes a percent rounded half up, an amount at most the price', () => {
    expect(discountCents({ type: 'percent', basisPoints: 1000 }, 333)).toBe(33);
    expect(discountCents({ type: 'percent', basisPoints: 1250 }, 1000)).toBe(125);
    expect(discountCents({ type: 'percent', basisPoints: 10_000 }, 1000)).toBe(1000);
    expect(discountCents({ type: 'amount', cents: 150 }, 1000)).toBe(150);
    expect(discountCents({ type: 'amount', cents: 1500 }, 1000)).toBe(1000);
    expect(discountCents(null, 1000)).toBe(0);
  });
  it('never adds two promotions: the one taking the most cents wins', () => {
    const tenPercent = rule({ id: 'pct' });
    const oneFifty = rule({ id: 'amt', discount: { type: 'amount', cents: 150 } });
    // $10.00: 10 % is $1.00, the $1.50 amount wins; $20.00: 10 % is $2.00 and wins.
    expect(bestPromotion([tenPercent, oneFifty], cola, buyer101, MID, 1000)).toEqual({ rule: oneFifty, discountCents: 150 });
    expect(bestPromotion([tenPercent, oneFifty], cola, buyer101, MID, 2000)).toEqual({ rule: tenPercent, discountCents: 200 });
  });
  it('breaks a tie by the later start, then the lower id', () => {
    const early = rule({ id: 'b', startsAt: '2026-02-01T00:00:00.000Z' });
    const late = rule({ id: 'c' });
    const lateToo = rule({ id: 'a' });
    expect(bestPromotion([early, late], cola, buyer101, MID, 1000)?.rule.id).toBe('c');
    expect(bestPromotion([late, lateToo, early], cola, buyer101, MID, 1000)?.rule.id).toBe('a');
  });
  it('ignores promotions that take nothing off (promoted only)', () => {
    const shelfOnly = rule({ discount: null, promoted: true });
    expect(bestPromotion([shelfOnly], cola, buyer101, MID, 1000)).toBeNull();
    expect(isDiscounted([shelfOnly], cola, buyer101, MID, 1000)).toBe(false);
    expect(promotedBy([shelfOnly], cola, buyer101, MID)).toBe(shelfOnly);
    expect(promotedBy([shelfOnly], cola, buyer101, '2026-04-01T00:00:00.000Z')).toBeNull();
  });
  it('is discounted for the audience only, exactly while the promotion runs', () => {
    const r = rule({ audience: { type: 'routes', values: ['101'] } });
    expect(isDiscounted([r], cola, buyer101, '2026-03-01T00:00:00.000Z', 1000)).toBe(true);
    expect(isDiscounted([r], cola, buyer101, '2026-02-28T23:59:59.999Z', 1000)).toBe(false);
    expect(isDiscounted([r], cola, buyer202, MID, 1000)).toBe(false);
  });
  it('takes the quantity tier off the promoted price', () => {
    const tiers = [
      { minQty: 5, discountCents: 50 },
      { minQty: 10, discountCents: 100 },
    ];
    // $10.00 − 10 % = $9.00; 5+: − $0.50 = $8.50; 10+: − $1.00 = $8.00.
    expect(discountedUnitPriceCents({ levelPriceCents: 1000, promotionDiscountCents: 100, tiers, quantity: 1 })).toBe(900);
    expect(discountedUnitPriceCents({ levelPriceCents: 1000, promotionDiscountCents: 100, tiers, quantity: 5 })).toBe(850);
    expect(discountedUnitPriceCents({ levelPriceCents: 1000, promotionDiscountCents: 100, tiers, quantity: 10 })).toBe(800);
    expect(discountedUnitPriceCents({ levelPriceCents: 1000, promotionDiscountCents: 0, tiers, quantity: 0 })).toBe(1000);
    expect(discountedUnitPriceCents({ levelPriceCents: 120, promotionDiscountCents: 100, tiers, quantity: 10 })).toBe(0);
  });
});
