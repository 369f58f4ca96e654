// SQL of the office's contact-request list: one distributor's requests with their reviewer, filtered and paged.
import { sql, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { ContactRequestTable } from '../../db/schema.ts';

export interface ContactFilters {
  distributorId: string;
  status: 'new' | 'handled' | 'converted' | 'all';
  source: 'public' | 'store' | 'all';
  search?: string;
}

function filtered(db: DbOrTrx, f: ContactFilters) {
  let q = db.selectFrom('contact_requests as cr').where('cr.distributor_id', '=', f.distributorId);
  if (f.status !== 'all') q = q.where('cr.status', '=', f.status);
  if (f.source === 'public') q = q.where('cr.customer_id', 'is', null);
  if (f.source === 'store') q = q.where('cr.customer_id', 'is not', null);
  if (f.search) {
    // Lower-cased on both sides: LIKE is case-sensitive on PostgreSQL and not on SQLite.
    const p = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(
      sql<SqlBool>`(lower(cr.name) like ${p} escape '\\' or lower(cr.email) like ${p} escape '\\'
        or lower(coalesce(cr.store_name, '')) like ${p} escape '\\' or lower(cr.message) like ${p} escape '\\')`,
    );
  }
  return q;
}

function withReviewer(q: ReturnType<typeof filtered>) {
  return q
    .leftJoin('customers as c', 'c.id', 'cr.customer_id')
    .leftJoin('users as u', 'u.id', 'cr.handled_by_user_id')
    .select([
      'cr.id',
      'cr.name',
      'cr.email',
      'cr.phone',
      'cr.message',
      'cr.store_name',
      'cr.customer_id',
      'cr.status',
      'cr.created_at',
      'cr.handled_at',
      'cr.handled_by_user_id',
      'cr.retailer_request_id',
      'cr.ticket_id',
      'c.c_number',
      'u.name as handled_by_name',
    ]);
}

export async function listContactRequests(db: DbOrTrx, f: ContactFilters, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    withReviewer(filtered(db, f))
      .orderBy('cr.created_at', 'desc')
      .orderBy('cr.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, f)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
export type ContactRequestDbRow = Awaited<ReturnType<typeof listContactRequests>>['rows'][number];

export function findContactRequestRow(db: DbOrTrx, distributorId: string, id: string) {
  return withReviewer(filtered(db, { distributorId, status: 'all', source: 'all' }))
    .where('cr.id', '=', id)
    .executeTakeFirst();
}

export function findContactRequest(db: DbOrTrx, distributorId: string, id: string) {
  return db
    .selectFrom('contact_requests')
    .selectAll()
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Changes a request still new; false when another change came first. */
export async function reviewIfNew(
  db: DbOrTrx,
  distributorId: string,
  id: string,
  set: Pick<ContactRequestTable, 'status' | 'handled_by_user_id' | 'handled_at' | 'retailer_request_id' | 'ticket_id'>,
): Promise<boolean> {
  const res = await db
    .updateTable('contact_requests')
    .set(set)
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .where('status', '=', 'new')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function updateContactRequest(
  db: DbOrTrx,
  distributorId: string,
  id: string,
  set: Pick<ContactRequestTable, 'status' | 'handled_by_user_id' | 'handled_at' | 'retailer_request_id' | 'ticket_id'>,
): Promise<void> {
  await db.updateTable('contact_requests').set(set).where('distributor_id', '=', distributorId).where('id', '=', id).execute();
}
