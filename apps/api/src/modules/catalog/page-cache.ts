// Built catalogue pages (priced, serialised and compressed), kept and sent as they are to clients that
// accept compression. A page embeds the stock counts of its products, so whether it may be sent again
// depends on whether stock changes are seen as they happen (stock-counts.ts):
//   - SQLite: every stock change is reported, and a page is rebuilt when one of its products' stock
//     changed since it was made; otherwise it lives as long as the search it shows (SEARCH_TTL_MS,
//     which bounds how late a promotion's start or end shows).
//   - PostgreSQL (no feed, and other instances may take stock): PAGE_STOCK_TTL_MS, a few seconds.
// Placing an order checks and takes stock itself, so a count shown a little late never oversells.
// Every other edit of the catalogue changes the catalogue version, which is part of every key.
import type { DbOrTrx } from '../../db/database.ts';
import { cacheOf, SEARCH_TTL_MS } from './search-cache.ts';
import { stockStamp, stockStampIfUnchanged } from './stock-counts.ts';

export const PAGE_STOCK_TTL_MS = 3_000;
const PAGE_CACHE_ENTRIES = 20_000;
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export interface BuiltPage {
  /** The products the page shows. */
  ids: readonly string[];
  body: Buffer;
}

interface KeptPage extends BuiltPage {
  /** Taken before the page read stock (undefined on PostgreSQL). */
  stamp: number | undefined;
}

/** Whether a kept page still shows its products' stock as it is (its stamp moved up to now if so). */
function fresh(db: DbOrTrx, page: KeptPage): boolean {
  if (page.stamp === undefined) return true;
  const stamp = stockStampIfUnchanged(db, page.ids, page.stamp);
  if (stamp === undefined) return false;
  page.stamp = stamp;
  return true;
}

/**
 * The body of the page kept under `key`, or the one `build` makes (kept; a page being built is shared
 * by the requests that ask for it meanwhile).
 */
export async function keptPage(db: DbOrTrx, key: string, now: number, build: () => Promise<BuiltPage>): Promise<Buffer> {
  const cache = cacheOf(db, 'catalog-pages', PAGE_CACHE_ENTRIES, PAGE_CACHE_BYTES);
  const hit = cache.get<KeptPage | Promise<KeptPage>>(key, now);
  if (hit) {
    const page = await hit;
    if (fresh(db, page)) return page.body;
  }
  const stamp = stockStamp(db); // before reading stock: a change from here on is seen
  const expires = now + (stamp === undefined ? PAGE_STOCK_TTL_MS : SEARCH_TTL_MS);
  const pending = build().then((built): KeptPage => ({ ...built, stamp }));
  cache.set(key, pending, expires);
  try {
    const page = await pending;
    cache.set(key, page, expires, page.body.length + 50 * page.ids.length);
    return page.body;
  } catch (err) {
    cache.delete(key);
    throw err;
  }
}
