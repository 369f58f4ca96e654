// The store's side of an order's notes thread with the distributor's office (GET/POST
// /retailer/orderNotes/{orderNumber}).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { OrderNote } from '@portal/shared/orders/order-details.schemas';
import { api } from '../../lib/api';

export const NOTES_FAILED = 'Failed to fetch the notes';
export const NOTE_ADD_FAILED = 'Failed to add the note';

type Thread = { orderNumber: string; notes: OrderNote[] };

export const orderNotesApi = api.enhanceEndpoints({ addTagTypes: ['OrderNotes'] }).injectEndpoints({
  endpoints: (build) => ({
    getStoreOrderNotes: build.query<OrderNote[], string>({
      query: (orderNumber) => `/retailer/orderNotes/${encodeURIComponent(orderNumber)}`,
      transformResponse: (r: SuccessEnvelope<Thread>) => r.data.notes,
      providesTags: (_r, _e, orderNumber) => [{ type: 'OrderNotes', id: orderNumber }],
    }),
    addStoreOrderNote: build.mutation<SuccessEnvelope<Thread>, { orderNumber: string; text: string }>({
      query: ({ orderNumber, text }) => ({
        url: `/retailer/orderNotes/${encodeURIComponent(orderNumber)}`,
        method: 'POST',
        body: { text },
      }),
      invalidatesTags: (_r, _e, { orderNumber }) => [{ type: 'OrderNotes', id: orderNumber }],
    }),
  }),
});

export const { useGetStoreOrderNotesQuery, useAddStoreOrderNoteMutation } = orderNotesApi;
