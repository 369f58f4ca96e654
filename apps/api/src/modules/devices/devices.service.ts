// The signed-in devices of the acting user (track-login-devices): list them, sign one out.
// Scoped to the actor's own sessions; another user's session id is simply "not found".
import type { Device } from '@portal/shared/sales/devices.schemas';
import type { Db } from '../../db/database.ts';
import { liveSessionBounds, type Actor, type SessionLifetime } from '../../platform/auth/actor.ts';
import { notFound } from '../../platform/errors.ts';
import { findLiveSession, listLiveSessions, revokeSessionAndPush } from './devices.repository.ts';

export const DEVICE_NOT_FOUND_MESSAGE = 'Device not found';
export const DEVICE_SIGNED_OUT_MESSAGE = 'Device signed out';

/** The actor's sessions that still sign in: unrevoked and within the idle and absolute lifetime. */
export async function listDevices(db: Db, actor: Actor, lifetime: SessionLifetime): Promise<Device[]> {
  const rows = await listLiveSessions(db, actor.userId, liveSessionBounds(lifetime));
  const devices = rows.map((r) => ({
    id: r.id,
    deviceType: r.device_type,
    deviceName: r.device_name,
    deviceId: r.device_id,
    ip: r.ip,
    userAgent: r.user_agent,
    signedInAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    isCurrent: r.id === actor.sessionId,
  }));
  // The device in hand first, then the most recently seen.
  return [...devices.filter((d) => d.isCurrent), ...devices.filter((d) => !d.isCurrent)];
}

export async function signOutDevice(
  db: Db,
  actor: Actor,
  lifetime: SessionLifetime,
  sessionId: string,
): Promise<{ id: string; isCurrent: boolean }> {
  const session = await findLiveSession(db, actor.userId, sessionId, liveSessionBounds(lifetime));
  if (!session) throw notFound(DEVICE_NOT_FOUND_MESSAGE);
  await db.transaction().execute((trx) => revokeSessionAndPush(trx, session.id));
  return { id: session.id, isCurrent: session.id === actor.sessionId };
}
