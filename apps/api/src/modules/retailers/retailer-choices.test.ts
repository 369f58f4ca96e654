// GET /api/admin/retailers/choices over HTTP: the distributor's active sales reps by name and its stores'
// route numbers in natural order, nothing of another distributor's, under the Retailers view permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';

describe('admin retailers: GET /api/admin/retailers/choices', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;
  let noRetailers: string;
  let otherAdmin: string;
  let retailer: string;
  let rep: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.db;
    await createBaseWorld(db);
    // Base world: reps Maria Lopez (rep-1), James Carter (rep-2), Priya Nair (rep-3); stores on routes 101 and 202.
    await addDistributor(db, 'dist-2');
    await db
      .insertInto('sales_reps')
      .values([
        {
          id: 'rep-gone',
          distributor_id: WORLD.distributorId,
          code: 'SR09',
          name: 'Aaron Gone',
          email: null,
          phone: null,
          is_active: 0,
        },
        { id: 'rep-other', distributor_id: 'dist-2', code: 'SR01', name: 'Alex Other', email: null, phone: null, is_active: 1 },
      ])
      .execute();
    const base = await db.selectFrom('customers').selectAll().where('id', '=', WORLD.customers.c10001).executeTakeFirstOrThrow();
    await db
      .insertInto('customers')
      .values([
        { ...base, id: 'cust-r9', c_number: '30009', route_number: '9', stop_number: '1' },
        { ...base, id: 'cust-r1010', c_number: '30010', route_number: '1010', stop_number: '1' },
        { ...base, id: 'cust-none', c_number: '30011', route_number: null, stop_number: null },
        { ...base, id: 'cust-other', c_number: '30012', distributor_id: 'dist-2', route_number: '777', sales_rep_id: null },
      ])
      .execute();
    await addDistributorUser(db, 'user-view', { Retailers: { view: true } });
    await addDistributorUser(db, 'user-products', { Products: ALL });
    await addDistributorUser(db, 'user-other', { Retailers: ALL }, 'dist-2');
    [admin, viewOnly, noRetailers, otherAdmin, retailer, rep] = await Promise.all([
      tokenFor(ctx, WORLD.users.admin.id),
      tokenFor(ctx, 'user-view'),
      tokenFor(ctx, 'user-products'),
      tokenFor(ctx, 'user-other'),
      tokenFor(ctx, WORLD.users.retailer.id),
      tokenFor(ctx, WORLD.users.sales.id),
    ]);
  });
  afterAll(() => ctx.close());

  const get = (token: string) => call(ctx.app, { method: 'GET', url: '/api/admin/retailers/choices', token });

  it('answers the active sales reps by name and the route numbers in natural order', async () => {
    const res = await get(admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: expect.any(String),
      data: {
        salesReps: [
          { id: 'rep-2', name: 'James Carter' },
          { id: 'rep-1', name: 'Maria Lopez' },
          { id: 'rep-3', name: 'Priya Nair' },
        ],
        routes: ['9', '101', '202', '1010'],
        // No defaults saved in Settings: a new store starts without limits.
        newStoreDefaults: { minOrderCents: null, itemLimit: null, creditLimitCents: null },
      },
    });
  });

  it('answers another distributor its own reps and routes only', async () => {
    const res = await get(otherAdmin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      salesReps: [{ id: 'rep-other', name: 'Alex Other' }],
      routes: ['777'],
      newStoreDefaults: { minOrderCents: null, itemLimit: null, creditLimitCents: null },
    });
  });

  it('needs the Retailers view permission: a view-only role reads, other roles are refused', async () => {
    expect((await get(viewOnly)).status).toBe(200);
    const refused = await get(noRetailers);
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);
    expect((await get(retailer)).status).toBe(403);
    expect((await get(rep)).status).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: '/api/admin/retailers/choices' })).status).toBe(401);
  });
});
