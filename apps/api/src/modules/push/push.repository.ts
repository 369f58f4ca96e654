// All SQL of Web Push: subscriptions, per-kind preferences, the job queue the worker claims from, and the
// delivered counts. Jobs are claimed with one UPDATE … WHERE status = 'queued' … RETURNING, so two workers
// (two API instances on one PostgreSQL) never take the same job; on PostgreSQL the inner SELECT also skips
// rows another worker has locked instead of waiting for it.
import { sql } from 'kysely';
import { dialectOf, type DbOrTrx } from '../../db/database.ts';
import type { PushJobTable } from '../../db/schema.ts';

/** SQLite and PostgreSQL both take a few thousand parameters per statement: stay well below. */
const CHUNK = 500;

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

// ---- subscriptions ----

export interface SubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export async function findSubscriptionByEndpoint(db: DbOrTrx, endpoint: string) {
  return db.selectFrom('push_subscriptions').select(['id', 'user_id']).where('endpoint', '=', endpoint).executeTakeFirst();
}

export interface SubscriptionWrite {
  id: string;
  userId: string;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  at: string;
}

/** Insert, or refresh the row of the same endpoint (its owner, session, keys and last seen) in one statement. */
export async function upsertSubscription(db: DbOrTrx, s: SubscriptionWrite): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      id: s.id,
      user_id: s.userId,
      session_id: s.sessionId,
      endpoint: s.endpoint,
      p256dh: s.p256dh,
      auth: s.auth,
      user_agent: s.userAgent,
      created_at: s.at,
      last_seen_at: s.at,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: s.userId,
        session_id: s.sessionId,
        p256dh: s.p256dh,
        auth: s.auth,
        user_agent: s.userAgent,
        last_seen_at: s.at,
      }),
    )
    .execute();
}

/** Keeps a user's `keep` most recently seen subscriptions and deletes the rest. */
export async function trimUserSubscriptions(db: DbOrTrx, userId: string, keep: number): Promise<void> {
  const stale = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (stale.length) {
    await db
      .deleteFrom('push_subscriptions')
      .where(
        'id',
        'in',
        stale.map((r) => r.id),
      )
      .execute();
  }
}

export async function deleteSubscription(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** The users' subscriptions whose session is still signed in (a device signed out gets no pushes). */
export async function subscriptionsOfUsers(db: DbOrTrx, userIds: readonly string[]): Promise<{ id: string; user_id: string }[]> {
  const out: { id: string; user_id: string }[] = [];
  for (const part of chunks(userIds)) {
    out.push(
      ...(await db
        .selectFrom('push_subscriptions as p')
        .innerJoin('sessions as s', 's.id', 'p.session_id')
        .select(['p.id', 'p.user_id'])
        .where('p.user_id', 'in', part)
        .where('s.revoked_at', 'is', null)
        .execute()),
    );
  }
  return out;
}

/** Subscriptions left by sessions that were signed out (logout, revoked devices): they get no more pushes. */
export async function deleteSignedOutSubscriptions(db: DbOrTrx): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where((eb) =>
      eb.or([
        eb('session_id', 'is', null),
        eb('session_id', 'in', eb.selectFrom('sessions').select('id').where('revoked_at', 'is not', null)),
      ]),
    )
    .execute();
}

export async function subscriptionsByIds(db: DbOrTrx, ids: readonly string[]): Promise<SubscriptionRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('id', 'in', ids)
    .execute();
}

// ---- preferences ----

export async function preferenceRows(db: DbOrTrx, userId: string): Promise<{ kind: string; enabled: number; email: number }[]> {
  return db.selectFrom('push_preferences').select(['kind', 'enabled', 'email']).where('user_id', '=', userId).execute();
}

/** One kind's switches; a channel left undefined keeps its stored value (push on, e-mail off when none). */
export interface PreferenceChange {
  kind: string;
  push?: boolean;
  email?: boolean;
}

export async function savePreferences(
  db: DbOrTrx,
  userId: string,
  changes: readonly PreferenceChange[],
  at: string,
): Promise<void> {
  for (const c of changes) {
    const set: { enabled?: number; email?: number; updated_at: string } = { updated_at: at };
    if (c.push !== undefined) set.enabled = c.push ? 1 : 0;
    if (c.email !== undefined) set.email = c.email ? 1 : 0;
    await db
      .insertInto('push_preferences')
      .values({ user_id: userId, kind: c.kind, enabled: set.enabled ?? 1, email: set.email ?? 0, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(set))
      .execute();
  }
}

/** Among these users, those who chose to get this kind by e-mail. */
export async function emailOptedIn(db: DbOrTrx, userIds: readonly string[], kind: string): Promise<string[]> {
  const out: string[] = [];
  for (const part of chunks(userIds)) {
    const rows = await db
      .selectFrom('push_preferences')
      .select('user_id')
      .where('user_id', 'in', part)
      .where('kind', '=', kind)
      .where('email', '=', 1)
      .execute();
    for (const r of rows) out.push(r.user_id);
  }
  return out;
}

/** The (user, kind) pairs switched off among these users. */
export async function disabledPairs(db: DbOrTrx, userIds: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunks(userIds)) {
    const rows = await db
      .selectFrom('push_preferences')
      .select(['user_id', 'kind'])
      .where('user_id', 'in', part)
      .where('enabled', '=', 0)
      .execute();
    for (const r of rows) out.add(`${r.user_id}\u0000${r.kind}`);
  }
  return out;
}

// ---- jobs ----

export interface NewJob {
  id: string;
  subscriptionId: string;
  notificationId: string | null;
  payload: string;
  at: string;
}

export async function insertJobs(db: DbOrTrx, jobs: readonly NewJob[]): Promise<void> {
  for (const part of chunks(jobs, 100)) {
    await db
      .insertInto('push_jobs')
      .values(
        part.map((j) => ({
          id: j.id,
          subscription_id: j.subscriptionId,
          notification_id: j.notificationId,
          payload: j.payload,
          attempts: 0,
          next_attempt_at: j.at,
          status: 'queued' as const,
          created_at: j.at,
        })),
      )
      .execute();
  }
}

export type ClaimedJob = Pick<PushJobTable, 'id' | 'subscription_id' | 'notification_id' | 'payload' | 'attempts'>;

/**
 * Takes up to `limit` due jobs for this worker: status sending, its claim token, attempts + 1. Atomic on
 * both databases: a job another worker took between the SELECT and the UPDATE no longer matches
 * status = 'queued' (PostgreSQL re-checks the row after waiting for its lock; SQLite has one writer).
 */
export async function claimDueJobs(db: DbOrTrx, token: string, now: string, limit: number): Promise<ClaimedJob[]> {
  let due = db
    .selectFrom('push_jobs')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit);
  if (dialectOf(db) === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('push_jobs')
    .set({ status: 'sending', claim_token: token, claimed_at: now, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', due)
    .where('status', '=', 'queued')
    .returning(['id', 'subscription_id', 'notification_id', 'payload', 'attempts'])
    .execute();
}

/** Claims left by a worker that stopped mid-send (a crash, a killed instance) go back to the queue. */
export async function requeueStaleClaims(db: DbOrTrx, claimedBefore: string): Promise<number> {
  const res = await db
    .updateTable('push_jobs')
    .set({ status: 'queued', claim_token: null })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', claimedBefore)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export interface JobFinish {
  status: 'queued' | 'sent' | 'failed' | 'gone' | 'dropped';
  nextAttemptAt?: string;
  lastError?: string | null;
  at: string;
}

/** Records a claimed job's outcome; false when the claim was lost (requeued as stale and taken by another). */
export async function finishJob(db: DbOrTrx, id: string, token: string, f: JobFinish): Promise<boolean> {
  const res = await db
    .updateTable('push_jobs')
    .set({
      status: f.status,
      claim_token: null,
      last_error: f.lastError ?? null,
      ...(f.status === 'queued' ? { next_attempt_at: f.nextAttemptAt ?? f.at } : { finished_at: f.at }),
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Queued jobs of a subscription that changed hands: they were meant for its previous owner. */
export async function dropQueuedJobsOf(db: DbOrTrx, subscriptionId: string, at: string): Promise<void> {
  await db
    .updateTable('push_jobs')
    .set({ status: 'dropped', finished_at: at, last_error: 'The subscription moved to another user' })
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'queued')
    .execute();
}

/** When the next queued job is due (null: none queued). */
export async function nextDueAt(db: DbOrTrx): Promise<string | null> {
  const row = await db
    .selectFrom('push_jobs')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

/** Forgets finished jobs (and queued ones nobody sent) older than `before`; the delivered counts stay. */
export async function pruneJobs(db: DbOrTrx, before: string): Promise<void> {
  await db
    .deleteFrom('push_jobs')
    .where((eb) =>
      eb.or([eb.and([eb('finished_at', 'is not', null), eb('finished_at', '<', before)]), eb('created_at', '<', before)]),
    )
    .execute();
}

export async function addDelivered(db: DbOrTrx, notificationId: string): Promise<void> {
  await db
    .insertInto('push_delivered')
    .values({ notification_id: notificationId, delivered: 1 })
    .onConflict((oc) => oc.column('notification_id').doUpdateSet({ delivered: sql<number>`push_delivered.delivered + 1` }))
    .execute();
}

export async function deliveredRows(
  db: DbOrTrx,
  ids: readonly string[],
): Promise<{ notification_id: string; delivered: number }[]> {
  const out: { notification_id: string; delivered: number }[] = [];
  for (const part of chunks(ids)) {
    out.push(
      ...(await db
        .selectFrom('push_delivered')
        .select(['notification_id', 'delivered'])
        .where('notification_id', 'in', part)
        .execute()),
    );
  }
  return out;
}
