import { describe, expect, it } from 'vitest';
import {
  cutoffLabel,
  DEFAULT_CUTOFF,
  holidayMap,
  localDate,
  nextSchedule,
  weekdayOf,
  zonedInstant,
  type Holiday,
  type ScheduleInput,
} from './delivery-schedule.ts';

// 2030-03-04 is a Monday; order day 4 = Thursday 2030-03-07, delivered Friday 2030-03-08.
const LA = 'America/Los_Angeles';
const base = (over: Partial<ScheduleInput> = {}): ScheduleInput => ({
  now: new Date('2030-03-04T18:00:00Z'),
  timeZone: 'UTC',
  orderDay: 4,
  routeNumber: '101',
  cutoff: DEFAULT_CUTOFF,
  holidays: [],
  ...over,
});
const holiday = (date: string, shift: Holiday['shift'], extra: Partial<Holiday> = {}): Holiday => ({
  date,
  shift,
  routeNumber: null,
  title: `Holiday ${date}`,
  ...extra,
});

describe('delivery schedule: next order and delivery day', () => {
  it('takes the next order day and delivers the day after', () => {
    const s = nextSchedule(base())!;
    expect(s.next).toMatchObject({ orderDate: '2030-03-07', deliveryDate: '2030-03-08', cutoffAt: '2030-03-07T14:00:00.000Z' });
    expect(s).toMatchObject({ daysToOrderDay: 3, colour: 'yellow', text: '3 days to your order day', countdown: null });
  });

  it('has no schedule for order day 0 (NA), 8 (OT) or nonsense', () => {
    for (const d of [0, 8, null, undefined, 9, 2.5]) expect(nextSchedule(base({ orderDay: d }))).toBeNull();
  });

  it('shows the countdown on the order day before the cut-off', () => {
    const s = nextSchedule(base({ now: new Date('2030-03-07T13:59:00Z') }))!;
    expect(s.daysToOrderDay).toBe(0);
    expect(s.text).toBe('Today is your order day');
    expect(s.countdown).toBe("Order by 2:00 PM for Friday's delivery");
    expect(s.colour).toBe('red');
    expect(s.missedToday).toBeNull();
  });

  it('after the cut-off the next week is the order day and today is missed', () => {
    const s = nextSchedule(base({ now: new Date('2030-03-07T14:00:00Z') }))!;
    expect(s.next.orderDate).toBe('2030-03-14');
    expect(s.daysToOrderDay).toBe(7);
    expect(s.colour).toBe('green');
    expect(s.missedToday?.orderDate).toBe('2030-03-07');
    expect(s.missedToday?.deliveryDate).toBe('2030-03-08');
  });

  it('reads the cut-off in the distributor time zone (PST is UTC-8)', () => {
    const cutoff = { cutoffTime: '14:00', deliveryOffsetDays: 1 };
    // 21:59Z is 13:59 in Los Angeles: still before; 22:00Z is the cut-off.
    expect(nextSchedule(base({ timeZone: LA, cutoff, now: new Date('2030-03-07T21:59:00Z') }))!.next.orderDate).toBe(
      '2030-03-07',
    );
    const after = nextSchedule(base({ timeZone: LA, cutoff, now: new Date('2030-03-07T22:00:00Z') }))!;
    expect(after.next.orderDate).toBe('2030-03-14');
    // And "today" is the local date: 2030-03-08T03:00Z is still Thursday evening there.
    expect(localDate(new Date('2030-03-08T03:00:00Z'), LA)).toBe('2030-03-07');
  });

  it('finds the cut-off instant across DST (Los Angeles moves to PDT on 2030-03-10)', () => {
    expect(zonedInstant('2030-03-07', '14:00', LA).toISOString()).toBe('2030-03-07T22:00:00.000Z');
    expect(zonedInstant('2030-03-14', '14:00', LA).toISOString()).toBe('2030-03-14T21:00:00.000Z');
  });

  it('moves an order day on a holiday to the day before', () => {
    const s = nextSchedule(base({ holidays: [holiday('2030-03-07', 'before', { title: 'Closed' })] }))!;
    expect(s.next).toMatchObject({
      orderDate: '2030-03-06',
      deliveryDate: '2030-03-08',
      regularOrderDate: '2030-03-07',
      movedBy: ['Closed'],
    });
    expect(s.daysToOrderDay).toBe(2);
    expect(s.colour).toBe('orange');
  });

  it('moves a delivery on a holiday to the day after, keeping the order day', () => {
    const s = nextSchedule(base({ holidays: [holiday('2030-03-08', 'after')] }))!;
    expect(s.next).toMatchObject({ orderDate: '2030-03-07', deliveryDate: '2030-03-09' });
  });

  it('moves again while the next day is a holiday too (a range)', () => {
    const s = nextSchedule(base({ holidays: [holiday('2030-03-06', 'before', { endDate: '2030-03-07' })] }))!;
    expect(s.next.orderDate).toBe('2030-03-05');
  });

  it('takes the order day back with a delivery moved before it', () => {
    const s = nextSchedule(
      base({ cutoff: { cutoffTime: '14:00', deliveryOffsetDays: 0 }, holidays: [holiday('2030-03-07', 'before')] }),
    )!;
    expect(s.next).toMatchObject({ orderDate: '2030-03-06', deliveryDate: '2030-03-06' });
  });

  it('ignores a holiday of another route and applies one of its own', () => {
    expect(nextSchedule(base({ holidays: [holiday('2030-03-07', 'before', { routeNumber: '202' })] }))!.next.orderDate).toBe(
      '2030-03-07',
    );
    expect(nextSchedule(base({ holidays: [holiday('2030-03-07', 'after', { routeNumber: '101' })] }))!.next.orderDate).toBe(
      '2030-03-08',
    );
  });

  it('a holiday moving the order day to a passed day skips to the next week', () => {
    // Thursday morning; the holiday moves today's order day back to Wednesday, already past.
    const s = nextSchedule(base({ now: new Date('2030-03-07T08:00:00Z'), holidays: [holiday('2030-03-07', 'before')] }))!;
    expect(s.next.orderDate).toBe('2030-03-14');
  });

  it('a holiday after a past order day can bring it onto today', () => {
    // Friday: last Thursday was a holiday moved after, onto Friday itself.
    const s = nextSchedule(base({ now: new Date('2030-03-08T09:00:00Z'), holidays: [holiday('2030-03-07', 'after')] }))!;
    expect(s.next.orderDate).toBe('2030-03-08');
    expect(s.countdown).toBe("Order by 2:00 PM for Friday's delivery");
  });

  it('formats times and weekdays', () => {
    expect(cutoffLabel('14:00')).toBe('2:00 PM');
    expect(cutoffLabel('00:30')).toBe('12:30 AM');
    expect(cutoffLabel('12:05')).toBe('12:05 PM');
    expect(weekdayOf('2030-03-10')).toBe(7);
    expect([...holidayMap([holiday('2030-03-01', 'after', { endDate: '2030-03-03' })], '1').keys()]).toEqual([
      '2030-03-01',
      '2030-03-02',
      '2030-03-03',
    ]);
  });
});
