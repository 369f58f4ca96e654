// Built catalogue pages (priced, serialised, compressed), kept and sent as they are. A page embeds
// the stock counts of its products, so how long it may be kept depends on whether stock changes are
// seen as they happen:
//   - SQLite: the row-change feed (db/row-changes.ts) reports every stock change, and the pages that
//     show that product are dropped at once; a page otherwise lives as long as the search it shows
//     (SEARCH_TTL_MS, which bounds how late a promotion's start or end shows).
//   - PostgreSQL (no feed, and other instances may take stock): PAGE_STOCK_TTL_MS, a few seconds.
// Placing an order checks and takes stock itself, so a count shown a little late never oversells.
// Every other edit of the catalogue changes the catalogue version, which is part of every key.
import type { DbOrTrx } from '../../db/database.ts';
import { keptFollowingRows, type RowChanges } from '../../db/row-changes.ts';
import { cacheOf, SEARCH_TTL_MS, type TtlLru } from './search-cache.ts';

export const PAGE_STOCK_TTL_MS = 3_000;
const PAGE_CACHE_ENTRIES = 20_000;
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export interface PageCache {
  cache: TtlLru;
  /**
   * Records which products a page about to be built shows, so a change of their stock drops it, and
   * answers how long the built page may be kept: a stock change while it was being built (which the
   * page may or may not show) keeps it only PAGE_STOCK_TTL_MS.
   */
  build(key: string, productIds: readonly string[]): { ttlMs: () => number };
}

const pageCaches = new WeakMap<object, PageCache>();
const timedPageCaches = new WeakMap<object, PageCache>();

export function pageCacheOf(db: DbOrTrx): PageCache {
  return keptFollowingRows(db, pageCaches, (changes) => followingStock(db, changes)) ?? timedPageCacheOf(db);
}

/** Without a feed: every page is kept PAGE_STOCK_TTL_MS. */
function timedPageCacheOf(db: DbOrTrx): PageCache {
  let pageCache = timedPageCaches.get(db);
  if (!pageCache) {
    pageCache = { cache: cacheOf(db, 'catalog-pages', PAGE_CACHE_ENTRIES, PAGE_CACHE_BYTES), build: () => ({ ttlMs: () => PAGE_STOCK_TTL_MS }) };
    timedPageCaches.set(db, pageCache);
  }
  return pageCache;
}

/** With the feed: pages kept SEARCH_TTL_MS, dropped when the stock of a product they show changes. */
function followingStock(db: DbOrTrx, changes: RowChanges): PageCache {
  const cache = cacheOf(db, 'catalog-pages', PAGE_CACHE_ENTRIES, PAGE_CACHE_BYTES);
  // product id → keys of the kept pages that show it (keys of pages since evicted are harmless).
  const pagesShowing = new Map<string, Set<string>>();
  let stockChanges = 0;
  let registered = 0;
  const forgetAll = () => {
    cache.clear();
    pagesShowing.clear();
    registered = 0;
  };
  changes.watch('products', { on: ['update', 'delete'], columns: ['stock_on_hand'], key: 'id' }, (productId) => {
    stockChanges++;
    if (productId === null) return forgetAll();
    for (const key of pagesShowing.get(productId) ?? []) cache.delete(key);
    pagesShowing.delete(productId);
  });
  changes.onOutsideWrite(forgetAll);
  return {
    cache,
    build(key, productIds) {
      const before = stockChanges;
      // Bound the index: keys of evicted pages stay in it until their products' stock changes.
      if (registered > 100 * PAGE_CACHE_ENTRIES) forgetAll();
      registered += productIds.length;
      for (const id of productIds) {
        let keys = pagesShowing.get(id);
        if (!keys) {
          keys = new Set();
          pagesShowing.set(id, keys);
        }
        keys.add(key);
      }
      return { ttlMs: () => (stockChanges === before ? SEARCH_TTL_MS : PAGE_STOCK_TTL_MS) };
    },
  };
}
