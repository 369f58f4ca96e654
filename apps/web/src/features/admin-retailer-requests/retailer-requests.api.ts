// The office's sign-up requests (docs/admin-retailer-requests.md): the queue (server-paged, sorted,
// searched, by status), one request with its look-alikes, add, edit, approve and reject. Every change
// refreshes the queue, the request and its history.
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  ApproveRequestBody,
  RequestDetail,
  RequestRow,
  RequestSortKey,
  RequestStatusFilter,
  RetailerRequestBody,
} from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { api } from '../../lib/api';

export const REQUESTS_FAILED = 'Failed to fetch retailer requests';
export const REQUEST_FAILED = 'Failed to fetch the retailer request';
export const REQUEST_SAVE_FAILED = 'Failed to save the retailer request';
export const REQUEST_APPROVE_FAILED = 'Failed to approve the retailer request';
export const REQUEST_REJECT_FAILED = 'Failed to reject the retailer request';

export interface RequestListQuery {
  page: number;
  limit: number;
  sort: RequestSortKey;
  dir: 'asc' | 'desc';
  search: string;
  status: RequestStatusFilter;
}

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;
const path = (id: string) => `/admin/retailer-requests/${encodeURIComponent(id)}`;

export function requestListParams(q: RequestListQuery): string {
  const p = new URLSearchParams({ page: String(q.page), limit: String(q.limit), sort: q.sort, dir: q.dir, status: q.status });
  if (q.search) p.set('search', q.search);
  return p.toString();
}

export const requestTrailPath = (id: string) => `${path(id)}/audit`;

export const retailerRequestsApi = api.enhanceEndpoints({ addTagTypes: ['RetailerRequests', 'Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    getRetailerRequests: build.query<Paged<RequestRow>, RequestListQuery>({
      query: (q) => `/admin/retailer-requests?${requestListParams(q)}`,
      transformResponse: unwrap<Paged<RequestRow>>,
      providesTags: ['RetailerRequests'],
    }),
    getRetailerRequest: build.query<RequestDetail, string>({
      query: (id) => path(id),
      transformResponse: unwrap<RequestDetail>,
      providesTags: ['RetailerRequests'],
    }),
    createRetailerRequest: build.mutation<SuccessEnvelope<RequestDetail>, RetailerRequestBody>({
      query: (body) => ({ url: '/admin/retailer-requests', method: 'POST', body }),
      invalidatesTags: ['RetailerRequests', 'Audit'],
    }),
    updateRetailerRequest: build.mutation<SuccessEnvelope<RequestDetail>, { id: string } & RetailerRequestBody>({
      query: ({ id, ...body }) => ({ url: path(id), method: 'PUT', body }),
      invalidatesTags: ['RetailerRequests', 'Audit'],
    }),
    approveRetailerRequest: build.mutation<SuccessEnvelope<RequestDetail>, { id: string } & ApproveRequestBody>({
      query: ({ id, ...body }) => ({ url: `${path(id)}/approve`, method: 'POST', body }),
      invalidatesTags: ['RetailerRequests', 'Audit'],
    }),
    rejectRetailerRequest: build.mutation<SuccessEnvelope<RequestDetail>, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `${path(id)}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['RetailerRequests', 'Audit'],
    }),
  }),
});

export const {
  useGetRetailerRequestsQuery,
  useGetRetailerRequestQuery,
  useCreateRetailerRequestMutation,
  useUpdateRetailerRequestMutation,
  useApproveRetailerRequestMutation,
  useRejectRetailerRequestMutation,
} = retailerRequestsApi;
