// Notifications (spec §7 retailer notification paths; issue 17 §1), under /api:
//   GET  /retailer/notificationList            the inbox, newest first, with the unread count
//   GET  /retailer/readAllNotification         GET /retailer/readNotification/{id}
//   GET  /retailer/deleteAllNotification       GET /retailer/deleteNotification/{id}   (soft delete)
//   GET  /retailer/notifications/stream        text/event-stream of this user's events
//   GET  /admin/notifications                  history with recipient and read counts (Notifications: view)
//   POST /admin/notifications                  compose: send now or schedule (Notifications: add)
//   POST /admin/notifications/{id}/cancel      cancel a scheduled one (Notifications: edit)
//   GET  /admin/notifications/audience         how many logins an audience holds (Notifications: view)
// Retailer paths admit retailers only (spec §6): a sales or distributor token gets 403.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STREAM_EVENTS,
  NOTIFICATION_STREAM_PING_MS,
  notificationAudiencePreview,
  notificationAudienceQuery,
  notificationChangedEvent,
  notificationCompose,
  notificationHistoryAnswer,
  notificationHistoryQuery,
  notificationIdParams,
  notificationListAnswer,
  sentNotification,
} from '@portal/shared/notifications/notifications.schemas';
import { access } from '../../platform/auth/access.ts';
import { loadActor } from '../../platform/auth/actor.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { registerEmailChannel } from './notifications-email.ts';
import { registerLiveBus, subscribeLive, type StreamEvent } from './notifications-live.ts';
import {
  audiencePreview,
  cancelNotification,
  composeNotification,
  deleteAll,
  deleteOne,
  notificationHistory,
  readAll,
  readOne,
  retailerNotifications,
  streamUserOf,
} from './notifications.service.ts';

const MODULE = 'Notifications';
const tags = ['notifications'];
const noData = envelope(z.null());

/** A client asking for the event stream (EventSource and fetch-based readers send this Accept). */
function wantsEventStream(request: FastifyRequest): boolean {
  return /(^|,)\s*text\/event-stream\b/i.test(request.headers.accept ?? '');
}

function eventText(event: StreamEvent): string {
  const [name, data] =
    event.type === 'notification'
      ? [NOTIFICATION_STREAM_EVENTS.notification, event.item]
      : [NOTIFICATION_STREAM_EVENTS.changed, { unreadCount: event.unreadCount }];
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  await registerLiveBus(app);
  registerEmailChannel(app);

  /** The open streams' enders: the app ends them before it closes (an open stream would hold the close). */
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  r.get(
    '/retailer/notificationList',
    {
      config: { access: access.retailer },
      schema: {
        tags,
        summary: "This retailer's notifications that are not deleted, newest first, with the unread count",
        response: { 200: envelope(notificationListAnswer) },
      },
    },
    async (request) => ok(await retailerNotifications(db, requireActor(request))),
  );

  r.get(
    '/retailer/readAllNotification',
    {
      config: { access: access.retailer },
      schema: { tags, summary: "Mark every one of this retailer's notifications read", response: { 200: noData } },
    },
    async (request) => {
      await readAll(db, requireActor(request));
      return ok(null, NOTIFICATION_MESSAGES.allMarkedRead);
    },
  );

  r.get(
    '/retailer/readNotification/:notificationId',
    {
      config: { access: access.retailer },
      schema: { tags, summary: 'Mark one notification read', params: notificationIdParams, response: { 200: noData } },
    },
    async (request) => {
      await readOne(db, requireActor(request), request.params.notificationId);
      return ok(null, NOTIFICATION_MESSAGES.markedRead);
    },
  );

  r.get(
    '/retailer/deleteNotification/:notificationId',
    {
      config: { access: access.retailer },
      schema: {
        tags,
        summary: 'Delete one notification from this retailer’s list (soft delete)',
        params: notificationIdParams,
        response: { 200: noData },
      },
    },
    async (request) => {
      await deleteOne(db, requireActor(request), request.params.notificationId);
      return ok(null, NOTIFICATION_MESSAGES.deleted);
    },
  );

  r.get(
    '/retailer/deleteAllNotification',
    {
      config: { access: access.retailer },
      schema: { tags, summary: "Delete every one of this retailer's notifications (soft delete)", response: { 200: noData } },
    },
    async (request) => {
      await deleteAll(db, requireActor(request));
      return ok(null, NOTIFICATION_MESSAGES.allDeleted);
    },
  );

  r.get(
    '/retailer/notifications/stream',
    {
      config: { access: access.retailer },
      schema: {
        tags,
        summary: 'Live notifications: a text/event-stream for a client that accepts one, else the unread count now',
        description:
          'With Accept: text/event-stream: `event: notification` (data: a NotificationItem) when one arrives for this ' +
          'user, `event: changed` (data: {"unreadCount":N}) on connecting and after a read or delete from any tab or ' +
          'device, and a `: ping` comment every 25 s. The stream ends when the session ends. Without that Accept ' +
          'header: the envelope with {unreadCount}.',
        response: { 200: envelope(notificationChangedEvent) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const userId = streamUserOf(actor);
      const { unreadCount } = await retailerNotifications(db, actor);
      if (!wantsEventStream(request)) return ok({ unreadCount });
      openStream(request, reply, userId, unreadCount);
      return reply;
    },
  );

  /**
   * The stream is written on the raw response (hijacked): no serializer and no compression (a compressor
   * would hold events back until its buffer fills). The security headers set on request go with it.
   */
  function openStream(request: FastifyRequest, reply: FastifyReply, userId: string, unreadCount: number): void {
    const actor = requireActor(request);
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no', // a proxy must pass events on as they come
    });
    raw.write(`retry: 5000\n${eventText({ type: 'changed', unreadCount })}`);
    const unsubscribe = subscribeLive(db, userId, (event) => {
      if (!raw.writableEnded) raw.write(eventText(event));
    });
    // Each ping also checks the session: a signed-out or revoked session's stream ends.
    const ping = setInterval(() => {
      if (raw.writableEnded) return;
      raw.write(': ping\n\n');
      loadActor(db, actor.sessionId, actor.userId, config.session).then(
        (still) => {
          if (!still) end();
        },
        () => undefined,
      );
    }, NOTIFICATION_STREAM_PING_MS);
    let ended = false;
    function end(): void {
      if (ended) return;
      ended = true;
      clearInterval(ping);
      unsubscribe();
      openStreams.delete(end);
      if (!raw.writableEnded) raw.end();
    }
    openStreams.add(end);
    // The response's close: the client went away (or the stream ended). The request's own close event says
    // only that its body was read, which for a GET is at once.
    raw.on('close', end);
  }

  r.get(
    '/admin/notifications',
    {
      config: { access: access.module(MODULE) },
      schema: {
        tags,
        summary: "The distributor's notifications (composed and system), with recipient, read and push counts",
        querystring: notificationHistoryQuery,
        response: { 200: envelope(notificationHistoryAnswer) },
      },
    },
    async (request) => ok(await notificationHistory(db, requireActor(request), request.query)),
  );

  r.get(
    '/admin/notifications/audience',
    {
      config: { access: access.module(MODULE) },
      schema: {
        tags,
        summary: 'How many retailer logins an audience holds now (the composer’s preview)',
        querystring: notificationAudienceQuery,
        response: { 200: envelope(notificationAudiencePreview) },
      },
    },
    async (request) => ok(await audiencePreview(db, requireActor(request), request.query)),
  );

  r.post(
    '/admin/notifications',
    {
      config: { access: access.module(MODULE, 'add') },
      schema: {
        tags,
        summary: 'Compose a notification: send it now, or at sendAt',
        body: notificationCompose,
        response: { 201: envelope(sentNotification) },
      },
    },
    async (request, reply) => {
      const { notification, message } = await composeNotification(db, requireActor(request), request.body);
      return reply.code(201).send(ok(notification, message));
    },
  );

  r.post(
    '/admin/notifications/:notificationId/cancel',
    {
      config: { access: access.module(MODULE, 'edit') },
      schema: {
        tags,
        summary: 'Cancel a scheduled notification that has not been sent',
        params: notificationIdParams,
        body: z.unknown().optional(),
        response: { 200: envelope(sentNotification) },
      },
    },
    async (request) =>
      ok(await cancelNotification(db, requireActor(request), request.params.notificationId), NOTIFICATION_MESSAGES.cancelled),
  );
}
