import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';

const INVALID = 'Invalid parameters: role and c_number are required.';

describe('dashboard shelves', () => {
  let ctx: TestContext;
  let retailer: string;
  let retailer2: string;
  let rep: string;
  const get = (url: string, t = retailer) => call(ctx.app, { method: 'GET', url, token: t });
  const ids = (list: { id: string }[]) => list.map((p) => p.id);

  beforeAll(async () => {
    ctx = await createCatalogContext();
    for (const c of [WORLD.customers.c10001, WORLD.customers.c10002]) await setCustomer(ctx.db, c, { min_order_cents: null });
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    retailer2 = await tokenFor(ctx, WORLD.users.retailer2.id);
    rep = await tokenFor(ctx, WORLD.users.sales.id);
    const order = async (t: string, lines: [string, number][]) => {
      for (const [productId, quantity] of lines)
        await call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId, quantity }, token: t });
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/retailer/placeOrder',
        payload: {},
        headers: { 'is-web-order': 'true' },
        token: t,
      });
      expect(res.status).toBe(200);
      return res.body.data.orderNumber as string;
    };
    // Lime sold most, but 100 days ago: outside the 90-day window.
    const old = await order(retailer, [[P.lime, 40]]);
    await ctx.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 100 * 86_400_000).toISOString() })
      .where('order_number', '=', old)
      .execute();
    await order(retailer2, [
      [P.energy, 3],
      [P.cola, 1],
    ]);
    await order(retailer, [[P.cola, 1]]);
  });
  afterAll(() => ctx.close());

  it('role and customer number are required; the text undefined counts as missing', async () => {
    for (const q of [
      '',
      '?role=retailer',
      '?customerNumber=10001',
      '?role=undefined&customerNumber=10001',
      '?role=retailer&customerNumber=undefined',
      '?role=&customerNumber=10001',
    ]) {
      const res = await get(`/api/dashboard/newItem${q}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: INVALID, error: { code: 'VALIDATION_ERROR' } });
    }
    expect((await get('/api/dashboard/popularItems?role=retailer')).body.message).toBe(INVALID);
    expect((await get('/api/dashboard/popularItems?role=retailer&c_number=undefined')).body.message).toBe(INVALID);
  });

  it('a retailer may ask only for its own store and role', async () => {
    expect((await get('/api/dashboard/newItem?role=retailer&customerNumber=10002')).status).toBe(403);
    expect((await get('/api/dashboard/newItem?role=sales&customerNumber=10001')).status).toBe(403);
    expect((await get('/api/dashboard/newItem?role=retailer&customerNumber=10001', retailer2)).status).toBe(403);
    const admin = await tokenFor(ctx, WORLD.users.admin.id);
    expect((await get('/api/dashboard/newItem?role=retailer&customerNumber=10001', admin)).status).toBe(403);
  });

  it('new, discounted and promoted items', async () => {
    const fresh = await get('/api/dashboard/newItem?role=retailer&customerNumber=10001');
    expect(fresh.status).toBe(200);
    expect(ids(fresh.body.data.finalProductList)).toEqual([P.chips]);
    expect(fresh.body.data).toMatchObject({ total: 1, page: 1, limit: 20 });
    const discounted = await get('/api/dashboard/discountedItems?role=retailer&customerNumber=10001');
    expect(ids(discounted.body.data.finalProductList)).toEqual([P.cola, P.lime]);
    expect(discounted.body.data.finalProductList[1]).toMatchObject({ price: 3, listPrice: 3.33, isDiscounted: true });
    const promoted = await get('/api/dashboard/promotedItems?role=retailer&customerNumber=10001');
    expect(promoted.body.data.promotedItemsList).toHaveLength(1);
    expect(promoted.body.data.promotedItemsList[0]).toMatchObject({
      id: P.chips,
      Item_Number: 'SNK-100',
      price: 2.5,
      promotion: { id: 'promo-chips', title: 'Chips of the month' },
    });
  });

  it("popular: best sellers of the last 90 days among the distributor's customers", async () => {
    const res = await get('/api/dashboard/popularItems?role=retailer&c_number=10001');
    expect(res.status).toBe(200);
    expect(ids(res.body.data.finalProductList)).toEqual([P.energy, P.cola]); // 3 vs 2; lime's 40 are too old
    const paged = await get('/api/dashboard/popularItems?role=retailer&customerNumber=10001&page=2&limit=1');
    expect(ids(paged.body.data.finalProductList)).toEqual([P.cola]);
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, limit: 1 });
    // The catalogue's bestSelling sort uses the same 90 days.
    const sorted = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/getInventory',
      payload: { category: 'Beverages', sort: 'bestSelling' },
      token: retailer,
    });
    expect(ids(sorted.body.data.finalProductList)).toEqual([P.energy, P.cola, P.lime]);
  });

  it('buyers asking at once while the sales are read all get the best sellers', async () => {
    // The 90 days' sales are read once a minute, off the event loop; who asks meanwhile waits for that read.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get('/api/dashboard/popularItems?role=retailer&c_number=10001')),
    );
    for (const res of answers) expect(ids(res.body.data.finalProductList)).toEqual([P.energy, P.cola]);
  });

  it("a sales rep asks for its own customers, with that customer's prices and the rep flags", async () => {
    await setCustomer(ctx.db, WORLD.customers.c10002, { price_level: 2 });
    await ctx.db.updateTable('products').set({ show_without_price_to_sales: 1 }).where('id', '=', P.cola).execute();
    const res = await get('/api/dashboard/discountedItems?role=sales&customerNumber=10002', rep);
    expect(res.status).toBe(200);
    const [cola, lime] = res.body.data.finalProductList;
    expect(cola).toMatchObject({ id: P.cola, PriceClass: 2, showWithOutPriceToSalesRep: true, allowToOrderSalesRep: true });
    expect(cola).not.toHaveProperty('price');
    expect(lime).toMatchObject({ id: P.lime, price: 3, showWithOutPriceToSalesRep: false });
    expect((await get('/api/dashboard/newItem?role=sales&customerNumber=10003', rep)).status).toBe(403); // rep-2's customer
    expect((await get('/api/dashboard/newItem?role=sales&customerNumber=99999', rep)).status).toBe(404);
    expect((await get('/api/dashboard/newItem?role=retailer&customerNumber=10001', rep)).status).toBe(403);
  });
});
