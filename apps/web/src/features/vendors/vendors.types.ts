// Shapes of the vendors API, from the schemas shared with the API (types only: no zod at run time here).
import type { VendorSortKey } from '@portal/shared/api/sort';
import type { VendorStatusFilter } from '@portal/shared/vendors/vendors.schemas';

export type { VendorBody, VendorProduct, VendorRow } from '@portal/shared/vendors/vendors.schemas';

export type VendorSort = VendorSortKey;
export type VendorStatus = VendorStatusFilter;

/** The list's view as the screen asks for it (every field set; the server has the same defaults). */
export interface VendorListQuery {
  page: number;
  limit: number;
  sort: VendorSort;
  dir: 'asc' | 'desc';
  search: string;
  status: VendorStatus;
}
