// The customers module as other modules see it: the customer, distributor and warehouse look-ups that
// auth, profile, sales, orders, contact, dashboard and warehouse answers start from. Other modules call
// these (and the record mappers in customer-record.ts), never customers.repository.ts, so the SQL stays
// in one place and a rule added here (e.g. hiding inactive customers) reaches every caller.
import type { DbOrTrx } from '../../db/database.ts';
import * as customers from './customers.repository.ts';

/** A customer row with its sales rep's name, as every look-up here returns it. */
export type CustomerWithRep = customers.CustomerWithRep;

export function findCustomerById(db: DbOrTrx, id: string) {
  return customers.findCustomerById(db, id);
}

/** A customer by its C_Number, within one distributor. */
export function findCustomerByNumber(db: DbOrTrx, distributorId: string, cNumber: string) {
  return customers.findCustomerByNumber(db, distributorId, cNumber);
}

/** A rep's active customers, by company name. */
export function listCustomersByRep(db: DbOrTrx, salesRepId: string) {
  return customers.listCustomersByRep(db, salesRepId);
}

export function listDistributorIds(db: DbOrTrx) {
  return customers.listDistributorIds(db);
}

export function findDistributor(db: DbOrTrx, id: string) {
  return customers.findDistributor(db, id);
}

/** The distributor's warehouses, the preferred one (a retailer's own) first, then the default one. */
export function listWarehouses(db: DbOrTrx, distributorId: string, preferredId?: string | null) {
  return customers.listWarehouses(db, distributorId, preferredId);
}

// The dashboard's store figures (modules/dashboard): see customer-stats.repository.ts.
export { newStoreCounts, storeDirectory } from './customer-stats.repository.ts';
