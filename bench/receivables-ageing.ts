// The office's ageing list at a large distributor's size (issue 18 §7): 2,000 stores with 100 invoices
// each (200,000 debits) over two years and payments that leave each store owing its last few invoices.
// Times the ageing service (all its SQL and in-memory work: the part that holds the event loop on SQLite)
// for the default view, a sort by 90+, a route filter and the CSV. Run: `npx tsx bench/receivables-ageing.ts`
// (about a minute, most of it inserting). Target: each answer < 200 ms, nothing holding the loop > 50 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Insertable } from 'kysely';
import type { ReceivableEntryTable } from '../apps/api/src/db/schema.ts';
import { createDb } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { createBaseWorld, WORLD } from '../apps/api/src/db/seed/base-world.ts';
import { ageingQuery, ageingExportQuery } from '../packages/shared/src/receivables/receivables.schemas.ts';
import { ageingCsv, ageingList } from '../apps/api/src/modules/receivables/ledger.service.ts';
import { listAgeingStores, sumOpenDebits } from '../apps/api/src/modules/receivables/ledger.repository.ts';
import { bucketStarts } from '../packages/shared/src/receivables/ageing.ts';
import type { Actor } from '../apps/api/src/platform/auth/actor.ts';

const STORES = Number(process.env.STORES ?? 2000);
const INVOICES = 100;
const dir = mkdtempSync(path.join(tmpdir(), 'portal-ageing-bench-'));
const db = createDb({ kind: 'sqlite', file: path.join(dir, 'bench.sqlite') });

try {
  await migrateToLatest(db, 'sqlite');
  await createBaseWorld(db);
  const t0 = performance.now();
  const start = Date.now() - 730 * 86_400_000;
  for (let s = 0; s < STORES; s++) {
    const id = `bench-${s}`;
    let owed = 0;
    const rows: Insertable<ReceivableEntryTable>[] = [];
    for (let i = 0; i < INVOICES; i++) {
      const cents = 5_000 + ((s * 7 + i * 13) % 50_000);
      owed += cents;
      rows.push({
        id: `${id}-i${i}`,
        customer_id: id,
        kind: 'invoice' as const,
        order_id: null,
        reference: `INV-${s}-${i}`,
        amount_cents: cents,
        note: null,
        created_at: new Date(start + i * 7.3 * 86_400_000).toISOString(),
      });
    }
    // Paid all but the last (s % 6) invoices.
    const unpaid = rows.slice(INVOICES - (s % 6)).reduce((sum, r) => sum + r.amount_cents, 0);
    rows.push({
      ...rows[0]!,
      id: `${id}-p`,
      kind: 'payment' as const,
      reference: 'PAY',
      amount_cents: -(owed - unpaid),
      created_at: new Date().toISOString(),
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('customers')
        .values({
          id,
          distributor_id: WORLD.distributorId,
          warehouse_id: 'wh-1',
          c_number: String(20000 + s),
          contact_name: `Owner ${s}`,
          company_name: `Bench Store ${s}`,
          address: null,
          city: null,
          state: null,
          zip: null,
          phone: null,
          email: null,
          balance_cents: unpaid,
          order_day: 1,
          route_number: String(100 + (s % 40)),
          stop_number: '1',
          sales_rep_id: s % 2 ? 'rep-1' : 'rep-2',
          price_level: 1,
          min_order_cents: null,
          item_limit_qty: null,
          is_active: 1,
          created_at: new Date(start).toISOString(),
        })
        .execute();
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('receivable_entries')
          .values(rows.slice(i, i + 200))
          .execute();
    });
  }
  console.log(
    `inserted ${STORES} stores, ${STORES * (INVOICES + 1)} entries in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  await sql`analyze`.execute(db);
  if (process.env.EXPLAIN) {
    const plan = await sql<{
      detail: string;
    }>`explain query plan select e.customer_id from customers c cross join receivable_entries e
      where e.customer_id = c.id and c.distributor_id = ${WORLD.distributorId} and c.balance_cents > 0 and e.debit_through_cents > c.ledger_debits_cents - c.balance_cents`.execute(
      db,
    );
    console.log(plan.rows.map((r) => r.detail).join('\n'));
  }
  const actor = { distributorId: WORLD.distributorId } as Actor;
  const time = async (label: string, run: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      await run();
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(`${label.padEnd(36)} median ${ms[7]!.toFixed(1)} ms, max ${ms[14]!.toFixed(1)} ms`);
  };
  if (process.env.EXPLAIN) {
    const f = { distributorId: WORLD.distributorId, owingOnly: true };
    await time('  stores query', () => listAgeingStores(db, f));
    const today = new Date().toISOString().slice(0, 10);
    await time('  open debits summed per bucket', () => sumOpenDebits(db, f, bucketStarts(today)));
  }
  await time('ageing, default view (owing)', () => ageingList(db, actor, ageingQuery.parse({})));
  await time('ageing, all stores, sort 90+', () => ageingList(db, actor, ageingQuery.parse({ show: 'all', sort: 'days90plus' })));
  await time('ageing, route 105, past due', () => ageingList(db, actor, ageingQuery.parse({ route: '105', show: 'pastDue' })));
  await time('ageing CSV, all stores', () => ageingCsv(db, actor, ageingExportQuery.parse({ show: 'all' })));
  const list = await ageingList(db, actor, ageingQuery.parse({ show: 'all' }));
  console.log(`stores ${list.total}, owed ${list.totals.total / 100}, past due ${list.totals.pastDue / 100}`);
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
