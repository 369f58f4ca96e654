// All SQL of signed-in devices: a device is a live session row (not revoked, within its lifetime).
import type { DbOrTrx } from '../../db/database.ts';
import { nowIso } from '../../platform/clock.ts';

/** Bounds from liveSessionBounds (platform/auth/actor.ts): a session past them no longer signs anyone in. */
export interface LiveBounds {
  lastSeenAfter: string;
  createdAfter: string;
}

export function listLiveSessions(db: DbOrTrx, userId: string, bounds: LiveBounds) {
  return db
    .selectFrom('sessions')
    .select(['id', 'device_type', 'device_name', 'device_id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '>', bounds.lastSeenAfter)
    .where('created_at', '>', bounds.createdAfter)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();
}

export function findLiveSession(db: DbOrTrx, userId: string, sessionId: string, bounds: LiveBounds) {
  return db
    .selectFrom('sessions')
    .select(['id'])
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '>', bounds.lastSeenAfter)
    .where('created_at', '>', bounds.createdAfter)
    .executeTakeFirst();
}

/** Revokes the session (its token answers 401 from the next call) and drops its push subscriptions. */
export async function revokeSessionAndPush(db: DbOrTrx, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}
