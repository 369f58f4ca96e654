import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatMoney(1371150)).toBe('$13,711.50');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(100000)).toBe('$1,000.00');
    expect(formatMoney(99999)).toBe('$999.99');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('puts the sign before the dollar sign', () => {
    expect(formatMoney(-500)).toBe('-$5.00');
    expect(formatMoney(-1371150)).toBe('-$13,711.50');
  });
});
