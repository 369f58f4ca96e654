// All SQL of the office's sign-up requests: one distributor's requests paged, sorted, searched and
// filtered by status; look-alike open requests; inserts, edits and the one-time decision.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Sorting } from '@portal/shared/api/sort';
import type { RequestSortKey, RequestStatusFilter } from '@portal/shared/retailer-requests/retailer-requests.schemas';
import type { DbOrTrx } from '../../db/database.ts';
import type { RetailerRequestTable } from '../../db/schema.ts';

export interface RequestListFilter {
  distributorId: string;
  status: RequestStatusFilter;
  search?: string;
}

const COLUMNS = [
  'q.id',
  'q.distributor_id',
  'q.store_name',
  'q.owner_name',
  'q.email',
  'q.phone',
  'q.address',
  'q.city',
  'q.state',
  'q.zip',
  'q.status',
  'q.notes',
  'q.customer_id',
  'q.verified_at',
  'q.reviewed_by_user_id',
  'q.reviewed_at',
  'q.reject_reason',
  'q.created_by_user_id',
  'q.created_at',
  'q.updated_at',
  'u.name as reviewed_by_name',
  'c.c_number as customer_number',
  sql<number>`case when q.password_hash is null then 0 else 1 end`.as('has_password'),
] as const;

export interface RequestDbRow {
  id: string;
  distributor_id: string;
  store_name: string;
  owner_name: string;
  email: string;
  phone: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  status: RetailerRequestTable['status'];
  notes: string | null;
  customer_id: string | null;
  verified_at: string | null;
  reviewed_by_user_id: string | null;
  reviewed_at: string | null;
  reject_reason: string | null;
  created_by_user_id: string | null;
  created_at: string;
  updated_at: string | null;
  reviewed_by_name: string | null;
  customer_number: string | null;
  has_password: number | string;
}

/** `%text%` for LIKE with its wildcards taken literally (escape character `\`). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function requestsQuery(db: DbOrTrx, f: RequestListFilter) {
  let q = db
    .selectFrom('retailer_requests as q')
    .leftJoin('users as u', 'u.id', 'q.reviewed_by_user_id')
    .leftJoin('customers as c', 'c.id', 'q.customer_id')
    .where('q.distributor_id', '=', f.distributorId);
  if (f.status === 'open') q = q.where('q.status', 'in', ['unverified', 'pending']);
  else if (f.status !== 'all') q = q.where('q.status', '=', f.status);
  if (f.search) {
    const p = containsPattern(f.search);
    const like = (col: 'q.store_name' | 'q.owner_name' | 'q.email' | 'q.city'): Expression<SqlBool> =>
      sql<SqlBool>`lower(coalesce(${sql.ref(col)}, '')) like ${p} escape '\\'`;
    // Phones are stored as digits: 916-555-0100 finds 19165550100.
    const digits = f.search.replace(/[^0-9]/g, '');
    const phone = /^[0-9 +().-]+$/.test(f.search) && digits.length >= 3 ? [sql<SqlBool>`q.phone like ${`%${digits}%`}`] : [];
    q = q.where((eb) => eb.or([like('q.store_name'), like('q.owner_name'), like('q.email'), like('q.city'), ...phone]));
  }
  return q;
}

/** Nulls last in both directions and on both databases. */
const nullsLast = (column: Expression<unknown>) => sql`case when ${column} is null then 1 else 0 end`;
/** Requests in the order staff act on them: waiting for approval, waiting for the code, then decided. */
const statusRank = sql`case q.status when 'pending' then 0 when 'unverified' then 1 when 'approved' then 2 else 3 end`;

export async function listRequests(
  db: DbOrTrx,
  f: RequestListFilter,
  sorting: Sorting<RequestSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: RequestDbRow[]; total: number }> {
  const { dir } = sorting;
  let q = requestsQuery(db, f).select([...COLUMNS]);
  switch (sorting.sort) {
    case 'storeName':
      q = q.orderBy(sql`lower(q.store_name)`, dir);
      break;
    case 'ownerName':
      q = q.orderBy(sql`lower(q.owner_name)`, dir);
      break;
    case 'city':
      q = q.orderBy(nullsLast(sql.ref('q.city'))).orderBy(sql`lower(q.city)`, dir);
      break;
    case 'status':
      q = q.orderBy(statusRank, dir);
      break;
    case 'createdAt':
      break;
  }
  const rows = await q
    .orderBy('q.created_at', sorting.sort === 'createdAt' ? dir : 'desc')
    .orderBy('q.id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await requestsQuery(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows as RequestDbRow[], total: Number(count.n) };
}

export async function findRequest(db: DbOrTrx, distributorId: string, id: string): Promise<RequestDbRow | undefined> {
  const row = await requestsQuery(db, { distributorId, status: 'all' })
    .select([...COLUMNS])
    .where('q.id', '=', id)
    .executeTakeFirst();
  return row as RequestDbRow | undefined;
}

/** The password the applicant chose (never leaves the API). */
export async function findPasswordHash(db: DbOrTrx, id: string): Promise<string | null> {
  const row = await db.selectFrom('retailer_requests').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash ?? null;
}

export interface RequestProbe {
  phones: string[];
  emails: string[];
  addresses: string[];
  names: string[];
}

/** Open requests (unverified or pending) of the distributor sharing a phone, e-mail, address or name. */
export function findOpenRequestsMatching(db: DbOrTrx, distributorId: string, probe: RequestProbe) {
  return db
    .selectFrom('retailer_requests as q')
    .select(['q.id', 'q.store_name', 'q.phone', 'q.email', 'q.address', 'q.status'])
    .where('q.distributor_id', '=', distributorId)
    .where('q.status', 'in', ['unverified', 'pending'])
    .where((eb) => {
      const any: Expression<SqlBool>[] = [];
      if (probe.phones.length) any.push(eb('q.phone', 'in', probe.phones));
      if (probe.emails.length) any.push(eb(sql<string>`lower(q.email)`, 'in', probe.emails));
      if (probe.addresses.length) any.push(eb(sql<string>`lower(trim(q.address))`, 'in', probe.addresses));
      if (probe.names.length) any.push(eb(sql<string>`lower(trim(q.store_name))`, 'in', probe.names));
      return any.length ? eb.or(any) : sql<SqlBool>`1 = 0`;
    })
    .orderBy('q.created_at', 'desc')
    .limit(200)
    .execute();
}

/** Open requests with this e-mail or phone (staff may not add a second one). */
export function findOpenRequestByAddress(db: DbOrTrx, email: string, phone: string, exceptId?: string) {
  let q = db
    .selectFrom('retailer_requests')
    .select('id')
    .where('status', 'in', ['unverified', 'pending'])
    .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', email), eb('phone', '=', phone)]));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export async function insertRequest(db: DbOrTrx, row: RetailerRequestTable): Promise<void> {
  await db.insertInto('retailer_requests').values(row).execute();
}

/** Changes a request only while it has the expected status; false when it no longer has it. */
export async function updateRequestIf(
  db: DbOrTrx,
  distributorId: string,
  id: string,
  expected: RetailerRequestTable['status'],
  set: Partial<RetailerRequestTable>,
): Promise<boolean> {
  const res = await db
    .updateTable('retailer_requests')
    .set(set)
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
