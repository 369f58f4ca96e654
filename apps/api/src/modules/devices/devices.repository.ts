// All SQL of signed-in devices: a device is a live session row (not revoked, within its lifetime).
// The office's list reads one distributor's sessions with their users and stores; the devices a user
// has signed in from (user_devices) decide whether a sign-in is from a new one.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { LoginDeviceSortKey } from '@portal/shared/devices/login-devices.schemas';
import type { Role } from '@portal/shared/auth/roles';
import type { DbOrTrx } from '../../db/database.ts';
import { nowIso } from '../../platform/clock.ts';

/** Bounds from liveSessionBounds (platform/auth/actor.ts): a session past them no longer signs anyone in. */
export interface LiveBounds {
  lastSeenAfter: string;
  createdAfter: string;
}

const OWN_COLUMNS = [
  'id',
  'device_type',
  'device_name',
  'device_id',
  'ip',
  'user_agent',
  'created_at',
  'last_seen_at',
  'is_new_device',
] as const;

export function listLiveSessions(db: DbOrTrx, userId: string, bounds: LiveBounds) {
  return db
    .selectFrom('sessions')
    .select([...OWN_COLUMNS])
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
  await revokeSessionsAndPush(db, [sessionId]);
}

/** The same for several sessions at once; returns how many were still unrevoked. */
export async function revokeSessionsAndPush(db: DbOrTrx, sessionIds: readonly string[]): Promise<number> {
  if (!sessionIds.length) return 0;
  const res = await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('id', 'in', sessionIds)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  await db.deleteFrom('push_subscriptions').where('session_id', 'in', sessionIds).execute();
  return Number(res.numUpdatedRows);
}

// ---- the office's list of every live session of the distributor's users ----

export interface LoginDeviceFilter {
  distributorId: string;
  bounds: LiveBounds;
  search?: string;
  role?: Role;
  customerId?: string;
  userId?: string;
  /** ISO times for the last-seen filter: used after `seenAfter`, or not since `seenNotAfter`. */
  seenAfter?: string;
  seenNotAfter?: string;
  newDevice?: boolean;
  /** Only these sessions (a sign-out of one). */
  sessionId?: string;
}

/** `%text%` for LIKE with its wildcards taken literally (escape character `\`). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function liveSessionsQuery(db: DbOrTrx, f: LoginDeviceFilter) {
  let q = db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('customers as c', 'c.id', 'u.customer_id')
    .where('u.distributor_id', '=', f.distributorId)
    .where('s.revoked_at', 'is', null)
    .where('s.last_seen_at', '>', f.bounds.lastSeenAfter)
    .where('s.created_at', '>', f.bounds.createdAfter);
  if (f.sessionId) q = q.where('s.id', '=', f.sessionId);
  if (f.role) q = q.where('u.role', '=', f.role);
  if (f.customerId) q = q.where('u.customer_id', '=', f.customerId);
  if (f.userId) q = q.where('u.id', '=', f.userId);
  if (f.seenAfter) q = q.where('s.last_seen_at', '>', f.seenAfter);
  if (f.seenNotAfter) q = q.where('s.last_seen_at', '<=', f.seenNotAfter);
  if (f.newDevice != null) q = q.where('s.is_new_device', '=', f.newDevice ? 1 : 0);
  if (f.search) {
    const p = containsPattern(f.search);
    const like = (col: string): Expression<SqlBool> => sql<SqlBool>`lower(coalesce(${sql.ref(col)}, '')) like ${p} escape '\\'`;
    q = q.where((eb) =>
      eb.or(['u.name', 'u.email', 'u.phone', 's.device_name', 's.device_id', 's.ip', 'c.c_number', 'c.company_name'].map(like)),
    );
  }
  return q;
}

export interface LoginDeviceDbRow {
  id: string;
  device_type: string | null;
  device_name: string | null;
  device_id: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  is_new_device: number;
  user_id: string;
  user_name: string;
  user_email: string | null;
  user_phone: string | null;
  role: Role;
  customer_id: string | null;
  c_number: string | null;
  company_name: string | null;
}

/** Nulls last in both directions and on both databases (SQLite puts them first, PostgreSQL last). */
const nullsLast = (column: Expression<unknown>) => sql`case when ${column} is null then 1 else 0 end`;

export async function listLoginDevices(
  db: DbOrTrx,
  f: LoginDeviceFilter,
  sorting: { sort: LoginDeviceSortKey; dir: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: LoginDeviceDbRow[]; total: number }> {
  const { dir } = sorting;
  let q = liveSessionsQuery(db, f).select([
    's.id',
    's.device_type',
    's.device_name',
    's.device_id',
    's.ip',
    's.user_agent',
    's.created_at',
    's.last_seen_at',
    's.is_new_device',
    'u.id as user_id',
    'u.name as user_name',
    'u.email as user_email',
    'u.phone as user_phone',
    'u.role',
    'c.id as customer_id',
    'c.c_number',
    'c.company_name',
  ]);
  switch (sorting.sort) {
    case 'lastSeenAt':
      q = q.orderBy('s.last_seen_at', dir);
      break;
    case 'signedInAt':
      q = q.orderBy('s.created_at', dir);
      break;
    case 'user':
      q = q.orderBy(sql`lower(u.name)`, dir);
      break;
    case 'role':
      q = q.orderBy('u.role', dir);
      break;
    case 'customer':
      q = q.orderBy(nullsLast(sql.ref('c.company_name'))).orderBy(sql`lower(c.company_name)`, dir);
      break;
    case 'device':
      q = q.orderBy(nullsLast(sql.ref('s.device_name'))).orderBy(sql`lower(s.device_name)`, dir);
      break;
    case 'ip':
      q = q.orderBy(nullsLast(sql.ref('s.ip'))).orderBy('s.ip', dir);
      break;
  }
  const rows = await q.orderBy('s.last_seen_at', 'desc').orderBy('s.id', 'asc').limit(page.limit).offset(page.offset).execute();
  const count = await liveSessionsQuery(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows as LoginDeviceDbRow[], total: Number(count.n) };
}

/** The live sessions a sign-out ends: of one session, one user or one store's users, within the distributor. */
export async function liveSessionIds(db: DbOrTrx, f: LoginDeviceFilter): Promise<string[]> {
  const rows = await liveSessionsQuery(db, f).select('s.id').execute();
  return rows.map((r) => r.id);
}

/** The session with its user, for the audit entry of a sign-out of one device. */
export function findLoginDevice(db: DbOrTrx, f: LoginDeviceFilter & { sessionId: string }) {
  return liveSessionsQuery(db, f)
    .select(['s.id', 's.device_name', 's.device_id', 's.ip', 'u.id as user_id', 'u.name as user_name'])
    .executeTakeFirst();
}

/** The users and stores with live sessions, for the list's filters. */
export async function loginDeviceChoices(db: DbOrTrx, f: Pick<LoginDeviceFilter, 'distributorId' | 'bounds'>) {
  // PostgreSQL orders a DISTINCT only by selected columns: the name's sort key is selected too.
  const users = await liveSessionsQuery(db, f)
    .select(['u.id', 'u.name', 'u.role', sql<string>`lower(u.name)`.as('sort_name')])
    .distinct()
    .orderBy('sort_name')
    .orderBy('u.id')
    .execute();
  const customers = await liveSessionsQuery(db, f)
    .where('c.id', 'is not', null)
    .select(['c.id', 'c.c_number', 'c.company_name'])
    .distinct()
    .orderBy('c.c_number')
    .execute();
  return { users, customers: customers as { id: string; c_number: string; company_name: string }[] };
}

export function findDistributorUser(db: DbOrTrx, distributorId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', userId)
    .where('distributor_id', '=', distributorId)
    .executeTakeFirst();
}

export function findDistributorCustomer(db: DbOrTrx, distributorId: string, customerId: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'c_number', 'company_name'])
    .where('id', '=', customerId)
    .where('distributor_id', '=', distributorId)
    .executeTakeFirst();
}

/** Records the device as one the user has signed in from; true when it had never been seen before. */
export async function rememberUserDevice(db: DbOrTrx, userId: string, deviceKey: string, at: string): Promise<boolean> {
  const res = await db
    .insertInto('user_devices')
    .values({ user_id: userId, device_key: deviceKey, first_seen_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'device_key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}
