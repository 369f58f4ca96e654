// Issue 13 §3: order history and ordered products sorted on the server by a whitelisted key and
// direction, with a stable tie-break, through HTTP for the retailer and the sales rep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';

describe('sorting order history and ordered products', () => {
  let ctx: TestContext;
  let token: string;
  const get = (url: string) => call(ctx.app, { method: 'GET', url, token });
  const numbersOf = (res: { body: { data: { orders: { orderNumber: string }[] } } }) =>
    res.body.data.orders.map((o) => o.orderNumber);
  const ordered = (payload: object) => call(ctx.app, { method: 'POST', url: '/api/retailer/orderedProducts', payload, token });
  const idsOf = (res: { body: { data: { products: { productId: string }[] } } }) =>
    res.body.data.products.map((p) => p.productId);
  const add = (productId: string, quantity: number) =>
    call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId, quantity }, token });
  const place = async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/retailer/placeOrder', payload: {}, token });
    expect(res.status).toBe(200);
    return res.body.data.orderNumber as string;
  };
  /** n[0]: 2 lines, n[1]: 1 line, n[2]: 3 lines, one day apart. */
  const n: string[] = [];

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await setCustomer(ctx.db, WORLD.customers.c10001, { min_order_cents: null });
    token = await tokenFor(ctx, WORLD.users.retailer.id);
    await add(P.cola, 2);
    await add(P.lime, 1);
    n.push(await place());
    advanceClock(86_400_000);
    await add(P.cola, 4);
    n.push(await place());
    advanceClock(86_400_000);
    await add(P.energy, 3);
    await add(P.cola, 1);
    await add(P.lime, 2);
    n.push(await place());
    await ctx.db.updateTable('orders').set({ status: 'picking' }).where('order_number', '=', n[0]!).execute();
    await ctx.db.updateTable('orders').set({ status: 'delivered' }).where('order_number', '=', n[1]!).execute();
  });
  afterAll(async () => {
    resetClock();
    await ctx.close();
  });

  it('history: newest first by default; each key and direction really changes the order', async () => {
    expect(numbersOf(await get('/api/retailer/orderHistory'))).toEqual([n[2], n[1], n[0]]);
    expect(numbersOf(await get('/api/retailer/orderHistory?sort=date&dir=asc'))).toEqual([n[0], n[1], n[2]]);
    expect(numbersOf(await get('/api/retailer/orderHistory?sort=orderNumber'))).toEqual([n[0], n[1], n[2]]);
    expect(numbersOf(await get('/api/retailer/orderHistory?sort=orderNumber&dir=desc'))).toEqual([n[2], n[1], n[0]]);
    expect(numbersOf(await get('/api/retailer/orderHistory?sort=items&dir=asc'))).toEqual([n[1], n[0], n[2]]);
    expect(numbersOf(await get('/api/retailer/orderHistory?sort=items'))).toEqual([n[2], n[0], n[1]]); // counts start largest first
    // Statuses in lifecycle order (placed, confirmed, picking, …, delivered, cancelled), not A to Z.
    expect(numbersOf(await get('/api/retailer/orderHistory?sort=status&dir=asc'))).toEqual([n[2], n[0], n[1]]);
    const byTotal = (await get('/api/retailer/orderHistory?sort=total&dir=asc')).body.data.orders.map(
      (o: { total: number }) => o.total,
    );
    expect(byTotal).toHaveLength(3);
    expect(byTotal).toEqual([...byTotal].sort((a: number, b: number) => a - b));
    expect(byTotal[0]).toBeLessThan(byTotal[2]);
  });

  it('history: sorting holds across pages and with a search', async () => {
    expect(numbersOf(await get('/api/retailer/orderHistory?sort=items&dir=asc&limit=2'))).toEqual([n[1], n[0]]);
    expect(numbersOf(await get('/api/retailer/orderHistory?sort=items&dir=asc&limit=2&page=2'))).toEqual([n[2]]);
    expect(numbersOf(await get('/api/retailer/orderHistory?sort=date&dir=asc&search=BEV-100'))).toEqual([n[0], n[1], n[2]]);
  });

  it('history: an unknown key or direction is 400 in the envelope, naming the accepted values', async () => {
    const bad = await get('/api/retailer/orderHistory?sort=password');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toContain('sort must be one of: date, orderNumber, items, total, status');
    const badDir = await get('/api/retailer/orderHistory?sort=total&dir=up');
    expect(badDir.status).toBe(400);
    expect(badDir.body.message).toContain('dir must be asc or desc');
    expect((await get('/api/retailer/orderHistory?sort=o.id;drop')).status).toBe(400);
  });

  it('ordered products: most recent first by default; by orders, units, item number; bad key 400', async () => {
    const byDefault = await ordered({});
    expect(byDefault.status).toBe(200);
    expect(idsOf(await ordered({ sort: 'orderCount' }))).toEqual([P.cola, P.lime, P.energy]);
    expect(idsOf(await ordered({ sort: 'orderCount', dir: 'asc' }))).toEqual([P.energy, P.lime, P.cola]);
    expect(idsOf(await ordered({ sort: 'totalQuantity' }))[0]).toBe(P.cola);
    const byNumber = (await ordered({ sort: 'itemNumber' })).body.data.products.map((p: { itemNumber: string }) => p.itemNumber);
    expect(byNumber).toEqual([...byNumber].sort((a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    const byNumberDesc = (await ordered({ sort: 'itemNumber', dir: 'desc' })).body.data.products.map(
      (p: { itemNumber: string }) => p.itemNumber,
    );
    expect(byNumberDesc).toEqual([...byNumber].reverse());
    const byName = (await ordered({ sort: 'name' })).body.data.products.map((p: { description: string }) =>
      p.description.toLowerCase(),
    );
    expect(byName).toEqual([...byName].sort());
    expect(idsOf(await ordered({ sort: 'orderCount', dir: 'asc', limit: 2, page: 2 }))).toEqual([P.cola]);
    const bad = await ordered({ sort: 'price' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('sort must be one of: lastOrdered, name, itemNumber, totalQuantity, orderCount');
  });

  it('the sales rep sorts the bound customer’s history and ordered products the same way', async () => {
    const rep = await tokenFor(ctx, WORLD.users.sales.id);
    const C1 = WORLD.customers.c10001;
    const headers = { 'x-customer-id': C1, 'x-customer-number': '10001' };
    const bound = await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C1}`, token: rep });
    expect(bound.status).toBe(200);
    const history = await call(ctx.app, {
      method: 'GET',
      url: `/api/sales/orderHistory/${C1}?sort=items&dir=asc`,
      token: rep,
      headers,
    });
    expect(numbersOf(history)).toEqual([n[1], n[0], n[2]]);
    const products = await call(ctx.app, {
      method: 'POST',
      url: `/api/sales/orderedProducts/${C1}`,
      payload: { sort: 'orderCount', dir: 'asc' },
      token: rep,
      headers,
    });
    expect(idsOf(products)).toEqual([P.energy, P.lime, P.cola]);
    const bad = await call(ctx.app, { method: 'GET', url: `/api/sales/orderHistory/${C1}?dir=sideways`, token: rep, headers });
    expect(bad.status).toBe(400);
  });
});
