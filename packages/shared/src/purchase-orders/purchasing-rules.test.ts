import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PURCHASING_SETTINGS as S,
  daysOfCover,
  isHighDemand,
  outstanding,
  statusAfterReceipt,
  suggestedQuantity,
  velocityPerDay,
} from './purchasing-rules.ts';

describe('purchasing maths', () => {
  it('measures velocity as units sold per day of the window', () => {
    expect(velocityPerDay(56, 28)).toBe(2);
    expect(velocityPerDay(0, 28)).toBe(0);
    expect(velocityPerDay(10, 0)).toBe(0);
  });

  it('counts stock plus incoming as cover, a backorder as none, to one decimal rounded down', () => {
    expect(daysOfCover({ stockOnHand: 10, incoming: 0, unitsSold: 56 }, 28)).toBe(5);
    expect(daysOfCover({ stockOnHand: 10, incoming: 6, unitsSold: 56 }, 28)).toBe(8);
    expect(daysOfCover({ stockOnHand: -4, incoming: 0, unitsSold: 56 }, 28)).toBe(0);
    expect(daysOfCover({ stockOnHand: 10, incoming: 0, unitsSold: 3 }, 28)).toBe(93.3);
    expect(daysOfCover({ stockOnHand: 10, incoming: 0, unitsSold: 0 }, 28)).toBeNull();
  });

  it('calls a product high demand below the threshold only, and only when it sold', () => {
    // 28 sold in 28 days = 1 a day: 13 units are 13 days (below 14), 14 units are exactly 14 (not below).
    expect(isHighDemand({ stockOnHand: 13, incoming: 0, unitsSold: 28 }, S)).toBe(true);
    expect(isHighDemand({ stockOnHand: 14, incoming: 0, unitsSold: 28 }, S)).toBe(false);
    expect(isHighDemand({ stockOnHand: 0, incoming: 0, unitsSold: 0 }, S)).toBe(false);
    expect(isHighDemand({ stockOnHand: 5, incoming: 10, unitsSold: 28 }, S)).toBe(false);
  });

  it('suggests the units that bring cover to the target, rounded up', () => {
    // 2 a day, target 28 days = 56 units; 10 on hand → 46.
    expect(suggestedQuantity({ stockOnHand: 10, incoming: 0, unitsSold: 56 }, S)).toBe(46);
    // incoming counts: 10 + 10 = 20 → 36
    expect(suggestedQuantity({ stockOnHand: 10, incoming: 10, unitsSold: 56 }, S)).toBe(36);
    // 5 sold in 28 days: target need 5; backorder of −3 counts as 0 → 5
    expect(suggestedQuantity({ stockOnHand: -3, incoming: 0, unitsSold: 5 }, S)).toBe(5);
    // 10 sold, 0 on hand, target 21 days of 28: 7.5 → 8
    expect(suggestedQuantity({ stockOnHand: 0, incoming: 0, unitsSold: 10 }, { ...S, targetCoverDays: 21 })).toBe(8);
    expect(suggestedQuantity({ stockOnHand: 100, incoming: 0, unitsSold: 56 }, S)).toBe(0);
  });

  it('tracks what is still to receive and the status after a receipt', () => {
    expect(outstanding({ quantityOrdered: 10, quantityReceived: 4 })).toBe(6);
    expect(outstanding({ quantityOrdered: 10, quantityReceived: 10 })).toBe(0);
    expect(
      statusAfterReceipt([
        { quantityOrdered: 10, quantityReceived: 10 },
        { quantityOrdered: 5, quantityReceived: 5 },
      ]),
    ).toBe('received');
    expect(
      statusAfterReceipt([
        { quantityOrdered: 10, quantityReceived: 10 },
        { quantityOrdered: 5, quantityReceived: 0 },
      ]),
    ).toBe('partially_received');
  });
});
