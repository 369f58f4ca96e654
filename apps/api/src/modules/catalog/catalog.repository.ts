// All SQL of the catalogue: the chunks the in-memory snapshot loads and patches itself from
// (catalog-snapshot.ts), the buyer's context, cart quantities, exact stock and best sellers.
import { sql } from 'kysely';
import { readInBackgroundInChunks } from '../../db/background-reads.ts';
import { compiledOnce, dialectOf, type DbOrTrx } from '../../db/database.ts';
import { containsPattern } from '../../db/like.ts';
import { ALLOW_BACKORDERS_SETTING_KEY, parseAllowBackordersSetting } from '@portal/shared/catalog/stock-label';

const productColumns = [
  'p.id',
  'p.item_number',
  'p.description',
  'p.brand',
  'p.category_id',
  'p.subcategory_id',
  'p.vendor_id',
  'p.sales_category',
  'p.pack',
  'p.case_count',
  'p.uom',
  'p.unit_ounces',
  'p.size',
  'p.price1_cents',
  'p.price2_cents',
  'p.price3_cents',
  'p.price4_cents',
  'p.price5_cents',
  'p.tax_rate_bp',
  'p.crv_cents',
  'p.stock_on_hand',
  'p.allow_backorder',
  'p.show_inventory_stock',
  'p.show_low_stock',
  'p.show_without_price',
  'p.allow_to_order',
  'p.show_inventory_stock_to_sales',
  'p.show_low_stock_to_sales',
  'p.show_without_price_to_sales',
  'p.allow_to_order_sales',
  'p.product_limit',
  'p.is_new_item',
  'p.show_distributor_image',
  'p.distributor_image_url',
  'p.master_image_url',
  'p.is_active',
  'p.created_at',
  'p.version',
] as const;

function productsOf(db: DbOrTrx, distributorId: string) {
  return db
    .selectFrom('products as p')
    .select(productColumns)
    .select([
      sql<string | null>`null`.as('category_name'),
      sql<string | null>`null`.as('subcategory_name'),
      sql<string | null>`null`.as('vendor_name'),
    ])
    .where('p.distributor_id', '=', distributorId);
}

/** A product as the snapshot holds it; the names are filled from the snapshot's lists. */
export type ProductRow = Awaited<ReturnType<typeof findProductsChunk>>[number];

/** The next `limit` products of the distributor after id `after` (keyset by id). */
export function findProductsChunk(db: DbOrTrx, distributorId: string, after: string, limit: number) {
  return productsOf(db, distributorId).where('p.id', '>', after).orderBy('p.id').limit(limit).execute();
}

/** Products stamped after `after` (version, then id) up to version `upTo`, in keyset order. */
export function findProductsChangedSince(
  db: DbOrTrx,
  distributorId: string,
  after: { version: number; id: string },
  upTo: number,
  limit: number,
) {
  return productsOf(db, distributorId)
    .where((eb) =>
      // The first chunk (id '') reads versions after the snapshot's only: every product stamped with
      // the snapshot's own version is in it already (that version was read committed), and one
      // transaction may stamp thousands of products with one version (a seed, an import batch).
      after.id === ''
        ? eb('p.version', '>', after.version)
        : eb.or([eb('p.version', '>', after.version), eb.and([eb('p.version', '=', after.version), eb('p.id', '>', after.id)])]),
    )
    .where('p.version', '<=', upTo)
    .orderBy('p.version')
    .orderBy('p.id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, version: Number(r.version) })));
}

export async function findDeletedSince(db: DbOrTrx, distributorId: string, since: number, upTo: number): Promise<string[]> {
  const rows = await db
    .selectFrom('catalog_deleted')
    .select('product_id')
    .where('distributor_id', '=', distributorId)
    .where('version', '>', since)
    .where('version', '<=', upTo)
    .execute();
  return rows.map((r) => r.product_id);
}

export async function findProductPartsOf(db: DbOrTrx, ids: readonly string[]) {
  if (ids.length === 0) return { upcs: [], tiers: [] };
  const [upcs, tiers] = await Promise.all([
    db.selectFrom('product_upcs').select(['product_id', 'upc']).where('product_id', 'in', ids).orderBy('upc').execute(),
    db
      .selectFrom('product_qty_discounts')
      .select(['product_id', 'min_qty', 'discount_cents'])
      .where('product_id', 'in', ids)
      .orderBy('min_qty')
      .execute(),
  ]);
  return { upcs, tiers };
}

// Read before every catalogue answer: compiled once (see compiledOnce).
const catalogVersions = compiledOnce(['distributorId'], (db, p) =>
  db.selectFrom('catalog_versions').select(['version', 'lists_version']).where('distributor_id', '=', p.distributorId),
);

export async function findCatalogVersions(db: DbOrTrx, distributorId: string) {
  const [row] = await catalogVersions(db, { distributorId });
  return { version: Number(row?.version ?? 0), listsVersion: Number(row?.lists_version ?? 0) };
}

/** The distributor's categories and vendors. */
export async function findCatalogLists(db: DbOrTrx, distributorId: string) {
  const [categories, vendors] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name', 'parent_id']).where('distributor_id', '=', distributorId).execute(),
    db.selectFrom('vendors').select(['id', 'name']).where('distributor_id', '=', distributorId).execute(),
  ]);
  return { categories, vendors };
}

/** Products whose stock changed at or after `since` (database epoch ms). */
export function findStockChangedSince(db: DbOrTrx, distributorId: string, since: number) {
  return db
    .selectFrom('products')
    .select(['id', 'stock_on_hand'])
    .where('distributor_id', '=', distributorId)
    .where('stock_changed_at', '>=', since)
    .execute();
}

/** Stock on hand of some products, read now. */
export async function stockOf(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('products').select(['id', 'stock_on_hand']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.stock_on_hand]));
}

/**
 * Quantities sold per product since an instant (orders other than cancelled), best first, ties by id
 * (byte order on both databases). Read off the event loop and taken in chunks: it groups every order line
 * of 90 days (SQLite's reader thread runs it), which the server must not wait for (docs/ordering.md).
 */
export async function bestSellers(db: DbOrTrx, distributorId: string, since: string): Promise<Map<string, number>> {
  const byId = dialectOf(db) === 'postgres' ? sql`ol.product_id collate "C"` : sql`ol.product_id`;
  const query = db
    .selectFrom('order_lines as ol')
    .innerJoin('orders as o', 'o.id', 'ol.order_id')
    .select((eb) => ['ol.product_id', eb.fn.sum<number | string>('ol.quantity').as('sold')])
    .where('o.distributor_id', '=', distributorId)
    .where('o.created_at', '>=', since)
    .where('o.status', '!=', 'cancelled')
    .groupBy('ol.product_id')
    .orderBy('sold', 'desc')
    .orderBy(byId)
    .compile();
  const sold = new Map<string, number>();
  for await (const rows of readInBackgroundInChunks(db, query)) for (const r of rows) sold.set(r.product_id, Number(r.sold));
  return sold;
}

/** The buyer's cart lines (all of them: a cart is small). */
const cartQuantities = compiledOnce(['customerId', 'userId'], (db, p) =>
  db
    .selectFrom('cart_items')
    .select(['product_id', 'quantity'])
    .where('customer_id', '=', p.customerId)
    .where('user_id', '=', p.userId),
);

export async function cartQuantitiesOf(db: DbOrTrx, cart: { customerId: string; userId: string }): Promise<Map<string, number>> {
  const rows = await cartQuantities(db, cart);
  return new Map(rows.map((r) => [r.product_id, r.quantity]));
}

// Every catalogue request runs this: compiled once (see compiledOnce).
const searchContext = compiledOnce(['customerId', 'distributorId'], (db, p) =>
  db
    .selectFrom('customers as c')
    .select([
      'c.id',
      'c.price_level',
      'c.min_order_cents',
      'c.item_limit_qty',
      'c.route_number',
      sql<
        string | null
      >`(select s.value from settings s where s.distributor_id = ${p.distributorId} and s.key = ${sql.lit(ALLOW_BACKORDERS_SETTING_KEY)})`.as(
        'allow_backorders',
      ),
    ])
    .where('c.id', '=', p.customerId)
    .where('c.distributor_id', '=', p.distributorId),
);

/** The customer's pricing terms and the distributor's back-order setting, in one query. */
export async function loadSearchContext(db: DbOrTrx, buyer: { distributorId: string; customerId: string }) {
  const [row] = await searchContext(db, buyer);
  return row ? { ...row, allow_backorders: parseAllowBackordersSetting(row.allow_backorders) } : undefined;
}

/** The distributor's allow_backorders setting (false when absent). */
export async function findAllowBackorders(db: DbOrTrx, distributorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('distributor_id', '=', distributorId)
    .where('key', '=', ALLOW_BACKORDERS_SETTING_KEY)
    .executeTakeFirst();
  return parseAllowBackordersSetting(row?.value);
}

/** Ids of the distributor's products whose item number or description contains `needle` (lower case), at most `limit`. */
export async function findProductIdsContaining(
  db: DbOrTrx,
  distributorId: string,
  needle: string,
  limit: number,
): Promise<string[]> {
  const p = containsPattern(needle);
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('distributor_id', '=', distributorId)
    .where(sql<boolean>`(lower(item_number) like ${p} escape '\\' or lower(description) like ${p} escape '\\')`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Ids of the distributors (warm-up). */
export async function findDistributorIds(db: DbOrTrx): Promise<string[]> {
  return (await db.selectFrom('distributors').select('id').orderBy('id').execute()).map((r) => r.id);
}
