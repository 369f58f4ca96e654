// All SQL of the catalogue: the filtered, sorted product list with its count and facets, and the
// per-product extras (UPCs, quantity tiers, active promotions, cart quantities) for a page of products.
// Text search is one function with two engines: FTS5 on SQLite, the trigram-indexed search_text on PostgreSQL.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { compiledOnce, dialectOf, type DbOrTrx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { InventoryFilter } from '@portal/shared/catalog/catalog.schemas';
import { ALLOW_BACKORDERS_SETTING_KEY, parseAllowBackordersSetting } from '@portal/shared/catalog/stock-label';

export interface ProductQuery {
  distributorId: string;
  priceLevel: number;
  /** Lower-cased words of the search text (empty: no text search). */
  searchTokens: string[];
  /** Ids of products whose item number or UPC equals the search text: they come first. */
  exactIds: string[];
  category?: string;
  subCategory?: string;
  brand?: string;
  vendor?: string;
  only: InventoryFilter['only'];
  sort: NonNullable<InventoryFilter['sort']>;
  /** Restrict to these ids (ordered products and the like). */
  ids?: string[];
  now: string;
  bestSellingSince: string;
}

type Eb = ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;

const PRICE_COLUMNS = ['p.price1_cents', 'p.price2_cents', 'p.price3_cents', 'p.price4_cents', 'p.price5_cents'] as const;
/** The price levels a customer's price class picks from (one price column each). */
export const PRICE_LEVELS: readonly number[] = PRICE_COLUMNS.map((_, i) => i + 1);
/** A customer's price level, within 1 and the highest level. */
export const priceLevelOf = (level: number) => Math.min(PRICE_LEVELS.length, Math.max(1, level));
export const priceColumn = (level: number) => PRICE_COLUMNS[priceLevelOf(level) - 1]!;

/** Splits what was typed into search words: letters and digits only, lower case, at most 8. */
export function searchTokens(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * The FTS5 query of the search words: each word as a prefix (search as you type), except one-letter
 * words, which match only that word. A one-letter prefix expands to every indexed word starting with
 * it (the prefix index covers 2 and 3 letters only): "s" alone, or the "s" of "jay's", made the slowest
 * searches of all (40-260 ms at 100,000 products, holding up every request behind them on the one
 * connection). So "bev-3" finds the word 3, and "bev-30" every item number starting with 30.
 */
export function ftsMatch(tokens: readonly string[]): string {
  return tokens.map((t) => (t.length >= 2 ? `"${t}"*` : `"${t}"`)).join(' ');
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function activePromotion(eb: Eb, kind: 'discount' | 'promoted', now: string) {
  return eb.exists(
    eb
      .selectFrom('promotions as pr')
      .select(sql`1`.as('one'))
      .whereRef('pr.product_id', '=', 'p.id')
      .where('pr.kind', '=', kind)
      .where('pr.is_active', '=', 1)
      .where('pr.starts_at', '<=', now)
      .where((w) => w.or([w('pr.ends_at', 'is', null), w('pr.ends_at', '>', now)])),
  );
}

/** Quantity sold per product since a time, over the distributor's orders (cancelled ones left out). */
function soldSince(db: DbOrTrx, distributorId: string, since: string) {
  return db
    .selectFrom('order_lines as ol')
    .innerJoin('orders as o', 'o.id', 'ol.order_id')
    .select((eb) => ['ol.product_id', eb.fn.sum<number>('ol.quantity').as('sold')])
    .where('o.distributor_id', '=', distributorId)
    .where('o.created_at', '>=', since)
    .where('o.status', '!=', 'cancelled')
    .groupBy('ol.product_id');
}

/** The distributor's active products sold since a time, best sellers first (popular shelf). */
export async function bestSellers(
  db: DbOrTrx,
  distributorId: string,
  since: string,
): Promise<{ productId: string; sold: number }[]> {
  const rows = await db
    .selectFrom(soldSince(db, distributorId, since).as('s'))
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select(['s.product_id', 's.sold'])
    .where('p.is_active', '=', 1)
    .orderBy('s.sold', 'desc')
    .orderBy('s.product_id')
    .execute();
  return rows.map((r) => ({ productId: r.product_id, sold: Number(r.sold) }));
}

/** The WHERE of a product query; a facet leaves out its own dimension. */
function conditions(
  eb: Eb,
  q: ProductQuery,
  dialect: 'sqlite' | 'postgres',
  leaveOut?: 'category' | 'brand',
): Expression<SqlBool> {
  const ftsSearch = dialect === 'sqlite' && q.searchTokens.length > 0;
  const all: Expression<SqlBool>[] = ftsSearch
    ? // The FTS match is what narrows the rows, but without ANALYZE statistics SQLite guesses the
      // (distributor_id, is_active) index is more selective and walks every product through it
      // (300 ms at 100,000 products). A unary + keeps these two columns out of index selection, so the
      // plan is always: FTS rowids, then products by rowid.
      [sql<SqlBool>`+p.distributor_id = ${q.distributorId}`, sql<SqlBool>`+p.is_active = 1`]
    : [eb('p.distributor_id', '=', q.distributorId), eb('p.is_active', '=', 1)];
  if (q.searchTokens.length) {
    if (dialect === 'sqlite') {
      const match = ftsMatch(q.searchTokens);
      all.push(sql<SqlBool>`p.rowid in (select rowid from products_fts where products_fts match ${match})`);
    } else {
      for (const t of q.searchTokens) all.push(eb('p.search_text', 'like', `%${likeEscape(t)}%`));
    }
  }
  const byCategory = (column: 'p.category_id' | 'p.subcategory_id', value: string) =>
    eb(
      column,
      'in',
      eb
        .selectFrom('categories as c')
        .select('c.id')
        .where('c.distributor_id', '=', q.distributorId)
        .where((w) => w.or([w('c.id', '=', value), w(w.fn('lower', ['c.name']), '=', value.toLowerCase())])),
    );
  if (q.category && leaveOut !== 'category') all.push(byCategory('p.category_id', q.category));
  if (q.subCategory) all.push(byCategory('p.subcategory_id', q.subCategory));
  if (q.brand && leaveOut !== 'brand') all.push(eb(eb.fn('lower', ['p.brand']), '=', q.brand.toLowerCase()));
  if (q.vendor) {
    const v = q.vendor;
    all.push(
      eb(
        'p.vendor_id',
        'in',
        eb
          .selectFrom('vendors as v')
          .select('v.id')
          .where('v.distributor_id', '=', q.distributorId)
          .where((w) => w.or([w('v.id', '=', v), w(w.fn('lower', ['v.name']), '=', v.toLowerCase())])),
      ),
    );
  }
  for (const only of q.only) {
    if (only === 'new') all.push(eb('p.is_new_item', '=', 1));
    if (only === 'inStock') all.push(eb('p.stock_on_hand', '>', 0));
    if (only === 'promoted') all.push(activePromotion(eb, 'promoted', q.now));
    if (only === 'discounted') {
      all.push(
        eb.or([
          activePromotion(eb, 'discount', q.now),
          eb.exists(
            eb
              .selectFrom('product_qty_discounts as qd')
              .select(sql`1`.as('one'))
              .whereRef('qd.product_id', '=', 'p.id'),
          ),
        ]),
      );
    }
  }
  if (q.ids) all.push(q.ids.length ? eb('p.id', 'in', q.ids) : sql<SqlBool>`1 = 0`);
  return eb.and(all);
}

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
  'c.name as category_name',
  'sc.name as subcategory_name',
  'v.name as vendor_name',
] as const;

function withNames(db: DbOrTrx) {
  return db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('categories as sc', 'sc.id', 'p.subcategory_id')
    .leftJoin('vendors as v', 'v.id', 'p.vendor_id')
    .select(productColumns);
}

export type ProductRow = Awaited<ReturnType<typeof findProductsByIds>>[number];

/** One page of products and the total that match. */
export async function searchProducts(
  db: DbOrTrx,
  q: ProductQuery,
  offset: number,
  limit: number,
  knownTotal?: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const dialect = dialectOf(db);
  let total = knownTotal;
  if (total === undefined) {
    const countRow = await db
      .selectFrom('products as p')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => conditions(eb as unknown as Eb, q, dialect))
      .executeTakeFirst();
    total = Number(countRow?.n ?? 0);
  }
  if (total === 0 || offset >= total) return { rows: [], total };

  let qb = withNames(db).where((eb) => conditions(eb as unknown as Eb, q, dialect));
  if (q.exactIds.length) qb = qb.orderBy(sql`case when p.id in (${sql.join(q.exactIds)}) then 0 else 1 end`);
  const level = priceColumn(q.priceLevel);
  switch (q.sort) {
    case 'relevance':
      if (q.searchTokens.length) {
        // Same on both databases: descriptions starting with the first word, then containing it at a word start.
        const first = likeEscape(q.searchTokens[0]!);
        qb = qb.orderBy(
          sql`case when lower(p.description) like ${`${first}%`} then 0 when lower(p.description) like ${`% ${first}%`} then 1 else 2 end`,
        );
      }
      qb = qb.orderBy('p.description').orderBy('p.id');
      break;
    case 'name':
      qb = qb.orderBy('p.description').orderBy('p.id');
      break;
    case 'priceAsc':
      qb = qb.orderBy(level, 'asc').orderBy('p.description').orderBy('p.id');
      break;
    case 'priceDesc':
      qb = qb.orderBy(level, 'desc').orderBy('p.description').orderBy('p.id');
      break;
    case 'newest':
      qb = qb.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
      break;
    case 'bestSelling':
      // One aggregate joined in, rather than a sum per matching product ($if keeps the builder's type).
      qb = qb
        .$if(true, (b) =>
          b.leftJoin(soldSince(db, q.distributorId, q.bestSellingSince).as('s'), (j) => j.onRef('s.product_id', '=', 'p.id')),
        )
        .orderBy(sql`coalesce(s.sold, 0)`, 'desc')
        .orderBy('p.description')
        .orderBy('p.id');
      break;
  }
  const rows = await qb.limit(limit).offset(offset).execute();
  return { rows, total };
}

export interface Facets {
  categories: { id: string; name: string; count: number }[];
  brands: { name: string; count: number }[];
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The total and both facets from one grouped query (one evaluation of the search instead of three):
 * counts per (category, brand) pair, summed here. A facet leaves out its own filter, so when a category
 * or brand filter is set, that facet is counted by its own query.
 */
export async function totalAndFacets(db: DbOrTrx, q: ProductQuery): Promise<{ total: number; facets: Facets }> {
  const dialect = dialectOf(db);
  const groups = await db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select((eb) => ['p.category_id', 'c.name', 'p.brand', eb.fn.countAll<number>().as('count')])
    .where((eb) => conditions(eb as unknown as Eb, q, dialect))
    .groupBy(['p.category_id', 'c.name', 'p.brand'])
    .execute();
  let total = 0;
  const categories = new Map<string, { id: string; name: string; count: number }>();
  const brands = new Map<string, { name: string; count: number }>();
  for (const g of groups) {
    const n = Number(g.count);
    total += n;
    if (g.category_id && g.name != null) {
      const c = categories.get(g.category_id) ?? { id: g.category_id, name: g.name, count: 0 };
      c.count += n;
      categories.set(g.category_id, c);
    }
    if (g.brand) {
      const b = brands.get(g.brand) ?? { name: g.brand, count: 0 };
      b.count += n;
      brands.set(g.brand, b);
    }
  }
  const facets: Facets = { categories: [...categories.values()].sort(byName), brands: [...brands.values()].sort(byName) };
  if (total > 0 && (q.category || q.brand)) {
    const own = await facetCounts(db, q, { categories: !!q.category, brands: !!q.brand });
    if (q.category) facets.categories = own.categories;
    if (q.brand) facets.brands = own.brands;
  }
  return { total, facets };
}

export async function facetCounts(
  db: DbOrTrx,
  q: ProductQuery,
  which: { categories: boolean; brands: boolean } = { categories: true, brands: true },
): Promise<Facets> {
  const dialect = dialectOf(db);
  const categories = !which.categories
    ? []
    : await db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select((eb) => ['c.id', 'c.name', eb.fn.countAll<number>().as('count')])
        .where((eb) => conditions(eb as unknown as Eb, q, dialect, 'category'))
        .groupBy(['c.id', 'c.name'])
        .orderBy('c.name')
        .execute();
  const brands = !which.brands
    ? []
    : await db
        .selectFrom('products as p')
        .select((eb) => ['p.brand', eb.fn.countAll<number>().as('count')])
        .where((eb) => conditions(eb as unknown as Eb, q, dialect, 'brand'))
        .where('p.brand', 'is not', null)
        .groupBy('p.brand')
        .orderBy('p.brand')
        .execute();
  // Sorted here, by code points, as totalAndFacets does (PostgreSQL's collation orders differently).
  return {
    categories: categories.map((c) => ({ id: c.id, name: c.name, count: Number(c.count) })).sort(byName),
    brands: brands
      .filter((b) => b.brand)
      .map((b) => ({ name: b.brand!, count: Number(b.count) }))
      .sort(byName),
  };
}

/** Ids of the distributor's active products whose item number or one UPC is exactly the text. */
// Two unique-index lookups joined by UNION: as one WHERE with OR, SQLite without statistics scanned
// every product of the distributor for each search (300 ms at 100,000 products).
export async function findExactMatchIds(db: DbOrTrx, distributorId: string, text: string): Promise<string[]> {
  const variants = [...new Set([text, text.toUpperCase()])];
  const byItemNumber = db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.item_number', 'in', variants)
    .where('p.distributor_id', '=', distributorId)
    .where('p.is_active', '=', 1);
  const byUpc = db
    .selectFrom('product_upcs as u')
    .innerJoin('products as p', 'p.id', 'u.product_id')
    .select('p.id')
    .where('u.upc', '=', text)
    .where('p.distributor_id', '=', distributorId)
    .where('p.is_active', '=', 1);
  const rows = await byItemNumber.union(byUpc).execute();
  return rows.map((r) => r.id);
}

export function findProductsByIds(db: DbOrTrx, distributorId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return withNames(db).where('p.distributor_id', '=', distributorId).where('p.id', 'in', ids).execute();
}

export interface ProductExtras {
  upcs: Map<string, string[]>;
  tiers: Map<string, { minQty: number; discountCents: number }[]>;
  /** Best active discount promotion percent (bp) per product. */
  discountBp: Map<string, number>;
  promoted: Map<
    string,
    { id: string; title: string; description: string | null; imageUrl: string | null; endsAt: string | null }
  >;
  cartQty: Map<string, number>;
}

export function emptyExtras(): ProductExtras {
  return { upcs: new Map(), tiers: new Map(), discountBp: new Map(), promoted: new Map(), cartQty: new Map() };
}

/** A product's promotion of kind discount or promoted, active flag set, whatever its dates. */
export interface PromotionRow {
  id: string;
  product_id: string | null;
  kind: string;
  title: string;
  description: string | null;
  image_url: string | null;
  discount_bp: number | null;
  starts_at: string;
  ends_at: string | null;
}

/**
 * Counts a product's promotion into its extras when it runs at `now`: the best discount wins, and the
 * first promoted one given (promotions come newest start first). ISO-8601 text is compared as the
 * database compares it (binary).
 */
export function addPromotion(extras: ProductExtras, productId: string, promo: PromotionRow, now: string): void {
  if (promo.starts_at > now || (promo.ends_at !== null && promo.ends_at <= now)) return;
  if (promo.kind === 'discount' && (promo.discount_bp ?? 0) > 0)
    extras.discountBp.set(productId, Math.max(extras.discountBp.get(productId) ?? 0, Math.min(10000, promo.discount_bp!)));
  if (promo.kind === 'promoted' && !extras.promoted.has(productId))
    extras.promoted.set(productId, {
      id: promo.id,
      title: promo.title,
      description: promo.description,
      imageUrl: promo.image_url,
      endsAt: promo.ends_at,
    });
}

/** UPCs, quantity tiers and active-flagged discount/promoted promotions (with their dates) of some products. */
async function loadProductSideRows(db: DbOrTrx, ids: readonly string[]) {
  const [upcs, tiers, promos] = await Promise.all([
    db.selectFrom('product_upcs').select(['product_id', 'upc']).where('product_id', 'in', ids).orderBy('upc').execute(),
    db
      .selectFrom('product_qty_discounts')
      .select(['product_id', 'min_qty', 'discount_cents'])
      .where('product_id', 'in', ids)
      .orderBy('min_qty')
      .execute(),
    db
      .selectFrom('promotions')
      .select(['id', 'product_id', 'kind', 'title', 'description', 'image_url', 'discount_bp', 'starts_at', 'ends_at'])
      .where('product_id', 'in', ids)
      .where('kind', 'in', ['discount', 'promoted'])
      .where('is_active', '=', 1)
      .orderBy('starts_at', 'desc')
      .execute(),
  ]);
  return { upcs, tiers, promos: promos as PromotionRow[] };
}

/** UPCs, tiers, promotions running at `now` and the buyer's cart quantities for a set of products. */
export async function loadProductExtras(
  db: DbOrTrx,
  ids: readonly string[],
  now: string,
  cart?: { customerId: string; userId: string },
): Promise<ProductExtras> {
  const extras = emptyExtras();
  if (ids.length === 0) return extras;
  const [side, cartRows] = await Promise.all([
    loadProductSideRows(db, ids),
    cart
      ? db
          .selectFrom('cart_items')
          .select(['product_id', 'quantity'])
          .where('customer_id', '=', cart.customerId)
          .where('user_id', '=', cart.userId)
          .where('product_id', 'in', ids)
          .execute()
      : Promise.resolve([]),
  ]);
  for (const u of side.upcs) extras.upcs.set(u.product_id, [...(extras.upcs.get(u.product_id) ?? []), u.upc]);
  for (const t of side.tiers)
    extras.tiers.set(t.product_id, [
      ...(extras.tiers.get(t.product_id) ?? []),
      { minQty: t.min_qty, discountCents: t.discount_cents },
    ]);
  for (const p of side.promos) if (p.product_id) addPromotion(extras, p.product_id, p, now);
  for (const c of cartRows) extras.cartQty.set(c.product_id, c.quantity);
  return extras;
}

/**
 * The catalogue-version-bound parts of some products (rows, UPCs, tiers, promotions with their dates),
 * for the in-memory product cache: everything here bumps catalog_version when it changes.
 */
export async function loadProductDetails(db: DbOrTrx, distributorId: string, ids: readonly string[]) {
  if (ids.length === 0) return { rows: [] as ProductRow[], upcs: [], tiers: [], promos: [] as PromotionRow[] };
  const [rows, side] = await Promise.all([findProductsByIds(db, distributorId, ids), loadProductSideRows(db, ids)]);
  return { rows, ...side };
}

/** Stock counts of a page of products: read fresh whenever a page is (re)built. */
export async function stockOf(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('products').select(['id', 'stock_on_hand']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.stock_on_hand]));
}

/** The buyer's cart quantities of some products (only those in the cart). */
export async function cartQuantitiesOf(
  db: DbOrTrx,
  cart: { customerId: string; userId: string },
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('cart_items')
    .select(['product_id', 'quantity'])
    .where('customer_id', '=', cart.customerId)
    .where('user_id', '=', cart.userId)
    .where('product_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.product_id, r.quantity]));
}

// Every catalogue search runs this: compiled once (see compiledOnce).
const searchContext = compiledOnce(['customerId', 'distributorId', 'userId'], (db, p) =>
  db
    .selectFrom('customers as c')
    .select([
      'c.id',
      'c.price_level',
      'c.min_order_cents',
      'c.item_limit_qty',
      sql<number>`(select value from catalog_version where id = 1)`.as('catalog_version'),
      sql<number>`(select count(*) from cart_items ci where ci.customer_id = c.id and ci.user_id = ${p.userId})`.as('cart_lines'),
      sql<
        string | null
      >`(select s.value from settings s where s.distributor_id = ${p.distributorId} and s.key = ${sql.lit(ALLOW_BACKORDERS_SETTING_KEY)})`.as(
        'allow_backorders',
      ),
    ])
    .where('c.id', '=', p.customerId)
    .where('c.distributor_id', '=', p.distributorId),
);

/**
 * What a catalogue request needs to know about its buyer, in one query: the customer's pricing terms,
 * the catalogue version (cache keys), how many lines the buyer's cart holds (0: no cart overlay) and the
 * distributor's back-order setting (stock labels).
 */
export async function loadSearchContext(db: DbOrTrx, buyer: { distributorId: string; customerId: string; userId: string }) {
  const [row] = await searchContext(db, buyer);
  return row
    ? {
        ...row,
        catalog_version: Number(row.catalog_version ?? 0),
        cart_lines: Number(row.cart_lines),
        allow_backorders: parseAllowBackordersSetting(row.allow_backorders),
      }
    : undefined;
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
