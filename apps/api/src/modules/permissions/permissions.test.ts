// Roles over HTTP (/api/admin/permissions/roles…): the list's paging, sorting, search and kind filter;
// create, edit, grants and delete with their messages and what is stored; the owner role that cannot be
// reduced, renamed or deleted; a role in use; the last owner (assertOwnerRemains); roleChoices; the
// audit trail; a change to a role counting from its users' next request; the User Management permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyGrant } from '@portal/shared/auth/permissions';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { addDistributor, addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';
import { assertOwnerRemains, roleChoices } from './permissions.service.ts';

const URL = '/api/admin/permissions/roles';

describe('roles: /api/admin/permissions/roles', () => {
  let ctx: TestContext;
  let owner: string;
  let viewOnly: string;
  let noAccess: string;
  let otherOwner: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    owner = await tokenFor(ctx, WORLD.users.admin.id);
    viewOnly = await tokenFor(ctx, await addDistributorUser(ctx.db, 'um-viewer', { 'User Management': { view: true } }));
    noAccess = await tokenFor(ctx, await addDistributorUser(ctx.db, 'um-none', { Orders: { view: true } }));
    await addDistributor(ctx.db, 'dist-2');
    otherOwner = await tokenFor(
      ctx,
      await addDistributorUser(ctx.db, 'other-owner', { 'User Management': { view: true, add: true } }, 'dist-2'),
    );
  });
  afterAll(() => ctx.close());

  const create = (body: object, token = owner) => call(ctx.app, { method: 'POST', url: URL, payload: body, token });
  const grants = (id: string, list: object[], token = owner) =>
    call(ctx.app, { method: 'PUT', url: `${URL}/${id}/grants`, payload: { grants: list }, token });

  it('creates a role with no permissions and answers it with every module of its kind', async () => {
    const res = await create({ name: '  Order clerk ', description: 'Takes orders by phone' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Role created');
    const role = res.body.data;
    expect(role).toMatchObject({
      name: 'Order clerk',
      description: 'Takes orders by phone',
      kind: 'staff',
      isOwner: false,
      isSystem: false,
      userCount: 0,
      moduleCount: 0,
      updatedAt: null,
    });
    expect(role.grants.map((g: { module: string }) => g.module)[0]).toBe('Dashboard');
    expect(role.grants).toHaveLength(21);
    expect(
      role.grants.every((g: Record<string, unknown>) => Object.entries(g).every(([k, v]) => k === 'module' || v === false)),
    ).toBe(true);
    const stored = await ctx.db.selectFrom('distributor_roles').selectAll().where('id', '=', role.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ distributor_id: WORLD.distributorId, kind: 'staff', is_owner: 0, is_system: 0 });
  });

  it('refuses a duplicate name (any letter case), a missing name and a bad kind', async () => {
    const dup = await create({ name: 'ORDER CLERK' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      success: false,
      message: 'A role named Order clerk already exists',
      error: { code: 'CONFLICT' },
    });
    const empty = await create({ name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ name: 'Role name is required' });
    const long = await create({ name: 'x'.repeat(61) });
    expect(long.body.error.fields).toEqual({ name: 'Role name must be 60 characters or less' });
    const kind = await create({ name: 'Odd', kind: 'boss' });
    expect(kind.status).toBe(400);
    expect(kind.body.error.fields).toEqual({ kind: 'kind must be staff or sales' });
  });

  it('saves the grid of a role and audits it; refuses modules and actions the table does not have', async () => {
    const role = (await create({ name: 'Clerk grid' })).body.data;
    const res = await grants(role.id, [
      { ...emptyGrant('Orders'), view: true },
      { ...emptyGrant('Retailers'), edit: true },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Permissions saved');
    expect(res.body.data.moduleCount).toBe(2);
    expect(res.body.data.grants.find((g: { module: string }) => g.module === 'Orders')).toEqual({
      ...emptyGrant('Orders'),
      view: true,
    });
    const rows = await ctx.db
      .selectFrom('role_permissions')
      .selectAll()
      .where('role_id', '=', role.id)
      .orderBy('module')
      .execute();
    expect(rows).toEqual([
      { role_id: role.id, module: 'Orders', can_view: 1, can_add: 0, can_edit: 0, can_delete: 0, can_export: 0, can_approve: 0 },
      {
        role_id: role.id,
        module: 'Retailers',
        can_view: 0,
        can_add: 0,
        can_edit: 1,
        can_delete: 0,
        can_export: 0,
        can_approve: 0,
      },
    ]);

    const badModule = await grants(role.id, [{ ...emptyGrant('Promo & Discounts'), view: true }]);
    expect([badModule.status, badModule.body.message]).toEqual([400, 'Promo & Discounts is not a staff module']);
    const badAction = await grants(role.id, [{ ...emptyGrant('Dashboard'), approve: true }]);
    expect([badAction.status, badAction.body.message]).toEqual([400, 'Dashboard has no approve permission']);
    const twice = await grants(role.id, [emptyGrant('Orders'), emptyGrant('Orders')]);
    expect([twice.status, twice.body.message]).toEqual([400, 'Orders is listed more than once']);

    const audit = await call(ctx.app, { method: 'GET', url: `${URL}/${role.id}/audit`, token: owner });
    expect(audit.status).toBe(200);
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(['permissions', 'created']);
    expect(audit.body.data.items[0]).toMatchObject({
      actor: { id: WORLD.users.admin.id, name: 'Dana Whitfield' },
      changes: [
        { field: 'Orders', before: null, after: 'view' },
        { field: 'Retailers', before: null, after: 'edit' },
      ],
    });
  });

  it('the owner role holds everything and cannot be reduced, renamed or deleted', async () => {
    const detail = await call(ctx.app, { method: 'GET', url: `${URL}/${WORLD.adminRoleId}`, token: owner });
    expect(detail.body.data).toMatchObject({
      name: 'Administrator',
      isOwner: true,
      isSystem: true,
      userCount: 1,
      moduleCount: 21,
    });
    expect(detail.body.data.grants.every((g: Record<string, unknown>) => g.view && g.export && g.approve)).toBe(true);

    const reduce = await grants(WORLD.adminRoleId, []);
    expect(reduce.status).toBe(409);
    expect(reduce.body).toMatchObject({
      message: 'The owner role holds every permission and cannot be reduced',
      error: { code: 'OWNER_ROLE' },
    });
    const rename = await call(ctx.app, {
      method: 'PUT',
      url: `${URL}/${WORLD.adminRoleId}`,
      payload: { name: 'Boss' },
      token: owner,
    });
    expect([rename.status, rename.body.message]).toEqual([409, 'The owner role cannot be renamed']);
    const describe = await call(ctx.app, {
      method: 'PUT',
      url: `${URL}/${WORLD.adminRoleId}`,
      payload: { name: 'Administrator', description: 'The owners of the business' },
      token: owner,
    });
    expect([describe.status, describe.body.message, describe.body.data.description]).toEqual([
      200,
      'Role updated',
      'The owners of the business',
    ]);
    const remove = await call(ctx.app, { method: 'DELETE', url: `${URL}/${WORLD.adminRoleId}`, token: owner });
    expect([remove.status, remove.body.message]).toEqual([409, 'The owner role cannot be deleted']);
  });

  it('a role in use cannot be deleted; an unused one can', async () => {
    const role = (await create({ name: 'Short lived' })).body.data;
    await ctx.db.updateTable('users').set({ distributor_role_id: role.id }).where('id', '=', 'um-none').execute();
    const refused = await call(ctx.app, { method: 'DELETE', url: `${URL}/${role.id}`, token: owner });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: 'This role is assigned to 1 user. Assign them another role before deleting it.',
      error: { code: 'ROLE_IN_USE' },
    });
    await ctx.db.updateTable('users').set({ distributor_role_id: 'role-um-none' }).where('id', '=', 'um-none').execute();
    const done = await call(ctx.app, { method: 'DELETE', url: `${URL}/${role.id}`, token: owner });
    expect([done.status, done.body.message]).toEqual([200, 'Role deleted']);
    expect(
      await ctx.db.selectFrom('distributor_roles').select('id').where('id', '=', role.id).executeTakeFirst(),
    ).toBeUndefined();
    const again = await call(ctx.app, { method: 'GET', url: `${URL}/${role.id}`, token: owner });
    expect([again.status, again.body.message]).toEqual([404, 'Role not found']);
  });

  it('lists roles paged, sorted and searched, with user counts; only the distributor’s own', async () => {
    const all = await call(ctx.app, { method: 'GET', url: `${URL}?limit=100`, token: owner });
    expect(all.status).toBe(200);
    const names = all.body.data.items.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toContain('Administrator');
    expect(names).not.toContain('Role other-owner');
    const admin = all.body.data.items.find((r: { name: string }) => r.name === 'Administrator');
    expect(admin).toMatchObject({ isOwner: true, userCount: 1, kind: 'staff' });

    const sales = await call(ctx.app, { method: 'GET', url: `${URL}?kind=sales`, token: owner });
    expect(sales.body.data.items).toEqual([
      expect.objectContaining({ name: 'Sales Representative', kind: 'sales', userCount: 2 }),
    ]);

    const page = await call(ctx.app, { method: 'GET', url: `${URL}?limit=2&page=2&sort=userCount&dir=desc`, token: owner });
    expect(page.body.data).toMatchObject({ page: 2, limit: 2, total: all.body.data.total });
    expect(page.body.data.items).toHaveLength(2);

    const search = await call(ctx.app, { method: 'GET', url: `${URL}?search=phone`, token: owner });
    expect(search.body.data.items.map((r: { name: string }) => r.name)).toEqual(['Order clerk']);
    const literal = await call(ctx.app, { method: 'GET', url: `${URL}?search=%25`, token: owner });
    expect(literal.body.data.total).toBe(0);

    const badSort = await call(ctx.app, { method: 'GET', url: `${URL}?sort=secret`, token: owner });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toBe('sort must be one of: name, userCount, createdAt, updatedAt');

    const foreign = await call(ctx.app, { method: 'GET', url: `${URL}/${WORLD.adminRoleId}`, token: otherOwner });
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Role not found']);
  });

  it('needs User Management: view reads, add creates; other modules are refused', async () => {
    expect((await call(ctx.app, { method: 'GET', url: URL, token: viewOnly })).status).toBe(200);
    const add = await create({ name: 'Nope' }, viewOnly);
    expect(add.status).toBe(403);
    expect(add.body.message).toBe('You do not have add permission for User Management');
    const list = await call(ctx.app, { method: 'GET', url: URL, token: noAccess });
    expect([list.status, list.body.message]).toEqual([403, 'You do not have view permission for User Management']);
    const retailer = await call(ctx.app, { method: 'GET', url: URL, token: await tokenFor(ctx, WORLD.users.retailer.id) });
    expect(retailer.status).toBe(403);
  });

  it('a change to a role counts from its users’ next request, on the API and in rolesPermission', async () => {
    const role = (await create({ name: 'Fresh clerk' })).body.data;
    await addDistributorUser(ctx.db, 'fresh-clerk', {});
    await ctx.db.updateTable('users').set({ distributor_role_id: role.id }).where('id', '=', 'fresh-clerk').execute();
    const clerk = await tokenFor(ctx, 'fresh-clerk');
    const orders = () => call(ctx.app, { method: 'GET', url: '/api/admin/orders', token: clerk });
    const profile = async () =>
      (await call(ctx.app, { method: 'GET', url: '/api/auth/profile', token: clerk })).body.data.rolesPermission;

    expect((await orders()).status).toBe(403); // read once: any cache now holds the refusal
    expect(await profile()).toEqual([]);
    await grants(role.id, [{ ...emptyGrant('Orders'), view: true }]);
    expect((await orders()).status).toBe(200);
    expect(await profile()).toEqual([{ ...emptyGrant('Orders'), view: true }]);
    await grants(role.id, []);
    const refused = await orders();
    expect([refused.status, refused.body.message]).toEqual([403, 'You do not have view permission for Orders']);
    expect(await profile()).toEqual([]);
  });

  it('a staff user holding a sales role or another distributor’s role gets no office module', async () => {
    await addDistributorUser(ctx.db, 'odd-role', {});
    const token = await tokenFor(ctx, 'odd-role');
    await ctx.db.updateTable('users').set({ distributor_role_id: WORLD.salesRoleId }).where('id', '=', 'odd-role').execute();
    expect((await call(ctx.app, { method: 'GET', url: '/api/admin/orders', token })).status).toBe(403);
    await ctx.db.updateTable('users').set({ distributor_role_id: 'role-other-owner' }).where('id', '=', 'odd-role').execute();
    expect((await call(ctx.app, { method: 'GET', url: URL, token })).status).toBe(403);
  });

  it('assertOwnerRemains keeps the last active owner; roleChoices lists the owner first', async () => {
    const clerkRole = (await create({ name: 'Desk' })).body.data.id;
    const demote = assertOwnerRemains(ctx.db, WORLD.distributorId, {
      kind: 'role',
      userId: WORLD.users.admin.id,
      roleId: clerkRole,
    });
    await expect(demote).rejects.toMatchObject({
      status: 409,
      code: 'LAST_OWNER',
      message: 'At least one active owner must remain. Make another user an owner first.',
    });
    await expect(
      assertOwnerRemains(ctx.db, WORLD.distributorId, { kind: 'deactivate', userId: WORLD.users.admin.id }),
    ).rejects.toMatchObject({ code: 'LAST_OWNER' });
    await expect(
      assertOwnerRemains(ctx.db, WORLD.distributorId, { kind: 'deactivate', userId: 'um-none' }),
    ).resolves.toBeUndefined();
    await expect(
      assertOwnerRemains(ctx.db, WORLD.distributorId, { kind: 'role', userId: 'um-none', roleId: 'role-other-owner' }),
    ).rejects.toMatchObject({ status: 400, message: 'Role not found' });

    // a second active owner: now the first may be demoted
    await ctx.db.updateTable('users').set({ distributor_role_id: WORLD.adminRoleId }).where('id', '=', 'um-none').execute();
    await expect(
      assertOwnerRemains(ctx.db, WORLD.distributorId, { kind: 'role', userId: WORLD.users.admin.id, roleId: clerkRole }),
    ).resolves.toBeUndefined();
    // … unless the second is inactive
    await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', 'um-none').execute();
    await expect(
      assertOwnerRemains(ctx.db, WORLD.distributorId, { kind: 'delete', userId: WORLD.users.admin.id }),
    ).rejects.toMatchObject({ code: 'LAST_OWNER' });
    await ctx.db
      .updateTable('users')
      .set({ is_active: 1, distributor_role_id: 'role-um-none' })
      .where('id', '=', 'um-none')
      .execute();

    const choices = await roleChoices(ctx.db, WORLD.distributorId);
    expect(choices[0]).toEqual({ id: WORLD.adminRoleId, name: 'Administrator', kind: 'staff', isOwner: true });
    expect((await roleChoices(ctx.db, WORLD.distributorId, 'sales')).map((c) => c.name)).toEqual(['Sales Representative']);
    expect((await roleChoices(ctx.db, 'dist-2')).map((c) => c.name)).toEqual(['Role other-owner']);
  });
});
