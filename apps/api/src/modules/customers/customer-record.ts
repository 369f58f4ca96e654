// Maps our rows to the spec's field names (spec §3 "Retailer/customer record" and
// "Warehouse/distributor detail"). Used by auth, retailer and sales answers alike.
import type { RetailerRecord, WarehouseDetail } from '@portal/shared/auth/auth.schemas';
import type { DistributorTable, WarehouseTable } from '../../db/schema.ts';
import type { CustomerWithRep } from './customers.repository.ts';

export function toRetailerRecord(c: CustomerWithRep): RetailerRecord {
  return {
    id: c.id,
    C_Number: c.c_number,
    C_Name: c.contact_name,
    C_CoName: c.company_name,
    C_Address: c.address,
    C_City: c.city,
    C_State: c.state,
    C_Phone: c.phone,
    LastBalance: c.balance_cents / 100,
    C_OrderDay: c.order_day,
    // The spec reads the first entry only; a customer without a route has none.
    Routes: c.route_number ? [{ Route_Number: c.route_number, Stop_Number: c.stop_number }] : [],
    salesRep: c.sales_rep_name ? { S_Desc: c.sales_rep_name } : null,
  };
}

/**
 * One D_* entry per warehouse: D_Name is the distributor's company name (the header's
 * "Distributor Details" tab), the address and phone are the warehouse's, else the distributor's.
 */
export function toWarehouseDetail(distributor: DistributorTable, warehouse?: WarehouseTable): WarehouseDetail {
  return {
    D_Name: distributor.company_name,
    D_Addr1: warehouse?.addr1 ?? distributor.addr1,
    D_City: warehouse?.city ?? distributor.city,
    D_State: warehouse?.state ?? distributor.state,
    D_Phone: warehouse?.phone ?? distributor.phone,
  };
}

/** The whole list; a distributor without warehouses still gets one entry, from its own address. */
export function toWarehouseDetails(distributor: DistributorTable, warehouses: WarehouseTable[]): WarehouseDetail[] {
  if (warehouses.length === 0) return [toWarehouseDetail(distributor)];
  return warehouses.map((w) => toWarehouseDetail(distributor, w));
}
