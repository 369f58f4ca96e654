// Staff users over HTTP (both databases): the list (paging, sorting, search, role and status filters);
// an invitation by e-mail with a role, the invited user's sign-in by one-time code, their first password
// and their permissions; a role change effective on the next request; deactivation (401 at once, no
// sign-in) and reactivation; sign-out everywhere; the last-owner rule; the audit trail; other
// distributors' users and missing permissions refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { resetClock } from '../../platform/clock.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';
import { outbox, requestCode, signInByCode as codeSignIn } from '../../../test/fixtures/one-time-code.ts';

describe('admin staff users', () => {
  let ctx: TestContext;
  let owner: string;
  let manager: string;
  let viewer: string;
  let otherOwner: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    owner = await tokenFor(ctx, WORLD.users.admin.id);
    // User Management in full, but not an owner role (not built in).
    manager = await tokenFor(ctx, await addDistributorUser(ctx.db, 'staff-manager', { 'User Management': ALL }));
    viewer = await tokenFor(ctx, await addDistributorUser(ctx.db, 'staff-viewer', { 'User Management': { view: true } }));
    await addDistributor(ctx.db, 'dist-other');
    otherOwner = await tokenFor(ctx, await addDistributorUser(ctx.db, 'other-owner', { 'User Management': ALL }, 'dist-other'));
  });
  afterAll(async () => {
    resetClock();
    await ctx.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    call(ctx.app, { method, url: `/api/admin${url}`, token, payload });

  /** A role of the demo distributor granting exactly these modules; returns its id. */
  async function addRole(id: string, name: string, grants: Record<string, Partial<typeof ALL>>, system = 0) {
    await ctx.db
      .insertInto('distributor_roles')
      .values({
        id,
        distributor_id: WORLD.distributorId,
        name,
        description: null,
        is_system: system,
        created_at: '2026-01-02T00:00:00.000Z',
      })
      .execute();
    await ctx.db
      .insertInto('role_permissions')
      .values(
        Object.entries(grants).map(([module, g]) => ({
          role_id: id,
          module,
          can_view: g.view ? 1 : 0,
          can_add: g.add ? 1 : 0,
          can_edit: g.edit ? 1 : 0,
          can_delete: g.delete ? 1 : 0,
        })),
      )
      .execute();
    return id;
  }

  const signInByCode = (address: string) => codeSignIn(ctx, address);

  describe('the list', () => {
    it('lists the distributor users only, with role, status, password and last seen', async () => {
      const res = await api('GET', '/staff?sort=name&dir=asc&limit=100', owner);
      expect(res.status).toBe(200);
      const names = res.body.data.items.map((u: { name: string }) => u.name);
      expect(names).toEqual(['Dana Whitfield', 'User staff-manager', 'User staff-viewer']);
      expect(res.body.data).toMatchObject({ total: 3, page: 1, limit: 100 });
      expect(res.body.data.items[0]).toEqual({
        id: 'user-admin',
        name: 'Dana Whitfield',
        email: 'admin@demo.test',
        phone: '15550100001',
        role: { id: 'role-admin', name: 'Administrator' },
        isActive: true,
        hasPassword: true,
        lastSeenAt: expect.any(String),
        createdAt: '2026-01-01T08:00:00.000Z',
        isSelf: true,
      });
      // No retailer, sales rep or other distributor's user.
      expect(names).not.toContain('Sam Patel');
      expect(names).not.toContain('Maria Lopez');
      expect(names).not.toContain('User other-owner');
    });

    it('searches by name, e-mail or phone digits; filters by role and status; pages and sorts', async () => {
      const search = async (q: string) =>
        (await api('GET', `/staff?search=${encodeURIComponent(q)}`, owner)).body.data.items.map((u: { id: string }) => u.id);
      expect(await search('dana')).toEqual(['user-admin']);
      expect(await search('STAFF-VIEWER@demo')).toEqual(['staff-viewer']);
      expect(await search('555 010 0001')).toEqual(['user-admin']);
      expect(await search('100%')).toEqual([]);
      const byRole = await api('GET', '/staff?roleId=role-admin', owner);
      expect(byRole.body.data.items.map((u: { id: string }) => u.id)).toEqual(['user-admin']);
      const inactive = await api('GET', '/staff?status=inactive', owner);
      expect(inactive.body.data).toMatchObject({ items: [], total: 0 });
      const page2 = await api('GET', '/staff?sort=name&dir=desc&limit=1&page=2', owner);
      expect(page2.body.data.items.map((u: { id: string }) => u.id)).toEqual(['staff-manager']);
      expect(page2.body.data.total).toBe(3);
      const byLastSeen = await api('GET', '/staff?sort=lastSeen&dir=desc', owner);
      expect(byLastSeen.status).toBe(200);
    });

    it('refuses a bad query with field messages', async () => {
      const res = await api('GET', '/staff?sort=password&status=maybe&limit=500', owner);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({
        sort: 'sort must be one of: name, email, role, lastSeen, createdAt',
        status: 'status must be one of: active, inactive, all',
        limit: 'limit must be 100 or less',
      });
    });

    it('offers the distributor roles to choose from, by name', async () => {
      const res = await api('GET', '/staff/choices', viewer);
      expect(res.status).toBe(200);
      const names = res.body.data.roles.map((r: { name: string }) => r.name);
      expect(names).toContain('Administrator');
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    });
  });

  describe('inviting', () => {
    let clerkRole: string;
    beforeAll(async () => {
      clerkRole = await addRole('role-clerk', 'Order clerk', { Orders: { view: true }, Retailers: { view: true, edit: true } });
    });

    it('invites by e-mail with a role; the clerk signs in with a one-time code, then sets a password', async () => {
      const res = await api('POST', '/staff', owner, {
        name: ' Chris Clerk ',
        emailPhone: 'Chris.Clerk@Example.test',
        roleId: clerkRole,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Invitation sent',
        data: {
          name: 'Chris Clerk',
          email: 'chris.clerk@example.test',
          phone: null,
          role: { id: 'role-clerk', name: 'Order clerk' },
          isActive: true,
          hasPassword: false,
          lastSeenAt: null,
          isSelf: false,
        },
      });
      const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        role: 'distributor',
        distributor_role_id: 'role-clerk',
        password_hash: null,
        customer_id: null,
      });
      const [message] = await outbox(ctx, 'chris.clerk@example.test');
      expect(message).toMatchObject({
        channel: 'email',
        subject: 'You are invited to the Golden State Wholesale Distributors, Inc. office portal',
      });
      expect(message!.body).toContain(
        'Dana Whitfield has invited you to the Golden State Wholesale Distributors, Inc. office portal as Order clerk',
      );
      expect(message!.body).toContain('/login with this e-mail address');

      const signedIn = await signInByCode('chris.clerk@example.test');
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.role).toBe('distributor');
      expect(signedIn.body.data.rolesPermission).toEqual([
        { module: 'Orders', view: true, add: false, edit: false, delete: false, export: false, approve: false },
        { module: 'Retailers', view: true, add: false, edit: true, delete: false, export: false, approve: false },
      ]);
      const token = signedIn.body.data.token as string;
      expect((await api('GET', '/retailers', token)).status).toBe(200);
      expect((await api('GET', '/products', token)).status).toBe(403);

      const profile = await api('GET', '/profile', token);
      expect(profile.body.data).toMatchObject({ hasPassword: false, roleName: 'Order clerk' });
      const weak = await api('POST', '/setPassword', token, { newPassword: 'short' });
      expect(weak.status).toBe(400);
      expect(weak.body.error.fields).toEqual({ newPassword: 'Password must be at least 8 characters' });
      const set = await api('POST', '/setPassword', token, { newPassword: 'Clerk@2026' });
      expect(set.status).toBe(200);
      expect(set.body.message).toBe('Password set');
      const again = await api('POST', '/setPassword', token, { newPassword: 'Other@2026' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('You already have a password. Change it with your current password.');
      const byPassword = await call(ctx.app, {
        method: 'POST',
        url: '/api/auth/loginWithPassword',
        payload: { email_phone: 'chris.clerk@example.test', password: 'Clerk@2026' },
      });
      expect(byPassword.status).toBe(200);
      // The list now shows the password and a sign-in.
      const listed = await api('GET', `/staff/${res.body.data.id}`, owner);
      expect(listed.body.data).toMatchObject({ hasPassword: true, lastSeenAt: expect.any(String), activeSessions: 2 });
    });

    it('invites by phone: stored as digits, told by SMS', async () => {
      const res = await api('POST', '/staff', owner, { name: 'Pat Phone', emailPhone: '(916) 555-4411', roleId: clerkRole });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ email: null, phone: '19165554411' });
      const [message] = await outbox(ctx, '19165554411');
      expect(message!.channel).toBe('sms');
      expect(message!.body).toContain('with this phone number');
    });

    it('refuses an address with an account (409), a role of another distributor (400) and bad input', async () => {
      const taken = await api('POST', '/staff', owner, { name: 'X', emailPhone: 'SALES@demo.test', roleId: clerkRole });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({
        success: false,
        message: 'An account with this email or phone number already exists',
        error: { code: 'CONFLICT', fields: { emailPhone: 'An account with this email or phone number already exists' } },
      });
      const foreignRole = await api('POST', '/staff', owner, {
        name: 'X',
        emailPhone: 'x1@example.test',
        roleId: 'role-other-owner',
      });
      expect(foreignRole.status).toBe(400);
      expect(foreignRole.body.error.fields).toEqual({ roleId: 'Role not found' });
      const bad = await api('POST', '/staff', owner, { name: ' ', emailPhone: 'nope', roleId: '' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toEqual({
        name: 'Name is required',
        emailPhone: 'Enter a valid email address or phone number',
        roleId: 'Choose a role',
      });
      // Nothing was stored for the refused ones.
      const x = await ctx.db.selectFrom('users').select('id').where('email', '=', 'x1@example.test').executeTakeFirst();
      expect(x).toBeUndefined();
    });
  });

  describe('managing a user', () => {
    let userId: string;
    let token: string;
    beforeAll(async () => {
      await addRole('role-orders-only', 'Orders only', { Orders: { view: true } });
      await addRole('role-retail', 'Retail desk', { Retailers: { view: true } });
      const invited = await api('POST', '/staff', owner, {
        name: 'Robin Desk',
        emailPhone: 'robin@example.test',
        roleId: 'role-orders-only',
      });
      userId = invited.body.data.id;
      token = (await signInByCode('robin@example.test')).body.data.token;
    });

    it('a role change applies on the next request', async () => {
      expect((await api('GET', '/retailers', token)).status).toBe(403);
      const res = await api('PUT', `/staff/${userId}/role`, manager, { roleId: 'role-retail' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'Role changed', data: { role: { id: 'role-retail', name: 'Retail desk' } } });
      expect((await api('GET', '/retailers', token)).status).toBe(200);
      const same = await api('PUT', `/staff/${userId}/role`, manager, { roleId: 'role-retail' });
      expect([same.status, same.body.error.fields]).toEqual([400, { roleId: 'This user already has that role' }]);
    });

    it('deactivation ends every session at once and refuses sign-in; reactivation lets them sign in again', async () => {
      const second = (await signInByCode('robin@example.test')).body.data.token as string;
      const res = await api('POST', `/staff/${userId}/deactivate`, manager);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'Staff user deactivated', data: { isActive: false } });
      for (const t of [token, second]) {
        const after = await api('GET', '/profile', t);
        expect(after.status).toBe(401);
      }
      const sent = (await outbox(ctx, 'robin@example.test')).length;
      await requestCode(ctx, 'robin@example.test');
      expect((await outbox(ctx, 'robin@example.test')).length).toBe(sent); // no code for an inactive account
      const detail = await api('GET', `/staff/${userId}`, owner);
      expect(detail.body.data).toMatchObject({ isActive: false, activeSessions: 0 });

      const back = await api('POST', `/staff/${userId}/reactivate`, manager);
      expect(back.body).toMatchObject({ message: 'Staff user reactivated', data: { isActive: true } });
      expect((await api('GET', '/profile', token)).status).toBe(401); // ended sessions stay ended
      const again = await signInByCode('robin@example.test');
      expect(again.status).toBe(200);
      token = again.body.data.token;
    });

    it('sign out everywhere ends every session; one’s own keeps the asking session', async () => {
      const res = await api('POST', `/staff/${userId}/signOutEverywhere`, manager);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'Signed out everywhere', data: { sessionsEnded: 1 } });
      expect((await api('GET', '/profile', token)).status).toBe(401);

      const mine = await tokenFor(ctx, 'staff-manager');
      const own = await api('POST', '/staff/staff-manager/signOutEverywhere', manager);
      expect(own.body.data.sessionsEnded).toBe(1);
      expect((await api('GET', '/profile', mine)).status).toBe(401);
      expect((await api('GET', '/profile', manager)).status).toBe(200);
    });

    it('nobody deactivates themself or changes their own role', async () => {
      const self = await api('POST', '/staff/staff-manager/deactivate', manager);
      expect([self.status, self.body.message]).toEqual([409, 'You cannot deactivate your own account']);
      const role = await api('PUT', '/staff/staff-manager/role', manager, { roleId: 'role-admin' });
      expect([role.status, role.body.message]).toEqual([409, 'You cannot change your own role']);
    });

    it('records every change in the user’s history', async () => {
      const res = await api('GET', `/staff/${userId}/audit`, viewer);
      expect(res.status).toBe(200);
      expect(res.body.data.items.map((e: { action: string }) => e.action)).toEqual([
        'signed_out',
        'reactivated',
        'deactivated',
        'role_changed',
        'invited',
      ]);
      const roleChange = res.body.data.items[3];
      expect(roleChange.actor).toEqual({ id: 'staff-manager', name: 'User staff-manager' });
      expect(roleChange.changes).toEqual([{ field: 'role', before: 'Orders only', after: 'Retail desk' }]);
    });
  });

  describe('the last owner', () => {
    it('the only active owner cannot be deactivated or demoted; with a second owner they can', async () => {
      const deactivate = await api('POST', '/staff/user-admin/deactivate', manager);
      expect(deactivate.status).toBe(409);
      expect(deactivate.body).toMatchObject({
        success: false,
        message: 'At least one active owner must remain. Make another user an owner first.',
        error: { code: 'LAST_OWNER' },
      });
      const demote = await api('PUT', '/staff/user-admin/role', manager, { roleId: 'role-retail' });
      expect(demote.status).toBe(409);
      // Nothing changed, and Dana is still signed in.
      const dana = await ctx.db
        .selectFrom('users')
        .select(['is_active', 'distributor_role_id'])
        .where('id', '=', 'user-admin')
        .executeTakeFirstOrThrow();
      expect(dana).toEqual({ is_active: 1, distributor_role_id: 'role-admin' });
      expect((await api('GET', '/profile', owner)).status).toBe(200);

      const promote = await api('PUT', '/staff/staff-manager/role', owner, { roleId: 'role-admin' });
      expect(promote.status).toBe(200);
      const nowOk = await api('PUT', '/staff/user-admin/role', manager, { roleId: 'role-retail' });
      expect(nowOk.status).toBe(200);
      // The manager is now the last owner.
      const last = await api('POST', '/staff/staff-manager/deactivate', owner);
      expect(last.status).toBe(403); // Dana lost User Management with the Retail desk role
      const back = await api('PUT', '/staff/user-admin/role', manager, { roleId: 'role-admin' });
      expect(back.status).toBe(200);
    });
  });

  describe('access', () => {
    it("answers 404 for another distributor's user and an unknown id", async () => {
      for (const url of ['/staff/user-admin', '/staff/nobody']) {
        const res = await api('GET', url, otherOwner);
        expect([res.status, res.body.message]).toEqual([404, 'Staff user not found']);
      }
      const foreign = await api('POST', '/staff/user-admin/deactivate', otherOwner);
      expect(foreign.status).toBe(404);
      // A retailer or sales user is not a staff user.
      expect((await api('GET', `/staff/${WORLD.users.sales.id}`, owner)).status).toBe(404);
    });

    it('view-only users read but cannot invite or change anyone', async () => {
      expect((await api('GET', '/staff', viewer)).status).toBe(200);
      const invite = await api('POST', '/staff', viewer, { name: 'X', emailPhone: 'x2@example.test', roleId: 'role-admin' });
      expect([invite.status, invite.body.message]).toEqual([403, 'You do not have add permission for User Management']);
      const deactivate = await api('POST', '/staff/staff-manager/deactivate', viewer);
      expect([deactivate.status, deactivate.body.message]).toEqual([403, 'You do not have edit permission for User Management']);
    });
  });
});
