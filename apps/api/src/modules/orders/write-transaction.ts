// A write transaction that queues instead of failing under concurrency.
// SQLite: BEGIN IMMEDIATE on the one connection, so the write lock is taken up front (no SQLITE_BUSY
// upgrade deadlock between readers that later write). PostgreSQL: an ordinary transaction; callers
// lock the rows they change (select … for update, conditional updates) in a fixed order.
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database.ts';
import { dialectOf } from '../catalog/buyer-context.ts';

export async function withWriteTransaction<T>(db: Db, fn: (trx: DbOrTrx) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') return db.transaction().execute(fn);
  // db.connection() holds Kysely's single SQLite connection for the whole callback, so every query
  // inside runs on it, in this transaction, while other requests wait for the connection.
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}
