// Sales orders over HTTP: the rep places the customer's order (placed_by_role sales), it shows in
// the retailer's own history, and history, details, product history, status and PDF are bound to
// the rep's working customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';

const C1 = WORLD.customers.c10001;
const C2 = WORLD.customers.c10002;
const C3 = WORLD.customers.c10003;

describe('sales orders for a chosen customer', () => {
  let ctx: TestContext;
  let rep: string;
  let retailer: string;
  let orderNumber: string;
  const as1 = { 'x-customer-id': C1, 'x-customer-number': '10001' };
  const send = (
    method: 'GET' | 'POST',
    url: string,
    opts: { payload?: object; headers?: Record<string, string>; token?: string } = {},
  ) => call(ctx.app, { method, url, token: opts.token ?? rep, payload: opts.payload, headers: opts.headers ?? as1 });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    rep = await tokenFor(ctx, WORLD.users.sales.id);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    expect((await send('POST', `/api/sales/setSalesSession/${C1}`, { headers: {} })).status).toBe(200);
  });
  afterAll(() => ctx.close());

  it('placeOrder refuses an empty cart and a cart under the minimum, with the spec messages', async () => {
    const empty = await send('POST', `/api/sales/placeOrder/${C1}`, { headers: { ...as1, 'is-web-order': 'true' }, payload: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Your cart is empty. Please add items before proceeding.');
    await send('POST', `/api/sales/addToCart/${C1}`, { payload: { productId: P.trailMix, quantity: 1 } });
    const small = await send('POST', `/api/sales/placeOrder/${C1}`, { headers: { ...as1, 'is-web-order': 'true' }, payload: {} });
    expect(small.status).toBe(400);
    expect(small.body.message).toBe(
      'Minimum order amount is $50.00. Your current total is $6.00. Please add more items to meet the minimum requirement.',
    );
  });

  it('the rep places the order: recorded as placed by the rep, once per Idempotency-Key, and the rep’s cart is emptied', async () => {
    // crackers are orderable by the rep (not by the retailer)
    await send('POST', `/api/sales/addToCart/${C1}`, { payload: { productId: P.trailMix, quantity: 9 } });
    await send('POST', `/api/sales/addToCart/${C1}`, { payload: { productId: P.crackers, quantity: 1 } });
    const headers = { ...as1, 'is-web-order': 'true', 'idempotency-key': 'rep-order-1' };
    const placed = await send('POST', `/api/sales/placeOrder/${C1}`, {
      headers,
      payload: { poNumber: 'PO-77', notes: 'Leave at the back door' },
    });
    expect(placed.status).toBe(200);
    expect(placed.body.message).toBe('Order placed successfully');
    expect(placed.body.data).toMatchObject({
      orderNumber: '100001',
      status: 'placed',
      itemCount: 2,
      totalQuantity: 11,
      subtotal: 61.99,
      replayed: false,
    });
    orderNumber = placed.body.data.orderNumber;

    const row = await ctx.db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      customer_id: C1,
      placed_by_user_id: WORLD.users.sales.id,
      placed_by_role: 'sales',
      is_web_order: 1,
      po_number: 'PO-77',
    });

    const again = await send('POST', `/api/sales/placeOrder/${C1}`, { headers, payload: {} });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ orderNumber, replayed: true });
    expect((await send('GET', `/api/sales/cartItem/${C1}`)).body.data.count).toBe(0);
  });

  it('the order placed by the rep appears in the retailer’s own history', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/retailer/orderHistory', token: retailer });
    expect(res.status).toBe(200);
    expect(res.body.data.orders).toHaveLength(1);
    expect(res.body.data.orders[0]).toMatchObject({
      orderNumber,
      placedByRole: 'sales',
      isWebOrder: true,
      poNumber: 'PO-77',
      total: 61.99,
    });
    // and the retailer of 10002 does not see it
    const other = await call(ctx.app, {
      method: 'GET',
      url: '/api/retailer/orderHistory',
      token: await tokenFor(ctx, WORLD.users.retailer2.id),
    });
    expect(other.body.data.orders).toEqual([]);
  });

  it('GET /sales/orderHistory/{customerId} with page, pageSize, dates and search', async () => {
    const res = await send('GET', `/api/sales/orderHistory/${C1}?page=1&pageSize=5`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 1, page: 1, limit: 5 });
    expect(res.body.data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([orderNumber]);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await send('GET', `/api/sales/orderHistory/${C1}?startDate=${today}&endDate=${today}&search=${orderNumber}`)).body.data
        .total,
    ).toBe(1);
    expect((await send('GET', `/api/sales/orderHistory/${C1}?endDate=2020-01-01`)).body.data.total).toBe(0);
    const bad = await send('GET', `/api/sales/orderHistory/${C1}?pageSize=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('pageSize must be 1 or more');
    expect((await send('GET', `/api/sales/orderHistory/${C1}`, { headers: {} })).body.message).toBe('Customer ID not found');
  });

  it('order details, product history, delivery status and PDF of the customer’s order', async () => {
    const detail = await send('GET', `/api/sales/orderHistoryByOrderNumber/${orderNumber}?page=1&limit=1`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ order: { orderNumber, placedByRole: 'sales' }, total: 2, page: 1, limit: 1 });
    expect(detail.body.data.lines).toHaveLength(1);

    const product = await send('GET', `/api/sales/orderHistoryByProductNumber?productNumber=SNK-300&customerId=${C1}`);
    expect(product.status).toBe(200);
    expect(product.body.data.product).toEqual({ productId: P.trailMix, itemNumber: 'SNK-300', description: 'Trail Mix Deluxe' });
    expect(product.body.data.orders.map((o: { orderNumber: string; quantity: number }) => [o.orderNumber, o.quantity])).toEqual([
      [orderNumber, 10],
    ]);
    const mismatch = await send('GET', `/api/sales/orderHistoryByProductNumber?productNumber=SNK-300&customerId=${C2}`);
    expect(mismatch.status).toBe(400);
    expect((await send('GET', '/api/sales/orderHistoryByProductNumber?customerId=x')).status).toBe(400);

    const status = await send('GET', `/api/sales/orderDeliveryStatus/${orderNumber}`);
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ orderNumber, status: 'placed', statusLabel: 'Order Placed' });

    const pdf = await call(ctx.app, {
      method: 'GET',
      url: `/api/sales/orderPdf/${C1}?orderNumber=${orderNumber}&hasPrice=true`,
      token: rep,
      headers: as1,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfOther = await call(ctx.app, {
      method: 'GET',
      url: `/api/sales/orderPdf/${C3}?orderNumber=${orderNumber}`,
      token: rep,
      headers: { 'x-customer-id': C3 },
    });
    expect(pdfOther.status).toBe(403);
  });

  it('POST /sales/orderedProducts/{customerId} lists what the customer ordered, with the rep’s flags', async () => {
    const res = await send('POST', `/api/sales/orderedProducts/${C1}`, { payload: { page: 1, limit: 10 } });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.products.map((p: { productId: string }) => [p.productId, p]));
    expect(res.body.data.total).toBe(2);
    // crackers: orderable for the rep even though the retailer may not order them
    expect(byId.get(P.crackers)).toMatchObject({ lastOrderNumber: orderNumber, totalQuantity: 1, allowToOrder: true });
    expect(byId.get(P.trailMix)).toMatchObject({ totalQuantity: 10, price: 6 });
    const mine = await call(ctx.app, { method: 'POST', url: '/api/retailer/orderedProducts', token: retailer, payload: {} });
    expect(mine.body.data.products.find((p: { productId: string }) => p.productId === P.crackers)).toMatchObject({
      allowToOrder: false,
    });
  });

  it('GET /sales/accountReceivable/{customerId}: the customer’s balance with the invoice of the rep’s order', async () => {
    const res = await send('GET', `/api/sales/accountReceivable/${C1}?page=1&limit=5`);
    expect(res.status).toBe(200);
    // the base world's opening balance of $1,250.50 plus the $61.99 invoice
    expect(res.body.data).toMatchObject({ balance: 1312.49, openingBalance: 1250.5, total: 1, page: 1, limit: 5 });
    expect(res.body.data.entries[0]).toMatchObject({ kind: 'invoice', orderNumber, amount: 61.99, runningBalance: 1312.49 });
    const mine = await call(ctx.app, { method: 'GET', url: '/api/retailer/accountReceivable', token: retailer });
    expect(mine.body.data.balance).toBe(1312.49);
    const foreign = await send('GET', `/api/sales/accountReceivable/${C3}`, { headers: { 'x-customer-id': C3 } });
    expect(foreign.status).toBe(403);
  });

  it('the rep reads and writes the order’s notes thread with the office; the store sees the rep’s note', async () => {
    const added = await send('POST', `/api/sales/orderNotes/${orderNumber}`, { payload: { text: 'Back door, please' } });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Note added');
    const thread = await send('GET', `/api/sales/orderNotes/${orderNumber}`);
    expect(thread.status).toBe(200);
    expect(thread.body.data.notes).toEqual([
      expect.objectContaining({
        text: 'Back door, please',
        author: expect.objectContaining({ side: 'store', name: 'Maria Lopez' }),
      }),
    ]);
    const store = await call(ctx.app, { method: 'GET', url: `/api/retailer/orderNotes/${orderNumber}`, token: retailer });
    expect(store.body.data.notes.map((n: { text: string }) => n.text)).toEqual(['Back door, please']);
    const empty = await send('POST', `/api/sales/orderNotes/${orderNumber}`, { payload: { text: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Note is required');
    const foreign = await send('GET', `/api/sales/orderNotes/${orderNumber}`, { headers: { 'x-customer-id': C3 } });
    expect(foreign.status).toBe(403);
  });

  it('another customer’s order number is not found under this customer; after switching, the old one is a 409', async () => {
    await send('POST', `/api/sales/setSalesSession/${C2}`, { headers: {} });
    const as2 = { 'x-customer-id': C2, 'x-customer-number': '10002' };
    const notHis = await send('GET', `/api/sales/orderHistoryByOrderNumber/${orderNumber}`, { headers: as2 });
    expect(notHis.status).toBe(404);
    expect(notHis.body.message).toBe('Order not found');
    expect((await send('GET', `/api/sales/orderDeliveryStatus/${orderNumber}`, { headers: as2 })).status).toBe(404);
    const stale = await send('GET', `/api/sales/orderDeliveryStatus/${orderNumber}`);
    expect(stale.status).toBe(409);
    expect(stale.body.data).toEqual({ currentCustomerId: C2, currentCustomerNumber: '10002' });
    const placeStale = await send('POST', `/api/sales/placeOrder/${C1}`, {
      headers: { ...as1, 'is-web-order': 'true' },
      payload: {},
    });
    expect(placeStale.status).toBe(409);
  });

  it('another rep cannot read or order for this rep’s customer', async () => {
    const rep2 = await tokenFor(ctx, WORLD.users.sales2.id);
    await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C3}`, token: rep2 });
    for (const [method, url] of [
      ['GET', `/api/sales/orderHistory/${C1}`],
      ['GET', `/api/sales/orderHistoryByOrderNumber/${orderNumber}`],
      ['GET', `/api/sales/orderDeliveryStatus/${orderNumber}`],
      ['POST', `/api/sales/placeOrder/${C1}`],
    ] as const) {
      const res = await send(method, url, { token: rep2, payload: method === 'POST' ? {} : undefined });
      expect(res.status, url).toBe(403);
    }
  });
});
