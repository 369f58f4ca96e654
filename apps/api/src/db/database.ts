// The Kysely instance: SQLite (better-sqlite3) by default, PostgreSQL when DATABASE_URL says so.
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type Compilable,
  type CompiledQuery,
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { attachRowChanges } from './row-changes.ts';
import { startCheckpointer, type Checkpointer } from './checkpointer.ts';
import { startBackgroundReader, useBackgroundReader, type BackgroundReader } from './background-reads.ts';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DbOrTrx = Db | Trx;
export type DialectName = 'sqlite' | 'postgres';

// count(*) and bigint come back as strings from pg: numbers are what the services expect.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface DbOptions {
  /** SQLite: checkpoint the write-ahead log in a background thread (checkpointer.ts). For the long-running server. */
  backgroundCheckpoints?: boolean;
  /** SQLite: run the long reads (`readInBackground`) in a worker thread (background-reads.ts). */
  backgroundReads?: boolean;
}

export function createDb(database: Config['database'], options: DbOptions = {}): Db {
  if (database.kind === 'sqlite') {
    const sqlite = new SQLite(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // Reads through a memory map instead of a read() call per page, a 32 MiB page cache instead of
    // 2 MiB, and sorts in memory: fewer system calls per query on the order and cart paths. The map
    // and the cache stay small because their pages count as the process's resident memory.
    sqlite.pragma('mmap_size = 67108864');
    sqlite.pragma('cache_size = -32768');
    sqlite.pragma('temp_store = MEMORY');
    // Table statistics for the query planner, as SQLite advises for long-lived connections: analyse what
    // lacks them now, then re-check hourly as tables grow. Without them the planner guesses that
    // `distributor_id = ?` is selective and walks every product for a lookup by id (20 ms instead of 0.2).
    sqlite.pragma('optimize=0x10002');
    setInterval(() => {
      if (sqlite.open) sqlite.pragma('optimize');
    }, 3_600_000).unref();
    const onDisk = database.file !== '' && database.file !== ':memory:';
    const checkpointer = options.backgroundCheckpoints && onDisk ? startCheckpointer(sqlite, database.file) : undefined;
    const reader = options.backgroundReads && onDisk ? startBackgroundReader(database.file) : undefined;
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite, [checkpointer, reader]) }),
    });
    if (reader) useBackgroundReader(db, reader);
    if (checkpointer) checkpointers.set(databaseOf(db), checkpointer);
    attachRowChanges(db, sqlite);
    return db;
  }
  // Planner settings for the portal's connections (docs/operations.md, "PostgreSQL"): no parallel query
  // (the reads are many short queries from many users at once; on a small server a query's workers take
  // the cores the other requests wait for, and start more slowly than they help), and index pages priced
  // as the SSD or memory they are read from (random_page_cost 1.1, not 4 as for disks), so that a count
  // reads a small index alone rather than the whole table.
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    options: '-c max_parallel_workers_per_gather=0 -c random_page_cost=1.1',
  });
  if (database.schema) {
    const schema = database.schema;
    pool.on('connect', (client) => {
      client.query(`set search_path to "${schema}", public`).catch(() => undefined);
    });
  }
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * One object per database, the same for the database and its transactions (they share Kysely's
 * adapter): the key for in-process state that may also be read inside a transaction.
 */
export function databaseOf(db: DbOrTrx): object {
  return db.getExecutor().adapter;
}

/**
 * In-process state of one database (the same for its transactions), made on first use and dropped with
 * the database: a property of `databaseOf(db)`, not a WeakMap's value. V8 marks what only a WeakMap's
 * value holds in the pause that ends a full collection whenever it meets the value before its key
 * (ephemerons): a catalogue held that way made those pauses long (docs/performance.md, "What holds").
 */
export function perDatabase<T>(db: DbOrTrx, key: symbol, create: () => T): T {
  const holder = databaseOf(db) as Record<symbol, T | undefined>;
  return (holder[key] ??= create());
}

/** The background checkpointer of each SQLite database that has one (set by createDb). */
const checkpointers = new WeakMap<object, Checkpointer>();

/**
 * SQLite with a background checkpointer: a promise to wait for before the next write when the
 * write-ahead log has grown past CATCH_UP_PAGES (checkpointer.ts), else undefined (at once).
 */
export function writeLogCatchUp(db: DbOrTrx): Promise<void> | undefined {
  const checkpointer = checkpointers.get(databaseOf(db));
  return checkpointer?.behind() ? checkpointer.catchUp() : undefined;
}

/** Which database a Kysely instance talks to (search and locking differ). */
export function dialectOf(db: DbOrTrx): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * better-sqlite3 compiles the SQL on every prepare(), and Kysely prepares every query afresh; the
 * app's queries repeat, so keep the compiled statements of the most recently used SQL texts (compiling
 * was an eighth of the server's time under load). Safe to share: statements run synchronously, one at
 * a time, on the one connection (the app does not stream query results, which would hold one open).
 */
function withStatementCache(
  sqlite: SQLite.Database,
  threads: (Checkpointer | BackgroundReader | undefined)[],
  max = 1000,
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      for (const t of threads) void t?.stop();
      sqlite.close();
    },
    prepare(sqlText) {
      let statement = statements.get(sqlText);
      if (statement)
        statements.delete(sqlText); // set again below, as the most recent
      else statement = sqlite.prepare(sqlText);
      statements.set(sqlText, statement);
      if (statements.size > max) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/**
 * A query built and compiled to SQL once per database, then run with each call's values. Building and
 * compiling a Kysely query costs more than running it on SQLite (about 30 µs against 10 for the guard's
 * session lookup), so the queries every request runs are kept compiled. `build` receives one
 * placeholder per parameter name; each must be used exactly where a value goes.
 */
export function compiledOnce<P extends string, R>(
  names: readonly P[],
  build: (db: DbOrTrx, placeholders: Record<P, string>) => Compilable<R>,
): (db: DbOrTrx, values: Record<P, unknown>) => Promise<R[]> {
  const perDb = new WeakMap<object, { query: CompiledQuery<R>; order: P[] }>();
  const marker = (name: P) => `\u0000param:${name}`;
  return async (db, values) => {
    let compiled = perDb.get(db);
    if (!compiled) {
      const placeholders = Object.fromEntries(names.map((n) => [n, marker(n)])) as Record<P, string>;
      const query = build(db, placeholders).compile();
      const order = query.parameters.map((p) => {
        const name = names.find((n) => marker(n) === p);
        if (!name) throw new Error(`compiledOnce: a parameter that is not a placeholder (${String(p)})`);
        return name;
      });
      compiled = { query, order };
      perDb.set(db, compiled);
    }
    const result = await db.executeQuery<R>({ ...compiled.query, parameters: compiled.order.map((n) => values[n]) });
    return result.rows;
  };
}
