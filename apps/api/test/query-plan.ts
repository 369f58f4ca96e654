// The plan the database chooses for a query, as text, for tests that check a read is served by an index.
import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../src/db/database.ts';

class RolledBack extends Error {}

/**
 * SQLite's `explain query plan` details, or PostgreSQL's `explain` lines. The tests' tables are small,
 * so on PostgreSQL sequential and bitmap scans are turned off for the statement: the plan then shows
 * which index can serve the read. `hiding` names PostgreSQL indexes dropped for the explain (and
 * restored: the transaction is rolled back) where, on a few rows, the planner would pick another index
 * than it picks at size.
 */
export async function queryPlan(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  query: CompiledQuery,
  opts: { hiding?: string[] } = {},
): Promise<string> {
  const text = inline(query.sql, query.parameters);
  let plan = '';
  await db
    .transaction()
    .execute(async (trx) => {
      if (dialect === 'sqlite') {
        const rows = await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(trx);
        plan = rows.rows.map((r) => r.detail).join('\n');
      } else {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        for (const index of opts.hiding ?? []) await sql`drop index ${sql.ref(index)}`.execute(trx);
        const rows = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${text}`).execute(trx);
        plan = rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      }
      throw new RolledBack();
    })
    .catch((e: unknown) => {
      if (!(e instanceof RolledBack)) throw e;
    });
  return plan;
}

/** The statement with its values written in, for EXPLAIN (which takes no parameters on PostgreSQL). */
function inline(text: string, parameters: readonly unknown[]): string {
  let i = 0;
  return text.replace(/\?|\$\d+/g, () => {
    const v = parameters[i++];
    return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  });
}
