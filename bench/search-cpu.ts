// What one catalogue search costs at full size, without HTTP: loads a copy of the benchmark's data set,
// then runs every distinct query of the benchmark's search mix (bench/lib/search-terms.ts) through
// the snapshot's search once per sort, cold (no answer cache), and prints the CPU time per search
// (process user + system, so waits for a CPU on a busy machine are left out): mean, p99, the largest,
// and the queries that cost most. A hash of the answers (page ids, totals, facets) lets two versions
// of the search be compared: the same hash, the same answers. See docs/performance.md.
//
//   npx tsx bench/search-cpu.ts --seed-cache /tmp/portal-bench-cache [--products 100000] [--sorts relevance,name]
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, type Db } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { search, searchWords, type SearchQuery } from '../apps/api/src/modules/catalog/catalog-search.ts';
import { snapshotFor } from '../apps/api/src/modules/catalog/catalog-snapshot.ts';
import { seedDatabase } from './lib/dataset.ts';
import { buildInventoryQueries } from './lib/search-terms.ts';

const { values } = parseArgs({
  options: {
    'seed-cache': { type: 'string' },
    products: { type: 'string', default: '100000' },
    customers: { type: 'string', default: '2000' },
    orders: { type: 'string', default: '200000' },
    sorts: { type: 'string', default: 'relevance,name,priceAsc,newest' },
  },
});

const cpuMs = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
};

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-search-cpu-'));
  const file = path.join(dir, 'portal.sqlite');
  const sizes = { products: Number(values.products), customers: Number(values.customers), orders: Number(values.orders) };
  await seedDatabase(file, sizes, values['seed-cache']);
  const db: Db = createDb({ kind: 'sqlite', file });
  try {
    await migrateToLatest(db, 'sqlite');
    const { id: distributorId } = await db.selectFrom('distributors').select('id').orderBy('id').executeTakeFirstOrThrow();
    const snap = await snapshotFor(db, distributorId);
    const sample = await db
      .selectFrom('products as p')
      .innerJoin('product_upcs as u', 'u.product_id', 'p.id')
      .select(['p.item_number', 'u.upc'])
      .orderBy('p.id')
      .limit(300)
      .execute();
    const queries = buildInventoryQueries({ itemNumbers: sample.map((s) => s.item_number), upcs: sample.map((s) => s.upc) });
    const buyer = { customerId: 'bench', priceLevel: 2, route: '101' };
    const at = new Date().toISOString();
    console.log(
      `Search CPU: SQLite, ${snap.products.size} products, ${queries.length} distinct queries; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    for (const sort of values.sorts.split(',') as SearchQuery['sort'][]) {
      const hash = createHash('sha256');
      const times: { ms: number; text: string; total: number }[] = [];
      for (let round = 0; round < 2; round++) {
        times.length = 0; // the first round warms the code up
        for (const q of queries) {
          const query: SearchQuery = { text: q.search, words: searchWords(q.search), only: [], sort, priceLevel: 2 };
          const since = process.cpuUsage();
          const r = search(snap, query, buyer, at, undefined, q.page * q.limit);
          const page = r.entries.slice((q.page - 1) * q.limit, q.page * q.limit);
          times.push({ ms: cpuMs(since), text: q.search, total: r.total });
          if (round === 1) hash.update(JSON.stringify([page.map((e) => e.id), r.total, r.facets]));
        }
      }
      times.sort((a, b) => b.ms - a.ms);
      const mean = times.reduce((s, t) => s + t.ms, 0) / times.length;
      const p99 = times[Math.floor(times.length / 100)]!.ms;
      console.log(
        `${sort.padEnd(10)} CPU per search: mean ${mean.toFixed(3)} ms, p99 ${p99.toFixed(2)} ms, max ${times[0]!.ms.toFixed(1)} ms; answers ${hash
          .digest('hex')
          .slice(0, 12)}`,
      );
      console.log(
        `           costliest: ${times
          .slice(0, 5)
          .map((t) => `"${t.text}" (${t.total}) ${t.ms.toFixed(1)} ms`)
          .join(', ')}`,
      );
    }
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
