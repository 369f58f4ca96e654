// The messages the service worker posts to the portal's open pages (kept free of imports: the app's first
// screen loads this file, the service worker bundles it too).

/** Messages from the service worker to the portal's pages. */
export const SW_MESSAGE = { push: 'portal-push', open: 'portal-open' } as const;

export interface PushMessage {
  type: typeof SW_MESSAGE.push;
  title: string;
  body: string;
  url: string | null;
  notificationId: string | null;
  timestamp: string;
}

export interface OpenMessage {
  type: typeof SW_MESSAGE.open;
  url: string;
}
