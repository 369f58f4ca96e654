// POST /api/retailer/getInventory: the catalogue for the retailer's own store.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryFilterBody, inventoryResponseSchema, type InventoryFilter } from '@portal/shared/catalog/catalog.schemas';
import type { DbOrTrx } from '../../db/database.ts';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope } from '../../platform/envelope.ts';
import { acceptedEncoding } from '../../platform/compression.ts';
import { retailerBuyer, type BuyerContext } from './buyer-context.ts';
import { getInventoryJson } from './catalog.service.ts';

/**
 * Answers a catalogue request (the retailer's and the sales rep's) with getInventoryJson's bytes as they
 * are: the envelope's JSON, already made (and compressed, for kept pages, in an encoding the request
 * accepts), so no serializer runs; the route's schema documents the answer.
 */
export async function sendInventory(
  request: FastifyRequest,
  reply: FastifyReply,
  db: DbOrTrx,
  buyer: BuyerContext,
  filter: InventoryFilter,
): Promise<FastifyReply> {
  const { body, encoding } = await getInventoryJson(db, buyer, filter, acceptedEncoding(request));
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  // Already compressed: the compression plugin leaves an answer with a Content-Encoding alone.
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/retailer/getInventory',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['retailer'],
        summary: 'Catalogue with search, filters, sort, paging and facets, priced for the store',
        body: inventoryFilterBody.prefault({}),
        response: { 200: envelope(inventoryResponseSchema) },
      },
    },
    async (request, reply) =>
      sendInventory(
        request,
        reply as FastifyReply, // the typed reply only knows the schema's object; a Buffer is sent as it is
        app.deps.db,
        retailerBuyer(requireActor(request)),
        request.body,
      ),
  );
}
