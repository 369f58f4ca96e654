// Web Push for retailers (spec §7 fcmToken, docs/push.md), under /api:
//   PUT /retailer/fcmToken                 { fcmToken: JSON text of PushSubscription.toJSON() }
//   GET /retailer/pushConfig               { vapidPublicKey } (null: push is off on this server)
//   GET /retailer/notificationPreferences  which kinds also come by push (default: all) and by e-mail (none)
//   PUT /retailer/notificationPreferences
// Retailers only (spec §6): a sales or distributor token gets 403. Also starts this instance's push worker.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_MESSAGES,
  fcmTokenBody,
  notificationPreferences,
  notificationPreferencesAnswer,
} from '@portal/shared/notifications/notifications.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { getRedis } from '../../platform/redis.ts';
import { publishPushWakeUps, startPushWorker, type PushWorker } from './push-worker.ts';
import { getPreferences, saveSubscription, setPreferences } from './push.service.ts';

const workers = new WeakMap<object, PushWorker>();

/** This app's push worker (null when push is off); tests wait on it. */
export function pushWorkerOf(app: FastifyInstance): PushWorker | null {
  return workers.get(app.deps) ?? null;
}

export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  const push = config.push;
  if (push) {
    // After start-up (migrations have run), stopped before the database closes.
    // Created now: the Redis client adds its own close hook, which Fastify refuses once the app is ready.
    getRedis(app);
    let unpublish: () => void = () => undefined;
    app.addHook('onReady', async () => {
      if (workers.has(app.deps)) return;
      workers.set(app.deps, startPushWorker(app, db, push));
      unpublish = publishPushWakeUps(app, db);
    });
    app.addHook('onClose', async () => {
      unpublish();
      await workers.get(app.deps)?.stop();
      workers.delete(app.deps);
    });
  }

  r.put(
    '/retailer/fcmToken',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['push'],
        summary: "Store this browser's push subscription (sent again on every app open)",
        description:
          'fcmToken is the JSON text of PushSubscription.toJSON(): { endpoint, expirationTime, keys: { p256dh, auth } }. ' +
          'An endpoint already stored is refreshed (and moves to this user if another had it).',
        body: fcmTokenBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await saveSubscription(db, config, requireActor(request), request.body.fcmToken, request.headers['user-agent']);
      return ok(null, NOTIFICATION_MESSAGES.subscriptionSaved);
    },
  );

  r.get(
    '/retailer/pushConfig',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['push'],
        summary: 'The VAPID public key browsers subscribe with; null when push is off on this server',
        response: { 200: envelope(z.object({ vapidPublicKey: z.string().nullable() })) },
      },
    },
    async () => ok({ vapidPublicKey: config.push?.publicKey ?? null }),
  );

  r.get(
    '/retailer/notificationPreferences',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['push'],
        summary: 'Which kinds of notification also come by push (the inbox keeps all)',
        response: { 200: envelope(notificationPreferencesAnswer) },
      },
    },
    async (request) => ok(await getPreferences(db, requireActor(request))),
  );

  r.put(
    '/retailer/notificationPreferences',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['push'],
        summary: 'Choose which kinds of notification also come by push',
        body: notificationPreferences,
        response: { 200: envelope(notificationPreferencesAnswer) },
      },
    },
    async (request) => ok(await setPreferences(db, requireActor(request), request.body), NOTIFICATION_MESSAGES.preferencesSaved),
  );
}
