// A write transaction that queues instead of failing under concurrency.
// PostgreSQL: an ordinary transaction; callers lock the rows they change (select … for update,
// conditional updates) in a fixed order.
// SQLite: group commit. Every write runs on the one connection, one at a time, so writes that arrive
// while one is running wait anyway; they are then run together in ONE transaction (BEGIN IMMEDIATE,
// so the write lock is taken up front), each inside its own savepoint, and committed once. A write
// that throws is rolled back to its savepoint and fails alone; the others commit. Nobody is answered
// before the commit that holds their write, so an answered write is stored, and a failed commit fails
// every write of the group. The commit (writing the changed pages to the WAL, now and then a
// checkpoint) was the largest single cost of placing an order: 1.6–2.7 ms, paid once per group now.
import { sql } from 'kysely';
import { dialectOf, writeLogCatchUp, type Db, type DbOrTrx } from '../../db/database.ts';

/** The most writes one commit holds: bounds how long reads queued behind a group wait. */
export const MAX_GROUP = 32;

interface Waiting {
  fn: (trx: DbOrTrx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export type Outcome<T = unknown> = { ok: true; value: T } | { ok: false; error: unknown };

interface WriteQueue {
  waiting: Waiting[];
  running: boolean;
}

const queues = new WeakMap<Db, WriteQueue>();

/**
 * Runs `fn` in a write transaction and answers its result once committed. `fn` must use only `trx`,
 * must not call withWriteTransaction itself (on SQLite it would wait for the group it is part of), and
 * should not wait for anything but the database: the whole group holds the one connection meanwhile.
 */
export function withWriteTransaction<T>(db: Db, fn: (trx: DbOrTrx) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') return db.transaction().execute(fn);
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], running: false };
    queues.set(db, queue);
  }
  const q = queue;
  return new Promise<T>((resolve, reject) => {
    q.waiting.push({ fn, resolve: resolve as (value: unknown) => void, reject });
    if (q.running) return;
    q.running = true;
    // SQLite queries run synchronously: a write started right away would run to its commit before the
    // server even reads the next request. Starting after this turn's I/O lets the writes of every
    // request that arrived meanwhile join the group.
    setImmediate(() => void drain(db, q));
  });
}

async function drain(db: Db, queue: WriteQueue): Promise<void> {
  try {
    while (queue.waiting.length > 0) {
      // A long write-ahead log is copied back first, by the checkpointer's thread (db/checkpointer.ts).
      const catchingUp = writeLogCatchUp(db);
      if (catchingUp) await catchingUp;
      await runGroup(db, queue);
    }
  } finally {
    queue.running = false;
  }
}

/** Runs the writes waiting once the connection is ours, and answers each of them after the commit. */
async function runGroup(db: Db, queue: WriteQueue): Promise<void> {
  let group: Waiting[] = [];
  let outcomes: Outcome[];
  try {
    // db.connection() holds Kysely's single SQLite connection for the whole group, so every query
    // inside runs on it, in this transaction, while other requests wait for the connection. The group
    // is taken once the connection is ours: writes that arrived meanwhile join it.
    outcomes = await db.connection().execute(async (conn) => {
      group = queue.waiting.splice(0, MAX_GROUP);
      await sql`begin immediate`.execute(conn);
      try {
        const done = await eachInSavepoint(
          conn,
          group.map((w) => w.fn),
          nextTurn,
        );
        await sql`commit`.execute(conn);
        return done;
      } catch (error) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw error;
      }
    });
  } catch (error) {
    // Nothing of the group was committed.
    outcomes = group.map(() => ({ ok: false, error }));
  }
  group.forEach((w, i) => {
    const o = outcomes[i]!;
    if (o.ok) w.resolve(o.value);
    else w.reject(o.error);
  });
}

/**
 * SQLite's queries run synchronously, so a group of writes (up to MAX_GROUP orders) would hold the event
 * loop from its first write to its commit, and no other request, timer or answer would be served
 * meanwhile. Between two writes of a group the loop takes a turn: requests that need no query are
 * answered, the others wait for the connection as before, and writes that arrive join the next group.
 */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs the writes one after the other in the open transaction, each in its own savepoint: a write that
 * throws is undone alone and answers its error. If the database has already ended the transaction (an
 * I/O error), the rollback to the savepoint throws and so does this: then nothing is committed.
 */
async function eachInSavepoint<T>(
  trx: DbOrTrx,
  fns: readonly ((trx: DbOrTrx) => Promise<T>)[],
  between?: () => Promise<void>,
): Promise<Outcome<T>[]> {
  const done: Outcome<T>[] = [];
  for (const [i, fn] of fns.entries()) {
    if (i > 0 && between) await between();
    await sql`savepoint portal_write`.execute(trx);
    try {
      done.push({ ok: true, value: await fn(trx) });
    } catch (error) {
      await sql`rollback to portal_write`.execute(trx);
      done.push({ ok: false, error });
    }
    await sql`release portal_write`.execute(trx);
  }
  return done;
}

/**
 * PostgreSQL: several writes in ONE transaction, each in its own savepoint (as SQLite's group commit runs
 * them), then `finish` (writes the batch shares, after all of them), answered after the commit: a write
 * that throws fails alone, a failed `finish` or commit fails them all. For a batch of like writes (a bulk
 * move): one commit instead of one each. Not for SQLite, where one group holds the event loop until it
 * commits: there each write goes through withWriteTransaction.
 */
export async function withWriteBatch<T>(
  db: Db,
  fns: readonly ((trx: DbOrTrx) => Promise<T>)[],
  finish?: (trx: DbOrTrx) => Promise<void>,
): Promise<Outcome<T>[]> {
  if (dialectOf(db) !== 'postgres') throw new Error('withWriteBatch is for PostgreSQL');
  try {
    return await db.transaction().execute(async (trx) => {
      const done = await eachInSavepoint(trx, fns);
      if (finish) await finish(trx);
      return done;
    });
  } catch (error) {
    return fns.map(() => ({ ok: false as const, error }));
  }
}
