// GET /api/admin/reports/sales and sales.csv against hand-computed fixtures: a handful of orders on
// known local days (America/Los_Angeles), one cancelled and one outside the period; every grouping,
// sorting and paging, the CSV (BOM, formula-safe), the rules on the period and the Reports grants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import type { OrderTable } from '../../db/schema.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';

const D = WORLD.distributorId;
const C = WORLD.customers;
const URL = '/api/admin/reports/sales';
const CREATED = '2026-01-01T00:00:00.000Z';
// Monday 2026-06-15, 12:00 in Los Angeles (PDT, UTC−7).
const NOW = Date.parse('2026-06-15T19:00:00.000Z');
const PERIOD = 'from=2026-06-09&to=2026-06-15';

let seq = 0;
async function order(
  ctx: TestContext,
  o: { customer: string; at: string; status: OrderTable['status']; total: number; lines?: [string, number, number][] },
) {
  const id = `o-${++seq}`;
  await ctx.db
    .insertInto('orders')
    .values({
      id,
      order_number: String(900000 + seq),
      distributor_id: D,
      customer_id: o.customer,
      placed_by_user_id: WORLD.users.retailer.id,
      placed_by_role: 'retailer',
      status: o.status,
      notes: null,
      po_number: null,
      requested_delivery_date: null,
      subtotal_cents: o.total,
      tax_cents: 0,
      crv_cents: 0,
      delivery_charge_cents: 0,
      total_cents: o.total,
      item_count: o.lines?.length ?? 0,
      is_web_order: 1,
      idempotency_key: null,
      created_at: o.at,
      updated_at: o.at,
    })
    .execute();
  let n = 0;
  for (const [productId, quantity, total] of o.lines ?? []) {
    await ctx.db
      .insertInto('order_lines')
      .values({
        id: `${id}-${++n}`,
        order_id: id,
        line_no: n,
        product_id: productId,
        item_number: productId,
        description: productId,
        upc: null,
        pack: 1,
        uom: 'EA',
        quantity,
        unit_price_cents: Math.round(total / quantity),
        tax_rate_bp: 0,
        tax_cents: 0,
        crv_cents: 0,
        line_total_cents: total,
      })
      .execute();
  }
}

type Row = { key: string; name: string; code: string; orders: number | null; quantity: number; amountCents: number };
const brief = (rows: Row[]) => rows.map((r) => [r.name, r.code, r.orders, r.quantity, r.amountCents]);

describe('sales reports', () => {
  let ctx: TestContext;
  let admin: string;
  const get = (url: string, token = admin) => call(ctx.app, { method: 'GET', url, token });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await ctx.db
      .insertInto('settings')
      .values({ distributor_id: D, key: 'time_zone', value: JSON.stringify('America/Los_Angeles'), updated_at: CREATED })
      .execute();
    // A store name a spreadsheet would run as a formula.
    await ctx.db.updateTable('customers').set({ company_name: '=SUM(A1)' }).where('id', '=', C.c10003).execute();
    await order(ctx, {
      customer: C.c10002,
      at: '2026-06-09T07:30:00.000Z',
      status: 'delivered',
      total: 1000,
      lines: [[P.chips, 1, 1000]],
    });
    await order(ctx, {
      customer: C.c10001,
      at: '2026-06-10T06:30:00.000Z', // 06-09 23:30 local
      status: 'delivered',
      total: 10000,
      lines: [
        [P.cola, 2, 6000],
        [P.lime, 1, 4000],
      ],
    });
    await order(ctx, {
      customer: C.c10001,
      at: '2026-06-10T15:00:00.000Z',
      status: 'placed',
      total: 5000,
      lines: [[P.lime, 1, 5000]],
    });
    await order(ctx, {
      customer: C.c10002,
      at: '2026-06-10T16:00:00.000Z',
      status: 'cancelled',
      total: 7000,
      lines: [[P.chips, 10, 7000]],
    });
    await order(ctx, {
      customer: C.c10003,
      at: '2026-06-15T17:00:00.000Z',
      status: 'confirmed',
      total: 2500,
      lines: [[P.cola, 1, 2500]],
    });
    // 06-08 23:59 local: outside the period.
    await order(ctx, {
      customer: C.c10002,
      at: '2026-06-09T06:59:00.000Z',
      status: 'delivered',
      total: 4000,
      lines: [[P.cola, 1, 4000]],
    });
    resetClock();
    advanceClock(NOW - Date.now());
    admin = await tokenFor(ctx, WORLD.users.admin.id);
  });
  afterAll(async () => {
    resetClock();
    await ctx.close();
  });

  it('by day: every day of the period in order, cancelled and outside orders left out, order totals', async () => {
    const res = await get(`${URL}?by=day&${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Report fetched successfully');
    const d = res.body.data;
    expect([d.timeZone, d.today, d.period, d.amountBasis, d.total, d.sort, d.dir]).toEqual([
      'America/Los_Angeles',
      '2026-06-15',
      { from: '2026-06-09', to: '2026-06-15', days: 7 },
      'order',
      7,
      'name',
      'asc',
    ]);
    expect(d.totals).toEqual({ orders: 4, quantity: 6, amountCents: 18500 });
    expect(brief(d.items)).toEqual([
      ['2026-06-09', '', 2, 4, 11000],
      ['2026-06-10', '', 1, 1, 5000],
      ['2026-06-11', '', 0, 0, 0],
      ['2026-06-12', '', 0, 0, 0],
      ['2026-06-13', '', 0, 0, 0],
      ['2026-06-14', '', 0, 0, 0],
      ['2026-06-15', '', 1, 1, 2500],
    ]);
    expect(d.chart).toHaveLength(7);
  });

  it('by store, rep and route: order totals by the store and its current rep and route, largest first', async () => {
    const store = (await get(`${URL}?by=store&${PERIOD}`)).body.data;
    expect(brief(store.items)).toEqual([
      ['Corner Mart #1', '10001', 2, 4, 15000],
      ['=SUM(A1)', '10003', 1, 1, 2500],
      ['Sunrise Liquor & Deli', '10002', 1, 1, 1000],
    ]);
    expect(brief((await get(`${URL}?by=rep&${PERIOD}`)).body.data.items)).toEqual([
      ['Maria Lopez', 'SR01', 3, 5, 16000],
      ['James Carter', 'SR02', 1, 1, 2500],
    ]);
    expect(brief((await get(`${URL}?by=route&${PERIOD}`)).body.data.items)).toEqual([
      ['101', '', 3, 5, 16000],
      ['202', '', 1, 1, 2500],
    ]);
  });

  it('by product and category: line totals; a category has no order count', async () => {
    const product = (await get(`${URL}?by=product&${PERIOD}`)).body.data;
    expect(product.amountBasis).toBe('line');
    expect(brief(product.items)).toEqual([
      ['Lime Sparkling Water', 'BEV-200', 2, 2, 9000],
      ['Cola Classic 12oz Can', 'BEV-100', 2, 3, 8500],
      ['Potato Chips Sea Salt', 'SNK-100', 1, 1, 1000],
    ]);
    const category = (await get(`${URL}?by=category&${PERIOD}`)).body.data;
    expect(brief(category.items)).toEqual([
      ['Beverages', '', null, 5, 17500],
      ['Snacks', '', null, 1, 1000],
    ]);
    expect(category.totals).toEqual({ orders: null, quantity: 6, amountCents: 18500 });
  });

  it('sorts and pages on the server', async () => {
    const res = await get(`${URL}?by=product&${PERIOD}&sort=quantity&dir=desc&limit=1&page=2`);
    expect([res.body.data.total, res.body.data.page, res.body.data.limit]).toEqual([3, 2, 1]);
    expect(brief(res.body.data.items)).toEqual([['Lime Sparkling Water', 'BEV-200', 2, 2, 9000]]);
    const byName = await get(`${URL}?by=store&${PERIOD}&sort=name`);
    expect(byName.body.data.items.map((r: Row) => r.code)).toEqual(['10003', '10001', '10002']);
    // By product the database sorts and pages; the chart and the totals still cover every product.
    const products = (await get(`${URL}?by=product&${PERIOD}&sort=name&limit=2`)).body.data;
    expect(products.items.map((r: Row) => r.code)).toEqual(['BEV-100', 'BEV-200']);
    expect(products.chart.map((r: Row) => r.code)).toEqual(['BEV-200', 'BEV-100', 'SNK-100']);
    expect([products.total, products.totals]).toEqual([3, { orders: 5, quantity: 6, amountCents: 18500 }]);
    const lastByName = (await get(`${URL}?by=product&${PERIOD}&sort=name&dir=desc&limit=2&page=2`)).body.data;
    expect(lastByName.items.map((r: Row) => r.code)).toEqual(['BEV-100']);
  });

  it('exports every row as CSV: UTF-8 with BOM, CRLF, formula cells neutralised', async () => {
    const res = await get(`${URL}.csv?by=store&${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-by-store-2026-06-09-to-2026-06-15.csv"');
    expect(res.raw.body).toBe(
      '\uFEFFStore,C_Number,Orders,Quantity,Amount\r\n' +
        'Corner Mart #1,10001,2,4,150.00\r\n' +
        "'=SUM(A1),10003,1,1,25.00\r\n" +
        'Sunrise Liquor & Deli,10002,1,1,10.00\r\n',
    );
    const category = await get(`${URL}.csv?by=category&${PERIOD}`);
    expect(category.raw.body).toBe('\uFEFFCategory,Quantity,Amount\r\nBeverages,5,175.00\r\nSnacks,1,10.00\r\n');
    const product = await get(`${URL}.csv?by=product&${PERIOD}&sort=name&dir=desc`);
    expect(product.raw.body).toBe(
      '\uFEFFProduct,Item number,Orders,Quantity,Amount\r\n' +
        'Potato Chips Sea Salt,SNK-100,1,1,10.00\r\n' +
        'Lime Sparkling Water,BEV-200,2,2,90.00\r\n' +
        'Cola Classic 12oz Can,BEV-100,2,3,85.00\r\n',
    );
  });

  it('a period across months sums the month rows and the days at its ends as its days would', async () => {
    await order(ctx, {
      customer: C.c10001,
      at: '2026-06-01T19:00:00.000Z', // 06-01 local: in June, before the period
      status: 'delivered',
      total: 1500,
      lines: [[P.chips, 3, 1500]],
    });
    // Sold on 06-01 only: in June's month row and taken away with 06-01, so in no period that leaves 06-01 out.
    await order(ctx, {
      customer: C.c10002,
      at: '2026-06-01T20:00:00.000Z',
      status: 'delivered',
      total: 600,
      lines: [[P.energy, 2, 600]],
    });
    await order(ctx, {
      customer: C.c10003,
      at: '2026-07-03T19:00:00.000Z',
      status: 'delivered',
      total: 3000,
      lines: [[P.cola, 2, 3000]],
    });
    await order(ctx, {
      customer: C.c10001,
      at: '2026-07-20T19:00:00.000Z', // after the period
      status: 'delivered',
      total: 2000,
      lines: [[P.lime, 1, 2000]],
    });
    // Orders written around the order services: the roll-ups are rebuilt by the next read.
    await ctx.db.deleteFrom('sales_summary_state').where('distributor_id', '=', D).execute();

    // June less its first eight days (the 06-01 order and the one at 06-08 23:59), July's first five days.
    const across = 'from=2026-06-09&to=2026-07-05&sort=amount&dir=desc';
    const product = (await get(`${URL}?by=product&${across}`)).body.data;
    expect(brief(product.items)).toEqual([
      ['Cola Classic 12oz Can', 'BEV-100', 3, 5, 11500],
      ['Lime Sparkling Water', 'BEV-200', 2, 2, 9000],
      ['Potato Chips Sea Salt', 'SNK-100', 1, 1, 1000],
    ]);
    expect(product.totals).toEqual({ orders: 6, quantity: 8, amountCents: 21500 });
    expect(brief((await get(`${URL}?by=store&${across}`)).body.data.items)).toEqual([
      ['Corner Mart #1', '10001', 2, 4, 15000],
      ['=SUM(A1)', '10003', 2, 3, 5500],
      ['Sunrise Liquor & Deli', '10002', 1, 1, 1000],
    ]);
    expect(brief((await get(`${URL}?by=category&${across}`)).body.data.items)).toEqual([
      ['Beverages', '', null, 7, 20500],
      ['Snacks', '', null, 1, 1000],
    ]);

    // June less its first day: the order at 06-08 23:59 counts now, the one on 06-01 does not.
    const june = (await get(`${URL}?by=product&from=2026-06-02&to=2026-06-30&sort=amount&dir=desc`)).body.data;
    expect(brief(june.items)).toEqual([
      ['Cola Classic 12oz Can', 'BEV-100', 3, 4, 12500],
      ['Lime Sparkling Water', 'BEV-200', 2, 2, 9000],
      ['Potato Chips Sea Salt', 'SNK-100', 1, 1, 1000],
    ]);
    // The whole of June, then days only (a week).
    expect((await get(`${URL}?by=product&from=2026-06-01&to=2026-06-30`)).body.data.totals).toEqual({
      orders: 8,
      quantity: 12,
      amountCents: 24600,
    });
    expect((await get(`${URL}?by=store&from=2026-07-01&to=2026-07-07`)).body.data.totals).toEqual({
      orders: 1,
      quantity: 2,
      amountCents: 3000,
    });
  });

  it('refuses a bad grouping, date or period with the field named', async () => {
    const cases: [string, string, string][] = [
      ['by=nope', 'by', 'by must be one of: day, category, product, store, rep, route'],
      ['from=2026-02-30', 'from', 'from: Enter a valid date (YYYY-MM-DD)'],
      ['from=2026-06-10&to=2026-06-01', 'from', 'from must be on or before to'],
      ['from=2025-01-01&to=2026-06-01', 'from', 'The period can be at most 366 days'],
      ['sort=total', 'sort', 'sort must be one of: name, orders, quantity, amount'],
    ];
    for (const [query, field, message] of cases) {
      for (const url of [`${URL}?${query}`, `${URL}.csv?${query}`]) {
        const res = await get(url);
        expect([url, res.status, res.body.error?.code, res.body.error?.fields?.[field]]).toEqual([
          url,
          400,
          'VALIDATION_ERROR',
          message,
        ]);
      }
    }
  });

  it('needs Reports view to read and Reports export for the CSV; stores and reps are refused', async () => {
    const viewer = await tokenFor(ctx, await addDistributorUser(ctx.db, 'rep-viewer', { Reports: { view: true } }));
    expect((await get(`${URL}?${PERIOD}`, viewer)).status).toBe(200);
    expect((await get(`${URL}.csv?${PERIOD}`, viewer)).status).toBe(403);
    const none = await tokenFor(ctx, await addDistributorUser(ctx.db, 'rep-none', { Orders: { view: true } }));
    expect((await get(`${URL}?${PERIOD}`, none)).status).toBe(403);
    for (const user of [WORLD.users.retailer.id, WORLD.users.sales.id]) {
      const t = await tokenFor(ctx, user);
      expect((await get(`${URL}?${PERIOD}`, t)).status).toBe(403);
    }
    expect((await call(ctx.app, { method: 'GET', url: `${URL}?${PERIOD}` })).status).toBe(401);
  });
});
