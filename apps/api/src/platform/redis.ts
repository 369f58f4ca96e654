// One ioredis client per app when REDIS_URL is set (rate-limit counters today; pub/sub and queues later).
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

const clients = new WeakMap<object, Redis>();

export const DEFAULT_REDIS_KEY_PREFIX = 'portal:';

/** The app's Redis client, or null without REDIS_URL. Closed with the app. */
export function getRedis(app: FastifyInstance): Redis | null {
  const { config } = app.deps;
  if (!config.redisUrl) return null;
  let client = clients.get(app.deps);
  if (!client) {
    // Few retries per command: a request must fail fast rather than hang while Redis is away.
    const created = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false });
    created.on('error', (err) => app.log.warn({ err }, 'redis error'));
    clients.set(app.deps, created);
    app.addHook('onClose', async () => {
      clients.delete(app.deps);
      await created.quit().catch(() => created.disconnect());
    });
    client = created;
  }
  return client;
}

export function redisKeyPrefix(app: FastifyInstance): string {
  return app.deps.config.redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
}
