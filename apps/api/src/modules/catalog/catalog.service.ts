// The catalogue as one buyer sees it: the customer's price level, promotion and tiers, tax and CRV,
// and the visibility flags of the buyer's audience (retailer or sales rep). Everything is read from the
// distributor's in-memory snapshot (catalog-snapshot.ts: fresh by the rule of docs/operations.md),
// searched by catalog-search.ts, and mapped for the buyer by catalog-product.ts. One cache: the first
// entries in order, total and facets of recent searches (lru-cache), keyed by everything they depend on, the
// snapshot's generation included, so an edit never serves an old answer and one distributor's edit
// leaves the others' entries alone.
import { LRUCache } from 'lru-cache';
import { INVENTORY_DEFAULT_LIMIT, type InventoryFilter } from '@portal/shared/catalog/catalog.schemas';
import { dialectOf, perDatabase, type Db, type DbOrTrx } from '../../db/database.ts';
import { now, nowIso } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { termsOf, type BuyerContext, type BuyerTerms } from '../../platform/buyer-context.ts';
import { levelPriceCents, toCatalogProduct, type ProductExtras } from './catalog-product.ts';
import { audienceKey, promotionEpoch, promotionFor, rulesFor, type PromotionBuyer } from './catalog-promotions.ts';
import { dependsOn, search, searchWords, type SearchQuery, type SearchResult } from './catalog-search.ts';
import { loadedDistributors, markDue, snapshotFor, type Entry, type Snapshot } from './catalog-snapshot.ts';
import {
  bestSellers,
  cartQuantitiesOf,
  findAllowBackorders,
  findDistributorIds,
  findProductIdsContaining,
  loadSearchContext,
  stockOf,
  type ProductRow,
} from './catalog.repository.ts';

export type { ProductRow };

const DAY_MS = 86_400_000;
export const BEST_SELLING_DAYS = 90;

/**
 * Call after writing catalogue data (products, UPCs, tiers, promotions, categories, vendors, stock) in
 * this instance: the distributor's next catalogue read looks at everything again, stock included.
 * (Versions are read before every answer anyway; writers elsewhere are seen by the rule in docs/operations.md.)
 */
export function catalogChanged(db: DbOrTrx, distributorId: string): void {
  markDue(db, distributorId);
}

/**
 * Ids of the distributor's products, active or not, whose item number or description contains the text
 * (case-insensitive), or null when more than `max` do. PostgreSQL answers from trigram indexes (migration
 * 0038). SQLite reads the catalogue held in memory (as fresh as every catalogue read: see snapshotFor):
 * a LIKE over every product row there took the office's order searches past their budget and held the
 * event loop while it ran. The in-memory walk is not used on PostgreSQL: its rows make entries that are
 * slow to visit one by one (about 1 µs each, 140 ms for 100,000 products, on the event loop).
 */
export async function productIdsContaining(
  db: DbOrTrx,
  distributorId: string,
  text: string,
  max: number,
): Promise<string[] | null> {
  const needle = text.toLowerCase();
  if (dialectOf(db) === 'postgres') {
    const ids = await findProductIdsContaining(db, distributorId, needle, max + 1);
    return ids.length > max ? null : ids;
  }
  const snap = await snapshotFor(db, distributorId);
  const ids: string[] = [];
  for (const e of snap.products.values()) {
    if (!e.item_number.toLowerCase().includes(needle) && !e.description.toLowerCase().includes(needle)) continue;
    if (ids.length === max) return null;
    ids.push(e.id);
  }
  return ids;
}

/** The distributor's catalogue, brought up to date now (placing an order does this before its transaction). */
export async function catalogFresh(db: DbOrTrx, distributorId: string): Promise<void> {
  await snapshotFor(db, distributorId);
}

/** The distributor's allow_backorders setting, read now. */
export function distributorAllowsBackorders(db: DbOrTrx, distributorId: string): Promise<boolean> {
  return findAllowBackorders(db, distributorId);
}

export interface SearchContext {
  terms: BuyerTerms;
  /** The distributor's allow_backorders setting. */
  backOrders: boolean;
}

/** The buyer's pricing terms and the distributor's back-order setting (one query). */
export async function searchContextOf(db: DbOrTrx, buyer: BuyerContext): Promise<SearchContext> {
  const row = await loadSearchContext(db, buyer);
  if (!row) throw notFound('Customer not found');
  return { terms: termsOf(row), backOrders: row.allow_backorders };
}

/** Exact stock on hand of some products (carts: a cart line's stock is never behind). */
export function exactStockOf(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, number>> {
  return stockOf(db, ids);
}

// ---- the one cache ----

interface Cached {
  result?: SearchResult;
  sold?: Map<string, number>;
  /** The sales read under way for this key. */
  reading?: Promise<Map<string, number>>;
}
const CACHE = Symbol('catalogue search cache');
/**
 * Entries held by cached results, at most: 8 bytes each, with the results' facets about 30 MB when full
 * (a heap snapshot after the API benchmark: docs/performance.md, "Memory after the benchmark").
 */
const CACHE_MAX_IDS = 2_000_000;

function cacheOf(db: DbOrTrx): LRUCache<string, Cached> {
  return perDatabase(
    db,
    CACHE,
    () =>
      new LRUCache<string, Cached>({
        maxSize: CACHE_MAX_IDS,
        sizeCalculation: (v) => 1 + (v.result?.entries.length ?? v.sold?.size ?? 0),
      }),
  );
}

/** Cached searches per distributor, and the catalogues held (tests and operations). */
export function catalogCacheStats(db: DbOrTrx): { distributors: string[]; entries: Record<string, number> } {
  const entries: Record<string, number> = {};
  for (const key of cacheOf(db).keys()) {
    const distributorId = (JSON.parse(key) as string[])[0]!;
    entries[distributorId] = (entries[distributorId] ?? 0) + 1;
  }
  return { distributors: loadedDistributors(db), entries };
}

/**
 * Quantities sold per product over the last 90 days: read at most once a minute per distributor, by
 * one read that every search asking meanwhile waits for (it takes about a second at full size).
 */
function soldLately(db: DbOrTrx, distributorId: string): Promise<Map<string, number>> {
  const t = now().getTime();
  const key = JSON.stringify([distributorId, 'sold', Math.floor(t / 60_000)]);
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit?.sold) return Promise.resolve(hit.sold);
  if (hit?.reading) return hit.reading;
  const reading = bestSellers(db, distributorId, new Date(t - BEST_SELLING_DAYS * DAY_MS).toISOString()).then(
    (sold) => {
      cache.set(key, { sold });
      return sold;
    },
    (err: unknown) => {
      cache.delete(key);
      throw err;
    },
  );
  cache.set(key, { reading });
  return reading;
}

/** The buyer as promotion audiences see it. */
function promotionBuyerOf(buyer: BuyerContext, terms: BuyerTerms): PromotionBuyer {
  return { customerId: buyer.customerId, priceLevel: terms.priceLevel, route: terms.route };
}

/**
 * Entries worked out per search, at least: a search orders only the first entries of its answer, and a
 * deeper page orders again (cached in place of the shorter answer).
 */
const ORDERED_AT_LEAST = 200;

/** The search's answer, with at least its first `need` entries in order (all of them when fewer match). */
async function searchCached(
  db: DbOrTrx,
  snap: Snapshot,
  q: SearchQuery,
  buyer: PromotionBuyer,
  at: string,
  need: number,
): Promise<SearchResult> {
  const deps = dependsOn(q);
  let sold: Map<string, number> | undefined;
  if (deps.sales) {
    sold = await soldLately(db, snap.distributorId);
    // A patch may have begun while the sales were read: search the snapshot whole, never half patched.
    while (snap.running) await snap.running.catch(() => undefined);
  }
  const key = JSON.stringify([
    snap.distributorId,
    snap.generation,
    deps.stock ? snap.stockGeneration : -1,
    deps.promotions ? promotionEpoch(snap.promotions.boundaries, at) : -1,
    deps.promotions ? audienceKey(snap.promotions, buyer) : '',
    deps.priceLevel ? q.priceLevel : 0,
    deps.sales ? Math.floor(now().getTime() / 60_000) : 0,
    q.words,
    q.words.length ? q.text.trim() : '',
    q.category ?? '',
    q.subCategory ?? '',
    q.brand?.toLowerCase() ?? '',
    q.vendor ?? '',
    [...q.only].sort(),
    q.sort,
  ]);
  const cache = cacheOf(db);
  const hit = cache.get(key)?.result;
  if (hit && (hit.entries.length >= need || hit.entries.length === hit.total)) return hit;
  const result = search(snap, q, buyer, at, sold, Math.max(need, ORDERED_AT_LEAST));
  cache.set(key, { result });
  return result;
}

// ---- mapping a page for a buyer ----

/**
 * A page of a result's entries as the snapshot holds them now: an entry replaced since the search
 * is read again by id, and a product deleted meanwhile drops out.
 */
function pageOf(snap: Snapshot, found: readonly Entry[], page: number, limit: number): Entry[] {
  const out: Entry[] = [];
  const end = Math.min(found.length, page * limit);
  for (let i = (page - 1) * limit; i < end; i++) {
    const e = found[i]!;
    const current = e.live ? e : snap.products.get(e.id);
    if (current) out.push(current);
  }
  return out;
}

/**
 * UPCs, tiers, the promotions that apply now to this buyer (discounts taken off the buyer's level
 * price) and cart quantities of some snapshot entries.
 */
function extrasOf(
  snap: Snapshot,
  entries: readonly Entry[],
  buyer: PromotionBuyer,
  at: string,
  cart?: ReadonlyMap<string, number>,
) {
  const extras: ProductExtras = {
    upcs: new Map(),
    tiers: new Map(),
    discounts: new Map(),
    promoted: new Map(),
    cartQty: new Map(),
  };
  const rules = rulesFor(snap.promotions, buyer, at);
  for (const e of entries) {
    const id = e.id;
    extras.upcs.set(id, e.upcs);
    extras.tiers.set(id, e.tiers);
    const promo = promotionFor(snap.promotions, rules, e, buyer, at, levelPriceCents(e, buyer.priceLevel));
    if (promo.discountCents > 0) extras.discounts.set(id, { cents: promo.discountCents, percent: promo.discountPercent });
    if (promo.promoted) extras.promoted.set(id, promo.promoted);
    const q = cart?.get(id);
    if (q !== undefined) extras.cartQty.set(id, q);
  }
  return extras;
}

/**
 * POST /retailer/getInventory and the sales inventory calls: one page with total and facets, priced for
 * the buyer, with stock counts (by the freshness rule) and the buyer's cart quantities.
 */
export async function getInventory(db: DbOrTrx, buyer: BuyerContext, filter: InventoryFilter) {
  const limit = filter.limit ?? INVENTORY_DEFAULT_LIMIT;
  const page = filter.page ?? 1;
  const [ctx, snap, cart] = await Promise.all([
    searchContextOf(db, buyer),
    snapshotFor(db, buyer.distributorId),
    cartQuantitiesOf(db, buyer),
  ]);
  const at = nowIso();
  const text = filter.search ?? '';
  const words = searchWords(text);
  const empty = { finalProductList: [], total: 0, page, limit, facets: { categories: [], brands: [] } };
  if (text.trim() && words.length === 0) return empty;
  const result = await searchCached(
    db,
    snap,
    {
      text,
      words,
      category: filter.category,
      subCategory: filter.subCategory,
      brand: filter.brand,
      vendor: filter.vendor,
      only: filter.only ?? [],
      sort: filter.sort ?? (text.trim() ? 'relevance' : 'name'),
      priceLevel: ctx.terms.priceLevel,
    },
    promotionBuyerOf(buyer, ctx.terms),
    at,
    page * limit,
  );
  const entries = pageOf(snap, result.entries, page, limit);
  const extras = extrasOf(snap, entries, promotionBuyerOf(buyer, ctx.terms), at, cart);
  return {
    finalProductList: entries.map((e) =>
      toCatalogProduct(e, extras, buyer, ctx.terms, { distributorBackorders: ctx.backOrders }),
    ),
    total: result.total,
    page,
    limit,
    facets: result.facets,
  };
}

export type Shelf = 'new' | 'discounted' | 'popular' | 'promoted';

/** Dashboard shelves: new, discounted (promotion or tiers), popular (sold in the last 90 days), promoted. */
export async function listShelf(db: DbOrTrx, buyer: BuyerContext, shelf: Shelf, page: number, limit: number) {
  const [ctx, snap, cart] = await Promise.all([
    searchContextOf(db, buyer),
    snapshotFor(db, buyer.distributorId),
    cartQuantitiesOf(db, buyer),
  ]);
  const at = nowIso();
  let found: Entry[];
  let total: number;
  if (shelf === 'popular') {
    const sold = await soldLately(db, buyer.distributorId);
    found = [...sold.keys()].flatMap((id) => {
      const e = snap.products.get(id);
      return e?.is_active === 1 ? [e] : [];
    });
    total = found.length;
  } else {
    const q: SearchQuery = {
      text: '',
      words: [],
      only: [shelf],
      sort: shelf === 'discounted' ? 'name' : 'newest',
      priceLevel: 1,
    };
    const result = await searchCached(db, snap, q, promotionBuyerOf(buyer, ctx.terms), at, page * limit);
    found = result.entries;
    total = result.total;
  }
  const entries = pageOf(snap, found, page, limit);
  const extras = extrasOf(snap, entries, promotionBuyerOf(buyer, ctx.terms), at, cart);
  return {
    items: entries.map((e) => ({
      product: toCatalogProduct(e, extras, buyer, ctx.terms, { distributorBackorders: ctx.backOrders }),
      promotion: extras.promoted.get(e.id) ?? null,
    })),
    total,
    page,
    limit,
  };
}

/**
 * Products by id as the catalogue shows them now (inactive ones included: callers decide), with their
 * extras for this buyer (promotions by the buyer's terms: price level, route); withCart adds the
 * buyer's cart quantities. Stock counts follow the freshness
 * rule: callers that must be exact read exactStockOf.
 */
export async function loadPricedProducts(
  db: DbOrTrx,
  buyer: BuyerContext,
  terms: BuyerTerms,
  ids: readonly string[],
  options: { withCart?: boolean } = {},
): Promise<{ rows: Map<string, ProductRow>; extras: ProductExtras }> {
  const [snap, cart] = await Promise.all([
    snapshotFor(db, buyer.distributorId),
    options.withCart ? cartQuantitiesOf(db, buyer) : undefined,
  ]);
  const entries = ids.map((id) => snap.products.get(id)).filter((e): e is Entry => e !== undefined);
  return {
    rows: new Map<string, ProductRow>(entries.map((e) => [e.id, e])),
    extras: extrasOf(snap, entries, promotionBuyerOf(buyer, terms), nowIso(), cart),
  };
}

/**
 * Start-up: loads every distributor's catalogue, one after another, in chunks (the server already
 * listens; requests for a catalogue still loading wait for it).
 */
export async function warmCatalog(db: Db): Promise<{ distributors: number; products: number; milliseconds: number }> {
  const started = performance.now();
  let products = 0;
  const ids = await findDistributorIds(db);
  for (const id of ids) products += (await snapshotFor(db, id)).products.size;
  return { distributors: ids.length, products, milliseconds: Math.round(performance.now() - started) };
}
