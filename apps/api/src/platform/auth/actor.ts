// Who is calling: loaded once per request from the token's session, used by every service.
import type { Role } from '@portal/shared/auth/roles';
import { compiledOnce, type Db } from '../../db/database.ts';
import { keptFollowingRows } from '../../db/row-changes.ts';
import type { PermissionAction } from '@portal/shared/auth/permissions';
import { now, nowIso } from '../clock.ts';

export interface Actor {
  userId: string;
  sessionId: string;
  role: Role;
  name: string;
  distributorId: string;
  /** The retailer's own customer (role retailer). */
  customerId: string | null;
  /** The sales rep record (role sales). */
  salesRepId: string | null;
  /**
   * The sales rep's working customer, stored on the session; null when that customer is no longer
   * the rep's (reassigned) or is inactive, so nothing is shown or done for it.
   */
  currentCustomerId: string | null;
  distributorRoleId: string | null;
}

const LAST_SEEN_REFRESH_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** How long a session lives: since its last use (idle) and since sign-in (absolute). Config: SESSION_*_DAYS. */
export interface SessionLifetime {
  idleDays: number;
  maxDays: number;
}
export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleDays: 30, maxDays: 90 };

/**
 * The one activity rule for every role, used by sign-in and by every signed-in request: the user is
 * active, a retailer's store (customers.is_active) is active, and a sales rep's record
 * (sales_reps.is_active) is active. A distributor user depends on the user row alone.
 */
export function isActiveAccount(row: {
  is_active: number;
  role: Role;
  customer_active: number | null;
  rep_active: number | null;
}): boolean {
  if (!row.is_active) return false;
  if (row.role === 'retailer' && !row.customer_active) return false;
  if (row.role === 'sales' && !row.rep_active) return false;
  return true;
}

// Every signed-in request runs this: compiled once (see compiledOnce).
const sessionWithUser = compiledOnce(['sessionId'], (db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .leftJoin('sales_reps', 'sales_reps.id', 'users.sales_rep_id')
    .leftJoin('customers as working', 'working.id', 'sessions.current_customer_id')
    .select([
      'sessions.id as session_id',
      'sessions.revoked_at',
      'sessions.last_seen_at',
      'sessions.current_customer_id',
      'sessions.created_at',
      'users.id as user_id',
      'users.role',
      'users.name',
      'users.distributor_id',
      'users.customer_id',
      'users.sales_rep_id',
      'users.distributor_role_id',
      'users.is_active',
      'customers.is_active as customer_active',
      'sales_reps.is_active as rep_active',
      'working.sales_rep_id as working_rep_id',
      'working.distributor_id as working_distributor_id',
      'working.is_active as working_active',
    ])
    .where('sessions.id', '=', p.sessionId),
);

interface KnownSession {
  actor: Actor;
  /** When last_seen_at was last written. */
  lastSeenMs: number;
  /** When the session was signed in (created_at). */
  createdMs: number;
}

/**
 * The signed-in sessions this process has read, per database: every request of a signed-in user needs
 * its session and user, and reading them was a third of a cached catalogue search. An entry is dropped
 * the moment its rows change, so a revoked session, a deactivated user, store or sales rep, or a sales
 * rep's new working customer counts from the very next request, as when the rows were read each time
 * (see db/row-changes.ts; what changes: anything on users, a customer's or sales rep's is_active, a
 * customer's sales rep, and a session's revocation, working customer or owner, or its removal;
 * last_seen_at alone does not). Session expiry is checked on every use, cached or not.
 * Without a change feed (PostgreSQL) nothing is kept.
 */
const knownSessions = new WeakMap<object, Map<string, KnownSession>>();
const KNOWN_SESSIONS_MAX = 100_000;

function knownSessionsOf(db: Db): Map<string, KnownSession> | undefined {
  return keptFollowingRows(db, knownSessions, (changes) => {
    const sessions = new Map<string, KnownSession>();
    const forget = () => sessions.clear();
    changes.watch(
      'sessions',
      { on: ['update', 'delete'], columns: ['revoked_at', 'current_customer_id', 'user_id'], key: 'id' },
      forget,
    );
    changes.watch('users', { on: ['update', 'delete'], key: 'id' }, forget);
    changes.watch('customers', { on: ['update', 'delete'], columns: ['is_active', 'sales_rep_id'], key: 'id' }, forget);
    changes.watch('sales_reps', { on: ['update', 'delete'], columns: ['is_active'], key: 'id' }, forget);
    changes.onOutsideWrite(forget);
    return sessions;
  });
}

/**
 * The same time rule as SQL bounds, for lists of sessions (the devices list): a session is live when it
 * was last used after `lastSeenAfter` and signed in after `createdAfter` (ISO-8601 text compares in order).
 */
export function liveSessionBounds(lifetime: SessionLifetime): { lastSeenAfter: string; createdAfter: string } {
  const at = now().getTime();
  return {
    lastSeenAfter: new Date(at - lifetime.idleDays * DAY_MS).toISOString(),
    createdAfter: new Date(at - lifetime.maxDays * DAY_MS).toISOString(),
  };
}

/** Ended by time: unused for the idle time, or signed in longer ago than the absolute lifetime. */
function expired(session: KnownSession, lifetime: SessionLifetime): boolean {
  const at = now().getTime();
  return at - session.lastSeenMs > lifetime.idleDays * DAY_MS || at - session.createdMs > lifetime.maxDays * DAY_MS;
}

/**
 * The actor of a token's session, or null (then 401): the session must exist, be unrevoked, belong to
 * the token's user, be within its idle and absolute lifetime, and its account must pass isActiveAccount.
 */
export async function loadActor(
  db: Db,
  sessionId: string,
  userId: string,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): Promise<Actor | null> {
  const known = knownSessionsOf(db);
  const hit = known?.get(sessionId);
  if (hit && hit.actor.userId === userId) {
    if (expired(hit, lifetime)) return null;
    await refreshLastSeen(db, hit);
    return hit.actor;
  }
  const [row] = await sessionWithUser(db, { sessionId });
  if (!row || row.revoked_at || !isActiveAccount(row) || row.user_id !== userId) return null;
  const session: KnownSession = {
    actor: Object.freeze({
      userId: row.user_id,
      sessionId: row.session_id,
      role: row.role,
      name: row.name,
      distributorId: row.distributor_id,
      customerId: row.customer_id,
      salesRepId: row.sales_rep_id,
      currentCustomerId:
        row.current_customer_id &&
        row.working_active &&
        row.working_rep_id === row.sales_rep_id &&
        row.working_distributor_id === row.distributor_id
          ? row.current_customer_id
          : null,
      distributorRoleId: row.distributor_role_id,
    }),
    lastSeenMs: Date.parse(row.last_seen_at),
    createdMs: Date.parse(row.created_at),
  };
  if (expired(session, lifetime)) return null;
  await refreshLastSeen(db, session);
  if (known) {
    if (known.size >= KNOWN_SESSIONS_MAX) known.clear();
    known.set(sessionId, session);
  }
  return session.actor;
}

/** Records that the session was used, at most once a minute (the devices list shows it). */
async function refreshLastSeen(db: Db, session: KnownSession): Promise<void> {
  // The test clock (platform/clock), so that tests can move past the idle time.
  const at = now().getTime();
  if (at - session.lastSeenMs <= LAST_SEEN_REFRESH_MS) return;
  session.lastSeenMs = at;
  await db.updateTable('sessions').set({ last_seen_at: nowIso() }).where('id', '=', session.actor.sessionId).execute();
}

export type { PermissionAction } from '@portal/shared/auth/permissions';

const roleGrant = compiledOnce(['roleId', 'module'], (db, p) =>
  db
    .selectFrom('distributor_roles as r')
    .leftJoin('role_permissions as g', (j) => j.onRef('g.role_id', '=', 'r.id').on('g.module', '=', p.module))
    .select([
      'r.distributor_id',
      'r.kind',
      'r.is_owner',
      'g.can_view',
      'g.can_add',
      'g.can_edit',
      'g.can_delete',
      'g.can_export',
      'g.can_approve',
    ])
    .where('r.id', '=', p.roleId),
);

/**
 * Whether a user's permission role grants the action on the module: an office user's staff role (the
 * staff modules) or a sales rep's sales role (the sales modules). Read from the database on every
 * request (one primary-key lookup, never kept in memory), so a change to a role counts from its users'
 * next request. An owner role holds every staff action; the role must be of the user's distributor and of
 * the user's kind (a staff user holding a sales role gets no office module, and the other way round).
 */
export async function hasPermission(actor: Actor, db: Db, module: string, action: PermissionAction): Promise<boolean> {
  const kind = actor.role === 'distributor' ? 'staff' : actor.role === 'sales' ? 'sales' : null;
  if (!kind || !actor.distributorRoleId) return false;
  const [row] = await roleGrant(db, { roleId: actor.distributorRoleId, module });
  if (!row || row.distributor_id !== actor.distributorId || row.kind !== kind) return false;
  if (kind === 'staff' && Number(row.is_owner) === 1) return true;
  const flags: Record<PermissionAction, unknown> = {
    view: row.can_view,
    add: row.can_add,
    edit: row.can_edit,
    delete: row.can_delete,
    export: row.can_export,
    approve: row.can_approve,
  };
  return Number(flags[action]) === 1;
}
