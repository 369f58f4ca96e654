// Checkpoints of the SQLite write-ahead log in a background thread.
// In WAL mode every commit appends the changed pages to the log, and by default the committing
// connection copies the log back into the database file (and syncs it) once the log passes 1,000
// pages. That copy ran inside a commit on the server's event loop: under a stream of orders it was
// more than half the time of every commit (5 ms → 12.6 ms per group commit in the API benchmark), and
// every request waited for it. A worker thread with its own connection now checkpoints a few times a
// second; the server's connection only checkpoints itself when the log passes BACKSTOP_PAGES (the
// worker stopped or fell behind). SQLite allows a checkpoint by one connection while another writes:
// it copies what no reader still needs, and the log starts over at the next write once all of it is
// copied. Under a steady stream of writes that moment never comes (each write lands before the worker
// has copied the one before), so the log grew to the backstop and the server's connection copied it
// on the event loop, blocking every request meanwhile. The write queue therefore asks for a checkpoint,
// and waits for it off the event loop, before its next group once the log passes CATCH_UP_PAGES (`catchUp`).
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

export const CHECKPOINT_INTERVAL_MS = 250;
/** The server's own automatic checkpoint, when the log reaches this many pages (80 MB). */
export const BACKSTOP_PAGES = 20_000;
/** A log this long (16 MB) is copied back before the next group of writes starts (`catchUp`). */
export const CATCH_UP_PAGES = 4_000;

export interface Checkpointer {
  /** The log has passed CATCH_UP_PAGES at the last checkpoint: writes should wait for `catchUp`. */
  behind(): boolean;
  /** A checkpoint now, while the caller holds its writes back; resolves when it is done. */
  catchUp(): Promise<void>;
  /** Asks the thread to close its connection and end; resolves when it has. */
  stop(): Promise<void>;
}

interface Report {
  type: 'checkpointed' | 'caught-up';
  /** Pages in the log, and of those copied into the database file (-1 when the checkpoint failed). */
  log: number;
  checkpointed: number;
}

export function startCheckpointer(sqlite: SQLite.Database, file: string, intervalMs = CHECKPOINT_INTERVAL_MS): Checkpointer {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  // No execArgv: the thread is plain JavaScript and must not load what the server was started with.
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, intervalMs },
    execArgv: [],
  });
  worker.unref();
  let logPages = 0;
  let alive = true;
  const waiting: (() => void)[] = [];
  worker.on('message', (m: Report) => {
    // A catch-up that copied the whole log is followed by a write that starts it over (the caller held its
    // writes back meanwhile): nothing is behind, so the write queue does not ask again before that write.
    logPages = m.type === 'caught-up' && m.checkpointed === m.log ? 0 : m.log;
    if (m.type === 'caught-up') waiting.shift()?.();
  });
  const gone = () => {
    alive = false;
    for (const wake of waiting.splice(0)) wake();
  };
  worker.once('exit', gone);
  worker.on('error', () => {
    // The thread died: fall back to SQLite's automatic checkpoint on the server's connection.
    gone();
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  });
  return {
    behind: () => alive && logPages >= CATCH_UP_PAGES,
    catchUp() {
      if (!alive) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        worker.postMessage('now');
      });
    },
    stop() {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      return exited;
    },
  };
}
