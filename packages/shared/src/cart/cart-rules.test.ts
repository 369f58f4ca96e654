import { describe, expect, it } from 'vitest';
import {
  cartBadgeText,
  checkBeforeOrder,
  checkProductLimit,
  effectiveProductLimit,
  EMPTY_CART_MESSAGE,
  minimumOrderMessage,
  productLimitMessage,
} from './cart-rules.ts';

describe('before ordering (spec §5)', () => {
  it('empty cart message to the letter', () => {
    expect(checkBeforeOrder({ lineCount: 0, totalCents: 0, minOrderCents: 5000 })).toBe(
      'Your cart is empty. Please add items before proceeding.',
    );
    expect(EMPTY_CART_MESSAGE).toBe('Your cart is empty. Please add items before proceeding.');
  });
  it('minimum order message with dollar signs and 2 decimals', () => {
    expect(checkBeforeOrder({ lineCount: 1, totalCents: 1234, minOrderCents: 5000 })).toBe(
      'Minimum order amount is $50.00. Your current total is $12.34. Please add more items to meet the minimum requirement.',
    );
    expect(minimumOrderMessage(10050, 5)).toBe(
      'Minimum order amount is $100.50. Your current total is $0.05. Please add more items to meet the minimum requirement.',
    );
  });
  it('minimum enforced only when not null and not 0; reaching it exactly passes', () => {
    expect(checkBeforeOrder({ lineCount: 1, totalCents: 1, minOrderCents: null })).toBeNull();
    expect(checkBeforeOrder({ lineCount: 1, totalCents: 1, minOrderCents: 0 })).toBeNull();
    expect(checkBeforeOrder({ lineCount: 1, totalCents: 5000, minOrderCents: 5000 })).toBeNull();
    expect(checkBeforeOrder({ lineCount: 1, totalCents: 4999, minOrderCents: 5000 })).not.toBeNull();
  });
});

describe('product limit (spec §5)', () => {
  it('message to the letter', () => {
    expect(productLimitMessage('10234', 5)).toBe('Maximum quantity limit for 10234 is 5. You cannot add more than 5 items.');
  });
  it('applies only with hasProductLimit and a limit that is not null or 0', () => {
    expect(effectiveProductLimit({ hasProductLimit: true, productLimit: 5 })).toBe(5);
    expect(effectiveProductLimit({ hasProductLimit: false, productLimit: 5 })).toBeNull();
    expect(effectiveProductLimit({ hasProductLimit: true, productLimit: 0 })).toBeNull();
    expect(effectiveProductLimit({ hasProductLimit: true, productLimit: null })).toBeNull();
  });
  it("falls back to the customer's per-item limit", () => {
    expect(effectiveProductLimit({ hasProductLimit: false, productLimit: null, userItemLimitQty: 12 })).toBe(12);
    expect(effectiveProductLimit({ hasProductLimit: true, productLimit: 3, userItemLimitQty: 12 })).toBe(3);
    expect(effectiveProductLimit({ hasProductLimit: false, productLimit: null, userItemLimitQty: 0 })).toBeNull();
  });
  it('allows up to the limit, refuses above', () => {
    expect(checkProductLimit({ label: 'A1', limit: 5, quantity: 5 })).toBeNull();
    expect(checkProductLimit({ label: 'A1', limit: 5, quantity: 6 })).toBe(
      'Maximum quantity limit for A1 is 5. You cannot add more than 5 items.',
    );
    expect(checkProductLimit({ label: 'A1', limit: null, quantity: 600 })).toBeNull();
  });
});

describe('cart badge', () => {
  it('shows 99+ above 99', () => {
    expect(cartBadgeText(0)).toBe('0');
    expect(cartBadgeText(99)).toBe('99');
    expect(cartBadgeText(100)).toBe('99+');
  });
});
