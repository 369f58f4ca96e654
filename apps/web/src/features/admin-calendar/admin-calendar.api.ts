// The office's delivery calendar (docs/calendar.md): entries of a date range, add/edit/delete of dated
// entries, the routes' cut-offs and the late-orders rule.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { CalendarResponse } from '@portal/shared/calendar/calendar.schemas';
import type {
  DatedEntryBody,
  DatedEntryResult,
  LateOrderPolicy,
  RouteCutoffBody,
  RouteCutoffsResponse,
} from '@portal/shared/calendar/delivery-calendar.schemas';
import { api } from '../../lib/api';

export const adminCalendarApi = api.enhanceEndpoints({ addTagTypes: ['AdminCalendar', 'RouteCutoffs'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminCalendar: build.query<CalendarResponse, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: '/admin/calendar', params: { from, to } }),
      transformResponse: (r: SuccessEnvelope<CalendarResponse>) => r.data,
      providesTags: ['AdminCalendar'],
    }),
    addCalendarEntry: build.mutation<SuccessEnvelope<DatedEntryResult>, DatedEntryBody>({
      query: (body) => ({ url: '/admin/calendar/entries', method: 'POST', body }),
      invalidatesTags: ['AdminCalendar', 'RouteCutoffs'],
    }),
    editCalendarEntry: build.mutation<SuccessEnvelope<DatedEntryResult>, { id: string; body: DatedEntryBody }>({
      query: ({ id, body }) => ({ url: `/admin/calendar/entries/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['AdminCalendar', 'RouteCutoffs'],
    }),
    deleteCalendarEntry: build.mutation<SuccessEnvelope<DatedEntryResult>, string>({
      query: (id) => ({ url: `/admin/calendar/entries/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminCalendar', 'RouteCutoffs'],
    }),
    getRouteCutoffs: build.query<RouteCutoffsResponse, void>({
      query: () => '/admin/calendar/cutoffs',
      transformResponse: (r: SuccessEnvelope<RouteCutoffsResponse>) => r.data,
      providesTags: ['RouteCutoffs'],
    }),
    saveRouteCutoff: build.mutation<SuccessEnvelope<RouteCutoffsResponse>, RouteCutoffBody>({
      query: (body) => ({ url: '/admin/calendar/cutoffs', method: 'PUT', body }),
      invalidatesTags: ['RouteCutoffs'],
    }),
    saveLatePolicy: build.mutation<SuccessEnvelope<RouteCutoffsResponse>, LateOrderPolicy>({
      query: (latePolicy) => ({ url: '/admin/calendar/late-policy', method: 'PUT', body: { latePolicy } }),
      invalidatesTags: ['RouteCutoffs'],
    }),
  }),
});

export const {
  useGetAdminCalendarQuery,
  useAddCalendarEntryMutation,
  useEditCalendarEntryMutation,
  useDeleteCalendarEntryMutation,
  useGetRouteCutoffsQuery,
  useSaveRouteCutoffMutation,
  useSaveLatePolicyMutation,
} = adminCalendarApi;

/** The server's message of a refused call, or a fallback. */
export function refusalOf(error: unknown, fallback: string): string {
  const data = (error as { data?: { message?: string; error?: { fields?: Record<string, string> } } } | undefined)?.data;
  const fields = data?.error?.fields;
  if (fields && Object.keys(fields).length > 0) return Object.values(fields).join(' ');
  return data?.message ?? fallback;
}
