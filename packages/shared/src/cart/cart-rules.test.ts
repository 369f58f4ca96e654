import { describe, expect, it } from 'vitest';
import {
  cartBadgeText,
  cartLineProblems,
  cartProblemsMessage,
  checkStock,
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

describe('stock at add / update (issue 13)', () => {
  const product = { description: 'Cola Classic 12oz Can', itemNumber: 'BEV-100' };
  it('nothing on hand: OUT_OF_STOCK, available 0', () => {
    expect(checkStock({ ...product, onHand: 0, backOrderAllowed: false, quantity: 1 })).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Cola Classic 12oz Can (BEV-100) is out of stock.',
      available: 0,
    });
    expect(checkStock({ ...product, onHand: -2, backOrderAllowed: false, quantity: 1 })?.available).toBe(0);
  });
  it('more than on hand: INSUFFICIENT_STOCK with what is left; exactly what is on hand passes', () => {
    expect(checkStock({ ...product, onHand: 3, backOrderAllowed: false, quantity: 4 })).toEqual({
      code: 'INSUFFICIENT_STOCK',
      message: 'Only 3 of Cola Classic 12oz Can (BEV-100) left in stock.',
      available: 3,
    });
    expect(checkStock({ ...product, onHand: 3, backOrderAllowed: false, quantity: 3 })).toBeNull();
  });
  it('back-orderable: never refused for stock', () => {
    expect(checkStock({ ...product, onHand: 0, backOrderAllowed: true, quantity: 50 })).toBeNull();
  });
});

describe('cart line problems (issue 13)', () => {
  const line = { quantity: 5, onHand: 10, backOrderAllowed: false, limit: null, allowToOrder: true };
  it('a fine line has none', () => {
    expect(cartLineProblems(line)).toEqual([]);
    expect(cartLineProblems({ ...line, quantity: 10, limit: 10 })).toEqual([]);
  });
  it('not orderable: remove, whatever else', () => {
    expect(cartLineProblems({ ...line, allowToOrder: false, onHand: 0 })).toEqual([
      { code: 'NOT_ORDERABLE', message: 'No longer available to order.', fix: 'remove', fixQuantity: null },
    ]);
  });
  it('nothing on hand: remove', () => {
    expect(cartLineProblems({ ...line, onHand: 0 })).toEqual([
      { code: 'OUT_OF_STOCK', message: 'Out of stock.', fix: 'remove', fixQuantity: null },
    ]);
  });
  it('less on hand than asked: reduce to what is on hand', () => {
    expect(cartLineProblems({ ...line, onHand: 3 })).toEqual([
      { code: 'INSUFFICIENT_STOCK', message: 'Only 3 left in stock.', fix: 'reduce', fixQuantity: 3 },
    ]);
  });
  it('over the limit: reduce to the limit; 0 or null is no limit', () => {
    expect(cartLineProblems({ ...line, limit: 4 })).toEqual([
      { code: 'PRODUCT_LIMIT', message: 'Maximum 4 per order.', fix: 'reduce', fixQuantity: 4 },
    ]);
    expect(cartLineProblems({ ...line, limit: 0 })).toEqual([]);
  });
  it('short of stock and over the limit: the tighter one, so that one fix makes the line orderable', () => {
    expect(cartLineProblems({ ...line, quantity: 8, onHand: 3, limit: 4 })[0]).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      fixQuantity: 3,
    });
    expect(cartLineProblems({ ...line, quantity: 8, onHand: 6, limit: 4 })[0]).toMatchObject({
      code: 'PRODUCT_LIMIT',
      fixQuantity: 4,
    });
    expect(cartLineProblems({ ...line, quantity: 8, onHand: 3, limit: 4 })).toHaveLength(1);
  });
  it('back-orderable lines are never short of stock; the limit still holds', () => {
    expect(cartLineProblems({ ...line, onHand: 0, backOrderAllowed: true })).toEqual([]);
    expect(cartLineProblems({ ...line, onHand: -4, backOrderAllowed: true, limit: 2 })[0]).toMatchObject({
      code: 'PRODUCT_LIMIT',
    });
  });
  it('the Place order message counts lines, singular for one', () => {
    expect(cartProblemsMessage(1)).toBe('1 item in your cart needs attention. Please fix the marked line.');
    expect(cartProblemsMessage(3)).toBe('3 items in your cart need attention. Please fix the marked lines.');
  });
});
