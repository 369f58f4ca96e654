// Who is calling: loaded once per request from the token's session, used by every service.
import type { Role } from '@portal/shared/auth/roles';
import type { Db } from '../../db/database.ts';
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

export async function loadActor(db: Db, sessionId: string, userId: string): Promise<Actor | null> {
  const row = await db
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
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (!row || row.revoked_at || !row.is_active || row.user_id !== userId) return null;

  if (Date.now() - Date.parse(row.last_seen_at) > LAST_SEEN_REFRESH_MS) {
    await db.updateTable('sessions').set({ last_seen_at: nowIso() }).where('id', '=', sessionId).execute();
  }
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    role: row.role,
    name: row.name,
    distributorId: row.distributor_id,
    customerId: row.customer_id,
    salesRepId: row.sales_rep_id,
    currentCustomerId: row.current_customer_id,
    distributorRoleId: row.distributor_role_id,
  };
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
