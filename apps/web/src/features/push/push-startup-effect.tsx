// Mounted once by the app: for a signed-in retailer, starts push 100 ms after the app opens (push-startup.ts)
// and listens to the service worker: a push that arrives while the portal is open goes into the fallback
// buffer and refreshes the unread counter; a click on a notification takes an open tab to its page.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { api } from '../../lib/api';
import { notify } from '../../lib/notify';
import { pushReceived } from './push-buffer.slice';
import { SW_MESSAGE, type OpenMessage, type PushMessage } from './push-messages';

/** Spec §9: push initialisation waits 100 ms after the app opens. */
export const PUSH_STARTUP_DELAY_MS = 100;

// The start-up's code loads when it runs, not with the first screen. Also run by the settings' button.
export async function runStartup(dispatch: ReturnType<typeof useAppDispatch>): Promise<void> {
  const [{ startPush }, { pushApi }] = await Promise.all([import('./push-startup'), import('./push.api')]);
  await startPush({
    env: window,
    serviceWorker: navigator.serviceWorker,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    getVapidKey: async () =>
      (await dispatch(pushApi.endpoints.getPushConfig.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap())
        .vapidPublicKey,
    saveSubscription: (fcmToken) => dispatch(pushApi.endpoints.savePushSubscription.initiate({ fcmToken })).unwrap(),
    showHint: (message) => notify.notice(message),
    storage: localStorage,
    log: console,
  });
}

export function PushStartup({ navigate }: { navigate: (url: string) => void }) {
  const dispatch = useAppDispatch();
  const signedInRetailer = useAppSelector((s) => Boolean(s.auth.token) && s.auth.role === 'retailer');

  useEffect(() => {
    if (!signedInRetailer) return;
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as PushMessage | OpenMessage | null;
      if (data?.type === SW_MESSAGE.push) {
        dispatch(pushReceived({ title: data.title, body: data.body, timestamp: data.timestamp }));
        dispatch(api.util.invalidateTags(['Notifications']));
      } else if (data?.type === SW_MESSAGE.open && typeof data.url === 'string' && data.url.startsWith('/')) {
        navigate(data.url);
      }
    };
    container?.addEventListener('message', onMessage);
    const timer = setTimeout(() => {
      runStartup(dispatch).catch((err: unknown) => console.warn('Push set-up failed', err));
    }, PUSH_STARTUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      container?.removeEventListener('message', onMessage);
    };
  }, [signedInRetailer, dispatch, navigate]);

  return null;
}
