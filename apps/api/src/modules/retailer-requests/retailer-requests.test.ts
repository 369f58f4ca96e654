// Sign-up requests over HTTP: a store signs up and verifies its code, the office sees it in the queue
// (paged, searched, filtered, duplicates flagged), approves it onto a route with a suggested C_Number,
// and the new store signs in with its own password and orders; rejection sends the reason; a decided
// request cannot be decided again; validation messages; the Retailer Requests permission; another
// distributor's request is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';

const BASE = '/api/admin/retailer-requests';

let ipSeq = 0;
/** A client address of its own, so the sign-in paths' per-IP limit does not answer instead. */
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250) % 250}.${ipSeq % 250}`;

describe('admin sign-up requests: /api/admin/retailer-requests', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;
  let addOnly: string;
  let otherAdmin: string;
  let retailer: string;

  const get = (url: string, token = admin) => call(ctx.app, { method: 'GET', url, token });
  const send = (method: 'POST' | 'PUT', url: string, payload: object, token = admin) =>
    call(ctx.app, { method, url, payload, token });

  /** Signs up through /auth/signup and verifies the code from the outbox; returns the request id. */
  async function signUp(form: Record<string, string>): Promise<string> {
    const ip = freshIp();
    const res = await post(ctx, '/auth/signup', form, { ip });
    expect(res.status).toBe(200);
    const code = await latestCode(ctx, form.email!.toLowerCase());
    const verified = await post(ctx, '/auth/verifyRetailerOtp', { email_phone: form.email, otp: code }, { ip });
    expect(verified.status).toBe(200);
    const row = await ctx.db
      .selectFrom('retailer_requests')
      .select('id')
      .where('email', '=', form.email!.toLowerCase())
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const maple = {
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
  let mapleId = '';
  let lookalikeId = '';

  const post = (_: TestContext, url: string, payload: object, opts: { ip: string }) =>
    call(ctx.app, { method: 'POST', url: `/api${url}`, payload, headers: { 'x-forwarded-for': opts.ip } });
  /** Messages to an address, newest first, as the browser tests read them (GET /api/dev/outbox). */
  const outbox = async (_: TestContext, to: string) =>
    (await call(ctx.app, { method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).body.data as {
      channel: string;
      subject: string;
      body: string;
    }[];
  const latestCode = async (_: TestContext, to: string) => {
    const code = (await outbox(ctx, to))[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  };

  beforeAll(async () => {
    ctx = await createCatalogContext();
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    viewOnly = await tokenFor(ctx, await addDistributorUser(ctx.db, 'requests-viewer', { 'Retailer Requests': { view: true } }));
    addOnly = await tokenFor(
      ctx,
      await addDistributorUser(ctx.db, 'requests-adder', { 'Retailer Requests': { view: true, add: true } }),
    );
    await addDistributor(ctx.db, 'dist-other');
    // Sign-ups go to the installation's first distributor: keep it the base world's.
    await ctx.db
      .updateTable('distributors')
      .set({ created_at: '2999-01-01T00:00:00.000Z' })
      .where('id', '=', 'dist-other')
      .execute();
    otherAdmin = await tokenFor(ctx, await addDistributorUser(ctx.db, 'other-admin', { 'Retailer Requests': ALL }, 'dist-other'));
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    mapleId = await signUp(maple);
    // Same business name as store 10002 and the same street address as the Maple request.
    lookalikeId = await signUp({
      ...maple,
      storeName: 'sunrise liquor & deli',
      ownerName: 'Ray Sun',
      email: 'ray@sunrise.test',
      phone: '916 555 1212',
    });
  });
  afterAll(() => ctx.close());

  it('lists open requests newest first with their duplicates flagged', async () => {
    const res = await get(BASE);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Retailer requests fetched successfully');
    expect(res.body.data).toMatchObject({ total: 2, page: 1, limit: 25 });
    expect(res.body.data.items.map((r: { storeName: string }) => r.storeName)).toEqual([
      'sunrise liquor & deli',
      'Maple Street Market',
    ]);
    expect(res.body.data.items[0]).toMatchObject({
      status: 'pending',
      source: 'signup',
      email: 'ray@sunrise.test',
      phone: '19165551212',
      duplicateFields: ['address', 'name'],
    });
    expect(res.body.data.items[1].duplicateFields).toEqual(['address']);
  });

  it('searches, filters by status, sorts and pages', async () => {
    const search = await get(`${BASE}?search=MAPLE`);
    expect(search.body.data.items.map((r: { id: string }) => r.id)).toEqual([mapleId]);
    const byPhone = await get(`${BASE}?search=${encodeURIComponent('916-555-1212')}`);
    expect(byPhone.body.data.items.map((r: { id: string }) => r.id)).toEqual([lookalikeId]);
    const sorted = await get(`${BASE}?sort=storeName&dir=asc&limit=1&page=2`);
    expect(sorted.body.data).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(sorted.body.data.items[0].id).toBe(lookalikeId);
    expect((await get(`${BASE}?status=approved`)).body.data.total).toBe(0);
    const bad = await get(`${BASE}?status=maybe&sort=password`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      status: 'status must be one of: open, unverified, pending, approved, rejected, all',
      sort: 'sort must be one of: createdAt, storeName, ownerName, city, status',
    });
  });

  it('shows a request with its look-alikes, a suggested C_Number and the sales reps; never the password', async () => {
    const res = await get(`${BASE}/${lookalikeId}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: lookalikeId,
      address: '12 Maple Street',
      hasPassword: true,
      reviewedBy: null,
      customer: null,
      suggestedCNumber: '10004',
    });
    expect(d.duplicates).toEqual([
      {
        kind: 'store',
        id: WORLD.customers.c10002,
        name: 'Sunrise Liquor & Deli',
        C_Number: '10002',
        status: null,
        matches: ['name'],
      },
      { kind: 'request', id: mapleId, name: 'Maple Street Market', C_Number: null, status: 'pending', matches: ['address'] },
    ]);
    expect(d.salesReps.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['rep-1', 'rep-2']));
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password_hash/);
  });

  it('flags a request sharing a store phone, whatever its punctuation', async () => {
    const store = await ctx.db
      .selectFrom('customers')
      .select('phone')
      .where('id', '=', WORLD.customers.c10001)
      .executeTakeFirstOrThrow();
    const added = await send('POST', BASE, {
      storeName: 'Phone Twin',
      ownerName: 'Pat Twin',
      email: 'pat@twin.test',
      phone: store.phone!,
    });
    expect(added.status).toBe(201);
    expect(added.body.data.duplicateFields).toEqual(['phone']);
    expect(added.body.data.duplicates[0]).toMatchObject({ kind: 'store', C_Number: '10001', matches: ['phone'] });
  });

  it('staff add a request (pending at once) with validation messages and address conflicts', async () => {
    const bad = await send('POST', BASE, { storeName: ' ', ownerName: '', email: 'nope', phone: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      storeName: 'Store name is required',
      ownerName: 'Owner name is required',
      email: 'Enter a valid email address',
      phone: 'Enter a valid phone number',
    });
    const taken = await send('POST', BASE, { storeName: 'X', ownerName: 'Y', email: 'retailer@demo.test', phone: '9165550000' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('An account with this email or phone number already exists');
    const open = await send('POST', BASE, { storeName: 'X', ownerName: 'Y', email: 'x@y.test', phone: '916.555.7788' });
    expect(open.status).toBe(409);
    expect(open.body.message).toBe('A sign-up request with this email or phone number is already awaiting approval');

    const res = await send('POST', BASE, {
      storeName: 'Oak Grocery',
      ownerName: 'Olive Oak',
      email: 'olive@oak.test',
      phone: '530-555-0101',
      city: 'Woodland',
      notes: 'Met at the trade show',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Retailer request created');
    expect(res.body.data).toMatchObject({
      status: 'pending',
      source: 'staff',
      hasPassword: false,
      notes: 'Met at the trade show',
    });
  });

  it('edits a pending request', async () => {
    const res = await send('PUT', `${BASE}/${lookalikeId}`, {
      storeName: 'Sunrise Two',
      ownerName: 'Ray Sun',
      email: 'ray@sunrise.test',
      phone: '916 555 1212',
      address: '99 Elm Street',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Retailer request updated');
    expect(res.body.data).toMatchObject({ storeName: 'Sunrise Two', address: '99 Elm Street', duplicateFields: [] });
  });

  it('approves onto route 101: the store and its user exist, the applicant is told and signs in with their password and orders', async () => {
    const taken = await send('POST', `${BASE}/${mapleId}/approve`, { cNumber: '10001', routeNumber: '101' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      message: 'C_Number 10001 is already in use',
      error: { fields: { cNumber: 'C_Number 10001 is already in use' } },
    });
    const badRep = await send('POST', `${BASE}/${mapleId}/approve`, { cNumber: '10004', salesRepId: 'rep-nobody' });
    expect(badRep.status).toBe(400);
    expect(badRep.body.message).toBe('Sales rep not found');
    // Refused approvals left nothing behind.
    expect(await ctx.db.selectFrom('customers').select('id').where('c_number', '=', '10004').executeTakeFirst()).toBeUndefined();
    expect(
      await ctx.db.selectFrom('users').select('id').where('email', '=', 'nora@maplemarket.test').executeTakeFirst(),
    ).toBeUndefined();

    const invalid = await send('POST', `${BASE}/${mapleId}/approve`, { cNumber: 'no spaces', priceClass: 9, orderDay: 12 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({
      cNumber: 'C_Number must be 1 to 20 letters, digits or dashes',
      priceClass: 'Price class must be a whole number from 1 to 5',
      orderDay: 'Order day must be a whole number from 0 (none) to 8 (other)',
    });

    const res = await send('POST', `${BASE}/${mapleId}/approve`, {
      cNumber: '10004',
      routeNumber: '101',
      stopNumber: '7',
      orderDay: 3,
      priceClass: 2,
      salesRepId: 'rep-1',
      minOrderCents: 5000,
      itemLimit: 200,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Retailer request approved');
    expect(res.body.data).toMatchObject({
      status: 'approved',
      reviewedBy: { id: WORLD.users.admin.id },
      customer: { C_Number: '10004' },
    });
    expect(res.body.data.reviewedAt).toEqual(expect.any(String));
    const store = await ctx.db.selectFrom('customers').selectAll().where('c_number', '=', '10004').executeTakeFirstOrThrow();
    expect(store).toMatchObject({
      company_name: 'Maple Street Market',
      contact_name: 'Nora Quinn',
      route_number: '101',
      stop_number: '7',
      order_day: 3,
      price_level: 2,
      sales_rep_id: 'rep-1',
      min_order_cents: 5000,
      item_limit_qty: 200,
      distributor_id: WORLD.distributorId,
    });
    const [notice] = await outbox(ctx, 'nora@maplemarket.test');
    expect(notice).toMatchObject({ channel: 'email', subject: 'Your store account is approved' });
    expect(notice!.body).toContain('your customer number is 10004');

    const login = await post(
      ctx,
      '/auth/loginWithPassword',
      { email_phone: 'nora@maplemarket.test', password: 'Maple@2026' },
      { ip: freshIp() },
    );
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({
      role: 'retailer',
      storeDetail: { C_Number: '10004', Routes: [{ Route_Number: '101', Stop_Number: '7' }] },
    });
    const token = login.body.data.token as string;
    const add = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/cart/add',
      payload: { productId: P.cola, quantity: 6 },
      token,
    });
    expect(add.status).toBe(200);
    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      headers: { 'is-web-order': 'true' },
      token,
    });
    expect(placed.status).toBe(200);
    const order = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', String(placed.body.data.orderNumber))
      .executeTakeFirstOrThrow();
    expect(order.customer_id).toBe(store.id);

    // Its own store is not listed as its duplicate.
    expect((await get(`${BASE}/${mapleId}`)).body.data).toMatchObject({ duplicates: [], duplicateFields: [] });
    // The suggestion moves on.
    expect((await get(`${BASE}/${lookalikeId}`)).body.data.suggestedCNumber).toBe('10005');
  });

  it('a decided request cannot be decided or edited again (409)', async () => {
    const again = await send('POST', `${BASE}/${mapleId}/approve`, { cNumber: '10009' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This request has already been approved');
    const reject = await send('POST', `${BASE}/${mapleId}/reject`, { reason: 'Too late' });
    expect(reject.status).toBe(409);
    const edit = await send('PUT', `${BASE}/${mapleId}`, { ...maple, password: undefined });
    expect(edit.status).toBe(409);
  });

  it('rejects with a reason the applicant receives; the reason is required', async () => {
    const missing = await send('POST', `${BASE}/${lookalikeId}/reject`, { reason: '   ' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ reason: 'Reason is required' });
    const res = await send('POST', `${BASE}/${lookalikeId}/reject`, { reason: 'We do not deliver to Elm Street yet.' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Retailer request rejected');
    expect(res.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: 'We do not deliver to Elm Street yet.',
      reviewedBy: { id: WORLD.users.admin.id },
    });
    const [notice] = await outbox(ctx, 'ray@sunrise.test');
    expect(notice).toMatchObject({ subject: 'Your sign-up request was not approved' });
    expect(notice!.body).toContain('Reason: We do not deliver to Elm Street yet.');
    const again = await send('POST', `${BASE}/${lookalikeId}/reject`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This request has already been rejected');
  });

  it("keeps each change in the request's history: who, when, each field before and after", async () => {
    const res = await get(`${BASE}/${lookalikeId}/audit`);
    expect(res.status).toBe(200);
    const items = res.body.data.items as {
      action: string;
      actor: { id: string };
      changes: { field: string; before: unknown; after: unknown }[];
    }[];
    expect(items.map((i) => i.action)).toEqual(['rejected', 'updated']);
    expect(items[0]!.actor).toMatchObject({ id: WORLD.users.admin.id });
    expect(items[0]!.changes).toEqual([
      { field: 'status', before: 'pending', after: 'rejected' },
      { field: 'rejectReason', before: null, after: 'We do not deliver to Elm Street yet.' },
    ]);
    expect(items[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'storeName', before: 'sunrise liquor & deli', after: 'Sunrise Two' },
        { field: 'address', before: '12 Maple Street', after: '99 Elm Street' },
      ]),
    );
    const approved = (await get(`${BASE}/${mapleId}/audit`)).body.data.items;
    expect(approved).toHaveLength(1);
    expect(approved[0].action).toBe('approved');
    expect(approved[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'status', before: 'pending', after: 'approved' },
        { field: 'C_Number', before: null, after: '10004' },
      ]),
    );
    expect((await get(`${BASE}/${mapleId}/audit`, otherAdmin)).status).toBe(404);
  });

  it('a request added in the office is approved and its store signs in with a one-time code', async () => {
    const list = await get(`${BASE}?search=oak.test`);
    const oak = list.body.data.items[0] as { id: string };
    expect((await send('POST', `${BASE}/${oak.id}/approve`, { cNumber: 'OAK-1', routeNumber: '303' })).status).toBe(200);
    const [notice] = await outbox(ctx, 'olive@oak.test');
    expect(notice!.body).toContain('we will send you a one-time code');
    const ip = freshIp();
    expect((await post(ctx, '/auth/login', { email_phone: 'olive@oak.test' }, { ip })).status).toBe(200);
    const code = await latestCode(ctx, 'olive@oak.test');
    const signedIn = await post(ctx, '/auth/verify', { email_phone: 'olive@oak.test', otp: code }, { ip });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ role: 'retailer', storeDetail: { C_Number: 'OAK-1', C_CoName: 'Oak Grocery' } });
  });

  it('two approvals at once: one wins, the other is 409, one store exists', async () => {
    const id = await signUp({
      ...maple,
      storeName: 'Race Market',
      email: 'race@market.test',
      phone: '916 555 3434',
      address: '1 Race Rd',
    });
    const body = { cNumber: '20001', routeNumber: '101' };
    const [a, b] = await Promise.all([
      send('POST', `${BASE}/${id}/approve`, body),
      send('POST', `${BASE}/${id}/approve`, { ...body, cNumber: '20002' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const stores = await ctx.db.selectFrom('customers').select('id').where('company_name', '=', 'Race Market').execute();
    expect(stores).toHaveLength(1);
  });

  it('an unverified request cannot be approved yet, but can be rejected', async () => {
    const ip = freshIp();
    expect(
      (await post(ctx, '/auth/signup', { ...maple, email: 'slow@verify.test', phone: '916 555 5656', storeName: 'Slow' }, { ip }))
        .status,
    ).toBe(200);
    const row = await ctx.db
      .selectFrom('retailer_requests')
      .select('id')
      .where('email', '=', 'slow@verify.test')
      .executeTakeFirstOrThrow();
    const approve = await send('POST', `${BASE}/${row.id}/approve`, { cNumber: '30001' });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe(
      'This request is waiting for the applicant to verify their email and cannot be approved yet',
    );
    expect((await send('POST', `${BASE}/${row.id}/reject`, { reason: 'Spam' })).status).toBe(200);
  });

  it('follows the Retailer Requests permission; another distributor sees 404; retailers are refused', async () => {
    expect((await get(BASE, viewOnly)).status).toBe(200);
    expect((await get(`${BASE}/${mapleId}`, viewOnly)).status).toBe(200);
    const form = { storeName: 'Perm', ownerName: 'P', email: 'perm@test.test', phone: '916 555 9898' };
    expect((await send('POST', BASE, form, viewOnly)).status).toBe(403);
    expect((await send('POST', `${BASE}/${mapleId}/reject`, { reason: 'x' }, addOnly)).status).toBe(403);
    expect((await send('POST', BASE, form, addOnly)).status).toBe(201);
    expect((await get(`${BASE}/${mapleId}`, otherAdmin)).status).toBe(404);
    expect((await get(BASE, otherAdmin)).body.data.total).toBe(0);
    expect((await send('POST', `${BASE}/${mapleId}/reject`, { reason: 'x' }, otherAdmin)).status).toBe(404);
    expect((await get(BASE, retailer)).status).toBe(403);
    expect((await get(`${BASE}/nope`)).body).toMatchObject({ success: false, message: 'Retailer request not found' });
  });
});
