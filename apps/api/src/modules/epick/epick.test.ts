// E-pick over HTTP (issue 18 §3): the settings (defaults, save, refusals), the pick list of a delivery
// day in the order the settings give (grouped by route in reverse stop order and sorted by location, or
// by order), its PDF and its CSV (BOM, formula-safe cells), and short picks that lower the order, credit
// the store's account, are audited and tell the store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { CAT, createCatalogContext, insertProduct, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';
import { pdfText } from '../../../test/fixtures/pdf-text.ts';
import { addDistributor, addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';

const DAY = '2026-12-01';
const C = WORLD.customers;

describe('e-pick settings and pick lists', () => {
  let ctx: TestContext;
  let admin: string;
  let ordersOnly: string;
  let epickOnly: string;
  const get = (url: string, token = admin) => call(ctx.app, { method: 'GET', url, token });
  const post = (url: string, payload: object, token = admin) => call(ctx.app, { method: 'POST', url, payload, token });
  const put = (url: string, payload: object, token = admin) => call(ctx.app, { method: 'PUT', url, payload, token });

  let seq = 0;
  async function insertOrder(o: {
    id: string;
    customerId: string;
    status: 'placed' | 'confirmed' | 'picking' | 'delivered';
    delivery: string | null;
    lines: [productId: string, itemNumber: string, description: string, quantity: number, unitCents: number][];
    distributorId?: string;
  }) {
    const total = o.lines.reduce((s, l) => s + l[3] * l[4], 0);
    const at = new Date(Date.UTC(2026, 10, 20, 8, ++seq)).toISOString();
    await ctx.db
      .insertInto('orders')
      .values({
        id: o.id,
        order_number: String(500000 + seq),
        distributor_id: o.distributorId ?? WORLD.distributorId,
        customer_id: o.customerId,
        placed_by_user_id: WORLD.users.retailer.id,
        placed_by_role: 'retailer',
        status: o.status,
        notes: null,
        po_number: null,
        requested_delivery_date: o.delivery,
        subtotal_cents: total,
        tax_cents: 0,
        crv_cents: 0,
        delivery_charge_cents: 0,
        total_cents: total,
        item_count: o.lines.length,
        is_web_order: 1,
        idempotency_key: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await ctx.db
      .insertInto('order_lines')
      .values(
        o.lines.map(([productId, itemNumber, description, quantity, unit], i) => ({
          id: `${o.id}-l${i + 1}`,
          order_id: o.id,
          line_no: i + 1,
          product_id: productId,
          item_number: itemNumber,
          description,
          upc: null,
          pack: 6,
          uom: 'CS',
          quantity,
          unit_price_cents: unit,
          tax_rate_bp: 0,
          tax_cents: 0,
          crv_cents: 0,
          line_total_cents: quantity * unit,
        })),
      )
      .execute();
    return String(500000 + seq);
  }
  const number = (id: string) =>
    ctx.db.selectFrom('orders').select('order_number').where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await createCatalogContext();
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    ordersOnly = await tokenFor(ctx, await addDistributorUser(ctx.db, 'epick-orders', { Orders: { view: true } }));
    epickOnly = await tokenFor(
      ctx,
      await addDistributorUser(ctx.db, 'epick-only', { 'E-Pick Settings': { view: true, edit: true } }),
    );
    await insertProduct(ctx.db, {
      id: 'pk-x',
      item_number: 'PK-10',
      description: 'Pick Crisps',
      category_id: CAT.snacks,
      location: 'B-2',
    });
    await insertProduct(ctx.db, {
      id: 'pk-y',
      item_number: 'PK-2',
      description: 'Pick Water',
      category_id: CAT.beverages,
      location: 'A-10',
    });
    await insertProduct(ctx.db, { id: 'pk-z', item_number: 'PK-1', description: '=HYPERLINK("http://x")', location: null });
    for (const [id, route, stop] of [
      [C.c10001, '101', '2'],
      [C.c10002, '101', '10'],
      [C.c10003, '102', '1'],
    ] as const)
      await ctx.db.updateTable('customers').set({ route_number: route, stop_number: stop }).where('id', '=', id).execute();
    await ctx.db.updateTable('customers').set({ company_name: '@Evil Store' }).where('id', '=', C.c10002).execute();
    await insertOrder({
      id: 'pk-o1',
      customerId: C.c10001,
      status: 'confirmed',
      delivery: DAY,
      lines: [
        ['pk-x', 'PK-10', 'Pick Crisps', 2, 300],
        ['pk-y', 'PK-2', 'Pick Water', 1, 100],
      ],
    });
    await insertOrder({
      id: 'pk-o2',
      customerId: C.c10002,
      status: 'confirmed',
      delivery: DAY,
      lines: [
        ['pk-x', 'PK-10', 'Pick Crisps', 3, 300],
        ['pk-z', 'PK-1', '=HYPERLINK("http://x")', 4, 50],
      ],
    });
    await insertOrder({
      id: 'pk-o3',
      customerId: C.c10003,
      status: 'picking',
      delivery: DAY,
      lines: [['pk-y', 'PK-2', 'Pick Water', 5, 100]],
    });
    // Not on the list: still placed, another day, delivered, another distributor's.
    await insertOrder({
      id: 'pk-o4',
      customerId: C.c10001,
      status: 'placed',
      delivery: DAY,
      lines: [['pk-y', 'PK-2', 'Pick Water', 9, 100]],
    });
    await insertOrder({
      id: 'pk-o5',
      customerId: C.c10001,
      status: 'confirmed',
      delivery: '2026-12-02',
      lines: [['pk-y', 'PK-2', 'Pick Water', 9, 100]],
    });
    await insertOrder({
      id: 'pk-o6',
      customerId: C.c10001,
      status: 'delivered',
      delivery: DAY,
      lines: [['pk-y', 'PK-2', 'Pick Water', 9, 100]],
    });
    await addDistributor(ctx.db, 'dist-other');
    await insertOrder({
      id: 'pk-o7',
      customerId: C.c10001,
      status: 'confirmed',
      delivery: DAY,
      distributorId: 'dist-other',
      lines: [['pk-y', 'PK-2', 'Pick Water', 9, 100]],
    });
  });
  afterAll(() => ctx.close());

  it('answers the default settings, saves new ones (audited) and refuses bad values by name', async () => {
    const first = await get('/api/admin/epick/settings', epickOnly);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ groupBy: 'route', sortBy: 'location', loadOrder: 'reverse_stop', printPrices: false });

    const bad = await put('/api/admin/epick/settings', {
      groupBy: 'truck',
      sortBy: 'location',
      loadOrder: 'stop',
      printPrices: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.error.fields).toMatchObject({
      groupBy: 'groupBy must be one of: route, order',
      printPrices: 'printPrices must be true or false',
    });

    const saved = await put(
      '/api/admin/epick/settings',
      { groupBy: 'order', sortBy: 'itemNumber', loadOrder: 'stop', printPrices: true },
      epickOnly,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('E-pick settings saved');
    expect((await get('/api/admin/epick/settings')).body.data).toEqual({
      groupBy: 'order',
      sortBy: 'itemNumber',
      loadOrder: 'stop',
      printPrices: true,
    });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'changes_json'])
      .where('entity_type', '=', 'settings')
      .execute();
    expect(audit.map((a) => a.action)).toContain('e-pick settings updated');

    // Orders without E-Pick Settings may not change them.
    expect((await put('/api/admin/epick/settings', saved.body.data, ordersOnly)).status).toBe(403);
  });

  it('lists a day by route: routes in order, the last stop loaded first, lines summed and sorted by location', async () => {
    await put('/api/admin/epick/settings', {
      groupBy: 'route',
      sortBy: 'location',
      loadOrder: 'reverse_stop',
      printPrices: false,
    });
    const res = await post('/api/admin/epick/pick-list', { deliveryDate: DAY }, ordersOnly);
    expect(res.status).toBe(200);
    const list = res.body.data;
    expect(list).toMatchObject({ deliveryDate: DAY, orderCount: 3, totalQuantity: 15 });
    expect(list.sections.map((s: { title: string }) => s.title)).toEqual(['Route 101', 'Route 102']);
    const [r101] = list.sections;
    expect(r101.orders.map((o: { orderNumber: string; stop: string; loadPosition: number }) => [o.stop, o.loadPosition])).toEqual(
      [
        ['10', 1],
        ['2', 2],
      ],
    );
    expect(
      r101.lines.map((l: { itemNumber: string; location: string | null; quantity: number }) => [
        l.location,
        l.itemNumber,
        l.quantity,
      ]),
    ).toEqual([
      ['A-10', 'PK-2', 1],
      ['B-2', 'PK-10', 5],
      [null, 'PK-1', 4],
    ]);
    expect(r101.lines[0].unitPriceCents).toBeNull();
  });

  it('lists by order in stop order sorted by item number, with prices, when the settings say so', async () => {
    await put('/api/admin/epick/settings', { groupBy: 'order', sortBy: 'itemNumber', loadOrder: 'stop', printPrices: true });
    const list = (await post('/api/admin/epick/pick-list', { deliveryDate: DAY })).body.data;
    const o1 = (await number('pk-o1')).order_number;
    const o2 = (await number('pk-o2')).order_number;
    const o3 = (await number('pk-o3')).order_number;
    expect(list.sections.map((s: { orders: { orderNumber: string }[] }) => s.orders[0]!.orderNumber)).toEqual([o1, o2, o3]);
    expect(
      list.sections[1].lines.map((l: { itemNumber: string; unitPriceCents: number; lineTotalCents: number }) => [
        l.itemNumber,
        l.unitPriceCents,
        l.lineTotalCents,
      ]),
    ).toEqual([
      ['PK-1', 50, 200],
      ['PK-10', 300, 900],
    ]);
    expect(list.sections[1].title).toBe(`Order ${o2} · @Evil Store (10002)`);
  });

  it('prints the list as a PDF following the settings', async () => {
    await put('/api/admin/epick/settings', {
      groupBy: 'route',
      sortBy: 'location',
      loadOrder: 'reverse_stop',
      printPrices: false,
    });
    const res = await post('/api/admin/epick/pick-list/pdf', { deliveryDate: DAY });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pick-list-${DAY}.pdf"`);
    const text = pdfText(res.raw.rawPayload);
    for (const s of [
      `PICK LIST ${DAY}`,
      'Route 101',
      'Route 102',
      'Load order',
      'Pick Crisps',
      'A-10',
      'Sorted by aisle / location',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('$');
    // A read of the orders is not enough for a file that leaves the portal: export is needed.
    expect((await post('/api/admin/epick/pick-list/pdf', { deliveryDate: DAY }, ordersOnly)).status).toBe(403);
  });

  it('exports the list as CSV: UTF-8 with BOM, formula-like cells neutralised', async () => {
    const res = await post('/api/admin/epick/pick-list/csv', { deliveryDate: DAY });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const body = res.raw.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const rows = body.slice(1).trim().split('\r\n');
    expect(rows[0]).toBe(
      'Section,Route,Load position,Stop,Order,Store,C_Number,Location,Category,Item number,Description,UPC,Pack,UOM,Quantity',
    );
    expect(rows).toContain(`Route 101,101,1,10,${(await number('pk-o2')).order_number},'@Evil Store,10002,,,,,,,,`);
    expect(rows).toContain(`Route 101,101,,,,,,,,PK-1,"'=HYPERLINK(""http://x"")",,6,CS,4`);
    expect(body).not.toMatch(/(^|,)[=@]/m);
  });

  it('takes chosen orders instead of a day, and refuses files with nothing to pick', async () => {
    const chosen = await post('/api/admin/epick/pick-list', { orderIds: ['pk-o3', 'pk-o4', 'pk-o7', 'nope'] });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.orderCount).toBe(1);
    expect(chosen.body.data.deliveryDate).toBeNull();

    const empty = await post('/api/admin/epick/pick-list/pdf', { deliveryDate: '2027-01-05' });
    expect(empty.status).toBe(404);
    expect(empty.body.message).toBe('No confirmed or picking orders to deliver on 2027-01-05');
    expect((await post('/api/admin/epick/pick-list/csv', { orderIds: ['pk-o4'] })).body.message).toBe(
      'None of the chosen orders is confirmed or being picked',
    );
    for (const payload of [{}, { deliveryDate: '2026-02-30' }, { deliveryDate: DAY, orderIds: ['pk-o1'] }, { orderIds: 'x' }]) {
      const res = await post('/api/admin/epick/pick-list', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await post('/api/admin/epick/pick-list', {})).body.message).toContain('Choose a delivery day or orders');
    expect((await post('/api/admin/epick/pick-list', { deliveryDate: DAY }, epickOnly)).status).toBe(403);
  });
});

describe('short picks', () => {
  let ctx: TestContext;
  let admin: string;
  let retailer: string;
  let orderId: string;
  let orderNumber: string;
  const balance = async () =>
    Number(
      (await ctx.db.selectFrom('customers').select('balance_cents').where('id', '=', C.c10001).executeTakeFirstOrThrow())
        .balance_cents,
    );
  const short = (payload: object, id = orderId) =>
    call(ctx.app, { method: 'POST', url: `/api/admin/orders/${id}/short-picks`, payload, token: admin });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await setCustomer(ctx.db, C.c10001, { min_order_cents: null });
    await insertProduct(ctx.db, {
      id: 'sp-a',
      item_number: 'SP-A',
      description: 'Short Apples',
      price1_cents: 400,
      tax_rate_bp: 1000,
      crv_cents: 5,
      stock_on_hand: 20,
    });
    await insertProduct(ctx.db, {
      id: 'sp-b',
      item_number: 'SP-B',
      description: 'Short Beans',
      price1_cents: 250,
      stock_on_hand: 10,
    });
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    for (const [productId, quantity] of [
      ['sp-a', 5],
      ['sp-b', 4],
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
      payload: {},
      headers: { 'is-web-order': 'true' },
      token: retailer,
    });
    expect(placed.status).toBe(200);
    orderId = placed.body.data.orderId;
    orderNumber = placed.body.data.orderNumber;
  });
  afterAll(() => ctx.close());

  it('is refused until the order is being picked', async () => {
    const res = await short({ lines: [{ lineNo: 1, pickedQuantity: 3, reason: 'out_of_stock' }] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Short picks can be recorded only while the order is being picked.');
    const moved = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/status`,
      payload: { status: 'picking' },
      token: admin,
    });
    expect(moved.status).toBe(200);
  });

  it('refuses bad lines by name and changes nothing', async () => {
    const cases: [object, string][] = [
      [
        { lines: [{ lineNo: 1, pickedQuantity: 5, reason: 'damaged' }] },
        'Short Apples (SP-A): the picked quantity must be less than the 5 on the order.',
      ],
      [{ lines: [{ lineNo: 9, pickedQuantity: 0, reason: 'damaged' }] }, 'Line 9 is not on this order.'],
      [
        {
          lines: [
            { lineNo: 1, pickedQuantity: 0, reason: 'damaged' },
            { lineNo: 1, pickedQuantity: 1, reason: 'damaged' },
          ],
        },
        'Each line may appear only once.',
      ],
      [{ lines: [{ lineNo: 1, pickedQuantity: 1 }] }, 'Choose a reason'],
      [{ lines: [] }, 'Record at least one short line'],
    ];
    for (const [payload, message] of cases) {
      const res = await short(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await short({ lines: [{ lineNo: 1, pickedQuantity: 1, reason: 'damaged' }] }, 'no-such-order')).status).toBe(404);
  });

  it('lowers the line and the totals, credits the store, records the reason, audits and tells the store', async () => {
    const before = await balance();
    const stockBefore = (
      await ctx.db.selectFrom('products').select('stock_on_hand').where('id', '=', 'sp-a').executeTakeFirstOrThrow()
    ).stock_on_hand;
    // 5 × $4.00 + 10 % tax + 5¢ CRV = $22.25 → 2 picked: $8.90; beans 4 × $2.50 = $10.00 → 3: $7.50.
    const res = await short({
      lines: [
        { lineNo: 1, pickedQuantity: 2, reason: 'out_of_stock' },
        { lineNo: 2, pickedQuantity: 3, reason: 'damaged', note: 'Crushed case' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 short picks recorded');
    const d = res.body.data;
    expect(d.revision).toBe(1);
    expect(
      d.lines.map((l: { itemNumber: string; quantity: number; lineTotal: number }) => [l.itemNumber, l.quantity, l.lineTotal]),
    ).toEqual([
      ['SP-A', 2, 8.9],
      ['SP-B', 3, 7.5],
    ]);
    expect(d.totals).toMatchObject({ quantity: 5, subtotal: 15.5, tax: 0.8, crv: 0.1, total: 16.4 + d.totals.deliveryCharge });
    expect(await balance()).toBe(before - (2225 + 1000 - 1640));
    const entry = await ctx.db
      .selectFrom('receivable_entries')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', 'adjustment')
      .executeTakeFirstOrThrow();
    expect([Number(entry.amount_cents), entry.note]).toEqual([
      -(2225 + 1000 - 1640),
      `Order ${orderNumber} short pick (revision 1)`,
    ]);
    // The units were not on the shelf: stock stays as it was.
    expect(
      (await ctx.db.selectFrom('products').select('stock_on_hand').where('id', '=', 'sp-a').executeTakeFirstOrThrow())
        .stock_on_hand,
    ).toBe(stockBefore);

    const list = await call(ctx.app, { method: 'GET', url: `/api/admin/orders/${orderId}/short-picks`, token: admin });
    expect(
      list.body.data.shortPicks.map((s: Record<string, unknown>) => [
        s.itemNumber,
        s.orderedQuantity,
        s.pickedQuantity,
        s.reasonLabel,
        s.note,
      ]),
    ).toEqual([
      ['SP-A', 5, 2, 'Out of stock', null],
      ['SP-B', 4, 3, 'Damaged', 'Crushed case'],
    ]);

    const audit = await call(ctx.app, { method: 'GET', url: `/api/admin/orders/${orderId}/audit`, token: admin });
    expect(audit.body.data.items[0].action).toBe('short picked');

    const inbox = await call(ctx.app, { method: 'GET', url: '/api/retailer/notificationList', token: retailer });
    expect(inbox.status).toBe(200);
    const text = JSON.stringify(inbox.body.data);
    expect(text).toContain(`Order ${orderNumber}: 2 items short`);
    expect(text).toContain('Short Apples (SP-A): 2 of 5 (Out of stock); Short Beans (SP-B): 3 of 4 (Damaged). New total $');

    // The store's own view of the order shows the lowered total.
    const history = await call(ctx.app, {
      method: 'GET',
      url: `/api/retailer/orderHistoryByOrderNumber/${orderNumber}`,
      token: retailer,
    });
    expect(JSON.stringify(history.body)).toContain('16.4');
  });
});
