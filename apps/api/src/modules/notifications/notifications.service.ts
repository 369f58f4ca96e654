// Notifications (issue 17 §1). One notification is written once with its audience; when it is sent, each
// retailer user the audience holds at that moment gets an inbox row (read and soft-delete marks are per
// row). The office composes messages (now or scheduled) and reads its history with recipient and read
// counts; the system sends order status changes, sign-up approvals, ticket replies and order reminders.
// Every notification that reaches users is announced to their open pages (notifications-live.ts) and
// handed to push through queuePush and to e-mail (notifications-email.ts) for the users who chose it, one
// call site (announce). Audiences are resolved by the stories service's rule
// (all, routes, order days, chosen stores): the one audience rule of the portal.
import {
  NOTIFICATION_MESSAGES,
  type NotificationAudienceType,
  type NotificationCompose,
  type NotificationHistoryAnswer,
  type NotificationHistoryQuery,
  type NotificationItem,
  type NotificationKind,
  type NotificationListAnswer,
  type SentNotification,
} from '@portal/shared/notifications/notifications.schemas';
import type { OrderStatus } from '@portal/shared/orders/order-status';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pushDeliveredCounts, queuePush } from '../push/push.service.ts';
import { audienceMembers, checkAudienceValues } from '../stories/stories.service.ts';
import { emailNotification } from './notifications-email.ts';
import { publishLive } from './notifications-live.ts';
import {
  existingDedupeKeys,
  audienceValuesOf,
  cancelScheduled,
  claimScheduled,
  dueScheduledIds,
  findNotification,
  historyRows,
  isRecipient,
  inboxRows,
  insertNotification,
  insertRecipients,
  markRead,
  softDelete,
  unreadRows,
  type HistoryRow,
  type InboxRow,
  type NotificationRow,
} from './notifications.repository.ts';

/** The retailer's list holds the newest this many (the unread count is derived from the same rows). */
export const INBOX_LIMIT = 200;
/** Scheduled notifications the job sends per run (the rest wait for the next run). */
export const DUE_BATCH = 50;

// ---- rules (plain functions) ----

/** Spec §4: the unread count is derived from the fetched list, and is never below 0. */
export function unreadCountOf(items: readonly { isRead: boolean }[]): number {
  return items.reduce((n, i) => (i.isRead ? n : n + 1), 0);
}

/** The office's counts: never below 0, and no more reads than recipients. */
export function readCounts(recipients: number, read: number): { recipients: number; readCount: number } {
  const r = Math.max(0, Math.trunc(recipients) || 0);
  return { recipients: r, readCount: Math.min(r, Math.max(0, Math.trunc(read) || 0)) };
}

/** Send now, or schedule: a `sendAt` that is not in the future is refused (it would be sent at once, unseen). */
export function scheduleOf(sendAt: string | undefined, now: string): { status: 'sent' | 'scheduled'; sendAt: string } {
  if (sendAt === undefined) return { status: 'sent', sendAt: now };
  if (sendAt <= now) throw badRequest(NOTIFICATION_MESSAGES.scheduleInPast, { sendAt: NOTIFICATION_MESSAGES.scheduleInPast });
  return { status: 'scheduled', sendAt };
}

export function toItem(row: InboxRow): NotificationItem {
  return {
    id: row.id,
    title: row.title,
    description: row.body,
    body: row.body,
    kind: row.kind,
    url: row.url,
    isRead: Boolean(row.is_read),
    createdAt: row.created_at,
    timestamp: row.created_at,
  };
}

/** What a store owner reads when an order changes status. */
export function orderStatusText(orderNumber: string, status: OrderStatus): { title: string; body: string } {
  const n = `#${orderNumber}`;
  switch (status) {
    case 'confirmed':
      return { title: `Order ${n} confirmed`, body: `Your order ${n} has been confirmed and will be prepared for delivery.` };
    case 'picking':
      return { title: `Order ${n} is being packed`, body: `Your order ${n} is being picked at the warehouse.` };
    case 'out_for_delivery':
      return { title: `Order ${n} is out for delivery`, body: `Your order ${n} is on its way to your store.` };
    case 'delivered':
      return { title: `Order ${n} delivered`, body: `Your order ${n} has been delivered. Thank you for your order!` };
    case 'cancelled':
      return {
        title: `Order ${n} cancelled`,
        body: `Your order ${n} has been cancelled. Any charge for it has been credited to your account.`,
      };
    case 'placed':
      return { title: `Order ${n} received`, body: `Your order ${n} has been received.` };
    case 'on_hold':
      return { title: `Order ${n} on hold`, body: `Your order ${n} is on hold for a credit review by your distributor.` };
  }
}

// ---- sending ----

/** Tells the recipients' open pages and push that sent notifications arrived (push asked once for all). */
async function announce(db: DbOrTrx, sent: readonly { row: NotificationRow; userIds: readonly string[] }[]): Promise<void> {
  const told = sent.filter((s) => s.userIds.length > 0);
  for (const { row, userIds } of told) {
    const at = row.sent_at ?? row.send_at;
    const item = toItem({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      url: row.url,
      is_read: 0,
      created_at: at,
    });
    await publishLive(db, { type: 'notification', userIds: [...userIds], item });
  }
  await queuePush(
    db,
    told.flatMap(({ row, userIds }) =>
      userIds.map((userId) => ({
        userId,
        kind: row.kind,
        notificationId: row.id,
        payload: { title: row.title, body: row.body, url: row.url, notificationId: row.id, kind: row.kind },
      })),
    ),
  );
  for (const { row, userIds } of told) {
    try {
      await emailNotification(
        db,
        { distributorId: row.distributor_id, kind: row.kind, title: row.title, body: row.body, url: row.url },
        userIds,
      );
    } catch (err) {
      // The notification is stored and pushed: a failed e-mail is logged, never the sender's error.
      console.error('notification e-mail not queued', row.id, err);
    }
  }
}

interface NewNotification {
  distributorId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string | null;
  audienceType: NotificationAudienceType;
  audienceValues: readonly string[];
  createdBy: string | null;
  dedupeKey?: string;
  /** The send time (the job's clock); now by default. */
  at?: string;
}

/** The row of a notification sent at `at`. */
function sentRow(input: Omit<NewNotification, 'audienceValues'>, at: string): NotificationRow {
  return {
    id: newId(),
    distributor_id: input.distributorId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    url: input.url,
    audience_type: input.audienceType,
    status: 'sent',
    send_at: at,
    sent_at: at,
    created_by_user_id: input.createdBy,
    created_at: at,
    dedupe_key: input.dedupeKey ?? null,
  };
}

/**
 * Writes a notification sent now with its recipients' inbox rows in one transaction, then announces it.
 * Answers the row and its recipients, or null when its dedupe key was taken (already created).
 */
async function sendNow(db: Db, input: NewNotification): Promise<{ row: NotificationRow; userIds: string[] } | null> {
  const at = input.at ?? nowIso();
  const row = sentRow(input, at);
  const userIds = await db.transaction().execute(async (trx) => {
    const members = await audienceMembers(trx, input.distributorId, input.audienceType, input.audienceValues);
    if (!(await insertNotification(trx, row, input.audienceValues))) return null;
    const ids = [...new Set(members.map((m) => m.user_id))];
    await insertRecipients(trx, row.id, ids, at);
    return ids;
  });
  if (!userIds) return null;
  await announce(db, [{ row, userIds }]);
  return { row, userIds };
}

/**
 * A system notification to one store's retailer users. The change that caused it is already committed
 * and has answered nothing yet: a failure here is logged, never turned into that request's error.
 */
export async function notifyStore(
  db: Db,
  input: {
    distributorId: string;
    customerId: string;
    kind: Exclude<NotificationKind, 'message'>;
    title: string;
    body: string;
    url: string;
    dedupeKey?: string;
    at?: string;
  },
): Promise<string | null> {
  try {
    const members = await audienceMembers(db, input.distributorId, 'customers', [input.customerId]);
    if (members.length === 0) return null; // no active login at the store: nobody to tell
    const sent = await sendNow(db, { ...input, audienceType: 'customers', audienceValues: [input.customerId], createdBy: null });
    return sent?.row.id ?? null;
  } catch (err) {
    console.error('notification not sent', input.kind, err);
    return null;
  }
}

/** Orders: an order of the store moved to `status` (a single move). */
export function notifyOrderStatus(
  db: Db,
  order: { distributorId: string; customerId: string; orderNumber: string; status: OrderStatus },
): Promise<void> {
  return notifyOrderStatuses(db, order.distributorId, [order]);
}

/**
 * Orders: each of these orders moved to its status (a bulk move's committed moves). One notification per
 * order to its store's active logins, all written in one transaction, then announced together. As
 * notifyStore: the moves are committed already, so a failure here is logged, never the request's error.
 */
export async function notifyOrderStatuses(
  db: Db,
  distributorId: string,
  orders: readonly { customerId: string; orderNumber: string; status: OrderStatus }[],
): Promise<void> {
  if (orders.length === 0) return;
  try {
    const members = await audienceMembers(db, distributorId, 'customers', [...new Set(orders.map((o) => o.customerId))]);
    const usersOf = new Map<string, Set<string>>();
    for (const m of members) usersOf.set(m.customer_id, (usersOf.get(m.customer_id) ?? new Set()).add(m.user_id));
    const at = nowIso();
    const sent = orders.flatMap((o) => {
      const users = usersOf.get(o.customerId);
      if (!users) return []; // no active login at the store: nobody to tell
      const row = sentRow(
        {
          distributorId,
          kind: 'orderStatus',
          ...orderStatusText(o.orderNumber, o.status),
          url: `/retailer/order/details/${encodeURIComponent(o.orderNumber)}`,
          audienceType: 'customers',
          createdBy: null,
        },
        at,
      );
      return [{ row, userIds: [...users], customerId: o.customerId }];
    });
    if (sent.length === 0) return;
    await db.transaction().execute(async (trx) => {
      for (const s of sent) {
        await insertNotification(trx, s.row, [s.customerId]);
        await insertRecipients(trx, s.row.id, s.userIds, at);
      }
    });
    await announce(db, sent);
  } catch (err) {
    console.error('order status notifications not sent', err);
  }
}

/** Retailer requests: the store's sign-up was approved (its new login is the recipient). */
export function notifySignupApproved(
  db: Db,
  store: { distributorId: string; customerId: string; storeName: string; cNumber: string },
): Promise<string | null> {
  return notifyStore(db, {
    distributorId: store.distributorId,
    customerId: store.customerId,
    kind: 'signupApproved',
    title: 'Your store account is approved',
    body: `Welcome! ${store.storeName} can now order. Your customer number is ${store.cNumber}.`,
    url: '/retailer/dashboard',
  });
}

/** Support tickets: staff replied on one of the store's tickets. */
export function notifyTicketReply(
  db: Db,
  ticket: { distributorId: string; customerId: string; label: string; subject: string; staffName: string; message: string },
): Promise<string | null> {
  const excerpt = ticket.message.length > 160 ? `${ticket.message.slice(0, 157).trimEnd()}...` : ticket.message;
  return notifyStore(db, {
    distributorId: ticket.distributorId,
    customerId: ticket.customerId,
    kind: 'ticketReply',
    title: `Reply to your ticket ${ticket.label}: ${ticket.subject}`.slice(0, 120),
    body: `${ticket.staffName} replied: ${excerpt}`,
    url: '/retailer/contact',
  });
}

/**
 * The job: sends the scheduled notifications due at `now`. Each is claimed by a conditional update in the
 * transaction that writes its inbox rows, so two API instances running the job never send one twice.
 * Answers how many were sent by this call.
 */
export async function sendDueNotifications(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  let sent = 0;
  for (const id of await dueScheduledIds(db, at, DUE_BATCH)) {
    const done = await db.transaction().execute(async (trx) => {
      const row = await claimScheduled(trx, id, at);
      if (!row) return null; // another instance claimed it
      const values = (await audienceValuesOf(trx, [id])).get(id) ?? [];
      const members = await audienceMembers(trx, row.distributor_id, row.audience_type, values);
      const userIds = [...new Set(members.map((m) => m.user_id))];
      await insertRecipients(trx, id, userIds, at);
      return { row, userIds };
    });
    if (!done) continue;
    sent += 1;
    await announce(db, [done]);
  }
  return sent;
}

/** Of these dedupe keys, the ones a notification already has (the reminders job skips those stores). */
export function takenDedupeKeys(db: DbOrTrx, keys: readonly string[]): Promise<Set<string>> {
  return existingDedupeKeys(db, keys);
}

// ---- the retailer's inbox ----

function retailerOf(actor: Actor): string {
  if (actor.role !== 'retailer') throw forbidden();
  return actor.userId;
}

async function listOf(db: DbOrTrx, userId: string): Promise<NotificationListAnswer> {
  const notifications = (await inboxRows(db, userId, INBOX_LIMIT)).map(toItem);
  return { notifications, unreadCount: unreadCountOf(notifications) };
}

/** GET /retailer/notificationList: newest first, not deleted, with the unread count of those rows. */
export function retailerNotifications(db: Db, actor: Actor): Promise<NotificationListAnswer> {
  return listOf(db, retailerOf(actor));
}

/** The unread count the user's other pages are told after a read or delete. */
async function announceCount(db: Db, userId: string): Promise<void> {
  const rows = await unreadRows(db, userId, INBOX_LIMIT);
  await publishLive(db, {
    type: 'changed',
    userId,
    unreadCount: unreadCountOf(rows.map((r) => ({ isRead: Boolean(r.is_read) }))),
  });
}

/**
 * GET /retailer/readNotification/{id}: 404 for a notification never sent to this user (another store's,
 * an unknown id); again, or after a delete, it answers the same (the GET paths are safe to repeat).
 */
export async function readOne(db: Db, actor: Actor, id: string): Promise<void> {
  const userId = retailerOf(actor);
  if (!(await isRecipient(db, userId, id))) throw notFound(NOTIFICATION_MESSAGES.notFound);
  if ((await markRead(db, userId, id, nowIso())) > 0) await announceCount(db, userId);
}

export async function readAll(db: Db, actor: Actor): Promise<void> {
  const userId = retailerOf(actor);
  if ((await markRead(db, userId, undefined, nowIso())) > 0) await announceCount(db, userId);
}

/** GET /retailer/deleteNotification/{id}: soft delete of this user's row (again: the same answer); 404 as above. */
export async function deleteOne(db: Db, actor: Actor, id: string): Promise<void> {
  const userId = retailerOf(actor);
  if (!(await isRecipient(db, userId, id))) throw notFound(NOTIFICATION_MESSAGES.notFound);
  if ((await softDelete(db, userId, id, nowIso())) > 0) await announceCount(db, userId);
}

export async function deleteAll(db: Db, actor: Actor): Promise<void> {
  const userId = retailerOf(actor);
  if ((await softDelete(db, userId, undefined, nowIso())) > 0) await announceCount(db, userId);
}

/** The stream's starting point: the user must be a retailer. */
export function streamUserOf(actor: Actor): string {
  return retailerOf(actor);
}

// ---- the office ----

function toSent(row: HistoryRow, values: readonly string[], pushed: number, createdBy: string | null): SentNotification {
  const counts = readCounts(Number(row.recipients), Number(row.read_count));
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    kind: row.kind,
    audienceType: row.audience_type,
    audienceValues: [...values],
    url: row.url,
    status: row.status,
    sendAt: row.send_at,
    sentAt: row.sent_at,
    createdBy,
    ...counts,
    pushDelivered: Math.max(0, pushed),
  };
}

async function sentViews(db: DbOrTrx, rows: readonly HistoryRow[]): Promise<SentNotification[]> {
  const ids = rows.map((r) => r.id);
  const [values, pushed] = await Promise.all([audienceValuesOf(db, ids), pushDeliveredCounts(db, ids)]);
  return rows.map((r) => toSent(r, values.get(r.id) ?? [], pushed.get(r.id) ?? 0, r.created_by_name ?? null));
}

/** GET /admin/notifications: the distributor's notifications (composed and system), paged, with counts. */
export async function notificationHistory(
  db: Db,
  actor: Actor,
  query: NotificationHistoryQuery,
): Promise<NotificationHistoryAnswer> {
  const { rows, total } = await historyRows(db, actor.distributorId, query);
  return { items: await sentViews(db, rows), total, page: query.page, limit: query.limit };
}

async function oneSent(db: Db, distributorId: string, id: string): Promise<SentNotification> {
  const { rows } = await historyRows(db, distributorId, {
    page: 1,
    limit: 1,
    sort: 'sendAt',
    dir: 'desc',
    status: 'all',
    kind: 'all',
    onlyId: id,
  });
  if (!rows[0]) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return (await sentViews(db, rows))[0]!;
}

/** GET /admin/notifications/audience: how many retailer logins the audience holds now. */
export async function audiencePreview(
  db: Db,
  actor: Actor,
  audience: { audienceType: NotificationAudienceType; audienceValues: string[] },
): Promise<{ recipients: number }> {
  const values = await checkAudienceValues(db, actor.distributorId, audience.audienceType, audience.audienceValues);
  const members = await audienceMembers(db, actor.distributorId, audience.audienceType, values);
  return { recipients: new Set(members.map((m) => m.user_id)).size };
}

/**
 * POST /admin/notifications: checks the audience (it must hold at least one store's login now), then sends
 * at once or keeps it scheduled for the job. A scheduled one's audience is resolved when it is sent.
 */
export async function composeNotification(
  db: Db,
  actor: Actor,
  input: NotificationCompose,
): Promise<{ notification: SentNotification; message: string }> {
  const now = nowIso();
  const schedule = scheduleOf(input.sendAt, now);
  const values = await checkAudienceValues(db, actor.distributorId, input.audienceType, input.audienceValues);
  const members = await audienceMembers(db, actor.distributorId, input.audienceType, values);
  if (members.length === 0) {
    throw badRequest(NOTIFICATION_MESSAGES.noRecipients, { audienceValues: NOTIFICATION_MESSAGES.noRecipients });
  }
  const base: NewNotification = {
    distributorId: actor.distributorId,
    kind: 'message',
    title: input.title,
    body: input.body,
    url: input.url ?? null,
    audienceType: input.audienceType,
    audienceValues: values,
    createdBy: actor.userId,
  };
  if (schedule.status === 'sent') {
    const sent = await sendNow(db, base);
    return { notification: await oneSent(db, actor.distributorId, sent!.row.id), message: NOTIFICATION_MESSAGES.sent };
  }
  const id = newId();
  await db.transaction().execute((trx) =>
    insertNotification(
      trx,
      {
        id,
        distributor_id: base.distributorId,
        kind: 'message',
        title: base.title,
        body: base.body,
        url: base.url,
        audience_type: base.audienceType,
        status: 'scheduled',
        send_at: schedule.sendAt,
        sent_at: null,
        created_by_user_id: actor.userId,
        created_at: now,
        dedupe_key: null,
      },
      values,
    ),
  );
  return { notification: await oneSent(db, actor.distributorId, id), message: NOTIFICATION_MESSAGES.scheduled };
}

/** POST /admin/notifications/{id}/cancel: only a scheduled one not yet sent (409 otherwise). */
export async function cancelNotification(db: Db, actor: Actor, id: string): Promise<SentNotification> {
  const row = await findNotification(db, actor.distributorId, id);
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  if (!(await cancelScheduled(db, actor.distributorId, id))) throw conflict(NOTIFICATION_MESSAGES.notCancellable);
  return oneSent(db, actor.distributorId, id);
}
