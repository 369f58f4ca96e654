// The sales roll-ups of migrations 0033 and 0040 (docs/admin-dashboard.md "Freshness"): every order write
// takes the order out of them as it was and puts it back as it is, in the same transaction
// (applyOrderSales −1 before the change, +1 after). A distributor whose roll-ups were never built, or
// were cut in another time zone than its setting, is rebuilt from its orders on the next read.
import { sql } from 'kysely';
import { addDays } from '@portal/shared/dashboard/distributor-dashboard.schemas';
import type { OrderStatus } from '@portal/shared/orders/order-status';
import { dialectOf, type DbOrTrx } from '../../db/database.ts';
import { rebuildSalesSummary } from '../../db/sales-summary.ts';
import { localDay } from '../../platform/time-zone.ts';
import { readInBackground, readInBackgroundInChunks } from '../../db/background-reads.ts';
import { periodParts, type DaySpan } from './sales-period.ts';

/** The time zone the distributor's roll-ups were cut in, or null when they are not built. */
export async function summaryTimeZone(trx: DbOrTrx, distributorId: string, lock: boolean): Promise<string | null> {
  let q = trx.selectFrom('sales_summary_state').select('time_zone').where('distributor_id', '=', distributorId);
  // PostgreSQL: writers share the state row, a rebuild takes it alone (see rebuildIfStale).
  if (lock && dialectOf(trx) === 'postgres') q = q.forShare();
  return (await q.executeTakeFirst())?.time_zone ?? null;
}

/** Takes the order out of the roll-ups (`sign` −1) or puts it in (+1), as it is stored now. */
export async function applyOrderSales(trx: DbOrTrx, orderId: string, sign: 1 | -1): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select(['distributor_id', 'customer_id', 'status', 'total_cents', 'created_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return;
  const timeZone = await summaryTimeZone(trx, order.distributor_id, true);
  if (timeZone === null) return; // not built: the next read builds it from the orders
  const day = localDay(new Date(order.created_at), timeZone);
  const lines = await trx
    .selectFrom('order_lines')
    .select([
      'product_id',
      (eb) => eb.fn.sum<number | string>('quantity').as('qty'),
      (eb) => eb.fn.sum<number | string>('line_total_cents').as('cents'),
    ])
    .where('order_id', '=', orderId)
    .groupBy('product_id')
    .orderBy('product_id')
    .execute();
  const quantity = lines.reduce((n, l) => n + Number(l.qty), 0);
  const base = { distributor_id: order.distributor_id, day };
  const monthBase = { distributor_id: order.distributor_id, month: day.slice(0, 7) };
  const orderSums = { orders: sign, total_cents: sign * order.total_cents, quantity: sign * quantity };
  await addToRollUp(trx, 'sales_daily', { ...base, status: order.status }, orderSums);
  if (order.status === 'cancelled') return;
  await addToRollUp(trx, 'sales_daily_stores', { ...base, customer_id: order.customer_id }, orderSums);
  await addToRollUp(trx, 'sales_monthly_stores', { ...monthBase, customer_id: order.customer_id }, orderSums);
  for (const l of lines) {
    const sums = { orders: sign, quantity: sign * Number(l.qty), line_cents: sign * Number(l.cents) };
    await addToRollUp(trx, 'sales_daily_products', { ...base, product_id: l.product_id }, sums, { keepZero: true });
    await addToRollUp(trx, 'sales_monthly_products', { ...monthBase, product_id: l.product_id }, sums, { keepZero: true });
  }
  // The products' emptied rows in one statement per table rather than one per line.
  if (lines.length > 0) {
    const productIds = lines.map((l) => l.product_id);
    await trx
      .deleteFrom('sales_daily_products')
      .where('distributor_id', '=', base.distributor_id)
      .where('day', '=', day)
      .where('product_id', 'in', productIds)
      .where('orders', '=', 0)
      .execute();
    await trx
      .deleteFrom('sales_monthly_products')
      .where('distributor_id', '=', monthBase.distributor_id)
      .where('month', '=', monthBase.month)
      .where('product_id', 'in', productIds)
      .where('orders', '=', 0)
      .execute();
  }
}

/**
 * Status moves other than cancelling: each order's count, total and units leave the (day, status) row of
 * its old status for the row of its new one; the store and product sums do not depend on the status. The
 * moves' changes are summed per row first and written in the rows' key order (one fixed lock order on
 * PostgreSQL): a bulk move's slice writes a handful of rows, not two per order.
 */
export async function moveOrdersSalesStatus(
  trx: DbOrTrx,
  moves: readonly { orderId: string; from: OrderStatus; to: OrderStatus }[],
): Promise<void> {
  if (moves.length === 0) return;
  if (moves.some((m) => m.from === 'cancelled' || m.to === 'cancelled'))
    throw new Error('moveOrdersSalesStatus: use applyOrderSales to cancel');
  const ids = moves.map((m) => m.orderId);
  const orders = new Map(
    (
      await trx
        .selectFrom('orders')
        .select(['id', 'distributor_id', 'total_cents', 'created_at'])
        .where('id', 'in', ids)
        .execute()
    ).map((o) => [o.id, o]),
  );
  const units = new Map(
    (
      await trx
        .selectFrom('order_lines')
        .select(['order_id', (eb) => eb.fn.sum<number | string>('quantity').as('qty')])
        .where('order_id', 'in', ids)
        .groupBy('order_id')
        .execute()
    ).map((u) => [u.order_id, Number(u.qty ?? 0)]),
  );
  const zones = new Map<string, string | null>();
  const rows = new Map<
    string,
    { key: { distributor_id: string; day: string; status: string }; orders: number; total_cents: number; quantity: number }
  >();
  for (const m of moves) {
    const order = orders.get(m.orderId);
    if (!order) continue;
    if (!zones.has(order.distributor_id)) zones.set(order.distributor_id, await summaryTimeZone(trx, order.distributor_id, true));
    const timeZone = zones.get(order.distributor_id);
    if (!timeZone) continue; // not built: the next read builds it from the orders
    const day = localDay(new Date(order.created_at), timeZone);
    for (const [status, sign] of [
      [m.from, -1],
      [m.to, 1],
    ] as const) {
      const id = `${order.distributor_id}\u0000${day}\u0000${status}`;
      const row = rows.get(id) ?? {
        key: { distributor_id: order.distributor_id, day, status },
        orders: 0,
        total_cents: 0,
        quantity: 0,
      };
      row.orders += sign;
      row.total_cents += sign * Number(order.total_cents);
      row.quantity += sign * (units.get(m.orderId) ?? 0);
      rows.set(id, row);
    }
  }
  for (const id of [...rows.keys()].sort()) {
    const { key, ...sums } = rows.get(id)!;
    if (sums.orders !== 0 || sums.total_cents !== 0 || sums.quantity !== 0) await addToRollUp(trx, 'sales_daily', key, sums);
  }
}

/**
 * Adds the sums to the roll-up row of the key (inserting it if missing), then deletes the row if no
 * order is left in it, unless `keepZero` (the caller deletes several at once).
 */
async function addToRollUp(
  trx: DbOrTrx,
  table: 'sales_daily' | 'sales_daily_stores' | 'sales_daily_products' | 'sales_monthly_stores' | 'sales_monthly_products',
  key: Record<string, string>,
  sums: Record<string, number>,
  opts: { keepZero?: boolean } = {},
): Promise<void> {
  const keys = Object.keys(key);
  const columns = [...keys, ...Object.keys(sums)].map((c) => sql.ref(c));
  const t = sql.table(table);
  await sql`
    insert into ${t} (${sql.join(columns)}) values (${sql.join([...Object.values(key), ...Object.values(sums)])})
    on conflict (${sql.join(keys.map((c) => sql.ref(c)))}) do update set
    ${sql.join(Object.keys(sums).map((c) => sql`${sql.ref(c)} = ${t}.${sql.ref(c)} + excluded.${sql.ref(c)}`))}
  `.execute(trx);
  if (opts.keepZero) return;
  await sql`delete from ${t} where ${sql.join(
    keys.map((c) => sql`${sql.ref(c)} = ${key[c]}`),
    sql` and `,
  )} and orders = 0`.execute(trx);
}

/**
 * Rebuilds the distributor's roll-ups when they are missing or cut in another zone than `timeZone`.
 * PostgreSQL: the distributor row is locked first, so two readers never rebuild at once, and the state
 * row for update, so writers in flight (who hold it shared) finish first.
 */
export async function rebuildIfStale(trx: DbOrTrx, distributorId: string, timeZone: string, at: string): Promise<boolean> {
  if (dialectOf(trx) === 'postgres') {
    await trx.selectFrom('distributors').select('id').where('id', '=', distributorId).forUpdate().execute();
    await trx
      .selectFrom('sales_summary_state')
      .select('time_zone')
      .where('distributor_id', '=', distributorId)
      .forUpdate()
      .execute();
  }
  if ((await summaryTimeZone(trx, distributorId, false)) === timeZone) return false;
  await rebuildSalesSummary(trx, distributorId, timeZone, at);
  return true;
}

export interface DayRange {
  distributorId: string;
  /** first and last local day, inclusive */
  from: string;
  to: string;
}

const ROLL_UPS = {
  stores: {
    days: 'sales_daily_stores',
    months: 'sales_monthly_stores',
    key: 'customer_id',
    sums: ['orders', 'total_cents', 'quantity'],
    cents: 'total_cents',
  },
  products: {
    days: 'sales_daily_products',
    months: 'sales_monthly_products',
    key: 'product_id',
    sums: ['orders', 'quantity', 'line_cents'],
    cents: 'line_cents',
  },
} as const;

interface StoreRollUpRow {
  customer_id: string;
  orders: number | string;
  total_cents: number | string;
  quantity: number | string;
}
interface ProductRollUpRow {
  product_id: string;
  orders: number | string;
  quantity: number | string;
  line_cents: number | string;
}
interface PeriodSums {
  n: number | string;
  qty: number | string;
  cents: number | string;
}

/**
 * The store or product roll-up rows whose sums are the period's (sales-period.ts): month rows, and day
 * rows added or, for days of an added month outside the period, taken away (negated). Grouped by store
 * or product they give the period's sums; a store or product with no order in the period sums to no
 * orders (`having sum(orders) > 0` leaves it out, as the day rows alone would).
 */
function periodRows(which: keyof typeof ROLL_UPS, r: DayRange) {
  const t = ROLL_UPS[which];
  const parts = periodParts(r);
  const columns = (sign: 1 | -1) =>
    sql.join([sql.ref(t.key), ...t.sums.map((c) => (sign === 1 ? sql.ref(c) : sql`-${sql.ref(c)} as ${sql.ref(c)}`))]);
  const days = (s: DaySpan, sign: 1 | -1) =>
    sql`select ${columns(sign)} from ${sql.table(t.days)} where distributor_id = ${r.distributorId} and day >= ${s.from} and day <= ${s.to}`;
  const selects = [
    ...(parts.months.length > 0
      ? [
          sql`select ${columns(1)} from ${sql.table(t.months)} where distributor_id = ${r.distributorId} and month in (${sql.join(parts.months)})`,
        ]
      : []),
    ...parts.plusDays.map((s) => days(s, 1)),
    ...parts.minusDays.map((s) => days(s, -1)),
  ];
  // An empty period (from after to) reads its empty day range.
  return sql.join(selects.length > 0 ? selects : [days(r, 1)], sql` union all `);
}

const storeRows = (r: DayRange) => sql<StoreRollUpRow>`(${periodRows('stores', r)})`.as('s');
const productRows = (r: DayRange) => sql<ProductRollUpRow>`(${periodRows('products', r)})`.as('s');

/**
 * The period's sums per store or product (`n` orders, `qty` units, `cents`: order totals for a store,
 * line totals for a product), one row per store or product that sold in the period.
 */
function periodSums(which: keyof typeof ROLL_UPS, r: DayRange) {
  const t = ROLL_UPS[which];
  const key = sql.ref(t.key);
  return sql`select ${key}, sum(orders) as n, sum(quantity) as qty, sum(${sql.ref(t.cents)}) as cents
    from (${periodRows(which, r)}) as s group by ${key} having sum(orders) > 0`;
}

/** Orders, order totals and units per local day and status. */
export async function salesPerDayStatus(db: DbOrTrx, r: DayRange) {
  const rows = await db
    .selectFrom('sales_daily')
    .select(['day', 'status', 'orders', 'total_cents', 'quantity'])
    .where('distributor_id', '=', r.distributorId)
    .where('day', '>=', r.from)
    .where('day', '<=', r.to)
    .execute();
  return rows.map((x) => ({
    day: x.day,
    status: x.status as OrderStatus,
    orders: Number(x.orders),
    cents: Number(x.total_cents),
    quantity: Number(x.quantity),
  }));
}

/** Orders other than cancelled, their totals and units per store over the days. */
export async function salesPerStore(db: DbOrTrx, r: DayRange) {
  const rows = await readInBackground(
    db,
    db
      .selectFrom(sql<PeriodSums & { customer_id: string }>`(${periodSums('stores', r)})`.as('s'))
      .selectAll()
      .compile(),
  );
  return rows.map((x) => ({ customerId: x.customer_id, orders: Number(x.n), cents: Number(x.cents), quantity: Number(x.qty) }));
}

/** Line sums per product over the days: the best `limit` by amount, exactly the products named, or all. */
export async function salesPerProduct(db: DbOrTrx, r: DayRange & { limit?: number; productIds?: readonly string[] }) {
  if (r.productIds) {
    if (r.productIds.length === 0) return [];
    // Each (day, product) pair looked up in the primary key, instead of every row of the period read
    // for a few products.
    const days: string[] = [];
    for (let d = r.from; d <= r.to && days.length <= 366; d = addDays(d, 1)) days.push(d);
    const named = db
      .selectFrom('sales_daily_products')
      .select([
        'product_id',
        (eb) => eb.fn.sum<number | string>('orders').as('n'),
        (eb) => eb.fn.sum<number | string>('quantity').as('qty'),
        (eb) => eb.fn.sum<number | string>('line_cents').as('cents'),
      ])
      .where('distributor_id', '=', r.distributorId)
      .where('day', 'in', days)
      .where('product_id', 'in', r.productIds)
      .groupBy('product_id');
    return toProductSums(await readInBackground(db, named.compile()));
  }
  return toProductSums(await readInBackground(db, productSumsQuery(db, r).compile()));
}

/** The period's line sums per product (periodSums), the best `limit` by amount first. */
export function productSumsQuery(db: DbOrTrx, r: DayRange & { limit?: number }) {
  const q = db.selectFrom(sql<PeriodSums & { product_id: string }>`(${periodSums('products', r)})`.as('s')).selectAll();
  return r.limit ? q.orderBy('s.cents', 'desc').orderBy('s.product_id').limit(r.limit) : q;
}

const toProductSums = (rows: { product_id: string; n: number | string; qty: number | string; cents: number | string }[]) =>
  rows.map((x) => ({ productId: x.product_id, orders: Number(x.n), quantity: Number(x.qty), cents: Number(x.cents) }));

/**
 * Of the (local day, order day) pairs given, the active stores with that order day, created before the
 * day ended, with no order other than cancelled on it: per period and store, how many and the latest.
 */
export async function missedOrderDays(
  db: DbOrTrx,
  distributorId: string,
  windows: readonly { current: boolean; day: string; weekday: number; end: string }[],
) {
  if (windows.length === 0) return [];
  const values = sql.join(
    windows.map((w) => sql`(${sql.lit(w.current ? 1 : 0)}, ${sql.lit(w.day)}, ${sql.lit(w.weekday)}, ${sql.lit(w.end)})`),
    sql`, `,
  );
  const query = sql<{ cur: number | string; customer_id: string; n: number | string; last_day: string }>`
    with w (cur, day, wd, e) as (values ${values})
    select w.cur as cur, c.id as customer_id, count(*) as n, max(w.day) as last_day
    from w
    inner join customers c on c.distributor_id = ${distributorId} and c.order_day = w.wd
    where c.is_active = 1
      and c.created_at < w.e
      and not exists (
        select 1 from sales_daily_stores s
        where s.distributor_id = ${distributorId} and s.day = w.day and s.customer_id = c.id
          and s.day >= ${windows[0]!.day} and s.day <= ${windows.at(-1)!.day}
      )
    group by w.cur, c.id
  `.compile(db);
  // PostgreSQL cannot tell how many (day, store) pairs the VALUES list makes (it expects about 700 of
  // 46,000 at the bench's size), so it probes the day rows once per pair; without nested loops it
  // hashes the windows' day rows once instead (their range, repeated above, bounds that read). In a
  // transaction of its own, so the setting ends with the statement.
  const rows =
    dialectOf(db) === 'postgres' && !db.isTransaction
      ? await db.transaction().execute(async (trx) => {
          await sql`set local enable_nestloop = off`.execute(trx);
          return (await trx.executeQuery(query)).rows;
        })
      : await readInBackground(db, query);
  return rows.map((x) => ({
    current: Number(x.cur) === 1,
    customerId: x.customer_id,
    missed: Number(x.n),
    lastDay: x.last_day,
  }));
}

export type SalesGrouping = 'day' | 'category' | 'product' | 'store' | 'rep' | 'route';

export interface SalesGroupRow {
  key: string;
  name: string;
  code: string;
  orders: number | null;
  quantity: number;
  cents: number;
}

/**
 * The reports' rows (docs/admin-reports.md): one GROUP BY over the roll-ups of the days, the names
 * joined in. Day, store, rep and route sum order totals (sales_daily_stores); product and category sum
 * line totals (sales_daily_products). A store's rep and route, and a product's category, are today's.
 */
export async function salesGrouped(db: DbOrTrx, by: Exclude<SalesGrouping, 'product'>, r: DayRange): Promise<SalesGroupRow[]> {
  const num = (v: number | string | null) => Number(v ?? 0);
  if (by === 'day') {
    const rows = await readInBackground(
      db,
      db
        .selectFrom('sales_daily')
        .select([
          'day',
          (eb) => eb.fn.sum<number | string>('orders').as('n'),
          (eb) => eb.fn.sum<number | string>('quantity').as('qty'),
          (eb) => eb.fn.sum<number | string>('total_cents').as('cents'),
        ])
        .where('distributor_id', '=', r.distributorId)
        .where('day', '>=', r.from)
        .where('day', '<=', r.to)
        .where('status', '<>', 'cancelled')
        .groupBy('day')
        .compile(),
    );
    return rows.map((x) => ({ key: x.day, name: x.day, code: '', orders: num(x.n), quantity: num(x.qty), cents: num(x.cents) }));
  }
  if (by === 'category') {
    // SQLite sums the period's rows per product first and looks each product sold up once (113 ms
    // against 180 at the bench's size). PostgreSQL, which cannot estimate how many products those sums
    // make, would look them up one by one (290 ms); joining the rows directly, it hashes the catalogue
    // (125 ms). A product whose rows net to no orders sums to nothing either way.
    const perProduct = dialectOf(db) === 'sqlite';
    const [quantity, cents] = perProduct ? ['s.qty', 's.cents'] : ['s.quantity', 's.line_cents'];
    const grouped = perProduct
      ? db.selectFrom(productSumsQuery(db, r).as('s')).leftJoin('products as p', 'p.id', 's.product_id')
      : db.selectFrom(productRows(r)).leftJoin('products as p', 'p.id', 's.product_id');
    const rows = await readInBackground(
      db,
      grouped
        .leftJoin('categories as c', 'c.id', 'p.category_id')
        .select([
          sql<string | null>`p.category_id`.as('key'),
          sql<string | null>`max(c.name)`.as('name'),
          sql<number | string>`sum(${sql.ref(quantity)})`.as('qty'),
          sql<number | string>`sum(${sql.ref(cents)})`.as('cents'),
        ])
        .groupBy('p.category_id')
        .$if(!perProduct, (q) => q.having(sql`sum(s.orders)`, '>', 0))
        .compile(),
    );
    return rows.map((x) => ({
      key: x.key ?? '',
      name: x.name ?? '',
      code: '',
      orders: null,
      quantity: num(x.qty),
      cents: num(x.cents),
    }));
  }
  const base = db.selectFrom(storeRows(r)).innerJoin('customers as c', 'c.id', 's.customer_id');
  const sums = [
    sql<number | string>`sum(s.orders)`.as('n'),
    sql<number | string>`sum(s.quantity)`.as('qty'),
    sql<number | string>`sum(s.total_cents)`.as('cents'),
  ] as const;
  if (by === 'store') {
    const rows = await readInBackground(
      db,
      base
        .select([
          's.customer_id as key',
          sql<string>`max(c.company_name)`.as('name'),
          sql<string>`max(c.c_number)`.as('code'),
          ...sums,
        ])
        .groupBy('s.customer_id')
        .having((eb) => eb.fn.sum('s.orders'), '>', 0)
        .compile(),
    );
    return rows.map((x) => ({
      key: x.key,
      name: x.name,
      code: x.code,
      orders: num(x.n),
      quantity: num(x.qty),
      cents: num(x.cents),
    }));
  }
  if (by === 'rep') {
    const rows = await readInBackground(
      db,
      base
        .leftJoin('sales_reps as rep', 'rep.id', 'c.sales_rep_id')
        .select([
          sql<string | null>`c.sales_rep_id`.as('key'),
          sql<string | null>`max(rep.name)`.as('name'),
          sql<string | null>`max(rep.code)`.as('code'),
          ...sums,
        ])
        .groupBy('c.sales_rep_id')
        .having((eb) => eb.fn.sum('s.orders'), '>', 0)
        .compile(),
    );
    return rows.map((x) => ({
      key: x.key ?? '',
      name: x.name ?? '',
      code: x.code ?? '',
      orders: num(x.n),
      quantity: num(x.qty),
      cents: num(x.cents),
    }));
  }
  const rows = await readInBackground(
    db,
    base
      .select([sql<string | null>`c.route_number`.as('key'), ...sums])
      .groupBy('c.route_number')
      .having((eb) => eb.fn.sum('s.orders'), '>', 0)
      .compile(),
  );
  return rows.map((x) => ({
    key: x.key ?? '',
    name: x.key ?? '',
    code: '',
    orders: num(x.n),
    quantity: num(x.qty),
    cents: num(x.cents),
  }));
}

export type ProductSalesSort = 'name' | 'orders' | 'quantity' | 'amount';

export interface ProductSalesPage {
  /** the page asked for, in the order asked */
  items: SalesGroupRow[];
  /** the best `chartRows` by amount */
  chart: SalesGroupRow[];
  /** products sold in the days, and their sums */
  total: number;
  totals: { orders: number; quantity: number; cents: number };
}

/**
 * Line sums per product sold in the days (`g`), and those of `candidates` (a table expression over `g`,
 * by default all of it) with the product's name and item number (`named`).
 */
function productSalesCte(r: DayRange, candidates = sql`g`) {
  return sql`
    with g as (${periodSums('products', r)}),
    named as (
      select c.product_id as key, coalesce(p.description, c.product_id) as name, coalesce(p.item_number, '') as code,
        c.n as n, c.qty as qty, c.cents as cents
      from ${candidates} as c left join products p on p.id = c.product_id
    )`;
}

const BY_NAME = sql`lower(name), name, code, key`;

function productOrder(sort: ProductSalesSort, direction: 'asc' | 'desc') {
  const dir = sql.raw(direction === 'asc' ? 'asc' : 'desc');
  return {
    name: sql`lower(name) ${dir}, name ${dir}, code ${dir}, key ${dir}`,
    orders: sql`n ${dir}, ${BY_NAME}`,
    quantity: sql`qty ${dir}, ${BY_NAME}`,
    amount: sql`cents ${dir}, ${BY_NAME}`,
  }[sort];
}

interface ProductSalesRow {
  key: string | null;
  name: string | null;
  code: string | null;
  n: number | string;
  qty: number | string;
  cents: number | string;
}

const toProductRow = (x: ProductSalesRow): SalesGroupRow => ({
  key: x.key ?? '',
  name: x.name ?? '',
  code: x.code ?? '',
  orders: Number(x.n),
  quantity: Number(x.qty),
  cents: Number(x.cents),
});

const SUM_COLUMN = { orders: 'n', quantity: 'qty', amount: 'cents' } as const;

/**
 * The rows of `g` that can be on the page or in the chart when the page is sorted by a sum. Each is a
 * prefix of the rows in its order, so it holds every row whose sum is at least (ascending: at most) the
 * sum of its last row, ties included; only these need their names for the tie-breaks. Sorted by name,
 * every row does.
 */
function pageCandidates(r: { sort: ProductSalesSort; dir: 'asc' | 'desc'; offset: number; limit: number; chartRows: number }) {
  if (r.sort === 'name') return sql`g`;
  const column = sql.ref(SUM_COLUMN[r.sort]);
  const [dir, cmp] = r.dir === 'asc' ? [sql.raw('asc'), sql.raw('<=')] : [sql.raw('desc'), sql.raw('>=')];
  const pageLast = sql`(select ${column} from g order by ${column} ${dir} limit 1 offset ${r.offset + r.limit - 1})`;
  const chartLast = sql`(select cents from g order by cents desc limit 1 offset ${Math.max(0, r.chartRows - 1)})`;
  // Each last row's sum is asked for once; with no such row (fewer rows than the page or the chart
  // reaches) the comparison is null and every row is a candidate.
  return sql`(
    select * from g
    where coalesce(${column} ${cmp} ${pageLast}, true)
      or ${r.chartRows > 0 ? sql`coalesce(cents >= ${chartLast}, true)` : sql`false`}
  )`;
}

/**
 * The product report's page, chart and totals in one statement, sorted and cut in the database: a
 * period can hold one row per product of the catalogue (tens of thousands), and carrying all of them
 * into the server to sort there held the event loop. Ties go by name (case aside), item number, id.
 */
export async function salesPerProductPage(
  db: DbOrTrx,
  r: DayRange & { sort: ProductSalesSort; dir: 'asc' | 'desc'; offset: number; limit: number; chartRows: number },
): Promise<ProductSalesPage> {
  const rows = await readInBackground(
    db,
    sql<ProductSalesRow & { part: string; products: number | string }>`
      ${productSalesCte(r, pageCandidates(r))}
      select * from (
        select 'page' as part, key, name, code, n, qty, cents, 0 as products from named
        order by ${productOrder(r.sort, r.dir)} limit ${r.limit} offset ${r.offset}
      ) as page
      union all
      select * from (
        select 'chart' as part, key, name, code, n, qty, cents, 0 as products from named
        order by cents desc, ${BY_NAME} limit ${r.chartRows}
      ) as chart
      union all
      select 'totals' as part, null, null, null, coalesce(sum(n), 0), coalesce(sum(qty), 0), coalesce(sum(cents), 0), count(*)
      from g
    `.compile(db),
  );
  const t = rows.find((x) => x.part === 'totals');
  return {
    items: rows.filter((x) => x.part === 'page').map(toProductRow),
    chart: rows.filter((x) => x.part === 'chart').map(toProductRow),
    total: Number(t?.products ?? 0),
    totals: { orders: Number(t?.n ?? 0), quantity: Number(t?.qty ?? 0), cents: Number(t?.cents ?? 0) },
  };
}

/** Every product sold in the days, in the order asked, a few thousand at a time (the CSV export). */
export async function* salesPerProductInChunks(
  db: DbOrTrx,
  r: DayRange & { sort: ProductSalesSort; dir: 'asc' | 'desc' },
): AsyncGenerator<SalesGroupRow[]> {
  const query = sql<ProductSalesRow>`
    ${productSalesCte(r)}
    select key, name, code, n, qty, cents from named order by ${productOrder(r.sort, r.dir)}
  `.compile(db);
  for await (const rows of readInBackgroundInChunks(db, query)) yield rows.map(toProductRow);
}
