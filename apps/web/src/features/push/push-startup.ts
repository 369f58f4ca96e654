// Push start-up for a signed-in retailer (spec §1, §4 Push): 100 ms after the app opens, where push is
// supported, register the service worker, ask for permission, subscribe with the server's VAPID key and
// send the subscription (on every app open: browsers change endpoints without telling). Every failure is
// only logged; the portal works the same without push. On iOS outside the Home Screen a one-time hint
// replaces the permission prompt, which Safari would refuse anyway.
import { pushSupport, sameKey, vapidKeyBytes, type PushEnvironment } from './push-support';

export const SERVICE_WORKER_URL = '/sw.js';
export const IOS_HINT = 'Add this portal to your Home Screen to get notifications';
export const IOS_HINT_KEY = 'pushHomeScreenHintShown';

export interface PushStartupDeps {
  env: PushEnvironment;
  serviceWorker: Pick<ServiceWorkerContainer, 'register' | 'ready'>;
  requestPermission: () => Promise<NotificationPermission>;
  permission: () => NotificationPermission;
  getVapidKey: () => Promise<string | null>;
  saveSubscription: (fcmToken: string) => Promise<unknown>;
  showHint: (message: string) => void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  log: Pick<Console, 'info' | 'warn'>;
}

export type PushStartupResult =
  'subscribed' | 'unsupported' | 'ios-hint' | 'ios-hint-already-shown' | 'push-off' | 'denied' | 'failed';

/** Runs the start-up once; never throws. */
export async function startPush(deps: PushStartupDeps): Promise<PushStartupResult> {
  try {
    const support = pushSupport(deps.env);
    if (support === 'ios-home-screen') {
      if (deps.storage.getItem(IOS_HINT_KEY)) return 'ios-hint-already-shown';
      deps.storage.setItem(IOS_HINT_KEY, '1');
      deps.showHint(IOS_HINT);
      return 'ios-hint';
    }
    if (support === 'unsupported') {
      deps.log.info('Push notifications are not supported in this browser');
      return 'unsupported';
    }
    const key = await deps.getVapidKey();
    if (!key) {
      deps.log.info('Push notifications are off on this server');
      return 'push-off';
    }
    await deps.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    const registration = await deps.serviceWorker.ready;
    let permission = deps.permission();
    if (permission === 'default') permission = await deps.requestPermission();
    if (permission !== 'granted') {
      deps.log.info(`Notification permission ${permission}: no push subscription`);
      return 'denied';
    }
    const applicationServerKey = vapidKeyBytes(key);
    let subscription = await registration.pushManager.getSubscription();
    // Made with another server key (the keys were replaced): it would never receive anything.
    if (subscription && !sameKey(subscription.options?.applicationServerKey, applicationServerKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    await deps.saveSubscription(JSON.stringify(subscription.toJSON()));
    return 'subscribed';
  } catch (err) {
    deps.log.warn('Push set-up failed', err);
    return 'failed';
  }
}
