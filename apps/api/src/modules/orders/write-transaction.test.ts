// Group commit (SQLite) and plain transactions (PostgreSQL) behind withWriteTransaction: a write that
// fails is undone alone, the others are stored, and nobody is answered before their write is committed.
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, usePostgres, type TestContext } from '../../../test/helper.ts';
import type { DbOrTrx } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { withWriteBatch, withWriteTransaction } from './write-transaction.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const insert = (trx: DbOrTrx, name: string) => trx.insertInto('sequences').values({ name, value: 1 }).execute();
const storedNames = async (prefix: string) =>
  (await ctx.db.selectFrom('sequences').select('name').where('name', 'like', `${prefix}%`).orderBy('name').execute()).map(
    (r) => r.name,
  );

describe('withWriteTransaction', () => {
  it('undoes a write that fails and stores the ones beside it', async () => {
    const refused = new AppError('NOPE', 'Refused', { status: 400 });
    const results = await Promise.allSettled([
      withWriteTransaction(ctx.db, async (trx) => {
        await insert(trx, 'fail-a');
        return 'a';
      }),
      withWriteTransaction(ctx.db, async (trx) => {
        await insert(trx, 'fail-b');
        throw refused;
      }),
      withWriteTransaction(ctx.db, async (trx) => {
        await insert(trx, 'fail-c');
        return 'c';
      }),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'a' },
      { status: 'rejected', reason: refused },
      { status: 'fulfilled', value: 'c' },
    ]);
    expect(await storedNames('fail-')).toEqual(['fail-a', 'fail-c']);
  });

  it('a database error in one write (a duplicate key) fails that write only', async () => {
    await insert(ctx.db, 'dup-existing');
    const results = await Promise.allSettled([
      withWriteTransaction(ctx.db, (trx) => insert(trx, 'dup-existing')),
      withWriteTransaction(ctx.db, (trx) => insert(trx, 'dup-new')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(await storedNames('dup-')).toEqual(['dup-existing', 'dup-new']);
  });

  it('lets the event loop turn between the writes of a group', async () => {
    const events: string[] = [];
    const write = (name: string) =>
      withWriteTransaction(ctx.db, async (trx) => {
        await insert(trx, name);
        events.push(name);
        // Due on the loop's next turn: SQLite's group runs it before the group's next write.
        if (name === 'turn-a') setImmediate(() => events.push('timer'));
      });
    await Promise.all([write('turn-a'), write('turn-b'), write('turn-c')]);
    // PostgreSQL runs each write in its own transaction, answered as the server replies: no order to check.
    if (!usePostgres) expect(events).toEqual(['turn-a', 'timer', 'turn-b', 'turn-c']);
    expect(await storedNames('turn-')).toEqual(['turn-a', 'turn-b', 'turn-c']);
  });

  describe.skipIf(!usePostgres)('PostgreSQL: a batch in one transaction', () => {
    it('answers each write; a database error fails that write only, the others are stored', async () => {
      await insert(ctx.db, 'batch-existing');
      const outcomes = await withWriteBatch(ctx.db, [
        async (trx) => {
          await insert(trx, 'batch-a');
          return 'a';
        },
        async (trx) => {
          await insert(trx, 'batch-b');
          await insert(trx, 'batch-existing');
          return 'b';
        },
        async (trx) => {
          await insert(trx, 'batch-c');
          return 'c';
        },
      ]);
      expect(outcomes.map((o) => (o.ok ? o.value : 'failed'))).toEqual(['a', 'failed', 'c']);
      expect(await storedNames('batch-')).toEqual(['batch-a', 'batch-c', 'batch-existing']);
    });
  });

  it.skipIf(usePostgres)('SQLite: a batch is refused (one group would hold the event loop to its commit)', async () => {
    await expect(withWriteBatch(ctx.db, [])).rejects.toThrow('withWriteBatch is for PostgreSQL');
  });

  describe.skipIf(usePostgres)('SQLite: group commit', () => {
    it('runs writes that arrive together in one transaction, committed before anyone is answered', async () => {
      const file = (ctx.config.database as { file: string }).file;
      const other = new SQLite(file, { readonly: true });
      try {
        const seenBy: DbOrTrx[] = [];
        const storedWhenAnswered: number[] = [];
        const writes = ['group-1', 'group-2', 'group-3'].map((name) =>
          withWriteTransaction(ctx.db, async (trx) => {
            seenBy.push(trx);
            await insert(trx, name);
            return name;
          }).then((answer) => {
            // Another connection sees the row the moment the write is answered: it was committed.
            storedWhenAnswered.push(
              (other.prepare('select count(*) as n from sequences where name = ?').get(answer) as { n: number }).n,
            );
          }),
        );
        await Promise.all(writes);
        expect(new Set(seenBy).size).toBe(1);
        expect(storedWhenAnswered).toEqual([1, 1, 1]);
      } finally {
        other.close();
      }
    });

    it('a write that arrives while a group runs goes into the next one', async () => {
      let later: Promise<string> | undefined;
      const first = withWriteTransaction(ctx.db, async (trx) => {
        later = withWriteTransaction(ctx.db, async (t) => {
          await insert(t, 'next-2');
          return 'second';
        });
        await insert(trx, 'next-1');
        return 'first';
      });
      expect(await first).toBe('first');
      expect(await later).toBe('second');
      expect(await storedNames('next-')).toEqual(['next-1', 'next-2']);
    });

    it('leaves no transaction open after a group, so the next plain write commits by itself', async () => {
      await withWriteTransaction(ctx.db, (trx) => insert(trx, 'open-1'));
      await insert(ctx.db, 'open-2');
      const { rows } = await sql<{ n: number }>`select count(*) as n from sequences where name like 'open-%'`.execute(ctx.db);
      expect(rows[0]!.n).toBe(2);
      const file = (ctx.config.database as { file: string }).file;
      const other = new SQLite(file, { readonly: true });
      expect((other.prepare(`select count(*) as n from sequences where name like 'open-%'`).get() as { n: number }).n).toBe(2);
      other.close();
    });
  });
});
