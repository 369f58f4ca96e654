// Shapes of the admin retailers API, from the schemas shared with the API (types only: no zod at run time here).
import type { AdminRetailerSortKey } from '@portal/shared/api/sort';
import type { RetailerDetail } from '@portal/shared/retailers/retailers.schemas';

export type {
  RetailerBody,
  RetailerChoices,
  RetailerDetail,
  RetailerInput,
  RetailerRow,
  RetailerStatusFilter,
} from '@portal/shared/retailers/retailers.schemas';

export type RetailerSort = AdminRetailerSortKey;
export type RetailerUser = RetailerDetail['users'][number];
export type RetailerOrder = RetailerDetail['lastOrders'][number];
