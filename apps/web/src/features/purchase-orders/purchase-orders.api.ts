// Purchase orders and high demand (issue 18 §4, §5): the paged lists, one purchase order, the suggestions
// per vendor, the draft's writes, issue, cancel, receive, and the PDF fetched with the token.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  HighDemandList,
  HighDemandSortKey,
  PurchaseOrderBody,
  PurchaseOrderDetail,
  PurchaseOrderList,
  PurchaseOrderSortKey,
  SuggestionSummary,
  VendorSuggestion,
} from '@portal/shared/purchase-orders/purchase-orders.schemas';
import { API_BASE, api } from '../../lib/api';
import { storage } from '../../lib/storage';

export const PURCHASE_ORDERS_FAILED = 'Failed to fetch purchase orders';
export const PURCHASE_ORDER_FAILED = 'Failed to fetch the purchase order';
export const PURCHASE_ORDER_SAVE_FAILED = 'Failed to save the purchase order';
export const HIGH_DEMAND_FAILED = 'Failed to fetch high-demand products';
export const PURCHASE_ORDER_PDF_FAILED = 'Failed to download the purchase order';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

export interface PurchaseOrderListArgs {
  page: number;
  limit: number;
  sort: PurchaseOrderSortKey;
  dir: 'asc' | 'desc';
  status: string;
  search: string;
  vendorId: string;
}

export interface HighDemandArgs {
  page: number;
  limit: number;
  sort: HighDemandSortKey;
  dir: 'asc' | 'desc';
  search: string;
  vendorId: string;
}

function params(q: object): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== '' && v !== undefined && v !== null) p.set(k, String(v));
  return p.toString();
}

const id = (value: string) => encodeURIComponent(value);
const TAGS = ['PurchaseOrders', 'HighDemand'] as const;

export const purchaseOrdersApi = api.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    getPurchaseOrders: build.query<PurchaseOrderList, PurchaseOrderListArgs>({
      query: (q) => `/admin/purchase-orders?${params(q)}`,
      transformResponse: unwrap<PurchaseOrderList>,
      providesTags: ['PurchaseOrders'],
    }),
    getPurchaseOrder: build.query<PurchaseOrderDetail, string>({
      query: (poId) => `/admin/purchase-orders/${id(poId)}`,
      transformResponse: unwrap<PurchaseOrderDetail>,
      providesTags: ['PurchaseOrders'],
    }),
    getSuggestions: build.query<SuggestionSummary, void>({
      query: () => '/admin/purchase-orders/suggestions',
      transformResponse: unwrap<SuggestionSummary>,
      providesTags: ['HighDemand'],
    }),
    getVendorSuggestion: build.query<VendorSuggestion, string>({
      query: (vendorId) => `/admin/purchase-orders/suggestions/${id(vendorId)}`,
      transformResponse: unwrap<VendorSuggestion>,
      providesTags: ['HighDemand'],
    }),
    getHighDemand: build.query<HighDemandList, HighDemandArgs>({
      query: (q) => `/admin/high-demand?${params(q)}`,
      transformResponse: unwrap<HighDemandList>,
      providesTags: ['HighDemand'],
    }),
    createPurchaseOrder: build.mutation<SuccessEnvelope<PurchaseOrderDetail>, PurchaseOrderBody>({
      query: (body) => ({ url: '/admin/purchase-orders', method: 'POST', body }),
      invalidatesTags: [...TAGS],
    }),
    updatePurchaseOrder: build.mutation<SuccessEnvelope<PurchaseOrderDetail>, { id: string; body: PurchaseOrderBody }>({
      query: ({ id: poId, body }) => ({ url: `/admin/purchase-orders/${id(poId)}`, method: 'PUT', body }),
      invalidatesTags: [...TAGS],
    }),
    deletePurchaseOrder: build.mutation<SuccessEnvelope<null>, string>({
      query: (poId) => ({ url: `/admin/purchase-orders/${id(poId)}`, method: 'DELETE' }),
      invalidatesTags: [...TAGS],
    }),
    purchaseOrderAction: build.mutation<SuccessEnvelope<PurchaseOrderDetail>, { id: string; action: 'issue' | 'cancel' }>({
      query: ({ id: poId, action }) => ({ url: `/admin/purchase-orders/${id(poId)}/${action}`, method: 'POST' }),
      invalidatesTags: [...TAGS],
    }),
    receivePurchaseOrder: build.mutation<
      SuccessEnvelope<PurchaseOrderDetail>,
      { id: string; lines: { lineId: string; quantity: number }[] }
    >({
      query: ({ id: poId, lines }) => ({ url: `/admin/purchase-orders/${id(poId)}/receive`, method: 'POST', body: { lines } }),
      invalidatesTags: [...TAGS],
    }),
  }),
});

export const {
  useGetPurchaseOrdersQuery,
  useGetPurchaseOrderQuery,
  useGetSuggestionsQuery,
  useGetVendorSuggestionQuery,
  useGetHighDemandQuery,
  useCreatePurchaseOrderMutation,
  useUpdatePurchaseOrderMutation,
  useDeletePurchaseOrderMutation,
  usePurchaseOrderActionMutation,
  useReceivePurchaseOrderMutation,
} = purchaseOrdersApi;

/** The purchase order's PDF, fetched with the token and saved as a file. */
export async function downloadPurchaseOrderPdf(poId: string, poNumber: string): Promise<void> {
  const token = storage.getToken();
  const res = await fetch(`${API_BASE}/admin/purchase-orders/${id(poId)}/pdf`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : PURCHASE_ORDER_PDF_FAILED);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${poNumber}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
