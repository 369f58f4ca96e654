import { createDb } from '../apps/api/src/db/database.ts';
import { listHighDemand, highDemandByVendor } from '../apps/api/src/modules/purchase-orders/purchase-orders.repository.ts';
import { DEFAULT_PURCHASING_SETTINGS as settings } from '@portal/shared/purchase-orders/purchasing-rules';
import { WORLD } from '../apps/api/src/db/seed/base-world.ts';
import SQLite from 'better-sqlite3';
const file = process.argv[2] ?? '';
if (!file) throw new Error('usage: npx tsx bench/high-demand.ts <seeded sqlite file>');
const raw = new SQLite(file);
const range = raw.prepare('select min(created_at) a, max(created_at) b, count(*) n from orders').get() as any;
console.log(range);
const since = new Date(Date.now() - 28 * 86400000).toISOString();
console.log('window orders', raw.prepare('select count(*) n from orders where created_at >= ?').get(since));
raw.close();
const db = createDb({ kind: 'sqlite', file } as any);
const f = { distributorId: WORLD.distributorId, since, settings };
for (const sort of ['daysOfCover', 'velocity', 'suggested'] as const) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const r = await listHighDemand(db, f, { sort, dir: 'asc' }, { offset: 0, limit: 25 });
    times.push(performance.now() - t);
    total = r.total;
  }
  console.log('listHighDemand', sort, 'total', total, 'ms', times.map((x) => x.toFixed(1)).join(' '));
}
{
  const t = performance.now();
  const r = await highDemandByVendor(db, f);
  console.log('byVendor', r.length, (performance.now() - t).toFixed(1));
}
await db.destroy();
