// All SQL of support tickets: numbering, the store's and the office's lists (filtered, sorted, paged),
// one ticket within a distributor (and a customer for the store's side), its thread and files, writes.
import { sql, type SqlBool } from 'kysely';
import type { Sorting } from '@portal/shared/api/sort';
import type { TicketSortKey, TicketStatusFilter } from '@portal/shared/support-tickets/support-tickets.schemas';
import type { DbOrTrx } from '../../db/database.ts';
import type { SupportAttachmentTable, SupportMessageTable, SupportTicketTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/like.ts';

/** Ticket numbers start here for each distributor. */
const FIRST_NUMBER = 1001;

/**
 * The distributor's next ticket number. The row is created on first use (a concurrent creator's insert
 * is skipped) and the increment takes its row lock, so two tickets never share a number.
 */
export async function nextTicketNumber(trx: DbOrTrx, distributorId: string): Promise<number> {
  const name = `support_ticket_number:${distributorId}`;
  await trx
    .insertInto('sequences')
    .values({ name, value: FIRST_NUMBER - 1 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await trx
    .updateTable('sequences')
    .set({ value: sql`value + 1` })
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

export interface TicketDbRow {
  id: string;
  distributor_id: string;
  customer_id: string;
  number: number | string;
  subject: string;
  category: string;
  status: SupportTicketTable['status'];
  last_side: SupportTicketTable['last_side'];
  message_count: number | string;
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
  assignee_user_id: string | null;
  assignee_name: string | null;
  opener_name: string;
  opener_role: 'retailer' | 'sales' | 'distributor';
  store_name: string;
  c_number: string;
}

export interface TicketFilter {
  distributorId: string;
  /** The store's side: only this customer's tickets. */
  customerId?: string;
  status: TicketStatusFilter;
  /** A user id, or null for unassigned tickets. */
  assigneeUserId?: string | null;
  store?: string;
  /** Opened at or before this instant. */
  openedBefore?: string;
}

function ticketsQuery(db: DbOrTrx, f: TicketFilter) {
  let q = db
    .selectFrom('support_tickets as t')
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .innerJoin('users as o', 'o.id', 't.user_id')
    .leftJoin('users as a', 'a.id', 't.assignee_user_id')
    .where('t.distributor_id', '=', f.distributorId);
  if (f.customerId) q = q.where('t.customer_id', '=', f.customerId);
  if (f.status === 'active') q = q.where('t.status', 'in', ['open', 'pending']);
  else if (f.status !== 'all') q = q.where('t.status', '=', f.status);
  if (f.assigneeUserId === null) q = q.where('t.assignee_user_id', 'is', null);
  else if (f.assigneeUserId) q = q.where('t.assignee_user_id', '=', f.assigneeUserId);
  if (f.openedBefore) q = q.where('t.created_at', '<=', f.openedBefore);
  if (f.store) {
    const p = containsPattern(f.store);
    q = q.where((eb) =>
      eb.or([sql<SqlBool>`lower(c.company_name) like ${p} escape '\\'`, sql<SqlBool>`lower(c.c_number) like ${p} escape '\\'`]),
    );
  }
  return q;
}

const COLUMNS = [
  't.id',
  't.distributor_id',
  't.customer_id',
  't.number',
  't.subject',
  't.category',
  't.status',
  't.last_side',
  't.message_count',
  't.created_at',
  't.updated_at',
  't.resolved_at',
  't.assignee_user_id',
  'a.name as assignee_name',
  'o.name as opener_name',
  'o.role as opener_role',
  'c.company_name as store_name',
  'c.c_number',
] as const;

/** Waiting for staff first, then waiting for the store, then done. */
const statusRank = sql`case t.status when 'open' then 0 when 'pending' then 1 else 2 end`;

export async function listTickets(
  db: DbOrTrx,
  f: TicketFilter,
  sorting: Sorting<TicketSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: TicketDbRow[]; total: number }> {
  const { dir } = sorting;
  let q = ticketsQuery(db, f).select([...COLUMNS]);
  switch (sorting.sort) {
    case 'createdAt':
      q = q.orderBy('t.created_at', dir);
      break;
    case 'number':
      q = q.orderBy('t.number', dir);
      break;
    case 'subject':
      q = q.orderBy(sql`lower(t.subject)`, dir);
      break;
    case 'store':
      q = q.orderBy(sql`lower(c.company_name)`, dir);
      break;
    case 'status':
      q = q.orderBy(statusRank, dir);
      break;
    case 'updatedAt':
      break;
  }
  const rows = await q
    .orderBy('t.updated_at', sorting.sort === 'updatedAt' ? dir : 'desc')
    .orderBy('t.id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await ticketsQuery(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows as TicketDbRow[], total: Number(count.n) };
}

/** One ticket of the distributor (and of the customer, when given), or undefined. */
export async function findTicket(
  db: DbOrTrx,
  key: { distributorId: string; ticketId: string; customerId?: string },
): Promise<TicketDbRow | undefined> {
  const row = await ticketsQuery(db, { distributorId: key.distributorId, customerId: key.customerId, status: 'all' })
    .select([...COLUMNS])
    .where('t.id', '=', key.ticketId)
    .executeTakeFirst();
  return row as TicketDbRow | undefined;
}

export interface MessageDbRow {
  id: string;
  side: SupportMessageTable['side'];
  body: string;
  created_at: string;
  author_name: string;
  author_role: 'retailer' | 'sales' | 'distributor';
}

export async function listMessages(db: DbOrTrx, ticketId: string): Promise<MessageDbRow[]> {
  return db
    .selectFrom('support_messages as m')
    .innerJoin('users as u', 'u.id', 'm.author_user_id')
    .select(['m.id', 'm.side', 'm.body', 'm.created_at', 'u.name as author_name', 'u.role as author_role'])
    .where('m.ticket_id', '=', ticketId)
    .orderBy('m.created_at', 'asc')
    .orderBy('m.id', 'asc')
    .execute();
}

export type AttachmentDbRow = Pick<
  SupportAttachmentTable,
  'id' | 'message_id' | 'storage_key' | 'file_name' | 'content_type' | 'bytes'
>;

const ATTACHMENT_COLUMNS = ['id', 'message_id', 'storage_key', 'file_name', 'content_type', 'bytes'] as const;

export function listTicketAttachments(db: DbOrTrx, ticketId: string): Promise<AttachmentDbRow[]> {
  return db
    .selectFrom('support_attachments')
    .select([...ATTACHMENT_COLUMNS])
    .where('ticket_id', '=', ticketId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findTicketAttachment(db: DbOrTrx, ticketId: string, attachmentId: string): Promise<AttachmentDbRow | undefined> {
  return db
    .selectFrom('support_attachments')
    .select([...ATTACHMENT_COLUMNS])
    .where('ticket_id', '=', ticketId)
    .where('id', '=', attachmentId)
    .executeTakeFirst();
}

export async function insertAttachment(db: DbOrTrx, row: SupportAttachmentTable): Promise<void> {
  await db.insertInto('support_attachments').values(row).execute();
}

/**
 * Gives uploaded files to a message: only files this user uploaded and no message has taken yet.
 * Answers how many were taken; fewer than asked means one was not available (the caller rolls back).
 */
export async function claimAttachments(
  trx: DbOrTrx,
  ids: readonly string[],
  claim: { uploaderId: string; distributorId: string; ticketId: string; messageId: string },
): Promise<number> {
  if (!ids.length) return 0;
  const res = await trx
    .updateTable('support_attachments')
    .set({ ticket_id: claim.ticketId, message_id: claim.messageId })
    .where('id', 'in', [...ids])
    .where('uploaded_by_user_id', '=', claim.uploaderId)
    .where('distributor_id', '=', claim.distributorId)
    .where('message_id', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function insertTicket(trx: DbOrTrx, row: SupportTicketTable): Promise<void> {
  await trx.insertInto('support_tickets').values(row).execute();
}

export async function insertMessage(trx: DbOrTrx, row: SupportMessageTable): Promise<void> {
  await trx.insertInto('support_messages').values(row).execute();
}

/** After a message: its side, the new status, the count and the activity time, in one statement. */
export async function recordMessageOnTicket(
  trx: DbOrTrx,
  ticketId: string,
  change: { side: SupportMessageTable['side']; status: SupportTicketTable['status']; at: string },
): Promise<void> {
  await trx
    .updateTable('support_tickets')
    .set({
      last_side: change.side,
      status: change.status,
      message_count: sql`message_count + 1`,
      updated_at: change.at,
      resolved_at: change.status === 'resolved' ? change.at : null,
    })
    .where('id', '=', ticketId)
    .execute();
}

export async function updateTicket(
  trx: DbOrTrx,
  ticketId: string,
  set: Partial<Pick<SupportTicketTable, 'status' | 'assignee_user_id' | 'updated_at' | 'resolved_at'>>,
): Promise<void> {
  await trx.updateTable('support_tickets').set(set).where('id', '=', ticketId).execute();
}

/** The distributor's active staff users, by name (the assignee choices). */
export function listStaff(db: DbOrTrx, distributorId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('distributor_id', '=', distributorId)
    .where('role', '=', 'distributor')
    .where('is_active', '=', 1)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export function findActiveStaff(db: DbOrTrx, distributorId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', userId)
    .where('distributor_id', '=', distributorId)
    .where('role', '=', 'distributor')
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** Where a store is told of a reply: its active retailer users' e-mails, else the store's own e-mail. */
export async function storeEmails(db: DbOrTrx, customerId: string): Promise<string[]> {
  const users = await db
    .selectFrom('users')
    .select('email')
    .where('customer_id', '=', customerId)
    .where('role', '=', 'retailer')
    .where('is_active', '=', 1)
    .where('email', 'is not', null)
    .execute();
  const emails = users.map((u) => u.email!).filter(Boolean);
  if (emails.length) return [...new Set(emails)];
  const store = await db.selectFrom('customers').select('email').where('id', '=', customerId).executeTakeFirst();
  return store?.email ? [store.email] : [];
}
