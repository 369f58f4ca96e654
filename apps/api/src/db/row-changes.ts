// Row changes made to the SQLite database, reported to in-process caches as they happen, so that a
// cache of what every request reads (the caller's session) is never served after
// the rows it came from change.
//   - Changes through the app's own connection: temporary triggers (they live only on this connection,
//     so other programs opening the file see nothing of them) call back into JavaScript for each row.
//   - Changes by any other connection or process (`npm run seed`, a console): `PRAGMA data_version`
//     moves, and everything watched is reported changed (`fresh()` checks it; call it before a cache read).
//     The check costs a few microseconds, so it runs once per request and event-loop turn: a request sees every outside write made before it started (the guard
//     calls `requestStarted()`), other code every write made before its turn of the event loop.
// PostgreSQL has no such feed (keptFollowingRows answers undefined): callers then read the database every time.
import type SQLite from 'better-sqlite3';

export type RowChangeListener = (key: string | null) => void;

export interface WatchOptions {
  /** Which changes: an update (of these columns only, when given), an insert, a delete. */
  on: ReadonlyArray<'insert' | 'update' | 'delete'>;
  columns?: readonly string[];
  /** The column passed to the listener (of the new row, or the old one for a delete). */
  key: string;
}

export interface RowChanges {
  watch(table: string, options: WatchOptions, listener: RowChangeListener): void;
  /** Runs `listener` when another connection has written to the database (checked by `fresh()`). */
  onOutsideWrite(listener: () => void): void;
  /** Notices writes by other connections since the last check, and reports them (see above). */
  fresh(): void;
}

const feeds = new WeakMap<object, RowChanges>();
let requestsStarted = 0;

/** A request starts: the next `fresh()` of each database looks for outside writes again. */
export function requestStarted(): void {
  requestsStarted++;
}

/**
 * In-process state of one database that must follow its rows: made once per database handle by
 * `setup` (which registers the watchers that clear it), and returned after `fresh()` has reported any
 * writes by other connections. Undefined without a feed (PostgreSQL, a transaction): read the database.
 */
export function keptFollowingRows<T>(db: object, kept: WeakMap<object, T>, setup: (changes: RowChanges) => T): T | undefined {
  const changes = feeds.get(db);
  if (!changes) return undefined;
  let state = kept.get(db);
  if (state === undefined) {
    state = setup(changes);
    kept.set(db, state);
  }
  changes.fresh();
  return state;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function attachRowChanges(db: object, sqlite: SQLite.Database): void {
  const listeners: RowChangeListener[] = [];
  const outside: Array<() => void> = [];
  sqlite.function('portal_row_changed', { deterministic: false }, (id: unknown, key: unknown) => {
    listeners[Number(id)]?.(key == null ? null : String(key));
    return null;
  });
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let lastVersion = dataVersion.get() as number;
  let checkedAtRequest = requestsStarted;
  let checkedThisTurn = false;

  feeds.set(db, {
    watch(table, options, listener) {
      const id = listeners.push(listener) - 1;
      for (const event of options.on) {
        const row = event === 'delete' ? 'old' : 'new';
        const what = event === 'update' && options.columns?.length ? `update of ${options.columns.map(quote).join(', ')}` : event;
        sqlite.exec(
          `create temp trigger ${quote(`portal_watch_${id}_${event}`)} after ${what} on main.${quote(table)}
           begin select portal_row_changed(${id}, ${row}.${quote(options.key)}); end`,
        );
      }
    },
    onOutsideWrite(listener) {
      outside.push(listener);
    },
    fresh() {
      if (checkedThisTurn && checkedAtRequest === requestsStarted) return;
      checkedAtRequest = requestsStarted;
      if (!checkedThisTurn) {
        checkedThisTurn = true;
        setImmediate(() => (checkedThisTurn = false));
      }
      const version = dataVersion.get() as number;
      if (version === lastVersion) return;
      lastVersion = version;
      for (const listener of outside) listener();
    },
  });
}
