import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P, setCustomer, setDeliveryCharge } from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { cartSummarySchema } from '@portal/shared/cart/cart.schemas';
import { envelope } from '../../platform/envelope.ts';
import { queryPlan } from '../../../test/query-plan.ts';
import { cartLinesQuery } from './cart.repository.ts';

describe('retailer cart', () => {
  let ctx: TestContext;
  let token: string;
  const add = (productId: string, quantity: unknown, t = token) =>
    call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId, quantity }, token: t });
  const update = (productId: string, quantity: unknown) =>
    call(ctx.app, { method: 'PUT', url: `/api/retailer/cart/items/${productId}`, payload: { quantity }, token });
  const remove = (productId: string) => call(ctx.app, { method: 'DELETE', url: `/api/retailer/cart/items/${productId}`, token });
  const items = (t = token) => call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token: t });
  const clear = () => call(ctx.app, { method: 'DELETE', url: '/api/retailer/cart/clear', token });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    token = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await clear();
    await ctx.db.deleteFrom('settings').execute();
    await setCustomer(ctx.db, WORLD.customers.c10001, { price_level: 1, item_limit_qty: null, min_order_cents: 5000 });
  });

  it('an empty cart answers the summary with zeros and the customer limits', async () => {
    const res = await items();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      finalCartItems: [],
      count: 0,
      totalItems: 0,
      totalAmount: 0,
      totalAmountWithTax: 0,
      totalTax: 0,
      totalCrv: 0,
      deliveryCharge: 0,
      grandTotal: 0,
      userItemLimitQty: null,
      userLimitMinOrderAmount: 50,
      problemCount: 0,
    });
  });

  it('add prices the line exactly and adds to what is there; tiers apply at their thresholds', async () => {
    const first = await add(P.cola, 2);
    expect(first.status).toBe(200);
    expect(first.body.data.finalCartItems).toEqual([
      {
        Description: 'Cola Classic 12oz Can',
        Product: { id: P.cola, Qty: 2, TotalPrice: '20.00' },
        price: 10,
        priceWithTax: 10.83,
        hasProductLimit: false,
        productLimit: null,
        productId: P.cola,
        itemNumber: 'BEV-100',
        upc: '012345678905',
        image: '/uploads/cola-dist.png',
        pack: 24,
        uom: 'CS',
        crv: 0.1,
        crvTotal: 0.2,
        taxRate: 8.25,
        tax: 1.65,
        lineTotal: 21.85,
        stockLabel: 'In Stock',
        allowToOrder: true,
        problems: [],
      },
    ]);
    expect(first.body.data).toMatchObject({
      count: 1,
      totalItems: 2,
      totalAmount: 20,
      totalAmountWithTax: 21.65,
      totalTax: 1.65,
      totalCrv: 0.2,
      grandTotal: 21.85,
    });

    // 2 + 3 = 5 reaches the 5+ tier: 9.50 each; tax 8.25 % of 47.50 = 3.91875 → 3.92 (once per line)
    const second = await add(P.cola, 3);
    expect(second.body.data.finalCartItems[0]).toMatchObject({
      Product: { id: P.cola, Qty: 5, TotalPrice: '47.50' },
      price: 9.5,
      tax: 3.92,
      crvTotal: 0.5,
      lineTotal: 51.92,
    });

    // Lime: 10 % promotion, 3.00 each; 3 × 3.00 = 9.00, tax 0.7425 → 0.74, CRV 0.15
    const third = await add(P.lime, 3);
    expect(third.body.data).toMatchObject({
      count: 2,
      totalItems: 8,
      totalAmount: 56.5,
      totalAmountWithTax: 61.16,
      totalTax: 4.66,
      totalCrv: 0.65,
      deliveryCharge: 0,
      grandTotal: 61.81,
    });
    // The line carries what the catalogue card shows: the list price struck and the percent off.
    expect(third.body.data.finalCartItems[1]).toMatchObject({
      productId: P.lime,
      price: 3,
      listPrice: 3.33,
      discountPercent: 10,
    });
    // A tier lowers the cola's price, not a promotion: no list price.
    expect(third.body.data.finalCartItems[0]).not.toHaveProperty('listPrice');
    expect(third.body.data.finalCartItems[0]).not.toHaveProperty('discountPercent');

    const tenth = await update(P.cola, 10);
    expect(tenth.body.data.finalCartItems[0]).toMatchObject({ Product: { Qty: 10, TotalPrice: '90.00' }, price: 9 });
    expect((await items()).body.data.totalItems).toBe(13);
  });

  it('GET cart/items answers exactly what the response schema describes (serialised without zod)', async () => {
    const schema = envelope(cartSummarySchema);
    const empty = await items();
    expect(schema.parse(empty.body)).toEqual(empty.body);
    await add(P.cola, 2);
    await add(P.lime, 12);
    await add(P.pretzels, 1);
    const full = await items();
    expect(full.status).toBe(200);
    expect(full.body.data.count).toBe(3);
    expect(schema.parse(full.body)).toEqual(full.body);
  });

  it('price level 2 prices the cart at price2', async () => {
    await setCustomer(ctx.db, WORLD.customers.c10001, { price_level: 2 });
    const res = await add(P.cola, 1);
    expect(res.body.data.finalCartItems[0]).toMatchObject({ price: 9, priceWithTax: 9.74, Product: { TotalPrice: '9.00' } }); // 900 + 74.25 → 974
  });

  it('product limit on add (existing plus added) and on update, with the exact message', async () => {
    expect((await add(P.energy, 3)).status).toBe(200);
    const over = await add(P.energy, 3);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      success: false,
      message: 'Maximum quantity limit for BEV-300 is 5. You cannot add more than 5 items.',
    });
    expect((await items()).body.data.finalCartItems[0]).toMatchObject({
      Product: { Qty: 3 },
      hasProductLimit: true,
      productLimit: 5,
    });
    expect((await update(P.energy, 6)).body.message).toBe(
      'Maximum quantity limit for BEV-300 is 5. You cannot add more than 5 items.',
    );
    expect((await update(P.energy, 5)).status).toBe(200);
    expect((await add(P.energy, 1)).status).toBe(400);
  });

  it("the customer's per-item limit applies to products without their own", async () => {
    await setCustomer(ctx.db, WORLD.customers.c10001, { item_limit_qty: 12 });
    expect((await add(P.cola, 12)).body.data).toMatchObject({
      userItemLimitQty: 12,
      finalCartItems: [{ hasProductLimit: true, productLimit: 12 }],
    });
    const over = await add(P.cola, 1);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Maximum quantity limit for BEV-100 is 12. You cannot add more than 12 items.');
    // The product's own limit wins over the customer's.
    expect((await add(P.energy, 6)).body.message).toBe(
      'Maximum quantity limit for BEV-300 is 5. You cannot add more than 5 items.',
    );
  });

  it('refuses products that may not be ordered, unknown or inactive products, and bad quantities', async () => {
    const crackers = await add(P.crackers, 1);
    expect(crackers.status).toBe(400);
    expect(crackers.body).toMatchObject({ message: 'This product is not available to order.', error: { code: 'NOT_ORDERABLE' } });
    expect((await add('no-such-product', 1)).status).toBe(404);
    expect((await add(P.retired, 1)).status).toBe(404);
    for (const q of [0, -1, 1.5, '2', null]) {
      const res = await add(P.cola, q);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Quantity must be a positive whole number');
    }
    expect((await update(P.cola, 1)).status).toBe(404); // not in the cart
    await add(P.cola, 1);
    expect((await update(P.cola, 0)).status).toBe(400);
    expect((await items()).body.data.finalCartItems).toHaveLength(1);
  });

  it('a product without a price is shown as not orderable, refused, and left out of a cart it was in', async () => {
    const prices = { price1_cents: 0, price2_cents: 0, price3_cents: 0, price4_cents: 0, price5_cents: 0 };
    const before = await ctx.db
      .selectFrom('products')
      .select(['price1_cents', 'price2_cents', 'price3_cents', 'price4_cents', 'price5_cents'])
      .where('id', '=', P.lime)
      .executeTakeFirstOrThrow();
    await add(P.cola, 1);
    await add(P.lime, 2);
    try {
      await ctx.db.updateTable('products').set(prices).where('id', '=', P.lime).execute();
      const refused = await add(P.lime, 1);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        message: 'This product has no price yet. Please ask your distributor.',
        error: { code: 'NOT_ORDERABLE' },
      });
      const cart = (await items()).body.data;
      const lime = cart.finalCartItems.find((i: { productId: string }) => i.productId === P.lime);
      expect(lime).toMatchObject({ allowToOrder: false, problems: [{ code: 'NOT_ORDERABLE' }] });
      expect(cart).toMatchObject({ totalItems: 1, totalAmount: 10 }); // the cola alone
      const search = await call(ctx.app, {
        method: 'POST',
        url: '/api/retailer/getInventory',
        payload: { search: 'lime' },
        token,
      });
      const shown = search.body.data.finalProductList.find((p: { id: string }) => p.id === P.lime);
      expect(shown).toMatchObject({ allowToOrder: false, price: 0 });
    } finally {
      await ctx.db.updateTable('products').set(before).where('id', '=', P.lime).execute();
    }
  });

  it('a hidden-price product can be ordered; the cart shows what will be charged', async () => {
    const res = await add(P.pretzels, 2);
    expect(res.body.data.finalCartItems[0]).toMatchObject({ price: 4, Product: { TotalPrice: '8.00' } });
  });

  it('remove and clear', async () => {
    await add(P.cola, 1);
    await add(P.lime, 1);
    const removed = await remove(P.cola);
    expect(removed.body.data.finalCartItems.map((i: { productId: string }) => i.productId)).toEqual([P.lime]);
    expect((await remove(P.cola)).status).toBe(404);
    const cleared = await clear();
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ finalCartItems: [], count: 0, totalAmount: 0 });
  });

  it("a store's cart is its own", async () => {
    await add(P.cola, 4);
    const other = await tokenFor(ctx, WORLD.users.retailer2.id);
    expect((await items(other)).body.data.finalCartItems).toEqual([]);
    expect((await call(ctx.app, { method: 'DELETE', url: `/api/retailer/cart/items/${P.cola}`, token: other })).status).toBe(404);
    expect((await items()).body.data.totalItems).toBe(4);
  });

  it('delivery charge: none without a setting, by order value with a free threshold', async () => {
    const none = await call(ctx.app, { method: 'GET', url: '/api/retailer/deliveryCharge', token });
    expect(none.body.data).toEqual({ mode: 'none', flat: null, tiers: [], freeOver: null, deliveryCharge: 0, cartSubtotal: 0 });

    await setDeliveryCharge(ctx.db, {
      mode: 'by_order_value',
      flatCents: 1500,
      tiers: [
        { minSubtotalCents: 0, chargeCents: 1500 },
        { minSubtotalCents: 25000, chargeCents: 750 },
      ],
      freeOverCents: 50000,
    });
    await add(P.cola, 4); // $40.00
    const small = await call(ctx.app, { method: 'GET', url: '/api/retailer/deliveryCharge', token });
    expect(small.body.data).toEqual({
      mode: 'by_order_value',
      flat: null,
      tiers: [
        { minSubtotal: 0, charge: 15 },
        { minSubtotal: 250, charge: 7.5 },
      ],
      freeOver: 500,
      deliveryCharge: 15,
      cartSubtotal: 40,
    });
    expect((await items()).body.data).toMatchObject({ deliveryCharge: 15, grandTotal: 58.7 }); // 40.00 + tax 3.30 + CRV 0.40 + delivery 15.00
    await update(P.cola, 30); // 30 × 9.00 = 270.00 → 7.50
    expect((await items()).body.data.deliveryCharge).toBe(7.5);
    await update(P.cola, 60); // 540.00 → free
    expect((await items()).body.data.deliveryCharge).toBe(0);

    await setDeliveryCharge(ctx.db, { mode: 'flat', flatCents: 1500 });
    expect((await items()).body.data.deliveryCharge).toBe(15);
  });
  it('a deactivated product stays listed and marked but leaves every total; Place order still refuses it', async () => {
    const admin = await tokenFor(ctx, WORLD.users.admin.id);
    const setActive = (action: 'deactivate' | 'reactivate') =>
      call(ctx.app, { method: 'POST', url: `/api/admin/products/${P.lime}/${action}`, token: admin });
    await setCustomer(ctx.db, WORLD.customers.c10001, { min_order_cents: null });
    await setDeliveryCharge(ctx.db, {
      mode: 'by_order_value',
      tiers: [
        { minSubtotalCents: 0, chargeCents: 1500 },
        { minSubtotalCents: 2500, chargeCents: 500 },
      ],
    });
    await add(P.cola, 2); // 2 × 10.00 = 20.00, tax 1.65, CRV 0.20
    await add(P.lime, 3); // 3 × 3.00 = 9.00, tax 0.74, CRV 0.15
    expect((await items()).body.data).toMatchObject({ totalAmount: 29, deliveryCharge: 5, grandTotal: 36.74 });

    expect((await setActive('deactivate')).status).toBe(200);
    const cart = (await items()).body.data;
    const lime = cart.finalCartItems.find((i: { productId: string }) => i.productId === P.lime);
    expect(lime).toMatchObject({
      allowToOrder: false,
      Product: { Qty: 3, TotalPrice: '9.00' },
      problems: [{ code: 'NOT_ORDERABLE', message: 'No longer available to order.', fix: 'remove', fixQuantity: null }],
    });
    // Only the cola counts: 20.00 + tax 1.65 + CRV 0.20 + delivery 15.00 (under the $25 tier now).
    expect(cart).toMatchObject({
      count: 2,
      totalItems: 2,
      totalAmount: 20,
      totalTax: 1.65,
      totalAmountWithTax: 21.65,
      totalCrv: 0.2,
      deliveryCharge: 15,
      grandTotal: 36.85,
      problemCount: 1,
    });
    expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/deliveryCharge', token })).body.data).toMatchObject({
      deliveryCharge: 15,
      cartSubtotal: 20,
    });

    const place = () =>
      call(ctx.app, { method: 'POST', url: '/api/retailer/placeOrder', headers: { 'is-web-order': 'true' }, payload: {}, token });
    const refused = await place();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: '1 item in your cart needs attention. Please fix the marked line.',
      error: { code: 'CART_PROBLEMS' },
      data: { problems: [{ productId: P.lime, code: 'NOT_ORDERABLE' }] },
    });
    // Removed, the order costs exactly what the cart showed.
    await remove(P.lime);
    const placed = await place();
    expect(placed.status).toBe(200);
    expect(placed.body.data).toMatchObject({ itemCount: 1, subtotal: 20, deliveryCharge: 15, total: 36.85 });
    expect((await setActive('reactivate')).status).toBe(200);
  });

  // Every cart answer and placed order reads the owner's lines in the order they were added: from the
  // index alone (migration 0044), with no table lookup per line and no sort.
  it("reads a cart's lines in order from the owner's index alone", async () => {
    const query = cartLinesQuery(ctx.db, { customerId: WORLD.customers.c10001, userId: WORLD.users.retailer.id }).compile();
    const plan = await queryPlan(ctx.db, ctx.config.database.kind, query);
    if (ctx.config.database.kind === 'sqlite') {
      expect(plan).toMatch(/SEARCH c USING COVERING INDEX cart_items_owner_order_idx/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else expect(plan).toMatch(/Index Only Scan using cart_items_owner_order_idx on cart_items c/);
  });
});
