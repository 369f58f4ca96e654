// The background checkpointer copies the write-ahead log into the database file off the event loop.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKSTOP_PAGES, startCheckpointer } from './checkpointer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('startCheckpointer', () => {
  it('copies committed pages into the database file, so the log starts over, without the server connection checkpointing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-ckpt-'));
    dirs.push(dir);
    const file = path.join(dir, 'db.sqlite');
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table t (x blob)');
    const checkpointer = startCheckpointer(sqlite, file, 20);
    try {
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_PAGES);
      const insert = sqlite.prepare('insert into t values (randomblob(3000))');
      const sizeBefore = statSync(file).size;
      sqlite.transaction(() => {
        for (let i = 0; i < 2_000; i++) insert.run();
      })();
      // Below the backstop, the server's connection did not copy anything itself.
      expect(statSync(file).size).toBe(sizeBefore);
      await until(() => statSync(file).size > sizeBefore + 2_000 * 3_000);
      // Everything was copied: the next write starts the log over instead of growing it.
      insert.run();
      const [state] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
      expect(state!.log).toBeLessThan(10);
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
    const reopened = new SQLite(file, { readonly: true });
    expect((reopened.prepare('select count(*) as n from t').get() as { n: number }).n).toBe(2_001);
    reopened.close();
  });
});
