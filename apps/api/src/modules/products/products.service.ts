// Admin products: a distributor user sees and edits only its distributor's products (another
// distributor's id is not found). Item numbers are unique per distributor; UPCs across the database.
// Products are never deleted: they are deactivated and reactivated. Every write runs in one transaction
// and then calls afterCatalogueWrite.
// Below the admin routes' functions: products read and written many at a time by item number, for the
// CSV import and export (modules/product-import).
import { DEFAULT_SORTS, resolveSorting } from '@portal/shared/api/sort';
import {
  BULK_FLAGS,
  chooseProductImage,
  PRICE_FIELDS,
  PRODUCT_FLAGS,
  PRODUCT_MESSAGES,
  STOCK_MAX,
  STOCK_MIN,
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
import {
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  type ImportFieldKey,
  type ImportValues,
  type productExportQuery,
} from '@portal/shared/product-import/product-import.schemas';
import { isRunning, type PromotionRule } from '@portal/shared/pricing/promotions';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { ProductTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { nowIso } from '../../platform/clock.ts';
import {
  findByItemNumber,
  findCategoryRow,
  findProduct,
  findProducts,
  findTakenUpc,
  findVendorRow,
  FLAG_COLUMNS,
  insertProduct,
  listBrands,
  listProducts,
  productsQuery,
  productTiers,
  productUpcs,
  replaceUpcsAndTiers,
  updateProduct,
  NO_MARKS,
  type MarkTargets,
  type ProductDbRow,
  type ProductFields,
  type PromotionMarks,
} from './products.repository.ts';
import { catalogChanged } from '../catalog/catalog.service.ts';
import { isOwnMediaUrl } from '../media/media.service.ts';
import { loadPromotionRules } from '../promotions/promotions.service.ts';

/**
 * The one place a product write (admin edits, bulk edits, each committed batch of a CSV import or its
 * rollback) tells the catalogue's read path that this distributor's catalogue changed (called after the
 * commit): its next read looks at everything again, stock included. The version triggers mark every
 * change for other instances.
 */
export function afterCatalogueWrite(db: Db, distributorId: string): void {
  catalogChanged(db, distributorId);
}

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
    location: row.location ?? null,
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
    location: input.location,
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

/** Every target of these rules, brands folded as the rules match them (trimmed, lower case). */
function targetsOf(rules: readonly PromotionRule[]): MarkTargets {
  const all = (pick: (r: PromotionRule) => readonly string[]) => [...new Set(rules.flatMap(pick))];
  return {
    productIds: all((r) => r.targets.productIds),
    categoryIds: all((r) => r.targets.categoryIds),
    brands: all((r) => r.targets.brands.map((b) => b.trim().toLowerCase()).filter(Boolean)),
    vendorIds: all((r) => r.targets.vendorIds),
  };
}

/**
 * The products the distributor's promotions mark now, by the promotion rules (the promotions service's
 * loadPromotionRules, the shared isRunning): discounted when a running promotion with a discount targets
 * it, promoted when a running promotion with `promoted` does, for any of their audiences.
 */
async function promotionMarks(db: DbOrTrx, distributorId: string): Promise<PromotionMarks> {
  const now = nowIso();
  const running = (await loadPromotionRules(db, distributorId, now)).filter((r) => isRunning(r, now));
  return {
    discounted: targetsOf(running.filter((r) => r.discount !== null)),
    promoted: targetsOf(running.filter((r) => r.promoted)),
  };
}

export async function listProductRows(db: Db, actor: Actor, query: z.output<typeof productListQuery>): Promise<ProductList> {
  const sorting = resolveSorting(DEFAULT_SORTS.products, query.sort, query.dir);
  const { rows, total } = await listProducts(
    db,
    {
      distributorId: actor.distributorId,
      marks: await promotionMarks(db, actor.distributorId),
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
  const row = await findProduct(db, distributorId, id, await promotionMarks(db, distributorId));
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

/**
 * The web app's bundled product pictures (`apps/web/public/product-images/`): the demo catalogue's master
 * images. Served by this portal, so an edit that keeps one is accepted.
 */
const BUNDLED_IMAGE_RE = /^\/product-images\/[a-z0-9][a-z0-9-]*\.(?:svg|png|jpg|webp)$/;

/** An https address on a named host, without credentials or spaces: a master catalogue's image. */
function isExternalImageUrl(url: string): boolean {
  if (!url.startsWith('https://') || /\s/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '' && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/**
 * Image addresses (docs/admin-catalog.md, Images): the distributor image is an upload of this portal
 * (`/media/<key>`, as the media service says); the master image is an upload, one of the bundled
 * product pictures, or an https address (a master catalogue's images live elsewhere). Anything else
 * (`javascript:`, `data:`, `http:`, `//host`, other site paths) is refused on its field.
 */
function checkImageUrls(input: ProductInput): void {
  const distributor = input.distributorImageUrl;
  if (distributor && !isOwnMediaUrl(distributor)) {
    throw invalid('distributorImageUrl', PRODUCT_MESSAGES.distributorImageUrl);
  }
  const master = input.masterImageUrl;
  if (master && !isOwnMediaUrl(master) && !BUNDLED_IMAGE_RE.test(master) && !isExternalImageUrl(master)) {
    throw invalid('masterImageUrl', PRODUCT_MESSAGES.masterImageUrl);
  }
}

const tierRows = (input: ProductInput) => input.qtyDiscounts.map((t) => ({ id: newId(), ...t }));

export async function createProduct(db: Db, actor: Actor, input: ProductInput): Promise<ProductDetail> {
  const distributorId = actor.distributorId;
  checkImageUrls(input);
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
  checkImageUrls(input);
  const detail = await refuseDuplicates(input, () =>
    db.transaction().execute(async (trx) => {
      const current = await loadProduct(trx, distributorId, id);
      await checkReferences(trx, distributorId, input, id);
      // The editor sent the stock it loaded: apply the clerk's change, not the number (orders since are kept).
      const stockDelta = input.stockOnHandLoaded === undefined ? undefined : input.stockOnHand - input.stockOnHandLoaded;
      if (stockDelta !== undefined) {
        const after = Number(current.stock_on_hand) + stockDelta;
        if (after < STOCK_MIN || after > STOCK_MAX) throw invalid('stockOnHand', PRODUCT_MESSAGES.stockRange);
      }
      await updateProduct(trx, distributorId, [id], { ...productFields(input), updated_at: nowIso() }, stockDelta);
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
  const rows = await findProducts(db, distributorId, ids);
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

// ---- Many at a time by item number: the CSV import and export ----

/** Plain columns of the importable fields (category, subcategory, vendor and UPCs are resolved apart). */
/** A product's stored columns as read, without the ones only the database's triggers write. */
type ProductRecord = Omit<Selectable<ProductTable>, 'version' | 'stock_changed_at'>;

const COLUMN: Partial<Record<ImportFieldKey, keyof ProductRecord>> = {
  itemNumber: 'item_number',
  description: 'description',
  brand: 'brand',
  salesCategory: 'sales_category',
  location: 'location',
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

type ProductWithUpcs = ProductRecord & { upcs: string[] };

function snapshot(row: ProductWithUpcs, refs: ProductReferences): ProductSnapshot {
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

async function withUpcs(db: DbOrTrx, rows: ProductRecord[]): Promise<ProductWithUpcs[]> {
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
export async function productSnapshotsByItemNumber(
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
export async function upcItemNumbers(db: DbOrTrx, upcs: readonly string[]): Promise<Map<string, string>> {
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

function columnsOf(values: ImportValues, refs: ProductReferences): Partial<ProductRecord> {
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const column = COLUMN[key as ImportFieldKey];
    if (!column) continue;
    set[column] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  const resolved = resolveReferences(refs, values);
  if ('error' in resolved) throw new Error(resolved.error); // checked by the caller first
  Object.assign(set, resolved.ids);
  return set as Partial<ProductRecord>;
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
      ...(set as ProductRecord),
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
export type ProductBeforeImage = Partial<ProductRecord> & { upcs: string[] };
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
    + (select count(*) from promotions where product_id = ${productId})
    + (select count(*) from promotion_targets where target_type = 'product' and target_value = ${productId}) as n`.execute(trx);
  if (Number(used.rows[0]?.n ?? 0) > 0) {
    await trx.updateTable('products').set({ is_active: 0, updated_at: nowIso() }).where('id', '=', productId).execute();
    return 'deactivated';
  }
  await trx.deleteFrom('products').where('id', '=', productId).execute();
  return 'removed';
}

export type ProductExportFilters = z.output<typeof productExportQuery>;

/**
 * One page of the distributor's products matching the list's filters (the list's own query), by id
 * after `afterId`: keyset pages, so the export's cost does not grow with how far it has got.
 */
export async function productExportPage(
  db: DbOrTrx,
  distributorId: string,
  filters: ProductExportFilters,
  refs: ProductReferences,
  afterId: string | null,
  limit: number,
): Promise<ProductSnapshot[]> {
  const marks =
    filters.promoted === undefined && filters.discounted === undefined ? NO_MARKS : await promotionMarks(db, distributorId);
  let q = productsQuery(db, { ...filters, distributorId, marks }).selectAll('p');
  if (afterId) q = q.where('p.id', '>', afterId);
  const rows = (await q.orderBy('p.id').limit(limit).execute()) as ProductRecord[];
  return (await withUpcs(db, rows)).map((r) => snapshot(r, refs));
}

// The dashboard's product figures (modules/dashboard): see product-stats.repository.ts.
export { lowStockProducts, productNames } from './product-stats.repository.ts';

/**
 * Raises stock on hand by received units (purchase order receipts), inside the caller's transaction:
 * each product's stock becomes what is stored at the UPDATE plus its units, so a concurrent order's
 * decrement is kept. The caller calls afterCatalogueWrite once committed.
 */
export async function receiveStock(
  trx: DbOrTrx,
  distributorId: string,
  items: readonly { productId: string; quantity: number }[],
): Promise<void> {
  const at = nowIso();
  for (const item of items)
    if (item.quantity > 0) await updateProduct(trx, distributorId, [item.productId], { updated_at: at }, item.quantity);
}
