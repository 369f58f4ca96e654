// The plan the database chooses for a query, as text, for tests that check a read is served by an index.
import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../src/db/database.ts';

/**
 * SQLite's `explain query plan` details, or PostgreSQL's `explain` lines. The tests' tables are small,
 * so on PostgreSQL sequential and bitmap scans are turned off for the statement: the plan then shows
 * which index can serve the read and whether it serves it alone (an index-only scan).
 */
export async function queryPlan(db: Db, dialect: 'sqlite' | 'postgres', query: CompiledQuery): Promise<string> {
  const text = inline(query.sql, query.parameters);
  return db.transaction().execute(async (trx) => {
    if (dialect === 'sqlite') {
      const rows = await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(trx);
      return rows.rows.map((r) => r.detail).join('\n');
    }
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const rows = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${text}`).execute(trx);
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** The statement with its values written in, for EXPLAIN (which takes no parameters on PostgreSQL). */
function inline(text: string, parameters: readonly unknown[]): string {
  let i = 0;
  return text.replace(/\?|\$\d+/g, () => {
    const v = parameters[i++];
    return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  });
}
