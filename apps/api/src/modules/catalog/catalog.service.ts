// The catalogue as one buyer sees it: the customer's price level, promotion and tiers, tax and CRV,
// and the visibility flags of the buyer's audience (retailer or sales rep). Also serves the dashboard shelves.
import { INVENTORY_DEFAULT_LIMIT, type InventoryFilter } from '@portal/shared/catalog/catalog.schemas';
import { dialectOf, type DbOrTrx } from '../../db/database.ts';
import { now, nowIso } from '../../platform/clock.ts';
import { ok } from '../../platform/envelope.ts';
import { encodeOnce, type Encoding } from '../../platform/compression.ts';
import { loadBuyerTerms, type BuyerContext, type BuyerTerms } from '../../platform/buyer-context.ts';
import { toCatalogProduct } from './catalog-product.ts';
import {
  bestSellers,
  cartQuantitiesOf,
  emptyExtras,
  findAllowBackorders,
  findExactMatchIds,
  findProductsByIds,
  loadProductExtras,
  searchProducts,
  searchTokens,
  totalAndFacets,
  type Facets,
  type ProductExtras,
  type ProductQuery,
  type ProductRow,
} from './catalog.repository.ts';
import { searchIndexFor, searchWithIndex } from './search-index.ts';
import { cachedProducts } from './product-cache.ts';
import { productListJson, type ProductParts } from './product-json.ts';
import { searchContextOf, type SearchContext } from './search-context.ts';
import { stockCountsOf, type StockSnapshot } from './stock-counts.ts';
import { keptPage } from './page-cache.ts';
import { cacheGet, cacheOf, cachePut, cached, SEARCH_TTL_MS } from './search-cache.ts';

// What the cart uses besides the functions below: the buyer's search context (terms, catalogue
// version and back-order setting, kept on SQLite), the product row a cart line is priced from, and
// fresh stock counts.
export { searchContextOf, stockCountsOf, type ProductRow };

/** The distributor's allow_backorders setting, read now (lists outside the catalogue's fast path). */
export function distributorAllowsBackorders(db: DbOrTrx, distributorId: string): Promise<boolean> {
  return findAllowBackorders(db, distributorId);
}

const DAY_MS = 86_400_000;
export const BEST_SELLING_DAYS = 90;

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
  /** The success envelope's bytes before and after the product list, made on first use. */
  envelope?: [Buffer, Buffer];
  /** The products' kept JSON parts, found on first use (product-json.ts). */
  parts?: ProductParts[];
  /** The products' stock counts as last read (stock-counts.ts). */
  stock?: StockSnapshot;
  /** The products' ids, made on first use. */
  ids?: string[];
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

/**
 * The matching page, total and facets: cached a minute per search (`key`, from searchKey), shared
 * across stores and price levels.
 */
function searchPage(
  db: DbOrTrx,
  buyer: BuyerContext,
  req: SearchContext,
  filter: InventoryFilter,
  page: number,
  limit: number,
  key: string,
): Promise<SearchPage> {
  return cached(cacheOf(db, 'catalog-search', SEARCH_CACHE_ENTRIES), key, now().getTime(), SEARCH_TTL_MS, () =>
    computeSearchPage(db, buyer, req.terms, filter, page, limit, req.version),
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

export interface InventoryBody {
  body: Buffer;
  /** The Content-Encoding of `body`, or null for plain JSON. */
  encoding: Encoding | null;
}

const NO_CART = new Map<string, number>();

/**
 * POST /retailer/getInventory and the sales inventory calls: one page with total and facets, priced for
 * the buyer, with stock counts and cart quantities as they are now, as the JSON of the success
 * envelope. Compressed with `encoding` when given, from a kept page when the buyer's cart is empty (see
 * page-cache.ts for how long one is kept); otherwise made from the kept search page and product parts
 * (product-json.ts), which costs about as much as decompressing a kept page would.
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
  const search = searchKey(req.version, buyer, req.terms, filter, page, limit);
  if (encoding && req.cartLines === 0) {
    // The search's key (JSON) and what the page's bytes depend on besides it, after a character JSON never holds raw.
    const key = `${search}\n${buyer.audience} ${req.terms.priceLevel} ${req.terms.itemLimitQty} ${req.backOrders} ${encoding}`;
    const body = await keptPage(db, key, t, async () => {
      const sp = await searchPage(db, buyer, req, filter, page, limit, search);
      const json = await pageJson(db, buyer, req, sp, page, limit, NO_CART);
      return { ids: idsOf(sp), body: encodeOnce(json, encoding) };
    });
    return { body, encoding };
  }
  const sp = await searchPage(db, buyer, req, filter, page, limit, search);
  const cartQty = req.cartLines > 0 ? await cartQuantitiesOf(db, buyer, idsOf(sp)) : NO_CART;
  // Plain: the compression plugin still compresses it for a client with a cart that accepts it.
  return { body: await pageJson(db, buyer, req, sp, page, limit, cartQty), encoding: null };
}

const idsOf = (sp: SearchPage) => (sp.ids ??= sp.rows.map((r) => r.id));

/** The success envelope of a search page, as UTF-8 bytes. */
async function pageJson(
  db: DbOrTrx,
  buyer: BuyerContext,
  req: SearchContext,
  sp: SearchPage,
  page: number,
  limit: number,
  cartQty: ReadonlyMap<string, number>,
): Promise<Buffer> {
  const stock = await stockCountsOf(db, idsOf(sp), sp);
  // The envelope with an empty list, cut where the list goes: finalProductList is the first field of
  // data, so the whole is the same text as serialising the answer.
  if (!sp.envelope) {
    const empty = JSON.stringify(ok({ finalProductList: [], total: sp.total, page, limit, facets: sp.facets }));
    const at = empty.indexOf('"finalProductList":[]') + '"finalProductList":'.length;
    sp.envelope = [Buffer.from(empty.slice(0, at)), Buffer.from(empty.slice(at + 2))];
  }
  return productListJson(db, req.version, sp, buyer.audience, req.terms, stock, req.backOrders, cartQty, ...sp.envelope);
}

export type Shelf = 'new' | 'discounted' | 'popular' | 'promoted';

/** Dashboard shelves: new, discounted (promotion or tiers), popular (sold in the last 90 days), promoted. */
export async function listShelf(db: DbOrTrx, buyer: BuyerContext, shelf: Shelf, page: number, limit: number) {
  const [terms, distributorBackorders] = await Promise.all([
    loadBuyerTerms(db, buyer),
    findAllowBackorders(db, buyer.distributorId),
  ]);
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
      product: toCatalogProduct(r, extras, buyer, terms, { distributorBackorders }),
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

/**
 * Products by id, priced for this buyer (inactive ones included: callers decide); with withCart, the
 * extras also hold the buyer's cart quantities (for lists that show them, as the catalogue does).
 */
export async function loadPricedProducts(
  db: DbOrTrx,
  buyer: BuyerContext,
  ids: readonly string[],
  options: { withCart?: boolean } = {},
) {
  const cart = options.withCart ? { customerId: buyer.customerId, userId: buyer.userId } : undefined;
  const [rows, extras] = await Promise.all([
    findProductsByIds(db, buyer.distributorId, ids),
    loadProductExtras(db, ids, nowIso(), cart),
  ]);
  return { rows: new Map(rows.map((r) => [r.id, r])), extras };
}
