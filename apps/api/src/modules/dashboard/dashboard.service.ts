// Dashboard shelves for a customer account: who may ask for which customer number, and the lists.
// A retailer may ask only for its own store; a sales rep for its own customers.
import { DASHBOARD_PARAMS_MESSAGE } from '@portal/shared/catalog/catalog.schemas';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { retailerBuyer, salesBuyer, type BuyerContext } from '../../platform/buyer-context.ts';
import { listShelf, type Shelf } from '../catalog/catalog.service.ts';
import { findCustomerById, findCustomerByNumber } from '../customers/customers.service.ts';

const missing = (v: string | undefined) => v == null || v.trim() === '' || v.trim() === 'undefined';

/** Spec §5: role and customer number are required; the literal 'undefined' counts as missing. */
export async function dashboardBuyer(
  db: Db,
  actor: Actor,
  q: { role?: string; customerNumber?: string; c_number?: string },
): Promise<BuyerContext> {
  const number = missing(q.customerNumber) ? q.c_number : q.customerNumber;
  if (missing(q.role) || missing(number)) throw badRequest(DASHBOARD_PARAMS_MESSAGE);
  const role = q.role!.trim();
  const cNumber = number!.trim();
  if (role !== actor.role) throw forbidden('You may only ask for your own role');
  if (actor.role === 'retailer') {
    const buyer = retailerBuyer(actor);
    const own = await findCustomerById(db, buyer.customerId);
    if (!own || own.c_number !== cNumber) throw forbidden('You may only view your own store');
    return buyer;
  }
  if (actor.role === 'sales') {
    const customer = await findCustomerByNumber(db, actor.distributorId, cNumber);
    if (!customer) throw notFound('Customer not found');
    if (!actor.salesRepId || customer.sales_rep_id !== actor.salesRepId) throw forbidden('This customer is not one of yours');
    return salesBuyer(actor, customer.id);
  }
  throw forbidden();
}

export async function shelf(db: Db, buyer: BuyerContext, kind: Shelf, page: number, limit: number) {
  return listShelf(db, buyer, kind, page, limit);
}
