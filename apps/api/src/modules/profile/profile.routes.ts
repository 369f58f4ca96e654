// The signed-in user's own profile and password, per area (the sales area has its own in the
// sales module, sharing changeOwnPassword):
//   GET  /retailer/profile         the user and the store record
//   POST /retailer/changePassword  {currentPassword, newPassword}; other devices signed out
//   GET  /admin/profile            the distributor user, role name and distributor
//   POST /admin/changePassword     {currentPassword, newPassword}
//   PUT  /admin/profile            the staff user's own name, e-mail and phone
//   POST /admin/setPassword        {newPassword}: the first password of an invited staff user
// Admin profile and password need no module permission: every distributor user has their own.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFILE_MESSAGES,
  distributorProfileSchema,
  retailerProfileSchema,
  setPasswordBody,
  updateProfileBody,
} from '@portal/shared/profile/profile.schemas';
import { changePasswordBody, PASSWORD_CHANGED_MESSAGE } from '@portal/shared/sales/sales.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { createCounterStore } from '../../platform/rate-limit.ts';
import { changeOwnPassword, distributorProfile, retailerProfile, setFirstPassword, updateOwnDetails } from './profile.service.ts';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const counters = createCounterStore(app);

  r.get(
    '/retailer/profile',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['retailer'],
        summary: 'The signed-in retailer and its store',
        response: { 200: envelope(retailerProfileSchema) },
      },
    },
    async (request) => ok(await retailerProfile(db, requireActor(request))),
  );

  r.get(
    '/admin/profile',
    {
      config: { access: access.distributorSelf },
      schema: {
        tags: ['admin'],
        summary: 'The signed-in distributor user',
        response: { 200: envelope(distributorProfileSchema) },
      },
    },
    async (request) => ok(await distributorProfile(db, requireActor(request))),
  );

  r.put(
    '/admin/profile',
    {
      config: { access: access.distributorSelf },
      schema: {
        tags: ['admin'],
        summary: "The signed-in distributor user's own name, e-mail and phone; a new e-mail or phone needs the current password",
        body: updateProfileBody,
        response: { 200: envelope(distributorProfileSchema) },
      },
    },
    async (request) =>
      ok(await updateOwnDetails(db, requireActor(request), request.body, { counters, log: request.log }), PROFILE_MESSAGES.saved),
  );

  r.post(
    '/admin/setPassword',
    {
      config: { access: access.distributorSelf },
      schema: {
        tags: ['admin'],
        summary: 'The first password of an invited staff user who signed in with a one-time code; 409 once one is set',
        body: setPasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await setFirstPassword(db, requireActor(request), request.body);
      return ok(null, PROFILE_MESSAGES.passwordSet);
    },
  );

  for (const area of ['retailer', 'admin'] as const) {
    r.post(
      `/${area}/changePassword`,
      {
        config: { access: area === 'admin' ? access.distributorSelf : access.retailer },
        schema: {
          tags: [area],
          summary: "Changes the user's own password; the user's other devices are signed out",
          body: changePasswordBody,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await changeOwnPassword(db, requireActor(request), request.body, { counters, log: request.log });
        return ok(null, PASSWORD_CHANGED_MESSAGE);
      },
    );
  }
}
