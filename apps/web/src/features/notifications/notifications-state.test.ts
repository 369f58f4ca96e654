// The spec §4 notifications rules as the bell and drawer apply them to the cached list.
import { NOTIFICATION_BADGE_MAX } from '@portal/shared/notifications/notifications.schemas';
import { describe, expect, it } from 'vitest';
import {
  BADGE_MAX,
  addNotification,
  badgeText,
  clearNotifications,
  deleteOne,
  fromFetched,
  inTab,
  markAllRead,
  markOneRead,
  setNotifications,
  unreadOf,
} from './notifications-state';
import { item } from './notifications-test-data';

const list = () => fromFetched([item('a'), item('b', { isRead: true }), item('c')]);

describe('notifications state (spec §4)', () => {
  it('derives the unread count from the fetched list, whatever the answer said', () => {
    expect(list().unreadCount).toBe(2);
    expect(unreadOf([item('x', { isRead: true })])).toBe(0);
  });

  it('marking one read lowers the count by one, never below 0', () => {
    const once = markOneRead(list(), 'a');
    expect(once.unreadCount).toBe(1);
    expect(once.notifications.find((n) => n.id === 'a')!.isRead).toBe(true);
    // Already read, unknown: unchanged.
    expect(markOneRead(once, 'a')).toBe(once);
    expect(markOneRead(once, 'nope')).toBe(once);
    // A count set directly at 0 with an unread row still stays at 0.
    expect(markOneRead(setNotifications([item('z')], 0), 'z').unreadCount).toBe(0);
  });

  it('marking all read sets every item read and the count to 0', () => {
    const all = markAllRead(list());
    expect(all.unreadCount).toBe(0);
    expect(all.notifications.every((n) => n.isRead)).toBe(true);
  });

  it('adds a new notification on top, counting it when unread, once', () => {
    const added = addNotification(list(), item('new'));
    expect(added.notifications.map((n) => n.id)).toEqual(['new', 'a', 'b', 'c']);
    expect(added.unreadCount).toBe(3);
    expect(addNotification(added, item('new'))).toBe(added);
    expect(addNotification(list(), item('read', { isRead: true })).unreadCount).toBe(2);
  });

  it('deletes one (an unread one lowers the count) and clears all', () => {
    expect(deleteOne(list(), 'a')).toMatchObject({ unreadCount: 1 });
    expect(deleteOne(list(), 'b')).toMatchObject({ unreadCount: 2 });
    expect(deleteOne(list(), 'b').notifications.map((n) => n.id)).toEqual(['a', 'c']);
    expect(clearNotifications()).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('sets list and count directly, never a negative count', () => {
    expect(setNotifications([item('a')], 5).unreadCount).toBe(5);
    expect(setNotifications([], -3).unreadCount).toBe(0);
  });

  it('shows at most 99 on the badge', () => {
    expect(BADGE_MAX).toBe(NOTIFICATION_BADGE_MAX);
    expect(badgeText(0)).toBe('0');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(250)).toBe('99');
  });

  it('splits the list into the All, Unread and Read tabs', () => {
    expect(inTab(list().notifications, 'all').map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(inTab(list().notifications, 'unread').map((n) => n.id)).toEqual(['a', 'c']);
    expect(inTab(list().notifications, 'read').map((n) => n.id)).toEqual(['b']);
  });
});
