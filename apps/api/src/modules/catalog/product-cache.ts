// Product rows, UPCs, quantity tiers and promotions kept in memory per catalogue version, beside the
// search index: a search page that missed the answer caches then prices its 50 products without
// reading them again (four statements over 50 ids were a quarter of a miss's CPU). Everything kept
// here bumps catalog_version when it changes, so a new version starts an empty cache; stock is not
// kept (read fresh for every built page) and promotions are kept with their dates, so which one is
// active is decided at the time of the request, as the SQL did.
import { databaseOf, type DbOrTrx } from '../../db/database.ts';
import {
  addPromotion,
  emptyExtras,
  loadProductDetails,
  type ProductExtras,
  type ProductRow,
  type PromotionRow,
} from './catalog.repository.ts';

interface CachedProduct {
  row: ProductRow;
  upcs: string[];
  tiers: { minQty: number; discountCents: number }[];
  /** Newest start first, as the SQL ordered them. */
  promos: PromotionRow[];
}

interface VersionCache {
  version: number;
  products: Map<string, CachedProduct>;
}

/** Past this many products the cache starts again (100,000 products fit). */
export const MAX_PRODUCTS = 150_000;

const caches = new WeakMap<object, Map<string, VersionCache>>();

function cacheFor(db: DbOrTrx, distributorId: string, version: number): VersionCache {
  // Shared with the database's transactions (placing an order prices its cart from here): they read
  // the version in the transaction, and no transaction that changes the catalogue prices through here.
  let perDb = caches.get(databaseOf(db));
  if (!perDb) {
    perDb = new Map();
    caches.set(databaseOf(db), perDb);
  }
  let c = perDb.get(distributorId);
  if (!c || c.version !== version || c.products.size > MAX_PRODUCTS) {
    // Only ever move forward: a request still holding an older version reads without caching.
    if (c && c.version > version) return { version, products: new Map() };
    c = { version, products: new Map() };
    perDb.set(distributorId, c);
  }
  return c;
}

/**
 * The products of these ids (in that order, unknown ones left out) and their extras active at `now`
 * (cart quantities empty), as findProductsByIds plus loadProductExtras would give them.
 */
export async function cachedProducts(
  db: DbOrTrx,
  distributorId: string,
  version: number,
  ids: readonly string[],
  now: string,
): Promise<{ rows: ProductRow[]; extras: ProductExtras }> {
  const cache = cacheFor(db, distributorId, version);
  const missing = ids.filter((id) => !cache.products.has(id));
  if (missing.length > 0) {
    const d = await loadProductDetails(db, distributorId, missing);
    const fresh = new Map<string, CachedProduct>();
    for (const row of d.rows) fresh.set(row.id, { row, upcs: [], tiers: [], promos: [] });
    for (const u of d.upcs) fresh.get(u.product_id)?.upcs.push(u.upc);
    for (const t of d.tiers) fresh.get(t.product_id)?.tiers.push({ minQty: t.min_qty, discountCents: t.discount_cents });
    for (const p of d.promos) if (p.product_id) fresh.get(p.product_id)?.promos.push(p);
    for (const [id, p] of fresh) cache.products.set(id, p);
  }
  const rows: ProductRow[] = [];
  const extras = emptyExtras();
  for (const id of ids) {
    const p = cache.products.get(id);
    if (!p) continue;
    rows.push(p.row);
    if (p.upcs.length) extras.upcs.set(id, p.upcs);
    if (p.tiers.length) extras.tiers.set(id, p.tiers);
    for (const promo of p.promos) addPromotion(extras, id, promo, now);
  }
  return { rows, extras };
}
