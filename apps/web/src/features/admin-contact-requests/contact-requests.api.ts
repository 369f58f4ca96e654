// Contact requests in the office: the list (GET /admin/contact-requests), marking one handled and
// converting one into a sign-up request or a store's message into a ticket (POST …/:id/handled,
// …/:id/signup-request, …/:id/ticket).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  ContactRequestList,
  ContactRequestListQuery,
  ContactRequestRow,
  ContactTicketBody,
} from '@portal/shared/contact/contact-requests.schemas';
import type { RetailerRequestBody } from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { api } from '../../lib/api';

export const CONTACT_REQUESTS_FAILED = 'Failed to fetch contact requests';
export const CONTACT_REQUEST_ACTION_FAILED = 'Failed to update the contact request';

export const contactRequestsApi = api.enhanceEndpoints({ addTagTypes: ['ContactRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    getContactRequests: build.query<ContactRequestList, ContactRequestListQuery>({
      query: (params) => ({ url: '/admin/contact-requests', params }),
      transformResponse: (r: SuccessEnvelope<ContactRequestList>) => r.data,
      providesTags: ['ContactRequests'],
    }),
    markContactRequestHandled: build.mutation<SuccessEnvelope<ContactRequestRow>, string>({
      query: (id) => ({ url: `/admin/contact-requests/${encodeURIComponent(id)}/handled`, method: 'POST' }),
      invalidatesTags: ['ContactRequests'],
    }),
    convertContactRequestToTicket: build.mutation<SuccessEnvelope<ContactRequestRow>, { id: string; body: ContactTicketBody }>({
      query: ({ id, body }) => ({ url: `/admin/contact-requests/${encodeURIComponent(id)}/ticket`, method: 'POST', body }),
      invalidatesTags: ['ContactRequests'],
    }),
    convertContactRequest: build.mutation<SuccessEnvelope<ContactRequestRow>, { id: string; body: RetailerRequestBody }>({
      query: ({ id, body }) => ({
        url: `/admin/contact-requests/${encodeURIComponent(id)}/signup-request`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['ContactRequests'],
    }),
  }),
});

export const {
  useGetContactRequestsQuery,
  useMarkContactRequestHandledMutation,
  useConvertContactRequestMutation,
  useConvertContactRequestToTicketMutation,
} = contactRequestsApi;
