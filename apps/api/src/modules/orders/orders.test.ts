import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import {
  createCatalogContext,
  createRetailers,
  insertProduct,
  P,
  setCustomer,
  setDeliveryCharge,
} from '../../../test/fixtures/catalog-fixtures.ts';
import { pdfText } from '../../../test/fixtures/pdf-text.ts';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';

const MIN_ORDER_12_34 =
  'Minimum order amount is $50.00. Your current total is $12.34. Please add more items to meet the minimum requirement.';

describe('placing orders', () => {
  let ctx: TestContext;
  let token: string;
  const add = (productId: string, quantity: number, t = token) =>
    call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId, quantity }, token: t });
  const place = (opts: { key?: string; body?: object; t?: string } = {}) =>
    call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: opts.body ?? {},
      headers: { 'is-web-order': 'true', ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
      token: opts.t ?? token,
    });
  const clearCart = () => call(ctx.app, { method: 'DELETE', url: '/api/retailer/cart/clear', token });
  const stock = async (id: string) =>
    (await ctx.db.selectFrom('products').select('stock_on_hand').where('id', '=', id).executeTakeFirstOrThrow()).stock_on_hand;
  const orderCount = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await insertProduct(ctx.db, { id: 'p-1234', item_number: 'MISC-1', description: 'Odd Price Item', price1_cents: 1234 });
    token = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await clearCart();
    await ctx.db.deleteFrom('settings').execute();
  });

  it('refuses an empty cart with the spec message', async () => {
    const res = await place();
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Your cart is empty. Please add items before proceeding.',
      error: { code: 'CART_EMPTY' },
    });
  });

  it('refuses below the minimum with the spec message (goods total before tax)', async () => {
    await add('p-1234', 1);
    const res = await place();
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MIN_ORDER_12_34);
    expect(await orderCount()).toBe(0);
  });

  it('places the order: snapshot prices, stock, sequence, history, invoice, cart emptied', async () => {
    await setDeliveryCharge(ctx.db, { mode: 'flat', flatCents: 1500 });
    await add(P.cola, 5); // 5 × 9.50 = 47.50, tax 3.92, CRV 0.50
    await add(P.lime, 3); // 3 × 3.00 = 9.00, tax 0.74, CRV 0.15
    const res = await place({
      key: 'order-a',
      body: { notes: 'Back door', poNumber: 'PO-77', requestedDeliveryDate: '2026-12-01' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      orderNumber: '100001',
      status: 'placed',
      itemCount: 2,
      totalQuantity: 8,
      subtotal: 56.5,
      tax: 4.66,
      crv: 0.65,
      deliveryCharge: 15,
      total: 76.81,
      replayed: false,
    });
    const order = await ctx.db.selectFrom('orders').selectAll().where('order_number', '=', '100001').executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      customer_id: WORLD.customers.c10001,
      placed_by_user_id: WORLD.users.retailer.id,
      placed_by_role: 'retailer',
      subtotal_cents: 5650,
      tax_cents: 466,
      crv_cents: 65,
      delivery_charge_cents: 1500,
      total_cents: 7681,
      is_web_order: 1,
      notes: 'Back door',
      po_number: 'PO-77',
      requested_delivery_date: '2026-12-01',
    });
    const lines = await ctx.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('line_no')
      .execute();
    expect(
      lines.map((l) => [l.item_number, l.upc, l.quantity, l.unit_price_cents, l.tax_cents, l.crv_cents, l.line_total_cents]),
    ).toEqual([
      ['BEV-100', '012345678905', 5, 950, 392, 50, 5192],
      ['BEV-200', '098765432109', 3, 300, 74, 15, 989],
    ]);
    expect(await stock(P.cola)).toBe(95);
    expect(await stock(P.lime)).toBe(97);
    expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token })).body.data.finalCartItems).toEqual([]);
    expect(await ctx.db.selectFrom('order_status_history').select(['status']).where('order_id', '=', order.id).execute()).toEqual(
      [{ status: 'placed' }],
    );
    expect(
      (await ctx.db.selectFrom('sequences').select('value').where('name', '=', 'order_number').executeTakeFirstOrThrow()).value,
    ).toBe(100001);
    const entries = await ctx.db
      .selectFrom('receivable_entries')
      .select(['kind', 'reference', 'amount_cents', 'order_id'])
      .execute();
    expect(entries).toEqual([{ kind: 'invoice', reference: '100001', amount_cents: 7681, order_id: order.id }]);
    expect(
      (
        await ctx.db
          .selectFrom('customers')
          .select('balance_cents')
          .where('id', '=', WORLD.customers.c10001)
          .executeTakeFirstOrThrow()
      ).balance_cents,
    ).toBe(125_050 + 7681);

    // Later price changes do not touch the order.
    await ctx.db.updateTable('products').set({ price1_cents: 5000 }).where('id', '=', P.cola).execute();
    const detail = await call(ctx.app, { method: 'GET', url: '/api/retailer/orderHistoryByOrderNumber/100001', token });
    expect(detail.body.data.lines[0]).toMatchObject({ itemNumber: 'BEV-100', price: 9.5, quantity: 5, lineTotal: 51.92 });
    await ctx.db.updateTable('products').set({ price1_cents: 1000 }).where('id', '=', P.cola).execute();
  });

  it('the same Idempotency-Key answers the same order, never two (also when sent at once)', async () => {
    await add(P.cola, 6);
    const before = await orderCount();
    const [a, b, c] = await Promise.all([place({ key: 'key-same' }), place({ key: 'key-same' }), place({ key: 'key-same' })]);
    for (const r of [a, b, c]) expect(r.status).toBe(200);
    expect(new Set([a, b, c].map((r) => r.body.data.orderNumber)).size).toBe(1);
    expect([a, b, c].filter((r) => r.body.data.replayed === false)).toHaveLength(1);
    const again = await place({ key: 'key-same' });
    expect(again.body.data).toMatchObject({ orderNumber: a.body.data.orderNumber, replayed: true, totalQuantity: 6 });
    expect(await orderCount()).toBe(before + 1);
    // A new key with the (now empty) cart is a new attempt.
    expect((await place({ key: 'key-other' })).body.message).toBe('Your cart is empty. Please add items before proceeding.');
  });

  it('never sells below zero without backorders: every short line refused at once, nothing changed', async () => {
    await insertProduct(ctx.db, {
      id: 'p-few',
      item_number: 'FEW-1',
      description: 'Rare Soda',
      price1_cents: 2000,
      stock_on_hand: 5,
    });
    await insertProduct(ctx.db, {
      id: 'p-gone',
      item_number: 'GONE-1',
      description: 'Gone Soda',
      price1_cents: 2000,
      stock_on_hand: 5,
    });
    await add('p-few', 3);
    await add('p-gone', 2);
    await add(P.cola, 1);
    // Sold elsewhere after these were added.
    await ctx.db.updateTable('products').set({ stock_on_hand: 2 }).where('id', '=', 'p-few').execute();
    await ctx.db.updateTable('products').set({ stock_on_hand: 0 }).where('id', '=', 'p-gone').execute();
    const colaBefore = await stock(P.cola);
    const seqBefore = (await ctx.db.selectFrom('sequences').select('value').executeTakeFirstOrThrow()).value;
    const ordersBefore = await orderCount();
    const res = await place();
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      message: '2 items in your cart need attention. Please fix the marked lines.',
      error: { code: 'CART_PROBLEMS' },
    });
    expect(res.body.data.problems).toEqual(
      expect.arrayContaining([
        {
          productId: 'p-few',
          itemNumber: 'FEW-1',
          description: 'Rare Soda',
          code: 'INSUFFICIENT_STOCK',
          message: 'Only 2 left in stock.',
          fix: 'reduce',
          fixQuantity: 2,
        },
        {
          productId: 'p-gone',
          itemNumber: 'GONE-1',
          description: 'Gone Soda',
          code: 'OUT_OF_STOCK',
          message: 'Out of stock.',
          fix: 'remove',
          fixQuantity: null,
        },
      ]),
    );
    expect(res.body.data.problems).toHaveLength(2);
    expect(await stock('p-few')).toBe(2);
    expect(await stock('p-gone')).toBe(0);
    expect(await stock(P.cola)).toBe(colaBefore);
    expect(await orderCount()).toBe(ordersBefore);
    expect((await ctx.db.selectFrom('sequences').select('value').executeTakeFirstOrThrow()).value).toBe(seqBefore);
    expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token })).body.data).toMatchObject({
      count: 3,
      problemCount: 2,
    });

    // One line left to fix: the singular message.
    await call(ctx.app, { method: 'DELETE', url: '/api/retailer/cart/items/p-gone', token });
    const one = await place();
    expect(one.body).toMatchObject({
      message: '1 item in your cart needs attention. Please fix the marked line.',
      data: { problems: [{ productId: 'p-few', code: 'INSUFFICIENT_STOCK' }] },
    });

    await ctx.db.updateTable('products').set({ allow_backorder: 1 }).where('id', '=', 'p-few').execute();
    expect((await place()).status).toBe(200);
    expect(await stock('p-few')).toBe(-1);
  });

  it('refuses lines that can no longer be ordered, and limits lowered after adding; the minimum comes after', async () => {
    await add(P.lime, 20);
    await add(P.energy, 4);
    await ctx.db.updateTable('products').set({ allow_to_order: 0 }).where('id', '=', P.lime).execute();
    await ctx.db.updateTable('products').set({ product_limit: 2 }).where('id', '=', P.energy).execute();
    await setCustomer(ctx.db, WORLD.customers.c10001, { min_order_cents: 1_000_000 });
    const res = await place();
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: '2 items in your cart need attention. Please fix the marked lines.',
      error: { code: 'CART_PROBLEMS' },
    });
    expect(res.body.data.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          productId: P.lime,
          code: 'NOT_ORDERABLE',
          message: 'No longer available to order.',
          fix: 'remove',
        }),
        expect.objectContaining({
          productId: P.energy,
          code: 'PRODUCT_LIMIT',
          message: 'Maximum 2 per order.',
          fix: 'reduce',
          fixQuantity: 2,
        }),
      ]),
    );
    await ctx.db.updateTable('products').set({ allow_to_order: 1 }).where('id', '=', P.lime).execute();
    await ctx.db.updateTable('products').set({ product_limit: 5 }).where('id', '=', P.energy).execute();
    const minimum = await place();
    expect(minimum.status).toBe(400);
    expect(minimum.body.error.code).toBe('MINIMUM_ORDER');
    await setCustomer(ctx.db, WORLD.customers.c10001, { min_order_cents: 5000 });
  });

  it('a minimum of null or 0 is not enforced; bad body fields are 400', async () => {
    await setCustomer(ctx.db, WORLD.customers.c10001, { min_order_cents: 0 });
    await add('p-1234', 1);
    expect((await place({ body: { requestedDeliveryDate: '12/01/2026' } })).status).toBe(400);
    expect((await place({ body: { poNumber: 'x'.repeat(51) } })).status).toBe(400);
    const res = await place();
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(12.34);
    await setCustomer(ctx.db, WORLD.customers.c10001, { min_order_cents: 5000 });
  });
});

describe('50 concurrent orders against limited stock', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    await insertProduct(ctx.db, {
      id: 'p-scarce',
      item_number: 'SCARCE-1',
      description: 'Limited Edition Soda',
      price1_cents: 6000,
      stock_on_hand: 20,
    });
    await insertProduct(ctx.db, {
      id: 'p-plenty',
      item_number: 'PLENTY-1',
      description: 'Plenty Water',
      price1_cents: 100,
      stock_on_hand: 1000,
    });
  });
  afterAll(() => ctx.close());

  it('exactly the stock is sold, every order is whole, numbers are distinct and consecutive', async () => {
    const stores = await createRetailers(ctx.db, 50);
    const tokens = await Promise.all(stores.map((s) => tokenFor(ctx, s.userId)));
    for (const t of tokens) {
      expect(
        (
          await call(ctx.app, {
            method: 'POST',
            url: '/api/retailer/cart/add',
            payload: { productId: 'p-plenty', quantity: 2 },
            token: t,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(ctx.app, {
            method: 'POST',
            url: '/api/retailer/cart/add',
            payload: { productId: 'p-scarce', quantity: 1 },
            token: t,
          })
        ).status,
      ).toBe(200);
    }
    const results = await Promise.all(
      tokens.map((t, i) =>
        call(ctx.app, {
          method: 'POST',
          url: '/api/retailer/placeOrder',
          payload: {},
          headers: { 'is-web-order': 'true', 'idempotency-key': `k-${i}` },
          token: t,
        }),
      ),
    );
    const placed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(placed).toHaveLength(20);
    expect(refused).toHaveLength(30);
    // Refused at the cart check or, having lost the race for the last units, at stock-taking: the same answer.
    for (const r of refused)
      expect(r.body).toEqual({
        success: false,
        message: '1 item in your cart needs attention. Please fix the marked line.',
        error: { code: 'CART_PROBLEMS' },
        data: {
          problems: [
            {
              productId: 'p-scarce',
              itemNumber: 'SCARCE-1',
              description: 'Limited Edition Soda',
              code: 'OUT_OF_STOCK',
              message: 'Out of stock.',
              fix: 'remove',
              fixQuantity: null,
            },
          ],
        },
      });

    const numbers = placed.map((r) => Number(r.body.data.orderNumber)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => 100001 + i));
    const products = await ctx.db.selectFrom('products').select(['id', 'stock_on_hand']).orderBy('id').execute();
    expect(products).toEqual([
      { id: 'p-plenty', stock_on_hand: 1000 - 40 },
      { id: 'p-scarce', stock_on_hand: 0 },
    ]);
    const orders = await ctx.db.selectFrom('orders').select(['id', 'order_number', 'total_cents']).execute();
    expect(orders).toHaveLength(20);
    const lines = await ctx.db.selectFrom('order_lines').select(['product_id', 'quantity']).execute();
    expect(lines).toHaveLength(40);
    expect(lines.filter((l) => l.product_id === 'p-scarce').reduce((n, l) => n + l.quantity, 0)).toBe(20);
    expect(orders.every((o) => o.total_cents === 6200)).toBe(true);
    expect((await ctx.db.selectFrom('sequences').select('value').executeTakeFirstOrThrow()).value).toBe(100020);
    expect(await ctx.db.selectFrom('receivable_entries').select('id').execute()).toHaveLength(20);
    // Refused stores keep their carts; placed ones are empty.
    expect(await ctx.db.selectFrom('cart_items').select('id').execute()).toHaveLength(60);
  });
});

describe('order history, details, ordered products, status and PDF', () => {
  let ctx: TestContext;
  let token: string;
  let other: string;
  const get = (url: string, t = token) => call(ctx.app, { method: 'GET', url, token: t });
  const add = (productId: string, quantity: number) =>
    call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId, quantity }, token });
  const place = async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      headers: { 'is-web-order': 'true' },
      token,
    });
    expect(res.status).toBe(200);
    return res.body.data.orderNumber as string;
  };
  const DAY = 86_400_000;
  const numbers: string[] = [];
  const dayOf: string[] = [];

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await setCustomer(ctx.db, WORLD.customers.c10001, { min_order_cents: null });
    token = await tokenFor(ctx, WORLD.users.retailer.id);
    other = await tokenFor(ctx, WORLD.users.retailer2.id);
    // Three orders on three days: cola ×2 + lime ×1; cola ×4; energy ×3 + cola ×1 (and again lime).
    await add(P.cola, 2);
    await add(P.lime, 1);
    numbers.push(await place());
    dayOf.push(new Date().toISOString().slice(0, 10));
    advanceClock(DAY);
    await add(P.cola, 4);
    numbers.push(await place());
    dayOf.push(new Date(Date.now() + DAY).toISOString().slice(0, 10));
    advanceClock(DAY);
    await add(P.energy, 3);
    await add(P.cola, 1);
    await add(P.lime, 2);
    numbers.push(await place());
    dayOf.push(new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10));
  });
  afterAll(async () => {
    resetClock();
    await ctx.close();
  });

  it('history: newest first, paged with total/page/limit, past the end empty', async () => {
    const all = await get('/api/retailer/orderHistory');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(all.body.data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([...numbers].reverse());
    expect(all.body.data.orders[2]).toMatchObject({
      status: 'placed',
      statusLabel: 'Order Placed',
      itemCount: 2,
      subtotal: 23,
      placedByRole: 'retailer',
      isWebOrder: true,
    });
    const p2 = await get('/api/retailer/orderHistory?page=2&limit=2');
    expect(p2.body.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(p2.body.data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([numbers[0]]);
    expect((await get('/api/retailer/orderHistory?page=3&limit=2')).body.data).toMatchObject({ total: 3, orders: [] });
    expect((await get('/api/retailer/orderHistory?limit=0')).status).toBe(400);
    expect((await get('/api/retailer/orderHistory?page=abc')).status).toBe(400);
  });

  it('history: date filters are inclusive days; a reversed range is 400', async () => {
    const only = async (q: string) =>
      (await get(`/api/retailer/orderHistory?${q}`)).body.data.orders.map((o: { orderNumber: string }) => o.orderNumber);
    expect(await only(`startDate=${dayOf[1]}&endDate=${dayOf[1]}`)).toEqual([numbers[1]]);
    expect(await only(`startDate=${dayOf[1]}`)).toEqual([numbers[2], numbers[1]]);
    expect(await only(`endDate=${dayOf[0]}`)).toEqual([numbers[0]]);
    const reversed = await get(`/api/retailer/orderHistory?startDate=${dayOf[2]}&endDate=${dayOf[0]}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('startDate must be on or before endDate');
    expect((await get('/api/retailer/orderHistory?startDate=2026-13-45')).status).toBe(400);
  });

  it('history: search by order number or product', async () => {
    const only = async (q: string) =>
      (await get(`/api/retailer/orderHistory?search=${encodeURIComponent(q)}`)).body.data.orders.map(
        (o: { orderNumber: string }) => o.orderNumber,
      );
    expect(await only(numbers[1]!)).toEqual([numbers[1]]);
    expect(await only('energy')).toEqual([numbers[2]]);
    expect(await only('LIME')).toEqual([numbers[2], numbers[0]]);
    expect(await only('098765432109')).toEqual([numbers[2], numbers[0]]);
    expect(await only('nothing')).toEqual([]);
  });

  it('order by number: the order and its lines, paged and searchable', async () => {
    const res = await get(`/api/retailer/orderHistoryByOrderNumber/${numbers[2]}?page=2&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.data.order).toMatchObject({ orderNumber: numbers[2], itemCount: 3 });
    expect(res.body.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(res.body.data.lines).toEqual([
      {
        lineNo: 3,
        productId: P.lime,
        itemNumber: 'BEV-200',
        description: 'Lime Sparkling Water',
        upc: '098765432109',
        pack: 1,
        uom: 'EA',
        quantity: 2,
        price: 3,
        taxRate: 8.25,
        tax: 0.5,
        crv: 0.1,
        subtotal: 6,
        lineTotal: 6.6,
        image: '/images/product-placeholder.svg',
      },
    ]);
    const searched = await get(`/api/retailer/orderHistoryByOrderNumber/${numbers[2]}?search=energy`);
    expect(searched.body.data.lines.map((l: { itemNumber: string }) => l.itemNumber)).toEqual(['BEV-300']);
    expect((await get('/api/retailer/orderHistoryByOrderNumber/999999')).status).toBe(404);
  });

  it('order history of one product', async () => {
    const res = await get('/api/retailer/orderHistoryByProductNumber/BEV-100');
    expect(res.status).toBe(200);
    expect(res.body.data.product).toEqual({ productId: P.cola, itemNumber: 'BEV-100', description: 'Cola Classic 12oz Can' });
    expect(
      res.body.data.orders.map((o: { orderNumber: string; quantity: number; price: number }) => [
        o.orderNumber,
        o.quantity,
        o.price,
      ]),
    ).toEqual([
      [numbers[2], 1, 10],
      [numbers[1], 4, 10],
      [numbers[0], 2, 10],
    ]);
    expect(res.body.data.total).toBe(3);
    expect((await get('/api/retailer/orderHistoryByProductNumber/012345678905')).body.data.total).toBe(3);
    expect((await get('/api/retailer/orderHistoryByProductNumber/SNK-100')).body.data).toMatchObject({ total: 0, orders: [] });
    expect((await get('/api/retailer/orderHistoryByProductNumber/NOPE-1')).status).toBe(404);
  });

  it('ordered products: distinct, last date and quantity, totals, paged and searchable', async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/retailer/orderedProducts', payload: {}, token });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.data.products.map((p: { productId: string }) => [p.productId, p]));
    expect(res.body.data.total).toBe(3);
    expect(byId[P.cola]).toMatchObject({
      itemNumber: 'BEV-100',
      lastOrderNumber: numbers[2],
      lastQuantity: 1,
      totalQuantity: 7,
      orderCount: 3,
      price: 10,
      allowToOrder: true,
    });
    expect(byId[P.lime]).toMatchObject({ lastQuantity: 2, totalQuantity: 3, orderCount: 2, price: 3 });
    expect(byId[P.energy]).toMatchObject({ lastQuantity: 3, totalQuantity: 3, orderCount: 1 });
    const searched = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/orderedProducts',
      payload: { search: 'bev-3' },
      token,
    });
    expect(searched.body.data.products.map((p: { productId: string }) => p.productId)).toEqual([P.energy]);
    const paged = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/orderedProducts',
      payload: { page: 2, limit: 2 },
      token,
    });
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.body.data.products).toHaveLength(1);
    expect(
      (await call(ctx.app, { method: 'POST', url: '/api/retailer/orderedProducts', payload: {}, token: other })).body.data.total,
    ).toBe(0);
  });

  it('delivery status timeline, through to cancelled', async () => {
    const first = await get(`/api/retailer/orderDeliveryStatus/${numbers[0]}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ orderNumber: numbers[0], status: 'placed', statusLabel: 'Order Placed' });
    expect(first.body.data.timeline.map((s: { status: string; reached: boolean }) => [s.status, s.reached])).toEqual([
      ['placed', true],
      ['confirmed', false],
      ['picking', false],
      ['out_for_delivery', false],
      ['delivered', false],
    ]);
    expect(first.body.data.timeline[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const order = await ctx.db
      .selectFrom('orders')
      .select('id')
      .where('order_number', '=', numbers[0]!)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('order_status_history')
      .values([
        {
          id: 'h1',
          order_id: order.id,
          status: 'confirmed',
          note: null,
          created_by_user_id: null,
          created_at: '2099-01-01T10:00:00.000Z',
        },
        {
          id: 'h2',
          order_id: order.id,
          status: 'cancelled',
          note: null,
          created_by_user_id: null,
          created_at: '2099-01-01T11:00:00.000Z',
        },
      ])
      .execute();
    await ctx.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', order.id).execute();
    const cancelled = await get(`/api/retailer/orderDeliveryStatus/${numbers[0]}`);
    expect(cancelled.body.data.timeline.map((s: { status: string; at: string | null }) => [s.status, s.at])).toEqual([
      ['placed', first.body.data.timeline[0].at],
      ['confirmed', '2099-01-01T10:00:00.000Z'],
      ['cancelled', '2099-01-01T11:00:00.000Z'],
    ]);
  });

  it('PDF: a real PDF with the order number; hasPrice=false shows no prices', async () => {
    const res = await get(`/api/retailer/orderPdf?orderNumber=${numbers[2]}&hasPrice=true`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.raw.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(`Order # ${numbers[2]}`);
    expect(text).toContain('INVOICE');
    expect(text).toContain('Golden State Wholesale Distributors, Inc.');
    expect(text).toContain('Corner Mart #1 (Customer # 10001)');
    expect(text).toContain('Route 101');
    expect(text).toContain('012345678905');
    expect(text).toContain('$10.00'); // cola price
    expect(text).toContain('Delivery charge');

    const pick = await get(`/api/retailer/orderPdf?orderNumber=${numbers[2]}&hasPrice=false`);
    expect(pick.status).toBe(200);
    const pickText = pdfText(pick.raw.rawPayload);
    expect(pickText).toContain(`Order # ${numbers[2]}`);
    expect(pickText).toContain('PICK COPY');
    expect(pickText).toContain('Energy Drink Original');
    expect(pickText).not.toContain('$');
    expect(pickText).not.toMatch(/\d+\.\d\d/);
    expect(pickText).not.toContain('Subtotal');

    expect((await get(`/api/retailer/orderPdf?orderNumber=${numbers[2]}&hasPrice=maybe`)).status).toBe(400);
    expect((await get('/api/retailer/orderPdf')).status).toBe(400);
  });

  it("another customer's order answers 404, never its data", async () => {
    for (const url of [
      `/api/retailer/orderHistoryByOrderNumber/${numbers[1]}`,
      `/api/retailer/orderDeliveryStatus/${numbers[1]}`,
      `/api/retailer/orderPdf?orderNumber=${numbers[1]}`,
    ]) {
      const res = await get(url, other);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Order not found', error: { code: 'NOT_FOUND' } });
    }
    expect((await get('/api/retailer/orderHistory', other)).body.data).toMatchObject({ total: 0, orders: [] });
    expect((await get('/api/retailer/orderHistoryByProductNumber/BEV-100', other)).body.data.total).toBe(0);
  });
});
