// Delivery calendar and cut-offs (issue 18 §2). Calendar entries gain a kind (event as before, or
// delivery, holiday, promotion, note), the route they are for, a holiday's shift and the local dates
// they cover; each route has a cut-off per order day; an order placed after its cut-off can be flagged
// late for approval. Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('calendar_entries')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('event'))
    .execute();
  await db.schema.alterTable('calendar_entries').addColumn('route_number', 'text').execute();
  await db.schema.alterTable('calendar_entries').addColumn('shift', 'text').execute();
  await db.schema.alterTable('calendar_entries').addColumn('entry_date', 'text').execute();
  await db.schema.alterTable('calendar_entries').addColumn('end_date', 'text').execute();
  await db.schema
    .createIndex('calendar_entries_dist_kind_date_idx')
    .on('calendar_entries')
    .columns(['distributor_id', 'kind', 'entry_date'])
    .execute();

  await db.schema
    .createTable('route_cutoffs')
    .addColumn('distributor_id', 'text', (c) => c.notNull().references('distributors.id'))
    .addColumn('route_number', 'text', (c) => c.notNull())
    .addColumn('order_day', 'integer', (c) => c.notNull())
    .addColumn('cutoff_time', 'text', (c) => c.notNull())
    .addColumn('delivery_offset_days', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('route_cutoffs_pk', ['distributor_id', 'route_number', 'order_day'])
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('late').execute();
  await db.schema.dropTable('route_cutoffs').ifExists().execute();
  await db.schema.dropIndex('calendar_entries_dist_kind_date_idx').ifExists().execute();
  for (const c of ['end_date', 'entry_date', 'shift', 'route_number', 'kind'])
    await db.schema.alterTable('calendar_entries').dropColumn(c).execute();
}
