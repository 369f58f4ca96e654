// Checkpoints of the SQLite write-ahead log in a background thread.
// In WAL mode every commit appends the changed pages to the log, and by default the committing
// connection copies the log back into the database file (and syncs it) once the log passes 1,000
// pages. That copy ran inside a commit on the server's event loop: under a stream of orders it was
// more than half the time of every commit (5 ms → 12.6 ms per group commit in the API benchmark), and
// every request waited for it. A worker thread with its own connection now checkpoints a few times a
// second; the server's connection only checkpoints itself when the log passes BACKSTOP_PAGES (the
// worker stopped or fell behind). SQLite allows a checkpoint by one connection while another writes:
// it copies what no reader still needs, and the log starts over once all of it is copied.
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

export const CHECKPOINT_INTERVAL_MS = 250;
/** The server's own automatic checkpoint, when the log reaches this many pages (80 MB). */
export const BACKSTOP_PAGES = 20_000;

export interface Checkpointer {
  /** Asks the thread to close its connection and end; resolves when it has. */
  stop(): Promise<void>;
}

export function startCheckpointer(sqlite: SQLite.Database, file: string, intervalMs = CHECKPOINT_INTERVAL_MS): Checkpointer {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  // No execArgv: the thread is plain JavaScript and must not load what the server was started with.
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, intervalMs },
    execArgv: [],
  });
  worker.unref();
  worker.on('error', () => {
    // The thread died: fall back to SQLite's automatic checkpoint on the server's connection.
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  });
  return {
    stop() {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      return exited;
    },
  };
}
