// The sales roll-ups (migrations 0033 and 0040, days and months) stay equal to a recomputation from the orders after every kind
// of order write over HTTP: placing, editing lines, status moves one at a time and in bulk,
// cancelling. An order write that forgets applyOrderSales makes this test fail (docs/admin-dashboard.md
// "Freshness"). Also: a changed time zone rebuilds the roll-ups on the next read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, insertProduct, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { rebuildSalesSummary } from '../../db/sales-summary.ts';
import type { DbOrTrx } from '../../db/database.ts';
import { queryPlan } from '../../../test/query-plan.ts';
import { productSumsQuery } from './sales-summary.repository.ts';

const D = WORLD.distributorId;

async function snapshot(db: DbOrTrx) {
  const daily = await db.selectFrom('sales_daily').selectAll().where('distributor_id', '=', D).execute();
  const stores = await db.selectFrom('sales_daily_stores').selectAll().where('distributor_id', '=', D).execute();
  const products = await db.selectFrom('sales_daily_products').selectAll().where('distributor_id', '=', D).execute();
  const storeMonths = await db.selectFrom('sales_monthly_stores').selectAll().where('distributor_id', '=', D).execute();
  const productMonths = await db.selectFrom('sales_monthly_products').selectAll().where('distributor_id', '=', D).execute();
  const norm = (rows: Record<string, unknown>[]) =>
    rows
      .map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v])),
      )
      .map((r) => JSON.stringify(r, Object.keys(r).sort()))
      .sort();
  return {
    daily: norm(daily),
    stores: norm(stores),
    products: norm(products),
    storeMonths: norm(storeMonths),
    productMonths: norm(productMonths),
  };
}

/** The roll-ups as they are, and as a rebuild from the orders makes them (rolled back). */
async function storedAndRecomputed(ctx: TestContext, timeZone: string) {
  const stored = await snapshot(ctx.db);
  let recomputed: Awaited<ReturnType<typeof snapshot>> | undefined;
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      await rebuildSalesSummary(trx, D, timeZone, '2026-01-01T00:00:00.000Z');
      recomputed = await snapshot(trx);
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  return { stored, recomputed: recomputed! };
}

describe('sales roll-ups stay fresh', () => {
  let ctx: TestContext;
  let retailer: string;
  let admin: string;
  const post = (url: string, payload: object, token = admin) => call(ctx.app, { method: 'POST', url, payload, token });

  async function place(lines: [string, number][]) {
    for (const [productId, quantity] of lines)
      expect((await post('/api/retailer/cart/add', { productId, quantity }, retailer)).status).toBe(200);
    const placed = await post('/api/retailer/placeOrder', {}, retailer);
    expect(placed.status).toBe(200);
    return placed.body.data.orderId as string;
  }

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await setCustomer(ctx.db, WORLD.customers.c10001, { min_order_cents: null });
    await insertProduct(ctx.db, {
      id: 'ss-a',
      item_number: 'SS-A',
      description: 'Summary Apples',
      price1_cents: 400,
      stock_on_hand: 500,
    });
    await insertProduct(ctx.db, {
      id: 'ss-b',
      item_number: 'SS-B',
      description: 'Summary Beans',
      price1_cents: 250,
      stock_on_hand: 500,
    });
    await insertProduct(ctx.db, {
      id: 'ss-c',
      item_number: 'SS-C',
      description: 'Summary Corn',
      price1_cents: 100,
      stock_on_hand: 500,
    });
    await ctx.db
      .insertInto('settings')
      .values({
        distributor_id: D,
        key: 'time_zone',
        value: JSON.stringify('America/Los_Angeles'),
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
  });
  afterAll(() => ctx.close());

  it('equal a recomputation from the orders after placing, editing, moving and cancelling', async () => {
    // The first read builds them.
    expect((await post('/api/dashboard/distributorDashboard', {})).status).toBe(200);
    expect(
      await ctx.db.selectFrom('sales_summary_state').select('time_zone').where('distributor_id', '=', D).executeTakeFirst(),
    ).toEqual({
      time_zone: 'America/Los_Angeles',
    });

    const o1 = await place([
      ['ss-a', 2],
      ['ss-b', 4],
    ]);
    const o2 = await place([['ss-c', 5]]);
    const o3 = await place([
      ['ss-a', 1],
      ['ss-c', 1],
    ]);
    let check = await storedAndRecomputed(ctx, 'America/Los_Angeles');
    expect(check.stored.products.length).toBeGreaterThan(0);
    expect(check.stored.productMonths.length).toBeGreaterThan(0);
    expect(check.stored).toEqual(check.recomputed);

    // Edit: B dropped, C added, A changed.
    const edited = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/orders/${o1}/lines`,
      payload: {
        lines: [
          { productId: 'ss-a', quantity: 7 },
          { productId: 'ss-c', quantity: 2 },
        ],
      },
      token: admin,
    });
    expect(edited.status).toBe(200);
    // One move, a bulk move, a cancellation.
    expect((await post(`/api/admin/orders/${o2}/status`, { status: 'confirmed' })).status).toBe(200);
    expect((await post('/api/admin/orders/bulk/status', { orderIds: [o1, o2], status: 'picking' })).status).toBe(200);
    expect((await post(`/api/admin/orders/${o3}/status`, { status: 'cancelled' })).status).toBe(200);
    // A refused move changes nothing.
    expect((await post(`/api/admin/orders/${o3}/status`, { status: 'confirmed' })).status).toBe(409);

    check = await storedAndRecomputed(ctx, 'America/Los_Angeles');
    expect(check.stored).toEqual(check.recomputed);
    // What the dashboard shows of them: o1 (7 × $4 + 2 × $1) and o2 (5 × $1) count, o3 is cancelled.
    const dash = await post('/api/dashboard/distributorDashboard', {});
    expect(dash.body.data.figures.orders.current).toBe(2);
    expect(dash.body.data.figures.cancelledOrders.current).toBe(1);
    expect(dash.body.data.topProducts.map((p: { itemNumber: string; quantity: number }) => [p.itemNumber, p.quantity])).toEqual([
      ['SS-A', 7],
      ['SS-C', 7],
    ]);

    // A short pick on o1 (picking): line 1 (7 of A) picked 4.
    const short = await post(`/api/admin/orders/${o1}/short-picks`, {
      lines: [{ lineNo: 1, pickedQuantity: 4, reason: 'damaged' }],
    });
    expect(short.status, JSON.stringify(short.body)).toBe(200);
    check = await storedAndRecomputed(ctx, 'America/Los_Angeles');
    expect(check.stored).toEqual(check.recomputed);
  });

  it('are cut again in the new time zone on the next read after Settings change it', async () => {
    await ctx.db
      .updateTable('settings')
      .set({ value: JSON.stringify('Asia/Tokyo') })
      .where('distributor_id', '=', D)
      .where('key', '=', 'time_zone')
      .execute();
    expect((await post('/api/dashboard/distributorDashboard', {})).status).toBe(200);
    const state = await ctx.db
      .selectFrom('sales_summary_state')
      .select('time_zone')
      .where('distributor_id', '=', D)
      .executeTakeFirst();
    expect(state?.time_zone).toBe('Asia/Tokyo');
    const check = await storedAndRecomputed(ctx, 'Asia/Tokyo');
    expect(check.stored).toEqual(check.recomputed);
  });

  // A 90-day period's product sums read about 190,000 roll-up rows at the benchmark's size: in key order
  // on SQLite (month rows stored by their key), and from the primary key alone on PostgreSQL (the sums
  // INCLUDEd, migration 0041) rather than a look-up of each row in the table.
  it("reads a period's product sums from the roll-ups' keys alone", async () => {
    // February whole (its month rows) and the days of January and March around it.
    const query = productSumsQuery(ctx.db, { distributorId: D, from: '2026-01-20', to: '2026-03-10', limit: 10 });
    const plan = await queryPlan(ctx.db, ctx.config.database.kind, query.compile());
    if (ctx.config.database.kind === 'sqlite') {
      expect(plan).toMatch(/sales_monthly_products USING PRIMARY KEY/);
    } else {
      expect(plan).toContain('Index Only Scan using sales_monthly_products_pk');
      expect(plan).toContain('Index Only Scan using sales_daily_products_pk');
    }
  });

  // Those index-only reads last only while VACUUM keeps the pages all-visible, and every order rewrites
  // roll-up rows: PostgreSQL's autovacuum visits the roll-ups after 1% of their rows changed (migration
  // 0043), not a fifth. SQLite has no visibility map.
  it('has PostgreSQL vacuum the roll-ups after 1% of their rows changed', async () => {
    if (ctx.config.database.kind === 'sqlite') return;
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
      select c.relname, c.reloptions from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname like 'sales\_%ly%' and c.relkind = 'r'
      order by c.relname
    `.execute(ctx.db);
    expect(rows).toEqual(
      ['sales_daily', 'sales_daily_products', 'sales_daily_stores', 'sales_monthly_products', 'sales_monthly_stores'].map(
        (relname) => ({ relname, reloptions: ['autovacuum_vacuum_scale_factor=0.01'] }),
      ),
    );
  });
});
