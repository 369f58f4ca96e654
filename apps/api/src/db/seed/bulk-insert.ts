// Fast multi-row inserts for the seed, on SQLite and PostgreSQL alike.
// Rows are buffered as value arrays and written in chunks as large as the dialect's
// bound-parameter limit allows (SQLite 32766, PostgreSQL 65535). The SQL of a full chunk is
// compiled once by Kysely (so quoting and placeholders are the dialect's own) and reused.
import { CompiledQuery, SqliteAdapter } from 'kysely';
import type { DbOrTrx } from '../database.ts';
import type { Database } from '../schema.ts';

export interface BulkInserter<T extends keyof Database> {
  readonly table: T;
  /** Rows written so far (flushed or buffered). */
  readonly count: number;
  /** True when at least one full chunk is buffered. */
  readonly hasFullChunk: boolean;
  /** Buffers one row; values in the order of `columns`. */
  add(values: unknown[]): void;
  /** Writes every full chunk now buffered. */
  drain(): Promise<void>;
  /** Writes everything buffered. */
  finish(): Promise<void>;
}

export function maxParameters(db: DbOrTrx): number {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 32_000 : 65_000;
}

export function bulkInserter<T extends keyof Database>(
  db: DbOrTrx,
  table: T,
  columns: readonly (keyof Database[T] & string)[],
): BulkInserter<T> {
  const width = columns.length;
  const chunkRows = Math.max(1, Math.floor(maxParameters(db) / width));
  const sqlCache = new Map<number, string>();
  let buffer: unknown[] = [];
  let count = 0;

  const sqlFor = (rows: number): string => {
    let text: string | undefined = sqlCache.get(rows);
    if (!text) {
      const row = Object.fromEntries(columns.map((c) => [c, 0]));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const compiled = (db as any)
        .insertInto(table)
        .values(Array.from({ length: rows }, () => row))
        .compile();
      if (compiled.parameters.length !== rows * width) throw new Error(`bulk insert into ${table}: unexpected parameter count`);
      text = compiled.sql as string;
      // Only the full-chunk statement repeats; partial chunks are compiled once each.
      if (rows === chunkRows) sqlCache.set(rows, text);
    }
    return text;
  };

  const write = async (values: unknown[]): Promise<void> => {
    const rows = values.length / width;
    await db.executeQuery(CompiledQuery.raw(sqlFor(rows), values));
  };

  const flush = async (all: boolean): Promise<void> => {
    const chunk = chunkRows * width;
    let offset = 0;
    while (buffer.length - offset >= chunk) {
      await write(buffer.slice(offset, offset + chunk));
      offset += chunk;
    }
    if (all && buffer.length > offset) {
      await write(buffer.slice(offset));
      offset = buffer.length;
    }
    buffer = offset === buffer.length ? [] : buffer.slice(offset);
  };

  return {
    table,
    get count() {
      return count;
    },
    get hasFullChunk() {
      return buffer.length >= chunkRows * width;
    },
    add(values) {
      if (values.length !== width) throw new Error(`bulk insert into ${table}: expected ${width} values, got ${values.length}`);
      for (let i = 0; i < width; i++) buffer.push(values[i]);
      count++;
    },
    drain: () => flush(false),
    finish: () => flush(true),
  };
}

/** Inserts row objects (all with the same keys) in chunks. */
export async function insertRows<T extends keyof Database>(
  db: DbOrTrx,
  table: T,
  rows: readonly Partial<Record<keyof Database[T] & string, unknown>>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!) as (keyof Database[T] & string)[];
  const inserter = bulkInserter(db, table, columns);
  for (const row of rows) inserter.add(columns.map((c) => row[c]));
  await inserter.finish();
}
