// The push worker: one per API instance, started with the app. It claims due jobs from the database queue
// (push.repository.ts), sends them a few at a time off the request path, and records each outcome by the
// rules of push-delivery.ts. It sleeps until the next job is due (at most IDLE_POLL_MS) and wakes at once
// when queuePush adds jobs: in this process directly, in other instances through Redis pub/sub.
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { PushConfig } from '../../config.ts';
import { databaseOf, type Db, type DbOrTrx } from '../../db/database.ts';
import { now, nowIso } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { getRedis, redisKeyPrefix } from '../../platform/redis.ts';
import { decide, sendPush, type SendOutcome, type Target } from './push-delivery.ts';
import {
  addDelivered,
  claimDueJobs,
  deleteSignedOutSubscriptions,
  deleteSubscription,
  finishJob,
  nextDueAt,
  pruneJobs,
  requeueStaleClaims,
  subscriptionsByIds,
  type ClaimedJob,
} from './push.repository.ts';

const BATCH = 25;
/** Pushes in flight at once per worker. */
const CONCURRENCY = 8;
/** Even without a wake-up, look for due jobs this often (retries, other instances without Redis). */
const IDLE_POLL_MS = 15_000;
/** A claim older than this is a worker that stopped mid-send: longer than any send (10 s time-out). */
const STALE_CLAIM_MS = 5 * 60_000;
const HOUSEKEEPING_MS = 60 * 60_000;
const KEEP_JOBS_MS = 7 * 24 * 60 * 60_000;

export type Sender = (config: PushConfig, target: Target, payload: string) => Promise<SendOutcome>;

export interface PushWorker {
  /** Looks for due jobs now (after the current tick). */
  kick(): void;
  /** Resolves when the worker has nothing claimed and no run in progress (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

// What wakes the senders of a database (databaseOf: one key for a Kysely instance and its transactions):
// this instance's worker, and the Redis publisher that wakes the other instances' workers. queuePush is
// handed only the database, so it finds them here.
const wakersByDb = new WeakMap<object, Set<() => void>>();

function addWaker(db: DbOrTrx, waker: () => void): () => void {
  const key = databaseOf(db);
  let set = wakersByDb.get(key);
  if (!set) wakersByDb.set(key, (set = new Set()));
  set.add(waker);
  return () => set.delete(waker);
}

/** Wakes the push workers of this database: this instance's now, the others' through Redis. */
export function wakePushWorkers(db: DbOrTrx): void {
  for (const wake of wakersByDb.get(databaseOf(db)) ?? []) {
    // Inside a transaction the jobs are visible to other connections only after its commit: wake again shortly.
    if (db.isTransaction) for (const ms of [50, 500, 2000]) setTimeout(wake, ms).unref();
    else wake();
  }
}

/** With REDIS_URL: queuePush on this instance publishes a wake-up every instance's worker listens for. */
export function publishPushWakeUps(app: FastifyInstance, db: Db): () => void {
  const redis = getRedis(app);
  if (!redis) return () => undefined;
  const channel = `${redisKeyPrefix(app)}push:wake`;
  return addWaker(db, () => {
    redis.publish(channel, '1').catch((err: unknown) => app.log.warn({ err }, 'push wake-up not published'));
  });
}

export function startPushWorker(app: FastifyInstance, db: Db, config: PushConfig, options: { sender?: Sender } = {}): PushWorker {
  const send = options.sender ?? sendPush;
  const log = app.log.child({ module: 'push-worker' });
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let lastHousekeeping = 0;
  let redisSub: Redis | null = null;
  const redis = getRedis(app);
  const channel = `${redisKeyPrefix(app)}push:wake`;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => kick(), Math.max(0, Math.min(ms, IDLE_POLL_MS)));
    timer.unref();
  };

  async function housekeeping(): Promise<void> {
    const t = now().getTime();
    if (t - lastHousekeeping < 60_000) return;
    await requeueStaleClaims(db, new Date(t - STALE_CLAIM_MS).toISOString());
    if (t - lastHousekeeping >= HOUSEKEEPING_MS) {
      await pruneJobs(db, new Date(t - KEEP_JOBS_MS).toISOString());
      await deleteSignedOutSubscriptions(db);
    }
    lastHousekeeping = t;
  }

  async function handle(job: ClaimedJob, token: string, target: Target | undefined): Promise<void> {
    const at = () => nowIso();
    if (!target) {
      await finishJob(db, job.id, token, { status: 'dropped', lastError: 'The subscription no longer exists', at: at() });
      return;
    }
    const outcome = await send(config, target, job.payload);
    const decision = decide(outcome, job.attempts);
    switch (decision.action) {
      case 'sent':
        if ((await finishJob(db, job.id, token, { status: 'sent', at: at() })) && job.notification_id) {
          await addDelivered(db, job.notification_id);
        }
        break;
      case 'gone':
        await finishJob(db, job.id, token, { status: 'gone', lastError: decision.reason, at: at() });
        if (job.subscription_id) await deleteSubscription(db, job.subscription_id);
        break;
      case 'failed':
        await finishJob(db, job.id, token, { status: 'failed', lastError: decision.reason, at: at() });
        log.warn({ jobId: job.id, reason: decision.reason }, 'push failed');
        break;
      case 'retry':
        await finishJob(db, job.id, token, {
          status: 'queued',
          lastError: decision.reason,
          nextAttemptAt: new Date(now().getTime() + decision.delayMs).toISOString(),
          at: at(),
        });
        break;
    }
  }

  async function runBatch(): Promise<number> {
    const token = newId();
    const jobs = await claimDueJobs(db, token, nowIso(), BATCH);
    if (!jobs.length) return 0;
    const subs = await subscriptionsByIds(db, [
      ...new Set(jobs.map((j) => j.subscription_id).filter((id): id is string => !!id)),
    ]);
    const byId = new Map(subs.map((s) => [s.id, s]));
    let next = 0;
    const lane = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        try {
          await handle(job, token, job.subscription_id ? byId.get(job.subscription_id) : undefined);
        } catch (err) {
          // The claim stays: housekeeping requeues it after STALE_CLAIM_MS.
          log.error({ err, jobId: job.id }, 'push job could not be recorded');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, lane));
    return jobs.length;
  }

  async function run(): Promise<void> {
    try {
      await housekeeping();
      while (!stopped) {
        const n = await runBatch();
        if (n < BATCH && !again) break;
        again = false;
        // Let requests run between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const due = await nextDueAt(db);
      // A job already due that this run could not claim is another worker's, mid-claim: look again in a second.
      schedule(due ? Math.max(Date.parse(due) - now().getTime(), 1000) : IDLE_POLL_MS);
    } catch (err) {
      log.error({ err }, 'push worker run failed');
      schedule(IDLE_POLL_MS);
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

  const removeWaker = addWaker(db, kick);

  if (redis) {
    redisSub = redis.duplicate();
    redisSub.on('error', (err) => log.warn({ err }, 'push wake-up subscriber error'));
    redisSub.on('message', () => kick());
    redisSub.subscribe(channel).catch((err: unknown) => log.warn({ err }, 'push wake-up not subscribed'));
  }
  kick();

  return {
    kick,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      removeWaker();
      if (running) await running;
      if (redisSub) await redisSub.quit().catch(() => redisSub?.disconnect());
    },
  };
}
