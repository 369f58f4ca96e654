// The background reader's thread (see background-reads.ts): its own read-only connection to the
// database file runs the long SELECTs the server hands it, one at a time, off the server's event loop.
// JavaScript, not TypeScript: Node 20 runs a worker thread without the tsx loader that tests and
// development run the sources under, and the API's bundle copies this file beside itself.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** @type {{ file: string }} */
const { file } = workerData;
const sqlite = new SQLite(file, { readonly: true });
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('mmap_size = 67108864');
sqlite.pragma('cache_size = -32768');
sqlite.pragma('temp_store = MEMORY');

/** The compiled statements of the most recent SQL texts (the same few queries repeat). */
const statements = new Map();
function prepare(sqlText) {
  let statement = statements.get(sqlText);
  if (statement) statements.delete(sqlText);
  else statement = sqlite.prepare(sqlText);
  statements.set(sqlText, statement);
  if (statements.size > 100) statements.delete(statements.keys().next().value);
  return statement;
}

parentPort?.on('message', (message) => {
  if (message === 'stop') {
    sqlite.close();
    parentPort?.close();
    return;
  }
  const { id, sql, parameters, chunk } = message;
  try {
    if (!chunk) {
      parentPort?.postMessage({ id, rows: prepare(sql).all(...parameters), done: true });
      return;
    }
    // In chunks: the server takes each in as it comes instead of one long copy of every row.
    let rows = [];
    for (const row of prepare(sql).iterate(...parameters)) {
      rows.push(row);
      if (rows.length === chunk) {
        parentPort?.postMessage({ id, rows, done: false });
        rows = [];
      }
    }
    parentPort?.postMessage({ id, rows, done: true });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
