// The background checkpointer's thread (see checkpointer.ts): its own connection to the database file
// copies the write-ahead log back into the file every `intervalMs`, off the server's event loop, and
// when the server asks ('now'); it tells the server how long the log is after each checkpoint.
// JavaScript, not TypeScript: Node 20 runs a worker thread without the tsx loader that tests and
// development run the sources under, and the API's bundle copies this file beside itself.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** @type {{ file: string; intervalMs: number }} */
const { file, intervalMs } = workerData;
const sqlite = new SQLite(file);
sqlite.pragma('synchronous = NORMAL');

function checkpoint() {
  try {
    // PASSIVE: copies what no reader still needs, never waits for or blocks the server's connection.
    const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)');
    return { log: result.log, checkpointed: result.checkpointed };
  } catch {
    // Busy (another checkpointer) or a passing I/O error: the next round tries again, and the server's
    // own automatic checkpoint remains as a backstop.
    return null;
  }
}

const timer = setInterval(() => {
  const result = checkpoint();
  if (result) parentPort?.postMessage({ type: 'checkpointed', ...result });
}, intervalMs);

parentPort?.on('message', (message) => {
  if (message === 'now') {
    parentPort?.postMessage({ type: 'caught-up', ...(checkpoint() ?? { log: -1, checkpointed: -1 }) });
    return;
  }
  if (message !== 'stop') return;
  clearInterval(timer);
  sqlite.close();
  parentPort?.close();
});
