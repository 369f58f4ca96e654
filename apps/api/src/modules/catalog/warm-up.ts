// Start-up work of the long-running server on SQLite, before it takes requests: each distributor's
// search index is built, and its products are read into the product cache, their stock counts into
// stock-counts.ts, and their JSON parts as retailers see them at every price level made (product-json.ts).
// Otherwise the first search of a distributor waits for the index (1.5 s at 100,000 products), and the
// first pages showing each product read and serialise it: in the API benchmark the first minute after a
// start ran at half the speed of the rest. At 100,000 products this takes about 10 s and 250 MB
// (docs/operations.md). PostgreSQL has no index (searches run in the database) and skips this.
import { sql } from 'kysely';
import { dialectOf, type Db } from '../../db/database.ts';
import { nowIso } from '../../platform/clock.ts';
import { PRICE_LEVELS } from './catalog.repository.ts';
import { cachedProducts, MAX_PRODUCTS } from './product-cache.ts';
import { searchIndexFor } from './search-index.ts';
import { keepProductParts } from './product-json.ts';
import { stockCountsOf } from './stock-counts.ts';

/** Products read per round of the product cache's four statements. */
const CHUNK = 500;

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
      await stockCountsOf(db, chunk);
      // Each product's JSON parts as retailers see it at every price level (product-json.ts).
      keepProductParts(db, version, { rows, extras }, 'retailer', PRICE_LEVELS);
    }
    warm.distributors++;
    warm.products += index.size;
  }
  warm.milliseconds = Math.round(performance.now() - started);
  return warm;
}
