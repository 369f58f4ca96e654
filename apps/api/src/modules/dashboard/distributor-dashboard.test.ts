// POST /api/dashboard/distributorDashboard against hand-computed fixtures: a handful of orders on known
// local days (America/Los_Angeles), statuses and amounts, in the period and in the previous one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import type { OrderTable } from '../../db/schema.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';

const D = WORLD.distributorId;
const C = WORLD.customers;
const URL = '/api/dashboard/distributorDashboard';
const CREATED = '2026-01-01T00:00:00.000Z';
// Monday 2026-06-15, 12:00 in Los Angeles (PDT, UTC−7).
const NOW = Date.parse('2026-06-15T19:00:00.000Z');

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

describe('distributor dashboard', () => {
  let ctx: TestContext;
  let admin: string;
  const post = (payload: unknown, token = admin) =>
    call(ctx.app, { method: 'POST', url: URL, payload: payload as object, token });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    const db = ctx.db;
    await db
      .insertInto('settings')
      .values({ distributor_id: D, key: 'time_zone', value: JSON.stringify('America/Los_Angeles'), updated_at: CREATED })
      .execute();

    // Current period 2026-06-09 … 06-15; previous 06-02 … 06-08 (local days).
    await order(ctx, {
      customer: C.c10002,
      at: '2026-06-09T07:30:00.000Z',
      status: 'delivered',
      total: 1000,
      lines: [[P.chips, 1, 1000]],
    }); // 06-09 00:30
    await order(ctx, {
      customer: C.c10001,
      at: '2026-06-10T06:30:00.000Z', // 06-09 23:30 local: still the 9th
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
    // Previous period: its last minute and its first.
    await order(ctx, {
      customer: C.c10002,
      at: '2026-06-09T06:59:00.000Z',
      status: 'delivered',
      total: 4000,
      lines: [[P.cola, 1, 4000]],
    }); // 06-08 23:59
    await order(ctx, {
      customer: C.c10001,
      at: '2026-06-02T07:00:00.000Z',
      status: 'delivered',
      total: 6000,
      lines: [[P.lime, 3, 6000]],
    }); // 06-02 00:00
    // Before both periods (06-01 23:00 local).
    await order(ctx, {
      customer: C.c10001,
      at: '2026-06-02T06:00:00.000Z',
      status: 'delivered',
      total: 99999,
      lines: [[P.energy, 9, 99999]],
    });
    // Across the spring DST change (03-08): 03-07 23:30 PST and 03-09 00:30 PDT.
    await order(ctx, { customer: C.c10001, at: '2026-03-08T07:30:00.000Z', status: 'delivered', total: 300 });
    await order(ctx, { customer: C.c10001, at: '2026-03-09T07:30:00.000Z', status: 'delivered', total: 700 });

    // New stores: one in each period (no order day).
    const store = (id: string, cNumber: string, at: string) => ({
      id,
      distributor_id: D,
      warehouse_id: null,
      c_number: cNumber,
      contact_name: 'New Owner',
      company_name: `New Store ${cNumber}`,
      address: null,
      city: null,
      state: null,
      zip: null,
      phone: null,
      email: null,
      balance_cents: 0,
      order_day: 0,
      route_number: null,
      stop_number: null,
      sales_rep_id: null,
      price_level: 1,
      min_order_cents: null,
      item_limit_qty: null,
      credit_limit_cents: null,
      is_active: 1,
      created_at: at,
    });
    await db
      .insertInto('customers')
      .values([store('cust-new1', '20001', '2026-06-12T20:00:00.000Z'), store('cust-new2', '20002', '2026-06-05T20:00:00.000Z')])
      .execute();

    // Stock: cola 3 and lime 5 of 5 are low; chips out of stock; the retired product is inactive.
    await db
      .updateTable('products')
      .set({ stock_on_hand: 100, low_stock_threshold: 5 })
      .where('distributor_id', '=', D)
      .execute();
    for (const [id, stock] of [
      [P.cola, 3],
      [P.lime, 5],
      [P.chips, 0],
      [P.retired, 2],
    ] as const)
      await db.updateTable('products').set({ stock_on_hand: stock }).where('id', '=', id).execute();

    // Tickets: open now t1, t2, t5; open at the period's start t2, t3.
    const ticket = (n: number, status: 'open' | 'pending' | 'resolved', at: string, resolvedAt: string | null) => ({
      id: `t${n}`,
      distributor_id: D,
      customer_id: C.c10001,
      user_id: WORLD.users.retailer.id,
      subject: `Ticket ${n}`,
      status,
      priority: 'normal' as const,
      created_at: at,
      updated_at: resolvedAt ?? at,
      number: 1000 + n,
      category: 'other',
      assignee_user_id: null,
      last_side: 'store' as const,
      message_count: 1,
      resolved_at: resolvedAt,
    });
    await db
      .insertInto('support_tickets')
      .values([
        ticket(1, 'open', '2026-06-12T18:00:00.000Z', null),
        ticket(2, 'pending', '2026-06-01T12:00:00.000Z', null),
        ticket(3, 'resolved', '2026-06-03T18:00:00.000Z', '2026-06-11T18:00:00.000Z'),
        ticket(4, 'resolved', '2026-06-04T18:00:00.000Z', '2026-06-06T18:00:00.000Z'),
        ticket(5, 'open', '2026-06-14T18:00:00.000Z', null),
      ])
      .execute();

    // Sign-up requests: pending now r1, r2; pending at the period's start r2, r3, r6.
    const request = (
      n: number,
      status: 'unverified' | 'pending' | 'approved' | 'rejected',
      at: string,
      verifiedAt: string | null,
      reviewedAt: string | null,
      staff = false,
    ) => ({
      id: `r${n}`,
      distributor_id: D,
      store_name: `Request ${n}`,
      owner_name: 'Owner',
      email: `r${n}@example.test`,
      phone: `+1 555 020 000${n}`,
      address: null,
      city: null,
      state: null,
      zip: null,
      password_hash: null,
      status,
      notes: null,
      customer_id: null,
      verified_at: verifiedAt,
      reviewed_by_user_id: reviewedAt ? WORLD.users.admin.id : null,
      reviewed_at: reviewedAt,
      created_at: at,
      reject_reason: null,
      created_by_user_id: staff ? WORLD.users.admin.id : null,
      updated_at: null,
    });
    await db
      .insertInto('retailer_requests')
      .values([
        request(1, 'pending', '2026-06-10T18:00:00.000Z', '2026-06-10T18:05:00.000Z', null),
        request(2, 'pending', '2026-06-01T18:00:00.000Z', '2026-06-01T18:05:00.000Z', null),
        request(3, 'approved', '2026-06-03T18:00:00.000Z', '2026-06-03T18:05:00.000Z', '2026-06-11T18:00:00.000Z'),
        request(4, 'unverified', '2026-06-01T18:00:00.000Z', null, null),
        request(5, 'rejected', '2026-06-02T18:00:00.000Z', '2026-06-02T18:05:00.000Z', '2026-06-05T18:00:00.000Z'),
        request(6, 'approved', '2026-06-04T18:00:00.000Z', null, '2026-06-12T18:00:00.000Z', true),
      ])
      .execute();

    // Receivables: base balances 10001 $1,250.50, 10002 $480.00, 10003 $0. Since the period's start
    // 10001 was invoiced $200 and 10002 paid $500: at the start they owed $1,050.50 and $980.00.
    await db.updateTable('customers').set({ credit_limit_cents: 100_000 }).where('id', '=', C.c10001).execute();
    await db.updateTable('customers').set({ credit_limit_cents: 90_000 }).where('id', '=', C.c10002).execute();
    await db
      .insertInto('receivable_entries')
      .values([
        {
          id: 'ar-1',
          customer_id: C.c10001,
          kind: 'invoice',
          order_id: null,
          reference: 'X1',
          amount_cents: 20_000,
          note: null,
          created_at: '2026-06-10T18:00:00.000Z',
        },
        {
          id: 'ar-2',
          customer_id: C.c10002,
          kind: 'payment',
          order_id: null,
          reference: 'P1',
          amount_cents: -50_000,
          note: null,
          created_at: '2026-06-11T18:00:00.000Z',
        },
        {
          id: 'ar-3',
          customer_id: C.c10002,
          kind: 'invoice',
          order_id: null,
          reference: 'X0',
          amount_cents: 7_000,
          note: null,
          created_at: '2026-06-01T18:00:00.000Z',
        },
      ])
      .execute();

    // A staff role with Orders but not Dashboard.
    await db
      .insertInto('distributor_roles')
      .values({ id: 'role-orders', distributor_id: D, name: 'Orders only', description: null, is_system: 0, created_at: CREATED })
      .execute();
    await db
      .insertInto('role_permissions')
      .values({ role_id: 'role-orders', module: 'Orders', can_view: 1, can_add: 0, can_edit: 0, can_delete: 0 })
      .execute();
    await db
      .insertInto('users')
      .values({
        id: 'user-orders',
        distributor_id: D,
        role: 'distributor',
        email: 'orders@demo.test',
        phone: null,
        password_hash: null,
        name: 'Olga Orders',
        customer_id: null,
        sales_rep_id: null,
        distributor_role_id: 'role-orders',
        is_active: 1,
        created_at: CREATED,
        updated_at: CREATED,
      })
      .execute();

    resetClock();
    advanceClock(NOW - Date.now());
    admin = await tokenFor(ctx, WORLD.users.admin.id);
  });
  afterAll(async () => {
    resetClock();
    await ctx.close();
  });

  it('answers the figures of the period and the previous one', async () => {
    const res = await post({ from: '2026-06-09', to: '2026-06-15' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Dashboard fetched successfully');
    const d = res.body.data;
    expect(d.timeZone).toBe('America/Los_Angeles');
    expect(d.today).toBe('2026-06-15');
    expect(d.period).toEqual({ from: '2026-06-09', to: '2026-06-15', days: 7 });
    expect(d.previousPeriod).toEqual({ from: '2026-06-02', to: '2026-06-08', days: 7 });
    expect(d.figures).toEqual({
      revenueCents: { current: 18_500, previous: 10_000 },
      orders: { current: 4, previous: 2 },
      averageOrderCents: { current: 4625, previous: 5000 },
      cancelledOrders: { current: 1, previous: 0 },
      newStores: { current: 1, previous: 1 },
      pendingRequests: { current: 2, previous: 3 },
      openTickets: { current: 3, previous: 2 },
      openedTickets: { current: 2, previous: 2 },
      lowStockProducts: { current: 2, previous: null },
      storesMissedOrderDay: { current: 1, previous: 3 },
      receivablesCents: { current: 173_050, previous: 203_050 },
      storesOwing: { current: 2, previous: 2 },
      overLimitStores: { current: 1, previous: 2 },
      // Both stores owe more than their recorded invoices (carried over, due date unknown: past due); the
      // invoices themselves fall due after today (Net 30).
      pastDueCents: { current: 146_050, previous: null },
      storesPastDue: { current: 2, previous: null },
    });
  });

  it('the past-due tile agrees with the ageing list it opens', async () => {
    const d = (await post({ from: '2026-06-09', to: '2026-06-15' })).body.data;
    const list = await call(ctx.app, {
      method: 'GET',
      url: '/api/admin/receivables/ageing?show=pastDue&limit=100',
      token: admin,
    });
    expect(list.status).toBe(200);
    expect([d.figures.pastDueCents.current, d.figures.storesPastDue.current]).toEqual([
      list.body.data.totals.pastDue,
      list.body.data.total,
    ]);
  });

  it('revenue and orders per local day, beside the previous period day by day', async () => {
    const d = (await post({ from: '2026-06-09', to: '2026-06-15' })).body.data;
    expect(d.perDay).toHaveLength(7);
    const nonZero = d.perDay.filter((x: { orders: number; previousOrders: number }) => x.orders + x.previousOrders > 0);
    expect(nonZero).toEqual([
      {
        date: '2026-06-09',
        revenueCents: 11_000,
        orders: 2,
        previousDate: '2026-06-02',
        previousRevenueCents: 6000,
        previousOrders: 1,
      },
      {
        date: '2026-06-10',
        revenueCents: 5000,
        orders: 1,
        previousDate: '2026-06-03',
        previousRevenueCents: 0,
        previousOrders: 0,
      },
      {
        date: '2026-06-15',
        revenueCents: 2500,
        orders: 1,
        previousDate: '2026-06-08',
        previousRevenueCents: 4000,
        previousOrders: 1,
      },
    ]);
    expect(d.byStatus).toEqual([
      { status: 'on_hold', label: 'On Hold', current: 0, previous: 0 },
      { status: 'placed', label: 'Order Placed', current: 1, previous: 0 },
      { status: 'confirmed', label: 'Confirmed', current: 1, previous: 0 },
      { status: 'picking', label: 'Picking', current: 0, previous: 0 },
      { status: 'out_for_delivery', label: 'Out for Delivery', current: 0, previous: 0 },
      { status: 'delivered', label: 'Delivered', current: 2, previous: 2 },
      { status: 'cancelled', label: 'Cancelled', current: 1, previous: 0 },
    ]);
  });

  it('top products, stores and reps, with their previous figures', async () => {
    const d = (await post({ from: '2026-06-09', to: '2026-06-15' })).body.data;
    expect(
      d.topProducts.map((p: Record<string, unknown>) => [
        p.productId,
        p.quantity,
        p.revenueCents,
        p.previousQuantity,
        p.previousRevenueCents,
      ]),
    ).toEqual([
      [P.lime, 2, 9000, 3, 6000],
      [P.cola, 3, 8500, 1, 4000],
      [P.chips, 1, 1000, 0, 0],
    ]);
    expect(d.topProducts[0]).toMatchObject({ itemNumber: expect.any(String), description: expect.any(String) });
    expect(d.topStores).toEqual([
      {
        customerId: C.c10001,
        cNumber: '10001',
        name: 'Corner Mart #1',
        orders: 2,
        revenueCents: 15_000,
        previousRevenueCents: 6000,
      },
      {
        customerId: C.c10003,
        cNumber: '10003',
        name: 'Harbor Quick Stop',
        orders: 1,
        revenueCents: 2500,
        previousRevenueCents: 0,
      },
      {
        customerId: C.c10002,
        cNumber: '10002',
        name: 'Sunrise Liquor & Deli',
        orders: 1,
        revenueCents: 1000,
        previousRevenueCents: 4000,
      },
    ]);
    expect(
      d.topReps.map((r: Record<string, unknown>) => [r.salesRepId, r.orders, r.revenueCents, r.previousRevenueCents]),
    ).toEqual([
      ['rep-1', 3, 16_000, 10_000],
      ['rep-2', 1, 2500, 0],
    ]);
    expect(d.topReps[0].name).toEqual(expect.any(String));
  });

  it('low-stock products and the stores that missed their order day', async () => {
    const d = (await post({ from: '2026-06-09', to: '2026-06-15' })).body.data;
    expect(d.lowStock.map((p: Record<string, unknown>) => [p.productId, p.stockOnHand, p.lowStockThreshold])).toEqual([
      [P.cola, 3, 5],
      [P.lime, 5, 5],
    ]);
    // 10002 orders on Fridays: nothing on 06-12. 10001 (Wednesdays) ordered on 06-10; 10003's Monday is today.
    expect(d.missedStores).toEqual([
      { customerId: C.c10002, cNumber: '10002', name: 'Sunrise Liquor & Deli', orderDay: 5, missedOn: '2026-06-12' },
    ]);
  });

  it('local days across a daylight-saving change', async () => {
    const d = (await post({ from: '2026-03-07', to: '2026-03-09' })).body.data;
    expect(d.perDay.map((x: { date: string; revenueCents: number }) => [x.date, x.revenueCents])).toEqual([
      ['2026-03-07', 300],
      ['2026-03-08', 0],
      ['2026-03-09', 700],
    ]);
    expect(d.previousPeriod).toEqual({ from: '2026-03-04', to: '2026-03-06', days: 3 });
  });

  it('defaults to the last 30 days in the distributor time zone', async () => {
    for (const payload of [{}, undefined]) {
      const res = await call(ctx.app, { method: 'POST', url: URL, token: admin, ...(payload ? { payload } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.data.period).toEqual({ from: '2026-05-17', to: '2026-06-15', days: 30 });
      expect(res.body.data.previousPeriod).toEqual({ from: '2026-04-17', to: '2026-05-16', days: 30 });
      expect(res.body.data.figures.orders).toEqual({ current: 7, previous: 0 }); // the 06-01 order too
    }
    const only = await post({ from: '2026-06-14' });
    expect(only.body.data.period).toEqual({ from: '2026-06-14', to: '2026-06-15', days: 2 });
  });

  it('refuses a bad range with 400 and a clear message', async () => {
    const cases: [unknown, string, Record<string, string>][] = [
      [{ from: '2026-06-10', to: '2026-06-09' }, 'from must be on or before to', { from: 'from must be on or before to' }],
      [
        { from: '2025-06-01', to: '2026-06-15' },
        'The period can be at most 366 days',
        { from: 'The period can be at most 366 days' },
      ],
      [{ from: '2026-02-30' }, 'from: Enter a valid date (YYYY-MM-DD)', { from: 'from: Enter a valid date (YYYY-MM-DD)' }],
      [{ to: '15/06/2026' }, 'to: Enter a valid date (YYYY-MM-DD)', { to: 'to: Enter a valid date (YYYY-MM-DD)' }],
      [{ from: 20260601 }, 'from: Enter a valid date (YYYY-MM-DD)', { from: 'from: Enter a valid date (YYYY-MM-DD)' }],
    ];
    for (const [payload, message, fields] of cases) {
      const res = await post(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body).toMatchObject({ success: false, message, error: { code: 'VALIDATION_ERROR', fields } });
    }
    expect((await post({ from: '2025-06-15', to: '2026-06-15' })).status).toBe(200); // 366 days
  });

  it('is for staff with Dashboard view only', async () => {
    for (const user of [WORLD.users.retailer.id, WORLD.users.sales.id, 'user-orders']) {
      const res = await post({}, await tokenFor(ctx, user));
      expect(res.status, user).toBe(403);
      expect(res.body.success).toBe(false);
    }
    expect((await call(ctx.app, { method: 'POST', url: URL, payload: {} })).status).toBe(401);
  });
});
