// The background reader (background-reads.ts): long reads on SQLite run in a thread of their own,
// see what is committed, and leave the event loop free. Isolated: it times the event loop.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../../test/helper.ts';
import { readInBackground, readInBackgroundInChunks, startBackgroundReader, useBackgroundReader } from './background-reads.ts';
import { createDb, type Db } from './database.ts';

// A read that takes a few hundred milliseconds on this machine: counting through a recursive series.
const slowCount = sql<{ n: number }>`
  with recursive s(i) as (select 1 union all select i + 1 from s where i < 3000000) select count(*) as n from s
`;

describe.skipIf(usePostgres)('background reads (SQLite)', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-reads-'));
    db = createDb({ kind: 'sqlite', file: path.join(dir, 'reads.sqlite') }, { backgroundReads: true });
    await sql`create table t (id integer primary key, name text not null)`.execute(db);
    await sql`insert into t (id, name) values (1, 'one'), (2, 'two')`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers what the connection itself answers, parameters bound', async () => {
    const q = sql<{ id: number; name: string }>`select id, name from t where id >= ${1} order by id`.compile(db);
    expect(await readInBackground(db, q)).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
    expect(await readInBackground(db, q)).toEqual((await db.executeQuery(q)).rows);
  });

  it('sees a write as soon as it is committed, and inside a transaction reads the transaction', async () => {
    await sql`insert into t (id, name) values (3, 'three')`.execute(db);
    const count = sql<{ n: number }>`select count(*) as n from t`;
    expect(await readInBackground(db, count.compile(db))).toEqual([{ n: 3 }]);
    await db.transaction().execute(async (trx) => {
      await sql`insert into t (id, name) values (4, 'four')`.execute(trx);
      expect(await readInBackground(trx, count.compile(trx))).toEqual([{ n: 4 }]);
    });
    expect(await readInBackground(db, count.compile(db))).toEqual([{ n: 4 }]);
  });

  it('hands a long answer over a chunk at a time, in order', async () => {
    const series = sql<{
      i: number;
    }>`with recursive s(i) as (select 1 union all select i + 1 from s where i < 5) select i from s`;
    const chunks: number[][] = [];
    for await (const rows of readInBackgroundInChunks(db, series.compile(db), 2)) chunks.push(rows.map((r) => r.i));
    expect(chunks).toEqual([[1, 2], [3, 4], [5]]);
    const failing = readInBackgroundInChunks(db, sql`select * from no_such_table`.compile(db), 2);
    await expect(failing.next()).rejects.toThrow('no such table: no_such_table');
  });

  it('rejects with the database error, and the next read still works', async () => {
    await expect(readInBackground(db, sql`select * from no_such_table`.compile(db))).rejects.toThrow(
      'no such table: no_such_table',
    );
    expect(await readInBackground(db, sql<{ one: number }>`select 1 as one`.compile(db))).toEqual([{ one: 1 }]);
  });

  it('runs the read on the connection itself when the thread cannot serve it', async () => {
    const other = createDb({ kind: 'sqlite', file: path.join(dir, 'other.sqlite') });
    await sql`create table t (id integer primary key)`.execute(other);
    await sql`insert into t (id) values (7)`.execute(other);
    // A thread whose connection cannot open (no such folder) ends at once.
    useBackgroundReader(other, startBackgroundReader(path.join(dir, 'missing', 'x.sqlite')));
    const q = sql<{ id: number }>`select id from t`.compile(other);
    expect(await readInBackground(other, q)).toEqual([{ id: 7 }]);
    const chunks = [];
    for await (const rows of readInBackgroundInChunks(other, q)) chunks.push(rows);
    expect(chunks).toEqual([[{ id: 7 }]]);
    await other.destroy();
  });

  it('leaves the event loop free while a long read runs', async () => {
    const compiled = slowCount.compile(db);
    // The same read on the connection itself holds the loop for its whole length: the yardstick.
    const t0 = performance.now();
    await db.executeQuery(compiled);
    const inline = performance.now() - t0;
    expect(inline).toBeGreaterThan(150);

    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const t = performance.now();
      longestGap = Math.max(longestGap, t - last);
      last = t;
    }, 5);
    const rows = await readInBackground(db, compiled);
    clearInterval(ticker);
    longestGap = Math.max(longestGap, performance.now() - last); // since the last tick, to the answer
    expect(rows).toEqual([{ n: 3000000 }]);
    expect(longestGap).toBeLessThan(Math.min(50, inline / 2));
  });

  it.skipIf(availableParallelism() < 2)('answers a short read while another thread runs a long one', async () => {
    const order: string[] = [];
    const long = readInBackground(db, slowCount.compile(db)).then(() => order.push('long'));
    const short = readInBackground(db, sql<{ one: number }>`select 1 as one`.compile(db)).then(() => order.push('short'));
    await Promise.all([long, short]);
    expect(order).toEqual(['short', 'long']);
  });
});
