// One code path for every seeded database: the base world, then a catalogue, customers and
// order history of the sizes asked for, then settings, promotions and the rest. The demo seed
// calls it with DEMO_SIZES; `npm run seed` and the benchmarks call it with large sizes.
import { sql } from 'kysely';
import { now as clockNow } from '../../platform/clock.ts';
import { dialectOf, type Db, type Trx } from '../database.ts';
import type { ProductTable } from '../schema.ts';
import { createBaseWorld, WORLD } from './base-world.ts';
import { bulkInserter, insertRows } from './bulk-insert.ts';
import { generateCatalog, type CatalogProduct } from './catalog.ts';
import { generateCustomers } from './customers.ts';
import { seedExtras } from './extras.ts';
import { generateOrderHistory } from './orders.ts';
import { rebuildSalesSummary } from '../sales-summary.ts';
import { DEMO_DELIVERY_CHARGE, DEMO_TIME_ZONE } from './settings-data.ts';

export interface DatasetSizes {
  /** Products in the catalogue. */
  products: number;
  /** Customers in all, the base world's three included. */
  customers: number;
  /** Orders over the last six months. */
  orders: number;
}

export const DEMO_SIZES: DatasetSizes = { products: 2500, customers: 60, orders: 1200 };
export const MIN_SIZES: DatasetSizes = { products: 10, customers: 3, orders: 0 };

export interface SeedSummary {
  categories: number;
  vendors: number;
  products: number;
  upcs: number;
  qtyDiscountTiers: number;
  customers: number;
  users: number;
  orders: number;
  orderLines: number;
  statusHistory: number;
  receivableEntries: number;
  promotions: number;
  calendarEntries: number;
  notifications: number;
  lastOrderNumber: number;
  milliseconds: number;
}

export class DatabaseNotEmptyError extends Error {
  constructor() {
    super(
      'The database already has data (a distributor exists). Seeding needs an empty database: point DATABASE_URL or DATA_DIR at a new one.',
    );
  }
}

/** Empty means no distributor: everything else hangs off one. */
export async function isDatabaseEmpty(db: Db | Trx): Promise<boolean> {
  const row = await db.selectFrom('distributors').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

const PRODUCT_COLUMNS: (keyof CatalogProduct & keyof ProductTable)[] = [
  'id',
  'distributor_id',
  'item_number',
  'description',
  'location',
  'brand',
  'category_id',
  'subcategory_id',
  'vendor_id',
  'sales_category',
  'pack',
  'case_count',
  'uom',
  'unit_ounces',
  'size',
  'price1_cents',
  'price2_cents',
  'price3_cents',
  'price4_cents',
  'price5_cents',
  'tax_rate_bp',
  'crv_cents',
  'stock_on_hand',
  'allow_backorder',
  'low_stock_threshold',
  'show_inventory_stock',
  'show_low_stock',
  'show_without_price',
  'allow_to_order',
  'show_inventory_stock_to_sales',
  'show_low_stock_to_sales',
  'show_without_price_to_sales',
  'allow_to_order_sales',
  'product_limit',
  'is_new_item',
  'show_distributor_image',
  'distributor_image_url',
  'master_image_url',
  'is_active',
  'search_text',
  'created_at',
  'updated_at',
];

/**
 * Builds a whole data set on an empty, migrated database, in one transaction.
 * Deterministic: the same sizes give the same catalogue and customers; order dates end at `now`.
 */
/** The tables whose rows bump catalog_versions through migration 0006's triggers. */
const CATALOG_TRIGGER_TABLES = ['products', 'product_upcs', 'product_qty_discounts', 'categories', 'vendors'];

/**
 * Writes a fresh catalogue with one version stamp instead of one per row, on PostgreSQL. There every
 * row's trigger bumps the distributor's single catalog_versions row, and inside one transaction each
 * bump reads past all of the transaction's earlier versions of that row: quadratic, hours at 100,000
 * products. So the user triggers are off during the load (ALTER TABLE inside the transaction: no other
 * session sees them off), then the catalogue is bumped once and every product of the distributor takes
 * that version, which is what 0006's rule asks (each product carries a version at least its last
 * write's). SQLite's triggers update the row in place and stay on.
 */
async function withCatalogStampedOnce(trx: Trx, distributorId: string, load: () => Promise<void>): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return load();
  for (const t of CATALOG_TRIGGER_TABLES) await sql.raw(`alter table ${t} disable trigger user`).execute(trx);
  await load();
  const { rows } = await sql<{ v: number | string }>`select catalog_bump(${distributorId}) as v`.execute(trx);
  await sql`update catalog_versions set lists_version = lists_version + 1 where distributor_id = ${distributorId}`.execute(trx);
  await sql`update products set version = ${Number(rows[0]!.v)} where distributor_id = ${distributorId}`.execute(trx);
  for (const t of CATALOG_TRIGGER_TABLES) await sql.raw(`alter table ${t} enable trigger user`).execute(trx);
}

export async function seedDataset(db: Db, sizes: DatasetSizes, options: { now?: Date } = {}): Promise<SeedSummary> {
  for (const key of ['products', 'customers', 'orders'] as const) {
    const n = sizes[key];
    if (!Number.isInteger(n) || n < MIN_SIZES[key])
      throw new Error(`${key} must be a whole number of at least ${MIN_SIZES[key]}`);
  }
  if (!(await isDatabaseEmpty(db))) throw new DatabaseNotEmptyError();
  const started = Date.now();
  const now = options.now ?? clockNow();
  const d = WORLD.distributorId;

  return db.transaction().execute(async (trx) => {
    await createBaseWorld(trx);

    // Catalogue.
    const catalog = generateCatalog(d, sizes.products, now);
    await withCatalogStampedOnce(trx, d, async () => {
      await insertRows(trx, 'categories', catalog.categories);
      await insertRows(trx, 'vendors', catalog.vendors);
      const productsW = bulkInserter(trx, 'products', PRODUCT_COLUMNS);
      const upcsW = bulkInserter(trx, 'product_upcs', ['upc', 'product_id']);
      for (const p of catalog.products) {
        productsW.add(PRODUCT_COLUMNS.map((c) => p[c]));
        for (const upc of p.upcs) upcsW.add([upc, p.id]);
      }
      await productsW.finish();
      await upcsW.finish();
      await insertRows(trx, 'product_qty_discounts', catalog.qtyDiscounts);
    });

    // Customers, with a login for every store and for each rep.
    const baseCustomers = await trx
      .selectFrom('customers')
      .leftJoin('users', (j) => j.onRef('users.customer_id', '=', 'customers.id').on('users.role', '=', 'retailer'))
      .select([
        'customers.id',
        'customers.c_number',
        'customers.company_name',
        'customers.contact_name',
        'customers.sales_rep_id',
        'customers.price_level',
        'customers.min_order_cents',
        'customers.item_limit_qty',
        'customers.order_day',
        'customers.route_number',
        'customers.stop_number',
        'users.id as userId',
      ])
      .orderBy('customers.c_number')
      .execute();
    // One login per store: keep the first user of a store that has several.
    const seen = new Set<string>();
    const base = baseCustomers.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
    const { password_hash: passwordHash } = await trx
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', WORLD.users.retailer.id)
      .executeTakeFirstOrThrow();
    const generated = generateCustomers(d, base, sizes.customers, [WORLD.customers.c10001, WORLD.customers.c10002], now);
    await insertRows(trx, 'customers', generated.rows);

    const reps = await trx.selectFrom('sales_reps').select(['id', 'code', 'name']).orderBy('id').execute();
    const repUsers = await trx.selectFrom('users').select(['id', 'sales_rep_id']).where('role', '=', 'sales').execute();
    const repUserIds = new Map<string, string>();
    for (const u of repUsers) if (u.sales_rep_id && !repUserIds.has(u.sales_rep_id)) repUserIds.set(u.sales_rep_id, u.id);
    const nowIso = now.toISOString();
    const extraUsers = generated.users.map((u) => ({ ...u, password_hash: passwordHash }));
    reps.forEach((rep, i) => {
      if (repUserIds.has(rep.id)) return;
      const id = `user-sales-${rep.id}`;
      repUserIds.set(rep.id, id);
      extraUsers.push({
        id,
        distributor_id: d,
        role: 'sales',
        email: `sales-${rep.code.toLowerCase()}@demo.test`,
        phone: `1555030${String(i + 1).padStart(4, '0')}`,
        password_hash: passwordHash,
        name: rep.name,
        customer_id: null,
        sales_rep_id: rep.id,
        distributor_role_id: WORLD.salesRoleId,
        is_active: 1,
        created_at: nowIso,
        updated_at: nowIso,
      });
    });
    await insertRows(trx, 'users', extraUsers);

    // Six months of orders and the receivables ledger.
    const sequence = await trx
      .selectFrom('sequences')
      .select('value')
      .where('name', '=', 'order_number')
      .executeTakeFirstOrThrow();
    const history = await generateOrderHistory({
      trx,
      distributorId: d,
      customers: generated.all,
      products: catalog.products,
      orders: sizes.orders,
      now,
      firstOrderNumber: Number(sequence.value) + 1,
      repUserIds,
      officeUserId: WORLD.users.admin.id,
      delivery: DEMO_DELIVERY_CHARGE,
      forced: [
        { customerId: WORLD.customers.c10001, ageMinutes: 50 },
        { customerId: WORLD.customers.c10002, ageMinutes: 190 },
        { customerId: WORLD.customers.c10001, ageMinutes: 19 * 60 },
      ],
    });
    await trx.updateTable('sequences').set({ value: history.lastOrderNumber }).where('name', '=', 'order_number').execute();
    // A balance is what its ledger says, by construction.
    await trx
      .updateTable('customers')
      .set({
        balance_cents: sql<number>`coalesce((select sum(r.amount_cents) from receivable_entries r where r.customer_id = customers.id), 0)`,
      })
      .execute();

    const extras = await seedExtras({
      trx,
      distributorId: d,
      products: catalog.products,
      now,
      retailerUserId: WORLD.users.retailer.id,
      retailerCustomerId: WORLD.customers.c10001,
      repId: 'rep-1',
      adminUserId: WORLD.users.admin.id,
    });
    // The dashboard's and the reports' roll-ups of the history just written (migration 0033).
    await rebuildSalesSummary(trx, d, DEMO_TIME_ZONE, now.toISOString());

    return {
      categories: catalog.categories.length,
      vendors: catalog.vendors.length,
      products: catalog.products.length,
      upcs: catalog.products.reduce((n, p) => n + p.upcs.length, 0),
      qtyDiscountTiers: catalog.qtyDiscounts.length,
      customers: base.length + generated.rows.length,
      users: extraUsers.length,
      orders: history.orders,
      orderLines: history.lines,
      statusHistory: history.statusRows,
      receivableEntries: history.ledgerEntries,
      promotions: extras.promotions,
      calendarEntries: extras.calendarEntries,
      notifications: extras.notifications,
      lastOrderNumber: history.lastOrderNumber,
      milliseconds: Date.now() - started,
    };
  });
}
