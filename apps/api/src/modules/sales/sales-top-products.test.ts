// GET /dashboard/topProductForSales: best sellers among the rep's own customers only, last 90 days,
// cancelled orders left out, priced for the working (or named) customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import type { Db } from '../../db/database.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';

const C1 = WORLD.customers.c10001;
const C2 = WORLD.customers.c10002;
const C3 = WORLD.customers.c10003;
const DAY = 86_400_000;

let n = 0;
async function insertOrder(
  db: Db,
  customerId: string,
  lines: [string, number][],
  opts: { daysAgo?: number; status?: 'placed' | 'cancelled' } = {},
) {
  const id = `order-${++n}`;
  const at = new Date(Date.now() - (opts.daysAgo ?? 1) * DAY).toISOString();
  await db
    .insertInto('orders')
    .values({
      id,
      order_number: String(200000 + n),
      distributor_id: WORLD.distributorId,
      customer_id: customerId,
      placed_by_user_id: WORLD.users.retailer.id,
      placed_by_role: 'retailer',
      status: opts.status ?? 'placed',
      notes: null,
      po_number: null,
      requested_delivery_date: null,
      subtotal_cents: 0,
      tax_cents: 0,
      crv_cents: 0,
      delivery_charge_cents: 0,
      total_cents: 0,
      item_count: lines.length,
      is_web_order: 1,
      idempotency_key: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (const [i, [productId, quantity]] of lines.entries()) {
    await db
      .insertInto('order_lines')
      .values({
        id: `${id}-${i}`,
        order_id: id,
        line_no: i + 1,
        product_id: productId,
        item_number: productId,
        description: productId,
        upc: null,
        pack: 1,
        uom: 'EA',
        quantity,
        unit_price_cents: 100,
        tax_rate_bp: 0,
        tax_cents: 0,
        crv_cents: 0,
        line_total_cents: 100 * quantity,
      })
      .execute();
  }
}

describe('GET /dashboard/topProductForSales', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createCatalogContext();
    await insertOrder(ctx.db, C1, [
      [P.trailMix, 4],
      [P.cola, 2],
    ]);
    await insertOrder(ctx.db, C2, [
      [P.cola, 3],
      [P.energy, 1],
    ]);
    await insertOrder(ctx.db, C2, [[P.energy, 1]]);
    await insertOrder(ctx.db, C3, [[P.chips, 50]]); // rep-2's customer
    await insertOrder(ctx.db, C1, [[P.pretzels, 40]], { status: 'cancelled' });
    await insertOrder(ctx.db, C1, [[P.lime, 40]], { daysAgo: 120 });
    await insertOrder(ctx.db, C1, [[P.retired, 40]]); // inactive product
  });
  afterAll(() => ctx.close());

  it('ranks what the rep’s customers bought, priced for the working customer', async () => {
    const rep = await tokenFor(ctx, WORLD.users.sales.id);
    await setCustomer(ctx.db, C2, { price_level: 2 });
    await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C2}`, token: rep });
    const res = await call(ctx.app, { method: 'GET', url: '/api/dashboard/topProductForSales', token: rep });
    expect(res.status).toBe(200);
    const list = res.body.data.finalProductList as {
      id: string;
      soldQuantity: number;
      orderCount: number;
      price?: number;
      PriceClass: number;
    }[];
    expect(list.map((p) => [p.id, p.soldQuantity, p.orderCount])).toEqual([
      [P.cola, 5, 2],
      [P.trailMix, 4, 1],
      [P.energy, 2, 2],
    ]);
    expect(res.body.data).toMatchObject({ total: 3, page: 1, limit: 10 });
    // cola at C2's level 2: $9.00
    expect(list[0]).toMatchObject({ PriceClass: 2, price: 9 });

    const page2 = await call(ctx.app, { method: 'GET', url: '/api/dashboard/topProductForSales?page=2&limit=2', token: rep });
    expect(page2.body.data.finalProductList.map((p: { id: string }) => p.id)).toEqual([P.energy]);
    expect((await call(ctx.app, { method: 'GET', url: '/api/dashboard/topProductForSales?limit=0', token: rep })).status).toBe(
      400,
    );
  });

  it('another rep sees its own customers’ best sellers; a rep without a working customer gets Customer ID not found', async () => {
    const rep2 = await tokenFor(ctx, WORLD.users.sales2.id);
    const none = await call(ctx.app, { method: 'GET', url: '/api/dashboard/topProductForSales', token: rep2 });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Customer ID not found');
    const named = await call(ctx.app, {
      method: 'GET',
      url: '/api/dashboard/topProductForSales',
      token: rep2,
      headers: { 'x-customer-id': C1 },
    });
    expect(named.status).toBe(403);
    await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C3}`, token: rep2 });
    const res = await call(ctx.app, {
      method: 'GET',
      url: '/api/dashboard/topProductForSales',
      token: rep2,
      headers: { 'x-customer-id': C3 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.finalProductList.map((p: { id: string; soldQuantity: number }) => [p.id, p.soldQuantity])).toEqual([
      [P.chips, 50],
    ]);
  });

  it('is for sales reps only', async () => {
    const retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    const res = await call(ctx.app, { method: 'GET', url: '/api/dashboard/topProductForSales', token: retailer });
    expect(res.status).toBe(403);
  });
});
