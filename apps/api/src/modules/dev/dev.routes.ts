// GET /api/dev/outbox?to=ADDRESS: the latest messages to an address, newest first, so that browser
// tests and demo users can read one-time codes. It hands out every account (codes sign in), so it
// exists only in demo and test mode AND when the server listens on a loopback address: in production,
// or with any other HOST, the route is never registered (404; main.ts warns at start-up).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeEmailPhone } from '@portal/shared/auth/auth.schemas';
import { isLoopbackHost } from '../../config.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { listOutboxFor } from '../../platform/messaging/outbox.ts';
import { access } from '../../platform/auth/access.ts';

const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['pending', 'sent', 'logged', 'failed']),
  createdAt: z.string(),
});

export async function devRoutes(app: FastifyInstance): Promise<void> {
  const { mode, host } = app.deps.config;
  if (mode === 'production' || !isLoopbackHost(host)) return;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/outbox',
    {
      config: { access: access.public },
      schema: {
        tags: ['dev'],
        summary: 'Latest outbox messages to an address (demo and test mode only)',
        querystring: z.object({
          to: z.string({ error: 'to is required' }).trim().min(1, 'to is required').max(254),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: envelope(z.array(outboxMessage)) },
      },
    },
    async (request) => {
      const rows = await listOutboxFor(app.deps.db, normalizeEmailPhone(request.query.to), request.query.limit);
      return ok(
        rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.recipient,
          subject: r.subject,
          body: r.body,
          status: r.status,
          createdAt: r.created_at,
        })),
      );
    },
  );
}
