// The catalogue as one buyer sees it: the customer's price level, promotion and tiers, tax and CRV,
// and the visibility flags of the buyer's audience (retailer or sales rep). Also serves the dashboard shelves.
import { centsToDollars } from '@portal/shared/money/money';
import {
  INVENTORY_DEFAULT_LIMIT,
  type CatalogProduct,
  type InventoryFilter,
  type InventoryResponse,
} from '@portal/shared/catalog/catalog.schemas';
import { chooseProductImage } from '@portal/shared/catalog/product-image';
import { retailerStockLabel, salesStockLabel, type StockLabel } from '@portal/shared/catalog/stock-label';
import { effectiveProductLimit } from '@portal/shared/cart/cart-rules';
import {
  basisPointsToPercent,
  unitPriceCents,
  unitPriceWithTaxCents,
  type QtyDiscountTier,
} from '@portal/shared/pricing/pricing';
import type { DbOrTrx } from '../../db/database.ts';
import { now, nowIso } from '../../platform/clock.ts';
import { dialectOf, loadBuyerTerms, type Audience, type BuyerContext, type BuyerTerms } from './buyer-context.ts';
import {
  bestSellers,
  cartQuantitiesOf,
  emptyExtras,
  findExactMatchIds,
  findProductsByIds,
  loadProductExtras,
  priceColumn,
  searchProducts,
  searchTokens,
  stockOf,
  totalAndFacets,
  type Facets,
  type ProductExtras,
  type ProductQuery,
  type ProductRow,
} from './catalog.repository.ts';
import { searchIndexFor, searchWithIndex } from './search-index.ts';
import { cachedProducts } from './product-cache.ts';
import { searchContextOf, type SearchContext } from './search-context.ts';
import { pageCacheOf } from './page-cache.ts';
import { keepProductJson, keptProductJson, productJsonCacheOf } from './product-json-cache.ts';
import { cacheGet, cacheOf, cachePut, cached, SEARCH_TTL_MS } from './search-cache.ts';
import { ok } from '../../platform/envelope.ts';
import { decodeOnce, encodeOnce, type Encoding } from '../../platform/compression.ts';

const DAY_MS = 86_400_000;
export const BEST_SELLING_DAYS = 90;

export interface Visibility {
  showInventory: boolean;
  showLowStock: boolean;
  showWithoutPrice: boolean;
  allowToOrder: boolean;
}

type FlagRow = Pick<
  ProductRow,
  | 'show_inventory_stock'
  | 'show_low_stock'
  | 'show_without_price'
  | 'allow_to_order'
  | 'show_inventory_stock_to_sales'
  | 'show_low_stock_to_sales'
  | 'show_without_price_to_sales'
  | 'allow_to_order_sales'
>;

/** The flags of the buyer's audience; allowToOrder defaults to true (only an explicit 0 forbids). */
export function visibilityFor(row: FlagRow, audience: Audience): Visibility {
  if (audience === 'sales') {
    return {
      showInventory: row.show_inventory_stock_to_sales === 1,
      showLowStock: row.show_low_stock_to_sales === 1,
      showWithoutPrice: row.show_without_price_to_sales === 1,
      allowToOrder: row.allow_to_order_sales !== 0,
    };
  }
  return {
    showInventory: row.show_inventory_stock === 1,
    showLowStock: row.show_low_stock === 1,
    showWithoutPrice: row.show_without_price === 1,
    allowToOrder: row.allow_to_order !== 0,
  };
}

export function stockLabelFor(v: Visibility, audience: Audience): StockLabel {
  return audience === 'sales'
    ? salesStockLabel({ showInventoryStockToSalesRep: v.showInventory, showLowStockToSalesRep: v.showLowStock })
    : retailerStockLabel({ showInventoryStock: v.showInventory, showLowStock: v.showLowStock });
}

export function imageOf(row: Pick<ProductRow, 'show_distributor_image' | 'distributor_image_url' | 'master_image_url'>): string {
  return chooseProductImage({
    showDistributorImage: row.show_distributor_image === 1,
    distributorImage: row.distributor_image_url,
    masterImage: row.master_image_url,
  });
}

export interface ProductPricing {
  levelPriceCents: number;
  promotionBp: number;
  tiers: QtyDiscountTier[];
  taxRateBp: number;
  crvCents: number;
}

export function pricingOf(row: ProductRow, terms: BuyerTerms, extras: ProductExtras): ProductPricing {
  const levelPriceCents = Number(row[priceColumn(terms.priceLevel).slice(2) as 'price1_cents']) || 0;
  return {
    levelPriceCents,
    promotionBp: extras.discountBp.get(row.id) ?? 0,
    tiers: extras.tiers.get(row.id) ?? [],
    taxRateBp: row.tax_rate_bp ?? 0,
    crvCents: row.crv_cents ?? 0,
  };
}

export function productLimitOf(row: Pick<ProductRow, 'product_limit'>, terms: BuyerTerms): number | null {
  return effectiveProductLimit({
    hasProductLimit: row.product_limit != null,
    productLimit: row.product_limit,
    userItemLimitQty: terms.itemLimitQty,
  });
}

/**
 * Maps one product row to the spec's catalogue product for this buyer, with this stock count (a fresher
 * one than the row's, for kept rows: passed apart because copying a row to change it cost more than
 * the mapping).
 */
export function toCatalogProduct(
  row: ProductRow,
  extras: ProductExtras,
  buyer: BuyerContext,
  terms: BuyerTerms,
  stockOnHand: number = row.stock_on_hand,
): CatalogProduct {
  const v = visibilityFor(row, buyer.audience);
  const pricing = pricingOf(row, terms, extras);
  const unit = unitPriceCents({ ...pricing, quantity: 1 });
  const withTax = unitPriceWithTaxCents(unit, pricing.taxRateBp);
  const upcs = extras.upcs.get(row.id) ?? [];
  const limit = productLimitOf(row, terms);
  const hidePrice = v.showWithoutPrice;
  const promotedUnit = unitPriceCents({ ...pricing, tiers: [], quantity: 1 });
  const product: CatalogProduct = {
    id: row.id,
    Item_Number: row.item_number,
    Description: row.description,
    Brand: row.brand,
    Category: row.category_name,
    CategoryId: row.category_id,
    SubCategory: row.subcategory_name,
    SubCategoryId: row.subcategory_id,
    Vendor: row.vendor_name,
    Pack: row.pack,
    CaseCount: row.case_count,
    UOM: row.uom,
    UnitOunces: Number(row.unit_ounces) || 0,
    Size: row.size,
    SalesCategory: row.sales_category,
    PriceClass: terms.priceLevel,
    UPCList: upcs.map((u) => ({ UPC_Number: u })),
    upc: upcs[0] ?? null,
    Tax_Rate: basisPointsToPercent(pricing.taxRateBp),
    showTheInventoryStock: v.showInventory,
    showLowStock: v.showLowStock,
    showWithOutPrice: v.showWithoutPrice,
    allowToOrder: v.allowToOrder,
    hasProductLimit: limit != null,
    productLimit: limit,
    hasQtyDiscount: pricing.tiers.length > 0,
    qtyDiscount: pricing.tiers.map((t) =>
      hidePrice
        ? { minQty: t.minQty }
        : {
            minQty: t.minQty,
            discount: centsToDollars(t.discountCents),
            price: centsToDollars(unitPriceCents({ ...pricing, quantity: t.minQty })),
          },
    ),
    isDiscounted: pricing.promotionBp > 0,
    discountPercent: pricing.promotionBp > 0 ? basisPointsToPercent(pricing.promotionBp) : null,
    isNewItem: row.is_new_item === 1,
    isPromoted: extras.promoted.has(row.id),
    showDistributorImage: row.show_distributor_image === 1,
    distributorImage: row.distributor_image_url,
    masterImage: row.master_image_url,
    image: imageOf(row),
    stockLabel: stockLabelFor(v, buyer.audience),
    quantity: extras.cartQty.get(row.id) ?? 0,
    createdAt: row.created_at,
  };
  if (buyer.audience === 'sales') {
    product.showTheInventoryStockToSalesRep = v.showInventory;
    product.showLowStockToSalesRep = v.showLowStock;
    product.showWithOutPriceToSalesRep = v.showWithoutPrice;
    product.allowToOrderSalesRep = v.allowToOrder;
  }
  if (v.showInventory) product.Inventory_OnHand = stockOnHand;
  if (!hidePrice) {
    product.price = centsToDollars(unit);
    if (promotedUnit !== pricing.levelPriceCents) product.listPrice = centsToDollars(pricing.levelPriceCents);
    product.priceWithTax = centsToDollars(withTax);
    product.crvPrice = centsToDollars(pricing.crvCents);
    product.totalPrice = centsToDollars(unit + pricing.crvCents);
    product.totalPriceWithTax = centsToDollars(withTax + pricing.crvCents);
  }
  return product;
}

function baseQuery(buyer: BuyerContext, terms: BuyerTerms, filter: Partial<InventoryFilter>): ProductQuery {
  const t = now().getTime();
  return {
    distributorId: buyer.distributorId,
    priceLevel: terms.priceLevel,
    searchTokens: searchTokens(filter.search),
    exactIds: [],
    category: filter.category,
    subCategory: filter.subCategory,
    brand: filter.brand,
    vendor: filter.vendor,
    only: filter.only ?? [],
    sort: filter.sort ?? (filter.search ? 'relevance' : 'name'),
    now: new Date(t).toISOString(),
    bestSellingSince: new Date(t - BEST_SELLING_DAYS * DAY_MS).toISOString(),
  };
}

/** One page of a search before pricing: the same for every buyer of the distributor (price sorts aside). */
interface SearchPage {
  rows: ProductRow[];
  extras: ProductExtras;
  total: number;
  facets: Facets;
}

const SEARCH_CACHE_ENTRIES = 10_000;

/** Everything that changes which products match and in what order (not who sees them or at what price). */
function searchKey(
  version: number,
  buyer: BuyerContext,
  terms: BuyerTerms,
  filter: InventoryFilter,
  page: number,
  limit: number,
) {
  const sort = filter.sort ?? '';
  return JSON.stringify([
    version,
    buyer.distributorId,
    filter.search?.trim().toLowerCase() ?? '',
    filter.category ?? '',
    filter.subCategory ?? '',
    filter.brand?.toLowerCase() ?? '',
    filter.vendor ?? '',
    [...(filter.only ?? [])].sort(),
    sort,
    // Only the price sorts depend on the price level.
    sort === 'priceAsc' || sort === 'priceDesc' ? terms.priceLevel : 0,
    page,
    limit,
  ]);
}

/** The matching page, total and facets: cached a minute per search, shared across stores and price levels. */
function searchPage(
  db: DbOrTrx,
  buyer: BuyerContext,
  req: SearchContext,
  filter: InventoryFilter,
  page: number,
  limit: number,
): Promise<SearchPage> {
  return cached(
    cacheOf(db, 'catalog-search', SEARCH_CACHE_ENTRIES),
    searchKey(req.version, buyer, req.terms, filter, page, limit),
    now().getTime(),
    SEARCH_TTL_MS,
    () => computeSearchPage(db, buyer, req.terms, filter, page, limit, req.version),
  );
}

async function computeSearchPage(
  db: DbOrTrx,
  buyer: BuyerContext,
  terms: BuyerTerms,
  filter: InventoryFilter,
  page: number,
  limit: number,
  version: number,
): Promise<SearchPage> {
  const q = baseQuery(buyer, terms, filter);
  if (filter.search && q.searchTokens.length === 0)
    return { rows: [], extras: emptyExtras(), total: 0, facets: { categories: [], brands: [] } };
  const fromIndex = await searchFromIndex(db, q, filter, page, limit, version);
  if (fromIndex) return fromIndex;
  if (filter.search) q.exactIds = await findExactMatchIds(db, buyer.distributorId, filter.search.trim());
  const { total, facets } = await totalAndFacets(db, q);
  const offset = (page - 1) * limit;
  const rows = total > offset ? (await searchProducts(db, q, offset, limit, total)).rows : [];
  const extras = await loadProductExtras(
    db,
    rows.map((r) => r.id),
    nowIso(),
  );
  return { rows, extras, total, facets };
}

/**
 * A text search answered from the in-process index (SQLite: see search-index.ts), or undefined when the
 * query needs what the index does not hold (subcategory, vendor, stock, promotion or best-seller
 * filters and sorts) or the index of this catalogue version is still being built.
 */
async function searchFromIndex(
  db: DbOrTrx,
  q: ProductQuery,
  filter: InventoryFilter,
  page: number,
  limit: number,
  version: number,
): Promise<SearchPage | undefined> {
  const sort = q.sort;
  if (
    dialectOf(db) !== 'sqlite' ||
    !filter.search ||
    q.searchTokens.length === 0 ||
    q.subCategory !== undefined ||
    q.vendor !== undefined ||
    q.only.some((o) => o !== 'new') ||
    sort === 'bestSelling'
  )
    return undefined;
  const index = await searchIndexFor(db, q.distributorId, version);
  if (!index) return undefined;
  const found = searchWithIndex(
    index,
    {
      searchTokens: q.searchTokens,
      text: filter.search.trim(),
      category: q.category,
      brand: q.brand,
      onlyNew: q.only.includes('new'),
      sort,
      priceLevel: q.priceLevel,
    },
    (page - 1) * limit,
    limit,
  );
  const { rows, extras } = await cachedProducts(db, q.distributorId, version, found.pageIds, nowIso());
  return { rows, extras, total: found.total, facets: found.facets };
}

/** The priced answer for this buyer, with the given stock counts and cart quantities. */
function priceSearchPage(
  sp: SearchPage,
  buyer: BuyerContext,
  terms: BuyerTerms,
  page: number,
  limit: number,
  stock: Map<string, number>,
  cartQty: Map<string, number>,
): InventoryResponse {
  const extras: ProductExtras = { ...sp.extras, cartQty };
  return {
    finalProductList: sp.rows.map((r) =>
      toCatalogProduct(r, extras, buyer, terms, stock.get(r.id) ?? r.stock_on_hand),
    ),
    total: sp.total,
    page,
    limit,
    facets: sp.facets,
  };
}

/** POST /retailer/getInventory (and the sales inventory calls): one page with total and facets, stock and cart fresh. */
export async function getInventory(db: DbOrTrx, buyer: BuyerContext, filter: InventoryFilter): Promise<InventoryResponse> {
  const req = await searchContextOf(db, buyer);
  const limit = filter.limit ?? INVENTORY_DEFAULT_LIMIT;
  const page = filter.page ?? 1;
  const sp = await searchPage(db, buyer, req, filter, page, limit);
  const ids = sp.rows.map((r) => r.id);
  const [stock, cartQty] = await Promise.all([
    stockOf(db, ids),
    req.cartLines > 0 ? cartQuantitiesOf(db, buyer, ids) : Promise.resolve(new Map<string, number>()),
  ]);
  return priceSearchPage(sp, buyer, req.terms, page, limit, stock, cartQty);
}

/**
 * A built page as it is kept: brotli-compressed only (3–4 KB instead of 54 KB of JSON and the priced
 * objects, so the cache holds ten thousand pages in 64 MB). Clients that do not accept brotli, and the
 * cart overlay, get the JSON back by decompressing it (about a tenth of building it).
 */
interface BuiltPage {
  ids: string[];
  br: Buffer;
  /** Made on the first request that accepts gzip but not brotli. */
  gzip?: Buffer;
  /** How long it may be kept (see page-cache.ts). */
  ttlMs: () => number;
}

export interface InventoryBody {
  body: Buffer;
  /** The Content-Encoding of `body`, or null for plain JSON. */
  encoding: Encoding | null;
}

const envelopeJson = (answer: InventoryResponse) => Buffer.from(JSON.stringify(ok(answer)));

/**
 * The same answer as getInventory, as the JSON of the success envelope, compressed with `encoding` when
 * given. A built page (priced for a price level and audience, with its stock counts: see page-cache.ts
 * for how long it is kept) is kept compressed and sent as it is; only a buyer whose cart holds one of
 * the page's products gets a page made for it (sent plain).
 */
export async function getInventoryJson(
  db: DbOrTrx,
  buyer: BuyerContext,
  filter: InventoryFilter,
  encoding: Encoding | null = null,
): Promise<InventoryBody> {
  const req = await searchContextOf(db, buyer);
  const limit = filter.limit ?? INVENTORY_DEFAULT_LIMIT;
  const page = filter.page ?? 1;
  const t = now().getTime();
  const key = JSON.stringify([
    searchKey(req.version, buyer, req.terms, filter, page, limit),
    buyer.audience,
    req.terms.priceLevel,
    req.terms.itemLimitQty,
  ]);
  const pages = pageCacheOf(db);
  const built = await cached<BuiltPage>(
    pages.cache,
    key,
    t,
    (b) => b.ttlMs(),
    async () => {
      const sp = await searchPage(db, buyer, req, filter, page, limit);
      const ids = sp.rows.map((r) => r.id);
      const { ttlMs } = pages.build(key, ids); // before reading stock: a change from here on is seen
      const products = await productListJson(db, buyer, req, sp, t);
      // The envelope with an empty list, then the products' JSON put in its place: the same text as
      // serialising the whole answer (finalProductList is the first field of data).
      const shell = JSON.stringify(ok({ finalProductList: [], total: sp.total, page, limit, facets: sp.facets }));
      const json = shell.replace('"finalProductList":[]', () => `"finalProductList":${products}`);
      return { ids, br: encodeOnce(Buffer.from(json), 'br'), ttlMs };
    },
    (b) => b.br.length + (b.gzip?.length ?? 0) + 50 * b.ids.length,
  );
  if (req.cartLines > 0 && built.ids.length > 0) {
    const cartQty = await cartQuantitiesOf(db, buyer, built.ids);
    if (cartQty.size > 0) {
      const envelope = JSON.parse(decodeOnce(built.br, 'br').toString('utf8')) as { data: InventoryResponse };
      const answer = {
        ...envelope.data,
        finalProductList: envelope.data.finalProductList.map((p) => (cartQty.has(p.id) ? { ...p, quantity: cartQty.get(p.id)! } : p)),
      };
      return { body: envelopeJson(answer), encoding: null };
    }
  }
  if (encoding === 'br') return { body: built.br, encoding };
  if (encoding === 'gzip') {
    built.gzip ??= encodeOnce(decodeOnce(built.br, 'br'), 'gzip');
    return { body: built.gzip, encoding };
  }
  return { body: decodeOnce(built.br, 'br'), encoding: null };
}

/**
 * The JSON array of a search page's products as this buyer sees them (no cart quantities), joined from
 * the products' kept JSON where there is one (SQLite: product-json-cache.ts); the others are priced
 * with their stock read now, and kept unless a stock count changed meanwhile.
 */
async function productListJson(db: DbOrTrx, buyer: BuyerContext, req: SearchContext, sp: SearchPage, now: number): Promise<string> {
  const kept = productJsonCacheOf(db);
  const variant = `${buyer.audience}|${req.terms.priceLevel}|${req.terms.itemLimitQty ?? ''}`;
  const parts = sp.rows.map((r) => (kept ? keptProductJson(kept, req.version, variant, r.id, now) : undefined));
  const missing = sp.rows.filter((_, i) => parts[i] === undefined);
  if (missing.length > 0) {
    const stockChangesBefore = kept?.stockChanges;
    const stock = await stockOf(
      db,
      missing.map((r) => r.id),
    );
    const keep = kept && kept.stockChanges === stockChangesBefore ? kept : undefined;
    const extras: ProductExtras = { ...sp.extras, cartQty: new Map() };
    sp.rows.forEach((r, i) => {
      if (parts[i] !== undefined) return;
      const product = toCatalogProduct(r, extras, buyer, req.terms, stock.get(r.id) ?? r.stock_on_hand);
      parts[i] = JSON.stringify(product);
      if (keep) keepProductJson(keep, req.version, variant, r.id, parts[i], now);
    });
  }
  return `[${parts.join(',')}]`;
}

export type Shelf = 'new' | 'discounted' | 'popular' | 'promoted';

/** Dashboard shelves: new, discounted (promotion or tiers), popular (sold in the last 90 days), promoted. */
export async function listShelf(db: DbOrTrx, buyer: BuyerContext, shelf: Shelf, page: number, limit: number) {
  const terms = await loadBuyerTerms(db, buyer);
  const q = baseQuery(buyer, terms, {});
  let rows: ProductRow[];
  let total: number;
  if (shelf === 'popular') {
    // The aggregate over 90 days of order lines is the costly part: kept for a minute per distributor.
    const key = JSON.stringify(['best-sellers', buyer.distributorId, q.bestSellingSince.slice(0, 13)]);
    let sold = cacheGet<{ productId: string; sold: number }[]>(db, key);
    if (!sold) {
      sold = await bestSellers(db, buyer.distributorId, q.bestSellingSince);
      cachePut(db, key, sold);
    }
    const ids = sold.slice((page - 1) * limit, page * limit).map((s) => s.productId);
    const byId = new Map((await findProductsByIds(db, buyer.distributorId, ids)).map((r) => [r.id, r]));
    rows = ids.map((id) => byId.get(id)).filter((r): r is ProductRow => r !== undefined && r.is_active === 1);
    total = sold.length;
  } else {
    if (shelf === 'new') Object.assign(q, { only: ['new'], sort: 'newest' });
    if (shelf === 'discounted') Object.assign(q, { only: ['discounted'], sort: 'name' });
    if (shelf === 'promoted') Object.assign(q, { only: ['promoted'], sort: 'newest' });
    ({ rows, total } = await searchProducts(db, q, (page - 1) * limit, limit));
  }
  const extras = await loadProductExtras(
    db,
    rows.map((r) => r.id),
    nowIso(),
    { customerId: buyer.customerId, userId: buyer.userId },
  );
  return {
    items: rows.map((r) => ({
      product: toCatalogProduct(r, extras, buyer, terms),
      promotion: extras.promoted.get(r.id) ?? null,
    })),
    total,
    page,
    limit,
  };
}

/**
 * Products by id as a cart prices them (inactive ones included: callers decide), from the products kept
 * for this catalogue version (product-cache.ts). Their stock counts may be old: a cart shows none, and
 * placing an order takes stock with its own statement.
 */
export async function loadCartProducts(db: DbOrTrx, buyer: BuyerContext, version: number, ids: readonly string[]) {
  const { rows, extras } = await cachedProducts(db, buyer.distributorId, version, ids, nowIso());
  return { rows: new Map(rows.map((r) => [r.id, r])), extras };
}

/** Products by id, priced for this buyer (inactive ones included: callers decide). */
export async function loadPricedProducts(db: DbOrTrx, buyer: BuyerContext, ids: readonly string[]) {
  const rows = await findProductsByIds(db, buyer.distributorId, ids);
  const extras = await loadProductExtras(db, ids, nowIso());
  return { rows: new Map(rows.map((r) => [r.id, r])), extras };
}
