// Admin vendors: a distributor user sees and edits only its distributor's vendors. Names are unique per
// distributor, letter case aside. Vendors are never deleted (products keep their vendor): they are
// deactivated and reactivated.
import { refuseOnUniqueViolation } from '../../db/unique-violation.ts';
import { DEFAULT_SORTS, resolveSorting } from '@portal/shared/api/sort';
import {
  VENDOR_MESSAGES,
  type VendorInput,
  type VendorList,
  type VendorProducts,
  type VendorRow,
  type vendorListQuery,
  type vendorProductsQuery,
} from '@portal/shared/vendors/vendors.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { nowIso } from '../../platform/clock.ts';
import {
  findVendor,
  findVendorByName,
  insertVendor,
  listVendorProducts,
  listVendors,
  updateVendor,
  type VendorDbRow,
  type VendorFields,
} from './vendors.repository.ts';

export function toVendorRow(row: VendorDbRow): VendorRow {
  return {
    id: row.id,
    name: row.name,
    contactName: row.contact_name,
    email: row.email,
    phone: row.phone,
    isActive: Number(row.is_active) === 1,
    productCount: Number(row.product_count),
    createdAt: row.created_at,
  };
}

/** The stored columns of a form: empty optional fields are stored as null. */
export function vendorFields(input: VendorInput): VendorFields {
  return {
    name: input.name,
    contact_name: input.contactName || null,
    email: input.email || null,
    phone: input.phone || null,
  };
}

export async function listVendorRows(db: Db, actor: Actor, query: z.output<typeof vendorListQuery>): Promise<VendorList> {
  const sorting = resolveSorting(DEFAULT_SORTS.vendors, query.sort, query.dir);
  const { rows, total } = await listVendors(
    db,
    { distributorId: actor.distributorId, search: query.search || undefined, status: query.status },
    sorting,
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map(toVendorRow), total, page: query.page, limit: query.limit };
}

export async function getVendor(db: Db, actor: Actor, id: string): Promise<VendorRow> {
  const row = await findVendor(db, actor.distributorId, id);
  if (!row) throw notFound(VENDOR_MESSAGES.notFound);
  return toVendorRow(row);
}

async function refuseDuplicate(db: Db, actor: Actor, name: string, exceptId?: string): Promise<void> {
  const same = await findVendorByName(db, actor.distributorId, name, exceptId);
  if (same) throw conflict(VENDOR_MESSAGES.duplicate(name));
}

export async function createVendor(db: Db, actor: Actor, input: VendorInput): Promise<VendorRow> {
  await refuseDuplicate(db, actor, input.name);
  const id = newId();
  await refuseOnUniqueViolation(
    () => insertVendor(db, { id, distributor_id: actor.distributorId, created_at: nowIso(), ...vendorFields(input) }),
    () => conflict(VENDOR_MESSAGES.duplicate(input.name)),
  );
  return getVendor(db, actor, id);
}

export async function editVendor(db: Db, actor: Actor, id: string, input: VendorInput): Promise<VendorRow> {
  await getVendor(db, actor, id);
  await refuseDuplicate(db, actor, input.name, id);
  await refuseOnUniqueViolation(
    () => updateVendor(db, actor.distributorId, id, vendorFields(input)),
    () => conflict(VENDOR_MESSAGES.duplicate(input.name)),
  );
  return getVendor(db, actor, id);
}

export async function setVendorActive(db: Db, actor: Actor, id: string, active: boolean): Promise<VendorRow> {
  await getVendor(db, actor, id);
  await updateVendor(db, actor.distributorId, id, { is_active: active ? 1 : 0 });
  return getVendor(db, actor, id);
}

export async function vendorProducts(
  db: Db,
  actor: Actor,
  id: string,
  query: z.output<typeof vendorProductsQuery>,
): Promise<VendorProducts> {
  await getVendor(db, actor, id);
  const { rows, total } = await listVendorProducts(db, actor.distributorId, id, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      itemNumber: r.item_number,
      description: r.description,
      isActive: Number(r.is_active) === 1,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}
