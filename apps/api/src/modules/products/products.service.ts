// Products read and written many at a time by item number (the CSV import and export): each product's
// importable fields as the import compares them, a batch upsert, restoring a before-image, removing or
// deactivating a created product, and keyset pages for the export. The import module reaches products
// only through these functions.
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { ProductFlag } from '@portal/shared/products/products.schemas';
import {
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  type ImportFieldKey,
  type ImportValues,
  type productExportQuery,
} from '@portal/shared/product-import/product-import.schemas';
import type { DbOrTrx } from '../../db/database.ts';
import type { Database, ProductTable } from '../../db/schema.ts';
import { nowIso } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';

/** Plain columns of the importable fields (category, subcategory, vendor and UPCs are resolved apart). */
const COLUMN: Partial<Record<ImportFieldKey, keyof ProductTable>> = {
  itemNumber: 'item_number',
  description: 'description',
  brand: 'brand',
  salesCategory: 'sales_category',
  pack: 'pack',
  caseCount: 'case_count',
  uom: 'uom',
  unitOunces: 'unit_ounces',
  size: 'size',
  price1Cents: 'price1_cents',
  price2Cents: 'price2_cents',
  price3Cents: 'price3_cents',
  price4Cents: 'price4_cents',
  price5Cents: 'price5_cents',
  taxRateBp: 'tax_rate_bp',
  crvCents: 'crv_cents',
  stockOnHand: 'stock_on_hand',
  productLimit: 'product_limit',
  isNewItem: 'is_new_item',
  allowToOrder: 'allow_to_order',
  showInventoryStock: 'show_inventory_stock',
  showLowStock: 'show_low_stock',
  showWithoutPrice: 'show_without_price',
  allowToOrderSalesRep: 'allow_to_order_sales',
  showInventoryStockToSalesRep: 'show_inventory_stock_to_sales',
  showLowStockToSalesRep: 'show_low_stock_to_sales',
  showWithoutPriceToSalesRep: 'show_without_price_to_sales',
  isActive: 'is_active',
};

const FLAG_COLUMN: Record<ProductFlag, `p.${keyof ProductTable}`> = {
  showInventoryStock: 'p.show_inventory_stock',
  showLowStock: 'p.show_low_stock',
  showWithoutPrice: 'p.show_without_price',
  allowToOrder: 'p.allow_to_order',
  showInventoryStockToSalesRep: 'p.show_inventory_stock_to_sales',
  showLowStockToSalesRep: 'p.show_low_stock_to_sales',
  showWithoutPriceToSalesRep: 'p.show_without_price_to_sales',
  allowToOrderSalesRep: 'p.allow_to_order_sales',
};

export interface ProductSnapshot {
  id: string;
  /** Every importable field, as the import compares them (names for category, subcategory, vendor). */
  values: Required<ImportValues>;
}

/** The distributor's categories and vendors by name (letter case aside), for resolving import cells. */
export interface ProductReferences {
  categories: Map<string, { id: string; name: string; subcategories: Map<string, { id: string; name: string }> }>;
  vendors: Map<string, { id: string; name: string }>;
  names: Map<string, string>;
}

const fold = (name: string) => name.trim().toLowerCase();

export async function loadProductReferences(db: DbOrTrx, distributorId: string): Promise<ProductReferences> {
  const [categories, vendors] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name', 'parent_id']).where('distributor_id', '=', distributorId).execute(),
    db.selectFrom('vendors').select(['id', 'name']).where('distributor_id', '=', distributorId).execute(),
  ]);
  const refs: ProductReferences = { categories: new Map(), vendors: new Map(), names: new Map() };
  for (const c of categories) refs.names.set(c.id, c.name);
  for (const v of vendors) {
    refs.names.set(v.id, v.name);
    refs.vendors.set(fold(v.name), v);
  }
  for (const c of categories.filter((c) => !c.parent_id)) {
    refs.categories.set(fold(c.name), { id: c.id, name: c.name, subcategories: new Map() });
  }
  for (const s of categories.filter((c) => c.parent_id)) {
    const parent = [...refs.categories.values()].find((c) => c.id === s.parent_id);
    parent?.subcategories.set(fold(s.name), { id: s.id, name: s.name });
  }
  return refs;
}

/**
 * The category, subcategory and vendor ids that values name, or the reason one is unknown. A name is
 * matched letter case aside and stored as the distributor spelt it.
 */
export function resolveReferences(
  refs: ProductReferences,
  values: ImportValues,
): { error: string } | { ids: { category_id?: string | null; subcategory_id?: string | null; vendor_id?: string | null } } {
  const ids: { category_id?: string | null; subcategory_id?: string | null; vendor_id?: string | null } = {};
  let category: ReturnType<ProductReferences['categories']['get']>;
  if (values.category !== undefined) {
    if (values.category === null) ids.category_id = null;
    else {
      category = refs.categories.get(fold(String(values.category)));
      if (!category) return { error: IMPORT_MESSAGES.unknownCategory(String(values.category)) };
      ids.category_id = category.id;
    }
  }
  if (values.subcategory !== undefined) {
    if (values.subcategory === null) ids.subcategory_id = null;
    else {
      const within = category ? [category] : [...refs.categories.values()];
      const sub = within.map((c) => c.subcategories.get(fold(String(values.subcategory)))).find(Boolean);
      if (!sub) return { error: IMPORT_MESSAGES.unknownSubcategory(String(values.subcategory)) };
      ids.subcategory_id = sub.id;
    }
  }
  if (values.vendor !== undefined) {
    if (values.vendor === null) ids.vendor_id = null;
    else {
      const vendor = refs.vendors.get(fold(String(values.vendor)));
      if (!vendor) return { error: IMPORT_MESSAGES.unknownVendor(String(values.vendor)) };
      ids.vendor_id = vendor.id;
    }
  }
  return { ids };
}

/** Resolved names as the import compares them (the stored spelling). */
export function canonicalNames(refs: ProductReferences, values: ImportValues): ImportValues {
  const out = { ...values };
  const resolved = resolveReferences(refs, values);
  if ('ids' in resolved) {
    if (resolved.ids.category_id) out.category = refs.names.get(resolved.ids.category_id)!;
    if (resolved.ids.subcategory_id) out.subcategory = refs.names.get(resolved.ids.subcategory_id)!;
    if (resolved.ids.vendor_id) out.vendor = refs.names.get(resolved.ids.vendor_id)!;
  }
  return out;
}

type ProductRow = ProductTable & { upcs: string[] };

function snapshot(row: ProductRow, refs: ProductReferences): ProductSnapshot {
  const values = {} as Record<ImportFieldKey, unknown>;
  for (const field of IMPORT_FIELDS) {
    const column = COLUMN[field.key];
    if (!column) continue;
    const raw = row[column];
    values[field.key] =
      field.kind === 'flag' ? Number(raw) === 1 : field.kind === 'text' ? raw : raw === null ? null : Number(raw);
  }
  values.category = row.category_id ? (refs.names.get(row.category_id) ?? null) : null;
  values.subcategory = row.subcategory_id ? (refs.names.get(row.subcategory_id) ?? null) : null;
  values.vendor = row.vendor_id ? (refs.names.get(row.vendor_id) ?? null) : null;
  values.upcs = [...row.upcs].sort();
  return { id: row.id, values: values as Required<ImportValues> };
}

async function withUpcs(db: DbOrTrx, rows: ProductTable[]): Promise<ProductRow[]> {
  if (!rows.length) return [];
  const upcs = await db
    .selectFrom('product_upcs')
    .select(['product_id', 'upc'])
    .where(
      'product_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const byProduct = new Map<string, string[]>();
  for (const u of upcs) byProduct.set(u.product_id, [...(byProduct.get(u.product_id) ?? []), u.upc]);
  return rows.map((r) => ({ ...r, upcs: byProduct.get(r.id) ?? [] }));
}

/** Chunks of at most n: keeps `in (...)` lists under both databases' parameter limits. */
function chunks<T>(items: readonly T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
  return out;
}

/**
 * The products with these item numbers: the distributor's own by item number, and the item numbers
 * another distributor uses (item numbers are unique across distributors).
 */
export async function findProductsByItemNumbers(
  db: DbOrTrx,
  distributorId: string,
  itemNumbers: readonly string[],
  refs: ProductReferences,
): Promise<{ own: Map<string, ProductSnapshot>; foreign: Set<string> }> {
  const own = new Map<string, ProductSnapshot>();
  const foreign = new Set<string>();
  for (const part of chunks(itemNumbers, 500)) {
    const rows = await db.selectFrom('products').selectAll().where('item_number', 'in', part).execute();
    for (const row of await withUpcs(
      db,
      rows.filter((r) => r.distributor_id === distributorId),
    ))
      own.set(row.item_number, snapshot(row, refs));
    for (const row of rows) if (row.distributor_id !== distributorId) foreign.add(row.item_number);
  }
  return { own, foreign };
}

/** The item number already holding each of these UPCs. */
export async function upcOwners(db: DbOrTrx, upcs: readonly string[]): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const part of chunks(upcs, 500)) {
    const rows = await db
      .selectFrom('product_upcs as u')
      .innerJoin('products as p', 'p.id', 'u.product_id')
      .select(['u.upc', 'p.item_number'])
      .where('u.upc', 'in', part)
      .execute();
    for (const r of rows) owners.set(r.upc, r.item_number);
  }
  return owners;
}

export async function productSnapshots(
  db: DbOrTrx,
  ids: readonly string[],
  refs: ProductReferences,
): Promise<Map<string, ProductSnapshot>> {
  const out = new Map<string, ProductSnapshot>();
  for (const part of chunks(ids, 500)) {
    const rows = await db.selectFrom('products').selectAll().where('id', 'in', part).execute();
    for (const row of await withUpcs(db, rows)) out.set(row.id, snapshot(row, refs));
  }
  return out;
}

function columnsOf(values: ImportValues, refs: ProductReferences): Partial<ProductTable> {
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const column = COLUMN[key as ImportFieldKey];
    if (!column) continue;
    set[column] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  const resolved = resolveReferences(refs, values);
  if ('error' in resolved) throw new Error(resolved.error); // checked by the caller first
  Object.assign(set, resolved.ids);
  return set as Partial<ProductTable>;
}

async function replaceUpcs(trx: DbOrTrx, productId: string, upcs: readonly string[]): Promise<void> {
  await trx.deleteFrom('product_upcs').where('product_id', '=', productId).execute();
  if (upcs.length)
    await trx
      .insertInto('product_upcs')
      .values(upcs.map((upc) => ({ upc, product_id: productId })))
      .execute();
}

/** Creates a product from the values given (the rest take the columns' defaults); answers its id. */
export async function createProductFromValues(
  trx: DbOrTrx,
  distributorId: string,
  values: ImportValues,
  refs: ProductReferences,
) {
  const id = newId();
  const now = nowIso();
  const set = columnsOf(values, refs);
  await trx
    .insertInto('products')
    .values({
      ...(set as ProductTable),
      id,
      distributor_id: distributorId,
      search_text: [values.description, values.brand, values.itemNumber].filter(Boolean).join(' ').toLowerCase(),
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (Array.isArray(values.upcs)) await replaceUpcs(trx, id, values.upcs);
  return id;
}

/** Writes the given fields of one product (a changed subset, or a whole before-image). */
export async function updateProductValues(trx: DbOrTrx, productId: string, values: ImportValues, refs: ProductReferences) {
  const set = columnsOf(values, refs);
  await trx
    .updateTable('products')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', productId)
    .execute();
  if (Array.isArray(values.upcs)) await replaceUpcs(trx, productId, values.upcs);
}

/** The stored columns an import may change, with the UPCs: what a rollback writes back as it was. */
export type ProductBeforeImage = Partial<ProductTable> & { upcs: string[] };
const REFERENCE_COLUMNS = ['category_id', 'subcategory_id', 'vendor_id'] as const;

export async function productBeforeImages(trx: DbOrTrx, ids: readonly string[]): Promise<Map<string, ProductBeforeImage>> {
  const out = new Map<string, ProductBeforeImage>();
  for (const part of chunks(ids, 500)) {
    const rows = await trx.selectFrom('products').selectAll().where('id', 'in', part).execute();
    for (const row of await withUpcs(trx, rows)) {
      const image: Record<string, unknown> = { upcs: [...row.upcs].sort() };
      for (const column of [...Object.values(COLUMN), ...REFERENCE_COLUMNS]) image[column!] = row[column!];
      out.set(row.id, image as ProductBeforeImage);
    }
  }
  return out;
}

/** Writes a before-image back exactly (the product keeps its id, so orders and carts keep pointing at it). */
export async function restoreBeforeImage(trx: DbOrTrx, productId: string, image: ProductBeforeImage): Promise<void> {
  const { upcs, ...columns } = image;
  await trx
    .updateTable('products')
    .set({ ...columns, updated_at: nowIso() })
    .where('id', '=', productId)
    .execute();
  await replaceUpcs(trx, productId, upcs);
}

/** Deletes a product nothing refers to (orders, carts, promotions); otherwise deactivates it. */
export async function removeOrDeactivateProduct(trx: DbOrTrx, productId: string): Promise<'removed' | 'deactivated'> {
  const used = await sql<{ n: number }>`select
      (select count(*) from order_lines where product_id = ${productId})
    + (select count(*) from cart_items where product_id = ${productId})
    + (select count(*) from promotions where product_id = ${productId}) as n`.execute(trx);
  if (Number(used.rows[0]?.n ?? 0) > 0) {
    await trx.updateTable('products').set({ is_active: 0, updated_at: nowIso() }).where('id', '=', productId).execute();
    return 'deactivated';
  }
  await trx.deleteFrom('products').where('id', '=', productId).execute();
  return 'removed';
}

export type ProductExportFilters = z.output<typeof productExportQuery>;

/** One page of the distributor's products for the export, by id after `afterId`. */
export async function productExportPage(
  db: DbOrTrx,
  distributorId: string,
  filters: ProductExportFilters,
  refs: ProductReferences,
  afterId: string | null,
  limit: number,
): Promise<ProductSnapshot[]> {
  const now = nowIso();
  let q = db.selectFrom('products as p').selectAll('p').where('p.distributor_id', '=', distributorId);
  if (afterId) q = q.where('p.id', '>', afterId);
  if (filters.status !== 'all') q = q.where('p.is_active', '=', filters.status === 'active' ? 1 : 0);
  if (filters.category) {
    const category = filters.category;
    q = q.where((eb) => eb.or([eb('p.category_id', '=', category), eb('p.subcategory_id', '=', category)]));
  }
  if (filters.subcategory) q = q.where('p.subcategory_id', '=', filters.subcategory);
  if (filters.vendor) q = q.where('p.vendor_id', '=', filters.vendor);
  if (filters.brand) q = q.where('p.brand', '=', filters.brand);
  if (filters.stock === 'outOfStock') q = q.where('p.stock_on_hand', '<=', 0);
  if (filters.stock === 'low') q = q.where('p.stock_on_hand', '>', 0).whereRef('p.stock_on_hand', '<=', 'p.low_stock_threshold');
  if (filters.stock === 'inStock') q = q.whereRef('p.stock_on_hand', '>', 'p.low_stock_threshold');
  if (filters.flag) q = q.where(FLAG_COLUMN[filters.flag], '=', 1);
  for (const [wanted, kind] of [
    [filters.promoted, 'promoted'],
    [filters.discounted, 'discount'],
  ] as const) {
    if (wanted === undefined) continue;
    const applies = (eb: ExpressionBuilder<Database & { p: ProductTable }, 'p'>) =>
      eb.exists(
        eb
          .selectFrom('promotions as pr')
          .select('pr.id')
          .whereRef('pr.product_id', '=', 'p.id')
          .where('pr.kind', '=', kind)
          .where('pr.is_active', '=', 1)
          .where('pr.starts_at', '<=', now)
          .where((w) => w.or([w('pr.ends_at', 'is', null), w('pr.ends_at', '>', now)])),
      );
    q = q.where((eb) => (wanted ? applies(eb) : eb.not(applies(eb))));
  }
  if (filters.search) {
    const term = `%${filters.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (expr: RawBuilder<unknown>) => sql<boolean>`${expr} like ${term} escape '\\'`;
    q = q.where((eb) =>
      eb.or([
        like(sql`lower(p.item_number)`),
        like(sql`lower(p.description)`),
        like(sql`lower(coalesce(p.brand, ''))`),
        eb.exists(
          eb
            .selectFrom('product_upcs as u')
            .select('u.upc')
            .whereRef('u.product_id', '=', 'p.id')
            .where(like(sql`u.upc`)),
        ),
      ]),
    );
  }
  const rows = await q.orderBy('p.id').limit(limit).execute();
  return (await withUpcs(db, rows)).map((r) => snapshot(r, refs));
}
