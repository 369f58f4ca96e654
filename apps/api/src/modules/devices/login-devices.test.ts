// The office's login devices (issue 16 §2): every live session of the distributor's users, filtered,
// sorted and paged; sign-out of one session, a user's or a store's (the token answers 401 at once,
// audited); new-device marking at sign-in; a retailer's own devices.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const OTHER_DISTRIBUTOR_USER = 'user-other-distributor';

interface Row {
  id: string;
  user: { id: string; name: string };
  role: string;
  customer: { id: string; cNumber: string; companyName: string } | null;
  deviceName: string | null;
  deviceId: string | null;
  browser: string | null;
  ip: string | null;
  isNewDevice: boolean;
  isCurrent: boolean;
  lastSeenAt: string;
}

describe('admin login devices', () => {
  let ctx: TestContext;
  let admin: string;
  const tokens: Record<string, string> = {};

  const list = async (query = '', token = admin) => {
    const res = await call(ctx.app, { method: 'GET', url: `/api/admin/login-devices${query ? `?${query}` : ''}`, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { items: Row[]; total: number; page: number; limit: number };
  };
  const names = (rows: Row[]) => rows.map((r) => r.deviceName);
  const sessionOf = async (deviceId: string) =>
    (
      await ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('device_id', '=', deviceId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;
  const works = async (token: string, url: string) => (await call(ctx.app, { method: 'GET', url, token })).status;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    // A second distributor with a signed-in user: never in this distributor's list, never signed out by it.
    const d = await ctx.db.selectFrom('distributors').selectAll().executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('distributors')
      .values({ ...d, id: 'dist-other', name: 'Other Wholesale' })
      .execute();
    const adminRow = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', WORLD.users.admin.id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('users')
      .values({
        ...adminRow,
        id: OTHER_DISTRIBUTOR_USER,
        distributor_id: 'dist-other',
        email: 'other@elsewhere.test',
        phone: '15550107777',
        name: 'Olga Other',
        distributor_role_id: null,
      })
      .execute();
  });
  afterAll(() => ctx.close());

  beforeEach(async () => {
    await ctx.db
      .updateTable('sessions')
      .set({ revoked_at: '2026-01-01T00:00:00.000Z' })
      .where('revoked_at', 'is', null)
      .execute();
    admin = await tokenFor(ctx, WORLD.users.admin.id, { name: 'Office desktop', id: 'dev-office' });
    tokens.retailerPhone = await tokenFor(ctx, WORLD.users.retailer.id, { name: 'Sam phone', id: 'dev-sam-phone' });
    tokens.retailerLaptop = await tokenFor(ctx, WORLD.users.retailer.id, { name: 'Sam laptop', id: 'dev-sam-laptop' });
    tokens.retailer2 = await tokenFor(ctx, WORLD.users.retailer2.id, { name: 'Linda tablet', id: 'dev-linda' });
    tokens.sales = await tokenFor(ctx, WORLD.users.sales.id, { name: 'Maria phone', id: 'dev-maria' });
    tokens.other = await tokenFor(ctx, OTHER_DISTRIBUTOR_USER, { name: 'Elsewhere', id: 'dev-elsewhere' });
  });

  it("lists every live session of the distributor's users, newest use first, with user, role, store and browser", async () => {
    await ctx.db.updateTable('sessions').set({ user_agent: SAFARI_IPHONE }).where('device_id', '=', 'dev-sam-phone').execute();
    await ctx.db.updateTable('sessions').set({ user_agent: CHROME_WINDOWS }).where('device_id', '=', 'dev-office').execute();
    // older use for Linda's tablet, and two sessions that no longer sign in (idle too long; signed out)
    const hoursAgo = (n: number) => new Date(Date.now() - n * 60 * 60_000).toISOString();
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: hoursAgo(3) })
      .where('device_id', '=', 'dev-linda')
      .execute();
    await tokenFor(ctx, WORLD.users.sales2.id, { name: 'Idle tablet', id: 'dev-idle' });
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: hoursAgo(31 * 24) })
      .where('device_id', '=', 'dev-idle')
      .execute();
    const gone = await tokenFor(ctx, WORLD.users.sales2.id, { name: 'Signed out', id: 'dev-gone' });
    expect((await call(ctx.app, { method: 'POST', url: '/api/auth/logout', token: gone })).status).toBe(200);

    const all = await list();
    expect(all.total).toBe(5);
    expect(all.items.at(-1)!.deviceName).toBe('Linda tablet');
    expect(names(all.items)).not.toContain('Elsewhere');
    const phone = all.items.find((r) => r.deviceId === 'dev-sam-phone')!;
    expect(phone).toMatchObject({
      user: { id: WORLD.users.retailer.id, name: 'Sam Patel', email: 'retailer@demo.test' },
      role: 'retailer',
      customer: { id: WORLD.customers.c10001, cNumber: '10001', companyName: 'Corner Mart #1' },
      deviceType: 'web',
      deviceName: 'Sam phone',
      ip: '127.0.0.1',
      browser: 'Safari 17 on iOS',
      isCurrent: false,
    });
    const office = all.items.find((r) => r.deviceId === 'dev-office')!;
    expect(office).toMatchObject({ role: 'distributor', customer: null, browser: 'Chrome 131 on Windows', isCurrent: true });
    expect(all.items.find((r) => r.deviceId === 'dev-maria')).toMatchObject({ role: 'sales', customer: null });
  });

  it('filters by role, store, user, last seen, new device and a search; sorts and pages on the server', async () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60_000).toISOString();
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: daysAgo(10) })
      .where('device_id', '=', 'dev-linda')
      .execute();
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: daysAgo(2) })
      .where('device_id', '=', 'dev-maria')
      .execute();
    await ctx.db.updateTable('sessions').set({ is_new_device: 1 }).where('device_id', '=', 'dev-sam-laptop').execute();

    expect(names((await list('role=retailer&sort=device&dir=asc')).items)).toEqual(['Linda tablet', 'Sam laptop', 'Sam phone']);
    expect(names((await list(`customerId=${WORLD.customers.c10001}&sort=device`)).items)).toEqual(['Sam laptop', 'Sam phone']);
    expect(names((await list(`userId=${WORLD.users.sales.id}`)).items)).toEqual(['Maria phone']);
    expect(names((await list('lastSeen=day&sort=device')).items)).toEqual(['Office desktop', 'Sam laptop', 'Sam phone']);
    expect(names((await list('lastSeen=week&sort=device')).items)).toEqual([
      'Maria phone',
      'Office desktop',
      'Sam laptop',
      'Sam phone',
    ]);
    expect(names((await list('lastSeen=over-week')).items)).toEqual(['Linda tablet']);
    expect(names((await list('newDevice=true')).items)).toEqual(['Sam laptop']);
    expect(names((await list('search=corner%20mart&sort=device')).items)).toEqual(['Sam laptop', 'Sam phone']);
    expect(names((await list('search=10002')).items)).toEqual(['Linda tablet']);
    expect(names((await list('search=dev-maria')).items)).toEqual(['Maria phone']);
    // a search's wildcards are taken literally
    expect((await list('search=%25')).total).toBe(0);
    // a store of another distributor, or an unknown user, simply has no sessions here
    expect((await list('userId=user-other-distributor')).total).toBe(0);

    const byUser = await list('sort=user&dir=asc');
    expect(byUser.items.map((r) => r.user.name)).toEqual([
      'Dana Whitfield',
      'Linda Chen',
      'Maria Lopez',
      'Sam Patel',
      'Sam Patel',
    ]);
    expect((await list('sort=user&dir=desc')).items[0]!.user.name).toBe('Sam Patel');
    expect((await list('sort=lastSeenAt')).items.at(-1)!.deviceName).toBe('Linda tablet'); // newest first by default
    expect((await list('sort=lastSeenAt&dir=asc')).items[0]!.deviceName).toBe('Linda tablet');
    expect((await list('sort=customer')).items.map((r) => r.customer?.cNumber ?? null)).toEqual([
      '10001',
      '10001',
      '10002',
      null,
      null,
    ]);

    const page2 = await list('sort=device&limit=2&page=2');
    expect(page2).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(names(page2.items)).toEqual(['Office desktop', 'Sam laptop']);
  });

  it('gives the filters the users and stores that are signed in', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/admin/login-devices/choices', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.users.map((u: { name: string }) => u.name)).toEqual([
      'Dana Whitfield',
      'Linda Chen',
      'Maria Lopez',
      'Sam Patel',
    ]);
    expect(res.body.data.customers).toEqual([
      { id: WORLD.customers.c10001, cNumber: '10001', companyName: 'Corner Mart #1' },
      { id: WORLD.customers.c10002, cNumber: '10002', companyName: expect.any(String) },
    ]);
  });

  it('refuses bad list input with 400 and the accepted values', async () => {
    const bad = async (query: string, message: string) => {
      const res = await call(ctx.app, { method: 'GET', url: `/api/admin/login-devices?${query}`, token: admin });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain(message);
    };
    await bad('role=owner', 'role must be one of: distributor, retailer, sales');
    await bad('sort=password', 'sort must be one of: lastSeenAt, signedInAt, user, role, customer, device, ip');
    await bad('lastSeen=year', 'lastSeen must be one of: hour, day, week, over-week');
    await bad('limit=0', 'limit must be 1 or more');
    await bad('newDevice=maybe', 'newDevice must be true or false');
    await bad(`search=${'x'.repeat(101)}`, 'search must be 100 characters or less');
  });

  it('signs one session out: its token answers 401 at once, the others keep working; audited', async () => {
    const laptop = await sessionOf('dev-sam-laptop');
    const res = await call(ctx.app, { method: 'DELETE', url: `/api/admin/login-devices/${laptop}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Device signed out', data: { signedOut: 1, includesCurrent: false } });
    expect(await works(tokens.retailerLaptop!, '/api/retailer/devices')).toBe(401);
    expect(await works(tokens.retailerPhone!, '/api/retailer/devices')).toBe(200);
    expect(names((await list(`userId=${WORLD.users.retailer.id}`)).items)).toEqual(['Sam phone']);

    const again = await call(ctx.app, { method: 'DELETE', url: `/api/admin/login-devices/${laptop}`, token: admin });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Device not found');
    // another distributor's session is not found either, and keeps working
    const elsewhere = await sessionOf('dev-elsewhere');
    const foreign = await call(ctx.app, { method: 'DELETE', url: `/api/admin/login-devices/${elsewhere}`, token: admin });
    expect(foreign.status).toBe(404);
    expect(await works(tokens.other!, '/api/admin/profile')).not.toBe(401);

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', WORLD.users.retailer.id)
      .where('action', '=', 'signed out of a device')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity_type: 'user', actor_user_id: WORLD.users.admin.id, actor_name: 'Dana Whitfield' });
    expect(JSON.parse(audit[0]!.changes_json)).toEqual([
      {
        field: 'session',
        before: { id: laptop, deviceName: 'Sam laptop', deviceId: 'dev-sam-laptop', ip: '127.0.0.1' },
        after: null,
      },
    ]);
  });

  it("signs every session of a user out, and every session of a store's users", async () => {
    const user = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/login-devices/users/${WORLD.users.sales.id}/sign-out`,
      token: admin,
    });
    expect(user.body).toEqual({
      success: true,
      message: 'The user is signed out of every device',
      data: { signedOut: 1, includesCurrent: false },
    });
    expect(await works(tokens.sales!, '/api/sales/devices')).toBe(401);
    expect(await works(tokens.retailerPhone!, '/api/retailer/devices')).toBe(200);

    // store 10001's second user: both of the store's users are signed out everywhere
    const sam = await ctx.db.selectFrom('users').selectAll().where('id', '=', WORLD.users.retailer.id).executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('users')
      .values({ ...sam, id: 'user-sam-clerk', email: 'clerk@demo.test', phone: '15550106666', name: 'Store Clerk' })
      .execute();
    const clerk = await tokenFor(ctx, 'user-sam-clerk', { name: 'Till', id: 'dev-till' });
    const store = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/login-devices/retailers/${WORLD.customers.c10001}/sign-out`,
      token: admin,
    });
    expect(store.body).toEqual({
      success: true,
      message: 'The store is signed out of every device',
      data: { signedOut: 3, includesCurrent: false },
    });
    for (const t of [tokens.retailerPhone!, tokens.retailerLaptop!, clerk])
      expect(await works(t, '/api/retailer/devices')).toBe(401);
    expect(await works(tokens.retailer2!, '/api/retailer/devices')).toBe(200);
    expect(names((await list('sort=device')).items)).toEqual(['Linda tablet', 'Office desktop']);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['entity_type', 'action', 'changes_json'])
      .where('entity_id', '=', WORLD.customers.c10001)
      .execute();
    expect(audit).toEqual([
      {
        entity_type: 'customer',
        action: 'signed out of every device',
        changes_json: JSON.stringify([{ field: 'signedInDevices', before: 3, after: 0 }]),
      },
    ]);

    // nothing left to end is still a success; unknown or foreign ids are 404
    const none = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/login-devices/retailers/${WORLD.customers.c10001}/sign-out`,
      token: admin,
    });
    expect(none.body.data).toEqual({ signedOut: 0, includesCurrent: false });
    const unknownUser = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/login-devices/users/${OTHER_DISTRIBUTOR_USER}/sign-out`,
      token: admin,
    });
    expect([unknownUser.status, unknownUser.body.message]).toEqual([404, 'User not found']);
    expect(await works(tokens.other!, '/api/admin/profile')).not.toBe(401);
    const unknownStore = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/login-devices/retailers/no-such-store/sign-out',
      token: admin,
    });
    expect([unknownStore.status, unknownStore.body.message]).toEqual([404, 'Retailer not found']);
  });

  it("signing out the office user's own session says so, and signs the office user out", async () => {
    const own = await sessionOf('dev-office');
    const res = await call(ctx.app, { method: 'DELETE', url: `/api/admin/login-devices/${own}`, token: admin });
    expect(res.body.data).toEqual({ signedOut: 1, includesCurrent: true });
    expect(await works(admin, '/api/admin/login-devices')).toBe(401);
  });

  it('needs the Track Login Devices grant: view to list, delete to sign out', async () => {
    const viewer = await staffWith(ctx, 'viewer', { can_view: 1 });
    expect((await call(ctx.app, { method: 'GET', url: '/api/admin/login-devices', token: viewer })).status).toBe(200);
    const refused = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/admin/login-devices/${await sessionOf('dev-maria')}`,
      token: viewer,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have delete permission for Track Login Devices');
    expect(await works(tokens.sales!, '/api/sales/devices')).toBe(200);
    const none = await staffWith(ctx, 'none', {});
    const list403 = await call(ctx.app, { method: 'GET', url: '/api/admin/login-devices', token: none });
    expect([list403.status, list403.body.message]).toEqual([403, 'You do not have view permission for Track Login Devices']);
    expect((await call(ctx.app, { method: 'GET', url: '/api/admin/login-devices', token: tokens.retailerPhone })).status).toBe(
      403,
    );
  });
});

/** A staff user whose role grants only these actions of Track Login Devices. */
async function staffWith(ctx: TestContext, key: string, grants: { can_view?: number; can_delete?: number }): Promise<string> {
  const roleId = `role-devices-${key}`;
  await ctx.db
    .insertInto('distributor_roles')
    .values({
      id: roleId,
      distributor_id: WORLD.distributorId,
      name: `Devices ${key}`,
      description: null,
      is_system: 0,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  if (Object.keys(grants).length)
    await ctx.db
      .insertInto('role_permissions')
      .values({ role_id: roleId, module: 'Track Login Devices', can_view: 0, can_add: 0, can_edit: 0, can_delete: 0, ...grants })
      .execute();
  const admin = await ctx.db.selectFrom('users').selectAll().where('id', '=', WORLD.users.admin.id).executeTakeFirstOrThrow();
  const id = `user-devices-${key}`;
  await ctx.db
    .insertInto('users')
    .values({ ...admin, id, email: `${id}@demo.test`, phone: null, name: `Clerk ${key}`, distributor_role_id: roleId })
    .execute();
  return tokenFor(ctx, id);
}

describe('new devices and a retailer’s own devices', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
  });
  afterAll(() => ctx.close());

  const signIn = async (email: string, deviceId: string, ip: string) => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/loginWithPassword',
      payload: { email_phone: email, password: 'Demo@12345' },
      headers: {
        'x-device-type': 'web',
        'x-device-name': `Browser ${deviceId}`,
        'x-device-id': deviceId,
        'user-agent': CHROME_WINDOWS,
        'x-forwarded-for': ip,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.token as string;
  };

  it('marks a sign-in from a device never seen for that user as new, and only that one', async () => {
    const first = await signIn('retailer@demo.test', 'device-a', '10.1.0.1');
    await signIn('retailer@demo.test', 'device-a', '10.1.0.2'); // the same browser again
    await signIn('retailer@demo.test', 'device-b', '10.1.0.3'); // another browser
    await signIn('retailer2@demo.test', 'device-a', '10.1.0.4'); // device-a, but new for Linda
    const admin = await tokenFor(ctx, WORLD.users.admin.id);
    const res = await call(ctx.app, { method: 'GET', url: '/api/admin/login-devices?sort=signedInAt&dir=asc', token: admin });
    const rows = (res.body.data.items as Row[]).filter((r) => r.deviceId?.startsWith('device-'));
    expect(rows.map((r) => [r.user.name, r.deviceId, r.ip, r.isNewDevice])).toEqual([
      ['Sam Patel', 'device-a', '10.1.0.1', true],
      ['Sam Patel', 'device-a', '10.1.0.2', false],
      ['Sam Patel', 'device-b', '10.1.0.3', true],
      ['Linda Chen', 'device-a', '10.1.0.4', true],
    ]);
    const stored = await ctx.db.selectFrom('user_devices').select(['user_id', 'device_key']).orderBy('first_seen_at').execute();
    expect(stored.filter((d) => d.device_key.startsWith('id:device-'))).toEqual([
      { user_id: WORLD.users.retailer.id, device_key: 'id:device-a' },
      { user_id: WORLD.users.retailer.id, device_key: 'id:device-b' },
      { user_id: WORLD.users.retailer2.id, device_key: 'id:device-a' },
    ]);
    // the retailer sees the same mark on their own list, and which device is theirs
    const own = await call(ctx.app, { method: 'GET', url: '/api/retailer/devices', token: first });
    expect(own.body.data.devices[0]).toMatchObject({
      deviceId: 'device-a',
      isCurrent: true,
      isNewDevice: true,
      browser: 'Chrome 131 on Windows',
    });
  });

  it('a retailer lists and ends only their own sessions; ending the current one signs them out', async () => {
    const phone = await tokenFor(ctx, WORLD.users.retailer.id, { name: 'Own phone', id: 'own-phone' });
    const laptop = await tokenFor(ctx, WORLD.users.retailer.id, { name: 'Own laptop', id: 'own-laptop' });
    const linda = await tokenFor(ctx, WORLD.users.retailer2.id, { name: 'Linda own', id: 'linda-own' });
    const id = async (deviceId: string) =>
      (await ctx.db.selectFrom('sessions').select('id').where('device_id', '=', deviceId).executeTakeFirstOrThrow()).id;

    const mine = await call(ctx.app, { method: 'GET', url: '/api/retailer/devices', token: phone });
    expect(mine.status).toBe(200);
    const listed = mine.body.data.devices as { deviceName: string; isCurrent: boolean }[];
    expect(listed[0]).toMatchObject({ deviceName: 'Own phone', isCurrent: true });
    expect(listed.map((d) => d.deviceName)).toContain('Own laptop');
    expect(listed.map((d) => d.deviceName)).not.toContain('Linda own');

    // Linda cannot see or end Sam's laptop
    const lindaList = await call(ctx.app, { method: 'GET', url: '/api/retailer/devices', token: linda });
    expect(lindaList.body.data.devices.map((d: { deviceName: string }) => d.deviceName)).not.toContain('Own laptop');
    const foreign = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/retailer/devices/${await id('own-laptop')}`,
      token: linda,
    });
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Device not found']);
    expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/devices', token: laptop })).status).toBe(200);

    const out = await call(ctx.app, { method: 'DELETE', url: `/api/retailer/devices/${await id('own-laptop')}`, token: phone });
    expect(out.body).toEqual({
      success: true,
      message: 'Device signed out',
      data: { id: await id('own-laptop'), isCurrent: false },
    });
    expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/devices', token: laptop })).status).toBe(401);

    const self = await call(ctx.app, { method: 'DELETE', url: `/api/retailer/devices/${await id('own-phone')}`, token: phone });
    expect(self.body.data.isCurrent).toBe(true);
    expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/devices', token: phone })).status).toBe(401);

    // the rep's calls are not the retailer's, and the other way round
    const rep = await tokenFor(ctx, WORLD.users.sales.id);
    expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/devices', token: rep })).status).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: '/api/sales/devices', token: linda })).status).toBe(403);
  });
});
