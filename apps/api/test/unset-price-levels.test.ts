// A product created with only Price 1 (the admin products API here; a CSV import stores the same zeros):
// a store on price level 3 sees and pays Price 1 — in search, the product dialog, the cart, the placed
// order and through its sales rep — never $0.00 (docs/ordering.md "Prices").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../src/db/seed/base-world.ts';
import { createCatalogContext, setCustomer } from './fixtures/catalog-fixtures.ts';
import { call, tokenFor, type TestContext } from './helper.ts';

const C1 = WORLD.customers.c10001;

describe('price levels left unset fall back to Price 1', () => {
  let ctx: TestContext;
  let retailer: string;
  let rep: string;
  let productId: string;

  beforeAll(async () => {
    ctx = await createCatalogContext();
    const admin = await tokenFor(ctx, WORLD.users.admin.id);
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/products',
      token: admin,
      payload: { itemNumber: 'ONLY-P1', description: 'Only Price One Soda', price1Cents: 2108, stockOnHand: 50 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ price1Cents: 2108, price2Cents: 0, price3Cents: 0, price5Cents: 0 });
    productId = created.body.data.id;
    await setCustomer(ctx.db, C1, { price_level: 3 });
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    rep = await tokenFor(ctx, WORLD.users.sales.id);
  });
  afterAll(() => ctx.close());

  it('a level-3 store sees Price 1 in search and pays it in the cart and the stored order', async () => {
    const search = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/getInventory',
      token: retailer,
      payload: { search: 'only price one' },
    });
    expect(search.status).toBe(200);
    expect(search.body.data.finalProductList).toHaveLength(1);
    expect(search.body.data.finalProductList[0]).toMatchObject({ id: productId, PriceClass: 3, price: 21.08, totalPrice: 21.08 });

    const cart = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/cart/add',
      token: retailer,
      payload: { productId, quantity: 3 },
    });
    expect(cart.status).toBe(200);
    expect(cart.body.data.finalCartItems[0]).toMatchObject({ price: 21.08, Product: { Qty: 3, TotalPrice: '63.24' } });
    expect(cart.body.data).toMatchObject({ totalAmount: 63.24, grandTotal: 63.24 });

    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      token: retailer,
      headers: { 'is-web-order': 'true', 'idempotency-key': 'unset-levels-1' },
      payload: {},
    });
    expect(placed.status).toBe(200);
    expect(placed.body.data).toMatchObject({ subtotal: 63.24, total: 63.24 });
    const order = await ctx.db
      .selectFrom('orders')
      .select(['id', 'subtotal_cents', 'total_cents'])
      .where('order_number', '=', placed.body.data.orderNumber)
      .executeTakeFirstOrThrow();
    expect([Number(order.subtotal_cents), Number(order.total_cents)]).toEqual([6324, 6324]);
    const line = await ctx.db
      .selectFrom('order_lines')
      .select(['unit_price_cents', 'line_total_cents'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect([Number(line.unit_price_cents), Number(line.line_total_cents)]).toEqual([2108, 6324]);
  });

  it('the rep working that store sees Price 1 too', async () => {
    expect((await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C1}`, token: rep })).status).toBe(200);
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/sales/getInventoryItems/${C1}`,
      token: rep,
      headers: { 'x-customer-id': C1 },
      payload: { search: 'only price one' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.finalProductList[0]).toMatchObject({ id: productId, PriceClass: 3, price: 21.08 });
  });

  it('a level that is set still wins over Price 1', async () => {
    await ctx.db.updateTable('products').set({ price3_cents: 1999 }).where('id', '=', productId).execute();
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/getInventory',
      token: retailer,
      payload: { search: 'only price one' },
    });
    expect(res.body.data.finalProductList[0]).toMatchObject({ price: 19.99 });
  });
});
