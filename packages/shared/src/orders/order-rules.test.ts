import { describe, expect, it } from 'vitest';
import { daysUntilOrderDay, orderDayColour, orderDayStatus } from './order-day.ts';
import { buildTimeline } from './order-status.ts';

// 2026-03-02 is a Monday; local-time dates so getDay() is what the user's browser sees.
const day = (d: number) => new Date(2026, 2, d, 12, 0, 0);

describe('order day (spec §4)', () => {
  it('codes 0 and 8', () => {
    expect(orderDayStatus(0, day(2))).toEqual({ kind: 'none', code: 0, label: 'NA' });
    expect(orderDayStatus(8, day(2))).toEqual({ kind: 'other', code: 8, label: 'OT' });
    expect(orderDayStatus(null, day(2))).toMatchObject({ kind: 'none', label: 'NA' });
  });
  it('days from each weekday to a Wednesday order day (Sunday counts as 7)', () => {
    const expected = { 2: 2, 3: 1, 4: 0, 5: 6, 6: 5, 7: 4, 8: 3 }; // Mon 2 .. Sun 8 March 2026
    for (const [d, days] of Object.entries(expected)) {
      expect(orderDayStatus(3, day(Number(d)))).toMatchObject({ kind: 'day', label: 'Wednesday', days });
    }
  });
  it('Sunday order day from Sunday is today; from Monday it is 6 days', () => {
    expect(daysUntilOrderDay(7, 7)).toBe(0);
    expect(daysUntilOrderDay(7, 1)).toBe(6);
    expect(daysUntilOrderDay(1, 7)).toBe(1);
  });
  it('today text and colours', () => {
    expect(orderDayStatus(1, day(2))).toMatchObject({ days: 0, text: 'Today is your order day', colour: 'red' });
    expect(orderDayStatus(2, day(2))).toMatchObject({ days: 1, text: '1 day to your order day', colour: 'red' });
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(orderDayColour)).toEqual([
      'red',
      'red',
      'orange',
      'yellow',
      'yellow',
      'green',
      'green',
      'green',
    ]);
  });
});

describe('delivery timeline', () => {
  it('in progress: steps up to the current one are reached with their times', () => {
    const t = buildTimeline('picking', [
      { status: 'placed', at: '2026-03-02T10:00:00.000Z' },
      { status: 'picking', at: '2026-03-02T12:00:00.000Z' },
    ]);
    expect(t.map((s) => [s.status, s.reached, s.current, s.at])).toEqual([
      ['placed', true, false, '2026-03-02T10:00:00.000Z'],
      ['confirmed', true, false, null],
      ['picking', true, true, '2026-03-02T12:00:00.000Z'],
      ['out_for_delivery', false, false, null],
      ['delivered', false, false, null],
    ]);
  });
  it('cancelled ends the timeline', () => {
    const t = buildTimeline('cancelled', [
      { status: 'placed', at: '2026-03-02T10:00:00.000Z' },
      { status: 'confirmed', at: '2026-03-02T11:00:00.000Z' },
      { status: 'cancelled', at: '2026-03-02T13:00:00.000Z' },
    ]);
    expect(t.map((s) => s.status)).toEqual(['placed', 'confirmed', 'cancelled']);
    expect(t.at(-1)).toMatchObject({ label: 'Cancelled', current: true, at: '2026-03-02T13:00:00.000Z' });
  });
});
