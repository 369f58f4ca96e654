// Admin actions on stores over HTTP (both databases): inviting a store user (stored without a password,
// told through the outbox, 409 for a known address), who then signs in by code, orders and sets a
// password by the reset flow; deactivating, reactivating and signing out a store user (effective on the
// next request); moving stores between sales reps (the losing rep's working session ends at once, also
// when a PUT of terms changes the rep); the read-only catalogue preview priced as the store sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';

const C = WORLD.customers;

let ipSeq = 0;
/** A client address of its own per sign-in, so the per-IP limit of sign-in calls does not answer instead. */
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe('admin retailer actions', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;
  let otherAdmin: string;

  beforeAll(async () => {
    ctx = await createCatalogContext();
    admin = await tokenFor(ctx, await addDistributorUser(ctx.db, 'ret-admin', { Retailers: ALL }));
    viewOnly = await tokenFor(ctx, await addDistributorUser(ctx.db, 'ret-view', { Retailers: { view: true } }));
    await addDistributor(ctx.db, 'dist-other');
    otherAdmin = await tokenFor(ctx, await addDistributorUser(ctx.db, 'other-admin', { Retailers: ALL }, 'dist-other'));
  });
  afterAll(async () => {
    resetClock();
    await ctx.close();
  });

  async function outbox(to: string): Promise<{ channel: string; subject: string; body: string }[]> {
    const res = await call(ctx.app, { method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    return res.body.data;
  }
  async function latestCode(to: string): Promise<string> {
    const code = (await outbox(to))[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  }

  const post = (url: string, payload: unknown, token = admin) =>
    call(ctx.app, { method: 'POST', url: `/api/admin/retailers${url}`, payload: payload as object, token });

  describe('store users', () => {
    it('invites a person by e-mail: a retailer user without a password and an invitation in the outbox', async () => {
      const res = await post(`/${C.c10001}/users`, { name: ' Nina Park ', emailPhone: 'Nina.Park@Example.test' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Invitation sent',
        data: { name: 'Nina Park', email: 'nina.park@example.test', phone: null, isActive: true },
      });
      const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        role: 'retailer',
        customer_id: C.c10001,
        distributor_id: WORLD.distributorId,
        password_hash: null,
        email: 'nina.park@example.test',
      });
      const [message] = await outbox('nina.park@example.test');
      expect(message).toMatchObject({ channel: 'email', subject: 'You are invited to order for Corner Mart #1' });
      expect(message!.body).toContain('Golden State Wholesale Distributors, Inc. has invited you to order for Corner Mart #1');
      expect(message!.body).toContain('/login');
      // The store's page lists the new user.
      const page = await call(ctx.app, { method: 'GET', url: `/api/admin/retailers/${C.c10001}`, token: admin });
      expect(page.body.data.users.map((u: { name: string }) => u.name)).toContain('Nina Park');
    });

    it('invites by phone: stored as digits, the invitation goes by SMS', async () => {
      const res = await post(`/${C.c10002}/users`, { name: 'Omar Diaz', emailPhone: '(916) 555-7788' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ email: null, phone: '19165557788' });
      const [message] = await outbox('19165557788');
      expect(message).toMatchObject({ channel: 'sms', subject: 'You are invited to order for Sunrise Liquor & Deli' });
    });

    it('refuses an address that already has an account (409), in any spelling', async () => {
      for (const emailPhone of ['RETAILER@demo.test', '+1 (555) 010-0004', 'nina.park@example.test']) {
        const res = await post(`/${C.c10001}/users`, { name: 'Someone', emailPhone });
        expect(res.status, emailPhone).toBe(409);
        expect(res.body).toEqual({
          success: false,
          message: 'An account with this email or phone number already exists',
          error: { code: 'CONFLICT', fields: { emailPhone: 'An account with this email or phone number already exists' } },
        });
      }
    });

    it('validates the invitation with field messages', async () => {
      const res = await post(`/${C.c10001}/users`, { name: '  ', emailPhone: 'not an address' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { name: 'Name is required', emailPhone: 'Enter a valid email address or phone number' },
      });
      const long = await post(`/${C.c10001}/users`, { name: 'x'.repeat(121), emailPhone: 'a@b.test' });
      expect(long.body.error.fields).toEqual({ name: 'Name must be 120 characters or less' });
    });

    it("answers 404 for another distributor's store or user, and 403 without add permission", async () => {
      expect((await post(`/${C.c10001}/users`, { name: 'X', emailPhone: 'x1@example.test' }, otherAdmin)).body).toMatchObject({
        message: 'Retailer not found',
        error: { code: 'NOT_FOUND' },
      });
      const denied = await post(`/${C.c10001}/users`, { name: 'X', emailPhone: 'x2@example.test' }, viewOnly);
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe('You do not have add permission for Retailers');
      // A user of another store is not this store's.
      const wrongStore = await post(`/${C.c10002}/users/${WORLD.users.retailer.id}/deactivate`, {});
      expect([wrongStore.status, wrongStore.body.message]).toEqual([404, 'User not found']);
      // A distributor user is never a store user.
      const notRetailer = await post(`/${C.c10001}/users/${WORLD.users.admin.id}/signOutEverywhere`, {});
      expect(notRetailer.status).toBe(404);
      expect(
        await ctx.db.selectFrom('users').select('id').where('email', 'in', ['x1@example.test', 'x2@example.test']).execute(),
      ).toEqual([]);
    });

    it('the invited person signs in with a one-time code, orders, and sets a password by the reset flow', async () => {
      const ip = freshIp();
      const address = 'nina.park@example.test';
      // No password yet: password sign-in fails like a wrong password.
      const noPassword = await call(ctx.app, {
        method: 'POST',
        url: '/api/auth/loginWithPassword',
        payload: { email_phone: address, password: 'Anything1' },
        headers: { 'x-forwarded-for': ip },
      });
      expect(noPassword.status).toBe(401);
      expect(
        (
          await call(ctx.app, {
            method: 'POST',
            url: '/api/auth/login',
            payload: { email_phone: address },
            headers: { 'x-forwarded-for': ip },
          })
        ).status,
      ).toBe(200);
      const verify = await call(ctx.app, {
        method: 'POST',
        url: '/api/auth/verify',
        payload: { email_phone: address, otp: await latestCode(address) },
        headers: { 'x-forwarded-for': ip },
      });
      expect(verify.status).toBe(200);
      expect(verify.body.data).toMatchObject({ role: 'retailer', userName: 'Nina Park', storeDetail: { C_Number: '10001' } });
      const token = verify.body.data.token as string;
      expect(
        (
          await call(ctx.app, {
            method: 'POST',
            url: '/api/retailer/cart/add',
            payload: { productId: P.cola, quantity: 6 },
            token,
          })
        ).status,
      ).toBe(200);
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
        .select(['customer_id', 'placed_by_user_id', 'placed_by_role'])
        .where('order_number', '=', placed.body.data.orderNumber)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ customer_id: C.c10001, placed_by_role: 'retailer' });
      const user = await ctx.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirstOrThrow();
      expect(order.placed_by_user_id).toBe(user.id);

      // Setting a password: forgot → reset by code, no current password needed (a new code after 30 s).
      advanceClock(31_000);
      await call(ctx.app, {
        method: 'POST',
        url: '/api/auth/forgotPassword',
        payload: { email_phone: address },
        headers: { 'x-forwarded-for': ip },
      });
      const reset = await call(ctx.app, {
        method: 'POST',
        url: '/api/auth/resetPassword',
        payload: { email_phone: address, otp: await latestCode(address), password: 'Nina2026pass' },
        headers: { 'x-forwarded-for': ip },
        token,
      });
      expect([reset.status, reset.body.message]).toEqual([200, 'Password reset successfully']);
      const withPassword = await call(ctx.app, {
        method: 'POST',
        url: '/api/auth/loginWithPassword',
        payload: { email_phone: address, password: 'Nina2026pass' },
        headers: { 'x-forwarded-for': ip },
      });
      expect(withPassword.status).toBe(200);
    });

    it('deactivation refuses the user from the next request and at sign-in; reactivation lets it sign in again', async () => {
      const userId = WORLD.users.retailer2.id;
      const token = await tokenFor(ctx, userId);
      expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token })).status).toBe(200);

      const off = await post(`/${C.c10002}/users/${userId}/deactivate`, {});
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ message: 'User deactivated', data: { id: userId, isActive: false } });
      const refused = await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token });
      expect([refused.status, refused.body.message]).toEqual([401, 'Session expired. Please sign in again.']);
      const signIn = await call(ctx.app, {
        method: 'POST',
        url: '/api/auth/loginWithPassword',
        payload: { email_phone: WORLD.users.retailer2.email, password: 'Demo@12345' },
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect([signIn.status, signIn.body.error.code]).toEqual([403, 'ACCOUNT_INACTIVE']);
      expect(
        (await ctx.db.selectFrom('users').select('is_active').where('id', '=', userId).executeTakeFirstOrThrow()).is_active,
      ).toBe(0);

      const on = await post(`/${C.c10002}/users/${userId}/reactivate`, {});
      expect(on.body).toMatchObject({ message: 'User reactivated', data: { isActive: true } });
      const again = await call(ctx.app, {
        method: 'POST',
        url: '/api/auth/loginWithPassword',
        payload: { email_phone: WORLD.users.retailer2.email, password: 'Demo@12345' },
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(again.status).toBe(200);
      // The session ended by deactivation stays ended.
      expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token })).status).toBe(401);
    });

    it('signs a user out everywhere: every session answers 401 from the next request', async () => {
      const userId = WORLD.users.retailer2.id;
      const a = await tokenFor(ctx, userId, { name: 'phone' });
      const b = await tokenFor(ctx, userId, { name: 'laptop' });
      const res = await post(`/${C.c10002}/users/${userId}/signOutEverywhere`, {});
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('User signed out everywhere');
      expect(res.body.data.sessionsEnded).toBeGreaterThanOrEqual(2);
      for (const token of [a, b]) {
        expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token })).status).toBe(401);
      }
      const denied = await post(`/${C.c10002}/users/${userId}/signOutEverywhere`, {}, viewOnly);
      expect([denied.status, denied.body.message]).toEqual([403, 'You do not have edit permission for Retailers']);
    });
  });

  describe('sales rep assignments', () => {
    const salesHeaders = (customerId: string, cNumber: string) => ({ 'x-customer-id': customerId, 'x-customer-number': cNumber });

    async function repWorkingOn(customerId: string, cNumber: string): Promise<string> {
      const token = await tokenFor(ctx, WORLD.users.sales.id);
      const set = await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${customerId}`, token });
      expect(set.status).toBe(200);
      const cart = await call(ctx.app, {
        method: 'GET',
        url: `/api/sales/cartItem/${customerId}`,
        token,
        headers: salesHeaders(customerId, cNumber),
      });
      expect(cart.status).toBe(200);
      return token;
    }
    const repOf = async (id: string) =>
      (await ctx.db.selectFrom('customers').select('sales_rep_id').where('id', '=', id).executeTakeFirstOrThrow()).sales_rep_id;

    it('validates the move', async () => {
      const cases: [object, string, Record<string, string>][] = [
        [
          {},
          'Request validation failed',
          {
            fromSalesRepId: 'Choose the sales rep to move customers from',
            toSalesRepId: 'Choose the sales rep to move customers to',
          },
        ],
        [
          { fromSalesRepId: 'rep-1', toSalesRepId: 'rep-1' },
          'Choose a different sales rep to move the customers to',
          { toSalesRepId: 'Choose a different sales rep to move the customers to' },
        ],
        [{ fromSalesRepId: 'rep-x', toSalesRepId: 'rep-1' }, 'Sales rep not found', { fromSalesRepId: 'Sales rep not found' }],
        [{ fromSalesRepId: 'rep-1', toSalesRepId: 'rep-x' }, 'Sales rep not found', { toSalesRepId: 'Sales rep not found' }],
        [
          { fromSalesRepId: 'rep-1', toSalesRepId: 'rep-2', retailerIds: [] },
          'Request validation failed',
          { retailerIds: 'List between 1 and 1000 stores' },
        ],
        [
          { fromSalesRepId: 'rep-1', toSalesRepId: 'rep-2', retailerIds: [C.c10003] },
          '1 of the listed stores is not assigned to that sales rep',
          { retailerIds: '1 of the listed stores is not assigned to that sales rep' },
        ],
      ];
      for (const [body, message, fields] of cases) {
        const res = await post('/reassign', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        if (message !== 'Request validation failed') expect(res.body.message).toBe(message);
        expect(res.body.error.fields).toEqual(fields);
      }
      // Another distributor cannot name this distributor's reps.
      expect((await post('/reassign', { fromSalesRepId: 'rep-1', toSalesRepId: 'rep-2' }, otherAdmin)).body.message).toBe(
        'Sales rep not found',
      );
      expect((await post('/reassign', { fromSalesRepId: 'rep-1', toSalesRepId: 'rep-2' }, viewOnly)).status).toBe(403);
      expect(await repOf(C.c10001)).toBe('rep-1');
    });

    it('moves the listed stores and ends the losing rep’s working session on them at once', async () => {
      const token = await repWorkingOn(C.c10001, '10001');
      const res = await post('/reassign', { fromSalesRepId: 'rep-1', toSalesRepId: 'rep-2', retailerIds: [C.c10001] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: '1 customer moved', data: { moved: 1 } });
      expect(await repOf(C.c10001)).toBe('rep-2');
      expect(await repOf(C.c10002)).toBe('rep-1');

      const next = await call(ctx.app, {
        method: 'GET',
        url: `/api/sales/cartItem/${C.c10001}`,
        token,
        headers: salesHeaders(C.c10001, '10001'),
      });
      expect([next.status, next.body.message]).toEqual([403, 'This customer is not assigned to you']);
      const list = await call(ctx.app, { method: 'GET', url: '/api/sales/customerList', token });
      expect(list.body.data.data.map((c: { C_Number: string }) => c.C_Number)).toEqual(['10002']);
      expect(list.body.data.currentCustomerId).toBeNull();
      const session = await ctx.db
        .selectFrom('sessions')
        .select('current_customer_id')
        .where('user_id', '=', WORLD.users.sales.id)
        .execute();
      expect(session.every((s) => s.current_customer_id === null)).toBe(true);
      // The new rep works it.
      const rep2 = await tokenFor(ctx, WORLD.users.sales2.id);
      expect((await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C.c10001}`, token: rep2 })).status).toBe(
        200,
      );
    });

    it("moves all of a rep's stores when none are listed", async () => {
      const res = await post('/reassign', { fromSalesRepId: 'rep-2', toSalesRepId: 'rep-1' });
      expect(res.body).toEqual({ success: true, message: '2 customers moved', data: { moved: 2 } });
      expect([await repOf(C.c10001), await repOf(C.c10002), await repOf(C.c10003)]).toEqual(['rep-1', 'rep-1', 'rep-1']);
      const none = await post('/reassign', { fromSalesRepId: 'rep-2', toSalesRepId: 'rep-1' });
      expect(none.body).toEqual({ success: true, message: '0 customers moved', data: { moved: 0 } });
      // Back as the base world has it.
      await post('/reassign', { fromSalesRepId: 'rep-1', toSalesRepId: 'rep-2', retailerIds: [C.c10003] });
    });

    it('refuses an inactive rep as the new rep', async () => {
      await ctx.db.updateTable('sales_reps').set({ is_active: 0 }).where('id', '=', 'rep-3').execute();
      const res = await post('/reassign', { fromSalesRepId: 'rep-1', toSalesRepId: 'rep-3' });
      expect(res.body.message).toBe('This sales rep is inactive. Choose an active sales rep to move the customers to');
      await ctx.db.updateTable('sales_reps').set({ is_active: 1 }).where('id', '=', 'rep-3').execute();
    });

    it("a PUT of terms that changes the rep ends the old rep's working session on the store", async () => {
      const token = await repWorkingOn(C.c10002, '10002');
      const detail = (await call(ctx.app, { method: 'GET', url: `/api/admin/retailers/${C.c10002}`, token: admin })).body.data;
      const body = {
        cNumber: detail.C_Number,
        companyName: detail.companyName,
        contactName: detail.contactName,
        salesRepId: 'rep-3',
        priceClass: detail.priceClass,
        minOrderCents: detail.minOrderCents,
      };
      const put = await call(ctx.app, { method: 'PUT', url: `/api/admin/retailers/${C.c10002}`, payload: body, token: admin });
      expect(put.status).toBe(200);
      const next = await call(ctx.app, {
        method: 'GET',
        url: `/api/sales/cartItem/${C.c10002}`,
        token,
        headers: salesHeaders(C.c10002, '10002'),
      });
      expect([next.status, next.body.message]).toEqual([403, 'This customer is not assigned to you']);
      const session = await ctx.db
        .selectFrom('sessions')
        .select('current_customer_id')
        .where('user_id', '=', WORLD.users.sales.id)
        .execute();
      expect(session.every((s) => s.current_customer_id === null)).toBe(true);
      await call(ctx.app, {
        method: 'PUT',
        url: `/api/admin/retailers/${C.c10002}`,
        payload: { ...body, salesRepId: 'rep-1' },
        token: admin,
      });
    });
  });

  describe('catalogue preview', () => {
    const inventory = (url: string, token: string, payload: object = {}) =>
      call(ctx.app, { method: 'POST', url, payload, token });
    const priceMap = (list: { id: string }[]): Record<string, Record<string, unknown>> =>
      Object.fromEntries(list.map((p) => [p.id, p]));

    it("answers the store's own getInventory, priced at its price class with its flags and promotions", async () => {
      await setCustomer(ctx.db, C.c10001, { price_level: 2 });
      const retailer = await tokenFor(ctx, WORLD.users.retailer.id);
      const own = await inventory('/api/retailer/getInventory', retailer, { limit: 50 });
      const preview = await inventory(`/api/admin/retailers/${C.c10001}/preview/inventory`, admin, { limit: 50 });
      expect(preview.status).toBe(200);
      expect(preview.body.data.total).toBe(own.body.data.total);
      // The same list, the same prices and flags; only the quantity in the caller's own cart differs.
      const strip = (list: Record<string, unknown>[]) => list.map(({ quantity: _q, ...rest }) => rest);
      expect(strip(preview.body.data.finalProductList)).toEqual(strip(own.body.data.finalProductList));
      const byId = priceMap(preview.body.data.finalProductList);
      // The cola at price class 2 is $9.00; the lime's 10 % promotion takes $3.33 to $3.00; no price shown for pretzels.
      expect(byId[P.cola]).toMatchObject({ PriceClass: 2, price: 9 });
      expect(byId[P.lime]).toMatchObject({ price: 3, listPrice: 3.33 });
      expect(byId[P.pretzels]).toMatchObject({ showWithOutPrice: true });
      expect(byId[P.pretzels]).not.toHaveProperty('price');
      // Another store at class 1 sees its own price.
      const other = await inventory(`/api/admin/retailers/${C.c10003}/preview/inventory`, admin, { limit: 50 });
      expect(priceMap(other.body.data.finalProductList)[P.cola]).toMatchObject({ PriceClass: 1, price: 10 });
      await setCustomer(ctx.db, C.c10001, { price_level: 1 });
    });

    it('takes the same filter, refuses bad filters, and is read-only for view permission', async () => {
      const search = await inventory(`/api/admin/retailers/${C.c10001}/preview/inventory`, viewOnly, {
        search: 'cola',
        limit: 5,
      });
      expect(search.status).toBe(200);
      expect(search.body.data.finalProductList.map((p: { id: string }) => p.id)).toContain(P.cola);
      const bad = await inventory(`/api/admin/retailers/${C.c10001}/preview/inventory`, admin, { limit: -1 });
      expect(bad.status).toBe(400);
      const foreign = await inventory(`/api/admin/retailers/${C.c10001}/preview/inventory`, otherAdmin);
      expect([foreign.status, foreign.body.message]).toEqual([404, 'Retailer not found']);
      const carts = await ctx.db.selectFrom('cart_items').select('customer_id').where('user_id', 'like', 'ret-%').execute();
      expect(carts).toEqual([]);
    });
  });

  describe('audit trail', () => {
    const trail = (id: string, token = admin, query = '') =>
      call(ctx.app, { method: 'GET', url: `/api/admin/retailers/${id}/audit${query}`, token });

    it('records create, edit with before/after, deactivate and reactivate, who and when, newest first', async () => {
      const created = await call(ctx.app, {
        method: 'POST',
        url: '/api/admin/retailers',
        token: admin,
        payload: { cNumber: '30001', companyName: 'Audit Mart', contactName: 'Ada Audit', priceClass: 2 },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      const put = await call(ctx.app, {
        method: 'PUT',
        url: `/api/admin/retailers/${id}`,
        token: admin,
        payload: {
          cNumber: '30001',
          companyName: 'Audit Mart',
          contactName: 'Ada Audit',
          priceClass: 3,
          salesRepId: 'rep-2',
          creditLimitCents: 500000,
          taxExempt: true,
        },
      });
      expect(put.status).toBe(200);
      await post(`/${id}/deactivate`, {});
      await post(`/${id}/reactivate`, {});

      const res = await trail(id);
      expect(res.status).toBe(200);
      const { items, total, page, limit } = res.body.data;
      expect([total, page, limit]).toEqual([4, 1, 20]);
      expect(items.map((i: { action: string }) => i.action)).toEqual(['reactivated', 'deactivated', 'updated', 'created']);
      expect(
        items.every(
          (i: { actor: { id: string; name: string } }) => i.actor.id === 'ret-admin' && i.actor.name === 'User ret-admin',
        ),
      ).toBe(true);
      expect(items[2].changes).toEqual([
        { field: 'salesRep', before: null, after: expect.any(String) },
        { field: 'priceClass', before: 2, after: 3 },
        { field: 'creditLimitCents', before: null, after: 500000 },
        { field: 'taxExempt', before: false, after: true },
      ]);
      expect(items[1].changes).toEqual([{ field: 'isActive', before: true, after: false }]);
      expect(items[3].changes).toEqual(
        expect.arrayContaining([
          { field: 'cNumber', before: null, after: '30001' },
          { field: 'companyName', before: null, after: 'Audit Mart' },
          { field: 'priceClass', before: null, after: 2 },
        ]),
      );
      // Paging.
      const second = await trail(id, admin, '?page=2&limit=3');
      expect(second.body.data.items.map((i: { action: string }) => i.action)).toEqual(['created']);
    });

    it("records the store's users and reassignments on the store's trail", async () => {
      const invited = await post(`/${C.c10003}/users`, { name: 'Trail User', emailPhone: 'trail.user@example.test' });
      const userId = invited.body.data.id as string;
      await post(`/${C.c10003}/users/${userId}/deactivate`, {});
      await post(`/${C.c10003}/users/${userId}/reactivate`, {});
      await post(`/${C.c10003}/users/${userId}/signOutEverywhere`, {});
      await post('/reassign', { fromSalesRepId: 'rep-2', toSalesRepId: 'rep-3', retailerIds: [C.c10003] });
      await post('/reassign', { fromSalesRepId: 'rep-3', toSalesRepId: 'rep-2', retailerIds: [C.c10003] });
      const items = (await trail(C.c10003)).body.data.items as { action: string; changes: unknown[] }[];
      const field = 'User Trail User (trail.user@example.test)';
      // (earlier tests moved this store too: their entries come after these six)
      expect(items.slice(0, 6).map((i) => [i.action, i.changes])).toEqual([
        ['reassigned', [{ field: 'salesRep', before: expect.any(String), after: expect.any(String) }]],
        ['reassigned', [{ field: 'salesRep', before: expect.any(String), after: expect.any(String) }]],
        ['user_signed_out', [{ field, before: null, after: 'signed out of 0 sessions' }]],
        ['user_reactivated', [{ field, before: 'inactive', after: 'active' }]],
        ['user_deactivated', [{ field, before: 'active', after: 'inactive' }]],
        ['user_invited', [{ field, before: null, after: 'invited' }]],
      ]);
      const reps = await ctx.db.selectFrom('sales_reps').select(['id', 'name']).where('id', 'in', ['rep-2', 'rep-3']).execute();
      const name = Object.fromEntries(reps.map((r) => [r.id, r.name]));
      expect(items[1]!.changes).toEqual([{ field: 'salesRep', before: name['rep-2'], after: name['rep-3'] }]);
    });

    it("answers 404 for another distributor's store, 403 without view, 400 for a bad page", async () => {
      expect((await trail(C.c10001, otherAdmin)).status).toBe(404);
      expect((await trail(C.c10001, viewOnly)).status).toBe(200);
      const noModule = await tokenFor(ctx, await addDistributorUser(ctx.db, 'ret-none', {}));
      expect((await trail(C.c10001, noModule)).status).toBe(403);
      expect((await trail(C.c10001, admin, '?limit=101')).status).toBe(400);
      expect((await trail(C.c10001, admin, '?page=0')).status).toBe(400);
    });

    it('a refused change records nothing', async () => {
      const before = (await trail(C.c10001)).body.data.total;
      await post(`/${C.c10001}/users`, { name: 'Dup', emailPhone: WORLD.users.retailer.email });
      await post('/reassign', { fromSalesRepId: 'rep-1', toSalesRepId: 'rep-2', retailerIds: [C.c10003] });
      expect((await trail(C.c10001)).body.data.total).toBe(before);
    });
  });
});
