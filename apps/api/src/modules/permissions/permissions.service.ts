// Roles and their grants (issue 16 §1, docs/permissions.md): the office's roles list, one role, its
// grid of modules × actions, and the rules around them: the built-in owner role holds every action and
// cannot be reduced, renamed or deleted; a role in use cannot be deleted; the last active owner cannot
// be demoted or deactivated (assertOwnerRemains, called by the staff users' service too).
// Every change is written with its audit entry in one transaction.
import { resolveSorting } from '@portal/shared/api/sort';
import type { AuditTrail, auditTrailQuery } from '@portal/shared/audit/audit.schemas';
import {
  ownerGrants,
  PERMISSION_ACTIONS,
  type Grant,
  type ModulePermission,
  type RoleKind,
} from '@portal/shared/auth/permissions';
import {
  fullGrants,
  grantProblems,
  ROLE_DEFAULT_SORT,
  ROLE_MESSAGES,
  type RoleChoice,
  type RoleDetail,
  type RoleInput,
  type RoleList,
  type RoleRow,
  type roleEditBody,
  type roleListQuery,
} from '@portal/shared/permissions/permissions.schemas';
import type { z } from 'zod';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { auditTrail, recordAudit } from '../audit/audit.service.ts';
import { ownerRules, type OwnerChange } from './owner-rules.ts';
import {
  activeOwnerIds,
  countRoleUsers,
  deleteRole,
  findRole,
  findRoleByName,
  findRoleKind,
  findUserActive,
  insertRole,
  listGrantRows,
  listRoleChoices,
  listRoles,
  replaceGrantRows,
  updateRole,
  type RoleDbRow,
} from './permissions.repository.ts';

export type { OwnerChange } from './owner-rules.ts';

type GrantRow = Awaited<ReturnType<typeof listGrantRows>>[number];

function toGrant(row: GrantRow): Grant {
  return {
    module: row.module,
    view: Number(row.can_view) === 1,
    add: Number(row.can_add) === 1,
    edit: Number(row.can_edit) === 1,
    delete: Number(row.can_delete) === 1,
    export: Number(row.can_export) === 1,
    approve: Number(row.can_approve) === 1,
  };
}

const byModule = (a: ModulePermission, b: ModulePermission) => (a.module < b.module ? -1 : a.module > b.module ? 1 : 0);

/**
 * A role's grants as rolesPermission lists them (sign-in, session restore): an owner role every staff
 * module with every action; another role its stored modules. Read from the database on every call,
 * so a change to a role shows in its users' next sign-in or restore. Sorted here, not in SQL: the two
 * databases collate differently.
 */
export async function grantsOfRole(db: DbOrTrx, roleId: string | null): Promise<Grant[]> {
  if (!roleId) return [];
  const role = await findRoleKind(db, roleId);
  if (!role) return [];
  if (Number(role.is_owner) === 1) return ownerGrants().sort(byModule);
  return (await listGrantRows(db, roleId)).map(toGrant).sort(byModule);
}

function toRow(row: RoleDbRow): RoleRow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    isOwner: Number(row.is_owner) === 1,
    isSystem: Number(row.is_system) === 1,
    userCount: Number(row.user_count),
    moduleCount: Number(row.is_owner) === 1 ? ownerGrants().length : Number(row.module_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listRoleRows(db: Db, actor: Actor, query: z.output<typeof roleListQuery>): Promise<RoleList> {
  const sorting = resolveSorting(ROLE_DEFAULT_SORT, query.sort, query.dir);
  const { rows, total } = await listRoles(
    db,
    { distributorId: actor.distributorId, search: query.search || undefined, kind: query.kind },
    sorting,
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map(toRow), total, page: query.page, limit: query.limit };
}

async function roleOf(db: DbOrTrx, actor: Actor, id: string): Promise<RoleDbRow> {
  const row = await findRole(db, actor.distributorId, id);
  if (!row) throw notFound(ROLE_MESSAGES.notFound);
  return row;
}

async function detailOf(db: DbOrTrx, row: RoleDbRow): Promise<RoleDetail> {
  return { ...toRow(row), grants: fullGrants(row.kind, await grantsOfRole(db, row.id)) };
}

export async function getRole(db: Db, actor: Actor, id: string): Promise<RoleDetail> {
  return detailOf(db, await roleOf(db, actor, id));
}

async function refuseDuplicate(db: DbOrTrx, actor: Actor, name: string, exceptId?: string): Promise<void> {
  const other = await findRoleByName(db, actor.distributorId, name, exceptId);
  if (other) throw conflict(ROLE_MESSAGES.duplicate(other.name));
}

/** A grant as the audit log shows it: the granted actions in the table's order, e.g. "view, edit". */
function grantText(grants: readonly ModulePermission[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const g of grants) {
    const actions = PERMISSION_ACTIONS.filter((a) => g[a]);
    if (actions.length) out[g.module] = actions.join(', ');
  }
  return out;
}

function auditFields(row: Pick<RoleDbRow, 'name' | 'description' | 'kind'>) {
  return { name: row.name, description: row.description, kind: row.kind };
}

const auditActor = (actor: Actor) => ({ userId: actor.userId, name: actor.name });

export async function createRole(db: Db, actor: Actor, input: RoleInput): Promise<RoleDetail> {
  const id = newId();
  return db.transaction().execute(async (trx) => {
    await refuseDuplicate(trx, actor, input.name);
    const row = { id, distributor_id: actor.distributorId, name: input.name, description: input.description, kind: input.kind };
    await insertRole(trx, { ...row, created_at: nowIso() });
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'role',
      entityId: id,
      action: 'created',
      actor: auditActor(actor),
      before: null,
      after: auditFields(row),
    });
    return detailOf(trx, await roleOf(trx, actor, id));
  });
}

export async function editRole(db: Db, actor: Actor, id: string, input: z.output<typeof roleEditBody>): Promise<RoleDetail> {
  return db.transaction().execute(async (trx) => {
    const before = await roleOf(trx, actor, id);
    if (Number(before.is_owner) === 1 && input.name !== before.name) {
      throw new AppError('OWNER_ROLE', ROLE_MESSAGES.ownerRename, { status: 409 });
    }
    await refuseDuplicate(trx, actor, input.name, id);
    await updateRole(trx, actor.distributorId, id, { name: input.name, description: input.description, updated_at: nowIso() });
    const after = await roleOf(trx, actor, id);
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'role',
      entityId: id,
      action: 'updated',
      actor: auditActor(actor),
      before: auditFields(before),
      after: auditFields(after),
    });
    return detailOf(trx, after);
  });
}

/**
 * Replaces a role's grants with the ones given (modules left out hold nothing). The grants count from
 * its users' next request: the guard reads them on every request (platform/auth/actor.ts hasPermission).
 */
export async function setRoleGrants(db: Db, actor: Actor, id: string, grants: readonly ModulePermission[]): Promise<RoleDetail> {
  return db.transaction().execute(async (trx) => {
    const role = await roleOf(trx, actor, id);
    if (Number(role.is_owner) === 1) throw new AppError('OWNER_ROLE', ROLE_MESSAGES.ownerGrants, { status: 409 });
    const problem = grantProblems(role.kind, grants);
    if (problem) throw badRequest(problem, { grants: problem });
    const before = await grantsOfRole(trx, id);
    const kept = grants.filter((g) => PERMISSION_ACTIONS.some((a) => g[a]));
    await replaceGrantRows(
      trx,
      id,
      kept.map((g) => ({
        role_id: id,
        module: g.module,
        can_view: g.view ? 1 : 0,
        can_add: g.add ? 1 : 0,
        can_edit: g.edit ? 1 : 0,
        can_delete: g.delete ? 1 : 0,
        can_export: g.export ? 1 : 0,
        can_approve: g.approve ? 1 : 0,
      })),
    );
    await updateRole(trx, actor.distributorId, id, { updated_at: nowIso() });
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'role',
      entityId: id,
      action: 'permissions',
      actor: auditActor(actor),
      before: grantText(before),
      after: grantText(kept),
    });
    return detailOf(trx, await roleOf(trx, actor, id));
  });
}

/** Deletes a role no user holds; the owner role and built-in roles stay. */
export async function removeRole(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const role = await roleOf(trx, actor, id);
    if (Number(role.is_owner) === 1) throw new AppError('OWNER_ROLE', ROLE_MESSAGES.ownerDelete, { status: 409 });
    const users = await countRoleUsers(trx, id);
    if (users > 0) throw new AppError('ROLE_IN_USE', ROLE_MESSAGES.inUse(users), { status: 409 });
    const grants = await grantsOfRole(trx, id);
    await deleteRole(trx, actor.distributorId, id);
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'role',
      entityId: id,
      action: 'deleted',
      actor: auditActor(actor),
      before: { ...auditFields(role), ...grantText(grants) },
      after: null,
    });
  });
}

export async function roleAudit(db: Db, actor: Actor, id: string, query: z.output<typeof auditTrailQuery>): Promise<AuditTrail> {
  await roleOf(db, actor, id);
  return auditTrail(db, { distributorId: actor.distributorId, entityType: 'role', entityId: id, ...query });
}

/**
 * For the staff users' service: refuses (409, ROLE_MESSAGES.lastOwner) a change to an office user that
 * would leave the distributor without an active owner. Call it inside the transaction that makes the
 * change, before making it: a role change `{ kind: 'role', userId, roleId }`, a deactivation
 * `{ kind: 'deactivate', userId }`, a deletion `{ kind: 'delete', userId }`. A role of another
 * distributor or of the sales kind is refused (400) for an office user here too.
 */
export async function assertOwnerRemains(trx: DbOrTrx, distributorId: string, change: OwnerChange): Promise<void> {
  let newRoleIsOwner = false;
  let userIsActive = true;
  if (change.kind === 'role') {
    if (change.roleId) {
      const role = await findRoleKind(trx, change.roleId);
      if (!role || role.distributor_id !== distributorId)
        throw badRequest(ROLE_MESSAGES.notFound, { roleId: ROLE_MESSAGES.notFound });
      newRoleIsOwner = Number(role.is_owner) === 1;
    }
    const user = await findUserActive(trx, distributorId, change.userId);
    userIsActive = Number(user?.is_active ?? 0) === 1;
  }
  const verdict = ownerRules(change, { activeOwnerIds: await activeOwnerIds(trx, distributorId), newRoleIsOwner, userIsActive });
  if (!verdict.allowed) throw new AppError('LAST_OWNER', ROLE_MESSAGES.lastOwner, { status: 409 });
}

/** The roles a user can be given, owner first then by name, optionally of one kind (staff users' form). */
export async function roleChoices(db: DbOrTrx, distributorId: string, kind?: RoleKind): Promise<RoleChoice[]> {
  const rows = await listRoleChoices(db, distributorId);
  return rows
    .filter((r) => !kind || r.kind === kind)
    .map((r) => ({ id: r.id, name: r.name, kind: r.kind, isOwner: Number(r.is_owner) === 1 }))
    .sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
}
