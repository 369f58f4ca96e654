// The stock counts a catalogue page shows. On SQLite they are kept in memory and a product's count is
// dropped when the row-change feed reports a change of its stock (db/row-changes.ts), or all of them
// when another program writes, so a count shown is never older than the last change. PostgreSQL (no
// feed; other instances take stock too) reads them every time, one statement per page.
// Placing an order checks and takes stock itself, so a count shown never oversells.
import type { DbOrTrx } from '../../db/database.ts';
import { keptFollowingRows } from '../../db/row-changes.ts';
import { stockOf } from './catalog.repository.ts';

/** Past this many kept counts the cache starts again (a few MB). */
const MAX_KEPT = 250_000;

interface KeptCounts {
  counts: Map<string, number>;
  /** Counts changes reported: a count read before a change may be stale, so it is not kept. */
  changes: number;
}

const kept = new WeakMap<object, KeptCounts>();

function keptCountsOf(db: DbOrTrx): KeptCounts | undefined {
  return keptFollowingRows(db, kept, (changes) => {
    const k: KeptCounts = { counts: new Map(), changes: 0 };
    changes.watch('products', { on: ['update', 'delete'], columns: ['stock_on_hand'], key: 'id' }, (productId) => {
      k.changes++;
      if (productId === null) k.counts.clear();
      else k.counts.delete(productId);
    });
    changes.onOutsideWrite(() => {
      k.changes++;
      k.counts.clear();
    });
    return k;
  });
}

/** The current stock count of each of these products (unknown ids answer undefined). */
export async function stockCountsOf(db: DbOrTrx, ids: readonly string[]): Promise<(productId: string) => number | undefined> {
  const k = keptCountsOf(db);
  if (!k) {
    const read = await stockOf(db, ids);
    return (id) => read.get(id);
  }
  const missing = ids.filter((id) => !k.counts.has(id));
  if (missing.length === 0) return (id) => k.counts.get(id);
  const before = k.changes;
  const read = await stockOf(db, missing);
  if (k.changes === before) {
    if (k.counts.size + read.size > MAX_KEPT) k.counts.clear();
    for (const [id, count] of read) k.counts.set(id, count);
  }
  return (id) => read.get(id) ?? k.counts.get(id);
}
