import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../../../test/helper.ts';

describe('health and envelope', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('GET /api/health answers status, version and database kind', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Success',
      data: { status: 'ok', version: '0.1.0', database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite' },
    });
  });

  it('an unknown API route is a 404 in the error envelope', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/nope' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Route not found', error: { code: 'NOT_FOUND' } });
  });

  it('a guarded prefix without a token is 401', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items' });
    expect([401, 404]).toContain(res.status);
  });

  it('serves the OpenAPI document', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });
});
