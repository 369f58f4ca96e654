// The office's order details and edit before picking (issue 15 §4) over HTTP: details and totals, an
// edit that re-totals (as ordered and re-priced) and moves stock, refusals that change nothing, the
// revision on the PDF, the store seeing the change, and the notes thread from both sides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, insertProduct, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';
import { pdfText } from '../../../test/fixtures/pdf-text.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';

const A = 'ed-a'; // $4.00, tax 10 %, CRV 5¢
const B = 'ed-b'; // $2.50, no tax
const C = 'ed-c'; // $1.00, 3 in stock

describe('order details and edit before picking', () => {
  let ctx: TestContext;
  let retailer: string;
  let otherRetailer: string;
  let admin: string;
  let orderId: string;
  let orderNumber: string;

  const stock = async (id: string) =>
    (await ctx.db.selectFrom('products').select('stock_on_hand').where('id', '=', id).executeTakeFirstOrThrow()).stock_on_hand;
  const stocks = async () => [await stock(A), await stock(B), await stock(C)];
  const balance = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('customers')
          .select('balance_cents')
          .where('id', '=', WORLD.customers.c10001)
          .executeTakeFirstOrThrow()
      ).balance_cents,
    );
  const get = (url: string, token = admin) => call(ctx.app, { method: 'GET', url, token });
  const edit = (payload: object, id = orderId) =>
    call(ctx.app, { method: 'PUT', url: `/api/admin/orders/${id}/lines`, payload, token: admin });
  const lineSummary = (lines: { itemNumber: string; quantity: number; price: number; lineTotal: number }[]) =>
    lines.map((l) => [l.itemNumber, l.quantity, l.price, l.lineTotal]);

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await setCustomer(ctx.db, WORLD.customers.c10001, { min_order_cents: null });
    await insertProduct(ctx.db, {
      id: A,
      item_number: 'ED-A',
      description: 'Edit Apples',
      price1_cents: 400,
      tax_rate_bp: 1000,
      crv_cents: 5,
      stock_on_hand: 20,
    });
    await insertProduct(ctx.db, { id: B, item_number: 'ED-B', description: 'Edit Beans', price1_cents: 250, stock_on_hand: 10 });
    await insertProduct(ctx.db, { id: C, item_number: 'ED-C', description: 'Edit Corn', price1_cents: 100, stock_on_hand: 3 });
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    const other = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', WORLD.users.retailer.id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('users')
      .values({ ...other, id: 'user-other', email: 'other@demo.test', phone: '15550108888', customer_id: WORLD.customers.c10003 })
      .execute();
    otherRetailer = await tokenFor(ctx, 'user-other');
    for (const [productId, quantity] of [
      [A, 2],
      [B, 4],
    ] as const)
      expect(
        (
          await call(ctx.app, {
            method: 'POST',
            url: '/api/retailer/cart/add',
            payload: { productId, quantity },
            token: retailer,
          })
        ).status,
      ).toBe(200);
    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: { notes: 'Back door please' },
      headers: { 'is-web-order': 'true' },
      token: retailer,
    });
    expect(placed.status).toBe(200);
    orderId = placed.body.data.orderId;
    orderNumber = placed.body.data.orderNumber;
  });
  afterAll(() => ctx.close());

  it('shows the order with store, lines, tax, CRV, totals, revision and status history', async () => {
    const res = await get(`/api/admin/orders/${orderId}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: orderId,
      orderNumber,
      status: 'placed',
      statusLabel: 'Order Placed',
      revision: 0,
      editable: true,
      orderNote: 'Back door please',
      store: { cNumber: '10001', name: 'Corner Mart #1', route: '101' },
      placedBy: { role: 'retailer' },
      totals: { lines: 2, quantity: 6, subtotal: 18, tax: 0.8, crv: 0.1, deliveryCharge: 0, total: 18.9 },
      noteThread: [],
    });
    expect(lineSummary(d.lines)).toEqual([
      ['ED-A', 2, 4, 8.9],
      ['ED-B', 4, 2.5, 10],
    ]);
    expect(d.lines[0]).toMatchObject({ taxRate: 10, tax: 0.8, crv: 0.1, subtotal: 8 });
    expect(d.history).toHaveLength(1);
    expect(d.history[0]).toMatchObject({ status: 'placed', statusLabel: 'Order Placed', note: null });
    expect(d.history[0].by).toEqual(expect.any(String));
    expect(d.timeline.map((s: { status: string; reached: boolean }) => [s.status, s.reached])).toEqual([
      ['placed', true],
      ['confirmed', false],
      ['picking', false],
      ['out_for_delivery', false],
      ['delivered', false],
    ]);
  });

  it('offers products to add, searched in the store’s catalogue, at its price with the stock on hand', async () => {
    const res = await get(`/api/admin/orders/${orderId}/product-choices?search=edit%20corn`);
    expect(res.status).toBe(200);
    expect(res.body.data.products[0]).toMatchObject({
      productId: C,
      itemNumber: 'ED-C',
      description: 'Edit Corn',
      price: 1,
      stock: 3,
    });
  });

  it("another distributor's staff get 404 for this order; a view-only role reads but may not edit or write", async () => {
    await addDistributor(ctx.db, 'dist-other');
    const outsider = await tokenFor(ctx, await addDistributorUser(ctx.db, 'outsider', { Orders: ALL }, 'dist-other'));
    for (const url of [
      `/api/admin/orders/${orderId}`,
      `/api/admin/orders/${orderId}/notes`,
      `/api/admin/orders/${orderId}/audit`,
    ]) {
      const res = await get(url, outsider);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Order not found');
    }
    const foreignEdit = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/orders/${orderId}/lines`,
      payload: { lines: [{ productId: A, quantity: 9 }] },
      token: outsider,
    });
    expect(foreignEdit.status).toBe(404);
    const viewer = await tokenFor(ctx, await addDistributorUser(ctx.db, 'viewer', { Orders: { view: true } }));
    expect((await get(`/api/admin/orders/${orderId}`, viewer)).status).toBe(200);
    const refused = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/orders/${orderId}/lines`,
      payload: { lines: [{ productId: A, quantity: 9 }] },
      token: viewer,
    });
    expect(refused.status).toBe(403);
    const note = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/notes`,
      payload: { text: 'Hi' },
      token: viewer,
    });
    expect(note.status).toBe(403);
    expect(await stocks()).toEqual([18, 6, 3]);
  });

  it('an unknown order id answers 404 Order not found', async () => {
    for (const url of ['/api/admin/orders/nope', '/api/admin/orders/nope/notes', '/api/admin/orders/nope/pdf']) {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Order not found', error: { code: 'NOT_FOUND' } });
    }
    expect((await edit({ lines: [{ productId: A, quantity: 1 }] }, 'nope')).status).toBe(404);
  });

  it('edits as ordered: changed quantity keeps its price, a 0 removes, an added line takes today’s price; stock and account follow', async () => {
    // The price of apples rises after the order: the order keeps $4.00.
    await ctx.db
      .updateTable('products')
      .set({ price1_cents: 500, price2_cents: 500, price3_cents: 500, price4_cents: 500, price5_cents: 500 })
      .where('id', '=', A)
      .execute();
    const before = await balance();
    expect(await stocks()).toEqual([18, 6, 3]);
    const res = await edit({
      lines: [
        { productId: A, quantity: 5 },
        { productId: B, quantity: 0 },
        { productId: C, quantity: 2 },
      ],
      pricing: 'as_ordered',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Order updated');
    const d = res.body.data;
    expect(d.revision).toBe(1);
    expect(lineSummary(d.lines)).toEqual([
      ['ED-A', 5, 4, 22.25],
      ['ED-C', 2, 1, 2],
    ]);
    expect(d.totals).toEqual({ lines: 2, quantity: 7, subtotal: 22, tax: 2, crv: 0.25, deliveryCharge: 0, total: 24.25 });
    expect(await stocks()).toEqual([15, 10, 1]);
    expect((await balance()) - before).toBe(535);
    const entry = await ctx.db
      .selectFrom('receivable_entries')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', 'adjustment')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ amount_cents: 535, reference: orderNumber, note: `Order ${orderNumber} revision 1` });
  });

  it('the store sees the new lines, totals and revision in its order history and details', async () => {
    const history = await get('/api/retailer/orderHistory', retailer);
    expect(history.body.data.orders[0]).toMatchObject({ orderNumber, total: 24.25, itemCount: 2, revision: 1 });
    const details = await get(`/api/retailer/orderHistoryByOrderNumber/${orderNumber}`, retailer);
    expect(details.body.data.order).toMatchObject({ total: 24.25, revision: 1 });
    expect(details.body.data.lines.map((l: { itemNumber: string; quantity: number }) => [l.itemNumber, l.quantity])).toEqual([
      ['ED-A', 5],
      ['ED-C', 2],
    ]);
  });

  it('re-prices every line at today’s prices when chosen', async () => {
    const res = await edit({
      lines: [
        { productId: A, quantity: 5 },
        { productId: C, quantity: 2 },
      ],
      pricing: 'current',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.revision).toBe(2);
    expect(lineSummary(res.body.data.lines)).toEqual([
      ['ED-A', 5, 5, 27.75],
      ['ED-C', 2, 1, 2],
    ]);
    expect(res.body.data.totals).toMatchObject({ subtotal: 27, tax: 2.5, crv: 0.25, total: 29.75 });
    expect(await stocks()).toEqual([15, 10, 1]);
  });

  it('refuses a change that would take stock below zero, naming the product, and changes nothing', async () => {
    const before = (await get(`/api/admin/orders/${orderId}`)).body.data;
    const balanceBefore = await balance();
    // Apples go down (stock would come back) while corn needs 3 more with 1 left: all rolled back.
    const res = await edit({
      lines: [
        { productId: A, quantity: 1 },
        { productId: C, quantity: 5 },
      ],
      pricing: 'as_ordered',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Only 1 more of Edit Corn (ED-C) in stock; this change needs 3.',
      error: { code: 'INSUFFICIENT_STOCK' },
      data: { problems: [{ productId: C, itemNumber: 'ED-C', description: 'Edit Corn', needed: 3, available: 1 }] },
    });
    expect(await stocks()).toEqual([15, 10, 1]);
    expect(await balance()).toBe(balanceBefore);
    const after = (await get(`/api/admin/orders/${orderId}`)).body.data;
    expect(after.lines).toEqual(before.lines);
    expect(after.totals).toEqual(before.totals);
    expect(after.revision).toBe(2);
  });

  it('refuses bad edits with clear messages', async () => {
    const empty = await edit({ lines: [{ productId: A, quantity: 0 }] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('An order needs at least one line. To drop every line, cancel the order instead.');
    const dup = await edit({
      lines: [
        { productId: A, quantity: 1 },
        { productId: A, quantity: 2 },
      ],
    });
    expect(dup.body.message).toBe('Each product may appear only once.');
    const unknown = await edit({ lines: [{ productId: 'p-none', quantity: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Product p-none was not found.');
    const same = await edit({
      lines: [
        { productId: A, quantity: 5 },
        { productId: C, quantity: 2 },
      ],
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('Nothing to save: the lines and prices are the same.');
    const negative = await edit({ lines: [{ productId: A, quantity: -1 }] });
    expect(negative.status).toBe(400);
    const pricing = await edit({ lines: [{ productId: A, quantity: 1 }], pricing: 'cheapest' });
    expect(pricing.status).toBe(400);
    expect(pricing.body.message).toContain('pricing must be as_ordered or current');
  });

  it('records each edit in the order’s History with the lines and totals before and after; a refusal records nothing', async () => {
    const res = await get(`/api/admin/orders/${orderId}/audit`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    const [repriced, first] = res.body.data.items;
    expect(repriced).toMatchObject({ action: 'edited (re-priced)', actor: { name: 'Dana Whitfield' } });
    expect(first.action).toBe('edited');
    const change = (field: string) => first.changes.find((c: { field: string }) => c.field === field);
    expect(change('Edit Apples (ED-A)')).toEqual({
      field: 'Edit Apples (ED-A)',
      before: '2 × $4.00 = $8.90',
      after: '5 × $4.00 = $22.25',
    });
    expect(change('Edit Beans (ED-B)')).toEqual({ field: 'Edit Beans (ED-B)', before: '4 × $2.50 = $10.00', after: null });
    expect(change('Edit Corn (ED-C)')).toEqual({ field: 'Edit Corn (ED-C)', before: null, after: '2 × $1.00 = $2.00' });
    expect(change('totalCents')).toEqual({ field: 'totalCents', before: 1890, after: 2425 });
    expect(change('revision')).toEqual({ field: 'revision', before: 0, after: 1 });
    expect(repriced.changes.find((c: { field: string }) => c.field === 'Edit Apples (ED-A)')).toMatchObject({
      before: '5 × $4.00 = $22.25',
      after: '5 × $5.00 = $27.75',
    });
    expect((await get('/api/admin/orders/nope/audit')).status).toBe(404);
  });

  it('shows "Revision N" on the PDF of the office and of the store', async () => {
    const office = await get(`/api/admin/orders/${orderId}/pdf?hasPrice=true`);
    expect(office.status).toBe(200);
    expect(office.headers['content-type']).toBe('application/pdf');
    const text = pdfText(office.raw.rawPayload);
    expect(text).toContain(`Order # ${orderNumber}`);
    expect(text).toContain('Revision 2');
    expect(text).toContain('INVOICE');
    const pick = pdfText((await get(`/api/admin/orders/${orderId}/pdf?hasPrice=false`)).raw.rawPayload);
    expect(pick).toContain('PICK COPY');
    expect(pick).toContain('Revision 2');
    expect(pick).not.toContain('$');
    const store = pdfText((await get(`/api/retailer/orderPdf?orderNumber=${orderNumber}`, retailer)).raw.rawPayload);
    expect(store).toContain('Revision 2');
    expect((await get(`/api/admin/orders/${orderId}/pdf?hasPrice=maybe`)).status).toBe(400);
  });

  it('notes: staff and store read one thread; another store cannot; text is limited', async () => {
    const staff = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/notes`,
      payload: { text: 'Apples were short, we added corn.' },
      token: admin,
    });
    expect(staff.status).toBe(201);
    expect(staff.body.message).toBe('Note added');
    const seen = await get(`/api/retailer/orderNotes/${orderNumber}`, retailer);
    expect(seen.status).toBe(200);
    expect(seen.body.data.notes).toEqual([
      {
        id: expect.any(String),
        text: 'Apples were short, we added corn.',
        author: { name: 'Dana Whitfield', side: 'staff' },
        createdAt: expect.any(String),
      },
    ]);
    const reply = await call(ctx.app, {
      method: 'POST',
      url: `/api/retailer/orderNotes/${orderNumber}`,
      payload: { text: '  Thanks, corn is fine.  ' },
      token: retailer,
    });
    expect(reply.status).toBe(201);
    const thread = (await get(`/api/admin/orders/${orderId}/notes`)).body.data.notes;
    expect(thread.map((n: { text: string; author: { side: string } }) => [n.author.side, n.text])).toEqual([
      ['staff', 'Apples were short, we added corn.'],
      ['store', 'Thanks, corn is fine.'],
    ]);
    expect((await get(`/api/admin/orders/${orderId}`)).body.data.noteThread).toHaveLength(2);

    const foreign = await get(`/api/retailer/orderNotes/${orderNumber}`, otherRetailer);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Order not found');
    const foreignPost = await call(ctx.app, {
      method: 'POST',
      url: `/api/retailer/orderNotes/${orderNumber}`,
      payload: { text: 'Hello' },
      token: otherRetailer,
    });
    expect(foreignPost.status).toBe(404);
    const long = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/notes`,
      payload: { text: 'x'.repeat(2001) },
      token: admin,
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('Note must be at most 2000 characters');
    const blank = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/notes`,
      payload: { text: '   ' },
      token: admin,
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Note is required');
  });

  it('refuses edits once picking has started, and after', async () => {
    for (const [status, words] of [
      ['picking', 'being picked'],
      ['out_for_delivery', 'out for delivery'],
      ['delivered', 'delivered'],
      ['cancelled', 'cancelled'],
    ] as const) {
      await ctx.db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();
      const res = await edit({ lines: [{ productId: A, quantity: 1 }] });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        message: `This order can no longer be edited: it is ${words}. Orders can be edited until picking starts.`,
        error: { code: 'ORDER_NOT_EDITABLE' },
      });
      expect((await get(`/api/admin/orders/${orderId}`)).body.data.editable).toBe(false);
    }
    expect(await stocks()).toEqual([15, 10, 1]);
    // Confirmed is still before picking.
    await ctx.db.updateTable('orders').set({ status: 'confirmed' }).where('id', '=', orderId).execute();
    const ok = await edit({
      lines: [
        { productId: A, quantity: 4 },
        { productId: C, quantity: 2 },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.revision).toBe(3);
    expect(await stocks()).toEqual([16, 10, 1]);
  });

  it("re-totals under the store's own terms: a tax-exempt store pays no tax, a flat delivery charge applies", async () => {
    await setCustomer(ctx.db, WORLD.customers.c10001, {
      is_tax_exempt: 1,
      delivery_charge_rule: 'flat',
      delivery_charge_cents: 750,
    });
    try {
      const res = await edit({
        lines: [
          { productId: A, quantity: 4 },
          { productId: C, quantity: 2 },
        ],
        pricing: 'current',
      });
      expect(res.status).toBe(200);
      const t = res.body.data.totals;
      expect([t.tax, t.deliveryCharge]).toEqual([0, 7.5]);
      expect(t.total).toBeCloseTo(t.subtotal + t.crv + 7.5, 2);
      expect(res.body.data.lines.map((l: { tax: number }) => l.tax)).toEqual([0, 0]);
    } finally {
      await setCustomer(ctx.db, WORLD.customers.c10001, {
        is_tax_exempt: 0,
        delivery_charge_rule: 'standard',
        delivery_charge_cents: null,
      });
    }
  });
});

describe('edits racing for the last units', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await setCustomer(ctx.db, WORLD.customers.c10001, { min_order_cents: null });
    await insertProduct(ctx.db, {
      id: 'race-x',
      item_number: 'RACE-X',
      description: 'Race Xylitol Gum',
      price1_cents: 100,
      stock_on_hand: 12,
    });
  });
  afterAll(() => ctx.close());

  it('six edits asking for the 6 units left: the stock ends at 0, never below, and the refused ones change nothing', async () => {
    const retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    const admin = await tokenFor(ctx, WORLD.users.admin.id);
    const orders: string[] = [];
    for (let i = 0; i < 6; i++) {
      await call(ctx.app, {
        method: 'POST',
        url: '/api/retailer/cart/add',
        payload: { productId: 'race-x', quantity: 1 },
        token: retailer,
      });
      const placed = await call(ctx.app, {
        method: 'POST',
        url: '/api/retailer/placeOrder',
        payload: {},
        headers: { 'is-web-order': 'true' },
        token: retailer,
      });
      orders.push(placed.body.data.orderId);
    }
    // 6 left; each edit asks for 3 more (1 → 4): exactly two can have them.
    const results = await Promise.all(
      orders.map((id) =>
        call(ctx.app, {
          method: 'PUT',
          url: `/api/admin/orders/${id}/lines`,
          payload: { lines: [{ productId: 'race-x', quantity: 4 }] },
          token: admin,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.message).toBe('Race Xylitol Gum (RACE-X) is out of stock; this change needs 3 more.');
    const stock = await ctx.db
      .selectFrom('products')
      .select('stock_on_hand')
      .where('id', '=', 'race-x')
      .executeTakeFirstOrThrow();
    expect(stock.stock_on_hand).toBe(0);
    const lines = await ctx.db
      .selectFrom('order_lines')
      .select(['order_id', 'quantity'])
      .where('product_id', '=', 'race-x')
      .execute();
    expect(lines.map((l) => l.quantity).sort()).toEqual([1, 1, 1, 1, 4, 4]);
  });
});
