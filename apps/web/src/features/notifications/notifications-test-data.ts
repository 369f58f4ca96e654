// Test fixtures: inbox items as GET /retailer/notificationList answers them, and sent notifications.
import type { NotificationItem, SentNotification } from '@portal/shared/notifications/notifications.schemas';

export function item(id: string, extra: Partial<NotificationItem> = {}): NotificationItem {
  const at = extra.createdAt ?? new Date(Date.now() - 2 * 3600_000).toISOString();
  const description = extra.description ?? `Details of ${id}`;
  return {
    id,
    title: `Title ${id}`,
    description,
    body: description,
    kind: 'message',
    url: null,
    isRead: false,
    createdAt: at,
    timestamp: at,
    ...extra,
  };
}

export function sent(id: string, extra: Partial<SentNotification> = {}): SentNotification {
  return {
    id,
    title: `Sent ${id}`,
    body: `Body of ${id}`,
    kind: 'message',
    audienceType: 'all',
    audienceValues: [],
    url: null,
    status: 'sent',
    sendAt: '2026-11-26T15:00:00.000Z',
    sentAt: '2026-11-26T15:00:00.000Z',
    createdBy: 'Dana Whitfield',
    recipients: 12,
    readCount: 5,
    pushDelivered: 7,
    ...extra,
  };
}
