// Roles and permissions (issue 16 §1): export and approve grants beside view/add/edit/delete; a role's
// kind (staff roles for office users, sales roles for reps); the owner flag (an owner role holds every
// action on every module, computed, so its stored grants are removed); when a role last changed.
// Existing data: a role held by a sales user is a sales role; a system role held by no sales user is an
// owner role (the seeded Administrator). Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  for (const column of ['can_export', 'can_approve']) {
    await db.schema
      .alterTable('role_permissions')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('distributor_roles')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('staff'))
    .execute();
  await db.schema
    .alterTable('distributor_roles')
    .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('distributor_roles').addColumn('updated_at', 'text').execute();

  const salesRoles = db
    .selectFrom('users')
    .select('distributor_role_id')
    .where('role', '=', 'sales')
    .where('distributor_role_id', 'is not', null);
  await db.updateTable('distributor_roles').set({ kind: 'sales' }).where('id', 'in', salesRoles).execute();
  await db.updateTable('distributor_roles').set({ is_owner: 1 }).where('is_system', '=', 1).where('kind', '=', 'staff').execute();
  await db
    .deleteFrom('role_permissions')
    .where('role_id', 'in', db.selectFrom('distributor_roles').select('id').where('is_owner', '=', 1))
    .execute();
  // The roles list and the "in use" check read a distributor's roles and a role's users.
  await db.schema
    .createIndex('distributor_roles_distributor_idx')
    .on('distributor_roles')
    .columns(['distributor_id', 'kind'])
    .execute();
  await db.schema.createIndex('users_distributor_role_idx').on('users').column('distributor_role_id').execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('users_distributor_role_idx').ifExists().execute();
  await db.schema.dropIndex('distributor_roles_distributor_idx').ifExists().execute();
  for (const column of ['updated_at', 'is_owner', 'kind']) {
    await db.schema.alterTable('distributor_roles').dropColumn(column).execute();
  }
  for (const column of ['can_approve', 'can_export']) {
    await db.schema.alterTable('role_permissions').dropColumn(column).execute();
  }
}
