// The retailer's notifications state rules of spec §4, as plain functions over the list answer that
// RTK Query caches (one place for server data, no mirrored slice): mark one read lowers the unread count
// by one and never below 0; mark all sets every item read and the count 0; a new notification goes on
// top and raises the count by one when unread; clear empties list and count; list and count can be set
// directly; delete one or all. The count of a fetched list is derived from its rows.
import type { NotificationItem, NotificationListAnswer } from '@portal/shared/notifications/notifications.schemas';

/**
 * Spec §9: the badge shows at most 99. The same number as the shared NOTIFICATION_BADGE_MAX (the test checks
 * it), written here because the bell loads with every retailer page and the schemas module brings zod.
 */
export const BADGE_MAX = 99;

export type NotificationsState = NotificationListAnswer;

export const emptyNotifications = (): NotificationsState => ({ notifications: [], unreadCount: 0 });

/** Unread count derived from the list (spec §4: "Unread count is derived from the fetched list"). */
export const unreadOf = (notifications: readonly NotificationItem[]) => notifications.filter((n) => !n.isRead).length;

/** A fetched list: its count is derived from its rows, whatever the answer's count says. */
export function fromFetched(notifications: NotificationItem[]): NotificationsState {
  return { notifications, unreadCount: unreadOf(notifications) };
}

/** Set list and count directly (spec §4). */
export function setNotifications(notifications: NotificationItem[], unreadCount: number): NotificationsState {
  return { notifications, unreadCount: Math.max(0, unreadCount) };
}

/** Marks one read: the count drops by one, never below 0; an already read (or unknown) one changes nothing. */
export function markOneRead(state: NotificationsState, id: string): NotificationsState {
  const item = state.notifications.find((n) => n.id === id);
  if (!item || item.isRead) return state;
  return {
    notifications: state.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
    unreadCount: Math.max(0, state.unreadCount - 1),
  };
}

export function markAllRead(state: NotificationsState): NotificationsState {
  return { notifications: state.notifications.map((n) => (n.isRead ? n : { ...n, isRead: true })), unreadCount: 0 };
}

/** A new notification goes on top; the count rises by one if it is unread. One already listed is not added twice. */
export function addNotification(state: NotificationsState, item: NotificationItem): NotificationsState {
  if (state.notifications.some((n) => n.id === item.id)) return state;
  return { notifications: [item, ...state.notifications], unreadCount: state.unreadCount + (item.isRead ? 0 : 1) };
}

/** Deletes one; deleting an unread one lowers the count by one (never below 0). */
export function deleteOne(state: NotificationsState, id: string): NotificationsState {
  const item = state.notifications.find((n) => n.id === id);
  if (!item) return state;
  return {
    notifications: state.notifications.filter((n) => n.id !== id),
    unreadCount: item.isRead ? state.unreadCount : Math.max(0, state.unreadCount - 1),
  };
}

/** Delete all and clear: the list and the count are empty. */
export const clearNotifications = (): NotificationsState => emptyNotifications();

/** The bell's badge: the count, at most 99 (spec §9); nothing at 0. */
export const badgeText = (count: number) => String(Math.min(Math.max(0, count), BADGE_MAX));

export type NotificationTab = 'all' | 'unread' | 'read';
export const NOTIFICATION_TABS: readonly { tab: NotificationTab; label: string }[] = [
  { tab: 'all', label: 'All' },
  { tab: 'unread', label: 'Unread' },
  { tab: 'read', label: 'Read' },
];

export function inTab(notifications: readonly NotificationItem[], tab: NotificationTab): NotificationItem[] {
  if (tab === 'unread') return notifications.filter((n) => !n.isRead);
  if (tab === 'read') return notifications.filter((n) => n.isRead);
  return [...notifications];
}
