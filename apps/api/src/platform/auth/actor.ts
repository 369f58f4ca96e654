// Who is calling: loaded once per request from the token's session, used by every service.
import type { Role } from '@portal/shared/auth/roles';
import { compiledOnce, type Db } from '../../db/database.ts';
import { keptFollowingRows } from '../../db/row-changes.ts';
import { nowIso } from '../clock.ts';

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
  /** The sales rep's working customer, stored on the session. */
  currentCustomerId: string | null;
  distributorRoleId: string | null;
}

const LAST_SEEN_REFRESH_MS = 60_000;

// Every signed-in request runs this: compiled once (see compiledOnce).
const sessionWithUser = compiledOnce(['sessionId'], (db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.revoked_at',
      'sessions.last_seen_at',
      'sessions.current_customer_id',
      'users.id as user_id',
      'users.role',
      'users.name',
      'users.distributor_id',
      'users.customer_id',
      'users.sales_rep_id',
      'users.distributor_role_id',
      'users.is_active',
    ])
    .where('sessions.id', '=', p.sessionId),
);

interface KnownSession {
  actor: Actor;
  /** When last_seen_at was last written. */
  lastSeenMs: number;
}

/**
 * The signed-in sessions this process has read, per database: every request of a signed-in user needs
 * its session and user, and reading them was a third of a cached catalogue search. An entry is dropped
 * the moment its rows change, so a revoked session, a deactivated user or a sales rep's new working
 * customer counts from the very next request, as when the rows were read each time (see
 * db/row-changes.ts; what changes: anything on users, and a session's revocation, working customer or
 * owner, or its removal; last_seen_at alone does not). Without a change feed (PostgreSQL) nothing is kept.
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
    changes.onOutsideWrite(forget);
    return sessions;
  });
}

export async function loadActor(db: Db, sessionId: string, userId: string): Promise<Actor | null> {
  const known = knownSessionsOf(db);
  const hit = known?.get(sessionId);
  if (hit && hit.actor.userId === userId) {
    await refreshLastSeen(db, hit);
    return hit.actor;
  }
  const [row] = await sessionWithUser(db, { sessionId });
  if (!row || row.revoked_at || !row.is_active || row.user_id !== userId) return null;
  const session: KnownSession = {
    actor: Object.freeze({
      userId: row.user_id,
      sessionId: row.session_id,
      role: row.role,
      name: row.name,
      distributorId: row.distributor_id,
      customerId: row.customer_id,
      salesRepId: row.sales_rep_id,
      currentCustomerId: row.current_customer_id,
      distributorRoleId: row.distributor_role_id,
    }),
    lastSeenMs: Date.parse(row.last_seen_at),
  };
  await refreshLastSeen(db, session);
  if (known) {
    if (known.size >= KNOWN_SESSIONS_MAX) known.clear();
    known.set(sessionId, session);
  }
  return session.actor;
}

/** Records that the session was used, at most once a minute (the devices list shows it). */
async function refreshLastSeen(db: Db, session: KnownSession): Promise<void> {
  if (Date.now() - session.lastSeenMs <= LAST_SEEN_REFRESH_MS) return;
  session.lastSeenMs = Date.now();
  await db.updateTable('sessions').set({ last_seen_at: nowIso() }).where('id', '=', session.actor.sessionId).execute();
}

export type PermissionAction = 'view' | 'add' | 'edit' | 'delete';

export async function hasPermission(db: Db, roleId: string | null, module: string, action: PermissionAction): Promise<boolean> {
  if (!roleId) return false;
  const row = await db
    .selectFrom('role_permissions')
    .select(['can_view', 'can_add', 'can_edit', 'can_delete'])
    .where('role_id', '=', roleId)
    .where('module', '=', module)
    .executeTakeFirst();
  if (!row) return false;
  return Boolean({ view: row.can_view, add: row.can_add, edit: row.can_edit, delete: row.can_delete }[action]);
}
