// The distributor's stores (docs/admin-retailers.md): the server-paged, sorted, searched and filtered
// list, one store's page, create and edit its terms, deactivate and reactivate, the pickers' choices,
// the store's users (invite, deactivate, sign out everywhere), moving stores between sales reps and the
// read-only preview of a store's catalogue. Every change also refreshes the store's History ('Audit').
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import { api } from '../../lib/api';
import type { InventoryFilterBody, InventoryResponse } from '@portal/shared/catalog/catalog.schemas';
import type { InviteRetailerUserBody, ReassignBody, ReassignResult } from '@portal/shared/retailers/retailer-actions.schemas';
import type { RetailerChoices, RetailerDetail, RetailerInput, RetailerRow, RetailerUser } from './admin-retailers.types';

export const RETAILERS_FAILED = 'Failed to fetch retailers';
export const RETAILER_FAILED = 'Failed to fetch the retailer';
export const RETAILER_SAVE_FAILED = 'Failed to save the retailer';
export const RETAILER_STATUS_FAILED = 'Failed to change the retailer';
export const RETAILER_USER_FAILED = 'Failed to change the user';
export const INVITE_FAILED = 'Failed to send the invitation';
export const REASSIGN_FAILED = 'Failed to move the customers';
export const PREVIEW_FAILED = "Failed to fetch the store's catalogue";

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;
const path = (id: string) => `/admin/retailers/${encodeURIComponent(id)}`;

export const adminRetailersApi = api.enhanceEndpoints({ addTagTypes: ['AdminRetailers', 'Audit'] }).injectEndpoints({
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
      invalidatesTags: ['AdminRetailers', 'Audit'],
    }),
    updateAdminRetailer: build.mutation<SuccessEnvelope<RetailerDetail>, { id: string; body: RetailerInput }>({
      query: ({ id, body }) => ({ url: path(id), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => ['AdminRetailers', { type: 'AdminRetailers', id }, 'Audit'],
    }),
    setAdminRetailerActive: build.mutation<SuccessEnvelope<RetailerDetail>, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: `${path(id)}/${active ? 'reactivate' : 'deactivate'}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => ['AdminRetailers', { type: 'AdminRetailers', id }, 'Audit'],
    }),
    inviteRetailerUser: build.mutation<SuccessEnvelope<RetailerUser>, { retailerId: string; body: InviteRetailerUserBody }>({
      query: ({ retailerId, body }) => ({ url: `${path(retailerId)}/users`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { retailerId }) => [{ type: 'AdminRetailers', id: retailerId }, 'Audit'],
    }),
    setRetailerUserActive: build.mutation<SuccessEnvelope<RetailerUser>, { retailerId: string; userId: string; active: boolean }>(
      {
        query: ({ retailerId, userId, active }) => ({
          url: `${path(retailerId)}/users/${encodeURIComponent(userId)}/${active ? 'reactivate' : 'deactivate'}`,
          method: 'POST',
        }),
        invalidatesTags: (_r, _e, { retailerId }) => [{ type: 'AdminRetailers', id: retailerId }, 'Audit'],
      },
    ),
    signOutRetailerUserEverywhere: build.mutation<
      SuccessEnvelope<{ sessionsEnded: number }>,
      { retailerId: string; userId: string }
    >({
      query: ({ retailerId, userId }) => ({
        url: `${path(retailerId)}/users/${encodeURIComponent(userId)}/signOutEverywhere`,
        method: 'POST',
      }),
      invalidatesTags: ['Audit'],
    }),
    reassignRetailers: build.mutation<SuccessEnvelope<ReassignResult>, ReassignBody>({
      query: (body) => ({ url: '/admin/retailers/reassign', method: 'POST', body }),
      invalidatesTags: ['AdminRetailers', 'Audit'],
    }),
    previewRetailerInventory: build.query<InventoryResponse, { retailerId: string; body: InventoryFilterBody }>({
      query: ({ retailerId, body }) => ({ url: `${path(retailerId)}/preview/inventory`, method: 'POST', body }),
      transformResponse: unwrap<InventoryResponse>,
      providesTags: ['AdminRetailers'],
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
  useInviteRetailerUserMutation,
  useSetRetailerUserActiveMutation,
  useSignOutRetailerUserEverywhereMutation,
  useReassignRetailersMutation,
  usePreviewRetailerInventoryQuery,
} = adminRetailersApi;
