// Credit control at checkout (issue 18 §1), over HTTP on both databases: the credit status the cart shows
// (balance, exposure = balance + undelivered orders not yet in it + this cart, limit), placing over the
// limit under warn (placed) and hold (stored on_hold, the store told), for the retailer and its rep, and
// the office's release (Orders · approve, a required reason in the status history and the audit log).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P, setDeliveryCharge } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';
import { queryPlan } from '../../../test/query-plan.ts';
import { openOrdersNotInBalanceQuery } from './credit.repository.ts';

const STORE = WORLD.customers.c10001;

describe('credit control at checkout', () => {
  let ctx: TestContext;
  let admin: string;
  let approver: string;
  let editor: string;
  let retailer: string;
  let rep: string;
  const repHeaders = { 'x-customer-id': STORE, 'x-customer-number': '10001' };

  beforeAll(async () => {
    ctx = await createCatalogContext();
    admin = await tokenFor(ctx, await addDistributorUser(ctx.db, 'credit-admin', { Retailers: ALL }));
    approver = await tokenFor(
      ctx,
      await addDistributorUser(ctx.db, 'credit-approver', { Orders: { view: true, approve: true } }),
    );
    editor = await tokenFor(
      ctx,
      await addDistributorUser(ctx.db, 'credit-editor', { Orders: { view: true, edit: true, export: true } }),
    );
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    rep = await tokenFor(ctx, WORLD.users.sales.id);
    expect((await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${STORE}`, token: rep })).status).toBe(200);
    await setDeliveryCharge(ctx.db, { mode: 'flat', flatCents: 500, freeOverCents: 20000 });
  });
  afterAll(() => ctx.close());

  /** The store's credit terms through the admin PUT, the other terms kept. */
  async function credit(patch: { creditLimitCents: number | null; creditPolicy?: string }) {
    const d = (await call(ctx.app, { method: 'GET', url: `/api/admin/retailers/${STORE}`, token: admin })).body.data;
    const res = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/retailers/${STORE}`,
      token: admin,
      payload: {
        cNumber: d.C_Number,
        companyName: d.companyName,
        contactName: d.contactName,
        salesRepId: d.salesRep?.id,
        priceClass: d.priceClass,
        minOrderCents: d.minOrderCents,
        routeNumber: d.routeNumber,
        ...patch,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  const as = {
    retailer: {
      fill: async () => {
        await call(ctx.app, { method: 'DELETE', url: '/api/retailer/cart/clear', token: retailer });
        const add = await call(ctx.app, {
          method: 'POST',
          url: '/api/retailer/cart/add',
          payload: { productId: P.cola, quantity: 6 },
          token: retailer,
        });
        expect(add.status).toBe(200);
      },
      status: () => call(ctx.app, { method: 'GET', url: '/api/retailer/creditStatus', token: retailer }),
      place: () =>
        call(ctx.app, {
          method: 'POST',
          url: '/api/retailer/placeOrder',
          payload: {},
          headers: { 'is-web-order': 'true' },
          token: retailer,
        }),
    },
    rep: {
      fill: async () => {
        await call(ctx.app, { method: 'DELETE', url: `/api/sales/clearCart/${STORE}`, token: rep, headers: repHeaders });
        const add = await call(ctx.app, {
          method: 'POST',
          url: `/api/sales/addToCart/${STORE}`,
          payload: { productId: P.cola, quantity: 6 },
          token: rep,
          headers: repHeaders,
        });
        expect(add.status).toBe(200);
      },
      status: () => call(ctx.app, { method: 'GET', url: `/api/sales/creditStatus/${STORE}`, token: rep, headers: repHeaders }),
      place: () =>
        call(ctx.app, {
          method: 'POST',
          url: `/api/sales/placeOrder/${STORE}`,
          payload: {},
          headers: { ...repHeaders, 'is-web-order': 'true' },
          token: rep,
        }),
    },
  };

  const balance = async () =>
    Number(
      (await ctx.db.selectFrom('customers').select('balance_cents').where('id', '=', STORE).executeTakeFirstOrThrow())
        .balance_cents,
    );
  beforeEach(async () => {
    // Only this test's orders are open: earlier ones are delivered, and the balance starts at $1,250.50.
    await ctx.db.updateTable('orders').set({ status: 'delivered' }).where('customer_id', '=', STORE).execute();
    await ctx.db.updateTable('customers').set({ balance_cents: 125050 }).where('id', '=', STORE).execute();
  });

  it('the office sets the limit and policy; the policy defaults to none', async () => {
    expect((await credit({ creditLimitCents: 100_000 })).creditPolicy).toBe('none');
    expect((await credit({ creditLimitCents: 100_000, creditPolicy: 'hold' })).creditPolicy).toBe('hold');
    const bad = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/retailers/${STORE}`,
      token: admin,
      payload: { cNumber: '10001', companyName: 'X', contactName: 'Y', creditPolicy: 'refuse' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.creditPolicy).toBe('Credit policy must be none, warn or hold');
  });

  // 6 colas: goods $57.00, tax $4.70, CRV $0.60, delivery $5.00 = $67.30; balance $1,250.50 + $67.30 = $1,317.80.
  for (const who of ['retailer', 'rep'] as const) {
    describe(`as the ${who}`, () => {
      const b = as[who];

      it('the credit status: balance, this cart, exposure and limit; exactly at the limit is not over', async () => {
        await credit({ creditLimitCents: 131780, creditPolicy: 'warn' });
        await b.fill();
        const res = await b.status();
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({
          balance: 1250.5,
          openOrders: 0,
          cart: 67.3,
          exposure: 1317.8,
          limit: 1317.8,
          policy: 'warn',
          over: false,
          action: 'none',
          message: null,
        });
      });

      it('warn: the status warns, and the order is placed', async () => {
        await credit({ creditLimitCents: 131779, creditPolicy: 'warn' });
        await b.fill();
        const status = (await b.status()).body.data;
        expect(status).toMatchObject({ exposure: 1317.8, limit: 1317.79, over: true, action: 'warn' });
        expect(status.message).toBe(
          'This order takes your account to $1,317.80, over your credit limit of $1,317.79. You can still place it.',
        );
        const placed = await b.place();
        expect(placed.status).toBe(200);
        expect(placed.body.message).toBe('Order placed successfully');
        expect(placed.body.data.status).toBe('placed');
        expect(await balance()).toBe(131780);
      });

      it('hold: the status says it will be held; the order is stored on hold and the store is told', async () => {
        await credit({ creditLimitCents: 131779, creditPolicy: 'hold' });
        await b.fill();
        expect((await b.status()).body.data.message).toBe(
          'This order takes your account to $1,317.80, over your credit limit of $1,317.79. It will be placed on hold until your distributor reviews it.',
        );
        const placed = await b.place();
        expect(placed.status).toBe(200);
        expect(placed.body.data.status).toBe('on_hold');
        expect(placed.body.message).toBe(
          `Order ${placed.body.data.orderNumber} is on hold: it takes your account over your credit limit. Your distributor will review it before it is processed.`,
        );
        const row = await ctx.db
          .selectFrom('orders')
          .select(['status'])
          .where('id', '=', placed.body.data.orderId)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('on_hold');
        // Held, not refused: invoiced like any order (a cancel credits it), the cart emptied.
        expect(await balance()).toBe(131780);
      });

      it('none: over the limit is shown but not enforced', async () => {
        await credit({ creditLimitCents: 1000, creditPolicy: 'none' });
        await b.fill();
        expect((await b.status()).body.data).toMatchObject({ over: true, action: 'none', message: null });
        const placed = await b.place();
        expect(placed.body.data.status).toBe('placed');
      });
    });
  }

  it('exposure includes undelivered orders not yet in the balance, and this cart; delivered and cancelled ones do not count', async () => {
    await credit({ creditLimitCents: 200_000, creditPolicy: 'hold' });
    await as.retailer.fill();
    // Orders the balance does not hold yet (no invoice entry): one picking, one delivered, one cancelled.
    const some = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('customer_id', '=', STORE)
      .limit(1)
      .executeTakeFirstOrThrow();
    const open = {
      ...some,
      subtotal_cents: 10_000,
      total_cents: 10_000,
      idempotency_key: null,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const base = Date.now();
    for (const [i, status] of (['picking', 'delivered', 'cancelled'] as const).entries()) {
      await ctx.db
        .insertInto('orders')
        .values({ ...open, id: `credit-open-${base}-${i}`, order_number: `CR${base}${i}`, status })
        .execute();
    }
    const status = (await as.retailer.status()).body.data;
    expect(status).toMatchObject({ balance: 1250.5, openOrders: 100, cart: 67.3, exposure: 1417.8, over: false });

    // A placed order is invoiced at once: it counts once, through the balance.
    expect((await as.retailer.place()).body.data.status).toBe('placed');
    await as.retailer.fill();
    expect((await as.retailer.status()).body.data).toMatchObject({
      balance: 1317.8,
      openOrders: 100,
      cart: 67.3,
      exposure: 1485.1,
    });

    // Lower the limit under that exposure: the next order is held because of the open orders.
    await credit({ creditLimitCents: 140_000, creditPolicy: 'hold' });
    expect((await as.retailer.place()).body.data.status).toBe('on_hold');
  });

  describe('the office', () => {
    async function heldOrder(): Promise<{ orderId: string; orderNumber: string }> {
      await credit({ creditLimitCents: 1000, creditPolicy: 'hold' });
      await as.retailer.fill();
      const placed = await as.retailer.place();
      expect(placed.body.data.status).toBe('on_hold');
      return placed.body.data;
    }
    const release = (token: string, orderId: string, payload: { reason: string }) =>
      call(ctx.app, { method: 'POST', url: `/api/admin/orders/${orderId}/release`, token, payload });

    it('finds held orders with the status filter', async () => {
      const { orderNumber } = await heldOrder();
      const list = await call(ctx.app, { method: 'GET', url: '/api/admin/orders?status=on_hold&limit=100', token: approver });
      expect(list.status).toBe(200);
      const numbers = list.body.data.items.map((o: { orderNumber: string }) => o.orderNumber);
      expect(numbers).toContain(orderNumber);
      expect(list.body.data.items.every((o: { status: string }) => o.status === 'on_hold')).toBe(true);
    });

    it('release needs Orders · approve and a reason; it moves the order on to placed and records the reason', async () => {
      const { orderId, orderNumber } = await heldOrder();
      expect((await release(editor, orderId, { reason: 'Paid by phone' })).status).toBe(403);
      const noReason = await release(approver, orderId, { reason: '  ' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.error.fields.reason).toBe('Reason is required');

      const done = await release(approver, orderId, { reason: 'Paid $500 by phone' });
      expect(done.status).toBe(200);
      expect(done.body.message).toBe(`Order ${orderNumber} released`);
      expect(done.body.data.order.status).toBe('placed');

      const history = await ctx.db
        .selectFrom('order_status_history')
        .select(['status', 'note'])
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(history).toEqual([
        { status: 'on_hold', note: null },
        { status: 'placed', note: 'Paid $500 by phone' },
      ]);
      const audit = await ctx.db
        .selectFrom('audit_log')
        .select(['action', 'changes_json'])
        .where('entity_id', '=', orderId)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.action).toBe('released');
      expect(JSON.parse(audit[0]!.changes_json)).toEqual([
        { field: 'status', before: 'on_hold', after: 'placed' },
        { field: 'reason', before: null, after: 'Paid $500 by phone' },
      ]);

      const again = await release(approver, orderId, { reason: 'again' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(`Order ${orderNumber} is not on hold`);
    });

    it('a held order cannot be moved on by a status change, only cancelled', async () => {
      const { orderId, orderNumber } = await heldOrder();
      const moved = await call(ctx.app, {
        method: 'POST',
        url: `/api/admin/orders/${orderId}/status`,
        token: editor,
        payload: { status: 'confirmed' },
      });
      expect(moved.status).toBe(409);
      expect(moved.body.message).toContain('on hold for credit review');
      const cancelled = await call(ctx.app, {
        method: 'POST',
        url: `/api/admin/orders/${orderId}/status`,
        token: editor,
        payload: { status: 'cancelled' },
      });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect((await release(approver, orderId, { reason: 'late' })).body.message).toBe(`Order ${orderNumber} is not on hold`);
    });

    it("another distributor's or an unknown order is 404", async () => {
      expect((await release(approver, 'no-such-order', { reason: 'x' })).status).toBe(404);
    });
  });

  // Every cart and placed order asks this of each of the store's undelivered orders; reading the whole
  // ledger for each (no index on the entries' order) made a placed order take 25 ms of SQL at 200,000
  // orders, with the server's thread held meanwhile.
  it("finds an order's invoice through the ledger's order index, not by reading the ledger", async () => {
    const plan = await queryPlan(ctx.db, ctx.config.database.kind, openOrdersNotInBalanceQuery(ctx.db, STORE).compile());
    expect(plan).toContain('receivables_order_idx');
  });
});
