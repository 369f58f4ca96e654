// Deactivation takes effect on the next request (issue 12 §2): a deactivated store, user (retailer,
// sales rep, staff) or sales rep record ends its sessions (401) and refuses sign-in with the exact
// message; a rep cannot act for a deactivated customer or one no longer assigned. The tests flip the
// rows in the database, as the admin APIs do (a store's: modules/retailers, tested there too).
import { CUSTOMER_NOT_ASSIGNED_MESSAGE } from '@portal/shared/sales/sales.schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, DEMO_PASSWORD, WORLD } from '../src/db/seed/base-world.ts';
import { freshIp, post } from '../src/modules/auth/auth.test-support.ts';
import { call, createTestContext, type TestContext } from './helper.ts';

const INACTIVE = {
  success: false,
  message: 'Your account is inactive. Please contact your distributor.',
  error: { code: 'ACCOUNT_INACTIVE' },
};
const EXPIRED = { success: false, message: 'Session expired. Please sign in again.', error: { code: 'UNAUTHORIZED' } };
const C1 = WORLD.customers.c10001;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await createBaseWorld(ctx.db);
});
afterAll(() => ctx.close());
afterEach(async () => {
  // Every test starts from the base world's active rows and assignments.
  await ctx.db.updateTable('users').set({ is_active: 1 }).execute();
  await ctx.db.updateTable('sales_reps').set({ is_active: 1 }).execute();
  await ctx.db.updateTable('customers').set({ is_active: 1 }).where('id', '=', C1).execute();
  await ctx.db.updateTable('customers').set({ sales_rep_id: 'rep-1' }).where('id', '=', C1).execute();
});

/** Signs in through the real endpoint (so the token is what a browser holds). */
async function signIn(email: string, path = '/auth/loginWithPassword'): Promise<string> {
  const res = await post(ctx, path, { email_phone: email, password: DEMO_PASSWORD }, { ip: freshIp() });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}
const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  call(ctx.app, { method: 'GET', url, token, headers });

const roles = [
  { who: 'retailer', email: 'retailer@demo.test', id: WORLD.users.retailer.id, url: '/api/retailer/profile' },
  { who: 'sales rep', email: 'sales@demo.test', id: WORLD.users.sales.id, url: '/api/sales/profile' },
  { who: 'staff (distributor user)', email: 'admin@demo.test', id: WORLD.users.admin.id, url: '/api/admin/profile' },
] as const;

describe('a deactivated user', () => {
  it.each(roles)('$who: the session answers 401 on the next request and sign-in is refused', async (r) => {
    const token = await signIn(r.email);
    expect((await get(r.url, token)).status).toBe(200); // also puts the session in this process's cache

    await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', r.id).execute();
    const next = await get(r.url, token);
    expect(next.status).toBe(401);
    expect(next.body).toEqual(EXPIRED);
    expect((await get('/api/auth/profile', token)).status).toBe(401);

    const again = await post(
      ctx,
      '/auth/loginWithPassword',
      { email_phone: r.email, password: DEMO_PASSWORD },
      { ip: freshIp() },
    );
    expect(again.status).toBe(403);
    expect(again.body).toEqual(INACTIVE);
    // No sign-in code is sent either (the same answer as for any address).
    expect((await post(ctx, '/auth/login', { email_phone: r.email }, { ip: freshIp() })).status).toBe(200);
  });
});

describe('a deactivated store', () => {
  it("its retailer's session answers 401 (no more cart or orders) and the retailer cannot sign in", async () => {
    const token = await signIn('retailer@demo.test');
    expect((await get('/api/retailer/profile', token)).status).toBe(200);

    await ctx.db.updateTable('customers').set({ is_active: 0 }).where('id', '=', C1).execute();
    expect((await get('/api/retailer/profile', token)).body).toEqual(EXPIRED);
    const cart = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/cart/add',
      token,
      payload: { productId: 'any', quantity: 1 },
    });
    expect(cart.status).toBe(401);
    const again = await post(
      ctx,
      '/auth/loginWithPassword',
      { email_phone: 'retailer@demo.test', password: DEMO_PASSWORD },
      { ip: freshIp() },
    );
    expect(again.status).toBe(403);
    expect(again.body).toEqual(INACTIVE);
    // The other store's retailer is unaffected.
    expect((await get('/api/retailer/profile', await signIn('retailer2@demo.test'))).status).toBe(200);
  });

  it('a rep working that customer is refused with 403', async () => {
    const rep = await signIn('sales@demo.test', '/auth/salesLogin');
    expect((await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C1}`, token: rep })).status).toBe(200);
    const as1 = { 'x-customer-id': C1, 'x-customer-number': '10001' };
    expect((await get('/api/sales/bannerList', rep, as1)).status).toBe(200);

    await ctx.db.updateTable('customers').set({ is_active: 0 }).where('id', '=', C1).execute();
    const res = await get('/api/sales/bannerList', rep, as1);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This customer account is inactive');
    // The rep's own session still works for calls without the customer.
    expect((await get('/api/sales/profile', rep)).status).toBe(200);
  });
});

describe("a deactivated sales rep record or a rep's assignment", () => {
  it("sales_reps.is_active = 0: the rep's session answers 401 and sales sign-in is refused", async () => {
    const rep = await signIn('sales@demo.test', '/auth/salesLogin');
    expect((await get('/api/sales/customerList', rep)).status).toBe(200);
    expect((await get('/api/auth/profile', rep)).status).toBe(200); // read, then kept by this process

    await ctx.db.updateTable('sales_reps').set({ is_active: 0 }).where('id', '=', 'rep-1').execute();
    expect((await get('/api/auth/profile', rep)).body).toEqual(EXPIRED);
    expect((await get('/api/sales/customerList', rep)).body).toEqual(EXPIRED);
    const again = await post(
      ctx,
      '/auth/salesLogin',
      { email_phone: 'sales@demo.test', password: DEMO_PASSWORD },
      { ip: freshIp() },
    );
    expect(again.status).toBe(403);
    expect(again.body).toEqual(INACTIVE);
    // The other rep keeps working.
    expect((await get('/api/sales/customerList', await signIn('sales2@demo.test', '/auth/salesLogin'))).status).toBe(200);
  });

  it('a customer moved to another rep: the old rep gets 403 at once, the new rep may act for it', async () => {
    const rep = await signIn('sales@demo.test', '/auth/salesLogin');
    expect((await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C1}`, token: rep })).status).toBe(200);
    const as1 = { 'x-customer-id': C1, 'x-customer-number': '10001' };
    expect((await get('/api/sales/bannerList', rep, as1)).status).toBe(200);

    await ctx.db.updateTable('customers').set({ sales_rep_id: 'rep-2' }).where('id', '=', C1).execute();
    const res = await get('/api/sales/bannerList', rep, as1);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CUSTOMER_NOT_ASSIGNED_MESSAGE);
    expect((await get(`/api/sales/storeDetails/10001`, rep)).status).toBe(403);
    const list = await get('/api/sales/customerList', rep);
    expect(JSON.stringify(list.body)).not.toContain(C1);
    // The session's working customer is gone too: no longer shown by either profile.
    const restore = await get('/api/auth/profile', rep);
    expect(restore.body.data.profile.isSessionActive).toEqual({ currentCustomerId: null });
    expect(restore.body.data.storeDetail).toBeNull();
    expect((await get('/api/sales/profile', rep)).body.data.currentCustomer).toBeNull();

    const newRep = await signIn('sales2@demo.test', '/auth/salesLogin');
    expect((await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C1}`, token: newRep })).status).toBe(200);
  });
});
