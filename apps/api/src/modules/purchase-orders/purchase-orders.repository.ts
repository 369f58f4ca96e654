// All SQL of purchase orders and high demand: demand per product over a bounded window of orders, units
// incoming on open purchase orders, the purchase order list, one purchase order with its lines and
// receipts, and the writes (drafts, issue, receipts, cancel, delete).
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Sorting } from '@portal/shared/api/sort';
import type { HighDemandSortKey, PurchaseOrderSortKey } from '@portal/shared/purchase-orders/purchase-orders.schemas';
import type { PurchaseOrderStatus, PurchasingSettings } from '@portal/shared/purchase-orders/purchasing-rules';
import { readInBackground } from '../../db/background-reads.ts';
import { dialectOf, type DbOrTrx } from '../../db/database.ts';
import type { PurchaseOrderLineTable, PurchaseOrderTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/like.ts';

export const OPEN_STATUSES: readonly PurchaseOrderStatus[] = ['issued', 'partially_received'];

export interface DemandDbRow {
  product_id: string;
  item_number: string;
  description: string;
  vendor_id: string | null;
  vendor_name: string | null;
  stock_on_hand: number | string;
  incoming: number | string;
  sold: number | string;
  total?: number | string;
}

export interface DemandFilter {
  distributorId: string;
  /** The window's first instant (ISO): orders placed at or after it count. */
  since: string;
  settings: PurchasingSettings;
  vendorId?: string;
  search?: string;
  productIds?: readonly string[];
}

/**
 * The demand rows of high-demand products: units sold in the window (orders other than cancelled), stock,
 * units incoming on open purchase orders. Only the window's orders are read, through
 * orders (distributor_id, created_at, status, …) and order_lines (order_id, product_id, quantity, …), both
 * covering; products are then looked up by id. "High demand" is tested without division:
 * available × window < threshold × sold, the same test as the shared isHighDemand.
 */
function highDemandRows(db: DbOrTrx, f: DemandFilter): RawBuilder<unknown> {
  const { velocityWindowDays: w, coverThresholdDays: t } = f.settings;
  const vendor = f.vendorId ? sql`and p.vendor_id = ${f.vendorId}` : sql``;
  const search = f.search
    ? sql`and (lower(p.item_number) like ${containsPattern(f.search)} escape '\\' or lower(p.description) like ${containsPattern(f.search)} escape '\\')`
    : sql``;
  const only = f.productIds?.length ? sql`and p.id in (${sql.join(f.productIds)})` : sql``;
  return sql`
    with demand as (
      select l.product_id, sum(l.quantity) as sold
      from orders o join order_lines l on l.order_id = o.id
      where o.distributor_id = ${f.distributorId} and o.created_at >= ${f.since} and o.status <> 'cancelled'
      group by l.product_id
    ),
    incoming as (
      select pl.product_id, sum(pl.quantity_ordered - pl.quantity_received) as units
      from purchase_orders po join purchase_order_lines pl on pl.purchase_order_id = po.id
      where po.distributor_id = ${f.distributorId} and po.status in ('issued', 'partially_received')
      group by pl.product_id
    ),
    positions as (
      select p.id as product_id, p.item_number, p.description, p.vendor_id, v.name as vendor_name,
        p.stock_on_hand, coalesce(i.units, 0) as incoming, d.sold,
        (case when p.stock_on_hand < 0 then 0 else p.stock_on_hand end) + coalesce(i.units, 0) as available
      from demand d
      join products p on p.id = d.product_id
      left join incoming i on i.product_id = p.id
      left join vendors v on v.id = p.vendor_id
      where p.distributor_id = ${f.distributorId} and p.is_active = 1 ${vendor} ${search} ${only}
    )
    select * from positions where available * ${w} < ${t} * sold`;
}

function highDemandOrder(sorting: Sorting<HighDemandSortKey>, target: number, w: number) {
  const dir = sql.raw(sorting.dir === 'desc' ? 'desc' : 'asc');
  const key = {
    daysOfCover: sql`available * 1.0 / sold`,
    velocity: sql`sold`,
    stockOnHand: sql`stock_on_hand`,
    // the suggested quantity's order: sold × target − available × window (ceil(…/window) keeps it)
    suggested: sql`sold * ${target} - available * ${w}`,
    itemNumber: sql`item_number`,
    vendor: sql`lower(coalesce(vendor_name, ''))`,
  }[sorting.sort];
  return sql`order by ${key} ${dir}, item_number asc, product_id asc`;
}

export async function listHighDemand(
  db: DbOrTrx,
  f: DemandFilter,
  sorting: Sorting<HighDemandSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: DemandDbRow[]; total: number }> {
  const order = highDemandOrder(sorting, f.settings.targetCoverDays, f.settings.velocityWindowDays);
  // The demand sums read every order line of the window: off the event loop (db/background-reads.ts).
  const rows = await readInBackground(
    db,
    sql<DemandDbRow>`
    select h.*, count(*) over () as total from (${highDemandRows(db, f)}) h
    ${order} limit ${page.limit} offset ${page.offset}`.compile(db),
  );
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && page.offset > 0) {
    const c = await readInBackground(
      db,
      sql<{ n: number | string }>`select count(*) as n from (${highDemandRows(db, f)}) h`.compile(db),
    );
    total = Number(c[0]?.n ?? 0);
  }
  return { rows, total };
}

/** Every high-demand product of one vendor (a suggested purchase order), by item number. */
export async function vendorHighDemand(db: DbOrTrx, f: DemandFilter & { vendorId: string }, max: number): Promise<DemandDbRow[]> {
  return readInBackground(
    db,
    sql<DemandDbRow>`
    select h.* from (${highDemandRows(db, f)}) h order by item_number asc, product_id asc limit ${max}`.compile(db),
  );
}

/**
 * Per vendor: how many products are high demand and the units suggested: ceil(n / w) as (n + w − 1) / w
 * made whole by the cast (SQLite may bind the settings as reals), the same figure as the shared rule.
 */
export async function highDemandByVendor(
  db: DbOrTrx,
  f: DemandFilter,
): Promise<{ vendor_id: string; vendor_name: string; products: number | string; units: number | string }[]> {
  const { velocityWindowDays: w, targetCoverDays: target } = f.settings;
  return readInBackground(
    db,
    sql<{ vendor_id: string; vendor_name: string; products: number | string; units: number | string }>`
    select h.vendor_id, h.vendor_name, count(*) as products,
      sum(cast((h.sold * ${target} - h.available * ${w} + ${w} - 1) / ${w} as integer)) as units
    from (${highDemandRows(db, f)}) h
    where h.vendor_id is not null
    group by h.vendor_id, h.vendor_name
    order by lower(h.vendor_name) asc, h.vendor_id asc`.compile(db),
  );
}

// ---------------------------------------------------------------------------------------------------
// Purchase orders

export interface PurchaseOrderListFilter {
  distributorId: string;
  status: PurchaseOrderStatus | 'open' | 'all';
  vendorId?: string;
  search?: string;
}

export interface PurchaseOrderDbRow extends PurchaseOrderTable {
  vendor_name: string;
  line_count: number | string;
  units_ordered: number | string | null;
  units_received: number | string | null;
}

function purchaseOrdersQuery(db: DbOrTrx, f: PurchaseOrderListFilter) {
  let q = db
    .selectFrom('purchase_orders as po')
    .innerJoin('vendors as v', 'v.id', 'po.vendor_id')
    .where('po.distributor_id', '=', f.distributorId);
  if (f.status === 'open') q = q.where('po.status', 'in', [...OPEN_STATUSES]);
  else if (f.status !== 'all') q = q.where('po.status', '=', f.status);
  if (f.vendorId) q = q.where('po.vendor_id', '=', f.vendorId);
  if (f.search) {
    const p = containsPattern(f.search);
    q = q.where((eb) =>
      eb.or([sql<SqlBool>`lower(po.po_number) like ${p} escape '\\'`, sql<SqlBool>`lower(v.name) like ${p} escape '\\'`]),
    );
  }
  return q;
}

const lineAggregates = {
  line_count: sql<number | string>`(select count(*) from purchase_order_lines pl where pl.purchase_order_id = po.id)`,
  units_ordered: sql<
    number | string
  >`(select sum(pl.quantity_ordered) from purchase_order_lines pl where pl.purchase_order_id = po.id)`,
  units_received: sql<
    number | string
  >`(select sum(pl.quantity_received) from purchase_order_lines pl where pl.purchase_order_id = po.id)`,
};

export async function listPurchaseOrders(
  db: DbOrTrx,
  f: PurchaseOrderListFilter,
  sorting: Sorting<PurchaseOrderSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: PurchaseOrderDbRow[]; total: number }> {
  const { dir } = sorting;
  let q = purchaseOrdersQuery(db, f)
    .selectAll('po')
    .select('v.name as vendor_name')
    .select(lineAggregates.line_count.as('line_count'))
    .select(lineAggregates.units_ordered.as('units_ordered'))
    .select(lineAggregates.units_received.as('units_received'));
  if (sorting.sort === 'vendor') q = q.orderBy(sql`lower(v.name)`, dir);
  else if (sorting.sort === 'status') q = q.orderBy('po.status', dir);
  else if (sorting.sort === 'total') q = q.orderBy('po.total_cents', dir);
  else if (sorting.sort === 'issuedAt') q = q.orderBy('po.issued_at', dir);
  else if (sorting.sort === 'poNumber') q = q.orderBy('po.po_number', dir);
  const rows = await q
    .orderBy('po.created_at', sorting.sort === 'createdAt' ? dir : 'desc')
    .orderBy('po.id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await purchaseOrdersQuery(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows as PurchaseOrderDbRow[], total: Number(count.n) };
}

export async function findPurchaseOrder(
  db: DbOrTrx,
  distributorId: string,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<PurchaseOrderDbRow | undefined> {
  let q = db
    .selectFrom('purchase_orders as po')
    .innerJoin('vendors as v', 'v.id', 'po.vendor_id')
    .selectAll('po')
    .select('v.name as vendor_name')
    .select(lineAggregates.line_count.as('line_count'))
    .select(lineAggregates.units_ordered.as('units_ordered'))
    .select(lineAggregates.units_received.as('units_received'))
    .where('po.distributor_id', '=', distributorId)
    .where('po.id', '=', id);
  if (opts.lock && dialectOf(db) === 'postgres') q = q.forUpdate('po');
  return (await q.executeTakeFirst()) as PurchaseOrderDbRow | undefined;
}

export type PurchaseOrderLineDbRow = PurchaseOrderLineTable & { stock_on_hand: number | string };

export async function findPurchaseOrderLines(db: DbOrTrx, purchaseOrderId: string): Promise<PurchaseOrderLineDbRow[]> {
  const rows = await db
    .selectFrom('purchase_order_lines as pl')
    .innerJoin('products as p', 'p.id', 'pl.product_id')
    .selectAll('pl')
    .select('p.stock_on_hand')
    .where('pl.purchase_order_id', '=', purchaseOrderId)
    .orderBy('pl.line_no')
    .execute();
  return rows as PurchaseOrderLineDbRow[];
}

export async function findReceipts(db: DbOrTrx, purchaseOrderId: string) {
  return db
    .selectFrom('purchase_order_receipts as r')
    .innerJoin('purchase_order_receipt_lines as rl', 'rl.receipt_id', 'r.id')
    .innerJoin('purchase_order_lines as pl', 'pl.id', 'rl.line_id')
    .leftJoin('users as u', 'u.id', 'r.received_by_user_id')
    .select(['r.id', 'r.received_at', 'u.name as user_name', 'rl.line_id', 'rl.quantity', 'pl.item_number', 'pl.line_no'])
    .where('r.purchase_order_id', '=', purchaseOrderId)
    .orderBy('r.received_at', 'desc')
    .orderBy('r.id')
    .orderBy('pl.line_no')
    .execute();
}

/** The distributor's vendor, by id (name only). */
export async function findVendorName(db: DbOrTrx, distributorId: string, vendorId: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'name'])
    .where('distributor_id', '=', distributorId)
    .where('id', '=', vendorId)
    .executeTakeFirst();
}

/** The distributor's active vendors by name, and one vendor's active products by item number (at most `max`). */
export async function findChoices(db: DbOrTrx, distributorId: string, vendorId: string | undefined, max: number) {
  const vendors = await db
    .selectFrom('vendors')
    .select(['id', 'name'])
    .where('distributor_id', '=', distributorId)
    .where('is_active', '=', 1)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(max)
    .execute();
  const products = vendorId
    ? await db
        .selectFrom('products')
        .select(['id', 'item_number', 'description', 'stock_on_hand'])
        .where('distributor_id', '=', distributorId)
        .where('vendor_id', '=', vendorId)
        .where('is_active', '=', 1)
        .orderBy('item_number')
        .limit(max)
        .execute()
    : [];
  return { vendors, products };
}

/** The distributor's products among these ids, with their vendor. */
export async function findProductsForLines(db: DbOrTrx, distributorId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('products')
    .select(['id', 'item_number', 'description', 'vendor_id'])
    .where('distributor_id', '=', distributorId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The next purchase order number of the distributor (the increment's row lock serialises takers). */
export async function nextPurchaseOrderNumber(trx: DbOrTrx, distributorId: string): Promise<number> {
  const name = `purchase_order_number:${distributorId}`;
  await trx
    .insertInto('sequences')
    .values({ name, value: 0 })
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

export async function insertPurchaseOrder(trx: DbOrTrx, row: PurchaseOrderTable): Promise<void> {
  await trx.insertInto('purchase_orders').values(row).execute();
}

export async function updatePurchaseOrder(
  trx: DbOrTrx,
  distributorId: string,
  id: string,
  set: Partial<Omit<PurchaseOrderTable, 'id' | 'distributor_id'>>,
  onlyIfStatus?: readonly PurchaseOrderStatus[],
): Promise<number> {
  let q = trx.updateTable('purchase_orders').set(set).where('distributor_id', '=', distributorId).where('id', '=', id);
  if (onlyIfStatus) q = q.where('status', 'in', [...onlyIfStatus]);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function replaceLines(
  trx: DbOrTrx,
  purchaseOrderId: string,
  lines: readonly PurchaseOrderLineTable[],
): Promise<void> {
  await trx.deleteFrom('purchase_order_lines').where('purchase_order_id', '=', purchaseOrderId).execute();
  if (lines.length)
    await trx
      .insertInto('purchase_order_lines')
      .values([...lines])
      .execute();
}

export async function deletePurchaseOrder(trx: DbOrTrx, distributorId: string, id: string): Promise<number> {
  await trx.deleteFrom('purchase_order_lines').where('purchase_order_id', '=', id).execute();
  const result = await trx
    .deleteFrom('purchase_orders')
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Adds received units to a line, only while the total stays within what was ordered (a concurrent receipt
 * cannot push it over): answers whether the line took them.
 */
export async function addReceived(trx: DbOrTrx, lineId: string, quantity: number): Promise<boolean> {
  const result = await trx
    .updateTable('purchase_order_lines')
    .set({ quantity_received: sql`quantity_received + ${quantity}` })
    .where('id', '=', lineId)
    .where(sql<SqlBool>`quantity_received + ${quantity} <= quantity_ordered`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertReceipt(
  trx: DbOrTrx,
  receipt: { id: string; purchase_order_id: string; received_by_user_id: string; received_at: string },
  lines: readonly { line_id: string; quantity: number }[],
): Promise<void> {
  await trx.insertInto('purchase_order_receipts').values(receipt).execute();
  await trx
    .insertInto('purchase_order_receipt_lines')
    .values(lines.map((l) => ({ receipt_id: receipt.id, ...l })))
    .execute();
}
