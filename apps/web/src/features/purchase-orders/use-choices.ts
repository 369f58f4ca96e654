// The editor's vendor and product choices (GET /admin/purchase-orders/choices).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { PurchaseOrderChoices } from '@portal/shared/purchase-orders/purchase-orders.schemas';
import { api } from '../../lib/api';

const choicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPurchaseOrderChoices: build.query<PurchaseOrderChoices, string>({
      query: (vendorId) => `/admin/purchase-orders/choices${vendorId ? `?vendorId=${encodeURIComponent(vendorId)}` : ''}`,
      transformResponse: (r: SuccessEnvelope<PurchaseOrderChoices>) => r.data,
    }),
  }),
});

export const useChoices = (vendorId: string) => choicesApi.useGetPurchaseOrderChoicesQuery(vendorId);
