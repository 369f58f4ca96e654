// Admin products: a distributor user sees and edits only its distributor's products (another
// distributor's id is not found). Item numbers are unique per distributor; UPCs across the database.
// Products are never deleted: they are deactivated and reactivated. Every write runs in one transaction
// and then calls afterCatalogueWrite.
import { DEFAULT_SORTS, resolveSorting } from '@portal/shared/api/sort';
import {
  BULK_FLAGS,
  chooseProductImage,
  PRICE_FIELDS,
  PRODUCT_FLAGS,
  PRODUCT_MESSAGES,
  stockStatusOf,
  type BulkApply,
  type BulkCounts,
  type BulkEditInput,
  type BulkFieldChange,
  type BulkPreview,
  type ProductDetail,
  type ProductFlag,
  type ProductInput,
  type ProductList,
  type ProductRow,
  type productListQuery,
} from '@portal/shared/products/products.schemas';
import type { z } from 'zod';
import type { Db, DbOrTrx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { nowIso } from '../../platform/clock.ts';
import { validateProductRows } from './product-rows.ts';
import {
  distributorCategories,
  distributorVendorIds,
  findByItemNumber,
  findCategoryRow,
  findProduct,
  findProducts,
  findProductsByItemNumbers,
  findTakenUpc,
  findVendorRow,
  FLAG_COLUMNS,
  insertProduct,
  listBrands,
  listProducts,
  productTiers,
  productUpcs,
  replaceUpcsAndTiers,
  updateProduct,
  upcOwners,
  type ProductDbRow,
  type ProductFields,
} from './products.repository.ts';

/**
 * The one place a product write tells the catalogue's read path that this distributor's catalogue
 * changed (called after the commit). The triggers of migration 0002 already mark every change.
 */
export function afterCatalogueWrite(_db: Db, _distributorId: string): void {}

const bool = (v: unknown) => v === true || Number(v) === 1;
const refusal = (status: number, code: 'CONFLICT' | 'VALIDATION_ERROR', field: string, message: string) =>
  new AppError(code, message, { status, fields: { [field]: message } });
const conflictOn = (field: string, message: string) => refusal(409, 'CONFLICT', field, message);
const invalid = (field: string, message: string) => badRequest(message, { [field]: message });

function flagsOf(row: ProductDbRow): Record<ProductFlag, boolean> {
  return Object.fromEntries(PRODUCT_FLAGS.map((f) => [f, bool(row[FLAG_COLUMNS[f]])])) as Record<ProductFlag, boolean>;
}

function imageOf(row: ProductDbRow): string | null {
  return chooseProductImage({
    showDistributorImage: bool(row.show_distributor_image),
    distributorImageUrl: row.distributor_image_url,
    masterImageUrl: row.master_image_url,
  });
}

export function toProductRow(row: ProductDbRow): ProductRow {
  const stock = Number(row.stock_on_hand);
  const threshold = Number(row.low_stock_threshold);
  return {
    id: row.id,
    itemNumber: row.item_number,
    description: row.description,
    brand: row.brand,
    categoryId: row.category_id,
    category: row.category_name,
    subcategoryId: row.subcategory_id,
    subcategory: row.subcategory_name,
    vendorId: row.vendor_id,
    vendor: row.vendor_name,
    pack: Number(row.pack),
    caseCount: Number(row.case_count),
    uom: row.uom,
    size: row.size,
    price1Cents: Number(row.price1_cents),
    stockOnHand: stock,
    lowStockThreshold: threshold,
    stockStatus: stockStatusOf(stock, threshold),
    productLimit: row.product_limit === null ? null : Number(row.product_limit),
    ...flagsOf(row),
    isNewItem: bool(row.is_new_item),
    isPromoted: bool(row.is_promoted),
    isDiscounted: bool(row.is_discounted),
    imageUrl: imageOf(row),
    isActive: bool(row.is_active),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function toProductDetail(db: DbOrTrx, row: ProductDbRow): Promise<ProductDetail> {
  const [upcs, qtyDiscounts] = await Promise.all([productUpcs(db, row.id), productTiers(db, row.id)]);
  const r = toProductRow(row);
  return {
    ...r,
    unitOunces: Number(row.unit_ounces),
    upcs,
    salesCategory: row.sales_category,
    price2Cents: Number(row.price2_cents),
    price3Cents: Number(row.price3_cents),
    price4Cents: Number(row.price4_cents),
    price5Cents: Number(row.price5_cents),
    taxRateBp: Number(row.tax_rate_bp),
    crvCents: Number(row.crv_cents),
    allowBackorder: bool(row.allow_backorder),
    qtyDiscounts,
    showDistributorImage: bool(row.show_distributor_image),
    distributorImageUrl: row.distributor_image_url,
    masterImageUrl: row.master_image_url,
  };
}

/** The stored columns of a validated form. */
export function productFields(input: ProductInput): ProductFields {
  const b = (v: boolean) => (v ? 1 : 0);
  return {
    item_number: input.itemNumber,
    description: input.description,
    brand: input.brand,
    category_id: input.categoryId,
    subcategory_id: input.subcategoryId,
    vendor_id: input.vendorId,
    sales_category: input.salesCategory,
    pack: input.pack,
    case_count: input.caseCount,
    uom: input.uom,
    unit_ounces: input.unitOunces,
    size: input.size,
    price1_cents: input.price1Cents,
    price2_cents: input.price2Cents,
    price3_cents: input.price3Cents,
    price4_cents: input.price4Cents,
    price5_cents: input.price5Cents,
    tax_rate_bp: input.taxRateBp,
    crv_cents: input.crvCents,
    stock_on_hand: input.stockOnHand,
    allow_backorder: b(input.allowBackorder),
    low_stock_threshold: input.lowStockThreshold,
    show_inventory_stock: b(input.showInventoryStock),
    show_low_stock: b(input.showLowStock),
    show_without_price: b(input.showWithoutPrice),
    allow_to_order: b(input.allowToOrder),
    show_inventory_stock_to_sales: b(input.showInventoryStockToSalesRep),
    show_low_stock_to_sales: b(input.showLowStockToSalesRep),
    show_without_price_to_sales: b(input.showWithoutPriceToSalesRep),
    allow_to_order_sales: b(input.allowToOrderSalesRep),
    product_limit: input.productLimit,
    is_new_item: b(input.isNewItem),
    show_distributor_image: b(input.showDistributorImage),
    distributor_image_url: input.distributorImageUrl,
    master_image_url: input.masterImageUrl,
  };
}

export async function listProductRows(db: Db, actor: Actor, query: z.output<typeof productListQuery>): Promise<ProductList> {
  const sorting = resolveSorting(DEFAULT_SORTS.products, query.sort, query.dir);
  const { rows, total } = await listProducts(
    db,
    {
      distributorId: actor.distributorId,
      now: nowIso(),
      search: query.search || undefined,
      category: query.category || undefined,
      subcategory: query.subcategory || undefined,
      vendor: query.vendor || undefined,
      brand: query.brand || undefined,
      status: query.status,
      stock: query.stock,
      flag: query.flag,
      promoted: query.promoted,
      discounted: query.discounted,
    },
    sorting,
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map(toProductRow), total, page: query.page, limit: query.limit };
}

export async function productBrands(db: Db, actor: Actor): Promise<{ items: string[] }> {
  return { items: await listBrands(db, actor.distributorId) };
}

async function loadProduct(db: DbOrTrx, distributorId: string, id: string): Promise<ProductDbRow> {
  const row = await findProduct(db, distributorId, id, nowIso());
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return row;
}

export async function getProduct(db: DbOrTrx, actor: Actor, id: string): Promise<ProductDetail> {
  return toProductDetail(db, await loadProduct(db, actor.distributorId, id));
}

/** The category and subcategory must be the distributor's, the category top-level, the subcategory its child. */
async function checkCategory(
  db: DbOrTrx,
  distributorId: string,
  categoryId: string | null,
  subcategoryId: string | null,
): Promise<void> {
  if (!categoryId) {
    if (subcategoryId) throw invalid('subcategoryId', PRODUCT_MESSAGES.subcategoryWithoutCategory);
    return;
  }
  const category = await findCategoryRow(db, distributorId, categoryId);
  if (!category || category.parent_id !== null) throw invalid('categoryId', PRODUCT_MESSAGES.categoryUnknown);
  if (!subcategoryId) return;
  const sub = await findCategoryRow(db, distributorId, subcategoryId);
  if (!sub || sub.parent_id !== categoryId) throw invalid('subcategoryId', PRODUCT_MESSAGES.subcategoryNotChild);
}

/** Every check that needs the database, in the order of the form; a refusal names its field. */
async function checkReferences(db: DbOrTrx, distributorId: string, input: ProductInput, exceptId?: string) {
  await checkCategory(db, distributorId, input.categoryId, input.subcategoryId);
  if (input.vendorId && !(await findVendorRow(db, distributorId, input.vendorId))) {
    throw invalid('vendorId', PRODUCT_MESSAGES.vendorUnknown);
  }
  if (await findByItemNumber(db, distributorId, input.itemNumber, exceptId)) {
    throw conflictOn('itemNumber', PRODUCT_MESSAGES.duplicate(input.itemNumber));
  }
  const taken = await findTakenUpc(db, input.upcs, exceptId);
  if (taken) throw conflictOn('upcs', PRODUCT_MESSAGES.upcTaken(taken));
}

/**
 * Runs a product write; a unique index refusing it (two requests racing past the checks) answers the
 * same 409 the checks give: a UPC when product_upcs refused, else the item number.
 */
async function refuseDuplicates<T>(input: ProductInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const e = err as { message?: string; constraint?: string; detail?: string };
    const text = `${e.message ?? ''} ${e.constraint ?? ''} ${e.detail ?? ''}`;
    if (text.includes('product_upcs')) {
      const upc = input.upcs.find((u) => text.includes(u)) ?? input.upcs[0] ?? '';
      throw conflictOn('upcs', PRODUCT_MESSAGES.upcTaken(upc));
    }
    throw conflictOn('itemNumber', PRODUCT_MESSAGES.duplicate(input.itemNumber));
  }
}

const tierRows = (input: ProductInput) => input.qtyDiscounts.map((t) => ({ id: newId(), ...t }));

export async function createProduct(db: Db, actor: Actor, input: ProductInput): Promise<ProductDetail> {
  const distributorId = actor.distributorId;
  const id = newId();
  const detail = await refuseDuplicates(input, () =>
    db.transaction().execute(async (trx) => {
      await checkReferences(trx, distributorId, input);
      const at = nowIso();
      await insertProduct(trx, { id, distributor_id: distributorId, created_at: at, updated_at: at, ...productFields(input) });
      await replaceUpcsAndTiers(trx, id, input.upcs, tierRows(input));
      return getProduct(trx, actor, id);
    }),
  );
  afterCatalogueWrite(db, distributorId);
  return detail;
}

export async function editProduct(db: Db, actor: Actor, id: string, input: ProductInput): Promise<ProductDetail> {
  const distributorId = actor.distributorId;
  const detail = await refuseDuplicates(input, () =>
    db.transaction().execute(async (trx) => {
      await loadProduct(trx, distributorId, id);
      await checkReferences(trx, distributorId, input, id);
      await updateProduct(trx, distributorId, [id], { ...productFields(input), updated_at: nowIso() });
      await replaceUpcsAndTiers(trx, id, input.upcs, tierRows(input));
      return getProduct(trx, actor, id);
    }),
  );
  afterCatalogueWrite(db, distributorId);
  return detail;
}

export async function setProductActive(db: Db, actor: Actor, id: string, active: boolean): Promise<ProductDetail> {
  const distributorId = actor.distributorId;
  const detail = await db.transaction().execute(async (trx) => {
    const row = await loadProduct(trx, distributorId, id);
    if (bool(row.is_active) !== active) {
      await updateProduct(trx, distributorId, [id], { is_active: active ? 1 : 0, updated_at: nowIso() });
    }
    return getProduct(trx, actor, id);
  });
  afterCatalogueWrite(db, distributorId);
  return detail;
}

// ---- Bulk edit ----

/** `cents × (100 + percent) / 100` rounded to the cent, half away from zero; percent has at most 2 decimals. */
export function applyPercent(cents: number, percent: number): number {
  const bp = Math.round(percent * 100);
  const scaled = cents * (10_000 + bp);
  return Math.sign(scaled) * Math.floor((Math.abs(scaled) + 5_000) / 10_000);
}

interface PlannedProduct {
  row: ProductDbRow;
  changes: BulkFieldChange[];
  set: Partial<ProductFields>;
}

type BulkChangeInput = BulkEditInput['change'];

/** What the change does to each selected product: the field changes shown and the columns written. */
async function planBulk(db: DbOrTrx, distributorId: string, input: BulkEditInput): Promise<PlannedProduct[]> {
  const ids = [...new Set(input.ids)];
  const rows = await findProducts(db, distributorId, ids, nowIso());
  if (rows.length !== ids.length) throw notFound(PRODUCT_MESSAGES.notFound);
  const change: BulkChangeInput = input.change;
  let names: { category: string | null; subcategory: string | null } = { category: null, subcategory: null };
  if (change.kind === 'category') {
    await checkCategory(db, distributorId, change.categoryId, change.subcategoryId);
    const [c, s] = await Promise.all([
      change.categoryId ? findCategoryRow(db, distributorId, change.categoryId) : undefined,
      change.subcategoryId ? findCategoryRow(db, distributorId, change.subcategoryId) : undefined,
    ]);
    names = { category: c?.name ?? null, subcategory: s?.name ?? null };
  }
  return rows.map((row) => {
    const changes: BulkFieldChange[] = [];
    const set: Partial<ProductFields> = {};
    const put = <K extends keyof ProductFields>(
      field: string,
      column: K,
      before: unknown,
      after: unknown,
      value: ProductFields[K],
    ) => {
      if (before === after) return;
      changes.push({ field, before: before as BulkFieldChange['before'], after: after as BulkFieldChange['after'] });
      set[column] = value;
    };
    switch (change.kind) {
      case 'flags':
        for (const flag of BULK_FLAGS) {
          const to = change.flags[flag];
          if (to === undefined) continue;
          const column = FLAG_COLUMNS[flag];
          put(flag, column, bool(row[column]), to, to ? 1 : 0);
        }
        break;
      case 'productLimit': {
        const before = row.product_limit === null ? null : Number(row.product_limit);
        put('productLimit', 'product_limit', before, change.productLimit, change.productLimit);
        break;
      }
      case 'category':
        if (row.category_id !== change.categoryId) {
          changes.push({ field: 'category', before: row.category_name, after: names.category });
          set.category_id = change.categoryId;
        }
        if (row.subcategory_id !== change.subcategoryId) {
          changes.push({ field: 'subcategory', before: row.subcategory_name, after: names.subcategory });
          set.subcategory_id = change.subcategoryId;
        }
        break;
      case 'pricePercent':
        for (const level of [...change.levels].sort()) {
          const field = PRICE_FIELDS[level - 1]!;
          const column = `price${level}_cents` as const;
          const before = Number(row[column]);
          const after = applyPercent(before, change.percent);
          put(field, column, before, after, after);
        }
        break;
    }
    return { row, changes, set };
  });
}

function countsOf(plan: PlannedProduct[]): BulkCounts {
  const changed = plan.filter((p) => p.changes.length > 0).length;
  return { selected: plan.length, changed, unchanged: plan.length - changed };
}

export async function previewBulkEdit(db: Db, actor: Actor, input: BulkEditInput): Promise<BulkPreview> {
  const plan = await planBulk(db, actor.distributorId, input);
  return {
    items: plan.map((p) => ({
      id: p.row.id,
      itemNumber: p.row.item_number,
      description: p.row.description,
      changes: p.changes,
    })),
    counts: countsOf(plan),
  };
}

export async function applyBulkEdit(db: Db, actor: Actor, input: BulkEditInput): Promise<BulkApply> {
  const distributorId = actor.distributorId;
  const counts = await db.transaction().execute(async (trx) => {
    const plan = await planBulk(trx, distributorId, input);
    const at = nowIso();
    // Products getting the same columns and values are written by one statement.
    const groups = new Map<string, { set: Partial<ProductFields>; ids: string[] }>();
    for (const p of plan) {
      if (p.changes.length === 0) continue;
      const key = JSON.stringify(p.set);
      const group = groups.get(key) ?? { set: p.set, ids: [] };
      group.ids.push(p.row.id);
      groups.set(key, group);
    }
    for (const g of groups.values()) await updateProduct(trx, distributorId, g.ids, { ...g.set, updated_at: at });
    return countsOf(plan);
  });
  if (counts.changed > 0) afterCatalogueWrite(db, distributorId);
  return { counts };
}

// ---- Batches of rows by item number (CSV import, price files) ----

export { validateProductRows, type RowProblem } from './product-rows.ts';

export interface UpsertRowResult {
  /** The row's position in the batch, from 0. */
  index: number;
  itemNumber: string | null;
  status: 'created' | 'updated' | 'unchanged' | 'rejected';
  /** The product's id (a new one for a created row); null when rejected. */
  id: string | null;
  /** For an updated row: each field that changes (UPCs and tiers as text). */
  changes: BulkFieldChange[];
  /** For a rejected row: the first problem and every problem by field. */
  message?: string;
  fields?: Record<string, string>;
}

export interface UpsertResult {
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  rows: UpsertRowResult[];
}

/** A stored product as the form body it would be edited with. */
function storedBody(
  row: Omit<ProductDbRow, 'category_name' | 'subcategory_name' | 'vendor_name' | 'is_promoted' | 'is_discounted'>,
  upcs: string[],
  tiers: { minQty: number; discountCents: number }[],
): ProductInput {
  const b = (v: unknown) => bool(v);
  return {
    itemNumber: row.item_number,
    description: row.description,
    brand: row.brand,
    categoryId: row.category_id,
    subcategoryId: row.subcategory_id,
    vendorId: row.vendor_id,
    pack: Number(row.pack),
    caseCount: Number(row.case_count),
    uom: row.uom,
    unitOunces: Number(row.unit_ounces),
    size: row.size,
    upcs,
    salesCategory: row.sales_category,
    price1Cents: Number(row.price1_cents),
    price2Cents: Number(row.price2_cents),
    price3Cents: Number(row.price3_cents),
    price4Cents: Number(row.price4_cents),
    price5Cents: Number(row.price5_cents),
    taxRateBp: Number(row.tax_rate_bp),
    crvCents: Number(row.crv_cents),
    stockOnHand: Number(row.stock_on_hand),
    lowStockThreshold: Number(row.low_stock_threshold),
    allowBackorder: b(row.allow_backorder),
    ...(Object.fromEntries(PRODUCT_FLAGS.map((f) => [f, b(row[FLAG_COLUMNS[f]])])) as Record<ProductFlag, boolean>),
    productLimit: row.product_limit === null ? null : Number(row.product_limit),
    qtyDiscounts: tiers,
    isNewItem: b(row.is_new_item),
    showDistributorImage: b(row.show_distributor_image),
    distributorImageUrl: row.distributor_image_url,
    masterImageUrl: row.master_image_url,
  };
}

const asChangeValue = (v: unknown): BulkFieldChange['before'] =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : JSON.stringify(v);

function fieldChanges(before: ProductInput, after: ProductInput): BulkFieldChange[] {
  const changes: BulkFieldChange[] = [];
  for (const field of Object.keys(after) as (keyof ProductInput)[]) {
    const [a, b] = [before[field], after[field]];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    changes.push({ field, before: asChangeValue(a), after: asChangeValue(b) });
  }
  return changes;
}

/**
 * Creates or updates the distributor's products by item number, one row at a time: a row for a
 * stored item number updates it (fields the row leaves out keep their values), another creates a
 * product. Rows are checked by the form's rules, against each other (an item number or UPC on two
 * rows), and against the database (the distributor's categories and vendors, UPCs of other products);
 * a rejected row is answered with its reasons and the others are written, all in one transaction.
 * `dryRun` answers the same without writing. Callers keep batches small enough for one short
 * transaction (a few hundred rows) and call again for the rest.
 */
export async function upsertProducts(
  db: Db,
  distributorId: string,
  rows: readonly unknown[],
  opts: { dryRun?: boolean } = {},
): Promise<UpsertResult> {
  const itemNumbers = [
    ...new Set(
      rows
        .map((r) => (r as { itemNumber?: unknown } | null)?.itemNumber)
        .filter((v): v is string => typeof v === 'string')
        .map((v) => v.trim()),
    ),
  ];
  const work = async (trx: DbOrTrx): Promise<UpsertResult> => {
    const stored = await findProductsByItemNumbers(trx, distributorId, itemNumbers);
    const byItem = new Map(stored.map((s) => [s.row.item_number, { id: s.row.id, body: storedBody(s.row, s.upcs, s.tiers) }]));
    const { valid, errors } = validateProductRows(rows, new Map([...byItem].map(([k, v]) => [k, v.body])));
    const results: UpsertRowResult[] = errors.map((e) => ({
      index: e.index,
      itemNumber: e.itemNumber,
      status: 'rejected',
      id: null,
      changes: [],
      message: e.message,
      fields: e.fields,
    }));
    const categories = new Map((await distributorCategories(trx, distributorId)).map((c) => [c.id, c]));
    const vendors = await distributorVendorIds(trx, distributorId);
    const owners = await upcOwners(trx, [...new Set(valid.flatMap((v) => v.input.upcs))]);
    const at = nowIso();
    for (const { index, input } of valid) {
      const current = byItem.get(input.itemNumber);
      const reject = (field: string, message: string) =>
        results.push({
          index,
          itemNumber: input.itemNumber,
          status: 'rejected',
          id: null,
          changes: [],
          message,
          fields: { [field]: message },
        });
      const category = input.categoryId ? categories.get(input.categoryId) : undefined;
      const sub = input.subcategoryId ? categories.get(input.subcategoryId) : undefined;
      if (input.categoryId && (!category || category.parent_id !== null)) {
        reject('categoryId', PRODUCT_MESSAGES.categoryUnknown);
        continue;
      }
      if (input.subcategoryId && (!sub || sub.parent_id !== input.categoryId)) {
        reject('subcategoryId', PRODUCT_MESSAGES.subcategoryNotChild);
        continue;
      }
      if (input.vendorId && !vendors.has(input.vendorId)) {
        reject('vendorId', PRODUCT_MESSAGES.vendorUnknown);
        continue;
      }
      const taken = input.upcs.find((u) => owners.has(u) && owners.get(u) !== current?.id);
      if (taken) {
        reject('upcs', PRODUCT_MESSAGES.upcTaken(taken));
        continue;
      }
      if (current) {
        const changes = fieldChanges(current.body, input);
        results.push({
          index,
          itemNumber: input.itemNumber,
          status: changes.length ? 'updated' : 'unchanged',
          id: current.id,
          changes,
        });
        if (changes.length && !opts.dryRun) {
          await updateProduct(trx, distributorId, [current.id], { ...productFields(input), updated_at: at });
          await replaceUpcsAndTiers(trx, current.id, input.upcs, tierRows(input));
        }
      } else {
        const id = newId();
        results.push({ index, itemNumber: input.itemNumber, status: 'created', id, changes: [] });
        if (!opts.dryRun) {
          await insertProduct(trx, {
            id,
            distributor_id: distributorId,
            created_at: at,
            updated_at: at,
            ...productFields(input),
          });
          await replaceUpcsAndTiers(trx, id, input.upcs, tierRows(input));
        }
      }
    }
    results.sort((a, b) => a.index - b.index);
    const count = (s: UpsertRowResult['status']) => results.filter((r) => r.status === s).length;
    return {
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      rejected: count('rejected'),
      rows: results,
    };
  };
  if (opts.dryRun) return work(db);
  const result = await db.transaction().execute(async (trx) => {
    try {
      return await work(trx);
    } catch (err) {
      // A product written meanwhile by another request took an item number or UPC of the batch.
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', PRODUCT_MESSAGES.batchRaced, { status: 409 });
      throw err;
    }
  });
  if (result.created + result.updated > 0) afterCatalogueWrite(db, distributorId);
  return result;
}
