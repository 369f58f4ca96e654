// All SQL of the admin products: one distributor's products with their category, subcategory and vendor
// names and promotion marks (targets the service derives from the promotion rules), paged, sorted,
// searched and filtered; one product with its UPCs and tiers; inserts, whole-record replacement and
// bulk updates. Callers run writes inside a transaction.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ProductSortKey, Sorting } from '@portal/shared/api/sort';
import type { BulkFlag, ProductFlag, StockStatus } from '@portal/shared/products/products.schemas';
import type { DbOrTrx } from '../../db/database.ts';
import type { Database, ProductTable } from '../../db/schema.ts';

/** The column of each flag the API names. */
export const FLAG_COLUMNS = {
  showInventoryStock: 'show_inventory_stock',
  showLowStock: 'show_low_stock',
  showWithoutPrice: 'show_without_price',
  allowToOrder: 'allow_to_order',
  showInventoryStockToSalesRep: 'show_inventory_stock_to_sales',
  showLowStockToSalesRep: 'show_low_stock_to_sales',
  showWithoutPriceToSalesRep: 'show_without_price_to_sales',
  allowToOrderSalesRep: 'allow_to_order_sales',
  isNewItem: 'is_new_item',
  allowBackorder: 'allow_backorder',
} as const satisfies Record<BulkFlag, keyof ProductTable>;

export type ProductDbRow = Omit<ProductTable, 'search_text' | 'version' | 'stock_changed_at'> & {
  category_name: string | null;
  subcategory_name: string | null;
  vendor_name: string | null;
  is_promoted: number | string | boolean;
  is_discounted: number | string | boolean;
};

/** The editable columns: everything but the id, owner, status, search text, times and the catalogue's stamps. */
export type ProductFields = Omit<
  ProductTable,
  'id' | 'distributor_id' | 'is_active' | 'search_text' | 'created_at' | 'updated_at' | 'version' | 'stock_changed_at'
>;

export interface ProductListFilter {
  distributorId: string;
  /** Needed by the promoted / discounted filters and the rows' marks. */
  marks: PromotionMarks;
  search?: string;
  category?: string;
  subcategory?: string;
  vendor?: string;
  brand?: string;
  status: 'all' | 'active' | 'inactive';
  stock: 'all' | StockStatus;
  flag?: ProductFlag;
  promoted?: boolean;
  discounted?: boolean;
}

type Eb = ExpressionBuilder<Database & { p: ProductTable }, 'p'>;

/** `%text%` for LIKE with its wildcards taken literally (escape character `\`). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a product must be one of to carry a mark (targets as the promotion rules read them). */
export interface MarkTargets {
  productIds: readonly string[];
  /** A category target matches a product's category or subcategory. */
  categoryIds: readonly string[];
  /** Folded: trimmed and lower case (matched against the product's brand folded the same way). */
  brands: readonly string[];
  vendorIds: readonly string[];
}

/** The products the running promotions discount and promote (the service derives them from the rules). */
export interface PromotionMarks {
  discounted: MarkTargets;
  promoted: MarkTargets;
}

const NOTHING: MarkTargets = { productIds: [], categoryIds: [], brands: [], vendorIds: [] };
export const NO_MARKS: PromotionMarks = { discounted: NOTHING, promoted: NOTHING };

/**
 * The product is one of the targets: its id, category or subcategory, brand (folded) or vendor. Never
 * NULL (a missing column compares as ''), so `not` of it is exact too.
 */
function targeted(eb: Eb, t: MarkTargets) {
  const column = (c: 'p.category_id' | 'p.subcategory_id' | 'p.vendor_id') => sql<string>`coalesce(${sql.ref(c)}, '')`;
  const any: Expression<SqlBool>[] = [sql<SqlBool>`1 = 0`];
  if (t.productIds.length) any.push(eb('p.id', 'in', t.productIds));
  if (t.categoryIds.length) {
    any.push(eb(column('p.category_id'), 'in', t.categoryIds), eb(column('p.subcategory_id'), 'in', t.categoryIds));
  }
  if (t.vendorIds.length) any.push(eb(column('p.vendor_id'), 'in', t.vendorIds));
  if (t.brands.length) any.push(eb(sql<string>`lower(trim(coalesce(p.brand, '')))`, 'in', t.brands));
  return eb.or(any);
}

/** The list's filters as a query on `products as p` (the list and the CSV export share it). */
export function productsQuery(db: DbOrTrx, f: ProductListFilter) {
  let q = db.selectFrom('products as p').where('p.distributor_id', '=', f.distributorId);
  if (f.status === 'active') q = q.where('p.is_active', '=', 1);
  if (f.status === 'inactive') q = q.where('p.is_active', '=', 0);
  if (f.search) {
    const pattern = containsPattern(f.search);
    const like = (col: 'p.item_number' | 'p.description' | 'p.brand'): Expression<SqlBool> =>
      sql<SqlBool>`lower(coalesce(${sql.ref(col)}, '')) like ${pattern} escape '\\'`;
    q = q.where((eb) =>
      eb.or([
        like('p.item_number'),
        like('p.description'),
        like('p.brand'),
        eb.exists(
          eb
            .selectFrom('product_upcs as u')
            .select(sql`1`.as('one'))
            .whereRef('u.product_id', '=', 'p.id')
            .where(sql<SqlBool>`u.upc like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  const category = f.category;
  if (category) q = q.where((eb) => eb.or([eb('p.category_id', '=', category), eb('p.subcategory_id', '=', category)]));
  if (f.subcategory) q = q.where('p.subcategory_id', '=', f.subcategory);
  if (f.vendor) q = q.where('p.vendor_id', '=', f.vendor);
  if (f.brand) q = q.where('p.brand', '=', f.brand);
  if (f.stock === 'outOfStock') q = q.where('p.stock_on_hand', '<=', 0);
  if (f.stock === 'low') q = q.where('p.stock_on_hand', '>', 0).whereRef('p.stock_on_hand', '<=', 'p.low_stock_threshold');
  if (f.stock === 'inStock') q = q.where('p.stock_on_hand', '>', 0).whereRef('p.stock_on_hand', '>', 'p.low_stock_threshold');
  if (f.flag) q = q.where(`p.${FLAG_COLUMNS[f.flag]}`, '=', 1);
  for (const mark of ['promoted', 'discounted'] as const) {
    const wanted = f[mark];
    if (wanted === undefined) continue;
    q = q.where((eb) => (wanted ? targeted(eb, f.marks[mark]) : eb.not(targeted(eb, f.marks[mark]))));
  }
  return q;
}

function withNames(db: DbOrTrx, f: ProductListFilter) {
  return productsQuery(db, f)
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('categories as sc', 'sc.id', 'p.subcategory_id')
    .leftJoin('vendors as v', 'v.id', 'p.vendor_id')
    .selectAll('p')
    .select(['c.name as category_name', 'sc.name as subcategory_name', 'v.name as vendor_name'])
    .select((eb) => [
      targeted(eb as unknown as Eb, f.marks.promoted).as('is_promoted'),
      targeted(eb as unknown as Eb, f.marks.discounted).as('is_discounted'),
    ]);
}

const SORT_EXPRESSIONS: Record<ProductSortKey, Expression<unknown>> = {
  itemNumber: sql`lower(p.item_number)`,
  description: sql`lower(p.description)`,
  brand: sql`lower(coalesce(p.brand, ''))`,
  category: sql`lower(coalesce(c.name, ''))`,
  vendor: sql`lower(coalesce(v.name, ''))`,
  price1: sql`p.price1_cents`,
  stockOnHand: sql`p.stock_on_hand`,
  productLimit: sql`coalesce(p.product_limit, 0)`,
  createdAt: sql`p.created_at`,
  updatedAt: sql`p.updated_at`,
  isActive: sql`p.is_active`,
};

export async function listProducts(
  db: DbOrTrx,
  f: ProductListFilter,
  sorting: Sorting<ProductSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: ProductDbRow[]; total: number }> {
  let q = withNames(db, f).orderBy(SORT_EXPRESSIONS[sorting.sort], sorting.dir);
  if (sorting.sort !== 'itemNumber') q = q.orderBy(SORT_EXPRESSIONS.itemNumber, 'asc');
  const rows = await q.orderBy('p.id', 'asc').limit(page.limit).offset(page.offset).execute();
  const count = await productsQuery(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows as unknown as ProductDbRow[], total: Number(count.n) };
}

export async function findProducts(db: DbOrTrx, distributorId: string, ids: readonly string[], marks: PromotionMarks = NO_MARKS) {
  if (ids.length === 0) return [];
  const rows = await withNames(db, { distributorId, marks, status: 'all', stock: 'all' })
    .where('p.id', 'in', ids)
    .orderBy(SORT_EXPRESSIONS.itemNumber)
    .orderBy('p.id')
    .execute();
  return rows as unknown as ProductDbRow[];
}

export async function findProduct(db: DbOrTrx, distributorId: string, id: string, marks: PromotionMarks) {
  return (await findProducts(db, distributorId, [id], marks))[0];
}

export async function productUpcs(db: DbOrTrx, productId: string): Promise<string[]> {
  const rows = await db.selectFrom('product_upcs').select('upc').where('product_id', '=', productId).orderBy('upc').execute();
  return rows.map((r) => r.upc);
}

export async function productTiers(db: DbOrTrx, productId: string): Promise<{ minQty: number; discountCents: number }[]> {
  const rows = await db
    .selectFrom('product_qty_discounts')
    .select(['min_qty', 'discount_cents'])
    .where('product_id', '=', productId)
    .orderBy('min_qty')
    .execute();
  return rows.map((r) => ({ minQty: Number(r.min_qty), discountCents: Number(r.discount_cents) }));
}

export async function listBrands(db: DbOrTrx, distributorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select('brand')
    .distinct()
    .where('distributor_id', '=', distributorId)
    .where('brand', 'is not', null)
    .where('brand', '<>', '')
    .execute();
  return rows.map((r) => r.brand!).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()) || a.localeCompare(b));
}

/** Another product of this distributor with the same item number. */
export function findByItemNumber(db: DbOrTrx, distributorId: string, itemNumber: string, exceptId?: string) {
  let q = db
    .selectFrom('products')
    .select('id')
    .where('distributor_id', '=', distributorId)
    .where('item_number', '=', itemNumber);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

/** The first of these UPCs that a product other than `exceptId` already has. */
export async function findTakenUpc(db: DbOrTrx, upcs: readonly string[], exceptId?: string): Promise<string | undefined> {
  if (upcs.length === 0) return undefined;
  let q = db.selectFrom('product_upcs').select('upc').where('upc', 'in', upcs);
  if (exceptId) q = q.where('product_id', '<>', exceptId);
  const rows = await q.execute();
  const taken = new Set(rows.map((r) => r.upc));
  return upcs.find((u) => taken.has(u));
}

export function findCategoryRow(db: DbOrTrx, distributorId: string, id: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'parent_id'])
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findVendorRow(db: DbOrTrx, distributorId: string, id: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'name'])
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertProduct(
  db: DbOrTrx,
  row: ProductFields & { id: string; distributor_id: string; created_at: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('products')
    .values({ ...row, is_active: 1, search_text: '' })
    .execute();
}

/**
 * Writes these columns of the products. `stockDelta`: stock_on_hand becomes what is stored at the
 * moment of the UPDATE plus the delta (so a concurrent order's decrement is kept), whatever `set` says.
 */
export async function updateProduct(
  db: DbOrTrx,
  distributorId: string,
  ids: readonly string[],
  set: Partial<ProductFields> & { is_active?: number; updated_at: string },
  stockDelta?: number,
): Promise<void> {
  if (ids.length === 0) return;
  const stock = stockDelta === undefined ? {} : { stock_on_hand: sql<number>`stock_on_hand + ${stockDelta}` };
  await db
    .updateTable('products')
    .set({ ...set, ...stock })
    .where('distributor_id', '=', distributorId)
    .where('id', 'in', ids)
    .execute();
}

/** Replaces the product's UPCs and tiers with these. */
export async function replaceUpcsAndTiers(
  db: DbOrTrx,
  productId: string,
  upcs: readonly string[],
  tiers: readonly { id: string; minQty: number; discountCents: number }[],
): Promise<void> {
  const current = await productUpcs(db, productId);
  const keep = new Set(upcs);
  const gone = current.filter((u) => !keep.has(u));
  const added = upcs.filter((u) => !current.includes(u));
  if (gone.length) await db.deleteFrom('product_upcs').where('product_id', '=', productId).where('upc', 'in', gone).execute();
  if (added.length) {
    await db
      .insertInto('product_upcs')
      .values(added.map((upc) => ({ upc, product_id: productId })))
      .execute();
  }
  await db.deleteFrom('product_qty_discounts').where('product_id', '=', productId).execute();
  if (tiers.length) {
    await db
      .insertInto('product_qty_discounts')
      .values(tiers.map((t) => ({ id: t.id, product_id: productId, min_qty: t.minQty, discount_cents: t.discountCents })))
      .execute();
  }
}
