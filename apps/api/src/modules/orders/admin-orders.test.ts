// The office's order queue over HTTP: each filter returns exactly the expected orders with an exact
// total; another distributor's orders never show; saved views are the user's own and their counts are
// exact; status moves follow canMove, one at a time (409) or in bulk (a result per order and a
// summary); a move shows in the retailer's and the rep's delivery status, is in the history with who
// made it and in the audit log; a cancellation returns the stock and credits the invoice; one PDF of
// many orders; the Orders permission (view reads, edit moves).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';

const C = WORLD.customers;

describe('admin order queue: /api/admin/orders', () => {
  let ctx: TestContext;
  let admin: string;
  let admin2: string;
  let viewOnly: string;
  let retailer: string;
  let rep: string;
  /** Order numbers placed through the retailer API (newest last). */
  const placed: { id: string; number: string }[] = [];

  const get = (url: string, token = admin) => call(ctx.app, { method: 'GET', url, token });
  const post = (url: string, payload: object, token = admin) => call(ctx.app, { method: 'POST', url, payload, token });
  const numbers = (res: { body: { data: { items: { orderNumber: string }[] } } }) =>
    res.body.data.items.map((o) => o.orderNumber);

  async function placeOrder(token: string, quantity: number, requestedDeliveryDate?: string) {
    expect(
      (await call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId: P.cola, quantity }, token }))
        .status,
    ).toBe(200);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: requestedDeliveryDate ? { requestedDeliveryDate } : {},
      headers: { 'is-web-order': 'true' },
      token,
    });
    expect(res.status).toBe(200);
    return { id: String(res.body.data.orderId), number: String(res.body.data.orderNumber) };
  }

  /** An order written straight to the table, for the filters: one line of the lime. */
  async function insertOrder(o: {
    id: string;
    number: string;
    customerId: string;
    status: 'placed' | 'confirmed' | 'picking' | 'out_for_delivery' | 'delivered' | 'cancelled';
    createdAt: string;
    delivery?: string;
    totalCents: number;
    role?: 'retailer' | 'sales' | 'distributor';
    userId?: string;
    distributorId?: string;
    productId?: string;
  }) {
    await ctx.db
      .insertInto('orders')
      .values({
        id: o.id,
        order_number: o.number,
        distributor_id: o.distributorId ?? WORLD.distributorId,
        customer_id: o.customerId,
        placed_by_user_id: o.userId ?? WORLD.users.retailer.id,
        placed_by_role: o.role ?? 'retailer',
        status: o.status,
        notes: null,
        po_number: null,
        requested_delivery_date: o.delivery ?? null,
        subtotal_cents: o.totalCents,
        tax_cents: 0,
        crv_cents: 0,
        delivery_charge_cents: 0,
        total_cents: o.totalCents,
        item_count: 1,
        is_web_order: 1,
        idempotency_key: null,
        created_at: o.createdAt,
        updated_at: o.createdAt,
      })
      .execute();
    await ctx.db
      .insertInto('order_lines')
      .values({
        id: `${o.id}-l1`,
        order_id: o.id,
        line_no: 1,
        product_id: o.productId ?? P.lime,
        item_number: 'BEV-200',
        description: 'Lime',
        upc: null,
        pack: 1,
        uom: 'EA',
        quantity: 1,
        unit_price_cents: o.totalCents,
        tax_rate_bp: 0,
        tax_cents: 0,
        crv_cents: 0,
        line_total_cents: o.totalCents,
      })
      .execute();
  }

  beforeAll(async () => {
    ctx = await createCatalogContext();
    for (const id of [C.c10001, C.c10002, C.c10003]) await setCustomer(ctx.db, id, { min_order_cents: null });
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    admin2 = await tokenFor(ctx, await addDistributorUser(ctx.db, 'orders-admin-2', { Orders: { view: true, edit: true } }));
    viewOnly = await tokenFor(ctx, await addDistributorUser(ctx.db, 'orders-viewer', { Orders: { view: true } }));
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    rep = await tokenFor(ctx, WORLD.users.sales.id);
    // Old orders for the filters (2026-01), then three placed today through the API (the newest).
    await insertOrder({
      id: 'o-a',
      number: '900001',
      customerId: C.c10001,
      status: 'delivered',
      createdAt: '2026-01-05T10:00:00.000Z',
      delivery: '2026-01-07',
      totalCents: 5_000,
    });
    await insertOrder({
      id: 'o-b',
      number: '900002',
      customerId: C.c10002,
      status: 'picking',
      createdAt: '2026-01-06T10:00:00.000Z',
      delivery: '2026-01-08',
      totalCents: 20_000,
      role: 'sales',
      userId: WORLD.users.sales.id,
    });
    await insertOrder({
      id: 'o-c',
      number: '900003',
      customerId: C.c10003,
      status: 'cancelled',
      createdAt: '2026-01-07T10:00:00.000Z',
      totalCents: 80_000,
    });
    await insertOrder({
      id: 'o-d',
      number: '900004',
      customerId: C.c10003,
      status: 'confirmed',
      createdAt: '2026-01-08T23:59:00.000Z',
      delivery: '2026-01-09',
      totalCents: 12_345,
    });
    // Another distributor's store and order: never shown.
    await addDistributor(ctx.db, 'dist-other');
    const c1 = await ctx.db.selectFrom('customers').selectAll().where('id', '=', C.c10001).executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('customers')
      .values({ ...c1, id: 'cust-other', distributor_id: 'dist-other', c_number: '77001' })
      .execute();
    // An order holds its own distributor's products (the catalogue it was placed or edited from).
    const lime = await ctx.db.selectFrom('products').selectAll().where('id', '=', P.lime).executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('products')
      .values({ ...lime, id: 'prod-other', distributor_id: 'dist-other' })
      .execute();
    await insertOrder({
      id: 'o-x',
      number: '900009',
      customerId: 'cust-other',
      status: 'placed',
      createdAt: '2026-01-06T10:00:00.000Z',
      totalCents: 5_000,
      distributorId: 'dist-other',
      productId: 'prod-other',
    });
    for (let i = 0; i < 3; i++) placed.push(await placeOrder(retailer, 6, '2026-12-01'));
  });
  afterAll(() => ctx.close());

  it('lists every order of the distributor, newest first, with the store, who placed it and an exact total', async () => {
    const res = await get('/api/admin/orders');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(7);
    expect(numbers(res)).toEqual([
      placed[2]!.number,
      placed[1]!.number,
      placed[0]!.number,
      '900004',
      '900003',
      '900002',
      '900001',
    ]);
    expect(res.body.data.items.find((o: { orderNumber: string }) => o.orderNumber === '900002')).toEqual({
      id: 'o-b',
      orderNumber: '900002',
      store: { id: C.c10002, C_Number: '10002', name: 'Sunrise Liquor & Deli', route: '101' },
      placedBy: { role: 'sales', name: 'Maria Lopez' },
      status: 'picking',
      statusLabel: 'Picking',
      createdAt: '2026-01-06T10:00:00.000Z',
      deliveryDate: '2026-01-08',
      late: false,
      itemCount: 1,
      totalCents: 20_000,
    });
    const paged = await get('/api/admin/orders?page=2&limit=3&sort=total&dir=asc');
    expect(paged.body.data).toMatchObject({ total: 7, page: 2, limit: 3 });
    expect(paged.body.data.items.map((o: { totalCents: number }) => o.totalCents)).toEqual([6_230, 12_345, 20_000]);
  });

  it('filters on each field, alone, with exact totals', async () => {
    const cases: [string, string[]][] = [
      ['status=picking,confirmed', ['900004', '900002']],
      ['status=picking&status=delivered', ['900002', '900001']],
      ['createdFrom=2026-01-06&createdTo=2026-01-08', ['900004', '900003', '900002']],
      ['deliveryFrom=2026-01-08&deliveryTo=2026-01-09', ['900004', '900002']],
      ['route=202', ['900004', '900003']],
      ['orderDay=5', ['900002']],
      ['salesRepId=rep-2', ['900004', '900003']],
      ['placedBy=sales', ['900002']],
      [`customerId=${C.c10003}`, ['900004', '900003']],
      ['amountMinCents=12345&amountMaxCents=80000', ['900004', '900003', '900002']],
      ['search=900003', ['900003']],
      ['search=harbor', ['900004', '900003']],
      ['search=10002', ['900002']],
      ['search=bev-200', ['900004', '900003', '900002', '900001']],
      ['search=lime&status=delivered', ['900001']],
      ['search=nothing-like-this', []],
    ];
    for (const [query, expected] of cases) {
      const res = await get(`/api/admin/orders?${query}`);
      expect([query, res.status, numbers(res), res.body.data.total]).toEqual([query, 200, expected, expected.length]);
    }
    const today = await get(`/api/admin/orders?search=cola&deliveryFrom=2026-12-01`);
    expect(numbers(today)).toEqual([placed[2]!.number, placed[1]!.number, placed[0]!.number]);
  });

  it('finds orders by an item renamed a moment ago, and by an item no longer sold', async () => {
    const withLime = numbers(await get('/api/admin/orders?search=lime'));
    expect(withLime.length).toBeGreaterThan(0);
    expect(numbers(await get('/api/admin/orders?search=zebra'))).toEqual([]);
    const lime = (await get(`/api/admin/products/${P.lime}`)).body.data;
    const renamed = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/products/${P.lime}`,
      payload: { itemNumber: lime.itemNumber, description: 'Zebra Key Lime Soda', price1Cents: 333 },
      token: admin,
    });
    expect(renamed.status).toBe(200);
    expect(numbers(await get('/api/admin/orders?search=zebra'))).toEqual(withLime);
    expect(numbers(await get('/api/admin/orders?search=ZEBRA%20KEY'))).toEqual(withLime);
    expect((await post(`/api/admin/products/${P.lime}/deactivate`, {})).status).toBe(200);
    expect(numbers(await get('/api/admin/orders?search=zebra'))).toEqual(withLime);
  });

  it('offers the sales reps and routes of the distributor as filter choices', async () => {
    const res = await get('/api/admin/orders/filter-choices', viewOnly);
    expect(res.status).toBe(200);
    expect(res.body.data.routes).toEqual(['101', '202']);
    expect(res.body.data.salesReps.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['rep-1', 'rep-2']));
  });

  it('refuses bad filters with a message naming the field', async () => {
    const cases: [string, string][] = [
      [
        'status=shipped',
        'status must be one or more of: on_hold, placed, confirmed, picking, out_for_delivery, delivered, cancelled',
      ],
      ['createdFrom=2026-02-01&createdTo=2026-01-01', 'createdFrom must be on or before createdTo'],
      ['deliveryFrom=yesterday', 'deliveryFrom: Enter a valid date (YYYY-MM-DD)'],
      ['amountMinCents=500&amountMaxCents=100', 'amountMinCents must not be more than amountMaxCents'],
      ['placedBy=robot', 'placedBy must be one of: retailer, sales, distributor'],
      ['sort=colour', 'sort must be one of: createdAt, orderNumber, deliveryDate, store, route, status, items, total'],
      ['limit=101', 'limit must be 100 or less'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/admin/orders?${query}`);
      expect([query, res.status, res.body.success, res.body.message]).toEqual([query, 400, false, message]);
    }
  });

  it('saved views: per user, with exact counts; rename, duplicate names and delete', async () => {
    const created = await post('/api/admin/orders/views', {
      name: 'Route 202 open',
      filters: { route: '202', status: ['placed', 'confirmed', 'picking'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('View saved');
    expect(created.body.data).toMatchObject({
      name: 'Route 202 open',
      filters: { route: '202', status: ['placed', 'confirmed', 'picking'] },
    });
    const viewId = created.body.data.id as string;
    const other = await post('/api/admin/orders/views', { name: 'Delivered', filters: { status: ['delivered'] } });
    expect(other.status).toBe(201);

    const dup = await post('/api/admin/orders/views', { name: 'Delivered', filters: {} });
    expect([dup.status, dup.body.message]).toEqual([409, 'You already have a view named Delivered']);
    const bad = await post('/api/admin/orders/views', { name: ' ', filters: { status: ['nope'] } });
    expect(bad.status).toBe(400);

    const counts = await get('/api/admin/orders/views/counts');
    expect(counts.body.data).toEqual({
      all: 7,
      views: [
        { id: viewId, count: 1 },
        { id: other.body.data.id, count: 1 },
      ],
    });

    // Another staff user sees none of them and cannot change them.
    expect((await get('/api/admin/orders/views', admin2)).body.data).toEqual({ views: [] });
    expect((await get('/api/admin/orders/views/counts', admin2)).body.data).toEqual({ all: 7, views: [] });
    const foreign = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/orders/views/${viewId}`,
      payload: { name: 'Mine', filters: {} },
      token: admin2,
    });
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Saved view not found']);
    expect((await call(ctx.app, { method: 'DELETE', url: `/api/admin/orders/views/${viewId}`, token: admin2 })).status).toBe(404);
    // The same name is fine for another user.
    expect((await post('/api/admin/orders/views', { name: 'Delivered', filters: {} }, admin2)).status).toBe(201);

    const renamed = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/orders/views/${viewId}`,
      payload: { name: 'Route 202', filters: { route: '202' } },
      token: admin,
    });
    expect([renamed.status, renamed.body.message, renamed.body.data.name, renamed.body.data.filters]).toEqual([
      200,
      'View updated',
      'Route 202',
      { route: '202' },
    ]);
    expect((await get('/api/admin/orders/views/counts')).body.data.views[0]).toEqual({ id: viewId, count: 2 });

    const deleted = await call(ctx.app, { method: 'DELETE', url: `/api/admin/orders/views/${viewId}`, token: admin });
    expect([deleted.status, deleted.body.message]).toEqual([200, 'View deleted']);
    expect((await get('/api/admin/orders/views')).body.data.views.map((v: { name: string }) => v.name)).toEqual(['Delivered']);
  });

  it('moves one order: the store and the rep see it in the delivery status, with who and when in the history and audit log', async () => {
    const order = placed[0]!;
    const res = await post(`/api/admin/orders/${order.id}/status`, { status: 'confirmed', note: 'Checked stock' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Order ${order.number} moved to Confirmed`);
    expect(res.body.data.order).toMatchObject({ id: order.id, status: 'confirmed', statusLabel: 'Confirmed' });

    const status = await get(`/api/retailer/orderDeliveryStatus/${order.number}`, retailer);
    expect(status.body.data).toMatchObject({ status: 'confirmed', statusLabel: 'Confirmed' });
    const confirmed = status.body.data.timeline.find((s: { status: string }) => s.status === 'confirmed');
    expect(confirmed).toMatchObject({ reached: true, current: true });
    expect(confirmed.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C.c10001}`, token: rep })).status).toBe(200);
    const repStatus = await call(ctx.app, {
      method: 'GET',
      url: `/api/sales/orderDeliveryStatus/${order.number}`,
      token: rep,
      headers: { 'x-customer-id': C.c10001 },
    });
    expect(repStatus.body.data).toMatchObject({ status: 'confirmed' });

    const history = await ctx.db
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('created_at')
      .execute();
    expect(history.map((h) => [h.status, h.created_by_user_id, h.note])).toEqual([
      ['placed', WORLD.users.retailer.id, null],
      ['confirmed', WORLD.users.admin.id, 'Checked stock'],
    ]);
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('entity_id', '=', order.id).execute();
    expect(audit.map((a) => [a.entity_type, a.action, a.actor_user_id])).toEqual([
      ['order', 'status:confirmed', WORLD.users.admin.id],
    ]);

    const back = await post(`/api/admin/orders/${order.id}/status`, { status: 'placed' });
    expect([back.status, back.body.message]).toEqual([
      400,
      'status must be one of: confirmed, picking, out_for_delivery, delivered, cancelled',
    ]);
    const refused = await post('/api/admin/orders/o-a/status', { status: 'cancelled' });
    expect([refused.status, refused.body.message]).toEqual([409, 'Order 900001 was not moved: already delivered']);
    const foreign = await post('/api/admin/orders/o-x/status', { status: 'confirmed' });
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Order not found']);
  });

  it('bulk moves: a result per order, illegal moves refused, and a summary', async () => {
    const ids = [placed[1]!.id, placed[2]!.id, 'o-d', 'o-a', 'o-c', 'o-x', 'no-such-order'];
    const res = await post('/api/admin/orders/bulk/status', { orderIds: ids, status: 'out_for_delivery' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('3 moved, 4 refused: 1 already delivered, 1 already cancelled, 2 not found');
    expect(res.body.data.summary).toBe(res.body.message);
    expect(res.body.data).toMatchObject({ moved: 3, refused: 4 });
    expect(
      res.body.data.results.map((r: { orderId: string; outcome: string; status: string | null; reason: string | null }) => [
        r.orderId,
        r.outcome,
        r.status,
        r.reason,
      ]),
    ).toEqual([
      [placed[1]!.id, 'moved', 'out_for_delivery', null],
      [placed[2]!.id, 'moved', 'out_for_delivery', null],
      ['o-d', 'moved', 'out_for_delivery', null],
      ['o-a', 'refused', 'delivered', 'already delivered'],
      ['o-c', 'refused', 'cancelled', 'already cancelled'],
      ['o-x', 'refused', null, 'not found'],
      ['no-such-order', 'refused', null, 'not found'],
    ]);
    const again = await post('/api/admin/orders/bulk/status', { orderIds: [placed[1]!.id, 'o-d'], status: 'cancelled' });
    expect(again.body.message).toBe('0 moved, 2 refused: already out for delivery');
    expect((await get(`/api/retailer/orderDeliveryStatus/${placed[1]!.number}`, retailer)).body.data.status).toBe(
      'out_for_delivery',
    );

    const tooMany = await post('/api/admin/orders/bulk/status', {
      orderIds: Array.from({ length: 501 }, (_, i) => `id-${i}`),
      status: 'confirmed',
    });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, 'Choose at most 500 orders at a time']);
    const none = await post('/api/admin/orders/bulk/status', { orderIds: [], status: 'confirmed' });
    expect([none.status, none.body.message]).toEqual([400, 'Choose at least one order']);
  });

  it('cancelling returns every line’s stock and credits the invoice, in the same transaction', async () => {
    const stock = async () =>
      Number(
        (await ctx.db.selectFrom('products').select('stock_on_hand').where('id', '=', P.cola).executeTakeFirstOrThrow())
          .stock_on_hand,
      );
    const balance = async () =>
      Number(
        (await ctx.db.selectFrom('customers').select('balance_cents').where('id', '=', C.c10001).executeTakeFirstOrThrow())
          .balance_cents,
      );
    const before = await stock();
    const balanceBefore = await balance();
    const order = await placeOrder(retailer, 4);
    expect(await stock()).toBe(before - 4);
    const total = Number(
      (await ctx.db.selectFrom('orders').select('total_cents').where('id', '=', order.id).executeTakeFirstOrThrow()).total_cents,
    );
    expect(await balance()).toBe(balanceBefore + total);

    const res = await post('/api/admin/orders/bulk/status', { orderIds: [order.id], status: 'cancelled' });
    expect(res.body.message).toBe('1 moved');
    expect(await stock()).toBe(before);
    expect(await balance()).toBe(balanceBefore);
    const credit = await ctx.db
      .selectFrom('receivable_entries')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('kind', '=', 'credit')
      .execute();
    expect(credit.map((c) => [Number(c.amount_cents), c.reference])).toEqual([[-total, order.number]]);
    const status = await get(`/api/retailer/orderDeliveryStatus/${order.number}`, retailer);
    expect(status.body.data).toMatchObject({ status: 'cancelled', statusLabel: 'Cancelled' });
  });

  it('prints many orders as one PDF (export), and refuses an order of another distributor', async () => {
    const printer = await tokenFor(
      ctx,
      await addDistributorUser(ctx.db, 'orders-printer', { Orders: { view: true, export: true } }),
    );
    const viewing = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/orders/bulk/pdf',
      payload: { orderIds: ['o-a'], hasPrice: false },
      token: viewOnly,
    });
    expect([viewing.status, viewing.body.message]).toEqual([403, 'You do not have export permission for Orders']);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/orders/bulk/pdf',
      payload: { orderIds: ['o-a', 'o-b', 'o-d'], hasPrice: false },
      token: printer,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = res.raw.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)?.length).toBe(3);
    const foreign = await post('/api/admin/orders/bulk/pdf', { orderIds: ['o-a', 'o-x'], hasPrice: true });
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Order not found']);
  });

  it('the Orders permission: view reads, edit moves', async () => {
    expect((await get('/api/admin/orders', viewOnly)).status).toBe(200);
    const move = await post('/api/admin/orders/bulk/status', { orderIds: ['o-d'], status: 'delivered' }, viewOnly);
    expect([move.status, move.body.message]).toEqual([403, 'You do not have edit permission for Orders']);
    const save = await post('/api/admin/orders/views', { name: 'Mine', filters: {} }, viewOnly);
    expect(save.status).toBe(403);
    const none = await tokenFor(ctx, await addDistributorUser(ctx.db, 'orders-none', { Retailers: { view: true } }));
    expect((await get('/api/admin/orders', none)).status).toBe(403);
  });
});
