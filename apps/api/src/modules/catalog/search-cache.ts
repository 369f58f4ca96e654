// Small in-process caches for the catalogue. Keys carry the catalogue version (a counter the database
// bumps on every change to products, UPCs, tiers, promotions, categories and vendors; stock counts
// excepted), so nothing is served after an edit. Entries also expire: search results after a minute
// (which bounds how late a promotion's start or end time and best-seller order show), serialised
// pages after a few seconds (they embed stock counts; see catalog.service.ts).
// A value being computed is cached as its promise, so 32 requests for the same new search compute it once.
import type { DbOrTrx } from '../../db/database.ts';

export const SEARCH_TTL_MS = 60_000;

interface Entry {
  expires: number;
  value: unknown;
  /** Approximate bytes, for caches bounded by size. */
  size: number;
  /** When it was last put at the newest end (the count of entries put there before it). */
  placedAt: number;
}

/**
 * A least-recently-used map with per-entry expiry, bounded by entry count and total size. The order is
 * the Map's insertion order, oldest first. A read moves an entry to the newest end only when more than
 * half of the entries were put there after it: moving is a delete and an insert into a map of
 * thousands, which cost as much as the rest of a kept catalogue page's lookup, and an entry in the
 * newer half is far from being dropped. An entry read at least once per half a cache of new entries
 * is never dropped for space.
 */
export class TtlLru {
  private readonly map = new Map<string, Entry>();
  private bytes = 0;
  /** Entries put at the newest end so far. */
  private placed = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  get<T>(key: string, at: number): T | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    if (entry.expires < at) {
      this.map.delete(key);
      this.bytes -= entry.size;
      return undefined;
    }
    if (this.placed - entry.placedAt > this.map.size / 2) {
      this.map.delete(key);
      entry.placedAt = ++this.placed;
      this.map.set(key, entry);
    }
    return entry.value as T;
  }

  set(key: string, value: unknown, expires: number, size = 0): void {
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.size;
      this.map.delete(key);
    }
    this.map.set(key, { expires, value, size, placedAt: ++this.placed });
    this.bytes += size;
    while (this.map.size > this.maxEntries || (this.bytes > this.maxBytes && this.map.size > 1)) {
      const [oldestKey, oldest] = this.map.entries().next().value!;
      this.map.delete(oldestKey);
      this.bytes -= oldest.size;
    }
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }

  delete(key: string): void {
    const old = this.map.get(key);
    if (!old) return;
    this.bytes -= old.size;
    this.map.delete(key);
  }
}

// One set of caches per database handle, so two databases in one process (tests) never share entries.
const perDb = new WeakMap<object, Map<string, TtlLru>>();

/** The named cache of this database handle, made on first use. */
export function cacheOf(db: DbOrTrx, name: string, maxEntries: number, maxBytes?: number): TtlLru {
  let caches = perDb.get(db);
  if (!caches) {
    caches = new Map();
    perDb.set(db, caches);
  }
  let cache = caches.get(name);
  if (!cache) {
    cache = new TtlLru(maxEntries, maxBytes);
    caches.set(name, cache);
  }
  return cache;
}

/**
 * The cached value of `key`, or `compute()` stored for `ttlMs` (or as long as `ttlMs(value)` says; a
 * promise is shared while it runs; a failed computation is not kept).
 */
export async function cached<T>(
  cache: TtlLru,
  key: string,
  at: number,
  ttlMs: number | ((value: T) => number),
  compute: () => Promise<T>,
  sizeOf: (value: T) => number = () => 0,
): Promise<T> {
  const hit = cache.get<T | Promise<T>>(key, at);
  if (hit !== undefined) return hit;
  const pending = compute();
  cache.set(key, pending, at + (typeof ttlMs === 'number' ? ttlMs : SEARCH_TTL_MS));
  try {
    const value = await pending;
    cache.set(key, value, at + (typeof ttlMs === 'number' ? ttlMs : ttlMs(value)), sizeOf(value));
    return value;
  } catch (err) {
    cache.delete(key);
    throw err;
  }
}

// The dashboard's best-seller list (a minute per distributor).
const LEGACY_MAX = 300;
export function cacheGet<T>(db: DbOrTrx, key: string): T | undefined {
  return cacheOf(db, 'misc', LEGACY_MAX).get<T>(key, Date.now());
}
export function cachePut<T>(db: DbOrTrx, key: string, value: T): void {
  cacheOf(db, 'misc', LEGACY_MAX).set(key, value, Date.now() + SEARCH_TTL_MS);
}
