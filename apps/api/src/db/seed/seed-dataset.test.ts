// The sized data set behind `npm run seed` and the benchmarks: deterministic for a given now,
// honours the stores' limits in its history, refuses a non-empty database; the CLI's arguments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { WORLD } from './base-world.ts';
import { BASE_PRODUCT_COUNT, generateCatalog } from './catalog.ts';
import { parseSeedArgs, SeedArgsError } from './seed-cli.ts';
import { DatabaseNotEmptyError, seedDataset } from './seed-dataset.ts';
import { isValidUpcA } from './upc.ts';

const SIZES = { products: 400, customers: 25, orders: 300 };
const NOW = new Date('2026-03-18T21:30:00.000Z');
let a: TestContext;
let b: TestContext;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestContext(), createTestContext()]);
  const summary = await seedDataset(a.db, SIZES, { now: NOW });
  expect(summary).toMatchObject({ products: 400, customers: 25, orders: 300, lastOrderNumber: 100300 });
  await seedDataset(b.db, SIZES, { now: NOW });
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

const snapshot = async (ctx: TestContext) => ({
  customers: await ctx.db.selectFrom('customers').selectAll().orderBy('id').execute(),
  orders: await ctx.db.selectFrom('orders').selectAll().orderBy('id').execute(),
  lines: await ctx.db.selectFrom('order_lines').selectAll().orderBy('id').execute(),
  history: await ctx.db.selectFrom('order_status_history').selectAll().orderBy('id').execute(),
  ledger: await ctx.db.selectFrom('receivable_entries').selectAll().orderBy('id').execute(),
  promotions: await ctx.db.selectFrom('promotions').selectAll().orderBy('id').execute(),
});

describe('seedDataset', () => {
  it('builds the same data twice for the same sizes and now', async () => {
    const [x, y] = await Promise.all([snapshot(a), snapshot(b)]);
    expect(x.orders.length).toBe(300);
    expect(x.lines.length).toBeGreaterThan(300);
    expect(y).toEqual(x);
  });

  it('ends the history at now: nothing is dated after it', async () => {
    const { orders, history, ledger } = await snapshot(a);
    const now = NOW.toISOString();
    expect(orders.every((o) => o.created_at <= now && o.updated_at <= now)).toBe(true);
    expect(history.every((h) => h.created_at <= now)).toBe(true);
    expect(ledger.every((e) => e.created_at <= now)).toBe(true);
  });

  it('respects each store’s minimum order, item limit and each product’s limit in the history', async () => {
    const customers = new Map((await a.db.selectFrom('customers').selectAll().execute()).map((c) => [c.id, c]));
    const limits = new Map(
      (await a.db.selectFrom('products').select(['id', 'product_limit']).execute()).map((p) => [p.id, p.product_limit]),
    );
    const lines = await a.db.selectFrom('order_lines').select(['order_id', 'product_id', 'quantity']).execute();
    const qty = new Map<string, number>();
    for (const l of lines) {
      const limit = limits.get(l.product_id);
      if (limit) expect(l.quantity).toBeLessThanOrEqual(limit);
      qty.set(l.order_id, (qty.get(l.order_id) ?? 0) + l.quantity);
    }
    const orders = await a.db
      .selectFrom('orders')
      .select(['id', 'customer_id', 'subtotal_cents', 'delivery_charge_cents'])
      .execute();
    let checkedMinimum = 0;
    for (const o of orders) {
      const c = customers.get(o.customer_id)!;
      if (c.item_limit_qty) expect(qty.get(o.id)!).toBeLessThanOrEqual(c.item_limit_qty);
      if (c.min_order_cents && o.subtotal_cents >= c.min_order_cents) checkedMinimum++;
      // The distributor's delivery charge: $15.00, $7.50 from $250.00, free from $500.00.
      expect(o.delivery_charge_cents).toBe(o.subtotal_cents >= 50000 ? 0 : o.subtotal_cents >= 25000 ? 750 : 1500);
    }
    expect(checkedMinimum).toBeGreaterThan(0);
    const underMinimum = orders.filter((o) => {
      const min = customers.get(o.customer_id)!.min_order_cents;
      return min !== null && o.subtotal_cents < min;
    });
    expect(underMinimum).toEqual([]);
  });

  it('stamps the catalogue versions as 0006 asks, and leaves the catalogue triggers working', async () => {
    const d = WORLD.distributorId;
    const cv = await a.db.selectFrom('catalog_versions').selectAll().where('distributor_id', '=', d).executeTakeFirstOrThrow();
    expect(Number(cv.version)).toBeGreaterThan(0);
    expect(Number(cv.lists_version)).toBeGreaterThan(0);
    const newest = await a.db
      .selectFrom('products')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('distributor_id', '=', d)
      .executeTakeFirstOrThrow();
    expect(Number(newest.v)).toBe(Number(cv.version)); // no product is newer than its catalogue
    const one = await a.db
      .selectFrom('products')
      .select('id')
      .where('distributor_id', '=', d)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await a.db.updateTable('products').set({ description: 'Renamed by the test' }).where('id', '=', one.id).execute();
    const after = await a.db.selectFrom('products').select('version').where('id', '=', one.id).executeTakeFirstOrThrow();
    expect(Number(after.version)).toBe(Number(cv.version) + 1); // the trigger bumped it
  });

  it('refuses a database that already has data', async () => {
    await expect(seedDataset(a.db, SIZES)).rejects.toThrow(DatabaseNotEmptyError);
    await expect(seedDataset(a.db, SIZES)).rejects.toThrow(
      'The database already has data (a distributor exists). Seeding needs an empty database',
    );
  });

  it('refuses sizes below the minimum', async () => {
    await expect(seedDataset(a.db, { products: 5, customers: 25, orders: 0 })).rejects.toThrow(
      'products must be a whole number of at least 10',
    );
    await expect(seedDataset(a.db, { products: 10, customers: 2, orders: 0 })).rejects.toThrow(
      'customers must be a whole number of at least 3',
    );
  });
});

describe('catalogues larger than the base combinations', () => {
  it('adds pre-priced and other variants with unique item numbers and valid, unique UPCs', () => {
    const { products } = generateCatalog(WORLD.distributorId, BASE_PRODUCT_COUNT + 300, NOW);
    expect(new Set(products.map((p) => p.item_number)).size).toBe(products.length);
    const upcs = products.flatMap((p) => p.upcs);
    expect(new Set(upcs).size).toBe(upcs.length);
    expect(upcs.every(isValidUpcA)).toBe(true);
    const variants = products.slice(BASE_PRODUCT_COUNT);
    expect(variants.every((p) => / PP \$\d+\.\d\d /.test(p.description))).toBe(true);
    // A prefix of a large catalogue is the small one.
    expect(generateCatalog(WORLD.distributorId, 50, NOW).products.map((p) => p.description)).toEqual(
      products.slice(0, 50).map((p) => p.description),
    );
  });
});

describe('seed CLI arguments', () => {
  it('reads --products, --customers and --orders, with defaults for the rest', () => {
    expect(parseSeedArgs(['--products', '5000', '--customers=80', '--orders', '1_000'])).toEqual({
      products: 5000,
      customers: 80,
      orders: 1000,
    });
    expect(parseSeedArgs([])).toEqual({ products: 100_000, customers: 2_000, orders: 200_000 });
    expect(parseSeedArgs(['--help'])).toBe('help');
  });

  it('rejects bad values and unknown options with a clear message', () => {
    expect(() => parseSeedArgs(['--products', 'lots'])).toThrow(
      new SeedArgsError('--products must be a whole number, got "lots"'),
    );
    expect(() => parseSeedArgs(['--customers', '2'])).toThrow('--customers must be at least 3, got 2');
    expect(() => parseSeedArgs(['--orders', '-5'])).toThrow(SeedArgsError);
    expect(() => parseSeedArgs(['--shops', '5'])).toThrow(SeedArgsError);
  });
});
