// Signed-in devices (track-login-devices, issue 16 §2): a device is a live session.
// - Own devices: the acting user's sessions (a sales rep's /sales/devices, a retailer's /retailer/devices);
//   another user's session id is simply "not found".
// - The office: every live session of the distributor's users, with sign-out of one session, of every
//   session of a user, or of every session of a store's users; each sign-out is audited.
// - Sign-in marks a session whose device the user has never signed in from as new (recordSignInDevice).
// A revoked session's token answers 401 from the very next request (platform/auth/actor.ts).
import type { Device } from '@portal/shared/sales/devices.schemas';
import {
  LOGIN_DEVICE_DEFAULT_SORT,
  LOGIN_DEVICE_MESSAGES,
  loginDeviceFirstDirection,
  type LastSeenFilter,
  type LoginDeviceChoices,
  type LoginDeviceList,
  type LoginDeviceListFilter,
  type SignOutResult,
} from '@portal/shared/devices/login-devices.schemas';
import { describeUserAgent } from '@portal/shared/devices/user-agent';
import type { Db, DbOrTrx } from '../../db/database.ts';
import { liveSessionBounds, type Actor, type SessionLifetime } from '../../platform/auth/actor.ts';
import { now } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  findDistributorCustomer,
  findDistributorUser,
  findLiveSession,
  findLoginDevice,
  listLiveSessions,
  listLoginDevices as listLoginDeviceRows,
  liveSessionIds,
  loginDeviceChoices as loginDeviceChoiceRows,
  rememberUserDevice,
  revokeSessionAndPush,
  revokeSessionsAndPush,
  type LoginDeviceFilter,
} from './devices.repository.ts';

export const DEVICE_NOT_FOUND_MESSAGE = LOGIN_DEVICE_MESSAGES.notFound;
export const DEVICE_SIGNED_OUT_MESSAGE = LOGIN_DEVICE_MESSAGES.signedOut;

// ---- own devices ----

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
    browser: describeUserAgent(r.user_agent),
    signedInAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    isNewDevice: Boolean(r.is_new_device),
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

// ---- sign-in: new devices ----

/**
 * What identifies a device across sign-ins: the x-device-id the web app keeps in browser storage, or
 * without one (another client) its name and user agent. Migration 0019 builds the same keys.
 */
export function deviceKey(client: { deviceId: string | null; deviceName: string | null; userAgent: string | null }): string {
  if (client.deviceId) return `id:${client.deviceId}`;
  return `ua:${client.deviceName ?? ''}|${client.userAgent ?? ''}`;
}

/** Remembers the device a user signs in from; true (the session is marked new) when it was never seen for them. */
export function recordSignInDevice(
  db: DbOrTrx,
  userId: string,
  client: { deviceId: string | null; deviceName: string | null; userAgent: string | null },
  at: string,
): Promise<boolean> {
  return rememberUserDevice(db, userId, deviceKey(client), at);
}

// ---- the office ----

const HOUR_MS = 60 * 60_000;
const SEEN_WINDOW_MS: Record<Exclude<LastSeenFilter, 'over-week'>, number> = {
  hour: HOUR_MS,
  day: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
};

function lastSeenBounds(filter: LastSeenFilter | undefined): Pick<LoginDeviceFilter, 'seenAfter' | 'seenNotAfter'> {
  if (!filter) return {};
  const at = now().getTime();
  if (filter === 'over-week') return { seenNotAfter: new Date(at - SEEN_WINDOW_MS.week).toISOString() };
  return { seenAfter: new Date(at - SEEN_WINDOW_MS[filter]).toISOString() };
}

export async function listLoginDevices(
  db: Db,
  actor: Actor,
  lifetime: SessionLifetime,
  query: LoginDeviceListFilter,
): Promise<LoginDeviceList> {
  const sorting = query.sort
    ? { sort: query.sort, dir: query.dir ?? loginDeviceFirstDirection(query.sort) }
    : { sort: LOGIN_DEVICE_DEFAULT_SORT.sort, dir: query.dir ?? LOGIN_DEVICE_DEFAULT_SORT.dir };
  const { rows, total } = await listLoginDeviceRows(
    db,
    {
      distributorId: actor.distributorId,
      bounds: liveSessionBounds(lifetime),
      search: query.search || undefined,
      role: query.role,
      customerId: query.customerId,
      userId: query.userId,
      newDevice: query.newDevice,
      ...lastSeenBounds(query.lastSeen),
    },
    sorting,
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      user: { id: r.user_id, name: r.user_name, email: r.user_email, phone: r.user_phone },
      role: r.role,
      customer: r.customer_id ? { id: r.customer_id, cNumber: r.c_number ?? '', companyName: r.company_name ?? '' } : null,
      deviceType: r.device_type,
      deviceName: r.device_name,
      deviceId: r.device_id,
      ip: r.ip,
      userAgent: r.user_agent,
      browser: describeUserAgent(r.user_agent),
      signedInAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      isNewDevice: Boolean(r.is_new_device),
      isCurrent: r.id === actor.sessionId,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

export async function loginDeviceChoices(db: Db, actor: Actor, lifetime: SessionLifetime): Promise<LoginDeviceChoices> {
  const { users, customers } = await loginDeviceChoiceRows(db, {
    distributorId: actor.distributorId,
    bounds: liveSessionBounds(lifetime),
  });
  return {
    users: users.map((u) => ({ id: u.id, name: u.name, role: u.role })),
    customers: customers.map((c) => ({ id: c.id, cNumber: c.c_number, companyName: c.company_name })),
  };
}

const auditActor = (actor: Actor) => ({ userId: actor.userId, name: actor.name });

/** Signs one live session of the distributor's users out (404 for any other id). */
export async function signOutLoginDevice(
  db: Db,
  actor: Actor,
  lifetime: SessionLifetime,
  sessionId: string,
): Promise<SignOutResult> {
  const bounds = liveSessionBounds(lifetime);
  return db.transaction().execute(async (trx) => {
    const session = await findLoginDevice(trx, { distributorId: actor.distributorId, bounds, sessionId });
    if (!session) throw notFound(LOGIN_DEVICE_MESSAGES.notFound);
    const ended = await revokeSessionsAndPush(trx, [session.id]);
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'user',
      entityId: session.user_id,
      action: 'signed out of a device',
      actor: auditActor(actor),
      before: { session: { id: session.id, deviceName: session.device_name, deviceId: session.device_id, ip: session.ip } },
      after: { session: null },
    });
    return { signedOut: ended, includesCurrent: session.id === actor.sessionId };
  });
}

/** Ends these sessions and records it on the user or store they belong to (one audit entry). */
async function signOutEverywhere(
  trx: DbOrTrx,
  actor: Actor,
  ids: string[],
  entity: { entityType: 'user' | 'customer'; entityId: string },
): Promise<SignOutResult> {
  const ended = await revokeSessionsAndPush(trx, ids);
  await recordAudit(trx, {
    distributorId: actor.distributorId,
    ...entity,
    action: 'signed out of every device',
    actor: auditActor(actor),
    before: { signedInDevices: ids.length },
    after: { signedInDevices: 0 },
  });
  return { signedOut: ended, includesCurrent: ids.includes(actor.sessionId) };
}

/** Signs every live session of one of the distributor's users out (404 for a user of no one's or another's). */
export async function signOutUserDevices(
  db: Db,
  actor: Actor,
  lifetime: SessionLifetime,
  userId: string,
): Promise<SignOutResult> {
  const bounds = liveSessionBounds(lifetime);
  return db.transaction().execute(async (trx) => {
    const user = await findDistributorUser(trx, actor.distributorId, userId);
    if (!user) throw notFound(LOGIN_DEVICE_MESSAGES.userNotFound);
    const ids = await liveSessionIds(trx, { distributorId: actor.distributorId, bounds, userId: user.id });
    return signOutEverywhere(trx, actor, ids, { entityType: 'user', entityId: user.id });
  });
}

/** Signs every live session of a store's users out (404 for a store that is not the distributor's). */
export async function signOutRetailerDevices(
  db: Db,
  actor: Actor,
  lifetime: SessionLifetime,
  customerId: string,
): Promise<SignOutResult> {
  const bounds = liveSessionBounds(lifetime);
  return db.transaction().execute(async (trx) => {
    const customer = await findDistributorCustomer(trx, actor.distributorId, customerId);
    if (!customer) throw notFound(LOGIN_DEVICE_MESSAGES.retailerNotFound);
    const ids = await liveSessionIds(trx, { distributorId: actor.distributorId, bounds, customerId: customer.id });
    return signOutEverywhere(trx, actor, ids, { entityType: 'customer', entityId: customer.id });
  });
}
