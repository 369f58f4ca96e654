// The office's order queue (docs/admin-orders.md): the server-paged list, the user's saved views and
// their counts, bulk status moves (a result per order) and one PDF of many orders.
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  AdminOrderRow,
  BulkStatusResult,
  FilterChoices,
  SavedView,
  SavedViewCounts,
  SavedViewFilters,
} from '@portal/shared/orders/admin-orders.schemas';
import type { TargetStatus } from '@portal/shared/orders/order-status';
import { downloadPostedFile } from '../../lib/download-file';
import { api } from '../../lib/api';

export const ORDERS_FAILED = 'Failed to fetch orders';
export const VIEW_SAVE_FAILED = 'Failed to save the view';
export const VIEW_DELETE_FAILED = 'Failed to delete the view';
export const BULK_FAILED = 'Failed to change the orders';
export const PDF_FAILED = 'Failed to print the orders';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

export const adminOrdersApi = api.enhanceEndpoints({ addTagTypes: ['AdminOrders', 'OrderViews'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<Paged<AdminOrderRow>, string>({
      query: (search) => `/admin/orders?${search}`,
      transformResponse: unwrap<Paged<AdminOrderRow>>,
      providesTags: ['AdminOrders'],
    }),
    getOrderFilterChoices: build.query<FilterChoices, void>({
      query: () => '/admin/orders/filter-choices',
      transformResponse: unwrap<FilterChoices>,
    }),
    getOrderViews: build.query<SavedView[], void>({
      query: () => '/admin/orders/views',
      transformResponse: (r: SuccessEnvelope<{ views: SavedView[] }>) => r.data.views,
      providesTags: ['OrderViews'],
    }),
    getOrderViewCounts: build.query<SavedViewCounts, void>({
      query: () => '/admin/orders/views/counts',
      transformResponse: unwrap<SavedViewCounts>,
      providesTags: ['OrderViews', 'AdminOrders'],
    }),
    createOrderView: build.mutation<SuccessEnvelope<SavedView>, { name: string; filters: SavedViewFilters }>({
      query: (body) => ({ url: '/admin/orders/views', method: 'POST', body }),
      invalidatesTags: ['OrderViews'],
    }),
    updateOrderView: build.mutation<SuccessEnvelope<SavedView>, { id: string; name: string; filters: SavedViewFilters }>({
      query: ({ id, ...body }) => ({ url: `/admin/orders/views/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['OrderViews'],
    }),
    deleteOrderView: build.mutation<SuccessEnvelope<null>, string>({
      query: (id) => ({ url: `/admin/orders/views/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['OrderViews'],
    }),
    bulkMoveOrders: build.mutation<SuccessEnvelope<BulkStatusResult>, { orderIds: string[]; status: TargetStatus }>({
      query: (body) => ({ url: '/admin/orders/bulk/status', method: 'POST', body }),
      invalidatesTags: ['AdminOrders'],
    }),
  }),
});

export const {
  useGetAdminOrdersQuery,
  useGetOrderFilterChoicesQuery,
  useGetOrderViewsQuery,
  useGetOrderViewCountsQuery,
  useCreateOrderViewMutation,
  useUpdateOrderViewMutation,
  useDeleteOrderViewMutation,
  useBulkMoveOrdersMutation,
} = adminOrdersApi;

/** One PDF of the chosen orders, saved as a file (a PDF is not state: it goes around the store). */
export function downloadOrdersPdf(orderIds: readonly string[], hasPrice: boolean): Promise<void> {
  const name = `orders-${orderIds.length}${hasPrice ? '' : '-pick-copies'}.pdf`;
  return downloadPostedFile('/admin/orders/bulk/pdf', { orderIds, hasPrice }, name, PDF_FAILED);
}
