// Contact requests to the distributor's office:
//   POST /contact            public /contact-us form {name, storeName?, email, phone?, message};
//                            at most CONTACT_IP_LIMIT per client address (429)
//   POST /retailer/contact   a signed-in retailer's message (same body; the store is taken from
//                            the account); at most CONTACT_IP_LIMIT per user
// Both store a contact_requests row and queue an e-mail to the distributor through the outbox.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_IP_LIMIT,
  CONTACT_RATE_LIMITED_MESSAGE,
  CONTACT_SENT_MESSAGE,
  contactRequestBody,
  contactSentSchema,
} from '@portal/shared/contact/contact.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { flushOutbox, type OutboxDeps } from '../../platform/messaging/outbox.ts';
import { createCounterStore, secondsUntil, type CounterStore } from '../../platform/rate-limit.ts';
import { submitContactRequest, submitRetailerMessage } from './contact.service.ts';

/** Counts one message for `key`; over the limit → 429. A failing counter store lets it through (logged). */
async function limit(counters: CounterStore, log: FastifyBaseLogger, key: string): Promise<void> {
  let hit;
  try {
    hit = await counters.hit(key, CONTACT_IP_LIMIT.windowMs);
  } catch (err) {
    log.error({ err }, 'rate-limit store unavailable; contact request allowed');
    return;
  }
  if (hit.count > CONTACT_IP_LIMIT.max) {
    throw new AppError('RATE_LIMITED', CONTACT_RATE_LIMITED_MESSAGE, { data: { retryAfterSeconds: secondsUntil(hit.resetAt) } });
  }
}

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const counters = createCounterStore(app);
  const deps = (log: FastifyBaseLogger): OutboxDeps => ({ db: app.deps.db, config: app.deps.config, log });
  // Notices still being delivered finish before the database closes.
  app.addHook('onClose', () => flushOutbox(app.deps.db));

  r.post(
    '/contact',
    {
      config: { access: access.public },
      // Counted before the body is read, so a flood costs little.
      onRequest: async (request) => limit(counters, request.log, `contact-ip:${request.ip}`),
      schema: {
        tags: ['public'],
        summary: "Sends a contact request to the distributor's office",
        body: contactRequestBody,
        response: { 200: envelope(contactSentSchema) },
      },
    },
    async (request) => ok(await submitContactRequest(deps(request.log), request.body), CONTACT_SENT_MESSAGE),
  );

  r.post(
    '/retailer/contact',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['retailer'],
        summary: "Sends the store's message to the distributor's office",
        body: contactRequestBody,
        response: { 200: envelope(contactSentSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await limit(counters, request.log, `contact-user:${actor.userId}`);
      return ok(await submitRetailerMessage(deps(request.log), actor, request.body), CONTACT_SENT_MESSAGE);
    },
  );
}
