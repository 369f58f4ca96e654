// The stock counts a catalogue page shows, and whether they have changed since a page was made.
// SQLite: the row-change feed (db/row-changes.ts) reports every change of a product's stock as it
// happens, so counts are kept in memory until their product's stock changes (or until another program
// writes: then all of them), and a kept page can tell whether one of its products changed since it was
// made. PostgreSQL (no feed; other instances take stock too): counts are read every time, one
// statement per page, and kept pages cannot tell (page-cache.ts keeps them only a few seconds).
// Placing an order checks and takes stock itself, so a count shown never oversells.
import type { DbOrTrx } from '../../db/database.ts';
import { keptFollowingRows } from '../../db/row-changes.ts';
import { stockOf } from './catalog.repository.ts';

/** Past this many kept counts (or remembered changes) the cache starts again (a few MB). */
const MAX_KEPT = 250_000;

interface StockFeed {
  counts: Map<string, number>;
  /** Goes up by one with every stock change reported. */
  changes: number;
  /** Product id → the value of `changes` at its last change. */
  changedAt: Map<string, number>;
  /** Changes before this one are no longer told apart by product (after another program wrote). */
  forgottenBefore: number;
}

const feeds = new WeakMap<object, StockFeed>();

function stockFeedOf(db: DbOrTrx): StockFeed | undefined {
  return keptFollowingRows(db, feeds, (changes) => {
    const f: StockFeed = { counts: new Map(), changes: 0, changedAt: new Map(), forgottenBefore: 0 };
    const forgetAll = () => {
      f.changes++;
      f.forgottenBefore = f.changes;
      f.counts.clear();
      f.changedAt.clear();
    };
    changes.watch('products', { on: ['update', 'delete'], columns: ['stock_on_hand'], key: 'id' }, (productId) => {
      if (productId === null || f.changedAt.size >= MAX_KEPT) return forgetAll();
      f.changes++;
      f.changedAt.set(productId, f.changes);
      f.counts.delete(productId);
    });
    changes.onOutsideWrite(forgetAll);
    return f;
  });
}

/** A page's stock counts as they were read, good while none of its products' stock has changed since `stamp`. */
export interface StockSnapshot {
  stamp: number;
  counts: Map<string, number>;
}

/**
 * The current stock count of each of these products (unknown ids answer undefined). With `page`, the
 * counts are kept on it and reused while none of them changed: looking up fifty products among a hundred
 * thousand kept counts costs more (cache misses) than the rest of a kept page's answer.
 */
export async function stockCountsOf(
  db: DbOrTrx,
  ids: readonly string[],
  page?: { stock?: StockSnapshot },
): Promise<(productId: string) => number | undefined> {
  const f = stockFeedOf(db);
  if (!f) {
    const read = await stockOf(db, ids);
    return (id) => read.get(id);
  }
  const kept = page?.stock;
  const keptStamp = kept && stampIfUnchanged(f, ids, kept.stamp);
  if (kept && keptStamp !== undefined) {
    kept.stamp = keptStamp;
    return (id) => kept.counts.get(id);
  }
  const stamp = f.changes;
  const counts = new Map<string, number>();
  const missing: string[] = [];
  for (const id of ids) {
    const count = f.counts.get(id);
    if (count === undefined) missing.push(id);
    else counts.set(id, count);
  }
  if (missing.length > 0) {
    const read = await stockOf(db, missing);
    for (const [id, count] of read) counts.set(id, count);
    // A count read while a change was reported may be the old one: used for this answer, not kept.
    if (f.changes === stamp) {
      if (f.counts.size + read.size > MAX_KEPT) f.counts.clear();
      for (const [id, count] of read) f.counts.set(id, count);
    }
  }
  if (page && f.changes === stamp) page.stock = { stamp, counts };
  return (id) => counts.get(id);
}

/**
 * A mark to take before reading stock for something kept (a page), to ask stockStampIfUnchanged later;
 * undefined where changes are not reported (PostgreSQL).
 */
export function stockStamp(db: DbOrTrx): number | undefined {
  return stockFeedOf(db)?.changes;
}

/**
 * The current mark if none of these products' stock has changed since `stamp` (the kept thing may take
 * it as its own, so the next check starts from now), or undefined if one may have.
 */
export function stockStampIfUnchanged(db: DbOrTrx, ids: readonly string[], stamp: number): number | undefined {
  const f = stockFeedOf(db);
  return f && stampIfUnchanged(f, ids, stamp);
}

function stampIfUnchanged(f: StockFeed, ids: readonly string[], stamp: number): number | undefined {
  if (f.changes === stamp) return stamp;
  if (stamp < f.forgottenBefore) return undefined;
  for (const id of ids) if ((f.changedAt.get(id) ?? -1) > stamp) return undefined;
  return f.changes;
}
