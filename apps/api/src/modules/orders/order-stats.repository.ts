// The dashboard's sums over one distributor's orders (issue 18 §5). Each reads a created_at range
// [start, end) through orders_dist_created_cover_idx (0026) without visiting order rows; `mid` splits
// the range into the previous period (before it) and the current one (from it on).
import { sql } from 'kysely';
import type { OrderStatus } from '@portal/shared/orders/order-status';
import type { DbOrTrx } from '../../db/database.ts';

export interface StatsRange {
  distributorId: string;
  start: string;
  mid: string;
  end: string;
}

const isCurrent = (mid: string) => sql<number>`case when created_at >= ${mid} then 1 else 0 end`;

/** Orders other than cancelled per time bucket (the first `prefix` characters of created_at: 13 = the UTC hour). */
export async function orderBuckets(db: DbOrTrx, r: StatsRange, prefix: 13 | 16) {
  const bucket = sql<string>`substr(created_at, 1, ${sql.lit(prefix)})`;
  const rows = await db
    .selectFrom('orders')
    .select([
      bucket.as('bucket'),
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string>('total_cents').as('cents'),
    ])
    .where('distributor_id', '=', r.distributorId)
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .where('status', '<>', 'cancelled')
    .groupBy(bucket)
    .execute();
  return rows.map((x) => ({ bucket: x.bucket, orders: Number(x.n), cents: Number(x.cents) }));
}

/** Orders per status in each period. */
export async function orderStatusCounts(db: DbOrTrx, r: StatsRange) {
  const cur = isCurrent(r.mid);
  const rows = await db
    .selectFrom('orders')
    .select(['status', cur.as('cur'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('distributor_id', '=', r.distributorId)
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    // by position: PostgreSQL would see the select's and a repeated case's parameters as two expressions
    .groupBy([sql`1`, sql`2`])
    .execute();
  return rows.map((x) => ({ status: x.status as OrderStatus, current: Number(x.cur) === 1, orders: Number(x.n) }));
}

/** Orders other than cancelled and their total per store in each period. */
export async function orderStoreTotals(db: DbOrTrx, r: StatsRange) {
  const cur = isCurrent(r.mid);
  const rows = await db
    .selectFrom('orders')
    .select([
      'customer_id',
      cur.as('cur'),
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string>('total_cents').as('cents'),
    ])
    .where('distributor_id', '=', r.distributorId)
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .where('status', '<>', 'cancelled')
    .groupBy([sql`1`, sql`2`])
    .execute();
  return rows.map((x) => ({
    customerId: x.customer_id,
    current: Number(x.cur) === 1,
    orders: Number(x.n),
    cents: Number(x.cents),
  }));
}

/**
 * Products by the sum of their line totals on orders other than cancelled in [start, end): the best
 * `limit`, or exactly the products named.
 */
export async function productTotals(
  db: DbOrTrx,
  q: { distributorId: string; start: string; end: string; limit?: number; productIds?: readonly string[] },
) {
  if (q.productIds && q.productIds.length === 0) return [];
  let query = db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .select([
      'l.product_id',
      (eb) => eb.fn.sum<number | string>('l.quantity').as('qty'),
      (eb) => eb.fn.sum<number | string>('l.line_total_cents').as('cents'),
    ])
    .where('o.distributor_id', '=', q.distributorId)
    .where('o.created_at', '>=', q.start)
    .where('o.created_at', '<', q.end)
    .where('o.status', '<>', 'cancelled')
    .groupBy('l.product_id');
  if (q.productIds) query = query.where('l.product_id', 'in', q.productIds);
  if (q.limit)
    query = query
      .orderBy(sql`sum(l.line_total_cents)`, 'desc')
      .orderBy('l.product_id')
      .limit(q.limit);
  const rows = await query.execute();
  return rows.map((x) => ({ productId: x.product_id, quantity: Number(x.qty), cents: Number(x.cents) }));
}

/**
 * Of the windows given (one store order day each: the stores with that order day, [s, e)), the stores
 * that placed no order other than cancelled inside the window: per period and store, how many windows
 * and the latest one's day. One statement: the windows are a VALUES list joined to the stores, and each
 * store's orders are probed through orders_customer_created_idx.
 */
export async function missedOrderWindows(
  db: DbOrTrx,
  distributorId: string,
  windows: readonly { current: boolean; day: string; weekday: number; start: string; end: string }[],
) {
  if (windows.length === 0) return [];
  const values = sql.join(
    windows.map((w) => sql`(${w.current ? 1 : 0}, ${w.day}, ${w.weekday}, ${w.start}, ${w.end})`),
    sql`, `,
  );
  const rows = await sql<{ cur: number | string; customer_id: string; n: number | string; last_day: string }>`
    with w (cur, day, wd, s, e) as (values ${values})
    select cast(w.cur as integer) as cur, c.id as customer_id, count(*) as n, max(w.day) as last_day
    from w
    inner join customers c on c.distributor_id = ${distributorId} and c.order_day = cast(w.wd as integer)
    where c.is_active = 1
      and c.created_at < w.e
      and not exists (
        select 1 from orders o
        where o.customer_id = c.id and o.created_at >= w.s and o.created_at < w.e and o.status <> 'cancelled'
      )
    group by cast(w.cur as integer), c.id
  `.execute(db);
  return rows.rows.map((x) => ({
    current: Number(x.cur) === 1,
    customerId: x.customer_id,
    missed: Number(x.n),
    lastDay: x.last_day,
  }));
}
