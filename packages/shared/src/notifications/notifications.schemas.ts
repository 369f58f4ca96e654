// Notifications (spec §2 drawer, §3 Notification and the push fallback buffer, §4 Notifications and Push,
// §7 the retailer's notification paths and fcmToken, §8 toasts): the kinds, messages, the retailer's inbox
// item, the office composer and history, push preferences and the push payload. The API answers with
// these shapes and the web app reads them; both import them from here.
import { z } from 'zod';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { PUSH_BODY_FALLBACK, PUSH_TITLE_FALLBACK } from './push-display.ts';

/**
 * What a notification is about. `message` is composed by the office; the others the system sends:
 * an order's status changed, a sign-up was approved, a ticket got a reply, a reminder to order before
 * the order day's cut-off.
 */
export const NOTIFICATION_KINDS = ['message', 'orderStatus', 'signupApproved', 'ticketReply', 'orderReminder'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  message: 'Messages from your distributor',
  orderStatus: 'Order status changes',
  signupApproved: 'Account approval',
  ticketReply: 'Replies to your support tickets',
  orderReminder: 'Reminders to order',
};

/** Who a composed notification goes to: every store, stores on chosen routes, with chosen order days, or chosen stores. */
export const NOTIFICATION_AUDIENCE_TYPES = ['all', 'routes', 'orderDays', 'customers'] as const;
export type NotificationAudienceType = (typeof NOTIFICATION_AUDIENCE_TYPES)[number];

/** Spec §8 toasts and fallbacks, and the API's messages. */
export const NOTIFICATION_MESSAGES = {
  fetchFailed: 'Failed to fetch notifications',
  empty: 'No notifications yet',
  markedRead: 'Marked as read',
  markReadFailed: 'Failed to mark as read',
  allMarkedRead: 'All notifications marked as read',
  markAllReadFailed: 'Failed to mark all as read',
  allDeleted: 'All notifications deleted',
  deleteAllFailed: 'Failed to delete all notifications',
  deleted: 'Notification deleted',
  deleteFailed: 'Failed to delete notification',
  notFound: 'Notification not found',
  /** Spec §4 Push: a push without title or body. */
  pushTitleFallback: PUSH_TITLE_FALLBACK,
  pushBodyFallback: PUSH_BODY_FALLBACK,
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 120 characters or fewer',
  bodyRequired: 'Message is required',
  bodyTooLong: 'Message must be 1000 characters or fewer',
  audienceValuesRequired: 'Choose at least one value for this audience',
  scheduleInPast: 'Choose a time in the future, or send now',
  badDate: 'Enter a valid date and time',
  noRecipients: 'No active store matches this audience',
  sent: 'Notification sent',
  scheduled: 'Notification scheduled',
  cancelled: 'Scheduled notification cancelled',
  notCancellable: 'Only a scheduled notification that has not been sent can be cancelled',
  subscriptionSaved: 'Push subscription saved',
  subscriptionInvalid: 'Send the browser push subscription as JSON with endpoint and keys',
  preferencesSaved: 'Notification settings saved',
} as const;

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 1000;
/** Spec §9: the badge shows at most 99; the push fallback buffer keeps 50. */
export const NOTIFICATION_BADGE_MAX = 99;
export { PUSH_FALLBACK_BUFFER } from './push-display.ts';

/** One item of the retailer's inbox (spec §3: id, title, description (also body), isRead, createdAt (also timestamp)). */
export const notificationItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Where a click leads inside the portal (an order's details, the contact page), or null. */
  url: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
  timestamp: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET /retailer/notificationList: newest first, the unread count derived from the same rows. */
export const notificationListAnswer = z.object({
  notifications: z.array(notificationItem),
  unreadCount: z.number().int().min(0),
});
export type NotificationListAnswer = z.infer<typeof notificationListAnswer>;

const isoField = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), NOTIFICATION_MESSAGES.badDate)
  .transform((v) => new Date(v).toISOString());

/** A missing or unknown audience type. */
export const NOTIFICATION_AUDIENCE_TYPE_MESSAGE = 'Choose the audience: all, routes, orderDays or customers';

/** POST /api/admin/notifications: compose and send now, or at `sendAt`. */
export const notificationCompose = z
  .object({
    title: z
      .string({ error: NOTIFICATION_MESSAGES.titleRequired })
      .trim()
      .min(1, NOTIFICATION_MESSAGES.titleRequired)
      .max(NOTIFICATION_TITLE_MAX, NOTIFICATION_MESSAGES.titleTooLong),
    body: z
      .string({ error: NOTIFICATION_MESSAGES.bodyRequired })
      .trim()
      .min(1, NOTIFICATION_MESSAGES.bodyRequired)
      .max(NOTIFICATION_BODY_MAX, NOTIFICATION_MESSAGES.bodyTooLong),
    audienceType: z.enum(NOTIFICATION_AUDIENCE_TYPES, { error: NOTIFICATION_AUDIENCE_TYPE_MESSAGE }),
    /** Route codes, order days "1"–"7", or customer ids; empty for `all`. */
    audienceValues: z.array(z.string().trim().min(1).max(64)).max(2000).default([]),
    /** Optional: when to send (ISO-8601, in the future); absent sends at once. */
    sendAt: isoField.optional(),
    /** Optional portal path the notification opens, e.g. /retailer/order. */
    url: z
      .string()
      .trim()
      .max(300)
      .regex(/^\/retailer\/[A-Za-z0-9/_-]*$/, 'The link must be a page of the retailer area')
      .optional(),
  })
  .refine((v) => v.audienceType === 'all' || v.audienceValues.length > 0, {
    message: NOTIFICATION_MESSAGES.audienceValuesRequired,
    path: ['audienceValues'],
  });
export type NotificationCompose = z.infer<typeof notificationCompose>;

export const NOTIFICATION_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** One row of the office's history (GET /api/admin/notifications, paged). */
export const sentNotification = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  audienceType: z.enum(NOTIFICATION_AUDIENCE_TYPES),
  audienceValues: z.array(z.string()),
  url: z.string().nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  recipients: z.number().int(),
  readCount: z.number().int(),
  pushDelivered: z.number().int(),
});
export type SentNotification = z.infer<typeof sentNotification>;

export const NOTIFICATION_SORT_KEYS = ['sendAt', 'title', 'recipients', 'readCount'] as const;

/** GET /api/admin/notifications query: paging, sort, search in title/body, status and kind filters. */
export const notificationHistoryQuery = z.object({
  page: pageField.default(1),
  limit: limitField(25, 100),
  sort: z.enum(NOTIFICATION_SORT_KEYS).default('sendAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().trim().max(100).optional(),
  status: z.enum([...NOTIFICATION_STATUSES, 'all']).default('all'),
  kind: z.enum([...NOTIFICATION_KINDS, 'all']).default('all'),
});
export type NotificationHistoryQuery = z.infer<typeof notificationHistoryQuery>;

/**
 * Kinds whose e-mail the user chooses. An approval and a ticket reply are always e-mailed by their own
 * modules (with the sign-in link, the whole reply), so the notification's e-mail would repeat them.
 */
export const EMAIL_CHOICE_KINDS = ['message', 'orderStatus', 'orderReminder'] as const satisfies readonly NotificationKind[];
export type EmailChoiceKind = (typeof EMAIL_CHOICE_KINDS)[number];

/**
 * GET/PUT /api/retailer/notificationPreferences: which kinds also come by push (default on) and by e-mail
 * (default off); the inbox keeps all. A PUT sends the switches it changes; the answer has them all.
 */
export const notificationPreferences = z.object({
  push: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()).optional(),
  email: z.partialRecord(z.enum(EMAIL_CHOICE_KINDS), z.boolean()).optional(),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferences>;
export const notificationPreferencesAnswer = z.object({
  push: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()),
  email: z.record(z.enum(EMAIL_CHOICE_KINDS), z.boolean()),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesAnswer>;

/**
 * PUT /retailer/fcmToken {fcmToken}: the serialised PushSubscription (JSON text of
 * `subscription.toJSON()`), re-sent on every app open.
 */
export const pushSubscriptionJson = z.object({
  endpoint: z.string().url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export const fcmTokenBody = z.object({ fcmToken: z.string().min(1).max(4000) });

/** What a push carries (the service worker shows title and body, opens url on click). */
export const pushPayload = z.object({
  title: z.string().optional(),
  body: z.string().optional(),
  url: z.string().nullable().optional(),
  notificationId: z.string().optional(),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** Spec §4: a push shows its title and body, or the fallbacks (push-display.ts, which the service worker imports). */
export { pushDisplay } from './push-display.ts';

/** GET /retailer/readNotification/{id}, /retailer/deleteNotification/{id}, POST /admin/notifications/{id}/cancel. */
export const notificationIdParams = z.object({ notificationId: z.string().min(1).max(100) });

/** GET /api/admin/notifications: one page of the history. */
export const notificationHistoryAnswer = z.object({
  items: z.array(sentNotification),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type NotificationHistoryAnswer = z.infer<typeof notificationHistoryAnswer>;

/**
 * GET /api/admin/notifications/audience: the composer's audience, values repeated
 * (`audienceValues=101&audienceValues=102`) or comma-separated.
 */
export const notificationAudienceQuery = z.object({
  audienceType: z.enum(NOTIFICATION_AUDIENCE_TYPES, { error: NOTIFICATION_AUDIENCE_TYPE_MESSAGE }),
  audienceValues: z
    .union([z.string().max(20_000), z.array(z.string().max(64)).max(2000)])
    .optional()
    .transform((v) => [
      ...new Set(
        [v ?? []]
          .flat()
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ]),
});
export const notificationAudiencePreview = z.object({ recipients: z.number().int().min(0) });
export type NotificationAudiencePreview = z.infer<typeof notificationAudiencePreview>;

/**
 * GET /retailer/notifications/stream (text/event-stream): `event: notification` carries a NotificationItem
 * when one arrives for this user; `event: changed` carries {unreadCount} after a read or delete (from any
 * tab or device); a `: ping` comment line keeps the connection open.
 */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', changed: 'changed' } as const;
export const notificationChangedEvent = z.object({ unreadCount: z.number().int().min(0) });
export type NotificationChangedEvent = z.infer<typeof notificationChangedEvent>;
/** The stream's keep-alive comment interval. */
export const NOTIFICATION_STREAM_PING_MS = 25_000;
