// Sales per local day (issue 18 §5 and §7): the dashboard's and the reports' sums read these roll-ups
// instead of every order and order line. Kept up to date in the same transaction as every order write
// (modules/orders/sales-summary.repository.ts); the rule is in docs/admin-dashboard.md ("Freshness").
// Self-contained: no application imports (the backfill repeats the rebuild's SQL on purpose).
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

function offsetMinutes(instant: Date, timeZone: string): number {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

function dayStart(day: string, timeZone: string): Date {
  const midnightAsUtc = Date.parse(`${day}T00:00:00Z`);
  let t = midnightAsUtc - offsetMinutes(new Date(midnightAsUtc), timeZone) * 60_000;
  t = midnightAsUtc - offsetMinutes(new Date(t), timeZone) * 60_000;
  if (localDay(new Date(t), timeZone) !== day) t += 60 * 60_000;
  return new Date(t);
}

const addDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function timeZoneOf(raw: string | undefined): string {
  try {
    const v = raw == null ? null : (JSON.parse(raw) as unknown);
    if (typeof v === 'string') {
      new Intl.DateTimeFormat('en-US', { timeZone: v });
      return v;
    }
  } catch {
    // the application's default below
  }
  return 'UTC';
}

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  // One row per distributor, local day and the orders' current status.
  await db.schema
    .createTable('sales_daily')
    .addColumn('distributor_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('total_cents', big, (c) => c.notNull())
    .addColumn('quantity', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('sales_daily_pk', ['distributor_id', 'day', 'status'])
    .execute();
  // One row per distributor, local day and store, orders other than cancelled only.
  await db.schema
    .createTable('sales_daily_stores')
    .addColumn('distributor_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('total_cents', big, (c) => c.notNull())
    .addColumn('quantity', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('sales_daily_stores_pk', ['distributor_id', 'day', 'customer_id'])
    .execute();
  // One row per distributor, local day and product, orders other than cancelled only.
  await db.schema
    .createTable('sales_daily_products')
    .addColumn('distributor_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('quantity', big, (c) => c.notNull())
    .addColumn('line_cents', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('sales_daily_products_pk', ['distributor_id', 'day', 'product_id'])
    .execute();
  // The time zone each distributor's rows were cut in; no row = not built.
  await db.schema
    .createTable('sales_summary_state')
    .addColumn('distributor_id', 'text', (c) => c.primaryKey())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('built_at', 'text', (c) => c.notNull())
    .execute();

  // Backfill.
  const distributors = (await db.selectFrom('distributors').select('id').execute()) as { id: string }[];
  for (const { id } of distributors) {
    const setting = (await db
      .selectFrom('settings')
      .select('value')
      .where('distributor_id', '=', id)
      .where('key', '=', 'time_zone')
      .executeTakeFirst()) as { value: string } | undefined;
    const timeZone = timeZoneOf(setting?.value);
    const span = (await db
      .selectFrom('orders')
      .select([sql<string | null>`min(created_at)`.as('lo'), sql<string | null>`max(created_at)`.as('hi')])
      .where('distributor_id', '=', id)
      .executeTakeFirst()) as { lo: string | null; hi: string | null } | undefined;
    if (span?.lo && span.hi) {
      const last = localDay(new Date(span.hi), timeZone);
      const days: string[] = [];
      for (let d = localDay(new Date(span.lo), timeZone); d <= last; d = addDay(d)) days.push(d);
      for (let i = 0; i < days.length; i += 400) {
        const chunk = days.slice(i, i + 400);
        const values = sql.join(
          chunk.map(
            (d) =>
              sql`(${sql.lit(d)}, ${sql.lit(dayStart(d, timeZone).toISOString())}, ${sql.lit(dayStart(addDay(d), timeZone).toISOString())})`,
          ),
          sql`, `,
        );
        await sql`
          with b (day, s, e) as (values ${values})
          insert into sales_daily (distributor_id, day, status, orders, total_cents, quantity)
          select o.distributor_id, b.day, o.status, count(*), sum(o.total_cents),
            sum(coalesce((select sum(l.quantity) from order_lines l where l.order_id = o.id), 0))
          from b inner join orders o on o.distributor_id = ${id} and o.created_at >= b.s and o.created_at < b.e
          group by o.distributor_id, b.day, o.status
        `.execute(db);
        await sql`
          with b (day, s, e) as (values ${values})
          insert into sales_daily_stores (distributor_id, day, customer_id, orders, total_cents, quantity)
          select o.distributor_id, b.day, o.customer_id, count(*), sum(o.total_cents),
            sum(coalesce((select sum(l.quantity) from order_lines l where l.order_id = o.id), 0))
          from b inner join orders o on o.distributor_id = ${id} and o.created_at >= b.s and o.created_at < b.e
          where o.status <> 'cancelled'
          group by o.distributor_id, b.day, o.customer_id
        `.execute(db);
        await sql`
          with b (day, s, e) as (values ${values})
          insert into sales_daily_products (distributor_id, day, product_id, orders, quantity, line_cents)
          select o.distributor_id, b.day, l.product_id, count(distinct o.id), sum(l.quantity), sum(l.line_total_cents)
          from b inner join orders o on o.distributor_id = ${id} and o.created_at >= b.s and o.created_at < b.e
          inner join order_lines l on l.order_id = o.id
          where o.status <> 'cancelled'
          group by o.distributor_id, b.day, l.product_id
        `.execute(db);
      }
    }
    await db
      .insertInto('sales_summary_state')
      .values({ distributor_id: id, time_zone: timeZone, built_at: new Date().toISOString() })
      .execute();
  }
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  for (const t of ['sales_summary_state', 'sales_daily_products', 'sales_daily_stores', 'sales_daily'])
    await db.schema.dropTable(t).ifExists().execute();
}
