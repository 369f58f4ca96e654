// Admin actions on stores beyond their terms (distributor users with the Retailers module):
//   POST /admin/retailers/:retailerId/users                                 invite a store user (add)
//   POST /admin/retailers/:retailerId/users/:userId/deactivate, /reactivate (edit)
//   POST /admin/retailers/:retailerId/users/:userId/signOutEverywhere       end all its sessions (edit)
//   POST /admin/retailers/reassign                                           move stores between sales reps (edit)
//   POST /admin/retailers/:retailerId/preview/inventory                      the store's catalogue as it sees it (view)
//   GET  /admin/retailers/:retailerId/audit                                  the store's history (view)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrailQuery, auditTrailResponse } from '@portal/shared/audit/audit.schemas';
import { inventoryFilterBody, inventoryResponseSchema } from '@portal/shared/catalog/catalog.schemas';
import {
  RETAILER_ACTION_MESSAGES as M,
  inviteRetailerUserBody,
  reassignBody,
  reassignResponse,
  signedOutEverywhereSchema,
} from '@portal/shared/retailers/retailer-actions.schemas';
import { retailerUserSchema } from '@portal/shared/retailers/retailers.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { fastSerializerCompiler } from '../../platform/fast-serializer.ts';
import {
  inviteRetailerUser,
  previewInventory,
  reassignRetailers,
  retailerAuditTrail,
  setRetailerUserActive,
  signOutRetailerUserEverywhere,
} from './retailer-actions.service.ts';

const MODULE = 'Retailers';
// Any text: ids that are not this distributor's store (or that store's user) are answered 404 by the service.
const retailerParams = z.object({ retailerId: z.string() });
const userParams = z.object({ retailerId: z.string(), userId: z.string() });

export async function retailerActionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;

  r.post(
    '/admin/retailers/:retailerId/users',
    {
      config: { access: access.module(MODULE, 'add') },
      schema: {
        tags: ['admin'],
        summary:
          'Invite a person to order for the store: a retailer user without a password, told through the outbox; 409 when the address has an account',
        params: retailerParams,
        body: inviteRetailerUserBody,
        response: { 201: envelope(retailerUserSchema) },
      },
    },
    async (request, reply) => {
      const user = await inviteRetailerUser(
        { db, config: app.deps.config, log: request.log },
        requireActor(request),
        request.params.retailerId,
        request.body,
      );
      return reply.status(201).send(ok(user, M.invited));
    },
  );

  for (const [action, active, message] of [
    ['deactivate', false, M.userDeactivated],
    ['reactivate', true, M.userReactivated],
  ] as const) {
    r.post(
      `/admin/retailers/:retailerId/users/:userId/${action}`,
      {
        config: { access: access.module(MODULE, 'edit') },
        schema: {
          tags: ['admin'],
          summary: active
            ? "Reactivate a store's user"
            : "Deactivate a store's user: its sessions end from the next request and it cannot sign in",
          params: userParams,
          response: { 200: envelope(retailerUserSchema) },
        },
      },
      async (request) =>
        ok(
          await setRetailerUserActive(db, requireActor(request), request.params.retailerId, request.params.userId, active),
          message,
        ),
    );
  }

  r.post(
    '/admin/retailers/:retailerId/users/:userId/signOutEverywhere',
    {
      config: { access: access.module(MODULE, 'edit') },
      schema: {
        tags: ['admin'],
        summary: "End every session of a store's user (its tokens answer 401 from the next request)",
        params: userParams,
        response: { 200: envelope(signedOutEverywhereSchema) },
      },
    },
    async (request) =>
      ok(
        await signOutRetailerUserEverywhere(db, requireActor(request), request.params.retailerId, request.params.userId),
        M.signedOutEverywhere,
      ),
  );

  r.post(
    '/admin/retailers/reassign',
    {
      config: { access: access.module(MODULE, 'edit') },
      schema: {
        tags: ['admin'],
        summary:
          "Move all of one sales rep's stores, or the listed ones, to another rep; the first rep's working session on them ends at once",
        body: reassignBody,
        response: { 200: envelope(reassignResponse) },
      },
    },
    async (request) => {
      const result = await reassignRetailers(db, requireActor(request), request.body);
      return ok(result, M.reassigned(result.moved));
    },
  );

  r.post(
    '/admin/retailers/:retailerId/preview/inventory',
    {
      config: { access: access.module(MODULE, 'view') },
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['admin'],
        summary:
          "The store's catalogue as the store sees it (its price class, the retailer's flags, its promotions): the getInventory filter and answer, read-only",
        params: retailerParams,
        body: inventoryFilterBody.prefault({}),
        response: { 200: envelope(inventoryResponseSchema) },
      },
    },
    async (request) => ok(await previewInventory(db, requireActor(request), request.params.retailerId, request.body)),
  );

  r.get(
    '/admin/retailers/:retailerId/audit',
    {
      config: { access: access.module(MODULE, 'view') },
      schema: {
        tags: ['admin'],
        summary: "The store's history: who changed what and when, each field before and after, newest first",
        params: retailerParams,
        querystring: auditTrailQuery,
        response: { 200: envelope(auditTrailResponse) },
      },
    },
    async (request) => ok(await retailerAuditTrail(db, requireActor(request), request.params.retailerId, request.query)),
  );
}
