// All SQL of roles and their grants: one distributor's roles with user and module counts (paged, sorted,
// searched), one role's grants, inserts, updates, the owners the last-owner rule counts.
import { sql, type SqlBool } from 'kysely';
import type { Sorting } from '@portal/shared/api/sort';
import type { RoleKind } from '@portal/shared/auth/permissions';
import type { RoleSortKey } from '@portal/shared/permissions/permissions.schemas';
import type { DbOrTrx } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { RolePermissionTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/like.ts';

export interface RoleDbRow {
  id: string;
  distributor_id: string;
  name: string;
  description: string | null;
  kind: RoleKind;
  is_owner: number;
  is_system: number;
  created_at: string;
  updated_at: string | null;
  user_count: number | string;
  module_count: number | string;
}

export interface RoleListFilter {
  distributorId: string;
  search?: string;
  kind: RoleKind | 'all';
}

function rolesQuery(db: DbOrTrx, f: RoleListFilter) {
  let q = db.selectFrom('distributor_roles as r').where('r.distributor_id', '=', f.distributorId);
  if (f.kind !== 'all') q = q.where('r.kind', '=', f.kind);
  if (f.search) {
    const p = containsPattern(f.search);
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(r.name) like ${p} escape '\\'`,
        sql<SqlBool>`lower(coalesce(r.description, '')) like ${p} escape '\\'`,
      ]),
    );
  }
  return q;
}

const userCount = sql<number | string>`(select count(*) from users u where u.distributor_role_id = r.id)`;
const moduleCount = sql<
  number | string
>`(select count(*) from role_permissions p where p.role_id = r.id and (p.can_view = 1 or p.can_add = 1 or p.can_edit = 1 or p.can_delete = 1 or p.can_export = 1 or p.can_approve = 1))`;
const COLUMNS = [
  'r.id',
  'r.distributor_id',
  'r.name',
  'r.description',
  'r.kind',
  'r.is_owner',
  'r.is_system',
  'r.created_at',
  'r.updated_at',
] as const;

export async function listRoles(
  db: DbOrTrx,
  f: RoleListFilter,
  sorting: Sorting<RoleSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: RoleDbRow[]; total: number }> {
  const { dir } = sorting;
  let q = rolesQuery(db, f)
    .select([...COLUMNS])
    .select([userCount.as('user_count'), moduleCount.as('module_count')]);
  if (sorting.sort === 'userCount') q = q.orderBy('user_count', dir);
  else if (sorting.sort === 'createdAt') q = q.orderBy('r.created_at', dir);
  // never changed sorts as its creation
  else if (sorting.sort === 'updatedAt') q = q.orderBy(sql`coalesce(r.updated_at, r.created_at)`, dir);
  const rows = await q
    .orderBy(sql`lower(r.name)`, sorting.sort === 'name' ? dir : 'asc')
    .orderBy('r.id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await rolesQuery(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows as RoleDbRow[], total: Number(count.n) };
}

export async function findRole(db: DbOrTrx, distributorId: string, id: string): Promise<RoleDbRow | undefined> {
  const row = await db
    .selectFrom('distributor_roles as r')
    .select([...COLUMNS])
    .select([userCount.as('user_count'), moduleCount.as('module_count')])
    .where('r.distributor_id', '=', distributorId)
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row as RoleDbRow | undefined;
}

/** Another role of this distributor with the same name, letter case aside. */
export function findRoleByName(db: DbOrTrx, distributorId: string, name: string, exceptId?: string) {
  let q = db
    .selectFrom('distributor_roles')
    .select(['id', 'name'])
    .where('distributor_id', '=', distributorId)
    .where(sql<SqlBool>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export function listGrantRows(db: DbOrTrx, roleId: string) {
  return db
    .selectFrom('role_permissions')
    .select(['module', 'can_view', 'can_add', 'can_edit', 'can_delete', 'can_export', 'can_approve'])
    .where('role_id', '=', roleId)
    .execute();
}

export function findRoleKind(db: DbOrTrx, roleId: string) {
  return db
    .selectFrom('distributor_roles')
    .select(['distributor_id', 'kind', 'is_owner'])
    .where('id', '=', roleId)
    .executeTakeFirst();
}

export async function insertRole(
  db: DbOrTrx,
  row: { id: string; distributor_id: string; name: string; description: string | null; kind: RoleKind; created_at: string },
): Promise<void> {
  await db
    .insertInto('distributor_roles')
    .values({ ...row, is_system: 0, is_owner: 0, updated_at: null })
    .execute();
}

export async function updateRole(
  db: DbOrTrx,
  distributorId: string,
  id: string,
  fields: { name?: string; description?: string | null; updated_at: string },
): Promise<void> {
  await db
    .updateTable('distributor_roles')
    .set(fields)
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .execute();
}

export async function replaceGrantRows(db: DbOrTrx, roleId: string, rows: Insertable<RolePermissionTable>[]): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (rows.length) await db.insertInto('role_permissions').values(rows).execute();
}

export async function deleteRole(db: DbOrTrx, distributorId: string, id: string): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', id).execute();
  await db.deleteFrom('distributor_roles').where('distributor_id', '=', distributorId).where('id', '=', id).execute();
}

export async function countRoleUsers(db: DbOrTrx, roleId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('distributor_role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The distributor's active office users holding an owner role. */
export async function activeOwnerIds(db: DbOrTrx, distributorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('distributor_roles as r', 'r.id', 'u.distributor_role_id')
    .select('u.id')
    .where('u.distributor_id', '=', distributorId)
    .where('u.role', '=', 'distributor')
    .where('u.is_active', '=', 1)
    .where('r.is_owner', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

export function findUserActive(db: DbOrTrx, distributorId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'is_active'])
    .where('distributor_id', '=', distributorId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function listRoleChoices(db: DbOrTrx, distributorId: string) {
  return db
    .selectFrom('distributor_roles')
    .select(['id', 'name', 'kind', 'is_owner'])
    .where('distributor_id', '=', distributorId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}
