// Contact requests in the office over HTTP: the list (newest first, status, source and search filters,
// paging, another distributor's never shown), marking one handled, converting one into a sign-up request
// (with the Retailer Requests add permission; a refused conversion leaves it new), reviewing once (409).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { ALL, addDistributor, addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';

const BASE = '/api/admin/contact-requests';

describe('contact requests in the office', () => {
  let ctx: TestContext;
  let admin: string;
  let viewer: string;
  let ticketsOnly: string;
  let retailer: string;

  const row = (id: string, minute: number, extra: Record<string, unknown> = {}) => ({
    id,
    name: `Person ${id}`,
    email: `${id}@contact.test`,
    phone: null,
    message: `Message of ${id}, long enough.`,
    created_at: `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
    distributor_id: WORLD.distributorId,
    customer_id: null,
    user_id: null,
    store_name: null,
    ...extra,
  });
  const send = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    call(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    await addDistributor(ctx.db, 'dist-other');
    await ctx.db
      .insertInto('contact_requests')
      .values([
        row('c1', 1, { store_name: 'Hilltop Grocery', phone: '9165550101' }),
        row('c2', 2, { customer_id: WORLD.customers.c10001, user_id: WORLD.users.retailer.id, store_name: 'Corner Mart #1' }),
        row('c3', 3, { name: 'Zed Zebra', message: 'Do you deliver to Fresno? Asking for a friend.' }),
        row('c4', 4),
        row('other', 5, { distributor_id: 'dist-other', name: 'Other Person' }),
      ])
      .execute();
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    viewer = await tokenFor(ctx, await addDistributorUser(ctx.db, 'cr-viewer', { 'Support Tickets': { view: true } }));
    ticketsOnly = await tokenFor(ctx, await addDistributorUser(ctx.db, 'cr-tickets', { 'Support Tickets': ALL }));
  });
  afterAll(() => ctx.close());

  it('lists new requests newest first with their source and store, never another distributor’s', async () => {
    const res = await send('GET', BASE, viewer);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 4, page: 1, limit: 25 });
    expect(res.body.data.items.map((i: { id: string }) => i.id)).toEqual(['c4', 'c3', 'c2', 'c1']);
    expect(res.body.data.items[2]).toMatchObject({
      id: 'c2',
      source: 'store',
      store: { id: WORLD.customers.c10001, C_Number: '10001' },
      storeName: 'Corner Mart #1',
      status: 'new',
      handledBy: null,
    });
    expect(res.body.data.items[3]).toMatchObject({ id: 'c1', source: 'public', store: null, phone: '9165550101' });
    expect(JSON.stringify(res.body)).not.toContain('Other Person');
  });

  it('filters by source and search, and pages', async () => {
    const stores = await send('GET', `${BASE}?source=store`, admin);
    expect(stores.body.data.items.map((i: { id: string }) => i.id)).toEqual(['c2']);
    const publicOnes = await send('GET', `${BASE}?source=public&limit=2&page=2`, admin);
    expect(publicOnes.body.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(publicOnes.body.data.items.map((i: { id: string }) => i.id)).toEqual(['c1']);
    // Case does not matter, on either database; the message is searched too.
    const search = await send('GET', `${BASE}?search=FRESNO`, admin);
    expect(search.body.data.items.map((i: { id: string }) => i.id)).toEqual(['c3']);
    const wildcard = await send('GET', `${BASE}?search=%25`, admin);
    expect(wildcard.body.data.total).toBe(0);
    const bad = await send('GET', `${BASE}?status=spam`, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.status).toBe('status must be one of: new, handled, converted, all');
  });

  it('marks a request handled once, audited; it leaves the new list', async () => {
    const res = await send('POST', `${BASE}/c4/handled`, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Contact request marked as handled');
    expect(res.body.data).toMatchObject({
      id: 'c4',
      status: 'handled',
      handledBy: { id: WORLD.users.admin.id },
      handledAt: expect.any(String),
    });
    const again = await send('POST', `${BASE}/c4/handled`, admin);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This contact request is already handled');
    expect((await send('GET', `${BASE}?status=handled`, admin)).body.data.items.map((i: { id: string }) => i.id)).toEqual(['c4']);
    expect((await send('GET', BASE, admin)).body.data.total).toBe(3);
    const audit = await ctx.db.selectFrom('audit_log').select('action').where('entity_type', '=', 'contact_request').execute();
    expect(audit).toEqual([{ action: 'handled' }]);

    expect((await send('POST', `${BASE}/other/handled`, admin)).status).toBe(404);
    expect((await send('POST', `${BASE}/c3/handled`, viewer)).status).toBe(403);
  });

  it('converts a request into a pending sign-up request linked to it', async () => {
    const form = {
      storeName: 'Hilltop Grocery',
      ownerName: 'Person c1',
      email: 'c1@contact.test',
      phone: '(916) 555-0101',
      city: 'Davis',
    };
    const denied = await send('POST', `${BASE}/c1/signup-request`, ticketsOnly, form);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You do not have add permission for Retailer Requests');

    const res = await send('POST', `${BASE}/c1/signup-request`, admin, form);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Contact request converted into a sign-up request');
    expect(res.body.data).toMatchObject({ id: 'c1', status: 'converted', retailerRequestId: expect.any(String) });
    const request = await ctx.db
      .selectFrom('retailer_requests')
      .selectAll()
      .where('id', '=', res.body.data.retailerRequestId)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ store_name: 'Hilltop Grocery', email: 'c1@contact.test', status: 'pending', city: 'Davis' });

    // The same address again is refused by the sign-up request's own check; the contact request stays new.
    const dup = await send('POST', `${BASE}/c3/signup-request`, admin, { ...form, storeName: 'Another' });
    expect(dup.status).toBe(409);
    const c3 = await ctx.db
      .selectFrom('contact_requests')
      .select(['status', 'handled_by_user_id'])
      .where('id', '=', 'c3')
      .executeTakeFirstOrThrow();
    expect(c3).toEqual({ status: 'new', handled_by_user_id: null });

    const bad = await send('POST', `${BASE}/c3/signup-request`, admin, { storeName: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ storeName: 'Store name is required', email: 'Email is required' });
  });

  it("converts a store's message into a support ticket of that store; a public message cannot", async () => {
    const res = await send('POST', `${BASE}/c2/ticket`, ticketsOnly, { subject: 'Late delivery', category: 'delivery' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Contact request converted into a support ticket');
    expect(res.body.data).toMatchObject({ id: 'c2', status: 'converted', ticketId: expect.any(String), retailerRequestId: null });
    const ticket = await ctx.db
      .selectFrom('support_tickets')
      .selectAll()
      .where('id', '=', res.body.data.ticketId)
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({
      customer_id: WORLD.customers.c10001,
      user_id: WORLD.users.retailer.id,
      subject: 'Late delivery',
      category: 'delivery',
      status: 'open',
    });
    const messages = await ctx.db
      .selectFrom('support_messages')
      .select(['body', 'author_user_id'])
      .where('ticket_id', '=', ticket.id)
      .execute();
    expect(messages).toEqual([{ body: 'Message of c2, long enough.', author_user_id: WORLD.users.retailer.id }]);
    // The store sees it among its tickets.
    const mine = await send('GET', '/api/retailer/support-tickets', retailer);
    expect(JSON.stringify(mine.body)).toContain('Late delivery');

    const again = await send('POST', `${BASE}/c2/ticket`, admin, { subject: 'Again', category: 'other' });
    expect(again.status).toBe(409);
    const publicOne = await send('POST', `${BASE}/c3/ticket`, admin, { subject: 'Fresno', category: 'delivery' });
    expect(publicOne.status).toBe(409);
    expect(publicOne.body.message).toBe("Only a store's message can become a ticket: convert this one into a sign-up request");
    expect((await send('POST', `${BASE}/c3/ticket`, admin, { subject: '', category: 'nope' })).status).toBe(400);
    expect((await send('POST', `${BASE}/c3/ticket`, viewer, { subject: 'X', category: 'other' })).status).toBe(403);
  });

  it('is for distributor users with Support Tickets only', async () => {
    expect((await send('GET', BASE)).status).toBe(401);
    expect((await send('GET', BASE, retailer)).status).toBe(403);
  });
});
