import { describe, expect, it } from 'vitest';
import { orderNotFoundHint } from './order-not-found';

describe('order not found message', () => {
  it('a retailer reads about its own account', () => {
    expect(orderNotFoundHint('100042', 'retailer', null)).toBe('There is no order 100042 on your account.');
  });

  it('a sales rep reads about the retailer being served, and how to open another retailer’s order', () => {
    expect(orderNotFoundHint('100042', 'sales', { C_CoName: 'Corner Mart #1', C_Number: '10001' })).toBe(
      'There is no order 100042 for Corner Mart #1 (#10001). If another retailer placed it, select that retailer first.',
    );
    expect(orderNotFoundHint('100042', 'sales', { C_CoName: '', C_Number: '10001' })).toBe(
      'There is no order 100042 for customer 10001. If another retailer placed it, select that retailer first.',
    );
    expect(orderNotFoundHint('100042', 'sales', null)).toBe('There is no order 100042 for the selected retailer.');
  });
});
