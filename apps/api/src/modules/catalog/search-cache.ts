// A small in-process cache of priced catalogue pages. Keys carry the catalogue version (a counter
// the database bumps on every change to products, UPCs, tiers, promotions, categories and vendors;
// stock counts excepted), so a cached page is never served after an edit. Stock and cart quantities
// are not cached: callers overlay them fresh. Entries also expire after a minute, which bounds how
// late a promotion's start or end time and best-seller order show.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';

const TTL_MS = 60_000;
const MAX_ENTRIES = 300;

interface Entry<T> {
  expires: number;
  value: T;
}

// One cache per database handle, so two databases in one process (tests) never share entries.
const caches = new WeakMap<object, Map<string, Entry<unknown>>>();

export async function catalogVersion(db: DbOrTrx): Promise<number> {
  const res = await sql<{ value: number }>`select value from catalog_version where id = 1`.execute(db);
  return Number(res.rows[0]?.value ?? 0);
}

export function cacheGet<T>(db: DbOrTrx, key: string): T | undefined {
  const cache = caches.get(db);
  const entry = cache?.get(key);
  if (!cache || !entry) return undefined;
  cache.delete(key);
  if (entry.expires < Date.now()) return undefined;
  cache.set(key, entry); // most recently used last
  return entry.value as T;
}

export function cachePut<T>(db: DbOrTrx, key: string, value: T): void {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  cache.set(key, { expires: Date.now() + TTL_MS, value });
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}
