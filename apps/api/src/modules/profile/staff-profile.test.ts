// A staff user's own details over HTTP (both databases): PUT /admin/profile (name freely; a new e-mail or
// phone only with the current password; taken addresses refused; sign-in with the new address), and
// POST /admin/setPassword (only while no password is set), each recorded in the user's history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, DEMO_PASSWORD, WORLD } from '../../db/seed/base-world.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';

describe('staff profile', () => {
  let ctx: TestContext;
  let token: string;
  let invited: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    const id = await addDistributorUser(ctx.db, 'prof-user', {});
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
      .where('id', '=', id)
      .execute();
    token = await tokenFor(ctx, id);
    invited = await tokenFor(ctx, await addDistributorUser(ctx.db, 'prof-invited', {}));
  });
  afterAll(() => ctx.close());

  const put = (payload: object, t = token) => call(ctx.app, { method: 'PUT', url: '/api/admin/profile', token: t, payload });

  it('changes the name without a password and answers the new profile', async () => {
    const res = await put({ name: '  Jo Office ', email: 'prof-user@demo.test', phone: null });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated');
    expect(res.body.data.user).toEqual({
      id: 'prof-user',
      name: 'Jo Office',
      email: 'prof-user@demo.test',
      phone: null,
      role: 'distributor',
    });
    expect(res.body.data.hasPassword).toBe(true);
  });

  it('asks for the current password to change the e-mail or phone, and checks it', async () => {
    const missing = await put({ name: 'Jo Office', email: 'jo@example.test' });
    expect([missing.status, missing.body.error.fields]).toEqual([
      400,
      { currentPassword: 'Enter your current password to change your email or phone' },
    ]);
    const wrong = await put({ name: 'Jo Office', email: 'jo@example.test', currentPassword: 'Wrong@1234' });
    expect(wrong.body.error.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const ok = await put({
      name: 'Jo Office',
      email: 'Jo@Example.test',
      phone: '(916) 555-7000',
      currentPassword: DEMO_PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ email: 'jo@example.test', phone: '19165557000' });
    const login = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/loginWithPassword',
      payload: { email_phone: '916-555-7000', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it('refuses an address another account uses, no address at all, and bad values', async () => {
    const taken = await put({ name: 'Jo', email: 'SALES@demo.test', phone: '+1 555 010 0002', currentPassword: DEMO_PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({
      code: 'CONFLICT',
      fields: {
        email: 'An account with this email or phone number already exists',
        phone: 'An account with this email or phone number already exists',
      },
    });
    const none = await put({ name: 'Jo', email: '', phone: '  ' });
    expect(none.body.error.fields).toEqual({ email: 'Enter an email address or a phone number to sign in with' });
    const bad = await put({ name: '', email: 'nope', phone: 'call me' });
    expect(bad.body.error.fields).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email address',
      phone: 'Enter a valid phone number',
    });
    const row = await ctx.db
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', 'prof-user')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Jo Office', email: 'jo@example.test' });
  });

  it('an invited user without a password sets one first, once', async () => {
    const profile = await call(ctx.app, { method: 'GET', url: '/api/admin/profile', token: invited });
    expect(profile.body.data.hasPassword).toBe(false);
    const address = await put({ name: 'Invited', email: 'new@example.test' }, invited);
    expect(address.body.error.fields).toEqual({ currentPassword: 'Set a password before changing your email or phone' });
    const set = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/setPassword',
      token: invited,
      payload: { newPassword: 'First@2026' },
    });
    expect(set.body).toEqual({ success: true, message: 'Password set', data: null });
    const again = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/setPassword',
      token: invited,
      payload: { newPassword: 'Again@2026' },
    });
    expect(again.status).toBe(409);
    const login = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/loginWithPassword',
      payload: { email_phone: 'prof-invited@demo.test', password: 'First@2026' },
    });
    expect(login.status).toBe(200);
    // A retailer cannot use the staff routes.
    const retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    expect((await put({ name: 'X', email: 'x@example.test' }, retailer)).status).toBe(403);
  });

  it('records the change in the user’s history', async () => {
    const admin = await tokenFor(ctx, WORLD.users.admin.id);
    const res = await call(ctx.app, { method: 'GET', url: '/api/admin/staff/prof-user/audit', token: admin });
    expect(res.body.data.items.map((e: { action: string }) => e.action)).toEqual(['profile_updated', 'profile_updated']);
    expect(res.body.data.items[0].changes).toEqual([
      { field: 'email', before: 'prof-user@demo.test', after: 'jo@example.test' },
      { field: 'phone', before: null, after: '19165557000' },
    ]);
  });
});
