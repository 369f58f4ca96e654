// Live updates for the retailer's open pages: a bus per database (the service publishes with only a `db`
// in hand, from the orders, sign-up and ticket modules too) that the stream route listens on. Without
// REDIS_URL the bus is in-process; with it, every event is also published on one Redis channel and each
// instance delivers what the others published, so a notification created through one API instance reaches
// a page connected to another. Events are hints for open pages: one lost while Redis is away is made up
// by the page's next fetch of the list.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { NotificationItem } from '@portal/shared/notifications/notifications.schemas';
import { databaseOf, type DbOrTrx } from '../../db/database.ts';
import { getRedis, redisKeyPrefix } from '../../platform/redis.ts';

export type LiveEvent =
  { type: 'notification'; userIds: string[]; item: NotificationItem } | { type: 'changed'; userId: string; unreadCount: number };

/** What a stream receives: one event for its user. */
export type StreamEvent = { type: 'notification'; item: NotificationItem } | { type: 'changed'; unreadCount: number };

type Listener = (event: StreamEvent) => void;

class LiveBus {
  readonly origin = randomUUID();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** The apps using this bus (the same database object can back more than one app in tests). */
  users = 0;
  publisher: Redis | null = null;
  channel = '';
  subscriber: Redis | null = null;

  subscribe(userId: string, listener: Listener): () => void {
    const set = this.listeners.get(userId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  listenerCount(userId: string): number {
    return this.listeners.get(userId)?.size ?? 0;
  }

  /** Hands the event to this instance's streams of its users. */
  deliver(event: LiveEvent): void {
    const each = (userId: string, e: StreamEvent) => {
      for (const listener of this.listeners.get(userId) ?? []) listener(e);
    };
    if (event.type === 'notification')
      for (const userId of event.userIds) each(userId, { type: 'notification', item: event.item });
    else each(event.userId, { type: 'changed', unreadCount: event.unreadCount });
  }

  async publish(event: LiveEvent): Promise<void> {
    this.deliver(event);
    if (this.publisher) await this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, event }));
  }
}

const buses = new WeakMap<object, LiveBus>();

/** Publishes to the open streams (here and, with Redis, on every instance); never throws. */
export async function publishLive(db: DbOrTrx, event: LiveEvent): Promise<void> {
  const bus = buses.get(databaseOf(db));
  if (!bus) return; // no app serves streams on this database (a job run from a script or a test)
  try {
    await bus.publish(event);
  } catch {
    // Redis away: this instance's streams have the event; the others catch up on their next list fetch.
  }
}

/** Listens for one user's events on this database's bus; answers the unsubscribe. */
export function subscribeLive(db: DbOrTrx, userId: string, listener: Listener): () => void {
  const bus = buses.get(databaseOf(db));
  return bus ? bus.subscribe(userId, listener) : () => undefined;
}

/** How many streams of the user listen on this database's bus (tests: a closed stream lets go). */
export function liveListenerCount(db: DbOrTrx, userId: string): number {
  return buses.get(databaseOf(db))?.listenerCount(userId) ?? 0;
}

/** Sets up the bus for the app's database, with Redis pub/sub when REDIS_URL is set; torn down on close. */
export async function registerLiveBus(app: FastifyInstance): Promise<void> {
  const key = databaseOf(app.deps.db);
  let bus = buses.get(key);
  if (!bus) {
    bus = new LiveBus();
    buses.set(key, bus);
    const publisher = getRedis(app);
    if (publisher) {
      const created = bus;
      created.publisher = publisher;
      created.channel = `${redisKeyPrefix(app)}notifications`;
      // A connection in subscriber mode takes no other commands: a second one, for this channel only.
      const subscriber = publisher.duplicate();
      subscriber.on('error', (err) => app.log.warn({ err }, 'redis subscriber error'));
      subscriber.on('message', (channel, text) => {
        if (channel !== created.channel) return;
        try {
          const message = JSON.parse(text) as { origin: string; event: LiveEvent };
          if (message.origin !== created.origin) created.deliver(message.event);
        } catch {
          // not ours
        }
      });
      created.subscriber = subscriber;
      try {
        await subscriber.subscribe(created.channel);
      } catch (err) {
        app.log.warn({ err }, 'live notifications: Redis subscribe failed; this instance delivers only its own events');
      }
    }
  }
  bus.users += 1;
  const mine = bus;
  app.addHook('onClose', async () => {
    mine.users -= 1;
    if (mine.users > 0) return;
    if (buses.get(key) === mine) buses.delete(key);
    if (mine.subscriber) await mine.subscriber.quit().catch(() => mine.subscriber?.disconnect());
  });
}
