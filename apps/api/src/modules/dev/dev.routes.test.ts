// GET /api/dev/outbox: present in test (and demo) mode, absent in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld } from '../../db/seed/base-world.ts';
import { advanceClock } from '../../platform/clock.ts';
import { call, createTestContext, type TestContext } from '../../../test/helper.ts';

describe('GET /api/dev/outbox in test mode', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
  });
  afterAll(() => ctx.close());

  it('lists the messages to an address, newest first, whatever the spelling of the address', async () => {
    await call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: { email_phone: 'admin@demo.test' } });
    advanceClock(31_000);
    await call(ctx.app, { method: 'POST', url: '/api/auth/forgotPassword', payload: { email_phone: 'admin@demo.test' } });

    const res = await call(ctx.app, { method: 'GET', url: '/api/dev/outbox?to=ADMIN%40Demo.test' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((m: { subject: string }) => m.subject)).toEqual(['Your password reset code', 'Your sign-in code']);
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      channel: 'email',
      to: 'admin@demo.test',
      subject: 'Your password reset code',
      body: expect.stringMatching(/^Your password reset code is \d{6}\. It expires in 5 minutes\./),
      status: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await call(ctx.app, { method: 'GET', url: '/api/dev/outbox?to=admin@demo.test&limit=1' })).body.data).toHaveLength(1);
  });

  it('answers an empty list for an address with no messages, 400 without an address', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/dev/outbox?to=nobody@x.test' })).body).toEqual({
      success: true,
      message: 'Success',
      data: [],
    });
    const res = await call(ctx.app, { method: 'GET', url: '/api/dev/outbox' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'to is required',
      error: { code: 'VALIDATION_ERROR', fields: { to: 'to is required' } },
    });
  });
});

describe('GET /api/dev/outbox in production mode', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ mode: 'production' });
  });
  afterAll(() => ctx.close());

  it('does not exist', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/dev/outbox?to=admin@demo.test' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Route not found', error: { code: 'NOT_FOUND' } });
    const doc = (await call(ctx.app, { method: 'GET', url: '/api/docs/json' })).body;
    expect(Object.keys(doc.paths)).not.toContain('/api/dev/outbox');
    expect(Object.keys(doc.paths)).toContain('/api/auth/login');
  });
});
