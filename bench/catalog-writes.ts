// How long the event loop is held while the catalogue snapshot loads and follows catalogue writes
// (issue 14 §1, "never freeze"), in one process, without HTTP: loads a copy of the benchmark's 100k
// database, then makes the writes of the rule (one edit, a bulk edit of 500 products, a 5,000-row
// import in batches of 500, a promotion switched on and off) and brings the snapshot up to date after
// each. For each step: the longest gap between two turns of the event loop (a 1 ms timer), that gap
// less the main thread's wait for a CPU (/proc schedstat, as the server's probe), and the garbage
// collector's longest pause inside it, so a long block can be told apart as GC, our code or the
// machine. See bench/README.md.
//
//   npx tsx bench/catalog-writes.ts --seed-cache /tmp/portal-bench-cache [--products 100000] [--rounds 3]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb, type Db } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { catalogChanged, getInventory } from '../apps/api/src/modules/catalog/catalog.service.ts';
import { snapshotFor } from '../apps/api/src/modules/catalog/catalog-snapshot.ts';
import { seedDatabase } from './lib/dataset.ts';
import { buildInventoryQueries } from './lib/search-terms.ts';

const { values } = parseArgs({
  options: {
    'seed-cache': { type: 'string' },
    products: { type: 'string', default: '100000' },
    customers: { type: 'string', default: '2000' },
    orders: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '3' },
    searches: { type: 'string', default: '0' },
  },
});

const TICK_MS = 1;
const schedstat = `/proc/self/task/${process.pid}/schedstat`;
const waitedMs = () => {
  try {
    return Number(readFileSync(schedstat, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
};

interface Block {
  gapMs: number;
  ownMs: number;
  gcMs: number;
}

/** Watches the loop between start() and stop(): the longest gap, its own share, the GC inside it. */
function loopWatch() {
  const gcs: { start: number; end: number; kind: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[])
      gcs.push({ start: e.startTime, end: e.startTime + e.duration, kind: e.detail?.kind ?? 0 });
  });
  let worst: Block = { gapMs: 0, ownMs: 0, gcMs: 0 };
  let worstAt = { from: 0, to: 0 };
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      observer.observe({ entryTypes: ['gc'] });
      worst = { gapMs: 0, ownMs: 0, gcMs: 0 };
      gcs.length = 0;
      let last = performance.now();
      let lastWaited = waitedMs();
      timer = setInterval(() => {
        const at = performance.now();
        const waited = waitedMs();
        const gap = at - last - TICK_MS;
        const own = Math.max(0, gap - (waited - lastWaited));
        if (own > worst.ownMs) {
          worst = { gapMs: gap, ownMs: own, gcMs: 0 };
          worstAt = { from: last, to: at };
        }
        last = at;
        lastWaited = waited;
      }, TICK_MS);
    },
    async stop(): Promise<Block & { gcMaxMs: number; gcTotalMs: number }> {
      await new Promise((r) => setTimeout(r, 20));
      clearInterval(timer);
      observer.disconnect();
      let gcInWorst = 0;
      for (const g of gcs) gcInWorst += Math.max(0, Math.min(g.end, worstAt.to) - Math.max(g.start, worstAt.from));
      const gcMaxMs = Math.max(0, ...gcs.map((g) => g.end - g.start));
      const gcTotalMs = gcs.reduce((s, g) => s + g.end - g.start, 0);
      return { ...worst, gcMs: gcInWorst, gcMaxMs, gcTotalMs };
    },
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

async function measure(name: string, step: () => Promise<unknown>): Promise<void> {
  const watch = loopWatch();
  watch.start();
  const started = performance.now();
  await step();
  const took = performance.now() - started;
  const b = await watch.stop();
  const mem = process.memoryUsage();
  console.log(
    `${name.padEnd(34)} ${r1(took).toString().padStart(8)} ms  longest gap ${r1(b.gapMs).toString().padStart(6)}  own ${r1(
      b.ownMs,
    )
      .toString()
      .padStart(6)}  GC in it ${r1(b.gcMs).toString().padStart(5)}  GC max ${r1(b.gcMaxMs).toString().padStart(5)} total ${r1(
      b.gcTotalMs,
    )
      .toString()
      .padStart(6)}  heap ${Math.round(mem.heapUsed / 1e6)} MB  rss ${Math.round(mem.rss / 1e6)} MB`,
  );
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-catalog-writes-'));
  const file = path.join(dir, 'portal.sqlite');
  const sizes = { products: Number(values.products), customers: Number(values.customers), orders: Number(values.orders) };
  console.log(`Catalogue writes: SQLite, ${sizes.products} products; load average ${os.loadavg().map(r1).join(' ')}`);
  await seedDatabase(file, sizes, values['seed-cache']);
  const db: Db = createDb({ kind: 'sqlite', file });
  try {
    await migrateToLatest(db, 'sqlite');
    const { id: distributorId } = await db.selectFrom('distributors').select('id').orderBy('id').executeTakeFirstOrThrow();
    const ids = (
      await db.selectFrom('products').select('id').where('distributor_id', '=', distributorId).orderBy('id').execute()
    ).map((r) => r.id);
    const fresh = async () => {
      catalogChanged(db, distributorId);
      await snapshotFor(db, distributorId);
    };
    await measure('load the catalogue', () => snapshotFor(db, distributorId));
    const status = readFileSync('/proc/self/status', 'utf8')
      .split('\n')
      .filter((l) => /^(VmRSS|RssAnon|RssFile)/.test(l))
      .map((l) => l.replace(/\s+/g, ' '));
    console.log(`memory after loading: ${status.join('; ')} (RssFile: SQLite's memory map of the file)`);
    const promotion = await db
      .selectFrom('promotions')
      .select('id')
      .where('distributor_id', '=', distributorId)
      .executeTakeFirst();
    let n = 0;
    const update = async (some: readonly string[]) => {
      n++;
      await db.transaction().execute((trx) =>
        trx
          .updateTable('products')
          .set({ price1_cents: sql`price1_cents + ${n % 2 ? 1 : -1}`, is_new_item: sql`1 - is_new_item` })
          .where('id', 'in', some)
          .execute(),
      );
    };
    for (let round = 1; round <= Number(values.rounds); round++) {
      console.log(`round ${round}`);
      const at = (round * 7919) % (ids.length - 6000);
      await measure('one edit, written', () => update([ids[at]!]));
      await measure('  then the snapshot patched', fresh);
      await measure('bulk edit of 500, written', () => update(ids.slice(at, at + 500)));
      await measure('  then the snapshot patched', fresh);
      await measure('import of 5,000 (10 × 500), written', async () => {
        for (let b = 0; b < 10; b++) {
          await update(ids.slice(at + 500 + b * 500, at + 1000 + b * 500));
          await new Promise((r) => setImmediate(r));
        }
      });
      await measure('  then the snapshot patched', fresh);
      if (promotion) {
        await measure('a promotion switched off and on', async () => {
          await db.updateTable('promotions').set({ is_active: 0 }).where('id', '=', promotion.id).execute();
          await fresh();
          await db.updateTable('promotions').set({ is_active: 1 }).where('id', '=', promotion.id).execute();
          await fresh();
        });
      }
    }
    const searches = Number(values.searches);
    if (searches > 0) {
      // The benchmark's search mix, as one buyer, with an edit every 100 searches: how far the heap grows.
      const customer = await db
        .selectFrom('customers')
        .innerJoin('users', 'users.customer_id', 'customers.id')
        .select(['customers.id as customerId', 'users.id as userId'])
        .where('customers.distributor_id', '=', distributorId)
        .executeTakeFirstOrThrow();
      const buyer = { distributorId, ...customer, audience: 'retailer', placedByRole: 'retailer' } as const;
      const some = await db
        .selectFrom('products')
        .leftJoin('product_upcs', 'product_upcs.product_id', 'products.id')
        .select(['item_number', 'upc'])
        .where('distributor_id', '=', distributorId)
        .limit(500)
        .execute();
      const queries = buildInventoryQueries({
        itemNumbers: some.map((r) => r.item_number),
        upcs: some.flatMap((r) => (r.upc ? [r.upc] : [])),
      });
      await measure(`${searches} searches (an edit every 100)`, async () => {
        for (let i = 0; i < searches; i++) {
          const q = queries[i % queries.length]!;
          await getInventory(db, buyer, { search: q.search, page: q.page, limit: q.limit } as never);
          if (i % 100 === 99) {
            await update([ids[i % ids.length]!]);
            await new Promise((r) => setImmediate(r));
          }
        }
      });
      const heap = () => {
        const m = process.memoryUsage();
        return `heap used ${Math.round(m.heapUsed / 1e6)} MB of ${Math.round(m.heapTotal / 1e6)} MB, rss ${Math.round(m.rss / 1e6)} MB`;
      };
      console.log(`after the searches: ${heap()}`);
      const gc = (globalThis as { gc?: () => void }).gc;
      if (gc) {
        gc();
        console.log(`after a full GC (--expose-gc): ${heap()}`);
        // What one full collection costs the main thread when it marks alone (with --single-threaded-gc:
        // on a busy machine the collector's helper threads wait for a CPU).
        const times: number[] = [];
        for (let i = 0; i < 9; i++) {
          const started = performance.now();
          gc();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        console.log(`a full GC: median ${times[4]!.toFixed(1)} ms of 9 (fastest ${times[0]!.toFixed(1)} ms)`);
      }
    }
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
