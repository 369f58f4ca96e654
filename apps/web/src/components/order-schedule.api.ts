// The store's order schedule (GET /retailer/order-schedule; a rep's call goes to /sales/order-schedule
// through the sales binding): the next order day with holidays applied, its cut-off countdown and the
// delivery date an order placed now gets. Read by the dashboard's order-day indicator and the cart.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { OrderSchedule } from '@portal/shared/calendar/delivery-calendar.schemas';
import { api } from '../lib/api';

export const orderScheduleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderSchedule: build.query<OrderSchedule, void>({
      query: () => '/retailer/order-schedule',
      transformResponse: (r: SuccessEnvelope<OrderSchedule>) => r.data,
      // The countdown moves with the clock: read again when the screen is opened again.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetOrderScheduleQuery } = orderScheduleApi;

/** "Thursday, Mar 14" from YYYY-MM-DD, read as a calendar date (no time zone shift). */
export function deliveryDateLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
