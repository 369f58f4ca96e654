// The office's order details (docs/admin-orders.md "Order details"): the order, its edit before picking,
// status moves (the queue's route), the notes thread, products to add, and the PDF download.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { AdminOrderRow } from '@portal/shared/orders/admin-orders.schemas';
import type {
  EditOrderLinesInput,
  OrderDetails,
  OrderNote,
  OrderProductChoice,
} from '@portal/shared/orders/order-details.schemas';
import type { TargetStatus } from '@portal/shared/orders/order-status';
import type { ShortPickLine, ShortPickRecord, ShortPicksResponse } from '@portal/shared/epick/epick.schemas';
import { API_BASE, api } from '../../lib/api';
import { storage } from '../../lib/storage';

export const ORDER_DETAILS_FAILED = 'Failed to fetch the order';
export const ORDER_EDIT_FAILED = 'Failed to update the order';
export const ORDER_STATUS_FAILED = 'Failed to change the status';
export const ORDER_RELEASE_FAILED = 'Failed to release the order';
export const ORDER_NOTE_FAILED = 'Failed to add the note';
export const ORDER_PDF_FAILED = 'Failed to download the PDF';
export const PRODUCT_SEARCH_FAILED = 'Failed to search products';
export const SHORT_PICK_FAILED = 'Failed to record the short pick';
export const SHORT_PICKS_FAILED = 'Failed to fetch the short picks';

export const adminOrderDetailsApi = api
  // 'AdminOrders' is the queue's list: a change here refreshes it too.
  .enhanceEndpoints({ addTagTypes: ['AdminOrder', 'AdminOrders', 'Audit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getAdminOrderDetails: build.query<OrderDetails, string>({
        query: (orderId) => `/admin/orders/${encodeURIComponent(orderId)}`,
        transformResponse: (r: SuccessEnvelope<OrderDetails>) => r.data,
        providesTags: (_r, _e, orderId) => [{ type: 'AdminOrder', id: orderId }],
      }),
      editAdminOrderLines: build.mutation<SuccessEnvelope<OrderDetails>, { orderId: string } & EditOrderLinesInput>({
        query: ({ orderId, ...body }) => ({ url: `/admin/orders/${encodeURIComponent(orderId)}/lines`, method: 'PUT', body }),
        // The answer is the order as saved: written straight into the cache.
        async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) void dispatch(adminOrderDetailsApi.util.upsertQueryData('getAdminOrderDetails', orderId, data.data));
        },
        invalidatesTags: (_r, error) => (error ? [] : ['AdminOrders', 'Audit']),
      }),
      moveAdminOrderStatus: build.mutation<SuccessEnvelope<unknown>, { orderId: string; status: TargetStatus; note?: string }>({
        query: ({ orderId, ...body }) => ({ url: `/admin/orders/${encodeURIComponent(orderId)}/status`, method: 'POST', body }),
        invalidatesTags: (_r, _e, { orderId }) => [{ type: 'AdminOrder', id: orderId }, 'AdminOrders', 'Audit'],
      }),
      /**
       * An order held over its store's credit limit moves on to placed; the reason is recorded. The answer
       * is the order's queue row (the order queue writes it into its page).
       */
      releaseAdminOrder: build.mutation<SuccessEnvelope<{ order: AdminOrderRow }>, { orderId: string; reason: string }>({
        query: ({ orderId, reason }) => ({
          url: `/admin/orders/${encodeURIComponent(orderId)}/release`,
          method: 'POST',
          body: { reason },
        }),
        invalidatesTags: (_r, _e, { orderId }) => [{ type: 'AdminOrder', id: orderId }, 'AdminOrders', 'Audit'],
      }),
      addAdminOrderNote: build.mutation<
        SuccessEnvelope<{ orderNumber: string; notes: OrderNote[] }>,
        { orderId: string; text: string }
      >({
        query: ({ orderId, text }) => ({
          url: `/admin/orders/${encodeURIComponent(orderId)}/notes`,
          method: 'POST',
          body: { text },
        }),
        invalidatesTags: (_r, _e, { orderId }) => [{ type: 'AdminOrder', id: orderId }],
      }),
      getShortPicks: build.query<ShortPickRecord[], string>({
        query: (orderId) => `/admin/orders/${encodeURIComponent(orderId)}/short-picks`,
        transformResponse: (r: SuccessEnvelope<ShortPicksResponse>) => r.data.shortPicks,
        providesTags: (_r, _e, orderId) => [{ type: 'AdminOrder', id: `${orderId}:short` }],
      }),
      recordShortPicks: build.mutation<SuccessEnvelope<OrderDetails>, { orderId: string; lines: ShortPickLine[] }>({
        query: ({ orderId, lines }) => ({
          url: `/admin/orders/${encodeURIComponent(orderId)}/short-picks`,
          method: 'POST',
          body: { lines },
        }),
        // The answer is the order as adjusted: written straight into the cache; the list of short picks,
        // the queue and the History are read again.
        async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) void dispatch(adminOrderDetailsApi.util.upsertQueryData('getAdminOrderDetails', orderId, data.data));
        },
        invalidatesTags: (_r, error, { orderId }) =>
          error ? [] : [{ type: 'AdminOrder', id: `${orderId}:short` }, 'AdminOrders', 'Audit'],
      }),
      getOrderProductChoices: build.query<OrderProductChoice[], { orderId: string; search: string }>({
        query: ({ orderId, search }) => ({
          url: `/admin/orders/${encodeURIComponent(orderId)}/product-choices`,
          params: search ? { search } : {},
        }),
        transformResponse: (r: SuccessEnvelope<{ products: OrderProductChoice[] }>) => r.data.products,
      }),
    }),
  });

export const {
  useGetAdminOrderDetailsQuery,
  useEditAdminOrderLinesMutation,
  useMoveAdminOrderStatusMutation,
  useReleaseAdminOrderMutation,
  useAddAdminOrderNoteMutation,
  useGetOrderProductChoicesQuery,
  useGetShortPicksQuery,
  useRecordShortPicksMutation,
} = adminOrderDetailsApi;

/** The order's PDF (with or without prices), fetched with the token and saved as a file. */
export async function downloadAdminOrderPdf(orderId: string, orderNumber: string, hasPrice: boolean): Promise<void> {
  const token = storage.getToken();
  const res = await fetch(`${API_BASE}/admin/orders/${encodeURIComponent(orderId)}/pdf?hasPrice=${String(hasPrice)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : ORDER_PDF_FAILED);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `order-${orderNumber}${hasPrice ? '' : '-without-prices'}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
