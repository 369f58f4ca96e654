// The store's support tickets (docs/support-tickets.md): a retailer's own, or a sales rep's for the
// working customer. The area is explicit in every call: a rep's calls go to /sales/support-tickets with
// x-customer-id naming the customer (the binding is visible here, not a rewritten retailer URL).
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import { CUSTOMER_ID_HEADER } from '@portal/shared/sales/sales-binding.constants';
import type {
  NewTicketBody,
  StoreReplyBody,
  TicketDetail,
  TicketRow,
} from '@portal/shared/support-tickets/support-tickets.schemas';
import { api } from '../../lib/api';

export const TICKETS_FAILED = 'Failed to fetch your support tickets';
export const TICKET_FAILED = 'Failed to fetch the support ticket';
export const TICKET_SEND_FAILED = 'Failed to send. Please try again.';

/** Whose tickets: the retailer's own store, or the rep's working customer. */
export type TicketScope = { area: 'retailer' } | { area: 'sales'; customerId: string };

export const ticketsBase = (scope: TicketScope) => `/${scope.area}/support-tickets`;
export const scopeHeaders = (scope: TicketScope): Record<string, string> =>
  scope.area === 'sales' ? { [CUSTOMER_ID_HEADER]: scope.customerId } : {};
const ticketPath = (scope: TicketScope, id: string) => `${ticketsBase(scope)}/${encodeURIComponent(id)}`;
/** Where a file of the thread is read. */
export const attachmentPath = (scope: TicketScope, ticketId: string, attachmentId: string) =>
  `${ticketPath(scope, ticketId)}/attachments/${encodeURIComponent(attachmentId)}`;

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;
// Tags per scope, so a rep's customer switch never shows the previous customer's cached list.
const tag = (scope: TicketScope) => ({ type: 'StoreTickets' as const, id: scope.area === 'sales' ? scope.customerId : 'own' });

export const supportTicketsApi = api.enhanceEndpoints({ addTagTypes: ['StoreTickets'] }).injectEndpoints({
  endpoints: (build) => ({
    getStoreTickets: build.query<Paged<TicketRow>, { scope: TicketScope; page: number; limit: number }>({
      query: ({ scope, page, limit }) => ({
        url: `${ticketsBase(scope)}?page=${page}&limit=${limit}`,
        headers: scopeHeaders(scope),
      }),
      transformResponse: unwrap<Paged<TicketRow>>,
      providesTags: (_r, _e, { scope }) => [tag(scope)],
    }),
    getStoreTicket: build.query<TicketDetail, { scope: TicketScope; id: string }>({
      query: ({ scope, id }) => ({ url: ticketPath(scope, id), headers: scopeHeaders(scope) }),
      transformResponse: unwrap<TicketDetail>,
      providesTags: (_r, _e, { scope }) => [tag(scope)],
    }),
    openStoreTicket: build.mutation<SuccessEnvelope<TicketDetail>, { scope: TicketScope; body: NewTicketBody }>({
      query: ({ scope, body }) => ({ url: ticketsBase(scope), method: 'POST', body, headers: scopeHeaders(scope) }),
      invalidatesTags: (_r, _e, { scope }) => [tag(scope)],
    }),
    replyToStoreTicket: build.mutation<SuccessEnvelope<TicketDetail>, { scope: TicketScope; id: string; body: StoreReplyBody }>({
      query: ({ scope, id, body }) => ({
        url: `${ticketPath(scope, id)}/messages`,
        method: 'POST',
        body,
        headers: scopeHeaders(scope),
      }),
      invalidatesTags: (_r, _e, { scope }) => [tag(scope)],
    }),
  }),
});

export const { useGetStoreTicketsQuery, useGetStoreTicketQuery, useOpenStoreTicketMutation, useReplyToStoreTicketMutation } =
  supportTicketsApi;
