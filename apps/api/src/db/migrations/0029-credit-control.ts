// Credit control at checkout (issue 18 §1): each store's credit policy beside its credit limit (0011).
// none: the limit is shown, never enforced; warn: the cart warns, ordering goes on; hold: an order over
// the limit is stored with status on_hold until staff release it. Stores that already had a limit were
// refused over it; they get hold, the nearest policy, so none of them loses its control. The order
// status on_hold needs no column (orders.status is text); 0011's open-orders index now counts it open. Docs: docs/credit-control.md.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('credit_policy', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await sql`update customers set credit_policy = 'hold' where credit_limit_cents is not null`.execute(db);
  // 0011's partial index of open orders, with on_hold now open too; the status list is written exactly as
  // the admin retailers' query writes it (OPEN_ORDER_STATUSES in order), so the planner still matches it.
  await db.schema.dropIndex('orders_open_customer_idx').ifExists().execute();
  await sql`create index orders_open_customer_idx on orders (customer_id)
    where status in ('on_hold', 'placed', 'confirmed', 'picking', 'out_for_delivery')`.execute(db);
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('orders_open_customer_idx').ifExists().execute();
  await sql`create index orders_open_customer_idx on orders (customer_id)
    where status in ('placed', 'confirmed', 'picking', 'out_for_delivery')`.execute(db);
  await db.schema.alterTable('customers').dropColumn('credit_policy').execute();
}
