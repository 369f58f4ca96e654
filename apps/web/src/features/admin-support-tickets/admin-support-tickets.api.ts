// The office's support tickets (docs/support-tickets.md): the list (server-paged, sorted, filtered by
// status, assignee, store and age), a ticket's thread, the staff to assign, reply, assign and status.
// Every change refreshes the list, the ticket and its history.
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  StaffReplyBody,
  TicketDetail,
  TicketPerson,
  TicketRow,
  TicketSortKey,
  TicketStatus,
  TicketStatusFilter,
} from '@portal/shared/support-tickets/support-tickets.schemas';
import { api } from '../../lib/api';

export const ADMIN_TICKETS_FAILED = 'Failed to fetch support tickets';
export const ADMIN_TICKET_FAILED = 'Failed to fetch the support ticket';
export const ADMIN_TICKET_SAVE_FAILED = 'Failed to update the support ticket';

export const ADMIN_TICKETS_PATH = '/admin/support-tickets';
const path = (id: string) => `${ADMIN_TICKETS_PATH}/${encodeURIComponent(id)}`;
export const ticketTrailPath = (id: string) => `${path(id)}/audit`;
export const adminAttachmentPath = (ticketId: string, attachmentId: string) =>
  `${path(ticketId)}/attachments/${encodeURIComponent(attachmentId)}`;

export interface TicketListQuery {
  page: number;
  limit: number;
  sort: TicketSortKey;
  dir: 'asc' | 'desc';
  status: TicketStatusFilter;
  /** '' anyone, 'me', 'none' or a user id. */
  assignee: string;
  store: string;
  /** '' any age, else a number of days. */
  age: string;
}

export function ticketListParams(q: TicketListQuery): string {
  const p = new URLSearchParams({ page: String(q.page), limit: String(q.limit), sort: q.sort, dir: q.dir, status: q.status });
  if (q.assignee) p.set('assignee', q.assignee);
  if (q.store) p.set('store', q.store);
  if (q.age) p.set('olderThanDays', q.age);
  return p.toString();
}

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

export const adminTicketsApi = api.enhanceEndpoints({ addTagTypes: ['AdminTickets', 'Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminTickets: build.query<Paged<TicketRow>, TicketListQuery>({
      query: (q) => `${ADMIN_TICKETS_PATH}?${ticketListParams(q)}`,
      transformResponse: unwrap<Paged<TicketRow>>,
      providesTags: ['AdminTickets'],
    }),
    getAdminTicket: build.query<TicketDetail, string>({
      query: (id) => path(id),
      transformResponse: unwrap<TicketDetail>,
      providesTags: ['AdminTickets'],
    }),
    getTicketAssignees: build.query<TicketPerson[], void>({
      query: () => `${ADMIN_TICKETS_PATH}/assignees`,
      transformResponse: unwrap<TicketPerson[]>,
    }),
    replyToTicket: build.mutation<SuccessEnvelope<TicketDetail>, { id: string; body: StaffReplyBody }>({
      query: ({ id, body }) => ({ url: `${path(id)}/messages`, method: 'POST', body }),
      invalidatesTags: ['AdminTickets', 'Audit'],
    }),
    assignTicket: build.mutation<SuccessEnvelope<TicketDetail>, { id: string; assigneeUserId: string | null }>({
      query: ({ id, assigneeUserId }) => ({ url: `${path(id)}/assignee`, method: 'PUT', body: { assigneeUserId } }),
      invalidatesTags: ['AdminTickets', 'Audit'],
    }),
    setTicketStatus: build.mutation<SuccessEnvelope<TicketDetail>, { id: string; status: TicketStatus }>({
      query: ({ id, status }) => ({ url: `${path(id)}/status`, method: 'PUT', body: { status } }),
      invalidatesTags: ['AdminTickets', 'Audit'],
    }),
  }),
});

export const {
  useGetAdminTicketsQuery,
  useGetAdminTicketQuery,
  useGetTicketAssigneesQuery,
  useReplyToTicketMutation,
  useAssignTicketMutation,
  useSetTicketStatusMutation,
} = adminTicketsApi;
