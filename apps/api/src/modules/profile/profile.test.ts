// Profile and change-password over HTTP for retailers and distributor users: the profile answers,
// the password rules and messages, the stored hash, other devices signed out, sign-in with the new
// password, and role checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, DEMO_PASSWORD, WORLD } from '../../db/seed/base-world.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';

describe('profile', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
  });
  afterAll(() => ctx.close());

  const get = (url: string, token?: string) => call(ctx.app, { method: 'GET', url, token });

  it('GET /retailer/profile: the user, the store record and the warehouses (own first)', async () => {
    const token = await tokenFor(ctx, WORLD.users.retailer.id);
    const res = await get('/api/retailer/profile', token);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual({
      id: 'user-retailer',
      name: 'Sam Patel',
      email: 'retailer@demo.test',
      phone: '15550100002',
      role: 'retailer',
    });
    expect(res.body.data.storeDetail).toEqual({
      id: 'cust-10001',
      C_Number: '10001',
      C_Name: 'Sam Patel',
      C_CoName: 'Corner Mart #1',
      C_Address: '455 Main Street',
      C_City: 'Sacramento',
      C_State: 'CA',
      C_Phone: '(916) 555-0001',
      LastBalance: 1250.5,
      C_OrderDay: 3,
      Routes: [{ Route_Number: '101', Stop_Number: '1' }],
      salesRep: { S_Desc: 'Maria Lopez' },
    });
    expect(res.body.data.store).toEqual({ email: null, zip: '95814' });
    expect(res.body.data.wareHouseDetail[0].D_Name).toBe('Golden State Wholesale Distributors, Inc.');
    expect(res.body.data).not.toHaveProperty('user.password_hash');
  });

  it('GET /admin/profile: the distributor user, role name and distributor, without a module permission', async () => {
    const token = await tokenFor(ctx, WORLD.users.admin.id);
    const res = await get('/api/admin/profile', token);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      id: 'user-admin',
      name: 'Dana Whitfield',
      email: 'admin@demo.test',
      role: 'distributor',
    });
    expect(res.body.data.distributor).toMatchObject({
      id: 'dist-1',
      companyName: 'Golden State Wholesale Distributors, Inc.',
      email: 'office@goldenstate.demo.test',
      zip: '95811',
    });
    expect(typeof res.body.data.roleName).toBe('string');
    expect(res.body.data.wareHouseDetail.length).toBe(2);
  });

  it('keeps each profile to its role', async () => {
    expect((await get('/api/retailer/profile')).status).toBe(401);
    expect((await get('/api/retailer/profile', await tokenFor(ctx, WORLD.users.admin.id))).status).toBe(403);
    expect((await get('/api/admin/profile', await tokenFor(ctx, WORLD.users.retailer.id))).status).toBe(403);
    const noToken = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/changePassword',
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Better@2026' },
    });
    expect(noToken.status).toBe(401);
    const sales = await tokenFor(ctx, WORLD.users.sales.id);
    const wrongArea = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/changePassword',
      token: sales,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Better@2026' },
    });
    expect(wrongArea.status).toBe(403);
  });

  for (const [area, user, loginPath] of [
    ['retailer', WORLD.users.retailer2, '/api/auth/loginWithPassword'],
    ['admin', WORLD.users.admin, '/api/auth/loginWithPassword'],
  ] as const) {
    it(`POST /${area}/changePassword: rules and messages, then the new password works and other devices are signed out`, async () => {
      const token = await tokenFor(ctx, user.id);
      const other = await tokenFor(ctx, user.id, { name: 'other device' });
      const change = (payload: object) => call(ctx.app, { method: 'POST', url: `/api/${area}/changePassword`, token, payload });
      const profilePath = area === 'admin' ? '/api/admin/profile' : '/api/retailer/profile';

      const wrong = await change({ currentPassword: 'Wrong@12345', newPassword: 'Better@2026' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        success: false,
        message: 'Current password is incorrect',
        error: { code: 'VALIDATION_ERROR', fields: { currentPassword: 'Current password is incorrect' } },
      });

      const weak = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'short1' });
      expect(weak.status).toBe(400);
      expect(weak.body.error.fields).toEqual({ newPassword: 'Password must be at least 8 characters' });

      const noDigit = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'NoDigitsHere' });
      expect(noDigit.body.error.fields).toEqual({ newPassword: 'Password must contain a number' });

      const same = await change({ currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD });
      expect(same.status).toBe(400);
      expect(same.body).toMatchObject({
        message: 'New password must be different from the current password',
        error: { fields: { newPassword: 'New password must be different from the current password' } },
      });

      const missing = await change({});
      expect(missing.status).toBe(400);
      expect(missing.body.error.fields).toEqual({ currentPassword: 'Password is required', newPassword: 'Password is required' });

      // Nothing changed so far: the other device is still signed in.
      expect((await get(profilePath, other)).status).toBe(200);

      const done = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'Better@2026' });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ success: true, message: 'Password changed successfully', data: null });

      const row = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(await verifyPassword(row.password_hash, 'Better@2026')).toBe(true);
      expect(await verifyPassword(row.password_hash, DEMO_PASSWORD)).toBe(false);

      expect((await get(profilePath, token)).status).toBe(200);
      expect((await get(profilePath, other)).status).toBe(401);
      const oldLogin = await call(ctx.app, {
        method: 'POST',
        url: loginPath,
        payload: { email_phone: user.email, password: DEMO_PASSWORD },
      });
      expect(oldLogin.status).toBe(401);
      const login = await call(ctx.app, {
        method: 'POST',
        url: loginPath,
        payload: { email_phone: user.email, password: 'Better@2026' },
      });
      expect(login.status).toBe(200);
    });
  }
});
