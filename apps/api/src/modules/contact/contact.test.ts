// Contact requests over HTTP: the public form (validation, stored row, e-mail queued to the
// distributor's office through the outbox, per-address limit) and a signed-in retailer's message
// (linked to its store and user; role and sign-in checks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { advanceClock } from '../../platform/clock.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';

const OFFICE = 'office@goldenstate.demo.test';

describe('contact requests', () => {
  let ctx: TestContext;
  let retailer: string;
  let sales: string;
  let ipCounter = 0;
  /** A fresh client address per test, so the per-address limit of one test does not touch another. */
  const freshIp = () => `10.1.0.${++ipCounter}`;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    [retailer, sales] = await Promise.all([tokenFor(ctx, WORLD.users.retailer.id), tokenFor(ctx, WORLD.users.sales.id)]);
  });
  afterAll(() => ctx.close());

  const send = (payload: unknown, ip = freshIp()) =>
    call(ctx.app, { method: 'POST', url: '/api/contact', payload: payload as object, headers: { 'x-forwarded-for': ip } });
  const outboxFor = (recipient: string) =>
    ctx.db
      .selectFrom('outbox_messages')
      .select(['channel', 'subject', 'body', 'status'])
      .where('recipient', '=', recipient)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('stores a public request and queues an e-mail to the distributor office', async () => {
    const res = await send({
      name: ' Ana Ruiz ',
      storeName: 'Ruiz Market',
      email: 'ana@store.test',
      phone: '(916) 555-0199',
      message: '  I would like to open an account.  ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Form submitted successfully!' });
    const { id, createdAt } = res.body.data;

    const row = await ctx.db.selectFrom('contact_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({
      id,
      name: 'Ana Ruiz',
      email: 'ana@store.test',
      phone: '(916) 555-0199',
      message: 'I would like to open an account.',
      created_at: createdAt,
      distributor_id: WORLD.distributorId,
      customer_id: null,
      user_id: null,
      store_name: 'Ruiz Market',
      // Not reviewed yet in the office (/admin/contact-requests).
      status: 'new',
      handled_by_user_id: null,
      handled_at: null,
      retailer_request_id: null,
      ticket_id: null,
    });

    const mail = (await outboxFor(OFFICE)).at(-1)!;
    expect(mail.channel).toBe('email');
    expect(mail.subject).toBe('Contact request from Ana Ruiz');
    expect(mail.body).toContain('Name: Ana Ruiz\nStore name: Ruiz Market\nEmail: ana@store.test\nPhone: (916) 555-0199');
    expect(mail.body).toContain(`Reference: ${id}`);
    expect(mail.body.endsWith('\n\nI would like to open an account.')).toBe(true);
  });

  it('takes an empty or missing phone as none', async () => {
    const res = await send({ name: 'Bo', email: 'bo@store.test', phone: '', message: 'Call me back, please.' });
    expect(res.status).toBe(200);
    const row = await ctx.db
      .selectFrom('contact_requests')
      .select(['phone', 'store_name'])
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: null, store_name: null });
    expect((await outboxFor(OFFICE)).at(-1)!.body).toContain('Phone: -');
  });

  it('answers bad input with 400 and a message per field, storing nothing', async () => {
    const before = await ctx.db.selectFrom('contact_requests').select('id').execute();
    const res = await send({ name: '', email: 'not-an-email', phone: 'abc', message: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      fields: {
        name: 'Name is required',
        email: 'Enter a valid email address',
        phone: 'Enter a valid phone number',
        message: 'Message must be at least 10 characters',
      },
    });
    expect(res.body.message).toBe('Name is required');

    const missing = await send({});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });

    const long = await send({ name: 'A', email: 'a@b.co', message: 'x'.repeat(2001) });
    expect(long.body.error.fields).toEqual({ message: 'Message must be 2000 characters or less' });

    const notJson = await call(ctx.app, {
      method: 'POST',
      url: '/api/contact',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('Request body is not valid JSON');

    expect(await ctx.db.selectFrom('contact_requests').select('id').execute()).toHaveLength(before.length);
  });

  it('allows 10 requests an hour per client address, then 429 until the window ends', async () => {
    const ip = freshIp();
    const body = { name: 'Flood', email: 'flood@store.test', message: 'Hello there, again and again.' };
    for (let i = 0; i < 10; i++) expect((await send(body, ip)).status).toBe(200);
    const limited = await send(body, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      success: false,
      message: 'Too many messages sent. Please try again later.',
      error: { code: 'RATE_LIMITED' },
    });
    expect(limited.body.data.retryAfterSeconds).toBeGreaterThan(3500);
    // Another address is not affected; the same one may send again after the hour.
    expect((await send(body, freshIp())).status).toBe(200);
    advanceClock(60 * 60_000 + 1_000);
    expect((await send(body, ip)).status).toBe(200);
    const stored = await ctx.db.selectFrom('contact_requests').select('id').where('email', '=', 'flood@store.test').execute();
    expect(stored).toHaveLength(12);
  });

  it("stores a signed-in retailer's message with its store and notifies the office", async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/contact',
      token: retailer,
      payload: {
        name: 'Sam Patel',
        storeName: 'Somebody Else Inc',
        email: 'sam@cornermart.test',
        phone: '(916) 555-0001',
        message: 'Please send a new price list.',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Form submitted successfully!');
    const row = await ctx.db
      .selectFrom('contact_requests')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Sam Patel',
      email: 'sam@cornermart.test',
      phone: '(916) 555-0001',
      message: 'Please send a new price list.',
      distributor_id: WORLD.distributorId,
      customer_id: WORLD.customers.c10001,
      user_id: WORLD.users.retailer.id,
      // The store comes from the account, not from what was typed.
      store_name: 'Corner Mart #1',
    });
    const mail = (await outboxFor(OFFICE)).at(-1)!;
    expect(mail.subject).toBe('Message from 10001 - Corner Mart #1 (Sam Patel)');
    expect(mail.body).toContain('Store: 10001 - Corner Mart #1');
    expect(mail.body.endsWith('\n\nPlease send a new price list.')).toBe(true);
  });

  it('keeps the retailer message to signed-in retailers and validates it the same way', async () => {
    const payload = { name: 'X', email: 'x@y.co', message: 'Hello hello hello' };
    expect((await call(ctx.app, { method: 'POST', url: '/api/retailer/contact', payload })).status).toBe(401);
    expect((await call(ctx.app, { method: 'POST', url: '/api/retailer/contact', token: sales, payload })).status).toBe(403);
    const bad = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/contact',
      token: retailer,
      payload: { ...payload, email: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ email: 'Email is required' });
  });

  it('stores the request without an e-mail when the distributor has no office address', async () => {
    await ctx.db.updateTable('distributors').set({ email: null }).where('id', '=', WORLD.distributorId).execute();
    const before = await ctx.db.selectFrom('outbox_messages').select('id').execute();
    const res = await send({ name: 'Cy', email: 'cy@store.test', message: 'Nobody to tell, still kept.' });
    expect(res.status).toBe(200);
    expect(await ctx.db.selectFrom('contact_requests').select('id').where('id', '=', res.body.data.id).execute()).toHaveLength(1);
    expect(await ctx.db.selectFrom('outbox_messages').select('id').execute()).toHaveLength(before.length);
    await ctx.db.updateTable('distributors').set({ email: OFFICE }).where('id', '=', WORLD.distributorId).execute();
  });
});
