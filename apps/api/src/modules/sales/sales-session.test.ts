// The sales area's own calls over HTTP: customer list and store details, the working customer and
// the customer binding (403, 400 `Customer ID not found`, 409 with two sessions of one rep),
// profile, change password, banners and warehouse profile.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBaseWorld, DEMO_PASSWORD, WORLD } from '../../db/seed/base-world.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';

const C1 = WORLD.customers.c10001;
const C2 = WORLD.customers.c10002;
const C3 = WORLD.customers.c10003; // rep-2's

describe('sales area: customers, working customer and binding', () => {
  let ctx: TestContext;
  let rep: string;
  let rep2: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    const banner = (id: string, title: string, over: object = {}) => ({
      id,
      distributor_id: WORLD.distributorId,
      title,
      description: null,
      image_url: `/uploads/${id}.png`,
      link_url: null,
      audience: 'all' as const,
      starts_at: '2020-01-01T00:00:00.000Z',
      ends_at: null,
      is_active: 1,
      created_at: '2020-01-01T00:00:00.000Z',
      updated_at: null,
      ...over,
    });
    await ctx.db
      .insertInto('banners')
      .values([
        banner('promo-live', 'Summer deals', {
          description: 'Cold drinks',
          image_url: '/uploads/summer.png',
          link_url: '/retailer/promo',
        }),
        banner('promo-ended', 'Old', { ends_at: '2020-02-01T00:00:00.000Z' }),
        banner('promo-future', 'Later', { starts_at: '2999-01-01T00:00:00.000Z' }),
        banner('promo-off', 'Off', { is_active: 0 }),
      ])
      .execute();
    // A discount promotion is no banner.
    await ctx.db
      .insertInto('promotions')
      .values({
        id: 'promo-discount',
        distributor_id: WORLD.distributorId,
        title: 'Ten off',
        description: null,
        kind: 'rule',
        product_id: null,
        discount_bp: null,
        image_url: null,
        starts_at: '2020-01-01T00:00:00.000Z',
        ends_at: null,
        is_active: 1,
        created_at: '2020-01-01T00:00:00.000Z',
        discount_type: 'percent',
        discount_value: 1000,
        is_promoted: 0,
        audience: 'all',
        updated_at: null,
      })
      .execute();
  });
  afterAll(() => ctx.close());

  beforeEach(async () => {
    rep = await tokenFor(ctx, WORLD.users.sales.id);
    rep2 = await tokenFor(ctx, WORLD.users.sales2.id);
  });

  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    call(ctx.app, { method: 'GET', url, token, headers });
  const post = (url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
    call(ctx.app, { method: 'POST', url, token, payload, headers });

  it('GET /sales/customerList lists only the rep’s customers under data.data with the retailer record', async () => {
    const res = await get('/api/sales/customerList', rep);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.data.map((c: { C_Number: string }) => c.C_Number)).toEqual(['10001', '10002']);
    expect(res.body.data.data[0]).toEqual({
      id: C1,
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
    expect(res.body.data.currentCustomerId).toBeNull();

    const other = await get('/api/sales/customerList', rep2);
    expect(other.body.data.data.map((c: { C_Number: string }) => c.C_Number)).toEqual(['10003']);
  });

  it('only role sales may call /api/sales/*', async () => {
    const retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    expect((await get('/api/sales/customerList', retailer)).status).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: '/api/sales/customerList' })).status).toBe(401);
  });

  it('GET /sales/storeDetails/{cNumber}: own customer with warehouse details; another rep’s is 403; unknown 404', async () => {
    const res = await get('/api/sales/storeDetails/10002', rep);
    expect(res.status).toBe(200);
    expect(res.body.data.storeDetail).toMatchObject({
      id: C2,
      C_Number: '10002',
      C_CoName: 'Sunrise Liquor & Deli',
      LastBalance: 480,
      C_OrderDay: 5,
    });
    expect(res.body.data.wareHouseDetail[0]).toEqual({
      D_Name: 'Golden State Wholesale Distributors, Inc.',
      D_Addr1: '1200 Commerce Way',
      D_City: 'Sacramento',
      D_State: 'CA',
      D_Phone: '(916) 555-0100',
    });
    const foreign = await get('/api/sales/storeDetails/10003', rep);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({
      success: false,
      message: 'This customer is not assigned to you',
      error: { code: 'FORBIDDEN' },
    });
    const unknown = await get('/api/sales/storeDetails/99999', rep);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Customer not found');
  });

  it('POST /sales/setSalesSession/{customerId} sets the working customer for every device of the rep', async () => {
    const phone = await tokenFor(ctx, WORLD.users.sales.id, { name: 'phone' });
    const res = await post(`/api/sales/setSalesSession/${C2}`, rep);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      currentCustomerId: C2,
      currentCustomerNumber: '10002',
      storeDetail: { C_Number: '10002' },
    });

    const live = await ctx.db
      .selectFrom('sessions')
      .select('current_customer_id')
      .where('user_id', '=', WORLD.users.sales.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(new Set(live.map((s) => s.current_customer_id))).toEqual(new Set([C2]));
    expect((await get('/api/sales/customerList', phone)).body.data).toMatchObject({
      currentCustomerId: C2,
      currentCustomerNumber: '10002',
    });
    // rep-2's sessions are untouched
    const other = await ctx.db
      .selectFrom('sessions')
      .select('current_customer_id')
      .where('user_id', '=', WORLD.users.sales2.id)
      .execute();
    expect(other.every((s) => s.current_customer_id === null)).toBe(true);
  });

  it('a device signed in after the choice takes the shared working customer over', async () => {
    await post(`/api/sales/setSalesSession/${C1}`, rep);
    const laptop = await tokenFor(ctx, WORLD.users.sales.id, { name: 'laptop' }); // its session row has none yet
    const res = await get('/api/sales/bannerList', laptop, { 'x-customer-id': C1 });
    expect(res.status).toBe(200);
    expect((await get('/api/sales/profile', laptop)).body.data.currentCustomerId).toBe(C1);
  });

  it('a rep cannot select or name another rep’s customer (403)', async () => {
    const res = await post(`/api/sales/setSalesSession/${C3}`, rep);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This customer is not assigned to you');
    expect((await post('/api/sales/setSalesSession/nope', rep)).status).toBe(403);

    await post(`/api/sales/setSalesSession/${C1}`, rep);
    const named = await get('/api/sales/bannerList', rep, { 'x-customer-id': C3 });
    expect(named.status).toBe(403);
    expect(named.body.message).toBe('This customer is not assigned to you');
  });

  it('409 with two sessions of one rep: the other device switched the working customer', async () => {
    const tablet = await tokenFor(ctx, WORLD.users.sales.id, { name: 'tablet' });
    expect((await post(`/api/sales/setSalesSession/${C1}`, rep)).status).toBe(200);
    expect((await get('/api/sales/bannerList', rep, { 'x-customer-id': C1 })).status).toBe(200);

    expect((await post(`/api/sales/setSalesSession/${C2}`, tablet)).status).toBe(200);
    const stale = await get('/api/sales/bannerList', rep, { 'x-customer-id': C1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      success: false,
      message: 'Customer context changed. Please refresh.',
      error: { code: 'CUSTOMER_CONTEXT_CHANGED' },
      data: { currentCustomerId: C2, currentCustomerNumber: '10002' },
    });
    // the tablet's own calls go through; after switching back, so do the first device's
    expect((await get('/api/sales/bannerList', tablet, { 'x-customer-id': C2 })).status).toBe(200);
    expect((await get('/api/sales/bannerList', rep, { 'x-customer-id': C2 })).status).toBe(200);
  });

  it('customer header rules: "undefined" or missing is no customer, x-customer-number must match', async () => {
    await post(`/api/sales/setSalesSession/${C1}`, rep);
    // bannerList takes the header optionally
    expect((await get('/api/sales/bannerList', rep, { 'x-customer-id': 'undefined' })).status).toBe(200);
    const wrongNumber = await get('/api/sales/bannerList', rep, { 'x-customer-id': C1, 'x-customer-number': '10002' });
    expect(wrongNumber.status).toBe(400);
    expect(wrongNumber.body.message).toBe('x-customer-number does not match the selected customer');
    expect((await get('/api/sales/bannerList', rep, { 'x-customer-id': C1, 'x-customer-number': '10001' })).status).toBe(200);
  });

  it('GET /sales/bannerList answers the running banners only', async () => {
    const res = await get('/api/sales/bannerList', rep);
    expect(res.status).toBe(200);
    expect(res.body.data.bannerList).toEqual([
      {
        id: 'promo-live',
        title: 'Summer deals',
        description: 'Cold drinks',
        imageUrl: '/uploads/summer.png',
        link: '/retailer/promo',
        startsAt: '2020-01-01T00:00:00.000Z',
        endsAt: null,
      },
    ]);
  });

  it('GET /sales/warehouseProfile needs no customer and lists the default warehouse first', async () => {
    const res = await get('/api/sales/warehouseProfile', rep);
    expect(res.status).toBe(200);
    expect(res.body.data.map((w: { D_Addr1: string }) => w.D_Addr1)).toEqual(['1200 Commerce Way', '88 Port Road']);
  });

  it('every sales path is in the OpenAPI document, with the customer header where it binds one', async () => {
    const doc = (await call(ctx.app, { method: 'GET', url: '/api/docs/json' })).body;
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/sales/customerList',
      '/api/sales/storeDetails/{cNumber}',
      '/api/sales/setSalesSession/{customerId}',
      '/api/sales/warehouseProfile',
      '/api/sales/profile',
      '/api/sales/changePassword',
      '/api/sales/bannerList',
      '/api/sales/devices',
      '/api/sales/devices/{sessionId}',
      '/api/sales/getInventoryItems/{customerId}',
      '/api/sales/getInventoryItemsBySalesMan/{customerId}',
      '/api/sales/cartItem/{customerId}',
      '/api/sales/addToCart/{customerId}',
      '/api/sales/cartItem/{id}',
      '/api/sales/clearCart/{customerId}',
      '/api/sales/placeOrder/{customerId}',
      '/api/sales/orderHistory/{customerId}',
      '/api/sales/orderHistoryByOrderNumber/{orderNumber}',
      '/api/sales/orderHistoryByProductNumber',
      '/api/sales/orderDeliveryStatus/{orderNumber}',
      '/api/sales/orderPdf/{customerId}',
      '/api/sales/deliveryCharge/{customerId}',
      '/api/dashboard/topProductForSales',
    ]) {
      expect(paths, p).toContain(p);
    }
    const place = doc.paths['/api/sales/placeOrder/{customerId}'].post.parameters
      .filter((x: { in: string }) => x.in === 'header')
      .map((x: { name: string }) => x.name);
    expect(place).toEqual(expect.arrayContaining(['x-customer-id', 'x-customer-number', 'is-web-order', 'idempotency-key']));
  });

  it('GET /sales/profile', async () => {
    await post(`/api/sales/setSalesSession/${C2}`, rep);
    const res = await get('/api/sales/profile', rep);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: WORLD.users.sales.id,
      name: 'Maria Lopez',
      email: 'sales@demo.test',
      role: 'sales',
      salesRep: { id: 'rep-1', code: 'SR01', S_Desc: 'Maria Lopez' },
      distributor: { id: WORLD.distributorId, companyName: 'Golden State Wholesale Distributors, Inc.' },
      currentCustomerId: C2,
      currentCustomer: { C_Number: '10002' },
    });
  });
});

describe('POST /sales/changePassword', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
  });
  afterAll(() => ctx.close());

  it('refuses a wrong current password, a weak or unchanged new one; then changes it and signs other devices out', async () => {
    const rep = await tokenFor(ctx, WORLD.users.sales.id);
    const other = await tokenFor(ctx, WORLD.users.sales.id, { name: 'other' });
    const change = (payload: object) => call(ctx.app, { method: 'POST', url: '/api/sales/changePassword', token: rep, payload });

    const wrong = await change({ currentPassword: 'Wrong@12345', newPassword: 'Better@2026' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: 'Current password is incorrect',
      error: { fields: { currentPassword: 'Current password is incorrect' } },
    });

    const weak = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'short1' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('Password must be at least 8 characters');

    const same = await change({ currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('New password must be different from the current password');

    const missing = await change({ newPassword: 'Better@2026' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.currentPassword).toBe('Password is required');

    const done = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'Better@2026' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, message: 'Password changed successfully', data: null });

    expect((await call(ctx.app, { method: 'GET', url: '/api/sales/profile', token: rep })).status).toBe(200);
    expect((await call(ctx.app, { method: 'GET', url: '/api/sales/profile', token: other })).status).toBe(401);
    const login = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/salesLogin',
      payload: { email_phone: 'sales@demo.test', password: 'Better@2026' },
    });
    expect(login.status).toBe(200);
  });
});
