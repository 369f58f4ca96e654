// All SQL of notifications: writing one with its audience and its recipients' inbox rows (in the
// caller's transaction), the claim of a due scheduled one, the retailer's inbox and its read and delete
// marks, and the office's history with recipient and read counts.
import { sql, type SqlBool } from 'kysely';
import type { NotificationHistoryQuery } from '@portal/shared/notifications/notifications.schemas';
import type { DbOrTrx } from '../../db/database.ts';
import type { NotificationTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/like.ts';

export type NotificationRow = NotificationTable;

/** Writes the notification and its audience values; false when its dedupe key was taken (created already). */
export async function insertNotification(trx: DbOrTrx, row: NotificationRow, audience: readonly string[]): Promise<boolean> {
  const inserted = await trx
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  for (let i = 0; i < audience.length; i += 500) {
    await trx
      .insertInto('notification_audience')
      .values(audience.slice(i, i + 500).map((audience_value) => ({ notification_id: row.id, audience_value })))
      .execute();
  }
  return true;
}

export async function existingDedupeKeys(db: DbOrTrx, keys: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('notifications')
      .select('dedupe_key')
      .where('dedupe_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.dedupe_key) out.add(r.dedupe_key);
  }
  return out;
}

/** One inbox row per user, unread, dated `at` (the send time). */
export async function insertRecipients(
  trx: DbOrTrx,
  notificationId: string,
  userIds: readonly string[],
  at: string,
): Promise<void> {
  for (let i = 0; i < userIds.length; i += 500) {
    await trx
      .insertInto('notification_recipients')
      .values(
        userIds.slice(i, i + 500).map((user_id) => ({
          notification_id: notificationId,
          user_id,
          is_read: 0,
          read_at: null,
          deleted_at: null,
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
      .execute();
  }
}

/** Ids of scheduled notifications due at `now`, oldest first. */
export async function dueScheduledIds(db: DbOrTrx, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('send_at', '<=', now)
    .orderBy('send_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The claim: moves a due scheduled notification to sent if it is still scheduled (a conditional
 * update: of two instances only one gets the row back) and answers it, or undefined.
 */
export async function claimScheduled(trx: DbOrTrx, id: string, now: string): Promise<NotificationRow | undefined> {
  return trx
    .updateTable('notifications')
    .set({ status: 'sent', sent_at: now })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .where('send_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

/** Cancels a scheduled notification of the distributor still scheduled; false when it was not. */
export async function cancelScheduled(db: DbOrTrx, distributorId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable('notifications')
    .set({ status: 'cancelled' })
    .where('id', '=', id)
    .where('distributor_id', '=', distributorId)
    .where('status', '=', 'scheduled')
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function findNotification(db: DbOrTrx, distributorId: string, id: string): Promise<NotificationRow | undefined> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('distributor_id', '=', distributorId)
    .executeTakeFirst();
}

export async function audienceValuesOf(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('notification_audience')
    .select(['notification_id', 'audience_value'])
    .where('notification_id', 'in', ids)
    .orderBy('audience_value')
    .execute();
  for (const r of rows) out.set(r.notification_id, [...(out.get(r.notification_id) ?? []), r.audience_value]);
  return out;
}

export interface InboxRow {
  id: string;
  kind: NotificationRow['kind'];
  title: string;
  body: string;
  url: string | null;
  is_read: number;
  created_at: string;
}

const inboxColumns = [
  'notifications.id',
  'notifications.kind',
  'notifications.title',
  'notifications.body',
  'notifications.url',
  'notification_recipients.is_read',
  'notification_recipients.created_at',
] as const;

function inbox(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('notification_recipients')
    .innerJoin('notifications', 'notifications.id', 'notification_recipients.notification_id')
    .where('notification_recipients.user_id', '=', userId)
    .where('notification_recipients.deleted_at', 'is', null);
}

/** The user's inbox that is not deleted, newest first, at most `limit` rows. */
export async function inboxRows(db: DbOrTrx, userId: string, limit: number): Promise<InboxRow[]> {
  return (await inbox(db, userId)
    .select(inboxColumns)
    .orderBy('notification_recipients.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(limit)
    .execute()) as InboxRow[];
}

/** Whether the notification was sent to the user (deleted from their list or not). */
export async function isRecipient(db: DbOrTrx, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('notification_recipients')
    .select('notification_id')
    .where('user_id', '=', userId)
    .where('notification_id', '=', id)
    .executeTakeFirst();
  return Boolean(row);
}

/** Unread rows of the user that are not deleted, counted in SQL (the stream's `changed` event). */
export async function unreadRows(db: DbOrTrx, userId: string, limit: number): Promise<{ is_read: number }[]> {
  return inbox(db, userId)
    .select('notification_recipients.is_read')
    .orderBy('notification_recipients.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Marks the user's unread rows read (one, or every one when `id` is undefined); answers how many changed. */
export async function markRead(db: DbOrTrx, userId: string, id: string | undefined, at: string): Promise<number> {
  let q = db
    .updateTable('notification_recipients')
    .set({ is_read: 1, read_at: at })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0);
  if (id !== undefined) q = q.where('notification_id', '=', id);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Soft-deletes the user's rows (one, or every one); answers how many were deleted now. */
export async function softDelete(db: DbOrTrx, userId: string, id: string | undefined, at: string): Promise<number> {
  let q = db
    .updateTable('notification_recipients')
    .set({ deleted_at: at })
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);
  if (id !== undefined) q = q.where('notification_id', '=', id);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export interface HistoryRow extends NotificationRow {
  recipients: number | string;
  read_count: number | string;
  created_by_name: string | null;
}

const SORT_COLUMNS = { sendAt: 'n.send_at', title: 'n.title', recipients: 'recipients', readCount: 'read_count' } as const;

/** One page of the distributor's notifications with recipient and read counts, and how many match. */
export async function historyRows(
  db: DbOrTrx,
  distributorId: string,
  q: NotificationHistoryQuery & { onlyId?: string },
): Promise<{ rows: HistoryRow[]; total: number }> {
  let base = db
    .selectFrom('notifications as n')
    .leftJoin('users as u', 'u.id', 'n.created_by_user_id')
    .where('n.distributor_id', '=', distributorId);
  if (q.onlyId !== undefined) base = base.where('n.id', '=', q.onlyId);
  if (q.status !== 'all') base = base.where('n.status', '=', q.status);
  if (q.kind !== 'all') base = base.where('n.kind', '=', q.kind);
  if (q.search) {
    const p = containsPattern(q.search);
    base = base.where(sql<SqlBool>`(lower(n.title) like ${p} escape '\\' or lower(n.body) like ${p} escape '\\')`);
  }
  const rows = (await base
    .selectAll('n')
    .select((eb) => [
      'u.name as created_by_name',
      eb
        .selectFrom('notification_recipients as r')
        .select((e) => e.fn.countAll().as('c'))
        .whereRef('r.notification_id', '=', 'n.id')
        .as('recipients'),
      eb
        .selectFrom('notification_recipients as r')
        .select((e) => e.fn.countAll().as('c'))
        .whereRef('r.notification_id', '=', 'n.id')
        .where('r.is_read', '=', 1)
        .as('read_count'),
    ])
    .orderBy(sql.ref(SORT_COLUMNS[q.sort]), q.dir)
    .orderBy('n.id', q.dir)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute()) as HistoryRow[];
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The addresses of these users who are active and have one (e-mailed notifications). */
export async function activeEmailsOf(db: DbOrTrx, userIds: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select('email')
      .where('id', 'in', userIds.slice(i, i + 500))
      .where('is_active', '=', 1)
      .where('email', 'is not', null)
      .execute();
    for (const r of rows) if (r.email) out.push(r.email);
  }
  return out;
}
