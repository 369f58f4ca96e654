// Long reads off the event loop (docs/operations.md, "Long reads"). better-sqlite3 runs every query
// on the server's one thread: a report that groups half a million roll-up rows held every request,
// orders included, for as long as it ran. On SQLite the few reads that may take that long (reports,
// the dashboard, ageing, high demand) go to a worker thread with its own read-only connection to the
// same file; in write-ahead-log mode it reads the last committed state, as a second server would.
// Inside a transaction, on PostgreSQL (whose reads already wait off the loop) and where no thread
// was started (tests, scripts), the query runs on the caller's connection.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery, Kysely, Transaction } from 'kysely';

interface Pending {
  /** each chunk of rows as it arrives, `done` with the last */
  onRows: (rows: unknown[], done: boolean) => void;
  reject: (err: Error) => void;
}

export interface BackgroundReader {
  /** Runs the query; with `chunk`, hands over its rows `chunk` at a time to `onRows`. */
  run(sql: string, parameters: readonly unknown[], onRows: Pending['onRows'], chunk?: number): Promise<void>;
  /** Asks the thread to close its connection and end; resolves when it has. */
  stop(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any> | Transaction<any>;

const readers = new WeakMap<object, BackgroundReader>();

/** How many threads read at most: two office users' reports (or one dashboard's sums) side by side. */
const MAX_THREADS = Math.min(2, availableParallelism());

/**
 * A reader for the database file. Its threads start with the reads that need them (the first read
 * starts one; a read arriving while every thread is busy starts another, up to MAX_THREADS) and end
 * with `stop`. Each read goes to the thread with the fewest reads waiting.
 */
export function startBackgroundReader(file: string): BackgroundReader {
  const threads: Thread[] = [];
  let stopped = false;
  return {
    run(sql, parameters, onRows, chunk) {
      if (stopped) return Promise.reject(new ReaderStopped());
      let thread = threads.reduce<Thread | undefined>((best, t) => (best && best.waiting() <= t.waiting() ? best : t), undefined);
      if (!thread || (thread.waiting() > 0 && threads.length < MAX_THREADS)) {
        thread = startThread(file);
        threads.push(thread);
      }
      return thread.run(sql, parameters, onRows, chunk);
    },
    async stop() {
      stopped = true;
      await Promise.all(threads.map((t) => t.stop()));
    },
  };
}

/** The thread is gone (it failed, or the database is closing): the read runs on the caller's connection. */
class ReaderStopped extends Error {
  constructor() {
    super('The background reader has stopped.');
  }
}

interface Thread extends BackgroundReader {
  /** reads sent to the thread and not answered yet */
  waiting(): number;
}

function startThread(file: string): Thread {
  // No execArgv: the thread is plain JavaScript and must not load what the server was started with.
  const worker = new Worker(new URL('./background-reads-worker.mjs', import.meta.url), { workerData: { file }, execArgv: [] });
  worker.unref();
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let dead: Error | null = null;
  const failAll = (err: Error) => {
    dead = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('message', (m: { id: number; rows?: unknown[]; done?: boolean; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    if (m.error !== undefined || m.done) {
      pending.delete(m.id);
      if (pending.size === 0) worker.unref();
    }
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.onRows(m.rows ?? [], m.done === true);
  });
  worker.on('error', () => failAll(new ReaderStopped()));
  worker.on('exit', () => failAll(new ReaderStopped()));
  return {
    waiting: () => pending.size,
    run(sql, parameters, onRows, chunk) {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        pending.set(id, {
          onRows: (rows, done) => {
            try {
              onRows(rows, done);
            } catch (err) {
              reject(err as Error);
            }
            if (done) resolve();
          },
          reject,
        });
        worker.ref(); // keep the process alive while a read is out
        worker.postMessage({ id, sql, parameters, chunk });
      });
    },
    stop() {
      if (dead) return Promise.resolve();
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      return exited;
    },
  };
}

/** Hands the database's long reads to `reader` from now on (database.ts, when the server starts). */
export function useBackgroundReader(db: AnyDb, reader: BackgroundReader): void {
  readers.set(db.getExecutor().adapter, reader);
}

/** The reader serving this database, unless `db` is a transaction (which must read its own writes). */
function readerFor(db: AnyDb): BackgroundReader | undefined {
  // The adapter is the same object for a database and its transactions (database.ts, databaseOf).
  return db.isTransaction ? undefined : readers.get(db.getExecutor().adapter);
}

/** The query on the caller's connection, its rows handed over `size` at a time. */
async function* inThreadChunks<R>(db: AnyDb, query: CompiledQuery<R>, size: number): AsyncGenerator<R[]> {
  const rows = (await db.executeQuery(query)).rows;
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Runs a SELECT off the event loop where a background reader serves this database, else on the
 * caller's connection. Only for reads that need not see the caller's own uncommitted writes: inside
 * a transaction it always runs in the transaction.
 */
export async function readInBackground<R>(db: AnyDb, query: CompiledQuery<R>): Promise<R[]> {
  const reader = readerFor(db);
  if (!reader) return (await db.executeQuery(query)).rows;
  let all: R[] = [];
  try {
    await reader.run(query.sql, query.parameters, (rows) => {
      all = rows as R[];
    });
  } catch (err) {
    if (!(err instanceof ReaderStopped)) throw err;
    return (await db.executeQuery(query)).rows;
  }
  return all;
}

/**
 * Like `readInBackground`, but hands the rows over `size` at a time, for answers too long to take in
 * at once (a copy of every row is work on the event loop too): the loop is free between chunks.
 */
export async function* readInBackgroundInChunks<R>(db: AnyDb, query: CompiledQuery<R>, size = 2000): AsyncGenerator<R[]> {
  const reader = readerFor(db);
  if (!reader) {
    yield* inThreadChunks(db, query, size);
    return;
  }
  const chunks: R[][] = [];
  let wake: (() => void) | null = null;
  let finished = false;
  let failure: Error | null = null as Error | null;
  reader
    .run(
      query.sql,
      query.parameters,
      (rows, done) => {
        if (rows.length > 0) chunks.push(rows as R[]);
        finished = done;
        wake?.();
      },
      size,
    )
    .catch((err: Error) => {
      failure = err;
      wake?.();
    });
  let yielded = false;
  for (;;) {
    if (chunks.length > 0) {
      yielded = true;
      yield chunks.shift()!;
      continue;
    }
    if (failure instanceof ReaderStopped && !yielded) {
      yield* inThreadChunks(db, query, size);
      return;
    }
    if (failure) throw failure;
    if (finished) return;
    await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
  }
}
