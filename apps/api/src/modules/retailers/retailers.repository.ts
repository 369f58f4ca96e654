// All SQL of the admin retailers: one distributor's customers with their sales rep, last order and
// open-order count, paged, sorted, searched and filtered; inserts and updates of a store's terms.
import type { CreditPolicy } from '@portal/shared/credit/credit';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AdminRetailerSortKey, Sorting } from '@portal/shared/api/sort';
import { OPEN_ORDER_STATUSES, type RetailerStatusFilter } from '@portal/shared/retailers/retailers.schemas';
import type { DbOrTrx } from '../../db/database.ts';
import type { CustomerTable } from '../../db/schema.ts';

export interface RetailerListFilter {
  distributorId: string;
  search?: string;
  route?: string;
  orderDay?: number;
  salesRepId?: string;
  priceClass?: number;
  status: RetailerStatusFilter;
  balanceMinCents?: number;
  balanceMaxCents?: number;
  hasOpenOrders?: boolean;
}

const COLUMNS = [
  'c.id',
  'c.c_number',
  'c.company_name',
  'c.contact_name',
  'c.address',
  'c.city',
  'c.state',
  'c.zip',
  'c.phone',
  'c.email',
  'c.balance_cents',
  'c.order_day',
  'c.route_number',
  'c.stop_number',
  'c.sales_rep_id',
  'c.price_level',
  'c.min_order_cents',
  'c.item_limit_qty',
  'c.delivery_charge_rule',
  'c.delivery_charge_cents',
  'c.credit_limit_cents',
  'c.credit_policy',
  'c.payment_terms_days',
  'c.is_tax_exempt',
  'c.notes',
  'c.is_active',
  'c.created_at',
  'r.name as sales_rep_name',
] as const;

export interface RetailerDbRow {
  id: string;
  c_number: string;
  company_name: string;
  contact_name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  balance_cents: number | string;
  order_day: number;
  route_number: string | null;
  stop_number: string | null;
  sales_rep_id: string | null;
  sales_rep_name: string | null;
  price_level: number;
  min_order_cents: number | null;
  item_limit_qty: number | null;
  delivery_charge_rule: 'standard' | 'waived' | 'flat';
  delivery_charge_cents: number | null;
  credit_limit_cents: number | null;
  credit_policy: string;
  payment_terms_days: number;
  is_tax_exempt: number;
  notes: string | null;
  is_active: number;
  created_at: string;
  last_order_at: string | null;
  open_order_count: number | string;
}

/** `%text%` for LIKE with its wildcards taken literally (escape character `\`). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Written out as literals (constants, not input), exactly as migration 0011's partial index of open
// orders is: a planner matches a partial index only on the same terms.
const openStatuses = sql.raw(OPEN_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));
const lastOrderAt = sql<string | null>`(select max(o.created_at) from orders o where o.customer_id = c.id)`;
/** The phone with its punctuation removed, so 9165550100 finds (916) 555-0100. */
const phoneDigits = sql<string>`replace(replace(replace(replace(replace(coalesce(c.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', '')`;

function retailersQuery(db: DbOrTrx, f: RetailerListFilter) {
  let q = db
    .selectFrom('customers as c')
    .leftJoin('sales_reps as r', 'r.id', 'c.sales_rep_id')
    .where('c.distributor_id', '=', f.distributorId);
  if (f.status === 'active') q = q.where('c.is_active', '=', 1);
  if (f.status === 'inactive') q = q.where('c.is_active', '=', 0);
  if (f.route) q = q.where('c.route_number', '=', f.route);
  if (f.orderDay != null) q = q.where('c.order_day', '=', f.orderDay);
  if (f.salesRepId) q = q.where('c.sales_rep_id', '=', f.salesRepId);
  if (f.priceClass != null) q = q.where('c.price_level', '=', f.priceClass);
  if (f.balanceMinCents != null) q = q.where('c.balance_cents', '>=', f.balanceMinCents);
  if (f.balanceMaxCents != null) q = q.where('c.balance_cents', '<=', f.balanceMaxCents);
  if (f.hasOpenOrders != null) {
    // One pass over the open orders (a partial index), not a look-up in each store's history.
    const open = sql`(select o.customer_id from orders o where o.status in (${openStatuses}))`;
    q = q.where(f.hasOpenOrders ? sql<SqlBool>`c.id in ${open}` : sql<SqlBool>`c.id not in ${open}`);
  }
  if (f.search) {
    const p = containsPattern(f.search);
    const like = (col: 'c.c_number' | 'c.company_name' | 'c.contact_name' | 'c.phone' | 'c.city'): Expression<SqlBool> =>
      sql<SqlBool>`lower(coalesce(${sql.ref(col)}, '')) like ${p} escape '\\'`;
    const digits = f.search.replace(/[^0-9]/g, '');
    const phoneLike =
      /^[0-9 +()-]+$/.test(f.search) && digits.length >= 3 ? [sql<SqlBool>`${phoneDigits} like ${`%${digits}%`}`] : [];
    q = q.where((eb) =>
      eb.or([like('c.c_number'), like('c.company_name'), like('c.contact_name'), like('c.phone'), like('c.city'), ...phoneLike]),
    );
  }
  return q;
}

/** Nulls last in both directions and on both databases (SQLite puts them first, PostgreSQL last). */
const nullsLast = (column: Expression<unknown>) => sql`case when ${column} is null then 1 else 0 end`;

export async function listRetailers(
  db: DbOrTrx,
  f: RetailerListFilter,
  sorting: Sorting<AdminRetailerSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: RetailerDbRow[]; total: number }> {
  const { dir } = sorting;
  let q = retailersQuery(db, f).select([...COLUMNS]);
  switch (sorting.sort) {
    case 'cNumber':
      q = q.orderBy('c.c_number', dir);
      break;
    case 'city':
      q = q.orderBy(nullsLast(sql.ref('c.city'))).orderBy(sql`lower(c.city)`, dir);
      break;
    case 'route':
      q = q
        .orderBy(nullsLast(sql.ref('c.route_number')))
        .orderBy('c.route_number', dir)
        .orderBy(nullsLast(sql.ref('c.stop_number')))
        .orderBy('c.stop_number', dir);
      break;
    case 'balance':
      q = q.orderBy('c.balance_cents', dir);
      break;
    case 'lastOrder':
      q = q.orderBy(nullsLast(lastOrderAt)).orderBy(lastOrderAt, dir);
      break;
    case 'name':
      break;
  }
  const rows = await q
    .orderBy(sql`lower(c.company_name)`, sorting.sort === 'name' ? dir : 'asc')
    .orderBy('c.c_number', 'asc')
    .orderBy('c.id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await retailersQuery(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: await withOrderFacts(db, rows as CustomerDbRow[]), total: Number(count.n) };
}

type CustomerDbRow = Omit<RetailerDbRow, 'last_order_at' | 'open_order_count'>;

/**
 * The last order date and open-order count of the page's stores only, in one grouped query (computing
 * them for every store that matches before paging costs a look-up in each one's order history).
 */
async function withOrderFacts(db: DbOrTrx, rows: CustomerDbRow[]): Promise<RetailerDbRow[]> {
  if (!rows.length) return [];
  const facts = await db
    .selectFrom('orders as o')
    .select([
      'o.customer_id',
      sql<string | null>`max(o.created_at)`.as('last_order_at'),
      sql<number | string>`sum(case when o.status in (${openStatuses}) then 1 else 0 end)`.as('open_order_count'),
    ])
    .where(
      'o.customer_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('o.customer_id')
    .execute();
  const byCustomer = new Map(facts.map((x) => [x.customer_id, x]));
  return rows.map((r) => ({
    ...r,
    last_order_at: byCustomer.get(r.id)?.last_order_at ?? null,
    open_order_count: byCustomer.get(r.id)?.open_order_count ?? 0,
  }));
}

export async function findRetailer(db: DbOrTrx, distributorId: string, id: string): Promise<RetailerDbRow | undefined> {
  const row = await retailersQuery(db, { distributorId, status: 'all' })
    .select([...COLUMNS])
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row ? (await withOrderFacts(db, [row as CustomerDbRow]))[0] : undefined;
}

/** Another customer of this distributor with this C_Number (exactly as stored, after trimming). */
export function findRetailerByNumber(db: DbOrTrx, distributorId: string, cNumber: string, exceptId?: string) {
  let q = db.selectFrom('customers').select('id').where('distributor_id', '=', distributorId).where('c_number', '=', cNumber);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export function findSalesRep(db: DbOrTrx, distributorId: string, id: string) {
  return db
    .selectFrom('sales_reps')
    .select('id')
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type RetailerFields = Pick<
  CustomerTable,
  | 'c_number'
  | 'company_name'
  | 'contact_name'
  | 'address'
  | 'city'
  | 'state'
  | 'zip'
  | 'phone'
  | 'email'
  | 'route_number'
  | 'stop_number'
  | 'order_day'
  | 'sales_rep_id'
  | 'price_level'
  | 'min_order_cents'
  | 'item_limit_qty'
  | 'delivery_charge_cents'
  | 'credit_limit_cents'
  | 'notes'
> & {
  delivery_charge_rule: 'standard' | 'waived' | 'flat';
  is_tax_exempt: number;
  credit_policy: CreditPolicy;
  payment_terms_days: number;
};

export async function insertRetailer(
  db: DbOrTrx,
  row: RetailerFields & { id: string; distributor_id: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('customers')
    .values({ ...row, balance_cents: 0, is_active: 1 })
    .execute();
}

export async function updateRetailer(
  db: DbOrTrx,
  distributorId: string,
  id: string,
  set: Partial<RetailerFields> & { is_active?: number },
): Promise<void> {
  await db.updateTable('customers').set(set).where('distributor_id', '=', distributorId).where('id', '=', id).execute();
}

/** The distributor's active sales reps (the form's and the filter's picker). */
// ---- for sign-up requests (modules/retailer-requests, through retailers.service.ts) ----

/** What a request is compared with: phones as digit strings (both 10 and 11 digits), the rest lower-cased. */
export interface StoreProbe {
  phones: string[];
  emails: string[];
  addresses: string[];
  names: string[];
}

/** The distributor's stores sharing a phone, e-mail, address or business name with the probe. */
export function findStoresMatching(db: DbOrTrx, distributorId: string, probe: StoreProbe) {
  return db
    .selectFrom('customers as c')
    .select(['c.id', 'c.c_number', 'c.company_name', 'c.phone', 'c.email', 'c.address'])
    .where('c.distributor_id', '=', distributorId)
    .where((eb) => {
      const any: Expression<SqlBool>[] = [];
      if (probe.phones.length) any.push(eb(phoneDigits, 'in', probe.phones));
      if (probe.emails.length) any.push(eb(sql<string>`lower(trim(c.email))`, 'in', probe.emails));
      if (probe.addresses.length) any.push(eb(sql<string>`lower(trim(c.address))`, 'in', probe.addresses));
      if (probe.names.length) any.push(eb(sql<string>`lower(trim(c.company_name))`, 'in', probe.names));
      return any.length ? eb.or(any) : sql<SqlBool>`1 = 0`;
    })
    .orderBy('c.c_number')
    .limit(200)
    .execute();
}

/**
 * The numeric C_Numbers with the most digits, largest first: the next free number is one more than
 * the first. Sorting by length, then text, orders digit strings numerically without a cast that a
 * non-numeric C_Number would break on either database.
 */
export async function largestCustomerNumbers(db: DbOrTrx, distributorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('customers')
    .select('c_number')
    .where('distributor_id', '=', distributorId)
    .orderBy(sql`length(c_number)`, 'desc')
    .orderBy('c_number', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => r.c_number);
}

export function listActiveSalesReps(db: DbOrTrx, distributorId: string) {
  return db
    .selectFrom('sales_reps')
    .select(['id', 'name'])
    .where('distributor_id', '=', distributorId)
    .where('is_active', '=', 1)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** The distinct route numbers of the distributor's stores. */
export async function listRouteNumbers(db: DbOrTrx, distributorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('customers')
    .select('route_number')
    .distinct()
    .where('distributor_id', '=', distributorId)
    .where('route_number', 'is not', null)
    .execute();
  return rows.map((r) => r.route_number).filter((r): r is string => Boolean(r));
}
