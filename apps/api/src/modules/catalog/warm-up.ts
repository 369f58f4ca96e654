// Start-up work of the long-running server on SQLite: each distributor's search index is built and its
// products are read into the product cache (and their stock counts into stock-counts.ts) before the
// server takes requests. Otherwise the first
// search of a distributor waits for the index (1.5 s at 100,000 products) and the first searches of
// each product read it from the database (four statements per page); in the API benchmark the first
// ten seconds after a start ran at half the speed of the rest. PostgreSQL has no index (searches run
// in the database) and skips this.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../platform/clock.ts';
import { dialectOf } from './buyer-context.ts';
import { cachedProducts, MAX_PRODUCTS } from './product-cache.ts';
import { searchIndexFor } from './search-index.ts';
import { productListJson } from './product-json.ts';
import { stockCountsOf } from './stock-counts.ts';

/** Products read per round of the product cache's four statements. */
const CHUNK = 500;
const NO_CART = new Map<string, number>();
const EMPTY = Buffer.alloc(0);

export interface WarmUp {
  distributors: number;
  /** Active products indexed, and kept in the product cache. */
  products: number;
  milliseconds: number;
}

export async function warmCatalog(db: Db): Promise<WarmUp> {
  const started = performance.now();
  const warm: WarmUp = { distributors: 0, products: 0, milliseconds: 0 };
  if (dialectOf(db) !== 'sqlite') return warm;
  const { rows } = await sql<{ value: number }>`select value from catalog_version where id = 1`.execute(db);
  const version = Number(rows[0]?.value ?? 0);
  const distributors = await db.selectFrom('products').select('distributor_id').where('is_active', '=', 1).distinct().execute();
  for (const { distributor_id: distributorId } of distributors) {
    const index = await searchIndexFor(db, distributorId, version);
    if (!index) continue;
    const ids = index.ids.slice(0, MAX_PRODUCTS);
    const now = nowIso();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const { rows, extras } = await cachedProducts(db, distributorId, version, chunk, now);
      const stock = await stockCountsOf(db, chunk);
      // Each product's JSON parts as retailers see it at every price level (product-json.ts).
      for (let level = 1; level <= 5; level++) {
        const terms = { priceLevel: level, itemLimitQty: null };
        productListJson(db, version, { rows, extras }, 'retailer', terms, stock, NO_CART, EMPTY, EMPTY);
      }
    }
    warm.distributors++;
    warm.products += index.size;
  }
  warm.milliseconds = Math.round(performance.now() - started);
  return warm;
}
