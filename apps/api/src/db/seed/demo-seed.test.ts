// The demo data promised by the platform issue, on SQLite and PostgreSQL: counts, the demo
// accounts' customers, valid UPCs, deterministic catalogue, consistent orders, ledger and
// sequence, and a second start that changes nothing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryChargeSettingSchema } from '@portal/shared/pricing/delivery-charge';
import { call, createTestContext, usePostgres, type TestContext } from '../../../test/helper.ts';
import { WORLD } from './base-world.ts';
import { generateCatalog } from './catalog.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';
import { DEMO_SIZES } from './seed-dataset.ts';
import { isValidUpcA } from './upc.ts';

let ctx: TestContext;
let seededIn = 0;
let seedStartedAt: Date;

const count = async (
  table: 'customers' | 'products' | 'sales_reps' | 'orders' | 'order_lines' | 'receivable_entries' | 'product_upcs' | 'users',
) =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  seedStartedAt = new Date();
  const t = Date.now();
  expect(await seedDemoIfEmpty(ctx.db)).toBe(true);
  seededIn = Date.now() - t;
});
afterAll(async () => {
  await ctx?.close();
});

describe('demo seed', () => {
  it('creates at least 60 customers, 2,000 products and the three reps', async () => {
    expect(await count('customers')).toBeGreaterThanOrEqual(60);
    expect(await count('products')).toBeGreaterThanOrEqual(2000);
    expect(await count('sales_reps')).toBe(3);
    const rep1 = await ctx.db.selectFrom('customers').select(['id', 'c_number']).where('sales_rep_id', '=', 'rep-1').execute();
    expect(rep1.length).toBeGreaterThanOrEqual(10);
    expect(rep1.map((c) => c.c_number)).toEqual(expect.arrayContaining(['10001', '10002']));
    const sales = await ctx.db
      .selectFrom('users')
      .select('sales_rep_id')
      .where('email', '=', 'sales@demo.test')
      .executeTakeFirstOrThrow();
    expect(sales.sales_rep_id).toBe('rep-1');
  });

  it('is fast enough for npm start', () => {
    if (!usePostgres) expect(seededIn).toBeLessThan(10_000);
  });

  it('spreads customers over routes, order days 0..8, price levels 1..5 and limits', async () => {
    const rows = await ctx.db.selectFrom('customers').selectAll().execute();
    expect(new Set(rows.map((c) => c.order_day))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    expect(new Set(rows.map((c) => c.price_level))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(rows.every((c) => c.route_number && c.stop_number && c.phone && c.address && c.company_name)).toBe(true);
    expect(rows.filter((c) => c.min_order_cents !== null).length).toBeGreaterThan(5);
    expect(rows.filter((c) => c.item_limit_qty !== null).length).toBeGreaterThan(0);
    // One stop per customer on each route.
    const stops = rows.map((c) => `${c.route_number}/${c.stop_number}`);
    expect(new Set(stops).size).toBe(stops.length);
  });

  it('gives products valid UPC-A codes (one or two each), categories and images that exist', async () => {
    const upcs = await ctx.db.selectFrom('product_upcs').select(['upc', 'product_id']).execute();
    expect(upcs.every((u) => isValidUpcA(u.upc))).toBe(true);
    const perProduct = new Map<string, number>();
    for (const u of upcs) perProduct.set(u.product_id, (perProduct.get(u.product_id) ?? 0) + 1);
    expect(perProduct.size).toBe(await count('products'));
    expect([...perProduct.values()].every((n) => n === 1 || n === 2)).toBe(true);

    const top = await ctx.db
      .selectFrom('categories')
      .select('name')
      .where('parent_id', 'is', null)
      .orderBy('sort_order')
      .execute();
    expect(top.map((c) => c.name)).toEqual([
      'Beverages',
      'Snacks',
      'Candy',
      'Grocery',
      'Tobacco Accessories',
      'Health & Beauty',
      'Household',
    ]);

    const images = await ctx.db.selectFrom('products').select('master_image_url').distinct().execute();
    const publicDir = path.resolve(import.meta.dirname, '../../../../web/public');
    for (const { master_image_url: url } of images) expect(existsSync(path.join(publicDir, url!))).toBe(true);
  });

  it('prices and flags products as a convenience-store distributor does', async () => {
    const coke = await ctx.db
      .selectFrom('products')
      .selectAll()
      .where('description', '=', 'Coca-Cola Classic 12oz Can 24pk')
      .executeTakeFirstOrThrow();
    expect(coke).toMatchObject({ is_active: 1, allow_to_order: 1, allow_to_order_sales: 1, show_without_price: 0 });
    expect(coke.stock_on_hand).toBeGreaterThan(0);
    expect(coke.crv_cents).toBe(5 * 24);
    expect(coke.tax_rate_bp).toBe(875);
    expect(coke.pack).toBe(24);
    const prices = [coke.price1_cents, coke.price2_cents, coke.price3_cents, coke.price4_cents, coke.price5_cents];
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    expect(prices[4]).toBeLessThan(prices[0]!);

    const twoLiter = await ctx.db
      .selectFrom('products')
      .select(['crv_cents', 'pack'])
      .where('description', 'like', '%2L Bottle 8pk')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(twoLiter.crv_cents).toBe(10 * 8);

    const products = await ctx.db.selectFrom('products').selectAll().execute();
    const some = (f: (p: (typeof products)[number]) => boolean) => products.filter(f).length;
    expect(some((p) => p.stock_on_hand === 0)).toBeGreaterThan(0);
    expect(some((p) => p.stock_on_hand > 0 && p.stock_on_hand < p.low_stock_threshold)).toBeGreaterThan(0);
    expect(some((p) => p.allow_to_order === 0)).toBeGreaterThan(0);
    expect(some((p) => p.show_without_price === 1)).toBeGreaterThan(0);
    expect(some((p) => p.show_inventory_stock !== p.show_inventory_stock_to_sales)).toBeGreaterThan(0);
    expect(some((p) => p.allow_to_order !== p.allow_to_order_sales)).toBeGreaterThan(0);
    expect(some((p) => p.allow_backorder === 1)).toBeGreaterThan(0);
    expect(some((p) => p.product_limit !== null)).toBeGreaterThan(0);
    expect(some((p) => p.is_new_item === 1)).toBeGreaterThan(0);
    expect(some((p) => p.tax_rate_bp === 0)).toBeGreaterThan(0);
    expect(some((p) => p.crv_cents === 0)).toBeGreaterThan(0);
    expect(
      Number(
        (
          await ctx.db
            .selectFrom('product_qty_discounts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);

    // search_text: lower-cased description, brand, item number and UPCs.
    const upcs = await ctx.db.selectFrom('product_upcs').select(['product_id', 'upc']).orderBy('upc').execute();
    const byProduct = new Map<string, string[]>();
    for (const u of upcs) byProduct.set(u.product_id, [...(byProduct.get(u.product_id) ?? []), u.upc]);
    for (const p of products.slice(0, 200)) {
      const expected = [p.description, p.brand, p.item_number, ...byProduct.get(p.id)!].join(' ').toLowerCase();
      expect(p.search_text.split(' ').sort()).toEqual(expected.split(' ').sort());
    }
  });

  it('is deterministic: the catalogue is the same on every run', async () => {
    const again = generateCatalog(WORLD.distributorId, DEMO_SIZES.products, new Date());
    const stored = await ctx.db
      .selectFrom('products')
      .select(['id', 'item_number', 'description', 'price1_cents', 'stock_on_hand'])
      .orderBy('id')
      .execute();
    expect(stored).toEqual(
      again.products.map((p) => ({
        id: p.id,
        item_number: p.item_number,
        description: p.description,
        price1_cents: p.price1_cents,
        stock_on_hand: p.stock_on_hand,
      })),
    );
    const storedUpcs = await ctx.db.selectFrom('product_upcs').select(['upc', 'product_id']).orderBy('upc').execute();
    expect(storedUpcs).toEqual(
      again.products.flatMap((p) => p.upcs.map((upc) => ({ upc, product_id: p.id }))).sort((a, b) => a.upc.localeCompare(b.upc)),
    );
  });

  it('has six months of orders whose totals are the sums of their lines', async () => {
    expect(await count('orders')).toBe(DEMO_SIZES.orders);
    const sums = await ctx.db
      .selectFrom('order_lines')
      .select((l) => [
        'order_id',
        l.fn.sum<number>('line_total_cents').as('total'),
        l.fn.sum<number>('tax_cents').as('tax'),
        l.fn.sum<number>('crv_cents').as('crv'),
        l.fn.sum<number>(sql`unit_price_cents * quantity`).as('subtotal'),
        l.fn.countAll<number>().as('lines'),
      ])
      .groupBy('order_id')
      .execute();
    const byOrder = new Map(sums.map((s) => [s.order_id, s]));
    const orders = await ctx.db.selectFrom('orders').selectAll().execute();
    const mismatched = orders.filter((o) => {
      const s = byOrder.get(o.id);
      return (
        !s ||
        o.total_cents !== Number(s.total) + o.delivery_charge_cents ||
        o.total_cents !== o.subtotal_cents + o.tax_cents + o.crv_cents + o.delivery_charge_cents ||
        o.subtotal_cents !== Number(s.subtotal) ||
        o.tax_cents !== Number(s.tax) ||
        o.crv_cents !== Number(s.crv) ||
        o.item_count !== Number(s.lines)
      );
    });
    expect(mismatched).toEqual([]);

    // Each line's tax is its subtotal × rate, rounded once; CRV is per unit × quantity.
    const lines = await ctx.db.selectFrom('order_lines').selectAll().limit(3000).execute();
    for (const l of lines) {
      const subtotal = l.unit_price_cents * l.quantity;
      expect(l.tax_cents).toBe(Math.round((subtotal * l.tax_rate_bp) / 10_000));
      expect(l.line_total_cents).toBe(subtotal + l.tax_cents + l.crv_cents);
    }

    const span = await ctx.db
      .selectFrom('orders')
      .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
      .executeTakeFirstOrThrow();
    const days = (iso: string) => (seedStartedAt.getTime() - Date.parse(iso)) / 86_400_000;
    expect(days(String(span.first))).toBeGreaterThan(175);
    expect(days(String(span.last))).toBeLessThan(1);
    expect(days(String(span.last))).toBeGreaterThanOrEqual(0);
  });

  it('numbers orders from the sequence, in time order, and leaves the sequence above them', async () => {
    const orders = await ctx.db.selectFrom('orders').select(['order_number', 'created_at']).execute();
    const numbers = orders.map((o) => Number(o.order_number)).sort((a, b) => a - b);
    expect(numbers[0]).toBe(100001);
    expect(new Set(numbers).size).toBe(numbers.length);
    const seq = await ctx.db.selectFrom('sequences').select('value').where('name', '=', 'order_number').executeTakeFirstOrThrow();
    expect(Number(seq.value)).toBeGreaterThanOrEqual(numbers[numbers.length - 1]!);
    const byNumber = [...orders].sort((a, b) => Number(a.order_number) - Number(b.order_number));
    for (let i = 1; i < byNumber.length; i++) expect(byNumber[i]!.created_at >= byNumber[i - 1]!.created_at).toBe(true);
  });

  it('records a status history ending in each order’s status, a few cancelled and a few in progress', async () => {
    const orders = await ctx.db.selectFrom('orders').select(['id', 'status', 'customer_id']).execute();
    const history = await ctx.db
      .selectFrom('order_status_history')
      .select(['order_id', 'status', 'created_at'])
      .orderBy('created_at')
      .execute();
    const last = new Map<string, string>();
    const first = new Map<string, string>();
    for (const h of history) {
      if (!first.has(h.order_id)) first.set(h.order_id, h.status);
      last.set(h.order_id, h.status);
    }
    for (const o of orders) {
      expect(first.get(o.id)).toBe('placed');
      expect(last.get(o.id)).toBe(o.status);
    }
    const byStatus = (s: string) => orders.filter((o) => o.status === s).length;
    expect(byStatus('delivered')).toBeGreaterThan(orders.length * 0.8);
    expect(byStatus('cancelled')).toBeGreaterThan(0);
    expect(orders.filter((o) => !['delivered', 'cancelled'].includes(o.status)).length).toBeGreaterThan(0);
    const mine = orders.filter((o) => o.customer_id === WORLD.customers.c10001);
    expect(mine.length).toBeGreaterThanOrEqual(20);
    expect(mine.some((o) => ['placed', 'confirmed', 'picking', 'out_for_delivery'].includes(o.status))).toBe(true);
  });

  it('keeps every customer’s balance equal to the sum of its ledger', async () => {
    const rows = await ctx.db
      .selectFrom('customers as c')
      .leftJoin('receivable_entries as r', 'r.customer_id', 'c.id')
      .select((eb) => [
        'c.id',
        'c.balance_cents',
        eb.fn.coalesce(eb.fn.sum<number>('r.amount_cents'), sql<number>`0`).as('ledger'),
      ])
      .groupBy(['c.id', 'c.balance_cents'])
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const r of rows) expect(Number(r.balance_cents)).toBe(Number(r.ledger));
    expect(rows.some((r) => Number(r.balance_cents) > 0)).toBe(true);
    const kinds = await ctx.db.selectFrom('receivable_entries').select('kind').distinct().execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['credit', 'invoice', 'payment']);
  });

  it('stores the settings, policies, promotions, calendar, e-pick settings and notifications', async () => {
    const setting = await ctx.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'delivery_charge')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(setting.value)).toEqual({
      mode: 'by_order_value',
      flatCents: 1500,
      tiers: [
        { minSubtotalCents: 0, chargeCents: 1500 },
        { minSubtotalCents: 25000, chargeCents: 750 },
      ],
      freeOverCents: 50000,
    });
    expect(deliveryChargeSettingSchema.safeParse(JSON.parse(setting.value)).success).toBe(true);
    const policies = await ctx.db.selectFrom('policies').select(['kind', 'body']).orderBy('kind').execute();
    expect(policies.map((p) => p.kind)).toEqual(['disclaimer', 'license', 'privacy', 'return', 'software-license', 'terms']);
    expect(policies.every((p) => p.body.length > 200)).toBe(true);

    const at = new Date().toISOString();
    const active = await ctx.db
      .selectFrom('promotions')
      .select(['kind', 'product_id', 'discount_bp', 'image_url'])
      .where('starts_at', '<=', at)
      .where('ends_at', '>', at)
      .where('is_active', '=', 1)
      .execute();
    const banners = await ctx.db
      .selectFrom('banners')
      .select(['image_url', 'link_url'])
      .where('starts_at', '<=', at)
      .where('ends_at', '>', at)
      .where('is_active', '=', 1)
      .execute();
    expect(banners.length).toBeGreaterThan(0);
    const publicDir = path.resolve(import.meta.dirname, '../../../../web/public');
    for (const b of banners) expect(existsSync(path.join(publicDir, b.image_url))).toBe(true);
    expect(active.filter((p) => p.kind === 'discount' && p.product_id && p.discount_bp! > 0).length).toBeGreaterThan(5);
    expect(active.filter((p) => p.kind === 'promoted' && p.product_id).length).toBeGreaterThan(5);

    expect(
      await ctx.db
        .selectFrom('epick_settings')
        .select('config')
        .where('distributor_id', '=', WORLD.distributorId)
        .executeTakeFirst(),
    ).toBeDefined();
    const calendar = await ctx.db.selectFrom('calendar_entries').select('id').execute();
    expect(calendar.length).toBeGreaterThanOrEqual(3);
    const notes = await ctx.db
      .selectFrom('notification_recipients')
      .select(['is_read'])
      .where('user_id', '=', WORLD.users.retailer.id)
      .execute();
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.some((n) => n.is_read === 0)).toBe(true);
  });

  it('gives each store a login that signs in with the demo password', async () => {
    const customers = await count('customers');
    const retailers = await ctx.db.selectFrom('users').select('customer_id').where('role', '=', 'retailer').execute();
    expect(new Set(retailers.map((r) => r.customer_id)).size).toBe(customers);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/loginWithPassword',
      payload: { email_phone: 'store10004@demo.test', password: 'Demo@12345' },
      headers: { 'x-device-type': 'web', 'x-device-name': 'vitest', 'x-device-id': 'seed-test' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('retailer');
  });

  it('does nothing on a database that already has data', async () => {
    const before = [await count('customers'), await count('products'), await count('orders'), await count('receivable_entries')];
    expect(await seedDemoIfEmpty(ctx.db)).toBe(false);
    expect([await count('customers'), await count('products'), await count('orders'), await count('receivable_entries')]).toEqual(
      before,
    );
  });
});
