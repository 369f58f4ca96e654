// The notification rules as plain functions: unread derived from the rows, counts never below 0, the
// schedule rule, the order status texts, and when an order reminder is due in the distributor's time zone.
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@portal/shared/notifications/notifications.schemas';
import { localClock, reminderDue, reminderText } from './notifications-jobs.ts';
import { orderStatusText, readCounts, scheduleOf, toItem, unreadCountOf } from './notifications.service.ts';

describe('notification rules', () => {
  it('derives the unread count from the rows', () => {
    expect(unreadCountOf([])).toBe(0);
    expect(unreadCountOf([{ isRead: false }, { isRead: true }, { isRead: false }])).toBe(2);
  });

  it('keeps the office counts within 0 and the recipients', () => {
    expect(readCounts(5, 2)).toEqual({ recipients: 5, readCount: 2 });
    expect(readCounts(-1, -4)).toEqual({ recipients: 0, readCount: 0 });
    expect(readCounts(2, 9)).toEqual({ recipients: 2, readCount: 2 });
    expect(readCounts(Number.NaN, 1)).toEqual({ recipients: 0, readCount: 0 });
  });

  it('sends now without a time and schedules only in the future', () => {
    const now = '2026-11-27T10:00:00.000Z';
    expect(scheduleOf(undefined, now)).toEqual({ status: 'sent', sendAt: now });
    expect(scheduleOf('2026-11-27T10:00:01.000Z', now)).toEqual({ status: 'scheduled', sendAt: '2026-11-27T10:00:01.000Z' });
    expect(() => scheduleOf(now, now)).toThrow(NOTIFICATION_MESSAGES.scheduleInPast);
  });

  it('maps an inbox row to the spec item (description also body, createdAt also timestamp)', () => {
    expect(
      toItem({ id: 'n1', kind: 'message', title: 'T', body: 'B', url: null, is_read: 1, created_at: '2026-01-01T00:00:00.000Z' }),
    ).toEqual({
      id: 'n1',
      title: 'T',
      description: 'B',
      body: 'B',
      kind: 'message',
      url: null,
      isRead: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      timestamp: '2026-01-01T00:00:00.000Z',
    });
  });

  it('words each order status for a store owner', () => {
    expect(orderStatusText('100001', 'out_for_delivery')).toEqual({
      title: 'Order #100001 is out for delivery',
      body: 'Your order #100001 is on its way to your store.',
    });
    expect(orderStatusText('100001', 'delivered').title).toBe('Order #100001 delivered');
    expect(orderStatusText('100001', 'picking').body).toBe('Your order #100001 is being picked at the warehouse.');
  });

  it('reads the wall clock in the distributor’s time zone', () => {
    // 2026-12-01 is a Tuesday; 06:30 UTC is still Monday evening in Los Angeles.
    expect(localClock(new Date('2026-12-01T06:30:00Z'), 'UTC')).toEqual({ date: '2026-12-01', weekday: 2, minutes: 390 });
    expect(localClock(new Date('2026-12-01T06:30:00Z'), 'America/Los_Angeles')).toEqual({
      date: '2026-11-30',
      weekday: 1,
      minutes: 22 * 60 + 30,
    });
    expect(localClock(new Date('2026-12-06T12:00:00Z'), 'UTC').weekday).toBe(7); // Sunday is 7
  });

  it('is due the day before and on the order day, from 09:00 until the 16:00 cut-off', () => {
    const tuesday = (minutes: number) => ({ weekday: 2, minutes });
    expect(reminderDue(tuesday(9 * 60), 2)).toBe('orderDay');
    expect(reminderDue(tuesday(9 * 60), 3)).toBe('dayBefore');
    expect(reminderDue(tuesday(16 * 60 - 1), 3)).toBe('dayBefore');
    expect(reminderDue(tuesday(16 * 60), 2)).toBeNull();
    expect(reminderDue(tuesday(9 * 60 - 1), 2)).toBeNull();
    expect(reminderDue(tuesday(12 * 60), 4)).toBeNull();
    expect(reminderDue({ weekday: 7, minutes: 600 }, 1)).toBe('dayBefore'); // Sunday before Monday
    expect(reminderDue(tuesday(600), 0)).toBeNull(); // no order day
    expect(reminderDue(tuesday(600), 8)).toBeNull(); // "other"
    expect(reminderText('dayBefore', 3).body).toBe(
      'Tomorrow (Wednesday) is your order day. Place your order before the 4:00 PM cut-off tomorrow.',
    );
  });
});
