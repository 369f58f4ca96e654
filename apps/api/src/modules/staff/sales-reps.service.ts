// Sales reps managed in the office (issue 16 §1): the rep record (code, name, status) with its sign-in
// (a sales user, invited like staff: one-time code, then a password through "Forgot password"), its
// sales role (a role of kind sales, docs/permissions.md) whose grants are the rep's modules: they show its
// optional menu items (Account Receivable, Promo & Discounts, Track Login Devices) from its next sign-in
// or session restore; switching a module changes the role, so every rep of the role (the permissions
// service's setRoleGrants, audited on the role). Its customers (read-only; moving them is the retailers
// screen's reassign), deactivation (every session of its sign-in ends at once) and sign-out everywhere.
// Every change to the rep is recorded in the audit log (entity `sales_rep`) in its transaction.
import { SALES_MODULES } from '@portal/shared/auth/modules';
import type { AuditTrail } from '@portal/shared/audit/audit.schemas';
import {
  STAFF_MESSAGES as M,
  type SalesModule,
  type SalesRep,
  type SalesRepCustomers,
  type SalesRepList,
  type StaffChoices,
  type createSalesRepBody,
  type inviteSalesRepBody,
  type salesRepCustomersQuery,
  type salesRepListQuery,
  type changeStaffRoleBody,
  type salesRepModulesBody,
} from '@portal/shared/staff/staff.schemas';
import { normalizeEmailPhone } from '@portal/shared/auth/auth.schemas';
import type { z } from 'zod';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { endUserSessions, endUserSessionsIn, inviteUser } from '../auth/auth.service.ts';
import { auditTrail, recordAudit } from '../audit/audit.service.ts';
import { findDistributor } from '../customers/customers.service.ts';
import { grantsOfRole, roleChoices, setRoleGrants } from '../permissions/permissions.service.ts';
import {
  findSalesRep,
  insertSalesRep,
  listRepCustomers,
  listSalesReps,
  repCodes,
  repCodeTaken,
  repUserIds,
  setUserRole,
  updateSalesRep,
  type SalesRepDbRow,
} from './staff.repository.ts';
import type { StaffDeps } from './staff.service.ts';

const ORDERED = (modules: readonly string[]): SalesModule[] => SALES_MODULES.filter((m) => modules.includes(m));

function toSalesRep(row: SalesRepDbRow, modules: readonly string[]): SalesRep {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    email: row.email,
    phone: row.phone,
    isActive: Number(row.is_active) === 1,
    user: row.user_id
      ? {
          id: row.user_id,
          isActive: Number(row.user_active) === 1,
          hasPassword: Number(row.user_has_password) === 1,
          lastSeenAt: row.user_last_seen_at,
        }
      : null,
    customerCount: Number(row.customer_count),
    role: row.role_id ? { id: row.role_id, name: row.role_name ?? '', repCount: Number(row.role_rep_count ?? 0) } : null,
    modules: ORDERED(modules),
  };
}

/** The sales modules each of these roles grants (view), by role id. */
async function modulesOfRoles(db: DbOrTrx, roleIds: readonly (string | null)[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const id of new Set(roleIds)) {
    if (!id) continue;
    const grants = await grantsOfRole(db, id);
    out.set(
      id,
      grants.filter((g) => g.view).map((g) => g.module),
    );
  }
  return out;
}

/** How a rep reads in its audit trail. */
function auditFields(rep: Pick<SalesRep, 'code' | 'name' | 'email' | 'phone' | 'isActive' | 'role'>) {
  return {
    code: rep.code,
    name: rep.name,
    email: rep.email,
    phone: rep.phone,
    status: rep.isActive ? 'active' : 'inactive',
    role: rep.role?.name ?? null,
  };
}

function audit(
  db: DbOrTrx,
  actor: Actor,
  repId: string,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return recordAudit(db, {
    distributorId: actor.distributorId,
    entityType: 'sales_rep',
    entityId: repId,
    action,
    actor: { userId: actor.userId, name: actor.name },
    before,
    after,
  });
}

async function ownRep(db: DbOrTrx, actor: Actor, repId: string): Promise<SalesRep> {
  const row = await findSalesRep(db, actor.distributorId, repId);
  if (!row) throw notFound(M.repNotFound);
  const modules = await modulesOfRoles(db, [row.role_id]);
  return toSalesRep(row, (row.role_id && modules.get(row.role_id)) || []);
}

/** GET /admin/sales-reps */
export async function listSalesRepRows(db: Db, actor: Actor, query: z.output<typeof salesRepListQuery>): Promise<SalesRepList> {
  const { rows, total } = await listSalesReps(
    db,
    { distributorId: actor.distributorId, search: query.search, status: query.status },
    { sort: query.sort ?? 'name', dir: query.dir ?? 'asc' },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  const modules = await modulesOfRoles(
    db,
    rows.map((r) => r.role_id),
  );
  return {
    items: rows.map((r) => toSalesRep(r, (r.role_id && modules.get(r.role_id)) || [])),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** GET /admin/sales-reps/choices: the sales roles a rep can hold, in the permissions service's order. */
export async function salesRepChoices(db: Db, actor: Actor): Promise<StaffChoices> {
  const roles = await roleChoices(db, actor.distributorId, 'sales');
  return { roles: roles.map((r) => ({ id: r.id, name: r.name })) };
}

/** GET /admin/sales-reps/:repId */
export function getSalesRep(db: Db, actor: Actor, repId: string): Promise<SalesRep> {
  return ownRep(db, actor, repId);
}

/** The next free code of the form SR01, SR02, … (two digits at least). */
export function nextRepCode(codes: readonly string[]): string {
  let max = 0;
  for (const code of codes) {
    const n = /^SR(\d+)$/i.exec(code)?.[1];
    if (n) max = Math.max(max, Number(n));
  }
  return `SR${String(max + 1).padStart(2, '0')}`;
}

function repInvitation(office: string, inviter: string) {
  return ({ name, isEmail, signInUrl }: { name: string; isEmail: boolean; signInUrl: string }) => ({
    subject: `You are invited to sell for ${office}`,
    body:
      `Hello ${name}, ${inviter} has invited you to the ${office} portal as a sales representative. ` +
      `Sign in at ${signInUrl} with this ${isEmail ? 'e-mail address' : 'phone number'}: we send you a one-time code. ` +
      'You can then set a password with "Forgot password" and use the sales sign-in.',
  });
}

async function officeName(db: Db, distributorId: string) {
  const distributor = await findDistributor(db, distributorId);
  return distributor?.company_name || distributor?.name || 'Your distributor';
}

/**
 * POST /admin/sales-reps: a rep record and its sign-in (a sales user without a password), created in
 * one transaction and invited through the outbox; the modules chosen (default: all) are granted.
 */
export async function createSalesRep(
  deps: StaffDeps,
  actor: Actor,
  body: z.output<typeof createSalesRepBody>,
): Promise<SalesRep> {
  const codeTaken = () => new AppError('CONFLICT', M.repCodeTaken, { fields: { code: M.repCodeTaken } });
  const code = body.code ?? nextRepCode(await repCodes(deps.db, actor.distributorId));
  if (await repCodeTaken(deps.db, actor.distributorId, code)) throw codeTaken();
  const address = normalizeEmailPhone(body.emailPhone);
  const isEmail = address.includes('@');
  const salesRoles = await roleChoices(deps.db, actor.distributorId, 'sales');
  const role = body.roleId ? salesRoles.find((r) => r.id === body.roleId) : salesRoles[0];
  if (body.roleId && !role) throw badRequest(M.roleNotFound, { roleId: M.roleNotFound });
  const modules = role ? ((await modulesOfRoles(deps.db, [role.id])).get(role.id) ?? []) : [];
  const repId = newId();
  const rep: SalesRep = {
    id: repId,
    code,
    name: body.name,
    email: isEmail ? address : null,
    phone: isEmail ? null : address,
    isActive: true,
    user: null,
    customerCount: 0,
    role: role ? { id: role.id, name: role.name, repCount: 0 } : null,
    modules: ORDERED(modules),
  };
  const user = await inviteUser(
    deps,
    {
      distributorId: actor.distributorId,
      role: 'sales',
      name: body.name,
      emailPhone: address,
      salesRepId: repId,
      distributorRoleId: role?.id ?? null,
      signInPath: '/login',
      text: repInvitation(await officeName(deps.db, actor.distributorId), actor.name),
    },
    {
      before: async (trx) => {
        await insertSalesRep(trx, {
          id: repId,
          distributor_id: actor.distributorId,
          code,
          name: body.name,
          email: rep.email,
          phone: rep.phone,
          is_active: 1,
        });
      },
      after: (trx) => audit(trx, actor, repId, 'created', null, { ...auditFields(rep), signIn: 'invited' }),
    },
  );
  return {
    ...rep,
    role: rep.role ? { ...rep.role, repCount: rep.role.repCount + 1 } : null,
    user: { id: user.id, isActive: true, hasPassword: false, lastSeenAt: null },
  };
}

/** POST /admin/sales-reps/:repId/invite: a sign-in for a rep record nobody signs in as yet. */
export async function inviteSalesRep(
  deps: StaffDeps,
  actor: Actor,
  repId: string,
  body: z.output<typeof inviteSalesRepBody>,
): Promise<SalesRep> {
  const rep = await ownRep(deps.db, actor, repId);
  if (rep.user) throw new AppError('CONFLICT', M.repInvitedAlready);
  const address = normalizeEmailPhone(body.emailPhone);
  const isEmail = address.includes('@');
  const contact = { email: isEmail ? address : rep.email, phone: isEmail ? rep.phone : address };
  const [role] = await roleChoices(deps.db, actor.distributorId, 'sales');
  await inviteUser(
    deps,
    {
      distributorId: actor.distributorId,
      role: 'sales',
      name: rep.name,
      emailPhone: address,
      salesRepId: rep.id,
      distributorRoleId: role?.id ?? null,
      signInPath: '/login',
      text: repInvitation(await officeName(deps.db, actor.distributorId), actor.name),
    },
    {
      after: async (trx) => {
        await updateSalesRep(trx, rep.id, contact);
        const after = { ...rep, ...contact, role: role ? { id: role.id, name: role.name, repCount: 0 } : null };
        await audit(trx, actor, rep.id, 'invited', auditFields(rep), { ...auditFields(after), signIn: 'invited' });
      },
    },
  );
  return ownRep(deps.db, actor, rep.id);
}

/**
 * PUT /admin/sales-reps/:repId/role: the rep's sign-in gets another sales role (its modules follow at its
 * next sign-in or restore).
 */
export async function changeSalesRepRole(
  db: Db,
  actor: Actor,
  repId: string,
  body: z.output<typeof changeStaffRoleBody>,
): Promise<SalesRep> {
  const before = await ownRep(db, actor, repId);
  if (!before.user) throw new AppError('CONFLICT', M.repHasNoUser);
  const role = (await roleChoices(db, actor.distributorId, 'sales')).find((r) => r.id === body.roleId);
  if (!role) throw badRequest(M.roleNotFound, { roleId: M.roleNotFound });
  if (before.role?.id === role.id) throw badRequest(M.sameRole, { roleId: M.sameRole });
  const userId = before.user.id;
  await db.transaction().execute(async (trx) => {
    await setUserRole(trx, userId, role.id);
    const after = { ...before, role: { id: role.id, name: role.name, repCount: 0 } };
    await audit(trx, actor, before.id, 'role_changed', auditFields(before), auditFields(after));
  });
  return ownRep(db, actor, repId);
}

/**
 * PUT /admin/sales-reps/:repId/modules: the sales modules of the rep's sales role, replaced as a whole
 * (view only), so for every rep of the role (the screen says how many); the permissions service writes
 * the grants and the role's audit entry. The reps' menus follow at their next sign-in or restore.
 */
export async function setSalesRepModules(
  db: Db,
  actor: Actor,
  repId: string,
  body: z.output<typeof salesRepModulesBody>,
): Promise<SalesRep> {
  const rep = await ownRep(db, actor, repId);
  if (!rep.role) throw new AppError('CONFLICT', M.repNeedsRole);
  await setRoleGrants(
    db,
    actor,
    rep.role.id,
    body.modules.map((module) => ({ module, view: true, add: false, edit: false, delete: false, export: false, approve: false })),
  );
  return ownRep(db, actor, repId);
}

/**
 * POST /admin/sales-reps/:repId/deactivate, /reactivate. A deactivated rep cannot sign in and every
 * session of its sign-in ends at once (401 on the next request); its customers stay assigned to it
 * until they are moved (the retailers screen's reassign refuses an inactive rep as the new one).
 */
export async function setSalesRepActive(db: Db, actor: Actor, repId: string, active: boolean): Promise<SalesRep> {
  const before = await ownRep(db, actor, repId);
  const after = { ...before, isActive: active };
  const users = await repUserIds(db, before.id);
  await db.transaction().execute(async (trx) => {
    await updateSalesRep(trx, before.id, { is_active: active ? 1 : 0 });
    // The rep record's status already refuses its sessions (platform/auth/actor.ts isActiveAccount); they
    // are ended as well so that reactivating the rep does not revive them.
    if (!active) for (const userId of users) await endUserSessionsIn(trx, userId);
    await audit(trx, actor, before.id, active ? 'reactivated' : 'deactivated', auditFields(before), auditFields(after));
  });
  return after;
}

/** POST /admin/sales-reps/:repId/signOutEverywhere: every session of the rep's sign-in ends. */
export async function signOutSalesRepEverywhere(db: Db, actor: Actor, repId: string): Promise<{ sessionsEnded: number }> {
  const rep = await ownRep(db, actor, repId);
  if (!rep.user) throw new AppError('CONFLICT', M.repHasNoUser);
  const sessionsEnded = await endUserSessions(db, rep.user.id, null, (trx, ended) =>
    audit(trx, actor, rep.id, 'signed_out', null, {
      sessions: ended === 1 ? 'signed out of 1 session' : `signed out of ${ended} sessions`,
    }),
  );
  return { sessionsEnded };
}

/** GET /admin/sales-reps/:repId/customers: the rep's customers, read-only. */
export async function salesRepCustomers(
  db: Db,
  actor: Actor,
  repId: string,
  query: z.output<typeof salesRepCustomersQuery>,
): Promise<SalesRepCustomers> {
  const rep = await ownRep(db, actor, repId);
  const { rows, total } = await listRepCustomers(db, actor.distributorId, rep.id, query.search, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    items: rows.map((c) => ({
      id: c.id,
      C_Number: c.c_number,
      companyName: c.company_name,
      city: c.city,
      routeNumber: c.route_number,
      balanceCents: Number(c.balance_cents),
      isActive: Number(c.is_active) === 1,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** GET /admin/sales-reps/:repId/audit */
export async function salesRepAuditTrail(
  db: Db,
  actor: Actor,
  repId: string,
  query: { page: number; limit: number },
): Promise<AuditTrail> {
  const rep = await ownRep(db, actor, repId);
  return auditTrail(db, { distributorId: actor.distributorId, entityType: 'sales_rep', entityId: rep.id, ...query });
}
