// A store's terms that 0001 had no column for (issue 15 §1): its delivery charge rule (standard: the
// distributor's setting; waived; flat: delivery_charge_cents), credit limit, tax-exempt flag and staff
// notes; and C_Numbers unique per distributor (0012 drops 0001's database-wide unique c_number).
// The partial index of open orders answers the admin list's "has open orders" filter and count without
// reading each store's delivered history; its status list is written out exactly as the list's query
// writes it (modules/retailers/retailers.repository.ts): a planner matches a partial index only on the same terms.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('delivery_charge_rule', 'text', (c) => c.notNull().defaultTo('standard'))
    .execute();
  await db.schema.alterTable('customers').addColumn('delivery_charge_cents', 'integer').execute();
  await db.schema.alterTable('customers').addColumn('credit_limit_cents', 'integer').execute();
  await db.schema
    .alterTable('customers')
    .addColumn('is_tax_exempt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('customers').addColumn('notes', 'text').execute();
  await db.schema
    .createIndex('customers_c_number_unique')
    .on('customers')
    .unique()
    .columns(['distributor_id', 'c_number'])
    .execute();
  await db.schema
    .createIndex('customers_distributor_name_idx')
    .on('customers')
    .columns(['distributor_id', 'company_name'])
    .execute();
  await sql`create index orders_open_customer_idx on orders (customer_id)
    where status in ('placed', 'confirmed', 'picking', 'out_for_delivery')`.execute(db);
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('customers_distributor_name_idx').ifExists().execute();
  await db.schema.dropIndex('orders_open_customer_idx').ifExists().execute();
  await db.schema.dropIndex('customers_c_number_unique').ifExists().execute();
  for (const column of ['notes', 'is_tax_exempt', 'credit_limit_cents', 'delivery_charge_cents', 'delivery_charge_rule']) {
    await db.schema.alterTable('customers').dropColumn(column).execute();
  }
}
