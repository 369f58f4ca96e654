// The sales area's own calls (spec §7 Sales; docs/sales.md): the rep's customers, store details,
// the working customer, profile, password, banners, top products and signed-in devices. Catalogue,
// cart and order calls are the retailer features' endpoints, bound to the customer by sales-binding.ts.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { Device } from '@portal/shared/sales/devices.schemas';
import type {
  Banner,
  CustomerListResponse,
  SalesProfileResponse,
  SalesSessionResponse,
  StoreDetailsResponse,
  TopProductsResponse,
} from '@portal/shared/sales/sales.schemas';
import { api } from '../../lib/api';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

export const salesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCustomerList: build.query<CustomerListResponse, void>({
      query: () => '/sales/customerList',
      transformResponse: unwrap<CustomerListResponse>,
      providesTags: ['Customers'],
    }),
    getStoreDetails: build.query<StoreDetailsResponse, string>({
      query: (cNumber) => `/sales/storeDetails/${encodeURIComponent(cNumber)}`,
      transformResponse: unwrap<StoreDetailsResponse>,
    }),
    setSalesSession: build.mutation<SalesSessionResponse, string>({
      query: (customerId) => ({ url: `/sales/setSalesSession/${encodeURIComponent(customerId)}`, method: 'POST' }),
      transformResponse: unwrap<SalesSessionResponse>,
    }),
    getSalesProfile: build.query<SalesProfileResponse, void>({
      query: () => '/sales/profile',
      transformResponse: unwrap<SalesProfileResponse>,
      providesTags: ['Profile'],
    }),
    getBannerList: build.query<Banner[], void>({
      query: () => '/sales/bannerList',
      transformResponse: (r: SuccessEnvelope<{ bannerList: Banner[] }>) => r.data.bannerList,
      providesTags: ['Dashboard'],
    }),
    getTopProducts: build.query<TopProductsResponse, { limit?: number } | void>({
      query: (arg) => ({ url: '/dashboard/topProductForSales', params: { page: 1, limit: arg?.limit ?? 20 } }),
      transformResponse: unwrap<TopProductsResponse>,
      providesTags: ['Dashboard'],
    }),
    getDevices: build.query<{ devices: Device[]; total: number }, void>({
      query: () => '/sales/devices',
      transformResponse: unwrap<{ devices: Device[]; total: number }>,
      providesTags: ['Devices'],
    }),
    signOutDevice: build.mutation<SuccessEnvelope<{ id: string; isCurrent: boolean }>, string>({
      query: (sessionId) => ({ url: `/sales/devices/${encodeURIComponent(sessionId)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Devices']),
    }),
  }),
});

export const {
  useGetCustomerListQuery,
  useGetStoreDetailsQuery,
  useSetSalesSessionMutation,
  useGetSalesProfileQuery,
  useGetBannerListQuery,
  useGetTopProductsQuery,
  useGetDevicesQuery,
  useSignOutDeviceMutation,
} = salesApi;
