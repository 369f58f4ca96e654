// Rebuilds one distributor's sales roll-ups (migrations 0033 and 0040) from its orders: used when they
// were never built or were cut in another time zone (modules/orders/sales-summary.repository.ts), and
// by the seed after it loads its order history. Shared by db/seed and modules/orders, so it lives here.
import { sql } from 'kysely';
import { addDays } from '@portal/shared/dashboard/distributor-dashboard.schemas';
import { dayStart, localDay } from '../platform/time-zone.ts';
import { dialectOf, type DbOrTrx } from './database.ts';

const CHUNK_DAYS = 400;

/** Replaces every roll-up row of the distributor with sums of its orders by local day in `timeZone`. */
export async function rebuildSalesSummary(trx: DbOrTrx, distributorId: string, timeZone: string, at: string): Promise<void> {
  await trx.deleteFrom('sales_daily').where('distributor_id', '=', distributorId).execute();
  await trx.deleteFrom('sales_daily_stores').where('distributor_id', '=', distributorId).execute();
  await trx.deleteFrom('sales_daily_products').where('distributor_id', '=', distributorId).execute();
  await trx.deleteFrom('sales_monthly_stores').where('distributor_id', '=', distributorId).execute();
  await trx.deleteFrom('sales_monthly_products').where('distributor_id', '=', distributorId).execute();
  const span = await trx
    .selectFrom('orders')
    .select([sql<string | null>`min(created_at)`.as('lo'), sql<string | null>`max(created_at)`.as('hi')])
    .where('distributor_id', '=', distributorId)
    .executeTakeFirst();
  if (span?.lo && span.hi) {
    const last = localDay(new Date(span.hi), timeZone);
    const days: string[] = [];
    for (let d = localDay(new Date(span.lo), timeZone); d <= last; d = addDays(d, 1)) days.push(d);
    for (let i = 0; i < days.length; i += CHUNK_DAYS) {
      // Literals, not parameters: a VALUES list of text parameters has no type on PostgreSQL.
      const values = sql.join(
        days
          .slice(i, i + CHUNK_DAYS)
          .map(
            (d) =>
              sql`(${sql.lit(d)}, ${sql.lit(dayStart(d, timeZone).toISOString())}, ${sql.lit(dayStart(addDays(d, 1), timeZone).toISOString())})`,
          ),
        sql`, `,
      );
      await sql`
        with b (day, s, e) as (values ${values})
        insert into sales_daily (distributor_id, day, status, orders, total_cents, quantity)
        select o.distributor_id, b.day, o.status, count(*), sum(o.total_cents),
          sum(coalesce((select sum(l.quantity) from order_lines l where l.order_id = o.id), 0))
        from b inner join orders o on o.distributor_id = ${distributorId} and o.created_at >= b.s and o.created_at < b.e
        group by o.distributor_id, b.day, o.status
      `.execute(trx);
      await sql`
        with b (day, s, e) as (values ${values})
        insert into sales_daily_stores (distributor_id, day, customer_id, orders, total_cents, quantity)
        select o.distributor_id, b.day, o.customer_id, count(*), sum(o.total_cents),
          sum(coalesce((select sum(l.quantity) from order_lines l where l.order_id = o.id), 0))
        from b inner join orders o on o.distributor_id = ${distributorId} and o.created_at >= b.s and o.created_at < b.e
        where o.status <> 'cancelled'
        group by o.distributor_id, b.day, o.customer_id
      `.execute(trx);
      await sql`
        with b (day, s, e) as (values ${values})
        insert into sales_daily_products (distributor_id, day, product_id, orders, quantity, line_cents)
        select o.distributor_id, b.day, l.product_id, count(distinct o.id), sum(l.quantity), sum(l.line_total_cents)
        from b inner join orders o on o.distributor_id = ${distributorId} and o.created_at >= b.s and o.created_at < b.e
        inner join order_lines l on l.order_id = o.id
        where o.status <> 'cancelled'
        group by o.distributor_id, b.day, l.product_id
      `.execute(trx);
    }
  }
  // The month rows from the day rows, which are local days already.
  await sql`
    insert into sales_monthly_stores (distributor_id, month, customer_id, orders, total_cents, quantity)
    select distributor_id, substr(day, 1, 7), customer_id, sum(orders), sum(total_cents), sum(quantity)
    from sales_daily_stores where distributor_id = ${distributorId} group by distributor_id, substr(day, 1, 7), customer_id
  `.execute(trx);
  await sql`
    insert into sales_monthly_products (distributor_id, month, product_id, orders, quantity, line_cents)
    select distributor_id, substr(day, 1, 7), product_id, sum(orders), sum(quantity), sum(line_cents)
    from sales_daily_products where distributor_id = ${distributorId} group by distributor_id, substr(day, 1, 7), product_id
  `.execute(trx);
  await trx
    .insertInto('sales_summary_state')
    .values({ distributor_id: distributorId, time_zone: timeZone, built_at: at })
    .onConflict((oc) => oc.column('distributor_id').doUpdateSet({ time_zone: timeZone, built_at: at }))
    .execute();
  // PostgreSQL: statistics for the rows just written. Tables filled in one go have none until autovacuum
  // gets to them, and the reports' plans then expect a few rows (sorts spilled to disk, nested loops).
  if (dialectOf(trx) === 'postgres')
    await sql`analyze sales_daily, sales_daily_stores, sales_daily_products, sales_monthly_stores, sales_monthly_products`.execute(
      trx,
    );
}
