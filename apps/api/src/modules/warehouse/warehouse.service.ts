// The distributor and warehouse details a buyer sees, its customer's own warehouse first.
import type { WarehouseDetail } from '@portal/shared/auth/auth.schemas';
import type { DbOrTrx } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { BuyerContext } from '../../platform/buyer-context.ts';
import { toWarehouseDetails } from '../customers/customer-record.ts';
import { findCustomerById, findDistributor, listWarehouses } from '../customers/customers.service.ts';

export async function warehouseProfile(db: DbOrTrx, buyer: BuyerContext): Promise<WarehouseDetail[]> {
  const [distributor, customer] = await Promise.all([
    findDistributor(db, buyer.distributorId),
    findCustomerById(db, buyer.customerId),
  ]);
  if (!distributor) throw notFound('Distributor not found');
  const warehouses = await listWarehouses(db, buyer.distributorId, customer?.warehouse_id ?? null);
  return toWarehouseDetails(distributor, warehouses);
}
