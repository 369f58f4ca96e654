// A store's own terms in its cart and orders, over HTTP on both databases, for the retailer and for a
// sales rep ordering for it: the delivery charge rule (standard: the distributor's setting; waived;
// flat) and tax exemption (no tax on any line or the order). Terms set through the admin PUT. The credit
// limit and policy: credit-control.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P, setDeliveryCharge } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';

const STORE = WORLD.customers.c10001; // balance $1,250.50, minimum order $50.00, rep-1

describe("a store's terms in cart and checkout", () => {
  let ctx: TestContext;
  let admin: string;
  let retailer: string;
  let rep: string;
  const repHeaders = { 'x-customer-id': STORE, 'x-customer-number': '10001' };

  beforeAll(async () => {
    ctx = await createCatalogContext();
    admin = await tokenFor(ctx, await addDistributorUser(ctx.db, 'terms-admin', { Retailers: ALL }));
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    rep = await tokenFor(ctx, WORLD.users.sales.id);
    expect((await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${STORE}`, token: rep })).status).toBe(200);
    // The distributor charges $5.00 per order, free from $200.
    await setDeliveryCharge(ctx.db, { mode: 'flat', flatCents: 500, freeOverCents: 20000 });
  });
  afterAll(() => ctx.close());

  /** Sets the store's terms through the admin API, keeping the others as they are. */
  async function terms(patch: Record<string, unknown>) {
    const d = (await call(ctx.app, { method: 'GET', url: `/api/admin/retailers/${STORE}`, token: admin })).body.data;
    const body = {
      cNumber: d.C_Number,
      companyName: d.companyName,
      contactName: d.contactName,
      salesRepId: d.salesRep?.id,
      priceClass: d.priceClass,
      minOrderCents: d.minOrderCents,
      routeNumber: d.routeNumber,
      deliveryChargeRule: 'standard',
      taxExempt: false,
      creditLimitCents: null,
      ...patch,
    };
    const res = await call(ctx.app, { method: 'PUT', url: `/api/admin/retailers/${STORE}`, payload: body, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
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
      cart: async () => (await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token: retailer })).body.data,
      delivery: async () =>
        (await call(ctx.app, { method: 'GET', url: '/api/retailer/deliveryCharge', token: retailer })).body.data,
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
      cart: async () =>
        (await call(ctx.app, { method: 'GET', url: `/api/sales/cartItem/${STORE}`, token: rep, headers: repHeaders })).body.data,
      delivery: async () =>
        (await call(ctx.app, { method: 'GET', url: `/api/sales/deliveryCharge/${STORE}`, token: rep, headers: repHeaders })).body
          .data,
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

  const setBalance = (cents: number) =>
    ctx.db.updateTable('customers').set({ balance_cents: cents }).where('id', '=', STORE).execute();
  beforeEach(() => setBalance(125050));

  // 6 colas at $9.50 (5+ tier) = $57.00; tax 8.25 % = $4.70; CRV 6 × 10¢ = $0.60.
  for (const who of ['retailer', 'rep'] as const) {
    describe(`ordering as the ${who}`, () => {
      const b = as[who];

      it("standard: the distributor's charge", async () => {
        await terms({ deliveryChargeRule: 'standard' });
        await b.fill();
        expect(await b.cart()).toMatchObject({
          totalAmount: 57,
          totalTax: 4.7,
          totalCrv: 0.6,
          deliveryCharge: 5,
          grandTotal: 67.3,
        });
        expect(await b.delivery()).toMatchObject({ mode: 'flat', flat: 5, freeOver: 200, deliveryCharge: 5 });
      });

      it('waived: no delivery charge, on the cart and on the order', async () => {
        await terms({ deliveryChargeRule: 'waived' });
        await b.fill();
        expect(await b.cart()).toMatchObject({ deliveryCharge: 0, grandTotal: 62.3 });
        expect(await b.delivery()).toEqual({
          mode: 'none',
          flat: null,
          tiers: [],
          freeOver: null,
          deliveryCharge: 0,
          cartSubtotal: 57,
        });
        const placed = await b.place();
        expect(placed.status).toBe(200);
        const order = await ctx.db
          .selectFrom('orders')
          .select(['delivery_charge_cents', 'total_cents', 'placed_by_role'])
          .where('order_number', '=', placed.body.data.orderNumber)
          .executeTakeFirstOrThrow();
        expect(order).toEqual({
          delivery_charge_cents: 0,
          total_cents: 6230,
          placed_by_role: who === 'rep' ? 'sales' : 'retailer',
        });
      });

      it("flat: the store's own amount", async () => {
        await terms({ deliveryChargeRule: 'flat', deliveryChargeCents: 1234 });
        await b.fill();
        expect(await b.cart()).toMatchObject({ deliveryCharge: 12.34, grandTotal: 74.64 });
        expect(await b.delivery()).toEqual({
          mode: 'flat',
          flat: 12.34,
          tiers: [],
          freeOver: null,
          deliveryCharge: 12.34,
          cartSubtotal: 57,
        });
      });

      it('tax-exempt: no tax on any line, the cart or the order', async () => {
        await terms({ taxExempt: true });
        await b.fill();
        const cart = await b.cart();
        expect(cart).toMatchObject({ totalAmount: 57, totalTax: 0, totalAmountWithTax: 57, deliveryCharge: 5, grandTotal: 62.6 });
        expect(cart.finalCartItems[0]).toMatchObject({ tax: 0, taxRate: 0, priceWithTax: 9.5, lineTotal: 57.6 });
        const placed = await b.place();
        expect(placed.status).toBe(200);
        const order = await ctx.db
          .selectFrom('orders')
          .select(['id', 'tax_cents', 'total_cents'])
          .where('order_number', '=', placed.body.data.orderNumber)
          .executeTakeFirstOrThrow();
        expect([order.tax_cents, order.total_cents]).toEqual([0, 6260]);
        const lines = await ctx.db
          .selectFrom('order_lines')
          .select(['tax_cents', 'tax_rate_bp'])
          .where('order_id', '=', order.id)
          .execute();
        expect(lines).toEqual([{ tax_cents: 0, tax_rate_bp: 0 }]);
      });
    });
  }
});
