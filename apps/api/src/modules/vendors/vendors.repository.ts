// All SQL of the admin vendors: one distributor's vendors with their product counts, paged, sorted
// and searched; the vendor's products; inserts and updates.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { VendorSortKey, Sorting } from '@portal/shared/api/sort';
import type { VendorStatusFilter } from '@portal/shared/vendors/vendors.schemas';
import type { DbOrTrx } from '../../db/database.ts';
import { containsPattern } from '../../db/like.ts';

export interface VendorDbRow {
  id: string;
  name: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  is_active: number;
  created_at: string;
  product_count: number | string;
}

export interface VendorListFilter {
  distributorId: string;
  search?: string;
  status: VendorStatusFilter;
}

function vendorsQuery(db: DbOrTrx, f: VendorListFilter) {
  let q = db.selectFrom('vendors as v').where('v.distributor_id', '=', f.distributorId);
  if (f.status === 'active') q = q.where('v.is_active', '=', 1);
  if (f.status === 'inactive') q = q.where('v.is_active', '=', 0);
  if (f.search) {
    const p = containsPattern(f.search);
    const like = (col: 'v.name' | 'v.contact_name' | 'v.email'): Expression<SqlBool> =>
      sql<SqlBool>`lower(coalesce(${sql.ref(col)}, '')) like ${p} escape '\\'`;
    q = q.where((eb) => eb.or([like('v.name'), like('v.contact_name'), like('v.email')]));
  }
  return q;
}

/** The number of products naming the vendor (active or not), as a correlated subquery. */
const productCount = sql<number | string>`(select count(*) from products p where p.vendor_id = v.id)`;

const COLUMNS = ['v.id', 'v.name', 'v.contact_name', 'v.email', 'v.phone', 'v.is_active', 'v.created_at'] as const;

export async function listVendors(
  db: DbOrTrx,
  f: VendorListFilter,
  sorting: Sorting<VendorSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: VendorDbRow[]; total: number }> {
  const { dir } = sorting;
  let q = vendorsQuery(db, f)
    .select([...COLUMNS])
    .select(productCount.as('product_count'));
  if (sorting.sort === 'productCount') q = q.orderBy('product_count', dir);
  else if (sorting.sort === 'createdAt') q = q.orderBy('v.created_at', dir);
  else if (sorting.sort === 'isActive') q = q.orderBy('v.is_active', dir);
  const rows = await q
    .orderBy(sql`lower(v.name)`, sorting.sort === 'name' ? dir : 'asc')
    .orderBy('v.id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await vendorsQuery(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows as VendorDbRow[], total: Number(count.n) };
}

export async function findVendor(db: DbOrTrx, distributorId: string, id: string): Promise<VendorDbRow | undefined> {
  const row = await db
    .selectFrom('vendors as v')
    .select([...COLUMNS])
    .select(productCount.as('product_count'))
    .where('v.distributor_id', '=', distributorId)
    .where('v.id', '=', id)
    .executeTakeFirst();
  return row as VendorDbRow | undefined;
}

/** Another vendor of this distributor with the same name, letter case aside. */
export async function findVendorByName(
  db: DbOrTrx,
  distributorId: string,
  name: string,
  exceptId?: string,
): Promise<{ id: string; name: string } | undefined> {
  let q = db
    .selectFrom('vendors')
    .select(['id', 'name'])
    .where('distributor_id', '=', distributorId)
    .where(sql<SqlBool>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export interface VendorFields {
  name: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
}

export async function insertVendor(
  db: DbOrTrx,
  row: VendorFields & { id: string; distributor_id: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('vendors')
    .values({ ...row, is_active: 1 })
    .execute();
}

export async function updateVendor(
  db: DbOrTrx,
  distributorId: string,
  id: string,
  set: Partial<VendorFields> & { is_active?: number },
) {
  await db.updateTable('vendors').set(set).where('distributor_id', '=', distributorId).where('id', '=', id).execute();
}

export async function listVendorProducts(
  db: DbOrTrx,
  distributorId: string,
  vendorId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: { id: string; item_number: string; description: string; is_active: number }[]; total: number }> {
  const base = db.selectFrom('products').where('distributor_id', '=', distributorId).where('vendor_id', '=', vendorId);
  const rows = await base
    .select(['id', 'item_number', 'description', 'is_active'])
    .orderBy('item_number')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return { rows: rows as { id: string; item_number: string; description: string; is_active: number }[], total: Number(count.n) };
}
