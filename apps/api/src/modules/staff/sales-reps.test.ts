// Sales reps over HTTP (both databases): the list with sign-ins, customer counts and modules; creating a
// rep (record, sign-in, modules) and its sign-in by one-time code with the chosen modules as its
// rolesPermission; module changes seen at the next restore; its customers; inviting a sign-in for a rep
// without one; deactivation (401 at once) and reactivation; sign-out everywhere; the audit trail; refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { resetClock } from '../../platform/clock.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';
import { outbox, signInByCode as codeSignIn } from '../../../test/fixtures/one-time-code.ts';

const ALL_MODULES = ['Account Receivable', 'Promo & Discounts', 'Track Login Devices'];

describe('admin sales reps', () => {
  let ctx: TestContext;
  let admin: string;
  let viewer: string;
  let otherAdmin: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    viewer = await tokenFor(ctx, await addDistributorUser(ctx.db, 'rep-viewer', { 'User Management': { view: true } }));
    await addDistributor(ctx.db, 'dist-other');
    otherAdmin = await tokenFor(ctx, await addDistributorUser(ctx.db, 'other-admin', { 'User Management': ALL }, 'dist-other'));
  });
  afterAll(async () => {
    resetClock();
    await ctx.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    call(ctx.app, { method, url: `/api${url}`, token, payload });

  const signInByCode = (address: string) => codeSignIn(ctx, address);

  it('lists the reps with their sign-in, customer count and modules', async () => {
    const res = await api('GET', '/admin/sales-reps', viewer);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, page: 1, limit: 25 });
    expect(res.body.data.items.map((r: { name: string }) => r.name)).toEqual(['James Carter', 'Maria Lopez', 'Priya Nair']);
    const maria = res.body.data.items[1];
    expect(maria).toEqual({
      id: 'rep-1',
      code: 'SR01',
      name: 'Maria Lopez',
      email: 'sales@demo.test',
      phone: '+1 555 010 0004',
      isActive: true,
      user: { id: 'user-sales', isActive: true, hasPassword: true, lastSeenAt: null },
      customerCount: 2,
      role: { id: 'role-sales', name: 'Sales Representative', repCount: 2 },
      modules: ALL_MODULES,
    });
    expect(res.body.data.items[2]).toMatchObject({ id: 'rep-3', user: null, customerCount: 0 });
    const byCustomers = await api('GET', '/admin/sales-reps?sort=customers&dir=desc', viewer);
    expect(byCustomers.body.data.items.map((r: { id: string }) => r.id)).toEqual(['rep-1', 'rep-2', 'rep-3']);
    const search = await api('GET', '/admin/sales-reps?search=sr02', viewer);
    expect(search.body.data.items.map((r: { id: string }) => r.id)).toEqual(['rep-2']);
  });

  it("lists a rep's customers, read-only, by business name", async () => {
    const res = await api('GET', '/admin/sales-reps/rep-1/customers', viewer);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      items: [
        {
          id: WORLD.customers.c10001,
          C_Number: '10001',
          companyName: 'Corner Mart #1',
          city: 'Sacramento',
          routeNumber: '101',
          balanceCents: 125050,
          isActive: true,
        },
        expect.objectContaining({ C_Number: '10002', companyName: 'Sunrise Liquor & Deli', balanceCents: 48000 }),
      ],
      total: 2,
      page: 1,
      limit: 25,
    });
    const searched = await api('GET', '/admin/sales-reps/rep-1/customers?search=sunrise', viewer);
    expect(searched.body.data.items.map((c: { C_Number: string }) => c.C_Number)).toEqual(['10002']);
  });

  describe('a new rep', () => {
    let repId: string;
    let token: string;
    const viewOnly = (module: string) => ({
      module,
      view: true,
      add: false,
      edit: false,
      delete: false,
      export: false,
      approve: false,
    });

    beforeAll(async () => {
      // A second sales role that grants Account Receivable only.
      await ctx.db
        .insertInto('distributor_roles')
        .values({
          id: 'role-sales-lite',
          distributor_id: WORLD.distributorId,
          name: 'Sales lite',
          description: null,
          is_system: 0,
          kind: 'sales',
          is_owner: 0,
          created_at: '2026-01-02T00:00:00.000Z',
        })
        .execute();
      await ctx.db
        .insertInto('role_permissions')
        .values({ role_id: 'role-sales-lite', module: 'Account Receivable', can_view: 1, can_add: 0, can_edit: 0, can_delete: 0 })
        .execute();
    });

    it('creates the record and its sign-in with a sales role; the rep signs in by code with its modules', async () => {
      const res = await api('POST', '/admin/sales-reps', admin, {
        name: 'Lee Field',
        emailPhone: 'Lee.Field@Example.test',
        roleId: 'role-sales-lite',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        message: 'Sales rep invited',
        data: {
          code: 'SR04',
          name: 'Lee Field',
          email: 'lee.field@example.test',
          phone: null,
          isActive: true,
          user: { isActive: true, hasPassword: false, lastSeenAt: null },
          customerCount: 0,
          role: { id: 'role-sales-lite', name: 'Sales lite', repCount: 1 },
          modules: ['Account Receivable'],
        },
      });
      repId = res.body.data.id;
      const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', res.body.data.user.id).executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        role: 'sales',
        sales_rep_id: repId,
        password_hash: null,
        email: 'lee.field@example.test',
        distributor_role_id: 'role-sales-lite',
      });
      const [message] = await outbox(ctx, 'lee.field@example.test');
      expect(message).toMatchObject({ subject: 'You are invited to sell for Golden State Wholesale Distributors, Inc.' });
      expect(message!.body).toContain('"Forgot password"');

      const signedIn = await signInByCode('lee.field@example.test');
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.role).toBe('sales');
      expect(signedIn.body.data.rolesPermission).toEqual([viewOnly('Account Receivable')]);
      token = signedIn.body.data.token;
      expect((await api('GET', '/sales/customerList', token)).status).toBe(200);
    });

    it('without a role named, a new rep gets the first sales role of the choices', async () => {
      const choices = await api('GET', '/admin/sales-reps/choices', viewer);
      expect(new Set(choices.body.data.roles.map((r: { name: string }) => r.name))).toEqual(
        new Set(['Sales lite', 'Sales Representative']),
      );
      const first = choices.body.data.roles[0];
      const res = await api('POST', '/admin/sales-reps', admin, {
        name: 'Kim Route',
        emailPhone: 'kim.route@example.test',
        code: 'KR-1',
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ code: 'KR-1', role: { id: first.id, name: first.name } });
    });

    it('a new sales role, or new modules of its role, show in the rep’s next session restore', async () => {
      const changed = await api('PUT', `/admin/sales-reps/${repId}/role`, admin, { roleId: 'role-sales' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        message: 'Sales role changed',
        data: { role: { id: 'role-sales' }, modules: ALL_MODULES },
      });
      const restore = await api('GET', '/auth/profile', token);
      expect(restore.body.data.rolesPermission.map((p: { module: string }) => p.module)).toEqual(ALL_MODULES);
      const back = await api('PUT', `/admin/sales-reps/${repId}/role`, admin, { roleId: 'role-sales-lite' });
      expect(back.body.data.modules).toEqual(['Account Receivable']);

      const res = await api('PUT', `/admin/sales-reps/${repId}/modules`, admin, {
        modules: ['Promo & Discounts', 'Account Receivable'],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: 'Modules saved',
        data: { modules: ['Account Receivable', 'Promo & Discounts'] },
      });
      expect((await api('GET', '/auth/profile', token)).body.data.rolesPermission).toEqual([
        viewOnly('Account Receivable'),
        viewOnly('Promo & Discounts'),
      ]);
      const none = await api('PUT', `/admin/sales-reps/${repId}/modules`, admin, { modules: [] });
      expect(none.body.data.modules).toEqual([]);
      expect((await api('GET', '/auth/profile', token)).body.data.rolesPermission).toEqual([]);
      const bad = await api('PUT', `/admin/sales-reps/${repId}/modules`, admin, { modules: ['Products'] });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toEqual({
        'modules.0': 'Each module must be one of: Account Receivable, Promo & Discounts, Track Login Devices',
      });
      const staffRole = await api('PUT', `/admin/sales-reps/${repId}/role`, admin, { roleId: 'role-admin' });
      expect([staffRole.status, staffRole.body.error.fields]).toEqual([400, { roleId: 'Role not found' }]);
    });

    it('deactivation ends its sessions at once; reactivation lets it sign in again', async () => {
      const res = await api('POST', `/admin/sales-reps/${repId}/deactivate`, admin);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'Sales rep deactivated', data: { isActive: false } });
      expect((await api('GET', '/sales/customerList', token)).status).toBe(401);
      const back = await api('POST', `/admin/sales-reps/${repId}/reactivate`, admin);
      expect(back.body).toMatchObject({ message: 'Sales rep reactivated', data: { isActive: true } });
      expect((await api('GET', '/sales/customerList', token)).status).toBe(401);
      const again = await signInByCode('lee.field@example.test');
      expect(again.status).toBe(200);
      token = again.body.data.token;
    });

    it('sign out everywhere ends every session of its sign-in', async () => {
      const res = await api('POST', `/admin/sales-reps/${repId}/signOutEverywhere`, admin);
      expect(res.body).toMatchObject({ message: 'Signed out everywhere', data: { sessionsEnded: 1 } });
      expect((await api('GET', '/sales/customerList', token)).status).toBe(401);
    });

    it('records every change in the rep’s history', async () => {
      const res = await api('GET', `/admin/sales-reps/${repId}/audit`, viewer);
      expect(res.body.data.items.map((e: { action: string }) => e.action)).toEqual([
        'signed_out',
        'reactivated',
        'deactivated',
        'role_changed',
        'role_changed',
        'created',
      ]);
      expect(res.body.data.items[4].changes).toEqual([{ field: 'role', before: 'Sales lite', after: 'Sales Representative' }]);
    });
  });

  it('invites a sign-in for a rep without one, once', async () => {
    const noSignIn = await api('POST', '/admin/sales-reps/rep-3/signOutEverywhere', admin);
    expect([noSignIn.status, noSignIn.body.message]).toEqual([409, 'This sales rep has no sign-in yet']);
    const res = await api('POST', '/admin/sales-reps/rep-3/invite', admin, { emailPhone: '916 555 3300' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id: 'rep-3', phone: '19165553300', user: { hasPassword: false } });
    const [message] = await outbox(ctx, '19165553300');
    expect(message!.channel).toBe('sms');
    const again = await api('POST', '/admin/sales-reps/rep-3/invite', admin, { emailPhone: 'priya@example.test' });
    expect([again.status, again.body.message]).toEqual([409, 'This sales rep already has a sign-in']);
  });

  it('refuses a taken code or address, bad input, other distributors and missing permissions', async () => {
    const code = await api('POST', '/admin/sales-reps', admin, { name: 'X', emailPhone: 'x3@example.test', code: 'sr01' });
    expect([code.status, code.body.error.fields]).toEqual([409, { code: 'Another sales rep has this code' }]);
    const address = await api('POST', '/admin/sales-reps', admin, { name: 'X', emailPhone: 'admin@demo.test' });
    expect(address.status).toBe(409);
    // The refused rep left no record behind.
    const reps = await ctx.db.selectFrom('sales_reps').select('id').where('name', '=', 'X').execute();
    expect(reps).toEqual([]);
    const bad = await api('POST', '/admin/sales-reps', admin, { name: '', emailPhone: 'x', code: 'a b' });
    expect(bad.body.error.fields).toEqual({
      name: 'Name is required',
      emailPhone: 'Enter a valid email address or phone number',
      code: 'Code must be 1 to 20 letters, digits or dashes',
    });
    for (const url of ['/admin/sales-reps/rep-1', '/admin/sales-reps/rep-1/customers']) {
      const res = await api('GET', url, otherAdmin);
      expect([res.status, res.body.message]).toEqual([404, 'Sales rep not found']);
    }
    const add = await api('POST', '/admin/sales-reps', viewer, { name: 'X', emailPhone: 'x4@example.test' });
    expect([add.status, add.body.message]).toEqual([403, 'You do not have add permission for User Management']);
    const edit = await api('PUT', '/admin/sales-reps/rep-1/modules', viewer, { modules: [] });
    expect(edit.status).toBe(403);
  });
});
