// Admin retailers over HTTP: the list's paging, sorting, search and filters return exactly the expected
// stores; a store's page (terms, users, last orders, balance); create and edit store every term, with
// validation messages and a 409 for a C_Number in use; deactivation refuses the store's retailer at
// once and reactivation lets it back; another distributor's store is 404; the Retailers permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';

const C = WORLD.customers;
const CREATED = '2026-01-01T00:00:00.000Z';

describe('admin retailers: /api/admin/retailers', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;
  let otherAdmin: string;
  let retailer: string;

  const store = (id: string, cNumber: string, company: string, extra: Record<string, unknown> = {}) => ({
    id,
    distributor_id: WORLD.distributorId,
    warehouse_id: null,
    c_number: cNumber,
    contact_name: 'Zed Young',
    company_name: company,
    address: null,
    city: null,
    state: null,
    zip: null,
    phone: null,
    email: null,
    balance_cents: 0,
    order_day: 0,
    route_number: null,
    stop_number: null,
    sales_rep_id: null,
    price_level: 1,
    min_order_cents: null,
    item_limit_qty: null,
    is_active: 1,
    created_at: CREATED,
    ...extra,
  });
  const order = (id: string, customerId: string, status: string, createdAt: string, totalCents: number) => ({
    id,
    order_number: `ON-${id}`,
    distributor_id: WORLD.distributorId,
    customer_id: customerId,
    placed_by_user_id: WORLD.users.admin.id,
    placed_by_role: 'distributor' as const,
    status: status as 'placed',
    notes: null,
    po_number: null,
    requested_delivery_date: null,
    subtotal_cents: totalCents,
    tax_cents: 0,
    crv_cents: 0,
    delivery_charge_cents: 0,
    total_cents: totalCents,
    item_count: 1,
    is_web_order: 1,
    idempotency_key: null,
    created_at: createdAt,
    updated_at: createdAt,
  });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    // Base world: 10001 Corner Mart #1 (route 101/1, Wednesday, $1,250.50, rep-1), 10002 Sunrise Liquor &
    // Deli (101/2, Friday, $480, rep-1), 10003 Harbor Quick Stop (202/1, Monday, $0, rep-2); all Sacramento.
    await ctx.db
      .insertInto('customers')
      .values([
        store('cust-alpine', '20001', 'Alpine Grocery', {
          city: 'Davis',
          phone: '530-555-0199',
          route_number: '303',
          stop_number: '4',
          order_day: 2,
          balance_cents: -2500,
          sales_rep_id: 'rep-3',
          price_level: 3,
          is_active: 0,
        }),
        store('cust-bay', '20002', 'bayside market', { contact_name: 'Ana 100%_Real', balance_cents: 990_000, price_level: 5 }),
      ])
      .execute();
    await addDistributor(ctx.db, 'dist-2');
    await ctx.db
      .insertInto('customers')
      .values(store('cust-other', 'X900', 'Corner Other', { distributor_id: 'dist-2', route_number: '101' }))
      .execute();
    await ctx.db
      .insertInto('orders')
      .values([
        order('o1', C.c10001, 'delivered', '2026-03-01T10:00:00.000Z', 12_000),
        order('o2', C.c10002, 'placed', '2026-04-01T10:00:00.000Z', 5_000),
        order('o3', 'cust-alpine', 'cancelled', '2026-02-01T10:00:00.000Z', 3_000),
        order('o4', C.c10001, 'delivered', '2026-01-15T10:00:00.000Z', 7_000),
      ])
      .execute();
    await addDistributorUser(ctx.db, 'user-retailers-view', { Retailers: { view: true } });
    await addDistributorUser(ctx.db, 'user-other-admin', { Retailers: ALL }, 'dist-2');
    [admin, viewOnly, otherAdmin, retailer] = await Promise.all([
      tokenFor(ctx, WORLD.users.admin.id),
      tokenFor(ctx, 'user-retailers-view'),
      tokenFor(ctx, 'user-other-admin'),
      tokenFor(ctx, WORLD.users.retailer.id),
    ]);
  });
  afterAll(() => ctx.close());

  const get = (url: string, token = admin) => call(ctx.app, { method: 'GET', url, token });
  const send = (method: 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
    call(ctx.app, { method, url, token, ...(payload ? { payload } : { payload: {} }) });
  const numbers = async (query: string) => {
    const res = await get(`/api/admin/retailers${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.items.map((r: { C_Number: string }) => r.C_Number);
  };
  const stored = (id: string) => ctx.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('list', () => {
    it("answers the distributor's stores by business name, letter case aside, with the total and each row", async () => {
      const res = await get('/api/admin/retailers');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ total: 5, page: 1, limit: 25 });
      expect(res.body.data.items.map((r: { companyName: string }) => r.companyName)).toEqual([
        'Alpine Grocery',
        'bayside market',
        'Corner Mart #1',
        'Harbor Quick Stop',
        'Sunrise Liquor & Deli',
      ]);
      expect(res.body.data.items[4]).toEqual({
        id: C.c10002,
        C_Number: '10002',
        companyName: 'Sunrise Liquor & Deli',
        contactName: 'Linda Chen',
        phone: '(916) 555-0002',
        email: null,
        city: 'Sacramento',
        routeNumber: '101',
        stopNumber: '2',
        orderDay: 5,
        salesRep: { id: 'rep-1', name: 'Maria Lopez' },
        priceClass: 1,
        balanceCents: 48_000,
        isActive: true,
        lastOrderAt: '2026-04-01T10:00:00.000Z',
        openOrderCount: 1,
      });
    });

    it('pages: page 2 of 2 a page holds the third and fourth stores, the total stays', async () => {
      const res = await get('/api/admin/retailers?page=2&limit=2');
      expect(res.body.data.total).toBe(5);
      expect(res.body.data.items.map((r: { C_Number: string }) => r.C_Number)).toEqual(['10001', '10003']);
      expect((await get('/api/admin/retailers?page=4&limit=2')).body.data).toMatchObject({ items: [], total: 5 });
    });

    it('sorts by C_Number, name, city, route and stop, balance and last order, empty values last', async () => {
      expect(await numbers('?sort=cNumber')).toEqual(['10001', '10002', '10003', '20001', '20002']);
      expect(await numbers('?sort=cNumber&dir=desc')).toEqual(['20002', '20001', '10003', '10002', '10001']);
      expect(await numbers('?sort=name&dir=desc')).toEqual(['10002', '10003', '10001', '20002', '20001']);
      expect(await numbers('?sort=city')).toEqual(['20001', '10001', '10003', '10002', '20002']);
      expect(await numbers('?sort=city&dir=desc')).toEqual(['10001', '10003', '10002', '20001', '20002']);
      expect(await numbers('?sort=route')).toEqual(['10001', '10002', '10003', '20001', '20002']);
      expect(await numbers('?sort=route&dir=desc')).toEqual(['20001', '10003', '10002', '10001', '20002']);
      // Balance starts largest first.
      expect(await numbers('?sort=balance')).toEqual(['20002', '10001', '10002', '10003', '20001']);
      expect(await numbers('?sort=balance&dir=asc')).toEqual(['20001', '10003', '10002', '10001', '20002']);
      expect(await numbers('?sort=lastOrder')).toEqual(['10002', '10001', '20001', '20002', '10003']);
      expect(await numbers('?sort=lastOrder&dir=asc')).toEqual(['20001', '10001', '10002', '20002', '10003']);
    });

    it('searches C_Number, business and contact names, phone (with or without punctuation) and city', async () => {
      expect(await numbers('?search=corner')).toEqual(['10001']);
      expect(await numbers('?search=2000')).toEqual(['20001', '20002']);
      expect(await numbers('?search=LINDA')).toEqual(['10002']);
      expect(await numbers('?search=5305550199')).toEqual(['20001']);
      expect(await numbers(`?search=${encodeURIComponent('(916) 555-0003')}`)).toEqual(['10003']);
      expect(await numbers('?search=davis')).toEqual(['20001']);
      // LIKE wildcards are taken literally.
      expect(await numbers(`?search=${encodeURIComponent('100%_')}`)).toEqual(['20002']);
      expect(await numbers(`?search=${encodeURIComponent('%')}`)).toEqual(['20002']);
      expect(await numbers('?search=nothing-like-this')).toEqual([]);
    });

    it('filters by route, order day, sales rep, price class, status, balance range and open orders', async () => {
      expect(await numbers('?route=101')).toEqual(['10001', '10002']);
      expect(await numbers('?orderDay=1')).toEqual(['10003']);
      expect(await numbers('?orderDay=0')).toEqual(['20002']);
      expect(await numbers('?salesRepId=rep-1')).toEqual(['10001', '10002']);
      expect(await numbers('?priceClass=5')).toEqual(['20002']);
      expect(await numbers('?status=inactive')).toEqual(['20001']);
      expect(await numbers('?status=active')).toEqual(['20002', '10001', '10003', '10002']);
      expect(await numbers('?balanceMinCents=0&balanceMaxCents=48000')).toEqual(['10003', '10002']);
      expect(await numbers('?balanceMaxCents=-1')).toEqual(['20001']);
      expect(await numbers('?hasOpenOrders=true')).toEqual(['10002']);
      expect(await numbers('?hasOpenOrders=false')).toEqual(['20001', '20002', '10001', '10003']);
      expect(await numbers('?route=101&hasOpenOrders=false&search=mart')).toEqual(['10001']);
      const combined = await get('/api/admin/retailers?salesRepId=rep-1&limit=1');
      expect(combined.body.data).toMatchObject({ total: 2, items: [{ C_Number: '10001' }] });
    });

    it('refuses bad list parameters with 400 and the rule', async () => {
      const cases: [string, string][] = [
        ['sort=phone', 'sort must be one of: cNumber, name, city, route, balance, lastOrder'],
        ['dir=up', 'dir must be asc or desc'],
        ['priceClass=6', 'priceClass must be a whole number from 1 to 5'],
        ['orderDay=9', 'orderDay must be a whole number from 0 to 8'],
        ['status=gone', 'status must be one of: active, inactive, all'],
        ['hasOpenOrders=yes', 'hasOpenOrders must be true or false'],
        ['balanceMinCents=1.5', 'balanceMinCents must be a whole number of cents'],
        ['balanceMinCents=10&balanceMaxCents=5', 'balanceMinCents must not be more than balanceMaxCents'],
        ['limit=101', 'limit must be 100 or less'],
      ];
      for (const [query, message] of cases) {
        const res = await get(`/api/admin/retailers?${query}`);
        expect([query, res.status, res.body.success, res.body.message]).toEqual([query, 400, false, message]);
      }
    });
  });

  describe("a store's page", () => {
    it('answers its terms, users, last orders (newest first) and balance', async () => {
      const res = await get(`/api/admin/retailers/${C.c10001}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: C.c10001,
        C_Number: '10001',
        companyName: 'Corner Mart #1',
        address: '455 Main Street',
        state: 'CA',
        zip: '95814',
        balanceCents: 125_050,
        minOrderCents: 5000,
        itemLimit: null,
        deliveryChargeRule: 'standard',
        deliveryChargeCents: null,
        creditLimitCents: null,
        taxExempt: false,
        notes: null,
        openOrderCount: 0,
        lastOrderAt: '2026-03-01T10:00:00.000Z',
      });
      expect(res.body.data.users).toEqual([
        expect.objectContaining({ id: WORLD.users.retailer.id, name: 'Sam Patel', isActive: true }),
      ]);
      expect(res.body.data.lastOrders).toEqual([
        { orderNumber: 'ON-o1', status: 'delivered', totalCents: 12_000, itemCount: 1, createdAt: '2026-03-01T10:00:00.000Z' },
        { orderNumber: 'ON-o4', status: 'delivered', totalCents: 7_000, itemCount: 1, createdAt: '2026-01-15T10:00:00.000Z' },
      ]);
    });
  });

  const fullTerms = {
    cNumber: '30001',
    companyName: 'Delta Food Mart',
    contactName: 'Rosa Diaz',
    address: '12 River Road',
    city: 'Stockton',
    state: 'CA',
    zip: '95202',
    phone: '(209) 555-0142',
    email: 'rosa@delta.test',
    routeNumber: '404',
    stopNumber: '7',
    orderDay: 4,
    salesRepId: 'rep-2',
    priceClass: 4,
    minOrderCents: 15_000,
    itemLimit: 250,
    deliveryChargeRule: 'flat',
    deliveryChargeCents: 1_250,
    creditLimitCents: 500_000,
    paymentTermsDays: 14,
    taxExempt: true,
    notes: 'Back door deliveries before 9 a.m.',
  };
  const storedTerms = {
    c_number: '30001',
    company_name: 'Delta Food Mart',
    contact_name: 'Rosa Diaz',
    address: '12 River Road',
    city: 'Stockton',
    state: 'CA',
    zip: '95202',
    phone: '(209) 555-0142',
    email: 'rosa@delta.test',
    route_number: '404',
    stop_number: '7',
    order_day: 4,
    sales_rep_id: 'rep-2',
    price_level: 4,
    min_order_cents: 15_000,
    item_limit_qty: 250,
    delivery_charge_rule: 'flat',
    delivery_charge_cents: 1_250,
    credit_limit_cents: 500_000,
    payment_terms_days: 14,
    is_tax_exempt: 1,
    notes: 'Back door deliveries before 9 a.m.',
  };

  describe('create and edit', () => {
    it('creates a store with every term, active, balance 0, and answers Retailer created', async () => {
      const res = await send('POST', '/api/admin/retailers', fullTerms);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.message).toBe('Retailer created');
      expect(res.body.data).toMatchObject({
        C_Number: '30001',
        salesRep: { id: 'rep-2', name: 'James Carter' },
        isActive: true,
        balanceCents: 0,
        taxExempt: true,
        paymentTermsDays: 14,
        users: [],
        lastOrders: [],
      });
      const row = await stored(res.body.data.id);
      expect(row).toMatchObject({ ...storedTerms, distributor_id: WORLD.distributorId, balance_cents: 0, is_active: 1 });
      await ctx.db.deleteFrom('customers').where('id', '=', res.body.data.id).execute();
    });

    it('edits every term of a store and stores exactly what was sent; emptied fields become null', async () => {
      const res = await send('PUT', '/api/admin/retailers/cust-bay', fullTerms);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe('Retailer updated');
      expect(await stored('cust-bay')).toMatchObject({ ...storedTerms, balance_cents: 990_000, is_active: 1 });
      const minimal = await send('PUT', '/api/admin/retailers/cust-bay', {
        cNumber: '20002',
        companyName: 'bayside market',
        contactName: 'Ana 100%_Real',
        email: '',
        notes: '  ',
      });
      expect(minimal.status).toBe(200);
      expect(await stored('cust-bay')).toMatchObject({
        c_number: '20002',
        address: null,
        email: null,
        route_number: null,
        order_day: 0,
        sales_rep_id: null,
        price_level: 1,
        min_order_cents: null,
        item_limit_qty: null,
        delivery_charge_rule: 'standard',
        delivery_charge_cents: null,
        credit_limit_cents: null,
        // Terms left out are Net 30 again.
        payment_terms_days: 30,
        is_tax_exempt: 0,
        notes: null,
      });
      await ctx.db.updateTable('customers').set({ price_level: 5 }).where('id', '=', 'cust-bay').execute();
    });

    it('refuses a C_Number in use with 409 and the field; its own C_Number is not a duplicate', async () => {
      const base = { companyName: 'Dup', contactName: 'Dup' };
      const dup = await send('POST', '/api/admin/retailers', { ...base, cNumber: '10001' });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({
        success: false,
        message: 'C_Number 10001 is already in use',
        error: { code: 'CONFLICT', fields: { cNumber: 'C_Number 10001 is already in use' } },
      });
      const edit = await send('PUT', `/api/admin/retailers/${C.c10002}`, { ...base, cNumber: '10003' });
      expect(edit.status).toBe(409);
      expect(edit.body.error.fields).toEqual({ cNumber: 'C_Number 10003 is already in use' });
      expect((await stored(C.c10002)).c_number).toBe('10002');
    });

    it('keeps one store when the same new C_Number is created at once, the others 409', async () => {
      const payload = { cNumber: '50001', companyName: 'Race Mart', contactName: 'Race' };
      const answers = await Promise.all(Array.from({ length: 6 }, () => send('POST', '/api/admin/retailers', payload)));
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const rows = await ctx.db.selectFrom('customers').select('id').where('c_number', '=', '50001').execute();
      expect(rows).toHaveLength(1);
      await ctx.db.deleteFrom('customers').where('c_number', '=', '50001').execute();
    });

    it('answers the validation messages field by field and stores nothing', async () => {
      const ok = { cNumber: '40001', companyName: 'Ok Store', contactName: 'Ok' };
      const cases: [object, string, string][] = [
        [{}, 'cNumber', 'C_Number is required'],
        [{ ...ok, cNumber: '4 0001' }, 'cNumber', 'C_Number must be 1 to 20 letters, digits or dashes'],
        [{ ...ok, companyName: ' ' }, 'companyName', 'Business name is required'],
        [{ ...ok, contactName: 'x'.repeat(121) }, 'contactName', 'Contact name must be 120 characters or less'],
        [{ ...ok, email: 'rosa@' }, 'email', 'Enter a valid email address'],
        [{ ...ok, phone: '12' }, 'phone', 'Enter a valid phone number'],
        [{ ...ok, orderDay: 9 }, 'orderDay', 'Order day must be a whole number from 0 (none) to 8 (other)'],
        [{ ...ok, priceClass: 6 }, 'priceClass', 'Price class must be a whole number from 1 to 5'],
        [{ ...ok, priceClass: '2' }, 'priceClass', 'Price class must be a whole number from 1 to 5'],
        [
          { ...ok, minOrderCents: 10.5 },
          'minOrderCents',
          'Minimum order amount must be 0 or more, in whole cents, at most 100000000',
        ],
        [
          { ...ok, creditLimitCents: -1 },
          'creditLimitCents',
          'Credit limit must be 0 or more, in whole cents, at most 100000000',
        ],
        [{ ...ok, itemLimit: 0 }, 'itemLimit', 'Item limit must be a whole number from 1 to 100000'],
        [
          { ...ok, deliveryChargeRule: 'free' },
          'deliveryChargeRule',
          'Delivery charge rule must be one of: standard, waived, flat',
        ],
        [{ ...ok, deliveryChargeRule: 'flat' }, 'deliveryChargeCents', 'A flat delivery charge needs its amount'],
        [{ ...ok, deliveryChargeCents: 500 }, 'deliveryChargeCents', 'Delivery charge amount is only kept with the flat rule'],
        [{ ...ok, taxExempt: 'yes' }, 'taxExempt', 'taxExempt must be true or false'],
        [{ ...ok, paymentTermsDays: 366 }, 'paymentTermsDays', 'Payment terms must be a whole number of days from 0 to 365'],
        [{ ...ok, paymentTermsDays: 7.5 }, 'paymentTermsDays', 'Payment terms must be a whole number of days from 0 to 365'],
        [{ ...ok, paymentTermsDays: '30' }, 'paymentTermsDays', 'Payment terms must be a whole number of days from 0 to 365'],
        [{ ...ok, notes: 'x'.repeat(2001) }, 'notes', 'Notes must be 2000 characters or less'],
        [{ ...ok, routeNumber: 'x'.repeat(21) }, 'routeNumber', 'Route must be 20 characters or less'],
      ];
      for (const [payload, field, message] of cases) {
        const res = await send('POST', '/api/admin/retailers', payload);
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
        expect([field, res.body.error.fields?.[field]], JSON.stringify(res.body)).toEqual([field, message]);
      }
      const rep = await send('POST', '/api/admin/retailers', { ...ok, salesRepId: 'rep-nobody' });
      expect(rep.status).toBe(400);
      expect(rep.body).toEqual({
        success: false,
        message: 'Sales rep not found',
        error: { code: 'VALIDATION_ERROR', fields: { salesRepId: 'Sales rep not found' } },
      });
      expect(await ctx.db.selectFrom('customers').select('id').where('c_number', '=', '40001').execute()).toEqual([]);
    });
  });

  describe('deactivate and reactivate', () => {
    it("refuses the store's retailer at once (cart add) and lets it back on reactivation", async () => {
      const add = () =>
        call(ctx.app, {
          method: 'POST',
          url: '/api/retailer/cart/add',
          token: retailer,
          payload: { productId: P.cola, quantity: 1 },
        });
      expect((await add()).status).toBe(200);

      const off = await send('POST', `/api/admin/retailers/${C.c10001}/deactivate`);
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ success: true, message: 'Retailer deactivated', data: { isActive: false } });
      const refused = await add();
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        success: false,
        message: 'Session expired. Please sign in again.',
        error: { code: 'UNAUTHORIZED' },
      });
      expect(await numbers('?status=inactive')).toEqual(['20001', '10001']);

      const on = await send('POST', `/api/admin/retailers/${C.c10001}/reactivate`);
      expect(on.body).toMatchObject({ success: true, message: 'Retailer reactivated', data: { isActive: true } });
      // The ended session stays ended; a new sign-in orders again.
      retailer = await tokenFor(ctx, WORLD.users.retailer.id);
      expect((await add()).status).toBe(200);
    });
  });

  it('is described in OpenAPI: every route, the list parameters and the body', async () => {
    const doc = (await call(ctx.app, { method: 'GET', url: '/api/docs/json' })).body;
    const list = doc.paths['/api/admin/retailers'];
    expect(Object.keys(list).sort()).toEqual(['get', 'post']);
    expect(list.get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'search',
        'route',
        'orderDay',
        'salesRepId',
        'priceClass',
        'status',
        'balanceMinCents',
        'hasOpenOrders',
        'sort',
      ]),
    );
    expect(Object.keys(doc.paths['/api/admin/retailers/{retailerId}']).sort()).toEqual(['get', 'put']);
    expect(doc.paths['/api/admin/retailers/{retailerId}/deactivate'].post).toBeDefined();
    expect(doc.paths['/api/admin/retailers/{retailerId}/reactivate'].post).toBeDefined();
  });

  describe('distributors and permissions', () => {
    it("another distributor's store is not found, whatever the action, and is never listed", async () => {
      for (const res of [
        await get('/api/admin/retailers/cust-other'),
        await send('PUT', '/api/admin/retailers/cust-other', { cNumber: 'X900', companyName: 'Taken', contactName: 'T' }),
        await send('POST', '/api/admin/retailers/cust-other/deactivate'),
        await send('POST', '/api/admin/retailers/cust-other/reactivate'),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: 'Retailer not found', error: { code: 'NOT_FOUND' } });
      }
      expect((await stored('cust-other')).is_active).toBe(1);
      expect(await numbers('?search=other')).toEqual([]);
      const theirs = await get('/api/admin/retailers', otherAdmin);
      expect(theirs.body.data).toMatchObject({ total: 1, items: [{ C_Number: 'X900' }] });
      expect((await get(`/api/admin/retailers/${C.c10001}`, otherAdmin)).status).toBe(404);
    });

    it('a view-only role reads and may not write; other roles are refused', async () => {
      expect((await get('/api/admin/retailers', viewOnly)).status).toBe(200);
      const put = await send(
        'PUT',
        `/api/admin/retailers/${C.c10002}`,
        { cNumber: '10002', companyName: 'X', contactName: 'X' },
        viewOnly,
      );
      expect(put.status).toBe(403);
      expect(put.body.message).toBe('You do not have edit permission for Retailers');
      expect((await send('POST', `/api/admin/retailers/${C.c10002}/deactivate`, undefined, viewOnly)).status).toBe(403);
      expect((await get('/api/admin/retailers', retailer)).status).toBe(403);
    });

    it('deactivating and reactivating a store asks for edit permission, not add', async () => {
      await addDistributorUser(ctx.db, 'user-retailers-add', { Retailers: { view: true, add: true } });
      await addDistributorUser(ctx.db, 'user-retailers-edit', { Retailers: { view: true, edit: true } });
      const [adder, editor] = await Promise.all([tokenFor(ctx, 'user-retailers-add'), tokenFor(ctx, 'user-retailers-edit')]);
      const refused = await send('POST', `/api/admin/retailers/${C.c10002}/deactivate`, undefined, adder);
      expect([refused.status, refused.body.message]).toEqual([403, 'You do not have edit permission for Retailers']);
      expect((await send('POST', `/api/admin/retailers/${C.c10002}/deactivate`, undefined, editor)).status).toBe(200);
      expect((await send('POST', `/api/admin/retailers/${C.c10002}/reactivate`, undefined, editor)).status).toBe(200);
    });
  });
});
