// The background checkpointer copies the write-ahead log into the database file off the event loop.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKSTOP_PAGES, CATCH_UP_PAGES, startCheckpointer } from './checkpointer.ts';
import { createDb, writeLogCatchUp } from './database.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A database file in WAL mode with one table, and a checkpointer every 20 ms. */
function walDatabase() {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-ckpt-'));
  dirs.push(dir);
  const file = path.join(dir, 'db.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec('create table t (x blob)');
  return { file, sqlite, checkpointer: startCheckpointer(sqlite, file, 20) };
}

describe('startCheckpointer', () => {
  it('copies committed pages into the database file, so the log starts over, without the server connection checkpointing', async () => {
    const { file, sqlite, checkpointer } = walDatabase();
    // NOOP reports the log's pages and how many are copied into the file, without copying any.
    const log = () => (sqlite.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[])[0]!;
    try {
      // The server's connection would checkpoint only past BACKSTOP_PAGES: the 2,000 pages below are
      // copied by the worker or by no one.
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_PAGES);
      const insert = sqlite.prepare('insert into t values (randomblob(3000))');
      const sizeBefore = statSync(file).size;
      sqlite.transaction(() => {
        for (let i = 0; i < 2_000; i++) insert.run();
      })();
      expect(log().log).toBeGreaterThan(1_000);
      await until(() => {
        const state = log();
        return state.checkpointed === state.log;
      });
      expect(statSync(file).size).toBeGreaterThan(sizeBefore + 2_000 * 3_000);
      // Everything was copied: a next write starts the log over instead of growing it.
      await until(() => {
        insert.run();
        return log().log < 10;
      });
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
    const reopened = new SQLite(file, { readonly: true });
    expect((reopened.prepare('select count(*) as n from t').get() as { n: number }).n).toBeGreaterThan(2_000);
    reopened.close();
  });

  it('says when the log has passed CATCH_UP_PAGES, and catches up when asked, so the next write starts it over', async () => {
    const { sqlite, checkpointer } = walDatabase();
    try {
      const insert = sqlite.prepare('insert into t values (randomblob(3000))');
      expect(checkpointer.behind()).toBe(false);
      sqlite.transaction(() => {
        for (let i = 0; i < CATCH_UP_PAGES + 100; i++) insert.run();
      })();
      // The worker's next round reports the long log.
      await until(() => checkpointer.behind());
      await checkpointer.catchUp();
      const state = (sqlite.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[])[0]!;
      expect(state.checkpointed).toBe(state.log);
      // Everything is copied: nothing is behind until the next write, which starts the log over, and the
      // next report says so.
      expect(checkpointer.behind()).toBe(false);
      insert.run();
      await until(() => !checkpointer.behind());
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
    // Stopped: nothing is behind, and asking to catch up does not wait.
    expect(checkpointer.behind()).toBe(false);
    await checkpointer.catchUp();
  });

  it("is what writeLogCatchUp asks of a server database's writes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-ckpt-'));
    dirs.push(dir);
    const db = createDb({ kind: 'sqlite', file: path.join(dir, 'db.sqlite') }, { backgroundCheckpoints: true });
    try {
      await sql`create table t (x blob)`.execute(db);
      expect(writeLogCatchUp(db)).toBeUndefined();
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < CATCH_UP_PAGES + 100; i++) await sql`insert into t values (randomblob(3000))`.execute(trx);
      });
      let catchingUp: Promise<void> | undefined;
      await until(() => (catchingUp = writeLogCatchUp(db)) !== undefined);
      await catchingUp;
      await sql`insert into t values (1)`.execute(db);
      await until(() => writeLogCatchUp(db) === undefined);
    } finally {
      await db.destroy();
    }
  });
});
