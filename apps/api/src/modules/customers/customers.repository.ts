// Customer, sales-rep and warehouse look-ups shared by auth, retailer and sales modules.
import type { DbOrTrx } from '../../db/database.ts';

const customerColumns = [
  'customers.id',
  'customers.distributor_id',
  'customers.warehouse_id',
  'customers.c_number',
  'customers.contact_name',
  'customers.company_name',
  'customers.address',
  'customers.city',
  'customers.state',
  'customers.zip',
  'customers.phone',
  'customers.email',
  'customers.balance_cents',
  'customers.order_day',
  'customers.route_number',
  'customers.stop_number',
  'customers.sales_rep_id',
  'customers.price_level',
  'customers.min_order_cents',
  'customers.item_limit_qty',
  'customers.is_active',
  'sales_reps.name as sales_rep_name',
] as const;

function customersWithRep(db: DbOrTrx) {
  return db.selectFrom('customers').leftJoin('sales_reps', 'sales_reps.id', 'customers.sales_rep_id').select(customerColumns);
}

export type CustomerWithRep = NonNullable<Awaited<ReturnType<typeof findCustomerById>>>;

export function findCustomerById(db: DbOrTrx, id: string) {
  return customersWithRep(db).where('customers.id', '=', id).executeTakeFirst();
}

export function findCustomerByNumber(db: DbOrTrx, distributorId: string, cNumber: string) {
  return customersWithRep(db)
    .where('customers.distributor_id', '=', distributorId)
    .where('customers.c_number', '=', cNumber)
    .executeTakeFirst();
}

/** A rep's active customers, by company name. */
export function listCustomersByRep(db: DbOrTrx, salesRepId: string) {
  return customersWithRep(db)
    .where('customers.sales_rep_id', '=', salesRepId)
    .where('customers.is_active', '=', 1)
    .orderBy('customers.company_name')
    .orderBy('customers.c_number')
    .execute();
}

/** Every distributor's id (the notification reminders job walks them). */
export async function listDistributorIds(db: DbOrTrx): Promise<string[]> {
  return (await db.selectFrom('distributors').select('id').orderBy('id').execute()).map((r) => r.id);
}

export function findDistributor(db: DbOrTrx, id: string) {
  return db.selectFrom('distributors').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The distributor's warehouses, the preferred one (a retailer's own) first, then the default one. */
export async function listWarehouses(db: DbOrTrx, distributorId: string, preferredId?: string | null) {
  const rows = await db
    .selectFrom('warehouses')
    .selectAll()
    .where('distributor_id', '=', distributorId)
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .execute();
  if (!preferredId) return rows;
  return [...rows.filter((w) => w.id === preferredId), ...rows.filter((w) => w.id !== preferredId)];
}
