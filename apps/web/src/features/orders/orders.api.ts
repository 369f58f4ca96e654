// Order history calls of the retailer (spec §7): history by dates and search, one order with its
// lines, delivery status, the orders of one product; and the PDF download.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { OrderHistorySortKey, SortDirection } from '@portal/shared/api/sort';
import type {
  deliveryStatusResponse,
  orderDetailResponse,
  orderHistoryResponse,
  productOrderHistoryResponse,
} from '@portal/shared/orders/orders.schemas';
import { CUSTOMER_ID_HEADER } from '@portal/shared/sales/sales.schemas';
import type { z } from 'zod';
import { API_BASE, api } from '../../lib/api';
import { storage } from '../../lib/storage';

export type OrderHistory = z.infer<typeof orderHistoryResponse>;
export type OrderDetail = z.infer<typeof orderDetailResponse>;
export type DeliveryStatus = z.infer<typeof deliveryStatusResponse>;
export type ProductOrderHistory = z.infer<typeof productOrderHistoryResponse>;

export const ORDER_HISTORY_PAGE_SIZE = 10;
export const ORDER_MESSAGES = {
  history: 'Failed to fetch order history',
  detail: 'Failed to fetch order details',
  status: 'Failed to fetch delivery status',
  pdf: 'Failed to download the PDF',
  productHistory: 'Failed to fetch the order history of this product',
} as const;

export interface OrderHistoryArgs {
  page: number;
  limit?: number;
  startDate?: string;
  endDate?: string;
  search?: string;
  sort?: OrderHistorySortKey;
  dir?: SortDirection;
}

const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderHistory: build.query<OrderHistory, OrderHistoryArgs>({
      query: ({ limit = ORDER_HISTORY_PAGE_SIZE, ...rest }) => ({
        url: '/retailer/orderHistory',
        params: defined({ ...rest, limit }),
      }),
      transformResponse: (r: SuccessEnvelope<OrderHistory>) => r.data,
      providesTags: ['Orders'],
    }),
    getOrderDetail: build.query<OrderDetail, { orderNumber: string; page?: number; limit?: number }>({
      query: ({ orderNumber, page = 1, limit = 50 }) => ({
        url: `/retailer/orderHistoryByOrderNumber/${encodeURIComponent(orderNumber)}`,
        params: { page, limit },
      }),
      transformResponse: (r: SuccessEnvelope<OrderDetail>) => r.data,
      providesTags: ['Orders'],
    }),
    getDeliveryStatus: build.query<DeliveryStatus, string>({
      query: (orderNumber) => `/retailer/orderDeliveryStatus/${encodeURIComponent(orderNumber)}`,
      transformResponse: (r: SuccessEnvelope<DeliveryStatus>) => r.data,
      providesTags: ['Orders'],
    }),
    getProductOrderHistory: build.query<ProductOrderHistory, { productNumber: string; page?: number; limit?: number }>({
      query: ({ productNumber, page = 1, limit = 10 }) => ({
        url: `/retailer/orderHistoryByProductNumber/${encodeURIComponent(productNumber)}`,
        params: { page, limit },
      }),
      transformResponse: (r: SuccessEnvelope<ProductOrderHistory>) => r.data,
      providesTags: ['Orders'],
    }),
  }),
});

export const {
  useGetOrderHistoryQuery,
  useGetOrderDetailQuery,
  useGetDeliveryStatusQuery,
  useLazyGetOrderDetailQuery,
  useGetProductOrderHistoryQuery,
} = ordersApi;

/**
 * Downloads the order PDF (with or without prices) with the bearer token and saves it as a file.
 * A PDF is not state, so it goes around the store: fetched as a blob and handed to the browser.
 */
export async function downloadOrderPdf(orderNumber: string, hasPrice: boolean, salesCustomerId?: string | null): Promise<void> {
  const params = new URLSearchParams({ orderNumber, hasPrice: String(hasPrice) });
  const token = storage.getToken();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  // A sales rep asks for the selected customer's order (spec §7 GET /sales/orderPdf/{customerId}).
  if (salesCustomerId) headers[CUSTOMER_ID_HEADER] = salesCustomerId;
  const path = salesCustomerId ? `/sales/orderPdf/${encodeURIComponent(salesCustomerId)}` : '/retailer/orderPdf';
  const res = await fetch(`${API_BASE}${path}?${params}`, { headers });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : ORDER_MESSAGES.pdf);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `order-${orderNumber}${hasPrice ? '' : '-without-prices'}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
