import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../src/db/seed/base-world.ts';
import { call, createTestContext, tokenFor, type TestContext } from './helper.ts';

describe('base world and the role guard', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
  });
  afterAll(() => ctx.close());

  it('creates the demo accounts', async () => {
    const users = await ctx.db.selectFrom('users').select(['email', 'role']).orderBy('email').execute();
    expect(users.map((u) => u.email)).toEqual([
      'admin@demo.test',
      'retailer2@demo.test',
      'retailer@demo.test',
      'sales2@demo.test',
      'sales@demo.test',
    ]);
  });

  it('without a token, a guarded route answers 401 before looking at the body', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/cart/add',
      payload: { productId: 42, quantity: 'many' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
  });

  it('a revoked session token is refused with 401', async () => {
    const token = await tokenFor(ctx, WORLD.users.retailer.id);
    await ctx.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).execute();
    const res = await call(ctx.app, { method: 'GET', url: '/api/dashboard/newItem?role=retailer&customerNumber=10001', token });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});
