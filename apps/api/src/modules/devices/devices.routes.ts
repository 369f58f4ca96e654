// The sales rep's own signed-in devices (sales area "track-login-devices"):
//   GET    /api/sales/devices              live sessions, the calling device first
//   DELETE /api/sales/devices/{sessionId}  signs that device out (its token is refused from then on)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceListResponseSchema } from '@portal/shared/sales/devices.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { DEVICE_SIGNED_OUT_MESSAGE, listDevices, signOutDevice } from './devices.service.ts';

export async function devicesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;

  r.get(
    '/sales/devices',
    {
      config: { access: access.salesSelf },
      schema: { tags: ['sales'], summary: "The rep's signed-in devices", response: { 200: envelope(deviceListResponseSchema) } },
    },
    async (request) => {
      const devices = await listDevices(db, requireActor(request), app.deps.config.session);
      return ok({ devices, total: devices.length });
    },
  );

  r.delete(
    '/sales/devices/:sessionId',
    {
      config: { access: access.salesSelf },
      schema: {
        tags: ['sales'],
        summary: 'Sign one of the rep’s devices out',
        params: z.object({ sessionId: z.string().trim().min(1).max(100) }),
        response: { 200: envelope(z.object({ id: z.string(), isCurrent: z.boolean() })) },
      },
    },
    async (request) =>
      ok(
        await signOutDevice(db, requireActor(request), app.deps.config.session, request.params.sessionId),
        DEVICE_SIGNED_OUT_MESSAGE,
      ),
  );
}
