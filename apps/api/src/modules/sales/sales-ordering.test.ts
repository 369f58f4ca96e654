// Sales catalogue, cart and orders over HTTP: the retailer module's services with the rep's customer
// binding — the customer's prices, the rep-facing flags, the rep's own cart, orders placed as sales.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import {
  createCatalogContext,
  insertProduct,
  P,
  setCustomer,
  setDeliveryCharge,
} from '../../../test/fixtures/catalog-fixtures.ts';

const C1 = WORLD.customers.c10001;
const C2 = WORLD.customers.c10002;
const C3 = WORLD.customers.c10003;

type Product = Record<string, unknown> & { id: string };

describe('sales ordering for a chosen customer', () => {
  let ctx: TestContext;
  let rep: string;
  let retailer: string;
  const as1 = { 'x-customer-id': C1, 'x-customer-number': '10001' };

  beforeAll(async () => {
    ctx = await createCatalogContext();
    // The same products with the rep's flags set the other way round from the retailer's.
    await ctx.db.updateTable('products').set({ show_without_price_to_sales: 1 }).where('id', '=', P.cola).execute();
    await ctx.db
      .updateTable('products')
      .set({ show_inventory_stock_to_sales: 0, show_low_stock_to_sales: 1, allow_to_order_sales: 0 })
      .where('id', '=', P.lime)
      .execute();
    await insertProduct(ctx.db, {
      id: 'p-water',
      item_number: 'BEV-400',
      description: 'Spring Water 1L',
      price1_cents: 200,
      price3_cents: 150,
    });
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(() => ctx.close());

  beforeEach(async () => {
    rep = await tokenFor(ctx, WORLD.users.sales.id);
    expect((await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C1}`, token: rep })).status).toBe(200);
  });

  const inventory = async (token: string, url: string, headers: Record<string, string> = {}, payload: object = {}) => {
    const res = await call(ctx.app, { method: 'POST', url, token, headers, payload });
    return { ...res, byId: new Map<string, Product>((res.body.data?.finalProductList ?? []).map((p: Product) => [p.id, p])) };
  };

  it('getInventoryItems and getInventoryItemsBySalesMan answer the catalogue with the rep-facing flags, not the retailer’s', async () => {
    const mine = await inventory(retailer, '/api/retailer/getInventory');
    expect(mine.status).toBe(200);
    for (const url of [`/api/sales/getInventoryItems/${C1}`, `/api/sales/getInventoryItemsBySalesMan/${C1}`]) {
      const res = await inventory(rep, url, as1);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(mine.body.data.total);

      // Trail mix: the retailer sees low stock and no count; the rep (sales flags on) sees the count.
      expect(mine.byId.get(P.trailMix)).toMatchObject({ stockLabel: 'Low Stock', showTheInventoryStock: false });
      expect(mine.byId.get(P.trailMix)).not.toHaveProperty('Inventory_OnHand');
      expect(res.byId.get(P.trailMix)).toMatchObject({
        stockLabel: 'In Stock',
        showTheInventoryStockToSalesRep: true,
        showLowStockToSalesRep: false,
        Inventory_OnHand: 100,
      });

      // Pretzels: price hidden from the retailer, shown to the rep.
      expect(mine.byId.get(P.pretzels)).not.toHaveProperty('price');
      expect(res.byId.get(P.pretzels)).toMatchObject({ price: 4, showWithOutPriceToSalesRep: false });

      // Cola: price shown to the retailer, hidden from the rep.
      expect(mine.byId.get(P.cola)).toMatchObject({ price: 10 });
      expect(res.byId.get(P.cola)).toMatchObject({ showWithOutPriceToSalesRep: true });
      expect(res.byId.get(P.cola)).not.toHaveProperty('price');

      // Crackers: the retailer may not order them, the rep may; lime the other way round, and low stock for the rep.
      expect(mine.byId.get(P.crackers)).toMatchObject({ allowToOrder: false });
      expect(res.byId.get(P.crackers)).toMatchObject({ allowToOrderSalesRep: true });
      expect(mine.byId.get(P.lime)).toMatchObject({ allowToOrder: true, stockLabel: 'In Stock' });
      expect(res.byId.get(P.lime)).toMatchObject({ allowToOrderSalesRep: false, stockLabel: 'Low Stock' });
      // The retailer's answer carries no rep flags.
      expect(mine.byId.get(P.lime)).not.toHaveProperty('allowToOrderSalesRep');
    }
  });

  it('prices the catalogue at the chosen customer’s price level, with the retailer’s filters', async () => {
    await setCustomer(ctx.db, C2, { price_level: 3 });
    await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C2}`, token: rep });
    const res = await inventory(rep, `/api/sales/getInventoryItems/${C2}`, { 'x-customer-id': C2 }, { search: 'spring water' });
    expect(res.status).toBe(200);
    expect(res.body.data.finalProductList.map((p: Product) => p.id)).toEqual(['p-water']);
    expect(res.byId.get('p-water')).toMatchObject({ PriceClass: 3, price: 1.5 });
    // the retailer of 10001 (level 1) pays the level-1 price for the same product
    const mine = await inventory(retailer, '/api/retailer/getInventory', {}, { search: 'spring water' });
    expect(mine.byId.get('p-water')).toMatchObject({ PriceClass: 1, price: 2 });
    await setCustomer(ctx.db, C2, { price_level: 1 });
  });

  it('inventory calls keep the binding rules: missing header, path mismatch, other rep’s customer, bad filter', async () => {
    const none = await inventory(rep, `/api/sales/getInventoryItems/${C1}`);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Customer ID not found');
    const mismatch = await inventory(rep, `/api/sales/getInventoryItems/${C2}`, as1);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('The customer in the path does not match the x-customer-id header');
    const foreign = await inventory(rep, `/api/sales/getInventoryItems/${C3}`, { 'x-customer-id': C3 });
    expect(foreign.status).toBe(403);
    const bad = await inventory(rep, `/api/sales/getInventoryItems/${C1}`, as1, { limit: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be 1 or more');
  });

  it('the dashboard shelves answer a rep for its own customers, with the rep-facing flags', async () => {
    for (const url of [
      '/api/dashboard/newItem?role=sales&customerNumber=10001',
      '/api/dashboard/discountedItems?role=sales&customerNumber=10001',
      '/api/dashboard/popularItems?role=sales&c_number=10001',
      '/api/dashboard/promotedItems?role=sales&customerNumber=10001',
    ]) {
      const res = await call(ctx.app, { method: 'GET', url, token: rep });
      expect(res.status, url).toBe(200);
      const list = (res.body.data.finalProductList ?? res.body.data.promotedItemsList) as Product[];
      for (const p of list) expect(p, url).toHaveProperty('allowToOrderSalesRep');
      const foreign = await call(ctx.app, { method: 'GET', url: url.replace('10001', '10003'), token: rep });
      expect(foreign.status, url).toBe(403);
    }
    // chips are new and promoted: the rep's answer carries the rep flags for them
    const news = await call(ctx.app, {
      method: 'GET',
      url: '/api/dashboard/newItem?role=sales&customerNumber=10001',
      token: rep,
    });
    expect(news.body.data.finalProductList.map((p: Product) => p.id)).toContain(P.chips);
    const promoted = await call(ctx.app, {
      method: 'GET',
      url: '/api/dashboard/promotedItems?role=sales&customerNumber=10002',
      token: rep,
    });
    expect(promoted.body.data.promotedItemsList.map((p: Product) => p.id)).toEqual([P.chips]);
    // the lime discount shows on the discounted shelf, with the rep's low-stock label
    const discounted = await call(ctx.app, {
      method: 'GET',
      url: '/api/dashboard/discountedItems?role=sales&customerNumber=10001',
      token: rep,
    });
    expect(discounted.body.data.finalProductList.find((p: Product) => p.id === P.lime)).toMatchObject({
      isDiscounted: true,
      stockLabel: 'Low Stock',
      allowToOrderSalesRep: false,
    });
  });

  describe('cart for the chosen customer', () => {
    const cart = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      opts: { payload?: object; headers?: Record<string, string>; token?: string } = {},
    ) => call(ctx.app, { method, url, token: opts.token ?? rep, payload: opts.payload, headers: opts.headers ?? as1 });
    const lines = (body: { data: { finalCartItems: { Product: { id: string; Qty: number } }[] } }) =>
      body.data.finalCartItems.map((i) => [i.Product.id, i.Product.Qty]);

    it('every cart call without a selected customer fails with Customer ID not found', async () => {
      for (const [method, url, payload] of [
        ['GET', `/api/sales/cartItem/${C1}`],
        ['POST', `/api/sales/addToCart/${C1}`, { productId: P.cola, quantity: 1 }],
        ['PUT', `/api/sales/cartItem/${P.cola}`, { quantity: 2 }],
        ['DELETE', `/api/sales/cartItem/${P.cola}`],
        ['DELETE', `/api/sales/clearCart/${C1}`],
      ] as const) {
        const res = await cart(method, url, {
          payload,
          headers: { 'x-customer-id': 'undefined', 'x-customer-number': 'undefined' },
        });
        expect(res.status, `${method} ${url}`).toBe(400);
        expect(res.body).toMatchObject({
          success: false,
          message: 'Customer ID not found',
          error: { code: 'CUSTOMER_ID_NOT_FOUND' },
        });
      }
      // a rep that never chose a working customer is in the same place
      const fresh = await tokenFor(ctx, WORLD.users.sales2.id);
      const none = await cart('GET', `/api/sales/cartItem/${C3}`, { token: fresh, headers: { 'x-customer-id': C3 } });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Customer ID not found');
    });

    it('add, update, remove and clear the rep’s own cart for the customer, with the rep’s flags', async () => {
      await cart('DELETE', `/api/sales/clearCart/${C1}`);
      // the retailer's own cart for the same store is separate from the rep's
      expect(
        (
          await call(ctx.app, {
            method: 'POST',
            url: '/api/retailer/cart/add',
            token: retailer,
            payload: { productId: P.energy, quantity: 2 },
          })
        ).status,
      ).toBe(200);

      const added = await cart('POST', `/api/sales/addToCart/${C1}`, { payload: { productId: P.trailMix, quantity: 3 } });
      expect(added.status).toBe(200);
      expect(added.body.message).toBe('Item added to cart');
      expect(lines(added.body)).toEqual([[P.trailMix, 3]]);
      expect(added.body.data).toMatchObject({ count: 1, totalItems: 3, totalAmount: 18, userLimitMinOrderAmount: 50 });
      // crackers: not orderable by the retailer, orderable by the rep
      expect((await cart('POST', `/api/sales/addToCart/${C1}`, { payload: { productId: P.crackers, quantity: 1 } })).status).toBe(
        200,
      );
      const crackersForRetailer = await call(ctx.app, {
        method: 'POST',
        url: '/api/retailer/cart/add',
        token: retailer,
        payload: { productId: P.crackers, quantity: 1 },
      });
      expect(crackersForRetailer.status).toBe(400);
      // lime: orderable by the retailer, not by the rep
      const lime = await cart('POST', `/api/sales/addToCart/${C1}`, { payload: { productId: P.lime, quantity: 1 } });
      expect(lime.status).toBe(400);
      expect(lime.body.message).toBe('This product is not available to order.');

      const updated = await cart('PUT', `/api/sales/cartItem/${P.trailMix}`, { payload: { quantity: 5 } });
      expect(updated.status).toBe(200);
      expect(lines(updated.body)).toEqual(
        expect.arrayContaining([
          [P.trailMix, 5],
          [P.crackers, 1],
        ]),
      );
      const removed = await cart('DELETE', `/api/sales/cartItem/${P.crackers}`);
      expect(removed.status).toBe(200);
      expect(lines(removed.body)).toEqual([[P.trailMix, 5]]);
      const got = await cart('GET', `/api/sales/cartItem/${C1}`);
      expect(lines(got.body)).toEqual([[P.trailMix, 5]]);
      expect(got.body.data.totalAmount).toBe(30);

      // a line that is not in the rep's cart (the retailer's own energy drinks) is not found
      const foreignLine = await cart('PUT', `/api/sales/cartItem/${P.energy}`, { payload: { quantity: 1 } });
      expect(foreignLine.status).toBe(404);
      expect(foreignLine.body.message).toBe('This product is not in your cart.');

      const cleared = await cart('DELETE', `/api/sales/clearCart/${C1}`);
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toMatchObject({ finalCartItems: [], count: 0, totalAmount: 0 });
      const retailerCart = await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token: retailer });
      expect(lines(retailerCart.body)).toEqual([[P.energy, 2]]);
    });

    it('cart lines of another customer are out of reach: 409 while it is not the working customer, 403 for another rep’s', async () => {
      await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C2}`, token: rep });
      expect(
        (
          await cart('POST', `/api/sales/addToCart/${C2}`, {
            headers: { 'x-customer-id': C2, 'x-customer-number': '10002' },
            payload: { productId: P.energy, quantity: 1 },
          })
        ).status,
      ).toBe(200);
      await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C1}`, token: rep });
      const stale = await cart('DELETE', `/api/sales/cartItem/${P.energy}`, {
        headers: { 'x-customer-id': C2, 'x-customer-number': '10002' },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.data).toEqual({ currentCustomerId: C1, currentCustomerNumber: '10001' });
      const underC1 = await cart('DELETE', `/api/sales/cartItem/${P.energy}`);
      expect(underC1.status).toBe(404);
      const foreign = await cart('GET', `/api/sales/cartItem/${C3}`, {
        headers: { 'x-customer-id': C3, 'x-customer-number': '10003' },
      });
      expect(foreign.status).toBe(403);
      const wrongNumber = await cart('GET', `/api/sales/cartItem/${C1}`, {
        headers: { 'x-customer-id': C1, 'x-customer-number': '10002' },
      });
      expect(wrongNumber.status).toBe(400);
      expect(wrongNumber.body.message).toBe('x-customer-number does not match the selected customer');
    });

    it('the 409 rule on cart calls with two sessions of one rep', async () => {
      const tablet = await tokenFor(ctx, WORLD.users.sales.id, { name: 'tablet' });
      expect((await cart('GET', `/api/sales/cartItem/${C1}`)).status).toBe(200);
      await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C2}`, token: tablet });
      const res = await cart('POST', `/api/sales/addToCart/${C1}`, { payload: { productId: P.cola, quantity: 1 } });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        message: 'Customer context changed. Please refresh.',
        error: { code: 'CUSTOMER_CONTEXT_CHANGED' },
        data: { currentCustomerId: C2, currentCustomerNumber: '10002' },
      });
      const after = await cart('GET', `/api/sales/cartItem/${C1}`, { token: tablet });
      expect(after.status).toBe(409);
      expect(
        lines((await cart('GET', `/api/sales/cartItem/${C2}`, { token: tablet, headers: { 'x-customer-id': C2 } })).body).map(
          ([id]) => id,
        ),
      ).not.toContain(P.cola);
    });

    it('GET /sales/deliveryCharge/{customerId} charges the rep’s cart for the customer', async () => {
      await setDeliveryCharge(ctx.db, { mode: 'flat', flatCents: 1500, freeOverCents: 10000 });
      await cart('DELETE', `/api/sales/clearCart/${C1}`);
      await cart('POST', `/api/sales/addToCart/${C1}`, { payload: { productId: P.trailMix, quantity: 2 } });
      const res = await cart('GET', `/api/sales/deliveryCharge/${C1}`, { headers: { 'x-customer-id': C1 } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ mode: 'flat', flat: 15, tiers: [], freeOver: 100, deliveryCharge: 15, cartSubtotal: 12 });
      expect((await cart('GET', `/api/sales/deliveryCharge/${C1}`, { headers: {} })).status).toBe(400);
    });
  });
});
