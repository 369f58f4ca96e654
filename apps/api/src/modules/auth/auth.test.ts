// Every /api/auth path over HTTP, on a fresh database with the base world (spec §4 Login, §7 Auth, §8).
import { DISTRIBUTOR_MODULES, SALES_MODULES } from '@portal/shared/auth/modules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createBaseWorld, DEMO_PASSWORD, WORLD } from '../../db/seed/base-world.ts';
import { access } from '../../platform/auth/access.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { advanceClock } from '../../platform/clock.ts';
import { ok } from '../../platform/envelope.ts';
import { call, createTestContext, type TestContext } from '../../../test/helper.ts';
import { freshIp, latestCode, outbox, post, send, wrongCode } from './auth.test-support.ts';

const U = WORLD.users;
const DEVICE = {
  'x-device-type': 'web',
  'x-device-name': 'Chrome on Windows',
  'x-device-id': 'device-123',
  'user-agent': 'Mozilla/5.0 test',
};

const CODE_SENT = { success: true, message: 'OTP sent successfully', data: { expiresInSeconds: 300, resendAfterSeconds: 30 } };
const INVALID_OTP_401 = { success: false, message: 'Invalid or expired OTP', error: { code: 'INVALID_OTP' } };
const CODE_LOCKED = {
  success: false,
  message: 'Too many failed attempts. Please try again in 15 minutes.',
  error: { code: 'RATE_LIMITED' },
  data: { retryAfterSeconds: expect.toSatisfy((s: number) => s > 880 && s <= 900) }, // the window began at the first try
};
const BAD_PASSWORD = { success: false, message: 'Invalid email/phone or password', error: { code: 'INVALID_CREDENTIALS' } };

const WAREHOUSES = [
  {
    D_Name: 'Golden State Wholesale Distributors, Inc.',
    D_Addr1: '1200 Commerce Way',
    D_City: 'Sacramento',
    D_State: 'CA',
    D_Phone: '(916) 555-0100',
  },
  {
    D_Name: 'Golden State Wholesale Distributors, Inc.',
    D_Addr1: '88 Port Road',
    D_City: 'Stockton',
    D_State: 'CA',
    D_Phone: '(209) 555-0140',
  },
];
const STORE_10001 = {
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
};
const sortedModules = (list: readonly string[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

let ctx: TestContext;
let ip: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await createBaseWorld(ctx.db);
});
afterAll(() => ctx.close());
beforeEach(() => {
  // Every window (per IP, per account, resend) ends between tests; each test has its own IP too.
  advanceClock(16 * 60_000);
  ip = freshIp();
});

const login = (emailPhone: string) => post(ctx, '/auth/login', { email_phone: emailPhone }, { ip });
const verify = (emailPhone: string, otp: string, headers: Record<string, string> = {}) =>
  post(ctx, '/auth/verify', { email_phone: emailPhone, otp }, { ip, headers });
const passwordLogin = (emailPhone: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}) =>
  post(ctx, '/auth/loginWithPassword', { email_phone: emailPhone, password }, { ip, headers });
const profile = (token: string) => send(ctx, { method: 'GET', url: '/api/auth/profile', token });
const sessionCount = async (userId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /auth/login and /auth/verify (one-time code)', () => {
  it('sends a 6-digit code to a known e-mail and stores only its hash', async () => {
    const res = await login('retailer@demo.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(CODE_SENT);

    const [message] = await outbox(ctx, 'retailer@demo.test');
    expect(message).toMatchObject({
      channel: 'email',
      to: 'retailer@demo.test',
      subject: 'Your sign-in code',
      status: 'pending',
    });
    const code = await latestCode(ctx, 'retailer@demo.test');
    expect(code).toMatch(/^\d{6}$/);
    expect(message!.body).toBe(
      `Your sign-in code is ${code}. It expires in 5 minutes. If you did not ask for it, you can ignore this message.`,
    );

    const rows = await ctx.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('target', '=', 'retailer@demo.test')
      .where('consumed_at', 'is', null)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.purpose).toBe('login');
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(5 * 60_000);
  });

  it('answers an unknown address exactly the same and sends nothing', async () => {
    const known = await login('retailer2@demo.test');
    const unknown = await login('nobody@nowhere.test');
    const unknownPhone = await login('+1 (555) 999-0000');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknownPhone.body).toEqual(known.body);
    expect(await outbox(ctx, 'nobody@nowhere.test')).toEqual([]);
    expect(await outbox(ctx, '15559990000')).toEqual([]);
    expect(
      await ctx.db.selectFrom('otp_codes').select('id').where('target', 'in', ['nobody@nowhere.test', '15559990000']).execute(),
    ).toEqual([]);
  });

  it('signs in with the code: token, role, distributor detail, own store, session with device data', async () => {
    await login('Retailer@Demo.TEST');
    const code = await latestCode(ctx, 'retailer@demo.test');
    const before = await sessionCount(U.retailer.id);
    const res = await verify('retailer@demo.test', code, DEVICE);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('OTP verified successfully');
    expect(res.body.data).toEqual({
      token: expect.any(String),
      role: 'retailer',
      wareHouseDetail: WAREHOUSES,
      storeDetail: STORE_10001,
      logo: null,
      rolesPermission: [],
      userName: 'Sam Patel',
    });
    expect(await sessionCount(U.retailer.id)).toBe(before + 1);

    const session = await ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', U.retailer.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({
      device_type: 'web',
      device_name: 'Chrome on Windows',
      device_id: 'device-123',
      ip,
      user_agent: 'Mozilla/5.0 test',
      revoked_at: null,
    });
    expect(session.created_at).toBe(session.last_seen_at);
    expect((await profile(res.body.data.token)).status).toBe(200);
  });

  it('sends to a phone number typed in any format, by SMS, and signs in with it', async () => {
    expect((await login('(555) 010-0004')).body).toEqual(CODE_SENT);
    const [message] = await outbox(ctx, '+1 555 010 0004');
    expect(message).toMatchObject({ channel: 'sms', to: '15550100004' });
    const res = await verify('+1 555-010-0004', await latestCode(ctx, '15550100004'));
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('sales');
  });

  it('a code works once', async () => {
    await login('retailer@demo.test');
    const code = await latestCode(ctx, 'retailer@demo.test');
    expect((await verify('retailer@demo.test', code)).status).toBe(200);
    const again = await verify('retailer@demo.test', code);
    expect(again.status).toBe(401);
    expect(again.body).toEqual(INVALID_OTP_401);
  });

  it('a wrong code, or a code for another address, is refused', async () => {
    await login('retailer@demo.test');
    const code = await latestCode(ctx, 'retailer@demo.test');
    const wrong = await verify('retailer@demo.test', wrongCode(code));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(INVALID_OTP_401);
    expect((await verify('retailer2@demo.test', code)).body).toEqual(INVALID_OTP_401);
    expect((await verify('nobody@nowhere.test', code)).body).toEqual(INVALID_OTP_401);
    expect((await verify('retailer@demo.test', code)).status).toBe(200);
  });

  it('a code lives 5 minutes', async () => {
    await login('retailer@demo.test');
    const first = await latestCode(ctx, 'retailer@demo.test');
    advanceClock(5 * 60_000 - 1_000);
    expect((await verify('retailer@demo.test', first)).status).toBe(200);

    advanceClock(31_000);
    await login('retailer@demo.test');
    const second = await latestCode(ctx, 'retailer@demo.test');
    advanceClock(5 * 60_000 + 1);
    const late = await verify('retailer@demo.test', second);
    expect(late.status).toBe(401);
    expect(late.body).toEqual(INVALID_OTP_401);
  });

  it('5 code attempts per account and IP in 15 minutes; wrong guesses never kill the owner’s code', async () => {
    await login('retailer@demo.test');
    const code = await latestCode(ctx, 'retailer@demo.test');
    for (let i = 0; i < 5; i++) expect((await verify('retailer@demo.test', wrongCode(code))).body).toEqual(INVALID_OTP_401);
    // The guesser's IP is stopped before its guess is checked, even with the right code.
    const sixth = await verify('retailer@demo.test', code);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(CODE_LOCKED);
    // The same account by phone is the same account for the limit.
    expect((await verify('+1 (555) 010-0002', code)).status).toBe(429);

    // The owner, elsewhere, still signs in with the very same code.
    const owner = await post(ctx, '/auth/verify', { email_phone: 'retailer@demo.test', otp: code }, { ip: freshIp() });
    expect(owner.status).toBe(200);
  });

  it('an inactive account gets no code and cannot sign in', async () => {
    await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', U.sales2.id).execute();
    try {
      expect((await login('sales2@demo.test')).body).toEqual(CODE_SENT);
      expect(await outbox(ctx, 'sales2@demo.test')).toEqual([]);
      const res = await passwordLogin('sales2@demo.test');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        message: 'Your account is inactive. Please contact your distributor.',
        error: { code: 'ACCOUNT_INACTIVE' },
      });
    } finally {
      await ctx.db.updateTable('users').set({ is_active: 1 }).where('id', '=', U.sales2.id).execute();
    }
  });
});

describe('POST /auth/loginWithPassword and /auth/salesLogin', () => {
  it('a distributor gets every module permission, no store', async () => {
    const res = await passwordLogin('admin@demo.test', DEMO_PASSWORD, DEVICE);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Login successful');
    expect(res.body.data).toEqual({
      token: expect.any(String),
      role: 'distributor',
      wareHouseDetail: WAREHOUSES,
      storeDetail: null,
      logo: null,
      rolesPermission: sortedModules(DISTRIBUTOR_MODULES).map((module) => ({
        module,
        view: true,
        add: true,
        edit: true,
        delete: true,
        export: true,
        approve: true,
      })),
      userName: 'Dana Whitfield',
    });
  });

  it('a retailer gets its own store; a phone number works as well as an e-mail', async () => {
    const res = await passwordLogin('555.010.0002');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'retailer', storeDetail: STORE_10001, rolesPermission: [] });
    const other = await passwordLogin('RETAILER2@demo.test');
    expect(other.body.data.storeDetail).toMatchObject({
      id: 'cust-10002',
      C_Number: '10002',
      C_CoName: 'Sunrise Liquor & Deli',
      LastBalance: 480,
    });
  });

  it('a sales rep signs in on both paths with the sales permissions', async () => {
    for (const url of ['/auth/loginWithPassword', '/auth/salesLogin']) {
      const res = await post(ctx, url, { email_phone: 'sales@demo.test', password: DEMO_PASSWORD }, { ip, headers: DEVICE });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Login successful');
      expect(res.body.data).toEqual({
        token: expect.any(String),
        role: 'sales',
        wareHouseDetail: WAREHOUSES,
        storeDetail: null,
        logo: null,
        rolesPermission: sortedModules(SALES_MODULES).map((module) => ({
          module,
          view: true,
          add: false,
          edit: false,
          delete: false,
          export: false,
          approve: false,
        })),
        userName: 'Maria Lopez',
      });
    }
  });

  it('returns the distributor logo when one is set', async () => {
    await ctx.db
      .updateTable('distributors')
      .set({ logo_url: '/uploads/logo.png' })
      .where('id', '=', WORLD.distributorId)
      .execute();
    try {
      expect((await passwordLogin('admin@demo.test')).body.data.logo).toBe('/uploads/logo.png');
    } finally {
      await ctx.db.updateTable('distributors').set({ logo_url: null }).where('id', '=', WORLD.distributorId).execute();
    }
  });

  it('a wrong password and an unknown address get the same 401', async () => {
    const wrong = await passwordLogin('retailer@demo.test', 'Wrong@12345');
    const unknown = await passwordLogin('ghost@demo.test', 'Wrong@12345');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(BAD_PASSWORD);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(BAD_PASSWORD);
  });

  it('sales login refuses a retailer and a distributor with a clear message, and a wrong password with 401', async () => {
    for (const who of ['retailer@demo.test', 'admin@demo.test']) {
      const res = await post(ctx, '/auth/salesLogin', { email_phone: who, password: DEMO_PASSWORD }, { ip });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        message: 'Only sales representatives can sign in here. Please use the main login.',
        error: { code: 'SALES_ONLY' },
      });
    }
    const before = await sessionCount(U.retailer.id);
    await post(ctx, '/auth/salesLogin', { email_phone: 'retailer@demo.test', password: DEMO_PASSWORD }, { ip });
    expect(await sessionCount(U.retailer.id)).toBe(before);

    const wrong = await post(ctx, '/auth/salesLogin', { email_phone: 'sales@demo.test', password: 'nope' }, { ip });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(BAD_PASSWORD);
  });
});

describe('GET /auth/profile and POST /auth/logout', () => {
  it('restores a retailer session', async () => {
    const token = (await passwordLogin('retailer@demo.test')).body.data.token;
    const res = await profile(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Profile fetched successfully',
      data: {
        token,
        role: 'retailer',
        logo: null,
        rolesPermission: [],
        profile: {
          id: U.retailer.id,
          name: 'Sam Patel',
          email: 'retailer@demo.test',
          phone: '15550100002',
          role: 'retailer',
          distributorId: WORLD.distributorId,
          customerId: 'cust-10001',
          salesRepId: null,
          distributorRoleId: null,
          isSessionActive: { currentCustomerId: null },
        },
        storeDetail: STORE_10001,
        wholeStoreDetail: WAREHOUSES,
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('password');
  });

  it("restores a sales session with the session's working customer (by C_Number)", async () => {
    const token = (await post(ctx, '/auth/salesLogin', { email_phone: 'sales@demo.test', password: DEMO_PASSWORD }, { ip })).body
      .data.token;
    let res = await profile(token);
    expect(res.body.data).toMatchObject({
      role: 'sales',
      storeDetail: null,
      profile: { salesRepId: 'rep-1', isSessionActive: { currentCustomerId: null } },
    });
    expect(res.body.data.rolesPermission).toHaveLength(SALES_MODULES.length);

    const session = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', U.sales.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('sessions').set({ current_customer_id: 'cust-10001' }).where('id', '=', session.id).execute();
    res = await profile(token);
    expect(res.body.data.storeDetail).toEqual(STORE_10001);
    expect(res.body.data.profile.isSessionActive).toEqual({ currentCustomerId: '10001' });
  });

  it('needs a valid token', async () => {
    const none = await send(ctx, { method: 'GET', url: '/api/auth/profile' });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ success: false, message: 'Authentication required', error: { code: 'UNAUTHORIZED' } });
    const token = (await passwordLogin('retailer@demo.test')).body.data.token as string;
    const tampered = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    const bad = await profile(tampered);
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({
      success: false,
      message: 'Session expired. Please sign in again.',
      error: { code: 'UNAUTHORIZED' },
    });
    expect((await profile('not-a-jwt')).status).toBe(401);
  });

  it('logout revokes that session at once; other sessions of the user keep working', async () => {
    const a = (await passwordLogin('retailer@demo.test')).body.data.token;
    const b = (await passwordLogin('retailer@demo.test')).body.data.token;
    const res = await send(ctx, { method: 'POST', url: '/api/auth/logout', token: a });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Logged out successfully', data: null });

    const after = await profile(a);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({
      success: false,
      message: 'Session expired. Please sign in again.',
      error: { code: 'UNAUTHORIZED' },
    });
    expect((await send(ctx, { method: 'POST', url: '/api/auth/logout', token: a })).status).toBe(401);
    expect((await profile(b)).status).toBe(200);
    const revoked = await ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('revoked_at', 'is not', null)
      .where('user_id', '=', U.retailer.id)
      .execute();
    expect(revoked.length).toBeGreaterThanOrEqual(1);
  });

  it('logout accepts an empty body labelled JSON, and no token is 401', async () => {
    const token = (await passwordLogin('admin@demo.test')).body.data.token;
    const res = await send(ctx, {
      method: 'POST',
      url: '/api/auth/logout',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.status).toBe(200);
    expect((await profile(token)).status).toBe(401);
    const none = await send(ctx, { method: 'POST', url: '/api/auth/logout' });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('role areas with tokens from the real sign-in', () => {
  let probe: FastifyInstance;
  beforeAll(async () => {
    // A second app on the same database, with tiny routes under each role prefix.
    probe = await buildApp({ config: ctx.config, db: ctx.db });
    await probe.register(
      async (api) => {
        api.get('/sales/__probe', { config: { access: access.salesSelf } }, async () => ok('sales area'));
        api.get('/retailer/__probe', { config: { access: access.retailer } }, async () => ok('retailer area'));
        api.get('/admin/__probe', { config: { access: access.module('Retailers') } }, async () => ok('admin area'));
      },
      { prefix: '/api' },
    );
    await probe.ready();
  });
  afterAll(() => probe.close());

  const get = async (url: string, token?: string) => {
    const res = await call(probe, { method: 'GET', url, token });
    return { status: res.status, body: res.body };
  };

  it('a retailer token is 403 on /api/sales and /api/admin, 200 on /api/retailer', async () => {
    const token = (await passwordLogin('retailer@demo.test')).body.data.token;
    for (const url of ['/api/sales/__probe', '/api/admin/__probe']) {
      expect(await get(url, token)).toEqual({
        status: 403,
        body: { success: false, message: 'You do not have permission to do this', error: { code: 'FORBIDDEN' } },
      });
    }
    expect(await get('/api/retailer/__probe', token)).toEqual({
      status: 200,
      body: { success: true, message: 'Success', data: 'retailer area' },
    });
  });

  it('a sales token reaches /api/sales only; a distributor token reaches /api/admin only', async () => {
    const sales = (await post(ctx, '/auth/salesLogin', { email_phone: 'sales@demo.test', password: DEMO_PASSWORD }, { ip })).body
      .data.token;
    const admin = (await passwordLogin('admin@demo.test')).body.data.token;
    expect((await get('/api/sales/__probe', sales)).status).toBe(200);
    expect((await get('/api/admin/__probe', sales)).status).toBe(403);
    expect((await get('/api/retailer/__probe', sales)).status).toBe(403);
    expect((await get('/api/admin/__probe', admin)).status).toBe(200);
    expect((await get('/api/sales/__probe', admin)).status).toBe(403);
  });

  it('no token is 401 everywhere; a logged-out token is 401', async () => {
    for (const url of ['/api/sales/__probe', '/api/admin/__probe', '/api/retailer/__probe'])
      expect((await get(url)).status).toBe(401);
    const token = (await passwordLogin('retailer@demo.test')).body.data.token;
    await send(ctx, { method: 'POST', url: '/api/auth/logout', token });
    expect((await get('/api/retailer/__probe', token)).status).toBe(401);
  });

  it('the guard also answers 403 on the real app for a retailer under /api/sales and /api/admin', async () => {
    const token = (await passwordLogin('retailer@demo.test')).body.data.token;
    expect((await send(ctx, { method: 'GET', url: '/api/sales/customerList', token })).status).toBe(403);
    expect((await send(ctx, { method: 'GET', url: '/api/admin/retailers', token })).status).toBe(403);
  });
});

describe('retailer sign-up: POST /auth/signup and /auth/verifyRetailerOtp', () => {
  const form = {
    storeName: 'Maple Street Market',
    ownerName: 'Nora Quinn',
    email: 'Nora@MapleMarket.test',
    phone: '(916) 555-7788',
    password: 'Maple@2026',
    address: '12 Maple Street',
    city: 'Davis',
    state: 'CA',
    zip: '95616',
  };

  it('stores an unverified request and sends a code to the e-mail; the code moves it to pending, no session', async () => {
    const res = await post(ctx, '/auth/signup', form, { ip });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'OTP sent successfully',
      data: { email: 'nora@maplemarket.test', phone: '19165557788', status: 'unverified' },
    });
    const row = await ctx.db
      .selectFrom('retailer_requests')
      .selectAll()
      .where('email', '=', 'nora@maplemarket.test')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      store_name: 'Maple Street Market',
      owner_name: 'Nora Quinn',
      phone: '19165557788',
      city: 'Davis',
      status: 'unverified',
      distributor_id: WORLD.distributorId,
      verified_at: null,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const [message] = await outbox(ctx, 'nora@maplemarket.test');
    expect(message).toMatchObject({ channel: 'email', subject: 'Confirm your sign-up' });

    const code = await latestCode(ctx, 'nora@maplemarket.test');
    const wrong = await post(
      ctx,
      '/auth/verifyRetailerOtp',
      { email_phone: 'nora@maplemarket.test', otp: wrongCode(code) },
      { ip },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid or expired OTP', error: { code: 'INVALID_OTP' } });

    const sessionsBefore = Number(
      (
        await ctx.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const ok = await post(ctx, '/auth/verifyRetailerOtp', { email_phone: '916-555-7788', otp: code }, { ip });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'OTP verified successfully', data: { status: 'pending' } });
    const after = await ctx.db.selectFrom('retailer_requests').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('pending');
    expect(after.verified_at).not.toBeNull();
    expect(
      Number(
        (
          await ctx.db
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(sessionsBefore);

    // Used once; and a pending request cannot be signed up again.
    expect((await post(ctx, '/auth/verifyRetailerOtp', { email_phone: 'nora@maplemarket.test', otp: code }, { ip })).status).toBe(
      400,
    );
    advanceClock(31_000);
    const again = await post(ctx, '/auth/signup', form, { ip });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      success: false,
      message: 'A sign-up request with this email or phone number is already awaiting approval',
      error: { code: 'CONFLICT' },
    });
  });

  it('signing up again before verifying updates the same request; resendOtp by phone sends a new code to the e-mail', async () => {
    const f = { ...form, email: 'leo@corner.test', phone: '916 555 4411', storeName: 'Leo Corner' };
    expect((await post(ctx, '/auth/signup', f, { ip })).status).toBe(200);
    const first = await latestCode(ctx, 'leo@corner.test');
    advanceClock(31_000);
    expect((await post(ctx, '/auth/signup', { ...f, storeName: "Leo's Corner Store" }, { ip })).status).toBe(200);
    const rows = await ctx.db.selectFrom('retailer_requests').selectAll().where('email', '=', 'leo@corner.test').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.store_name).toBe("Leo's Corner Store");

    advanceClock(31_000);
    expect((await post(ctx, '/auth/resendOtp', { email_phone: '9165554411' }, { ip })).body).toEqual(CODE_SENT);
    const latest = await latestCode(ctx, 'leo@corner.test');
    expect((await outbox(ctx, 'leo@corner.test')).length).toBe(3);
    expect(latest).toMatch(/^\d{6}$/);
    // Every unexpired code stays valid: the first one still confirms the request.
    expect((await post(ctx, '/auth/verifyRetailerOtp', { email_phone: 'leo@corner.test', otp: first }, { ip })).status).toBe(200);
  });

  it('refuses an e-mail or phone that already has an account', async () => {
    for (const clash of [{ email: 'RETAILER@demo.test' }, { phone: '+1 555 010 0003', email: 'fresh@x.test' }]) {
      const res = await post(ctx, '/auth/signup', { ...form, ...clash }, { ip });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        message: 'An account with this email or phone number already exists',
        error: { code: 'CONFLICT' },
      });
    }
  });

  it('validates the form with field messages', async () => {
    const res = await post(
      ctx,
      '/auth/signup',
      { storeName: '', ownerName: 'X', email: 'not-an-email', phone: 'abc', password: 'short' },
      { ip },
    );
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.fields).toEqual({
      storeName: 'Store name is required',
      email: 'Enter a valid email address',
      phone: 'Enter a valid phone number',
      password: 'Password must be at least 8 characters',
    });
    expect(res.body.message).toBe('Store name is required');
  });

  it('an unknown address gets the generic code failure', async () => {
    const res = await post(ctx, '/auth/verifyRetailerOtp', { email_phone: 'nobody@x.test', otp: '123456' }, { ip });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Invalid or expired OTP', error: { code: 'INVALID_OTP' } });
  });
});

describe('password reset: POST /auth/forgotPassword and /auth/resetPassword', () => {
  it('answers an unknown address exactly like a known one, sending nothing', async () => {
    const known = await post(ctx, '/auth/forgotPassword', { email_phone: 'retailer2@demo.test' }, { ip });
    const unknown = await post(ctx, '/auth/forgotPassword', { email_phone: 'ghost@demo.test' }, { ip });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(CODE_SENT);
    expect(unknown.body).toEqual(known.body);
    expect((await outbox(ctx, 'retailer2@demo.test'))[0]).toMatchObject({ subject: 'Your password reset code' });
    expect(await outbox(ctx, 'ghost@demo.test')).toEqual([]);
  });

  it('sets the new password and revokes the other sessions, keeping the caller’s own', async () => {
    const mine = (await passwordLogin('sales2@demo.test')).body.data.token;
    const other = (await passwordLogin('sales2@demo.test')).body.data.token;
    await post(ctx, '/auth/forgotPassword', { email_phone: 'sales2@demo.test' }, { ip });
    const code = await latestCode(ctx, 'sales2@demo.test');

    const weak = await post(ctx, '/auth/resetPassword', { email_phone: 'sales2@demo.test', otp: code, password: 'abc' }, { ip });
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields).toEqual({ password: 'Password must be at least 8 characters' });

    const wrong = await post(
      ctx,
      '/auth/resetPassword',
      { email_phone: 'sales2@demo.test', otp: wrongCode(code), password: 'NewPass@2026' },
      { ip },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid or expired OTP', error: { code: 'INVALID_OTP' } });

    const res = await post(
      ctx,
      '/auth/resetPassword',
      { email_phone: 'sales2@demo.test', otp: code, password: 'NewPass@2026' },
      { ip, token: mine },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password reset successfully', data: null });
    expect((await profile(other)).status).toBe(401);
    expect((await profile(mine)).status).toBe(200);
    expect((await passwordLogin('sales2@demo.test')).status).toBe(401);
    expect((await passwordLogin('sales2@demo.test', 'NewPass@2026')).status).toBe(200);
  });

  it('without a token every session of the user is revoked; a login code cannot reset', async () => {
    const token = (await passwordLogin('retailer2@demo.test')).body.data.token;
    await login('retailer2@demo.test');
    const loginCode = await latestCode(ctx, 'retailer2@demo.test');
    expect(
      (
        await post(
          ctx,
          '/auth/resetPassword',
          { email_phone: 'retailer2@demo.test', otp: loginCode, password: 'Other@2026' },
          { ip },
        )
      ).status,
    ).toBe(400);

    advanceClock(31_000);
    await post(ctx, '/auth/forgotPassword', { email_phone: 'retailer2@demo.test' }, { ip });
    const code = await latestCode(ctx, 'retailer2@demo.test');
    expect(
      (await post(ctx, '/auth/resetPassword', { email_phone: 'retailer2@demo.test', otp: code, password: 'Other@2026' }, { ip }))
        .status,
    ).toBe(200);
    expect((await profile(token)).status).toBe(401);
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
      .where('id', '=', U.retailer2.id)
      .execute();
  });
});

describe('POST /auth/resendOtp and the 30-second throttle', () => {
  const THROTTLED = {
    success: false,
    message: 'Please wait 30 seconds before requesting another OTP.',
    error: { code: 'RATE_LIMITED' },
    data: { retryAfterSeconds: 30 },
  };

  it('resending within 30 s is 429; after 30 s a new code is sent and the old one still works', async () => {
    await login('retailer@demo.test');
    const old = await latestCode(ctx, 'retailer@demo.test');
    const soon = await post(ctx, '/auth/resendOtp', { email_phone: 'retailer@demo.test' }, { ip });
    expect(soon.status).toBe(429);
    expect(soon.body).toEqual(THROTTLED);

    advanceClock(20_000);
    const later = await post(ctx, '/auth/resendOtp', { email_phone: 'retailer@demo.test' }, { ip });
    expect(later.status).toBe(429);
    expect(later.body.message).toBe('Please wait 10 seconds before requesting another OTP.');

    advanceClock(10_000);
    const res = await post(ctx, '/auth/resendOtp', { email_phone: 'retailer@demo.test' }, { ip });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(CODE_SENT);
    const fresh = await latestCode(ctx, 'retailer@demo.test');
    expect((await outbox(ctx, 'retailer@demo.test'))[0]!.subject).toBe('Your sign-in code');
    // A code requested later (by anyone) never makes an earlier unexpired one unusable.
    expect((await verify('retailer@demo.test', old)).status).toBe(200);
    if (fresh !== old) expect((await verify('retailer@demo.test', fresh)).status).toBe(200);
  });

  it('asking for a sign-in code twice within 30 s is throttled the same way, known or unknown', async () => {
    await login('admin@demo.test');
    await login('ghost2@demo.test');
    const known = await login('admin@demo.test');
    const unknown = await login('ghost2@demo.test');
    expect(known.status).toBe(429);
    expect(known.body).toEqual(THROTTLED);
    expect(unknown.body).toEqual(known.body);
    const unknownResend = await post(ctx, '/auth/resendOtp', { email_phone: 'ghost3@demo.test' }, { ip });
    expect(unknownResend.body).toEqual(CODE_SENT);
    expect(await outbox(ctx, 'ghost3@demo.test')).toEqual([]);
  });

  it('resends a reset code as a reset code', async () => {
    await post(ctx, '/auth/forgotPassword', { email_phone: 'admin@demo.test' }, { ip });
    advanceClock(30_000);
    expect((await post(ctx, '/auth/resendOtp', { email_phone: 'ADMIN@demo.test' }, { ip })).status).toBe(200);
    expect((await outbox(ctx, 'admin@demo.test'))[0]!.subject).toBe('Your password reset code');
  });
});

describe('rate limits', () => {
  it('per IP: the 61st call in a minute is 429, other IPs are unaffected, the next minute is open', async () => {
    for (let i = 0; i < 60; i++) {
      const res = await post(ctx, '/auth/login', { email_phone: `visitor${i}@x.test` }, { ip });
      expect(res.status).toBe(200);
    }
    const over = await post(ctx, '/auth/loginWithPassword', { email_phone: 'admin@demo.test', password: DEMO_PASSWORD }, { ip });
    expect(over.status).toBe(429);
    // The minute began at the first of the 60 calls, a few seconds ago on a busy machine.
    const wait = over.body.data.retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(45);
    expect(wait).toBeLessThanOrEqual(60);
    expect(over.body).toEqual({
      success: false,
      message: `Too many requests. Please try again in ${wait} seconds.`,
      error: { code: 'RATE_LIMITED' },
      data: { retryAfterSeconds: wait },
    });
    expect(
      (await post(ctx, '/auth/loginWithPassword', { email_phone: 'admin@demo.test', password: DEMO_PASSWORD }, { ip: freshIp() }))
        .status,
    ).toBe(200);
    advanceClock(60_000);
    expect(
      (await post(ctx, '/auth/loginWithPassword', { email_phone: 'admin@demo.test', password: DEMO_PASSWORD }, { ip })).status,
    ).toBe(200);
  });

  it('per account: after 10 failures in 15 minutes even the right password is 429, from any IP', async () => {
    for (let i = 0; i < 10; i++) expect((await passwordLogin('retailer@demo.test', `Wrong${i}`)).status).toBe(401);
    const locked = await post(
      ctx,
      '/auth/loginWithPassword',
      { email_phone: 'RETAILER@demo.test', password: DEMO_PASSWORD },
      { ip: freshIp() },
    );
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      success: false,
      message: 'Too many failed attempts. Please try again in 15 minutes or sign in with a one-time code.',
      error: { code: 'RATE_LIMITED' },
      data: { retryAfterSeconds: expect.toSatisfy((s: number) => s > 880 && s <= 900) },
    });
    // The owner still signs in with a one-time code; other accounts are not locked.
    await login('retailer@demo.test');
    expect((await verify('retailer@demo.test', await latestCode(ctx, 'retailer@demo.test'))).status).toBe(200);
    expect((await passwordLogin('retailer2@demo.test')).status).toBe(200);

    advanceClock(15 * 60_000);
    expect((await passwordLogin('retailer@demo.test')).status).toBe(200);
  });

  it('a success clears the failures; wrong codes count apart from passwords', async () => {
    for (let i = 0; i < 9; i++) await passwordLogin('admin@demo.test', 'bad');
    expect((await passwordLogin('admin@demo.test')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await passwordLogin('admin@demo.test', 'bad')).status).toBe(401);
    await login('admin@demo.test');
    const code = await latestCode(ctx, 'admin@demo.test');
    for (let i = 0; i < 5; i++) await verify('admin@demo.test', wrongCode(code));
    // Five wrong codes did not use up the password's tenth attempt.
    expect((await passwordLogin('admin@demo.test')).status).toBe(200);
  });
});

describe('envelope and bad requests', () => {
  it('a body without the fields is 400 with field messages', async () => {
    const res = await post(ctx, '/auth/verify', {}, { ip });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'Email or phone number is required',
      error: { code: 'VALIDATION_ERROR', fields: { email_phone: 'Email or phone number is required', otp: 'OTP is required' } },
    });
    const bad = await post(ctx, '/auth/verify', { email_phone: 'not an address', otp: '12ab' }, { ip });
    expect(bad.body.error.fields).toEqual({
      email_phone: 'Enter a valid email address or phone number',
      otp: 'OTP must be 6 digits',
    });
    const typed = await post(ctx, '/auth/loginWithPassword', { email_phone: 42, password: 'x' }, { ip });
    expect(typed.status).toBe(400);
    expect(typed.body.error.fields.email_phone).toBe('Email or phone number is required');
    const missingPassword = await post(ctx, '/auth/loginWithPassword', { email_phone: 'admin@demo.test' }, { ip });
    expect(missingPassword.body.error.fields).toEqual({ password: 'Password is required' });
  });

  it('a missing or non-object body is 400 with a clear message', async () => {
    for (const extra of [{}, { headers: { 'content-type': 'text/plain' }, payload: 'hello' }, { payload: [1, 2] }]) {
      const res = await send(ctx, { method: 'POST', url: '/api/auth/login', ip, ...extra });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe('Request body must be a JSON object');
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('malformed JSON is 400 in the envelope', async () => {
    const res = await send(ctx, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email_phone": ',
      ip,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Request body is not valid JSON', error: { code: 'VALIDATION_ERROR' } });
  });

  it('an oversized body is 413 in the envelope', async () => {
    const res = await post(ctx, '/auth/signup', { storeName: 'x'.repeat(1_100_000) }, { ip });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'Request body is too large', error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('a wrong content type is 415 in the envelope', async () => {
    const res = await send(ctx, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
      ip,
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ success: false, message: 'Unsupported content type', error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('every auth path is in the OpenAPI document', async () => {
    const doc = (await send(ctx, { method: 'GET', url: '/api/docs/json' })).body;
    for (const p of [
      'login',
      'verify',
      'loginWithPassword',
      'salesLogin',
      'signup',
      'verifyRetailerOtp',
      'forgotPassword',
      'resetPassword',
      'resendOtp',
      'logout',
      'profile',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/api/auth/${p}`);
    }
  });
});
