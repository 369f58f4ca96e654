// The distributor's stores (docs/admin-retailers.md): the server-paged, sorted, searched and filtered
// list, one store's page, create and edit its terms, deactivate and reactivate, and the pickers' choices.
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import { api } from '../../lib/api';
import type { RetailerChoices, RetailerDetail, RetailerInput, RetailerRow } from './admin-retailers.types';

export const RETAILERS_FAILED = 'Failed to fetch retailers';
export const RETAILER_FAILED = 'Failed to fetch the retailer';
export const RETAILER_SAVE_FAILED = 'Failed to save the retailer';
export const RETAILER_STATUS_FAILED = 'Failed to change the retailer';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;
const path = (id: string) => `/admin/retailers/${encodeURIComponent(id)}`;

export const adminRetailersApi = api.enhanceEndpoints({ addTagTypes: ['AdminRetailers'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `params`: the list's query string (retailer-list-view.ts builds it). */
    getAdminRetailers: build.query<Paged<RetailerRow>, string>({
      query: (params) => `/admin/retailers?${params}`,
      transformResponse: unwrap<Paged<RetailerRow>>,
      providesTags: ['AdminRetailers'],
    }),
    getAdminRetailer: build.query<RetailerDetail, string>({
      query: (id) => path(id),
      transformResponse: unwrap<RetailerDetail>,
      providesTags: (_r, _e, id) => [{ type: 'AdminRetailers', id }],
    }),
    getRetailerChoices: build.query<RetailerChoices, void>({
      query: () => '/admin/retailers/choices',
      transformResponse: unwrap<RetailerChoices>,
      providesTags: ['AdminRetailers'],
    }),
    createAdminRetailer: build.mutation<SuccessEnvelope<RetailerDetail>, RetailerInput>({
      query: (body) => ({ url: '/admin/retailers', method: 'POST', body }),
      invalidatesTags: ['AdminRetailers'],
    }),
    updateAdminRetailer: build.mutation<SuccessEnvelope<RetailerDetail>, { id: string; body: RetailerInput }>({
      query: ({ id, body }) => ({ url: path(id), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => ['AdminRetailers', { type: 'AdminRetailers', id }],
    }),
    setAdminRetailerActive: build.mutation<SuccessEnvelope<RetailerDetail>, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: `${path(id)}/${active ? 'reactivate' : 'deactivate'}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => ['AdminRetailers', { type: 'AdminRetailers', id }],
    }),
  }),
});

export const {
  useGetAdminRetailersQuery,
  useGetAdminRetailerQuery,
  useGetRetailerChoicesQuery,
  useCreateAdminRetailerMutation,
  useUpdateAdminRetailerMutation,
  useSetAdminRetailerActiveMutation,
} = adminRetailersApi;
