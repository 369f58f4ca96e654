import { describe, expect, it } from 'vitest';
import { OPEN_ORDER_STATUSES, retailerBody, retailerListQuery } from './retailers.schemas.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const ok = { cNumber: ' 10001 ', companyName: ' Corner Mart ', contactName: 'Sam' };

describe('store terms form rules', () => {
  it('trims, and defaults order day, price class, delivery charge rule, credit policy, terms and tax-exempt', () => {
    expect(retailerBody.parse(ok)).toEqual({
      cNumber: '10001',
      companyName: 'Corner Mart',
      contactName: 'Sam',
      orderDay: 0,
      priceClass: 1,
      deliveryChargeRule: 'standard',
      creditPolicy: 'none',
      paymentTermsDays: 30,
      taxExempt: false,
    });
  });

  it('needs the amount with the flat rule, and only with it', () => {
    expect(retailerBody.safeParse({ ...ok, deliveryChargeRule: 'flat', deliveryChargeCents: 0 }).success).toBe(true);
    expect(firstMessage(retailerBody.safeParse({ ...ok, deliveryChargeRule: 'flat' }))).toBe(
      'A flat delivery charge needs its amount',
    );
    expect(firstMessage(retailerBody.safeParse({ ...ok, deliveryChargeRule: 'waived', deliveryChargeCents: 1 }))).toBe(
      'Delivery charge amount is only kept with the flat rule',
    );
  });

  it('names the failing rule', () => {
    expect(firstMessage(retailerBody.safeParse({ ...ok, cNumber: '10 001' }))).toBe(
      'C_Number must be 1 to 20 letters, digits or dashes',
    );
    expect(firstMessage(retailerBody.safeParse({ ...ok, priceClass: 0 }))).toBe('Price class must be a whole number from 1 to 5');
    expect(firstMessage(retailerBody.safeParse({ ...ok, minOrderCents: 1.5 }))).toBe(
      'Minimum order amount must be 0 or more, in whole cents, at most 100000000',
    );
  });
});

describe('store list query', () => {
  it('defaults to page 1, 25 a page, every status; reads open orders as a boolean', () => {
    expect(retailerListQuery.parse({})).toEqual({ page: 1, limit: 25, status: 'all' });
    expect(retailerListQuery.parse({ hasOpenOrders: 'false', priceClass: '3', balanceMinCents: '-500' })).toMatchObject({
      hasOpenOrders: false,
      priceClass: 3,
      balanceMinCents: -500,
    });
  });

  it('counts on hold, placed, confirmed, picking and out for delivery as open', () => {
    expect(OPEN_ORDER_STATUSES).toEqual(['on_hold', 'placed', 'confirmed', 'picking', 'out_for_delivery']);
  });
});
