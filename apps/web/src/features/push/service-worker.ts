// The portal's service worker, built with the app into /sw.js (apps/web/script-build.ts): shows
// pushes and handles clicks (sw-handlers.ts). It caches nothing: the portal is not an offline app.
import { onNotificationClick, onPush, readPayload, type WorkerScopeLike } from './sw-handlers';

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}

const scope = self as unknown as WorkerScopeLike & {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: string, listener: (event: Event) => void): void;
};

scope.addEventListener('install', (event) => {
  (event as ExtendableEventLike).waitUntil(scope.skipWaiting());
});
scope.addEventListener('activate', (event) => {
  (event as ExtendableEventLike).waitUntil(scope.clients.claim());
});
scope.addEventListener('push', (event) => {
  const e = event as PushEventLike;
  e.waitUntil(onPush(scope, readPayload(e.data)));
});
scope.addEventListener('notificationclick', (event) => {
  const e = event as NotificationEventLike;
  e.notification.close();
  e.waitUntil(onNotificationClick(scope, e.notification.data));
});
