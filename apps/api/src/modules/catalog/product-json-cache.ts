// Each product's JSON as one group of buyers sees it (audience, price level, item limit), kept so that
// a catalogue page made for a new search is joined from products already priced and serialised rather
// than priced and serialised again: the popular searches of a store share most of their products, and
// pricing and serialising 50 products was most of the cost of a page (0.6 of 0.9 ms).
// SQLite only, like the kept pages (page-cache.ts): the JSON embeds the stock count, and the row-change
// feed drops a product's JSON when its stock changes; a new catalogue version drops everything, and a
// JSON is reused for at most SEARCH_TTL_MS. It is made from a search page's promotions, themselves up to
// SEARCH_TTL_MS old, so a promotion that starts or ends shows within two minutes at most.
import type { DbOrTrx } from '../../db/database.ts';
import { keptFollowingRows } from '../../db/row-changes.ts';
import { SEARCH_TTL_MS } from './search-cache.ts';

/** Past this many characters of JSON the cache starts again (about a million products' worth is 1 GB). */
const MAX_CHARS = 96 * 1024 * 1024;

interface Kept {
  json: string;
  at: number;
}

export interface ProductJsonCache {
  version: number;
  /** product id → variant → JSON */
  byProduct: Map<string, Map<string, Kept>>;
  chars: number;
  /** Counts stock changes: JSON made from a stock count read before a change is not kept. */
  stockChanges: number;
}

const caches = new WeakMap<object, ProductJsonCache>();

function forgetAll(cache: ProductJsonCache): void {
  cache.byProduct.clear();
  cache.chars = 0;
}

/** The cache of this database, or undefined without a row-change feed (PostgreSQL, a transaction). */
export function productJsonCacheOf(db: DbOrTrx): ProductJsonCache | undefined {
  return keptFollowingRows(db, caches, (changes) => {
    const cache: ProductJsonCache = { version: -1, byProduct: new Map(), chars: 0, stockChanges: 0 };
    changes.watch('products', { on: ['update', 'delete'], columns: ['stock_on_hand'], key: 'id' }, (productId) => {
      cache.stockChanges++;
      if (productId === null) return forgetAll(cache);
      for (const kept of cache.byProduct.get(productId)?.values() ?? []) cache.chars -= kept.json.length;
      cache.byProduct.delete(productId);
    });
    changes.onOutsideWrite(() => {
      cache.stockChanges++;
      forgetAll(cache);
    });
    return cache;
  });
}

/** The kept JSON of a product for a variant at this catalogue version, if still fresh. */
export function keptProductJson(cache: ProductJsonCache, version: number, variant: string, productId: string, now: number) {
  if (cache.version !== version) return undefined;
  const kept = cache.byProduct.get(productId)?.get(variant);
  return kept && now - kept.at < SEARCH_TTL_MS ? kept.json : undefined;
}

export function keepProductJson(
  cache: ProductJsonCache,
  version: number,
  variant: string,
  productId: string,
  json: string,
  now: number,
) {
  if (version < cache.version) return; // a request still on an older catalogue
  if (version > cache.version || cache.chars > MAX_CHARS) {
    forgetAll(cache);
    cache.version = version;
  }
  let variants = cache.byProduct.get(productId);
  if (!variants) {
    variants = new Map();
    cache.byProduct.set(productId, variants);
  }
  const previous = variants.get(variant);
  if (previous) cache.chars -= previous.json.length;
  variants.set(variant, { json, at: now });
  cache.chars += json.length;
}
