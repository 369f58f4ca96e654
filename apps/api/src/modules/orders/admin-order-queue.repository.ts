// All SQL of the office's order queue: one distributor's orders with their store and who placed them,
// filtered, sorted and paged with an exact count; saved views; a status move (history row, and on
// cancel the stock and a credit entry back) inside the caller's transaction.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AdminOrderSortKey, PlacedBy } from '@portal/shared/orders/admin-orders.schemas';
import type { Sorting } from '@portal/shared/api/sort';
import { ORDER_STATUSES, type OrderStatus } from '@portal/shared/orders/order-status';
import { dialectOf, type DbOrTrx } from '../../db/database.ts';
import { newId } from '../../platform/ids.ts';
import { containsPattern } from '../../db/like.ts';

export interface QueueFilter {
  distributorId: string;
  statuses?: readonly OrderStatus[];
  /** created_at range: [createdFrom, createdBefore) as ISO times. */
  createdFrom?: string;
  createdBefore?: string;
  /** requested_delivery_date range, days inclusive. */
  deliveryFrom?: string;
  deliveryTo?: string;
  route?: string;
  orderDay?: number;
  salesRepId?: string;
  placedBy?: PlacedBy;
  customerId?: string;
  amountMinCents?: number;
  amountMaxCents?: number;
  search?: string;
  /**
   * The products the search names (item number or description contains it), as the catalogue's
   * service found them, or null for more than MATCH_LIST_MAX. Left undefined, they are read here.
   */
  searchProductIds?: string[] | null;
  late?: boolean;
}

const storeMatch = (p: string) =>
  sql<SqlBool>`(lower(qc.company_name) like ${p} escape '\\' or lower(qc.c_number) like ${p} escape '\\')`;
const productMatch = (p: string) =>
  sql<SqlBool>`(lower(qp.item_number) like ${p} escape '\\' or lower(qp.description) like ${p} escape '\\')`;

/**
 * The stores and products a search's text names, as id lists, or null for a side with more than
 * MATCH_LIST_MAX matches (then the query keeps the subquery: a long literal list costs more than it saves).
 */
export interface SearchMatches {
  storeIds: string[] | null;
  productIds: string[] | null;
}
export const MATCH_LIST_MAX = 500;
const unresolvedMatches: SearchMatches = { storeIds: null, productIds: null };

export async function searchMatches(db: DbOrTrx, f: QueueFilter): Promise<SearchMatches | undefined> {
  if (!f.search) return undefined;
  const p = containsPattern(f.search);
  const [stores, products] = await Promise.all([
    db
      .selectFrom('customers as qc')
      .select('qc.id')
      .where('qc.distributor_id', '=', f.distributorId)
      .where(storeMatch(p))
      .limit(MATCH_LIST_MAX + 1)
      .execute(),
    f.searchProductIds !== undefined
      ? null
      : db
          .selectFrom('products as qp')
          .select('qp.id')
          .where('qp.distributor_id', '=', f.distributorId)
          .where(productMatch(p))
          .limit(MATCH_LIST_MAX + 1)
          .execute(),
  ]);
  const list = (rows: { id: string }[]) => (rows.length > MATCH_LIST_MAX ? null : rows.map((r) => r.id));
  return { storeIds: list(stores), productIds: products ? list(products) : (f.searchProductIds ?? null) };
}

/**
 * The stores and products a search names, as lists (searchMatches) or, for a side with too many, as
 * subqueries; null for a side that matches nothing (left out of the search).
 */
function matchSources(db: DbOrTrx, distributorId: string, search: string, m: SearchMatches) {
  const p = containsPattern(search);
  const storeIds =
    m.storeIds ??
    db.selectFrom('customers as qc').select('qc.id').where('qc.distributor_id', '=', distributorId).where(storeMatch(p));
  const productIds =
    m.productIds ??
    db.selectFrom('products as qp').select('qp.id').where('qp.distributor_id', '=', distributorId).where(productMatch(p));
  return {
    storeIds: m.storeIds === null || m.storeIds.length > 0 ? storeIds : null,
    productIds: m.productIds === null || m.productIds.length > 0 ? productIds : null,
  };
}

const ordersHolding = (db: DbOrTrx, productIds: NonNullable<ReturnType<typeof matchSources>['productIds']>) =>
  db.selectFrom('order_lines as ql').select('ql.order_id as id').where('ql.product_id', 'in', productIds);

/**
 * The ids of the orders a search matches, as a union of id sets each read through its own index: the
 * order number's unique index, the stores' orders, the products' order lines.
 */
function matchedOrderIds(db: DbOrTrx, distributorId: string, search: string, m: SearchMatches) {
  const { storeIds, productIds } = matchSources(db, distributorId, search, m);
  let ids = db
    .selectFrom('orders as qo')
    .select('qo.id')
    .where('qo.distributor_id', '=', distributorId)
    .where('qo.order_number', '=', search);
  if (storeIds) ids = ids.union(db.selectFrom('orders as qs').select('qs.id').where('qs.customer_id', 'in', storeIds));
  if (productIds) ids = ids.union(ordersHolding(db, productIds));
  return ids;
}

/**
 * The filtered orders. Filters on the store (route, order day, sales rep, the store part of the
 * search) select the distributor's matching customers first (a small table with its own indexes),
 * and the orders through orders_customer_created_idx; filters on the order use 0014's indexes.
 * The search matches the order number exactly, a store's name or C_Number (contains), or an item
 * number or description of a product on the order (contains; through order_lines_product_idx).
 */
function queueQuery(
  db: DbOrTrx,
  f: QueueFilter,
  opts: { walkCreated?: boolean; forCount?: boolean; matches?: SearchMatches } = {},
) {
  // SQLite: a unary plus keeps the planner off a column's index, so that it walks
  // orders_dist_created_idx newest first and stops at the page (see listQueue).
  const col = (name: 'o.status' | 'o.requested_delivery_date' | 'o.placed_by_role' | 'o.customer_id' | 'o.total_cents') =>
    opts.walkCreated ? sql<string | number>`+${sql.ref(name)}` : sql<string | number>`${sql.ref(name)}`;
  const byStore = f.route != null || f.orderDay != null || f.salesRepId != null;
  // Counting by store: the stores are already this distributor's, and each order is its store's
  // distributor's, so the count reads orders_customer_created_idx alone instead of every matching row.
  let q =
    byStore && opts.forCount
      ? db.selectFrom('orders as o')
      : db.selectFrom('orders as o').where('o.distributor_id', '=', f.distributorId);
  if (f.statuses?.length) q = q.where(col('o.status'), 'in', [...f.statuses]);
  if (f.createdFrom) q = q.where('o.created_at', '>=', f.createdFrom);
  if (f.createdBefore) q = q.where('o.created_at', '<', f.createdBefore);
  if (f.deliveryFrom) q = q.where(col('o.requested_delivery_date'), '>=', f.deliveryFrom);
  if (f.deliveryTo) q = q.where(col('o.requested_delivery_date'), '<=', f.deliveryTo);
  if (f.placedBy) q = q.where(col('o.placed_by_role'), '=', f.placedBy);
  if (f.customerId) q = q.where(col('o.customer_id'), '=', f.customerId);
  if (f.amountMinCents != null) q = q.where(col('o.total_cents'), '>=', f.amountMinCents);
  if (f.amountMaxCents != null) q = q.where(col('o.total_cents'), '<=', f.amountMaxCents);
  if (f.late != null) q = q.where('o.late', '=', f.late ? 1 : 0);
  if (byStore) {
    let stores = db.selectFrom('customers as sc').select('sc.id').where('sc.distributor_id', '=', f.distributorId);
    if (f.route != null) stores = stores.where('sc.route_number', '=', f.route);
    if (f.orderDay != null) stores = stores.where('sc.order_day', '=', f.orderDay);
    if (f.salesRepId != null) stores = stores.where('sc.sales_rep_id', '=', f.salesRepId);
    q = q.where(col('o.customer_id'), 'in', stores);
  }
  if (f.search) {
    // The same matches either way; only the plan differs. A search of digits (an order number, a
    // C_Number) is answered as a union of id sets, each read through its own index (the order
    // number's unique index, the stores' orders, the items' order lines): an `or` would test every
    // order. A search of words (a store or item name) may match thousands of a store's orders: there
    // the `or` is cheaper than collecting and de-duplicating their ids. The stores and products a
    // search names are read once per request (searchMatches) and given here as lists; a part that
    // matches nothing is left out, so that a store-name search never reads order lines.
    const search = f.search;
    const m = opts.matches ?? unresolvedMatches;
    if (/^[0-9]+$/.test(search)) {
      q = q.where('o.id', 'in', matchedOrderIds(db, f.distributorId, search, m));
    } else {
      const { storeIds, productIds } = matchSources(db, f.distributorId, search, m);
      q = q.where((eb) =>
        eb.or([
          eb('o.order_number', '=', search),
          ...(storeIds ? [eb(col('o.customer_id'), 'in', storeIds)] : []),
          ...(productIds ? [eb('o.id', 'in', ordersHolding(db, productIds))] : []),
        ]),
      );
    }
  }
  return q;
}

/** Statuses sort in lifecycle order (placed … delivered, then cancelled), not alphabetically. */
const statusRank = sql<number>`case o.status ${sql.join(
  ORDER_STATUSES.map((st, i) => sql`when ${st} then ${i}`),
  sql` `,
)} else ${ORDER_STATUSES.length} end`;
/** Nulls last in both directions and on both databases. */
const nullsLast = (column: Expression<unknown>) => sql`case when ${column} is null then 1 else 0 end`;

export interface QueueRow {
  id: string;
  order_number: string;
  customer_id: string;
  c_number: string;
  company_name: string;
  route_number: string | null;
  placed_by_role: PlacedBy;
  placed_by_name: string | null;
  status: OrderStatus;
  created_at: string;
  requested_delivery_date: string | null;
  late?: number | string;
  item_count: number | string;
  total_cents: number | string;
}

const ROW_COLUMNS = [
  'o.id',
  'o.order_number',
  'o.customer_id',
  'c.c_number',
  'c.company_name',
  'c.route_number',
  'o.placed_by_role',
  'u.name as placed_by_name',
  'o.status',
  'o.created_at',
  'o.requested_delivery_date',
  'o.late',
  'o.item_count',
  'o.total_cents',
] as const;

/** At least this many matching orders: walking the newest-first index finds a page within a few rows. */
const WALK_FROM = 1000;

/**
 * One page of the queue: the count, then the page's ids from the orders alone (joining the stores only
 * to sort by them), then those rows with their store and placer. Joining first let the planner start
 * from the customers and sort every order of the distributor for one page.
 * On SQLite, sorted by date and with many matches, the filters' own indexes are set aside (walkCreated)
 * so that the page is read from orders_dist_created_idx newest first: a filter matching a tenth of
 * 200,000 orders otherwise reads and sorts all 20,000 of them for 25 rows.
 */
export async function listQueue(
  db: DbOrTrx,
  f: QueueFilter,
  sorting: Sorting<AdminOrderSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: QueueRow[]; total: number }> {
  const matches = await searchMatches(db, f);
  const total = await countQueue(db, f, matches);
  if (total <= page.offset) return { rows: [], total };
  const { dir } = sorting;
  const walkCreated = dialectOf(db) === 'sqlite' && sorting.sort === 'createdAt' && total >= WALK_FROM;
  let q = queueQuery(db, f, { walkCreated, matches }).select('o.id');
  switch (sorting.sort) {
    case 'orderNumber':
      q = q.orderBy('o.order_number', dir);
      break;
    case 'deliveryDate':
      q = q.orderBy(nullsLast(sql.ref('o.requested_delivery_date'))).orderBy('o.requested_delivery_date', dir);
      break;
    case 'store':
      q = q
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .orderBy(sql`lower(c.company_name)`, dir)
        .orderBy('c.c_number', dir);
      break;
    case 'route':
      q = q
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .orderBy(nullsLast(sql.ref('c.route_number')))
        .orderBy('c.route_number', dir)
        .orderBy(nullsLast(sql.ref('c.stop_number')))
        .orderBy('c.stop_number', dir);
      break;
    case 'status':
      q = q.orderBy(statusRank, dir);
      break;
    case 'items':
      q = q.orderBy('o.item_count', dir);
      break;
    case 'total':
      q = q.orderBy('o.total_cents', dir);
      break;
    case 'createdAt':
      break;
  }
  // Ties fall back to newest first, then the id, so that a row never appears on two pages.
  const tieDir = sorting.sort === 'createdAt' ? dir : 'desc';
  const ids = (
    await q.orderBy('o.created_at', tieDir).orderBy('o.id', tieDir).limit(page.limit).offset(page.offset).execute()
  ).map((r) => r.id);
  if (!ids.length) return { rows: [], total };
  const found = await db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('users as u', 'u.id', 'o.placed_by_user_id')
    .select([...ROW_COLUMNS])
    .where('o.id', 'in', ids)
    .execute();
  const byId = new Map(found.map((r) => [r.id, r as QueueRow]));
  return { rows: ids.map((id) => byId.get(id)).filter((r): r is QueueRow => r !== undefined), total };
}

export async function countQueue(db: DbOrTrx, f: QueueFilter, matches?: SearchMatches): Promise<number> {
  const m = matches ?? (await searchMatches(db, f));
  if (f.search && m && dialectOf(db) === 'postgres' && searchIsTheOnlyFilter(f))
    return countSearchOnly(db, f.search, f.distributorId, m);
  const row = await queueQuery(db, f, { forCount: true, matches: m })
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const searchIsTheOnlyFilter = (f: QueueFilter) =>
  (Object.keys(f) as (keyof QueueFilter)[]).every(
    (k) =>
      k === 'distributorId' ||
      k === 'search' ||
      k === 'searchProductIds' ||
      f[k] === undefined ||
      (k === 'statuses' && !f.statuses?.length),
  );

/**
 * PostgreSQL, a search alone: the distinct ids of the three sets it matches, each read from an index alone
 * (the order number's, orders_customer_id_idx, order_lines_product_idx), instead of testing the `or` on
 * every order of the distributor. Every id is the distributor's: its stores' orders, and the orders
 * holding its products (an order's lines are always products of its own distributor's catalogue: placing
 * and editing an order read that catalogue alone).
 */
async function countSearchOnly(db: DbOrTrx, search: string, distributorId: string, m: SearchMatches): Promise<number> {
  const row = await db
    .selectFrom(matchedOrderIds(db, distributorId, search, m).as('u'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The distributor's orders among these ids, with what a move and its report need. */
export function findOrdersForMove(db: DbOrTrx, distributorId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('users as u', 'u.id', 'o.placed_by_user_id')
    .select([...ROW_COLUMNS])
    .where('o.distributor_id', '=', distributorId)
    .where('o.id', 'in', [...ids])
    .execute() as Promise<QueueRow[]>;
}

/**
 * Moves one order from `from` to `to` if it is still at `from` (a conditional update: an order moved
 * meanwhile by someone else is not moved twice) and writes its history row. Returns false when the
 * order was no longer at `from`.
 */
export async function moveOrderStatus(
  trx: DbOrTrx,
  move: { orderId: string; from: OrderStatus; to: OrderStatus; userId: string; note: string | null; at: string },
): Promise<boolean> {
  const updated = await trx
    .updateTable('orders')
    .set({ status: move.to, updated_at: move.at })
    .where('id', '=', move.orderId)
    .where('status', '=', move.from)
    .returning('id')
    .executeTakeFirst();
  if (!updated) return false;
  await trx
    .insertInto('order_status_history')
    .values({
      id: newId(),
      order_id: move.orderId,
      status: move.to,
      note: move.note,
      created_by_user_id: move.userId,
      created_at: move.at,
    })
    .execute();
  return true;
}

export function currentStatus(trx: DbOrTrx, orderId: string) {
  return trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
}

/** Puts every line's quantity back on its product's shelf (one statement per product of the order). */
export async function returnStockOfOrder(trx: DbOrTrx, orderId: string): Promise<void> {
  const lines = await trx
    .selectFrom('order_lines')
    .select(['product_id', (eb) => eb.fn.sum<number | string>('quantity').as('qty')])
    .where('order_id', '=', orderId)
    .groupBy('product_id')
    .orderBy('product_id')
    .execute();
  for (const l of lines) {
    await trx
      .updateTable('products')
      .set({ stock_on_hand: sql`stock_on_hand + ${Number(l.qty)}` })
      .where('id', '=', l.product_id)
      .execute();
  }
}

/** The credit that undoes the invoice posted at placement, and the customer's balance with it. */
export async function postCancellationCredit(
  trx: DbOrTrx,
  entry: { customerId: string; orderId: string; reference: string; amountCents: number; at: string },
): Promise<void> {
  await trx
    .insertInto('receivable_entries')
    .values({
      id: newId(),
      customer_id: entry.customerId,
      kind: 'credit',
      order_id: entry.orderId,
      reference: entry.reference,
      amount_cents: -entry.amountCents,
      note: 'Order cancelled',
      created_at: entry.at,
    })
    .execute();
  await trx
    .updateTable('customers')
    .set({ balance_cents: sql`balance_cents - ${entry.amountCents}` })
    .where('id', '=', entry.customerId)
    .execute();
}

// Saved views.
export function listViews(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('saved_order_views')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findView(db: DbOrTrx, userId: string, id: string) {
  return db.selectFrom('saved_order_views').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function findViewByName(db: DbOrTrx, userId: string, name: string, exceptId?: string) {
  let q = db.selectFrom('saved_order_views').select('id').where('user_id', '=', userId).where('name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export async function countViews(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('saved_order_views')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertView(
  db: DbOrTrx,
  row: { id: string; distributor_id: string; user_id: string; name: string; filters: string; at: string },
): Promise<void> {
  await db
    .insertInto('saved_order_views')
    .values({
      id: row.id,
      distributor_id: row.distributor_id,
      user_id: row.user_id,
      name: row.name,
      filters: row.filters,
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

export async function updateView(db: DbOrTrx, userId: string, id: string, set: { name: string; filters: string; at: string }) {
  await db
    .updateTable('saved_order_views')
    .set({ name: set.name, filters: set.filters, updated_at: set.at })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export async function deleteView(db: DbOrTrx, userId: string, id: string): Promise<void> {
  await db.deleteFrom('saved_order_views').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** The full rows of these orders (their own distributor's), for the PDF. */
export function findFullOrders(db: DbOrTrx, distributorId: string, ids: readonly string[]) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('distributor_id', '=', distributorId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The filter bar's choices: the distributor's sales reps and the routes its stores are on. */
export async function filterChoices(db: DbOrTrx, distributorId: string) {
  const reps = await db
    .selectFrom('sales_reps')
    .select(['id', 'name'])
    .where('distributor_id', '=', distributorId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const routes = await db
    .selectFrom('customers')
    .select('route_number')
    .distinct()
    .where('distributor_id', '=', distributorId)
    .where('route_number', 'is not', null)
    .orderBy('route_number')
    .execute();
  return { salesReps: reps, routes: routes.map((r) => r.route_number!) };
}
