// Notification calls (docs/notifications.md): the retailer's inbox under /retailer (spec §7, tag
// 'Notifications'; each change is written into the cached list at once through the spec §4 rules of
// notifications-state.ts and undone if the server refuses) and the office's composer and history under
// /admin/notifications (tag 'SentNotifications').
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  NotificationAudienceType,
  NotificationCompose,
  NotificationHistoryQuery,
  NotificationListAnswer,
  SentNotification,
} from '@portal/shared/notifications/notifications.schemas';
import { api } from '../../lib/api';
import {
  clearNotifications,
  deleteOne,
  fromFetched,
  markAllRead,
  markOneRead,
  type NotificationsState,
} from './notifications-state';

export const SENT_NOTIFICATIONS_FAILED = 'Failed to fetch sent notifications';
export const SEND_NOTIFICATION_FAILED = 'Failed to send the notification';
export const CANCEL_NOTIFICATION_FAILED = 'Failed to cancel the notification';

const id = (v: string) => encodeURIComponent(v);

export type HistoryQuery = Omit<NotificationHistoryQuery, 'search'> & { search: string };

export interface AudienceQuery {
  audienceType: NotificationAudienceType;
  audienceValues: string[];
}

export const notificationsApi = api.enhanceEndpoints({ addTagTypes: ['SentNotifications'] }).injectEndpoints({
  endpoints: (build) => {
    /** A retailer change written into the cached list first, undone if the call fails. */
    const optimistic =
      (rule: (state: NotificationsState, arg: string | void) => NotificationsState) =>
      async (
        arg: string | void,
        { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> },
      ) => {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', undefined, (draft) => rule(draft, arg)),
        ) as { undo(): void };
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      };
    return {
      getNotifications: build.query<NotificationListAnswer, void>({
        query: () => '/retailer/notificationList',
        transformResponse: (r: SuccessEnvelope<NotificationListAnswer>) => fromFetched(r.data.notifications),
        providesTags: ['Notifications'],
      }),
      markNotificationRead: build.mutation<SuccessEnvelope<unknown>, string>({
        query: (nid) => `/retailer/readNotification/${id(nid)}`,
        onQueryStarted: optimistic((s, nid) => markOneRead(s, nid as string)),
      }),
      markAllNotificationsRead: build.mutation<SuccessEnvelope<unknown>, void>({
        query: () => '/retailer/readAllNotification',
        onQueryStarted: optimistic((s) => markAllRead(s)),
      }),
      deleteNotification: build.mutation<SuccessEnvelope<unknown>, string>({
        query: (nid) => `/retailer/deleteNotification/${id(nid)}`,
        onQueryStarted: optimistic((s, nid) => deleteOne(s, nid as string)),
      }),
      deleteAllNotifications: build.mutation<SuccessEnvelope<unknown>, void>({
        query: () => '/retailer/deleteAllNotification',
        onQueryStarted: optimistic(() => clearNotifications()),
      }),

      getSentNotifications: build.query<Paged<SentNotification>, HistoryQuery>({
        query: ({ search, ...rest }) => ({ url: '/admin/notifications', params: search ? { ...rest, search } : rest }),
        transformResponse: (r: SuccessEnvelope<Paged<SentNotification>>) => r.data,
        providesTags: ['SentNotifications'],
      }),
      getAudienceCount: build.query<{ recipients: number }, AudienceQuery>({
        query: ({ audienceType, audienceValues }) => ({
          url: '/admin/notifications/audience',
          params: audienceValues.length ? { audienceType, audienceValues: audienceValues.join(',') } : { audienceType },
        }),
        transformResponse: (r: SuccessEnvelope<{ recipients: number }>) => r.data,
      }),
      sendNotification: build.mutation<SuccessEnvelope<SentNotification>, NotificationCompose>({
        query: (body) => ({ url: '/admin/notifications', method: 'POST', body }),
        invalidatesTags: ['SentNotifications'],
      }),
      cancelNotification: build.mutation<SuccessEnvelope<SentNotification>, string>({
        query: (nid) => ({ url: `/admin/notifications/${id(nid)}/cancel`, method: 'POST' }),
        invalidatesTags: ['SentNotifications'],
      }),
    };
  },
});

export const {
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useDeleteNotificationMutation,
  useDeleteAllNotificationsMutation,
  useGetSentNotificationsQuery,
  useGetAudienceCountQuery,
  useSendNotificationMutation,
  useCancelNotificationMutation,
} = notificationsApi;
