// GET /api/health: liveness, version and which database the server runs on.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../platform/envelope.ts';
import { access } from '../../platform/auth/access.ts';

const VERSION = '0.1.0';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        response: {
          200: envelope(z.object({ status: z.literal('ok'), version: z.string(), database: z.enum(['sqlite', 'postgres']) })),
        },
      },
    },
    async () => {
      await sql`select 1`.execute(app.deps.db);
      return ok({ status: 'ok' as const, version: VERSION, database: app.deps.config.database.kind });
    },
  );
}
