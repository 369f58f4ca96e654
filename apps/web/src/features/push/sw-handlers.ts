// What the service worker does (service-worker.ts wires these to its events): show a push with the spec's
// fallbacks, tell open portal pages about it (they refresh the unread counter), and on a click focus an
// open portal tab (taking it to the notification's page) or open that page. Plain functions over a small
// stand-in of the worker's scope, so they are tested without a browser.
import type { PushPayload } from '@portal/shared/notifications/notifications.schemas';
import { pushDisplay } from '@portal/shared/notifications/push-display';
import { SW_MESSAGE, type OpenMessage, type PushMessage } from './push-messages';

export interface WindowClientLike {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}

export interface WorkerScopeLike {
  location: { origin: string };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

/** Where a click leads when the push names no page. */
export const DEFAULT_PUSH_URL = '/retailer/dashboard';

/** The push's data as a payload: JSON, else its text as the body, else nothing (the fallbacks show). */
export function readPayload(data: { json(): unknown; text(): string } | null | undefined): PushPayload {
  if (!data) return {};
  try {
    const json = data.json();
    if (json && typeof json === 'object') return json as PushPayload;
  } catch {
    // not JSON: the text is the body
  }
  try {
    return { body: data.text() };
  } catch {
    return {};
  }
}

/** Only a page of this portal: a path, or an address on this origin. */
export function safeUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url) return DEFAULT_PUSH_URL;
  try {
    const u = new URL(url, origin);
    return u.origin === origin ? `${u.pathname}${u.search}${u.hash}` : DEFAULT_PUSH_URL;
  } catch {
    return DEFAULT_PUSH_URL;
  }
}

/** The notification the system shows for a push, with the spec's fallbacks. */
export function notificationFor(payload: PushPayload, origin: string): { title: string; options: NotificationOptions } {
  const { title, body } = pushDisplay(payload);
  return {
    title,
    options: {
      body,
      icon: '/favicon.svg',
      tag: payload.notificationId ?? undefined,
      data: { url: safeUrl(payload.url, origin), notificationId: payload.notificationId ?? null },
    },
  };
}

export async function onPush(scope: WorkerScopeLike, payload: PushPayload, now: Date = new Date()): Promise<void> {
  const { title, options } = notificationFor(payload, scope.location.origin);
  const message: PushMessage = {
    type: SW_MESSAGE.push,
    title,
    body: options.body ?? '',
    url: (options.data as { url: string }).url,
    notificationId: payload.notificationId ?? null,
    timestamp: now.toISOString(),
  };
  const pages = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
  await scope.registration.showNotification(title, options);
}

export async function onNotificationClick(scope: WorkerScopeLike, data: unknown): Promise<void> {
  const url = safeUrl((data as { url?: unknown } | null)?.url, scope.location.origin);
  const pages = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((p) =>
    p.url.startsWith(scope.location.origin),
  );
  const page = pages.find((p) => p.focused) ?? pages[0];
  if (page) {
    await page.focus();
    const open: OpenMessage = { type: SW_MESSAGE.open, url };
    page.postMessage(open);
    return;
  }
  await scope.clients.openWindow(url);
}
