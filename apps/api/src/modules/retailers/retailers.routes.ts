// Admin retailers (distributor users with the Retailers module; the action follows the method):
//   GET  /admin/retailers                       paged, sorted, searched, filtered list of stores
//   GET  /admin/retailers/choices               the sales reps and routes the office picks from
//   GET  /admin/retailers/:retailerId           a store's terms, users, last orders and balance
//   POST /admin/retailers                       create
//   PUT  /admin/retailers/:retailerId           edit every term
//   POST /admin/retailers/:retailerId/deactivate, /reactivate
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RETAILER_MESSAGES,
  retailerBody,
  retailerChoicesResponse,
  retailerDetailSchema,
  retailerListQuery,
  retailerListResponse,
} from '@portal/shared/retailers/retailers.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  createRetailer,
  editRetailer,
  getRetailer,
  listRetailerRows,
  retailerChoices,
  setRetailerActive,
} from './retailers.service.ts';

const MODULE = 'Retailers';
// Any text: an id that is not one of this distributor's stores is answered 404 by the service.
const retailerParams = z.object({ retailerId: z.string() });

export async function retailersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const config = { access: access.module(MODULE) };

  r.get(
    '/admin/retailers',
    {
      config,
      schema: {
        tags: ['admin'],
        summary:
          "The distributor's stores: paged, sorted, searched by C_Number, names, phone or city, filtered by route, order day, sales rep, price class, status, balance and open orders",
        querystring: retailerListQuery,
        response: { 200: envelope(retailerListResponse) },
      },
    },
    async (request) => ok(await listRetailerRows(db, requireActor(request), request.query)),
  );

  // A static path: the router matches it before /admin/retailers/:retailerId.
  r.get(
    '/admin/retailers/choices',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "The distributor's active sales reps and its stores' route numbers, for pickers and filters",
        response: { 200: envelope(retailerChoicesResponse) },
      },
    },
    async (request) => ok(await retailerChoices(db, requireActor(request))),
  );

  r.get(
    '/admin/retailers/:retailerId',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "A store's terms, its users, last orders and balance",
        params: retailerParams,
        response: { 200: envelope(retailerDetailSchema) },
      },
    },
    async (request) => ok(await getRetailer(db, requireActor(request), request.params.retailerId)),
  );

  r.post(
    '/admin/retailers',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Create a store',
        body: retailerBody,
        response: { 201: envelope(retailerDetailSchema) },
      },
    },
    async (request, reply) => {
      const retailer = await createRetailer(db, requireActor(request), request.body);
      return reply.status(201).send(ok(retailer, RETAILER_MESSAGES.created));
    },
  );

  r.put(
    '/admin/retailers/:retailerId',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "Edit a store's terms",
        params: retailerParams,
        body: retailerBody,
        response: { 200: envelope(retailerDetailSchema) },
      },
    },
    async (request) =>
      ok(await editRetailer(db, requireActor(request), request.params.retailerId, request.body), RETAILER_MESSAGES.updated),
  );

  for (const [action, active, message] of [
    ['deactivate', false, RETAILER_MESSAGES.deactivated],
    ['reactivate', true, RETAILER_MESSAGES.reactivated],
  ] as const) {
    r.post(
      `/admin/retailers/:retailerId/${action}`,
      {
        // A change to an existing store: edit, though the method is POST (which would ask for add).
        config: { access: access.module(MODULE, 'edit') },
        schema: {
          tags: ['admin'],
          summary: active
            ? 'Reactivate a store'
            : "Deactivate a store: its users' sessions end from the next request and they cannot sign in",
          params: retailerParams,
          response: { 200: envelope(retailerDetailSchema) },
        },
      },
      async (request) => ok(await setRetailerActive(db, requireActor(request), request.params.retailerId, active), message),
    );
  }
}
