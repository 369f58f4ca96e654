// The office's staff users (issue 16 §1): distributor users listed, invited by e-mail or phone with a
// role (they sign in with a one-time code, then set a password on their profile), given another role,
// deactivated (every session ends at once) and reactivated, and signed out everywhere. The user rows,
// invitations and sessions are the auth service's work; this module checks that the user and role are
// the caller's distributor's, keeps the owner rule (the permissions service's assertOwnerRemains), and records every change in the audit log in the
// change's transaction. Only this distributor's users, role distributor (sales reps: sales-reps.service.ts).
import {
  STAFF_MESSAGES as M,
  type StaffChoices,
  type StaffDetail,
  type StaffList,
  type StaffUser,
  type changeStaffRoleBody,
  type inviteStaffBody,
  type staffListQuery,
} from '@portal/shared/staff/staff.schemas';
import type { AuditTrail } from '@portal/shared/audit/audit.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import { liveSessionBounds, type Actor, type SessionLifetime } from '../../platform/auth/actor.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { endUserSessions, inviteUser, setUserActiveAndEndSessions } from '../auth/auth.service.ts';
import { auditTrail, recordAudit } from '../audit/audit.service.ts';
import { findDistributor } from '../customers/customers.service.ts';
import { assertOwnerRemains, roleChoices } from '../permissions/permissions.service.ts';
import { countLiveSessions, findStaffUser, listStaff, setUserRole, type StaffDbRow } from './staff.repository.ts';

export interface StaffDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

function toStaffUser(row: StaffDbRow, actor: Actor): StaffUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role_id && row.role_name !== null ? { id: row.role_id, name: row.role_name } : null,
    isActive: Number(row.is_active) === 1,
    hasPassword: Number(row.has_password) === 1,
    lastSeenAt: row.last_seen_at,
    createdAt: row.created_at,
    isSelf: row.id === actor.userId,
  };
}

/** How a staff user reads in their audit trail. */
function auditFields(u: Pick<StaffUser, 'name' | 'email' | 'phone' | 'role' | 'isActive'>) {
  return { name: u.name, email: u.email, phone: u.phone, role: u.role?.name ?? null, status: u.isActive ? 'active' : 'inactive' };
}

function audit(
  db: DbOrTrx,
  actor: Actor,
  userId: string,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return recordAudit(db, {
    distributorId: actor.distributorId,
    entityType: 'user',
    entityId: userId,
    action,
    actor: { userId: actor.userId, name: actor.name },
    before,
    after,
  });
}

async function ownStaffUser(db: DbOrTrx, actor: Actor, userId: string): Promise<StaffDbRow> {
  const row = await findStaffUser(db, actor.distributorId, userId);
  if (!row) throw notFound(M.userNotFound);
  return row;
}

/** One of the distributor's staff roles (the permissions service's choices), or 400 on the field. */
async function ownRole(db: DbOrTrx, actor: Actor, roleId: string) {
  const role = (await roleChoices(db, actor.distributorId, 'staff')).find((r) => r.id === roleId);
  if (!role) throw badRequest(M.roleNotFound, { roleId: M.roleNotFound });
  return role;
}

/** GET /admin/staff */
export async function listStaffUsers(db: Db, actor: Actor, query: z.output<typeof staffListQuery>): Promise<StaffList> {
  const { rows, total } = await listStaff(
    db,
    { distributorId: actor.distributorId, search: query.search, roleId: query.roleId, status: query.status },
    { sort: query.sort ?? 'name', dir: query.dir ?? 'asc' },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map((r) => toStaffUser(r, actor)), total, page: query.page, limit: query.limit };
}

/** GET /admin/staff/choices: the roles a staff user can be given (and the list filtered by). */
export async function staffChoices(db: Db, actor: Actor): Promise<StaffChoices> {
  const roles = await roleChoices(db, actor.distributorId, 'staff');
  return { roles: roles.map((r) => ({ id: r.id, name: r.name })) };
}

/** GET /admin/staff/:userId */
export async function getStaffUser(db: Db, actor: Actor, userId: string, lifetime: SessionLifetime): Promise<StaffDetail> {
  const row = await ownStaffUser(db, actor, userId);
  const activeSessions = await countLiveSessions(db, row.id, liveSessionBounds(lifetime));
  return { ...toStaffUser(row, actor), activeSessions };
}

/**
 * POST /admin/staff: a staff user with the chosen role, without a password, invited through the outbox
 * (inviteUser). They sign in at /login with a one-time code and set a password on their profile.
 */
export async function inviteStaffUser(deps: StaffDeps, actor: Actor, body: z.output<typeof inviteStaffBody>): Promise<StaffUser> {
  const role = await ownRole(deps.db, actor, body.roleId);
  const distributor = await findDistributor(deps.db, actor.distributorId);
  const office = distributor?.company_name || distributor?.name || 'Your distributor';
  const user = await inviteUser(
    deps,
    {
      distributorId: actor.distributorId,
      role: 'distributor',
      name: body.name,
      emailPhone: body.emailPhone,
      distributorRoleId: role.id,
      signInPath: '/login',
      text: ({ name, isEmail, signInUrl }) => ({
        subject: `You are invited to the ${office} office portal`,
        body:
          `Hello ${name}, ${actor.name} has invited you to the ${office} office portal as ${role.name}. ` +
          `Sign in at ${signInUrl} with this ${isEmail ? 'e-mail address' : 'phone number'}: we send you a one-time code. ` +
          'Then set a password on your Profile page.',
      }),
    },
    {
      after: (trx, u) => audit(trx, actor, u.id, 'invited', null, auditFields({ ...u, role: { id: role.id, name: role.name } })),
    },
  );
  return {
    ...user,
    role: { id: role.id, name: role.name },
    hasPassword: false,
    lastSeenAt: null,
    isSelf: false,
  };
}

/**
 * PUT /admin/staff/:userId/role: another role, effective from the user's next request (the guard reads
 * the role's grants on each request). Nobody changes their own role (an owner cannot demote themself by
 * accident), and the last active owner keeps theirs.
 */
export async function changeStaffRole(
  db: Db,
  actor: Actor,
  userId: string,
  body: z.output<typeof changeStaffRoleBody>,
): Promise<StaffUser> {
  const row = await ownStaffUser(db, actor, userId);
  if (row.id === actor.userId) throw new AppError('CONFLICT', M.ownRole);
  const role = await ownRole(db, actor, body.roleId);
  if (row.role_id === role.id) throw badRequest(M.sameRole, { roleId: M.sameRole });
  const before = toStaffUser(row, actor);
  const after = { ...before, role: { id: role.id, name: role.name } };
  await db.transaction().execute(async (trx) => {
    await assertOwnerRemains(trx, actor.distributorId, { kind: 'role', userId: row.id, roleId: role.id });
    await setUserRole(trx, row.id, role.id);
    await audit(trx, actor, row.id, 'role_changed', auditFields(before), auditFields(after));
  });
  return after;
}

/**
 * POST /admin/staff/:userId/deactivate, /reactivate. Deactivation ends every session of the user at
 * once (their token answers 401 on the next request) and refuses sign-in; nobody deactivates themself,
 * and the last active owner stays active.
 */
export async function setStaffActive(db: Db, actor: Actor, userId: string, active: boolean): Promise<StaffUser> {
  const row = await ownStaffUser(db, actor, userId);
  if (!active && row.id === actor.userId) throw new AppError('CONFLICT', M.notYourself);
  const before = toStaffUser(row, actor);
  const after = { ...before, isActive: active };
  await setUserActiveAndEndSessions(db, row.id, active, {
    before: async (trx) => {
      if (!active) await assertOwnerRemains(trx, actor.distributorId, { kind: 'deactivate', userId: row.id });
    },
    after: (trx) => audit(trx, actor, row.id, active ? 'reactivated' : 'deactivated', auditFields(before), auditFields(after)),
  });
  return after;
}

/**
 * POST /admin/staff/:userId/signOutEverywhere: every session of the user ends (401 from the next
 * request). Signing oneself out everywhere keeps the session that asked, as a password change does.
 */
export async function signOutStaffEverywhere(db: Db, actor: Actor, userId: string): Promise<{ sessionsEnded: number }> {
  const row = await ownStaffUser(db, actor, userId);
  const keep = row.id === actor.userId ? actor.sessionId : null;
  const sessionsEnded = await endUserSessions(db, row.id, keep, (trx, ended) =>
    audit(trx, actor, row.id, 'signed_out', null, {
      sessions: ended === 1 ? 'signed out of 1 session' : `signed out of ${ended} sessions`,
    }),
  );
  return { sessionsEnded };
}

/** GET /admin/staff/:userId/audit: the user's history, newest first. */
export async function staffAuditTrail(
  db: Db,
  actor: Actor,
  userId: string,
  query: { page: number; limit: number },
): Promise<AuditTrail> {
  const row = await ownStaffUser(db, actor, userId);
  return auditTrail(db, { distributorId: actor.distributorId, entityType: 'user', entityId: row.id, ...query });
}
