// The distributor's calendar entries the rep may see, for a date range (GET /sales/calendar;
// docs/sales.md). The calendar screens ask for one week at a time (calendar-week.ts).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { CalendarRangeQuery, CalendarResponse } from '@portal/shared/calendar/calendar.schemas';
import { api } from '../../lib/api';

export const CALENDAR_FAILED = 'Failed to load calendar entries';

export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSalesCalendar: build.query<CalendarResponse, CalendarRangeQuery>({
      query: (range) => ({ url: '/sales/calendar', params: range }),
      transformResponse: (r: SuccessEnvelope<CalendarResponse>) => r.data,
    }),
  }),
});

export const { useGetSalesCalendarQuery } = calendarApi;
