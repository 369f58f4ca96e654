import { describe, expect, it } from 'vitest';
import { backOrderAllowed, parseAllowBackordersSetting, stockLabelWithStock } from './stock-label.ts';

describe('stock label with stock (issue 13)', () => {
  it('nothing on hand is Out of Stock whatever the display label', () => {
    for (const displayLabel of ['In Stock', 'Low Stock'] as const) {
      expect(stockLabelWithStock({ onHand: 0, backOrderAllowed: false, displayLabel })).toBe('Out of Stock');
      expect(stockLabelWithStock({ onHand: -3, backOrderAllowed: false, displayLabel })).toBe('Out of Stock');
    }
  });
  it('nothing on hand but back-orders allowed is Back-order', () => {
    expect(stockLabelWithStock({ onHand: 0, backOrderAllowed: true, displayLabel: 'In Stock' })).toBe('Back-order');
    expect(stockLabelWithStock({ onHand: -1, backOrderAllowed: true, displayLabel: 'Low Stock' })).toBe('Back-order');
  });
  it('with stock, the display rule of spec §4 applies (back-orders or not)', () => {
    expect(stockLabelWithStock({ onHand: 1, backOrderAllowed: false, displayLabel: 'In Stock' })).toBe('In Stock');
    expect(stockLabelWithStock({ onHand: 1, backOrderAllowed: true, displayLabel: 'Low Stock' })).toBe('Low Stock');
  });
  it('back-orders: the product flag or the distributor setting', () => {
    expect(backOrderAllowed({ productAllowsBackorder: false, distributorAllowsBackorders: false })).toBe(false);
    expect(backOrderAllowed({ productAllowsBackorder: true, distributorAllowsBackorders: false })).toBe(true);
    expect(backOrderAllowed({ productAllowsBackorder: false, distributorAllowsBackorders: true })).toBe(true);
  });
  it('the allow_backorders setting allows only when it is JSON true', () => {
    expect(parseAllowBackordersSetting('true')).toBe(true);
    for (const raw of ['false', null, undefined, '', '"true"', '1', 'not json', '{"on":true}'])
      expect(parseAllowBackordersSetting(raw)).toBe(false);
  });
});
