// The retailer's live notifications: GET /api/retailer/notifications/stream (server-sent events) with the
// Authorization header, which the browser's EventSource cannot send; @microsoft/fetch-event-source reads
// the stream over fetch instead (docs/web.md "Dependencies"). Events: `notification` (a new inbox item) and
// `changed` ({ unreadCount } after a read or delete elsewhere). A dropped or refused connection is retried
// with exponential backoff (1 s doubling to 30 s, with jitter), reset once a connection opens; 401 and 403
// stop it (the session is over or the role is not a retailer's). While the tab is hidden the library closes
// the stream and opens it again when the tab shows: `onOpen(reopened)` lets the caller refetch what it missed.
import type { NotificationItem } from '@portal/shared/notifications/notifications.schemas';
import { API_BASE } from '../../lib/api';

export const STREAM_PATH = '/retailer/notifications/stream';
export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

export interface StreamHandlers {
  onNotification(item: NotificationItem): void;
  onChanged(unreadCount: number): void;
  /** A connection opened; `reopened` after the first (events may have been missed meanwhile). */
  onOpen?(reopened: boolean): void;
}

/** The wait before the attempt after `failures` failed ones: 1 s, 2 s, 4 s … at most 30 s, plus up to 20 % jitter. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures));
  return Math.round(base * (1 + 0.2 * random()));
}

// Absolute (same origin), as lib/api.ts builds its base, so the request can also be built under jsdom.
const streamUrl = () => `${window.location.origin}${API_BASE}${STREAM_PATH}`;

class StopStream extends Error {}
class RetryStream extends Error {}

/**
 * The fields the bell and drawer read, checked by hand: the zod schema would bring zod into the bell's
 * chunk, which every retailer page loads.
 */
export function isNotificationItem(v: unknown): v is NotificationItem {
  const n = v as Partial<Record<keyof NotificationItem, unknown>> | null;
  return (
    typeof n === 'object' &&
    n !== null &&
    typeof n.id === 'string' &&
    typeof n.title === 'string' &&
    typeof n.description === 'string' &&
    typeof n.isRead === 'boolean' &&
    typeof n.createdAt === 'string' &&
    (n.url === null || n.url === undefined || typeof n.url === 'string')
  );
}

/** Reads one server-sent event into a handler call; unknown events and bad data are ignored. */
export function dispatchStreamEvent(event: string, data: string, handlers: StreamHandlers): void {
  try {
    if (event === 'notification') {
      const parsed: unknown = JSON.parse(data);
      if (isNotificationItem(parsed)) handlers.onNotification({ ...parsed, url: parsed.url ?? null });
    } else if (event === 'changed') {
      const count = (JSON.parse(data) as { unreadCount?: unknown }).unreadCount;
      if (typeof count === 'number' && Number.isInteger(count) && count >= 0) handlers.onChanged(count);
    }
  } catch {
    // Not JSON: nothing to do with it.
  }
}

/** Starts listening; the returned function stops (logout, unmount). */
export function subscribeToNotifications(token: string, handlers: StreamHandlers): () => void {
  const controller = new AbortController();
  let failures = 0;
  let opened = 0;
  void import('@microsoft/fetch-event-source')
    .then(({ fetchEventSource, EventStreamContentType }) => {
      if (controller.signal.aborted) return;
      return fetchEventSource(streamUrl(), {
        signal: controller.signal,
        headers: { authorization: `Bearer ${token}` },
        async onopen(response) {
          if (response.status === 401 || response.status === 403) throw new StopStream(`stream refused: ${response.status}`);
          const type = response.headers.get('content-type') ?? '';
          if (!response.ok || !type.startsWith(EventStreamContentType))
            throw new RetryStream(`stream failed: ${response.status}`);
          failures = 0;
          opened += 1;
          handlers.onOpen?.(opened > 1);
        },
        onmessage(message) {
          dispatchStreamEvent(message.event, message.data, handlers);
        },
        onclose() {
          // The server ended the stream (a restart, a proxy's time-out): connect again.
          throw new RetryStream('stream closed');
        },
        onerror(err) {
          if (err instanceof StopStream) throw err;
          const wait = backoffDelay(failures);
          failures += 1;
          return wait;
        },
      });
    })
    .catch((err: unknown) => {
      // Push and live updates never break the page (spec §1): logged only.
      if (!controller.signal.aborted) console.warn('Notifications stream stopped', err);
    });
  return () => controller.abort();
}
