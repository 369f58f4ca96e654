// PostgreSQL: the product roll-ups' primary keys carry the sums (INCLUDE), so a period's product sums
// (the dashboard's top products, the product and category reports) are read from the key alone, an
// index-only scan, instead of a look-up of each row in the table: a 90-day period reads about 190,000
// rows, scattered over as many table pages. SQLite stores these rows in their key's order already
// (0040's month rows) or reads the few day rows of a period's edges. Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const TABLES = [
  { table: 'sales_monthly_products', key: 'month' },
  { table: 'sales_daily_products', key: 'day' },
] as const;

async function primaryKeys(db: Db, include: boolean): Promise<void> {
  for (const { table, key } of TABLES) {
    const pk = sql.ref(`${table}_pk`);
    await sql`
      alter table ${sql.table(table)} drop constraint ${pk},
      add constraint ${pk} primary key (distributor_id, ${sql.ref(key)}, product_id)
      ${include ? sql`include (orders, quantity, line_cents)` : sql``}
    `.execute(db);
  }
}

export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await primaryKeys(db, true);
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await primaryKeys(db, false);
}
