// Push calls (spec §7 fcmToken, docs/push.md): the VAPID key to subscribe with, the browser's
// subscription (sent again on every app open), and which kinds of notification also come by push.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { NotificationPreferences, NotificationPreferencesBody } from '@portal/shared/notifications/notifications.schemas';
import { api } from '../../lib/api';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPushConfig: build.query<{ vapidPublicKey: string | null }, void>({
      query: () => '/retailer/pushConfig',
      transformResponse: unwrap<{ vapidPublicKey: string | null }>,
    }),
    savePushSubscription: build.mutation<SuccessEnvelope<null>, { fcmToken: string }>({
      query: (body) => ({ url: '/retailer/fcmToken', method: 'PUT', body }),
    }),
    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/retailer/notificationPreferences',
      transformResponse: unwrap<NotificationPreferences>,
    }),
    saveNotificationPreferences: build.mutation<SuccessEnvelope<NotificationPreferences>, NotificationPreferencesBody>({
      query: (body) => ({ url: '/retailer/notificationPreferences', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(pushApi.util.upsertQueryData('getNotificationPreferences', undefined, data.data));
      },
    }),
  }),
});

export const { useGetNotificationPreferencesQuery, useSaveNotificationPreferencesMutation } = pushApi;
