// Signed-in devices (track-login-devices):
//   GET    /api/sales/devices, /api/retailer/devices          the caller's live sessions, this one first
//   DELETE /api/sales/devices/{sessionId}, /api/retailer/devices/{sessionId}
//                                                              signs one of them out (its token is refused from then on)
// The office (module Track Login Devices; sign-outs need its delete grant):
//   GET    /api/admin/login-devices                           every live session of the distributor's users:
//                                                              paged, sorted, searched, filtered by role, store, user, last seen, new
//   GET    /api/admin/login-devices/choices                   the users and stores with live sessions (filters)
//   DELETE /api/admin/login-devices/{sessionId}               signs one session out
//   POST   /api/admin/login-devices/users/{userId}/sign-out   signs every session of a user out
//   POST   /api/admin/login-devices/retailers/{retailerId}/sign-out
//                                                              signs every session of a store's users out
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGIN_DEVICE_MESSAGES,
  loginDeviceChoicesResponse,
  loginDeviceListQuery,
  loginDeviceListResponse,
  signOutResultSchema,
} from '@portal/shared/devices/login-devices.schemas';
import { deviceListResponseSchema } from '@portal/shared/sales/devices.schemas';
import { access, type Access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  DEVICE_SIGNED_OUT_MESSAGE,
  listDevices,
  listLoginDevices,
  loginDeviceChoices,
  signOutDevice,
  signOutLoginDevice,
  signOutRetailerDevices,
  signOutUserDevices,
} from './devices.service.ts';

const MODULE = 'Track Login Devices';
// Any text: an id that is not a live session, user or store of the caller's is answered 404.
const id = z.string().trim().min(1).max(100);

export async function devicesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const lifetime = () => app.deps.config.session;

  // The caller's own devices, for each role that has a devices screen.
  const own: [area: 'sales' | 'retailer', rule: Access, who: string][] = [
    // the rep's page is a sales module's (its sales role grants Track Login Devices)
    ['sales', access.salesModule('Track Login Devices', 'self'), 'rep'],
    ['retailer', access.retailer, 'retailer'],
  ];
  for (const [area, rule, who] of own) {
    r.get(
      `/${area}/devices`,
      {
        config: { access: rule },
        schema: {
          tags: [area],
          summary: `The ${who}'s signed-in devices`,
          response: { 200: envelope(deviceListResponseSchema) },
        },
      },
      async (request) => {
        const devices = await listDevices(db, requireActor(request), lifetime());
        return ok({ devices, total: devices.length });
      },
    );

    r.delete(
      `/${area}/devices/:sessionId`,
      {
        config: { access: rule },
        schema: {
          tags: [area],
          summary: `Sign one of the ${who}’s devices out`,
          params: z.object({ sessionId: id }),
          response: { 200: envelope(z.object({ id: z.string(), isCurrent: z.boolean() })) },
        },
      },
      async (request) =>
        ok(await signOutDevice(db, requireActor(request), lifetime(), request.params.sessionId), DEVICE_SIGNED_OUT_MESSAGE),
    );
  }

  const view = { access: access.module(MODULE, 'view') };
  const signOut = { access: access.module(MODULE, 'delete') };

  r.get(
    '/admin/login-devices',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary:
          "Every signed-in session of the distributor's users: paged, sorted, searched by user, device, IP or store, filtered by role, store, user, last seen and new devices",
        querystring: loginDeviceListQuery,
        response: { 200: envelope(loginDeviceListResponse) },
      },
    },
    async (request) => ok(await listLoginDevices(db, requireActor(request), lifetime(), request.query)),
  );

  // A static path: the router matches it before /admin/login-devices/:sessionId.
  r.get(
    '/admin/login-devices/choices',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'The users and stores that have signed-in sessions, for the filters',
        response: { 200: envelope(loginDeviceChoicesResponse) },
      },
    },
    async (request) => ok(await loginDeviceChoices(db, requireActor(request), lifetime())),
  );

  r.delete(
    '/admin/login-devices/:sessionId',
    {
      config: signOut,
      schema: {
        tags: ['admin'],
        summary: 'Sign one session out: its token is refused from the next request',
        params: z.object({ sessionId: id }),
        response: { 200: envelope(signOutResultSchema) },
      },
    },
    async (request) =>
      ok(
        await signOutLoginDevice(db, requireActor(request), lifetime(), request.params.sessionId),
        LOGIN_DEVICE_MESSAGES.signedOut,
      ),
  );

  r.post(
    '/admin/login-devices/users/:userId/sign-out',
    {
      config: signOut,
      schema: {
        tags: ['admin'],
        summary: 'Sign every session of one user out',
        params: z.object({ userId: id }),
        response: { 200: envelope(signOutResultSchema) },
      },
    },
    async (request) =>
      ok(
        await signOutUserDevices(db, requireActor(request), lifetime(), request.params.userId),
        LOGIN_DEVICE_MESSAGES.userSignedOut,
      ),
  );

  r.post(
    '/admin/login-devices/retailers/:retailerId/sign-out',
    {
      config: signOut,
      schema: {
        tags: ['admin'],
        summary: "Sign every session of a store's users out",
        params: z.object({ retailerId: id }),
        response: { 200: envelope(signOutResultSchema) },
      },
    },
    async (request) =>
      ok(
        await signOutRetailerDevices(db, requireActor(request), lifetime(), request.params.retailerId),
        LOGIN_DEVICE_MESSAGES.retailerSignedOut,
      ),
  );
}
