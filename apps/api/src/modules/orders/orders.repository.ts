// All SQL of orders: placement (sequence, order, lines, status history, stock, receivable),
// and the customer's history, ordered products and status timeline.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { OrderLineTable, OrderTable } from '../../db/schema.ts';
import { newId } from '../../platform/ids.ts';
import type { OrderedItemsSortKey, OrderHistorySortKey, Sorting } from '@portal/shared/api/sort';
import { ORDER_STATUSES } from '@portal/shared/orders/order-status';
import { containsPattern } from '../../db/like.ts';

/** Locks the customer's row until commit (PostgreSQL): one placement per customer at a time. */
export async function lockCustomer(trx: DbOrTrx, customerId: string): Promise<void> {
  await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().executeTakeFirst();
}

export function findOrderByIdempotencyKey(db: DbOrTrx, customerId: string, key: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * Takes the stock of every line in one statement: a line is taken only when back-orders are allowed
 * (the product's flag or the distributor's setting) or the product has the stock. Returns the ids taken; the caller refuses the order (rolling the
 * transaction back) unless all were. On PostgreSQL the rows are locked first in id order, so concurrent
 * orders of overlapping products queue rather than deadlock.
 */
export async function takeStockForLines(
  trx: DbOrTrx,
  lines: readonly { productId: string; quantity: number }[],
  opts: { dialect: 'sqlite' | 'postgres'; backOrdersAllowed: boolean },
): Promise<Set<string>> {
  const { dialect } = opts;
  if (lines.length === 0) return new Set();
  const ids = lines.map((l) => l.productId);
  if (dialect === 'postgres') {
    await trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  }
  const quantity = sql<number>`cast(case id ${sql.join(
    lines.map((l) => sql`when ${l.productId} then ${l.quantity}`),
    sql` `,
  )} end as integer)`;
  const rows = await trx
    .updateTable('products')
    .set({ stock_on_hand: sql`stock_on_hand - ${quantity}` })
    .where('id', 'in', ids)
    .$if(!opts.backOrdersAllowed, (qb) =>
      qb.where((eb) => eb.or([eb('allow_backorder', '=', 1), eb('stock_on_hand', '>=', quantity)])),
    )
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function stockOfProducts(db: DbOrTrx, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.selectFrom('products').select(['id', 'stock_on_hand']).where('id', 'in', productIds).execute();
  return new Map(rows.map((r) => [r.id, r.stock_on_hand]));
}

/** The next value of a named sequence (the row lock serialises concurrent takers). */
export async function nextSequenceValue(trx: DbOrTrx, name: string, start: number): Promise<number> {
  const row = await trx
    .updateTable('sequences')
    .set({ value: sql`value + 1` })
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirst();
  if (row) return Number(row.value);
  await trx.insertInto('sequences').values({ name, value: start }).execute();
  return start;
}

export async function insertOrder(
  trx: DbOrTrx,
  order: OrderTable,
  lines: OrderLineTable[],
  history: { note: string | null; userId: string },
): Promise<void> {
  await trx.insertInto('orders').values(order).execute();
  // Chunked so a large cart stays under SQLite's bound-parameter limit.
  for (let i = 0; i < lines.length; i += 50)
    await trx
      .insertInto('order_lines')
      .values(lines.slice(i, i + 50))
      .execute();
  await trx
    .insertInto('order_status_history')
    .values({
      id: newId(),
      order_id: order.id,
      status: order.status,
      note: history.note,
      created_by_user_id: history.userId,
      created_at: order.created_at,
    })
    .execute();
}

/** The invoice entry of an order and the customer's balance, together. */
export async function postInvoice(
  trx: DbOrTrx,
  entry: { customerId: string; orderId: string; reference: string; amountCents: number; at: string },
): Promise<void> {
  await trx
    .insertInto('receivable_entries')
    .values({
      id: newId(),
      customer_id: entry.customerId,
      kind: 'invoice',
      order_id: entry.orderId,
      reference: entry.reference,
      amount_cents: entry.amountCents,
      note: null,
      created_at: entry.at,
    })
    .execute();
  await trx
    .updateTable('customers')
    .set({ balance_cents: sql`balance_cents + ${entry.amountCents}` })
    .where('id', '=', entry.customerId)
    .execute();
}

export interface HistoryFilter {
  customerId: string;
  from?: string;
  /** Exclusive upper bound. */
  before?: string;
  search?: string;
}

function historyQuery(db: DbOrTrx, f: HistoryFilter) {
  let qb = db.selectFrom('orders as o').where('o.customer_id', '=', f.customerId);
  if (f.from) qb = qb.where('o.created_at', '>=', f.from);
  if (f.before) qb = qb.where('o.created_at', '<', f.before);
  if (f.search) {
    const s = f.search.toLowerCase();
    const like = containsPattern(s);
    qb = qb.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['o.order_number']), 'like', like),
        eb(eb.fn('lower', ['o.po_number']), 'like', like),
        eb.exists(
          eb
            .selectFrom('order_lines as ol')
            .select(sql`1`.as('one'))
            .whereRef('ol.order_id', '=', 'o.id')
            .where((w) =>
              w.or([
                w(w.fn('lower', ['ol.description']), 'like', like),
                w(w.fn('lower', ['ol.item_number']), 'like', like),
                w('ol.upc', '=', f.search!),
              ]),
            ),
        ),
      ]),
    );
  }
  return qb;
}

/** Statuses sort in lifecycle order (placed … delivered, then cancelled), not alphabetically. */
const statusRank = sql<number>`case o.status ${sql.join(
  ORDER_STATUSES.map((st, i) => sql`when ${st} then ${i}`),
  sql` `,
)} else ${ORDER_STATUSES.length} end`;

const HISTORY_SORT_COLUMNS = {
  date: sql`o.created_at`,
  orderNumber: sql`o.order_number`,
  items: sql`o.item_count`,
  total: sql`o.total_cents`,
  status: statusRank,
} satisfies Record<OrderHistorySortKey, unknown>;

export async function listOrders(
  db: DbOrTrx,
  f: HistoryFilter,
  sorting: Sorting<OrderHistorySortKey>,
  offset: number,
  limit: number,
) {
  const countRow = await historyQuery(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const dir = sorting.dir;
  // Ties (same day, same total, same status) fall back to newest first, then the id, so that a
  // row never appears on two pages.
  const rows =
    total > offset
      ? await historyQuery(db, f)
          .selectAll('o')
          .orderBy(HISTORY_SORT_COLUMNS[sorting.sort], dir)
          .orderBy('o.created_at', 'desc')
          .orderBy('o.order_number', 'desc')
          .orderBy('o.id', dir)
          .limit(limit)
          .offset(offset)
          .execute()
      : [];
  return { rows, total };
}

export function findCustomerOrder(db: DbOrTrx, customerId: string, orderNumber: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('order_number', '=', orderNumber)
    .executeTakeFirst();
}

function linesQuery(db: DbOrTrx, orderId: string, search?: string) {
  let qb = db
    .selectFrom('order_lines as ol')
    .leftJoin('products as p', 'p.id', 'ol.product_id')
    .where('ol.order_id', '=', orderId);
  if (search) {
    const like = containsPattern(search);
    qb = qb.where((w) =>
      w.or([
        w(w.fn('lower', ['ol.description']), 'like', like),
        w(w.fn('lower', ['ol.item_number']), 'like', like),
        w('ol.upc', '=', search),
      ]),
    );
  }
  return qb;
}

export async function listOrderLines(
  db: DbOrTrx,
  orderId: string,
  opts: { search?: string; offset: number; limit: number | null },
) {
  const countRow = await linesQuery(db, orderId, opts.search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  let qb = linesQuery(db, orderId, opts.search)
    .selectAll('ol')
    .select(['p.show_distributor_image', 'p.distributor_image_url', 'p.master_image_url'])
    .orderBy('ol.line_no');
  if (opts.limit != null) qb = qb.limit(opts.limit).offset(opts.offset);
  return { rows: await qb.execute(), total: Number(countRow?.n ?? 0) };
}

export function listStatusHistory(db: DbOrTrx, orderId: string) {
  return db
    .selectFrom('order_status_history')
    .select(['status', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
}

/** Lines of one product (by item number, or by UPC) in the customer's orders, newest first. */
export async function listProductOrders(db: DbOrTrx, customerId: string, productNumber: string, offset: number, limit: number) {
  const base = () =>
    db
      .selectFrom('order_lines as ol')
      .innerJoin('orders as o', 'o.id', 'ol.order_id')
      .where('o.customer_id', '=', customerId)
      .where((w) => w.or([w('ol.item_number', '=', productNumber), w('ol.upc', '=', productNumber)]));
  const countRow = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const rows = await base()
    .select([
      'o.id as order_id',
      'o.order_number',
      'o.created_at',
      'o.status',
      'ol.product_id',
      'ol.item_number',
      'ol.description',
      'ol.quantity',
      'ol.unit_price_cents',
      'ol.line_total_cents',
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.order_number', 'desc')
    .orderBy('ol.line_no')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(countRow?.n ?? 0) };
}

export function findProductByNumber(db: DbOrTrx, distributorId: string, productNumber: string) {
  return db
    .selectFrom('products as p')
    .select(['p.id', 'p.item_number', 'p.description'])
    .where('p.distributor_id', '=', distributorId)
    .where((w) =>
      w.or([
        w('p.item_number', '=', productNumber),
        w('p.id', 'in', w.selectFrom('product_upcs').select('product_id').where('upc', '=', productNumber)),
      ]),
    )
    .executeTakeFirst();
}

// A product keeps one description and item number in practice; max() picks one when it was renamed.
const ORDERED_SORT_COLUMNS = {
  lastOrdered: sql`max(o.created_at)`,
  name: sql`max(lower(ol.description))`,
  itemNumber: sql`max(lower(ol.item_number))`,
  totalQuantity: sql`sum(ol.quantity)`,
  orderCount: sql`count(distinct o.id)`,
} satisfies Record<OrderedItemsSortKey, unknown>;

/** Distinct products the customer has ordered (cancelled orders left out), most recently ordered first. */
export async function listOrderedProducts(
  db: DbOrTrx,
  customerId: string,
  opts: { search?: string; offset: number; limit: number; sorting: Sorting<OrderedItemsSortKey> },
) {
  const base = () => {
    let qb = db
      .selectFrom('order_lines as ol')
      .innerJoin('orders as o', 'o.id', 'ol.order_id')
      .where('o.customer_id', '=', customerId)
      .where('o.status', '!=', 'cancelled');
    if (opts.search) {
      const like = containsPattern(opts.search);
      const exact = opts.search;
      qb = qb.where((w) =>
        w.or([
          w(w.fn('lower', ['ol.description']), 'like', like),
          w(w.fn('lower', ['ol.item_number']), 'like', like),
          w('ol.upc', '=', exact),
        ]),
      );
    }
    return qb;
  };
  const countRow = await db
    .selectFrom(base().select('ol.product_id').distinct().as('d'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const groups = await base()
    .select((eb) => [
      'ol.product_id',
      eb.fn.max('o.created_at').as('last_at'),
      eb.fn.sum<number>('ol.quantity').as('total_qty'),
      sql<number>`count(distinct o.id)`.as('order_count'),
    ])
    .groupBy('ol.product_id')
    .orderBy(ORDERED_SORT_COLUMNS[opts.sorting.sort], opts.sorting.dir)
    .orderBy('last_at', 'desc')
    .orderBy('ol.product_id', opts.sorting.dir)
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
  const ids = groups.map((g) => g.product_id);
  const latest = ids.length
    ? await db
        .selectFrom('order_lines as ol')
        .innerJoin('orders as o', 'o.id', 'ol.order_id')
        .select(['ol.product_id', 'ol.item_number', 'ol.description', 'ol.upc', 'ol.quantity', 'o.order_number', 'o.created_at'])
        .where('o.customer_id', '=', customerId)
        .where('o.status', '!=', 'cancelled')
        .where('ol.product_id', 'in', ids)
        .orderBy('o.created_at', 'desc')
        .orderBy('o.order_number', 'desc')
        .execute()
    : [];
  const last = new Map<string, (typeof latest)[number] & { qtyInLastOrder: number }>();
  for (const l of latest) {
    const seen = last.get(l.product_id);
    if (!seen) last.set(l.product_id, { ...l, qtyInLastOrder: l.quantity });
    else if (seen.order_number === l.order_number) seen.qtyInLastOrder += l.quantity; // the same product on two lines of one order
  }
  return {
    total: Number(countRow?.n ?? 0),
    rows: groups.map((g) => ({
      productId: g.product_id,
      lastAt: String(g.last_at),
      totalQty: Number(g.total_qty),
      orderCount: Number(g.order_count),
      last: last.get(g.product_id)!,
    })),
  };
}

/** Of these customers, those with an order that is not cancelled placed at or after `since`. */
export async function customersOrderedSince(db: DbOrTrx, customerIds: readonly string[], since: string): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('orders')
    .select('customer_id')
    .distinct()
    .where('customer_id', 'in', customerIds)
    .where('created_at', '>=', since)
    .where('status', '!=', 'cancelled')
    .execute();
  return new Set(rows.map((r) => r.customer_id));
}

/** One page of a distributor's orders placed in [from, before), oldest first, after a (created_at, id) key. */
export async function ordersForExportPage(
  db: DbOrTrx,
  q: { distributorId: string; from: string; before: string; after: { createdAt: string; id: string } | null; limit: number },
) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.id',
      'o.order_number',
      'o.created_at',
      'o.status',
      'o.po_number',
      'o.item_count',
      'o.subtotal_cents',
      'o.tax_cents',
      'o.crv_cents',
      'o.delivery_charge_cents',
      'o.total_cents',
      'c.c_number',
      'c.company_name',
    ])
    .where('o.distributor_id', '=', q.distributorId)
    .where('o.created_at', '>=', q.from)
    .where('o.created_at', '<', q.before);
  if (q.after) {
    const a = q.after;
    query = query.where((eb) =>
      eb.or([eb('o.created_at', '>', a.createdAt), eb.and([eb('o.created_at', '=', a.createdAt), eb('o.id', '>', a.id)])]),
    );
  }
  return query.orderBy('o.created_at').orderBy('o.id').limit(q.limit).execute();
}
