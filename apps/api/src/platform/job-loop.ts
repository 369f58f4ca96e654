// A small loop for a database job queue, off the request path: it runs `runBatch` until a batch comes back
// short, then sleeps until the next job is due (at most idlePollMs) or until something wakes it. Wakers are
// kept per (queue name, database), so code that adds jobs needs only the database to wake the loop of this
// instance (wakeJobLoops). Used by the webhook worker; the push worker predates it and keeps its own copy
// with Redis wake-ups (docs/webhooks.md).
import type { FastifyBaseLogger } from 'fastify';
import { databaseOf, type DbOrTrx } from '../db/database.ts';
import { now } from './clock.ts';

export interface JobLoop {
  /** Looks for due jobs now (after the current run). */
  kick(): void;
  /** Resolves when no run is in progress (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobLoopOptions {
  name: string;
  db: DbOrTrx;
  log: FastifyBaseLogger;
  /** Claims and handles up to `batch` due jobs; returns how many it took. */
  runBatch(): Promise<number>;
  /** When the next queued job is due (ISO time), or null for none. */
  nextDueAt(): Promise<string | null>;
  /** Called at the start of each run (requeue stale claims, prune). */
  housekeeping?(): Promise<void>;
  batch: number;
  idlePollMs: number;
}

const wakers = new Map<string, WeakMap<object, Set<() => void>>>();

function wakerSet(name: string, db: DbOrTrx): Set<() => void> {
  let byDb = wakers.get(name);
  if (!byDb) wakers.set(name, (byDb = new WeakMap()));
  const key = databaseOf(db);
  let set = byDb.get(key);
  if (!set) byDb.set(key, (set = new Set()));
  return set;
}

/** Wakes this instance's loops of the queue `name` on this database. */
export function wakeJobLoops(name: string, db: DbOrTrx): void {
  for (const wake of wakerSet(name, db)) {
    // Inside a transaction the jobs are visible to other connections only after its commit: wake again shortly.
    if (db.isTransaction) for (const ms of [50, 500, 2000]) setTimeout(wake, ms).unref();
    else wake();
  }
}

export function startJobLoop(o: JobLoopOptions): JobLoop {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => kick(), Math.max(0, Math.min(ms, o.idlePollMs)));
    timer.unref();
  };

  async function run(): Promise<void> {
    try {
      await o.housekeeping?.();
      while (!stopped) {
        const n = await o.runBatch();
        if (n < o.batch && !again) break;
        again = false;
        await new Promise((resolve) => setImmediate(resolve)); // let requests run between batches
      }
      const due = await o.nextDueAt();
      // A job already due that this run could not claim is another worker's, mid-claim: look again in a second.
      schedule(due ? Math.max(Date.parse(due) - now().getTime(), 1000) : o.idlePollMs);
    } catch (err) {
      o.log.error({ err }, `${o.name} run failed`);
      schedule(o.idlePollMs);
    }
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = new Promise<void>((resolve) => setImmediate(resolve)).then(run).finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        kick();
      }
    });
  }

  const set = wakerSet(o.name, o.db);
  set.add(kick);
  kick();

  return {
    kick,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      set.delete(kick);
      if (running) await running;
    },
  };
}
