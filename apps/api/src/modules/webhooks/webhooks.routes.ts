// Back office webhooks (distributor users with the Back Office module; the action follows the method):
//   GET    /admin/back-office/webhooks                         the endpoints, paged, newest first
//   GET    /admin/back-office/webhooks/:endpointId             one endpoint
//   POST   /admin/back-office/webhooks                         add (answers the signing secret, once)
//   PUT    /admin/back-office/webhooks/:endpointId             edit URL, description, events, active
//   DELETE /admin/back-office/webhooks/:endpointId             delete with its history
//   POST   /admin/back-office/webhooks/:endpointId/secret      (edit) a new signing secret, shown once
//   POST   /admin/back-office/webhooks/:endpointId/test        (edit) queue a signed webhook.test delivery
//   GET    /admin/back-office/webhook-deliveries               the delivery history, paged, newest first
// Also starts this instance's webhook worker (docs/webhooks.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WEBHOOK_MESSAGES,
  webhookDeliveryListResponse,
  webhookDeliveryQuery,
  webhookDeliverySchema,
  webhookEndpointBody,
  webhookEndpointListResponse,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookListQuery,
} from '@portal/shared/webhooks/webhooks.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import type { JobLoop } from '../../platform/job-loop.ts';
import { startWebhookWorker } from './webhook-worker.ts';
import {
  createEndpoint,
  editEndpoint,
  getEndpoint,
  listDeliveryRows,
  listEndpointRows,
  removeEndpoint,
  rotateEndpointSecret,
  sendTestDelivery,
  type WebhookContext,
} from './webhooks.service.ts';

const MODULE = 'Back Office';
// Any text: an id that is not one of this distributor's endpoints is answered 404 by the service.
const endpointParams = z.object({ endpointId: z.string() });

const workers = new WeakMap<object, JobLoop>();

/** This app's webhook worker; tests wait on it. */
export function webhookWorkerOf(app: FastifyInstance): JobLoop | null {
  return workers.get(app.deps) ?? null;
}

export async function webhooksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const ctx: WebhookContext = { mode: config.mode, appSecret: config.jwtSecret };

  app.addHook('onReady', async () => {
    if (!workers.has(app.deps)) workers.set(app.deps, startWebhookWorker(app, db, ctx));
  });
  app.addHook('onClose', async () => {
    await workers.get(app.deps)?.stop();
    workers.delete(app.deps);
  });

  const rule = { access: access.module(MODULE) };
  const tags = ['admin'];

  r.get(
    '/admin/back-office/webhooks',
    {
      config: rule,
      schema: {
        tags,
        summary: "The distributor's webhook endpoints, newest first",
        querystring: webhookListQuery,
        response: { 200: envelope(webhookEndpointListResponse) },
      },
    },
    async (request) => ok(await listEndpointRows(db, requireActor(request), request.query)),
  );

  r.get(
    '/admin/back-office/webhooks/:endpointId',
    {
      config: rule,
      schema: {
        tags,
        summary: 'One webhook endpoint',
        params: endpointParams,
        response: { 200: envelope(webhookEndpointSchema) },
      },
    },
    async (request) => ok(await getEndpoint(db, requireActor(request), request.params.endpointId)),
  );

  r.post(
    '/admin/back-office/webhooks',
    {
      config: rule,
      schema: {
        tags,
        summary: 'Register a webhook endpoint; the answer carries its signing secret, shown only this once',
        body: webhookEndpointBody,
        response: { 201: envelope(webhookEndpointWithSecretSchema) },
      },
    },
    async (request, reply) => {
      const endpoint = await createEndpoint(db, ctx, requireActor(request), request.body);
      return reply.status(201).send(ok(endpoint, WEBHOOK_MESSAGES.created));
    },
  );

  r.put(
    '/admin/back-office/webhooks/:endpointId',
    {
      config: rule,
      schema: {
        tags,
        summary: "Edit an endpoint's URL, description, events and whether it is active",
        params: endpointParams,
        body: webhookEndpointBody,
        response: { 200: envelope(webhookEndpointSchema) },
      },
    },
    async (request) =>
      ok(await editEndpoint(db, ctx, requireActor(request), request.params.endpointId, request.body), WEBHOOK_MESSAGES.updated),
  );

  r.delete(
    '/admin/back-office/webhooks/:endpointId',
    {
      config: rule,
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery history',
        params: endpointParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await removeEndpoint(db, requireActor(request), request.params.endpointId);
      return ok(null, WEBHOOK_MESSAGES.deleted);
    },
  );

  r.post(
    '/admin/back-office/webhooks/:endpointId/secret',
    {
      config: { access: access.module(MODULE, 'edit') },
      schema: {
        tags,
        summary: 'Replace the signing secret (the old one stops at once); the new one is shown only this once',
        params: endpointParams,
        response: { 200: envelope(webhookEndpointWithSecretSchema) },
      },
    },
    async (request) =>
      ok(await rotateEndpointSecret(db, ctx, requireActor(request), request.params.endpointId), WEBHOOK_MESSAGES.secretRotated),
  );

  r.post(
    '/admin/back-office/webhooks/:endpointId/test',
    {
      config: { access: access.module(MODULE, 'edit') },
      schema: {
        tags,
        summary: 'Queue a signed webhook.test delivery to the endpoint (see the delivery history for its outcome)',
        params: endpointParams,
        response: { 202: envelope(webhookDeliverySchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(ok(await sendTestDelivery(db, requireActor(request), request.params.endpointId), WEBHOOK_MESSAGES.testQueued)),
  );

  r.get(
    '/admin/back-office/webhook-deliveries',
    {
      config: rule,
      schema: {
        tags,
        summary: 'Webhook deliveries, newest first: status, attempts, last answer or error; by endpoint and status',
        querystring: webhookDeliveryQuery,
        response: { 200: envelope(webhookDeliveryListResponse) },
      },
    },
    async (request) => ok(await listDeliveryRows(db, requireActor(request), request.query)),
  );
}
