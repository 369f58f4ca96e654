// All SQL of the office's staff users (role distributor) and sales reps: paged, sorted, searched lists,
// one record, role changes, rep records, their granted sales modules and their customers.
import { sql, type SqlBool } from 'kysely';
import type { SalesRepSortKey, StaffSortKey } from '@portal/shared/staff/staff-sort';
import type { StaffStatusFilter } from '@portal/shared/staff/staff.schemas';
import type { Sorting } from '@portal/shared/api/sort';
import type { DbOrTrx } from '../../db/database.ts';
import type { SalesRepTable } from '../../db/schema.ts';
import { nowIso } from '../../platform/clock.ts';
import { containsPattern } from '../../db/like.ts';

const likeAny = (cols: string[], text: string) => {
  const p = containsPattern(text);
  return sql<SqlBool>`(${sql.join(
    cols.map((c) => sql`lower(coalesce(${sql.ref(c)}, '')) like ${p} escape '\\'`),
    sql` or `,
  )})`;
};
/** Digits typed in a search also find a phone stored as digits (9165550100 or (916) 555-0100). */
const digitsOf = (text: string) => (/^[0-9 +()-]+$/.test(text) ? text.replace(/[^0-9]/g, '') : '');

// ---- staff users ----

export interface StaffFilter {
  distributorId: string;
  search?: string;
  roleId?: string;
  status: StaffStatusFilter;
}

// The latest use of any session of the user (sessions_user_idx).
const lastSeen = sql<string | null>`(select max(s.last_seen_at) from sessions s where s.user_id = u.id)`;

export interface StaffDbRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  is_active: number;
  has_password: number;
  created_at: string;
  role_id: string | null;
  role_name: string | null;
  last_seen_at: string | null;
}

function staffQuery(db: DbOrTrx, f: StaffFilter) {
  let q = db
    .selectFrom('users as u')
    .leftJoin('distributor_roles as r', (j) =>
      j.onRef('r.id', '=', 'u.distributor_role_id').onRef('r.distributor_id', '=', 'u.distributor_id'),
    )
    .where('u.distributor_id', '=', f.distributorId)
    .where('u.role', '=', 'distributor');
  if (f.status === 'active') q = q.where('u.is_active', '=', 1);
  if (f.status === 'inactive') q = q.where('u.is_active', '=', 0);
  if (f.roleId) q = q.where('u.distributor_role_id', '=', f.roleId);
  if (f.search) {
    const text = f.search;
    const digits = digitsOf(text);
    q = q.where((eb) =>
      eb.or([
        likeAny(['u.name', 'u.email', 'u.phone'], text),
        ...(digits.length >= 3 ? [sql<SqlBool>`coalesce(u.phone, '') like ${`%${digits}%`}`] : []),
      ]),
    );
  }
  return q;
}

const staffColumns = (q: ReturnType<typeof staffQuery>) =>
  q.select([
    'u.id',
    'u.name',
    'u.email',
    'u.phone',
    'u.is_active',
    sql<number>`case when u.password_hash is null then 0 else 1 end`.as('has_password'),
    'u.created_at',
    'r.id as role_id',
    'r.name as role_name',
    lastSeen.as('last_seen_at'),
  ]);

const STAFF_ORDER: Record<StaffSortKey, ReturnType<typeof sql>> = {
  name: sql`lower(u.name)`,
  email: sql`lower(coalesce(u.email, u.phone, ''))`,
  role: sql`lower(coalesce(r.name, ''))`,
  // Never signed in sorts as the oldest on both databases (they place nulls differently).
  lastSeen: sql`coalesce(${lastSeen}, '')`,
  createdAt: sql`u.created_at`,
};

export async function listStaff(
  db: DbOrTrx,
  f: StaffFilter,
  sorting: Sorting<StaffSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: StaffDbRow[]; total: number }> {
  const dir = sql.raw(sorting.dir === 'desc' ? 'desc' : 'asc');
  const [rows, count] = await Promise.all([
    staffColumns(staffQuery(db, f))
      .orderBy(sql`${STAFF_ORDER[sorting.sort]} ${dir}`)
      .orderBy('u.id', sorting.dir)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    staffQuery(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as StaffDbRow[], total: Number(count.n) };
}

/** One staff user of the distributor (role distributor), or undefined. */
export async function findStaffUser(db: DbOrTrx, distributorId: string, userId: string): Promise<StaffDbRow | undefined> {
  return (await staffColumns(staffQuery(db, { distributorId, status: 'all' }))
    .where('u.id', '=', userId)
    .executeTakeFirst()) as StaffDbRow | undefined;
}

/** The user's sessions that are signed in now: not revoked, used and signed in within the lifetime. */
export async function countLiveSessions(
  db: DbOrTrx,
  userId: string,
  bounds: { lastSeenAfter: string; createdAfter: string },
): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '>', bounds.lastSeenAfter)
    .where('created_at', '>', bounds.createdAfter)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setUserRole(db: DbOrTrx, userId: string, roleId: string): Promise<void> {
  await db.updateTable('users').set({ distributor_role_id: roleId, updated_at: nowIso() }).where('id', '=', userId).execute();
}

// ---- sales reps ----

export interface SalesRepFilter {
  distributorId: string;
  search?: string;
  status: StaffStatusFilter;
}

export interface SalesRepDbRow {
  id: string;
  code: string;
  name: string;
  email: string | null;
  phone: string | null;
  is_active: number;
  customer_count: number | string;
  user_id: string | null;
  user_active: number | null;
  user_has_password: number | null;
  user_last_seen_at: string | null;
  role_id: string | null;
  role_name: string | null;
  role_rep_count: number | string | null;
}

// A rep's sign-in: its first sales user (one per rep in practice; the oldest if ever more).
const repUser = sql<string | null>`(select min(x.id) from users x where x.sales_rep_id = sr.id and x.role = 'sales')`;
const customerCount = sql<number>`(select count(*) from customers c where c.sales_rep_id = sr.id)`;

function repsQuery(db: DbOrTrx, f: SalesRepFilter) {
  let q = db
    .selectFrom('sales_reps as sr')
    .leftJoin('users as u', (j) => j.on(sql<SqlBool>`u.id = ${repUser}`))
    .leftJoin('distributor_roles as r', (j) =>
      j.onRef('r.id', '=', 'u.distributor_role_id').onRef('r.distributor_id', '=', 'sr.distributor_id'),
    )
    .where('sr.distributor_id', '=', f.distributorId);
  if (f.status === 'active') q = q.where('sr.is_active', '=', 1);
  if (f.status === 'inactive') q = q.where('sr.is_active', '=', 0);
  if (f.search) {
    const digits = digitsOf(f.search);
    q = q.where((eb) =>
      eb.or([
        likeAny(['sr.name', 'sr.code', 'sr.email', 'sr.phone', 'u.email', 'u.phone'], f.search!),
        ...(digits.length >= 3 ? [sql<SqlBool>`coalesce(u.phone, '') like ${`%${digits}%`}`] : []),
      ]),
    );
  }
  return q;
}

const repColumns = (q: ReturnType<typeof repsQuery>) =>
  q.select([
    'sr.id',
    'sr.code',
    'sr.name',
    'sr.email',
    'sr.phone',
    'sr.is_active',
    customerCount.as('customer_count'),
    'u.id as user_id',
    'u.is_active as user_active',
    sql<number | null>`case when u.id is null then null when u.password_hash is null then 0 else 1 end`.as('user_has_password'),
    sql<string | null>`(select max(s.last_seen_at) from sessions s where s.user_id = u.id)`.as('user_last_seen_at'),
    'r.id as role_id',
    'r.name as role_name',
    sql<number | null>`(select count(*) from users x where x.role = 'sales' and x.distributor_role_id = r.id)`.as(
      'role_rep_count',
    ),
  ]);

const REP_ORDER: Record<SalesRepSortKey, ReturnType<typeof sql>> = {
  name: sql`lower(sr.name)`,
  code: sql`lower(sr.code)`,
  customers: customerCount,
};

export async function listSalesReps(
  db: DbOrTrx,
  f: SalesRepFilter,
  sorting: Sorting<SalesRepSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: SalesRepDbRow[]; total: number }> {
  const dir = sql.raw(sorting.dir === 'desc' ? 'desc' : 'asc');
  const [rows, count] = await Promise.all([
    repColumns(repsQuery(db, f))
      .orderBy(sql`${REP_ORDER[sorting.sort]} ${dir}`)
      .orderBy('sr.id', sorting.dir)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    repsQuery(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as SalesRepDbRow[], total: Number(count.n) };
}

export async function findSalesRep(db: DbOrTrx, distributorId: string, repId: string): Promise<SalesRepDbRow | undefined> {
  return (await repColumns(repsQuery(db, { distributorId, status: 'all' }))
    .where('sr.id', '=', repId)
    .executeTakeFirst()) as SalesRepDbRow | undefined;
}

export async function insertSalesRep(db: DbOrTrx, row: SalesRepTable): Promise<void> {
  await db.insertInto('sales_reps').values(row).execute();
}

export async function updateSalesRep(
  db: DbOrTrx,
  repId: string,
  values: Partial<Pick<SalesRepTable, 'is_active' | 'email' | 'phone'>>,
): Promise<void> {
  await db.updateTable('sales_reps').set(values).where('id', '=', repId).execute();
}

/** Whether another rep of the distributor has this code (letter case aside). */
export async function repCodeTaken(db: DbOrTrx, distributorId: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('sales_reps')
    .select('id')
    .where('distributor_id', '=', distributorId)
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

/** The codes of the distributor's reps (to find the next free `SRnn`). */
export async function repCodes(db: DbOrTrx, distributorId: string): Promise<string[]> {
  const rows = await db.selectFrom('sales_reps').select('code').where('distributor_id', '=', distributorId).execute();
  return rows.map((r) => r.code);
}

/** The ids of the rep's sign-ins (role sales). */
export async function repUserIds(db: DbOrTrx, repId: string): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('sales_rep_id', '=', repId).where('role', '=', 'sales').execute();
  return rows.map((r) => r.id);
}

export interface RepCustomerDbRow {
  id: string;
  c_number: string;
  company_name: string;
  city: string | null;
  route_number: string | null;
  balance_cents: number | string;
  is_active: number;
}

/** The rep's customers, by business name, searched by C_Number, name or city. */
export async function listRepCustomers(
  db: DbOrTrx,
  distributorId: string,
  repId: string,
  search: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: RepCustomerDbRow[]; total: number }> {
  let q = db.selectFrom('customers as c').where('c.distributor_id', '=', distributorId).where('c.sales_rep_id', '=', repId);
  if (search) q = q.where(likeAny(['c.c_number', 'c.company_name', 'c.city'], search));
  const [rows, count] = await Promise.all([
    q
      .select(['c.id', 'c.c_number', 'c.company_name', 'c.city', 'c.route_number', 'c.balance_cents', 'c.is_active'])
      .orderBy(sql`lower(c.company_name)`)
      .orderBy('c.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
