import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';

describe('GET /api/retailer/warehouseProfile', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
  });
  afterAll(() => ctx.close());

  it("lists the distributor details, the store's own warehouse first", async () => {
    const token = await tokenFor(ctx, WORLD.users.retailer.id);
    const res = await call(ctx.app, { method: 'GET', url: '/api/retailer/warehouseProfile', token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        D_Name: 'Golden State Wholesale Distributors, Inc.',
        D_Addr1: '1200 Commerce Way',
        D_City: 'Sacramento',
        D_State: 'CA',
        D_Phone: '(916) 555-0100',
      },
      {
        D_Name: 'Golden State Wholesale Distributors, Inc.',
        D_Addr1: '88 Port Road',
        D_City: 'Stockton',
        D_State: 'CA',
        D_Phone: '(209) 555-0140',
      },
    ]);
    await ctx.db.updateTable('customers').set({ warehouse_id: 'wh-2' }).where('id', '=', WORLD.customers.c10001).execute();
    const moved = await call(ctx.app, { method: 'GET', url: '/api/retailer/warehouseProfile', token });
    expect(moved.body.data[0].D_City).toBe('Stockton');
    const rep = await tokenFor(ctx, WORLD.users.sales.id);
    expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/warehouseProfile', token: rep })).status).toBe(403);
  });
});
