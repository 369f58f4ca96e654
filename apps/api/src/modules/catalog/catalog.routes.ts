// POST /api/retailer/getInventory: the catalogue for the retailer's own store.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryFilterBody, inventoryResponseSchema } from '@portal/shared/catalog/catalog.schemas';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope } from '../../platform/envelope.ts';
import { acceptedEncoding } from '../../platform/compression.ts';
import { retailerBuyer } from './buyer-context.ts';
import { getInventoryJson, type InventoryBody } from './catalog.service.ts';

/**
 * Sends a catalogue answer of getInventoryJson as it is: the envelope's JSON, already made (and
 * compressed for kept pages), so no serializer runs; the route's schema documents the answer.
 */
export function sendInventory(reply: FastifyReply, { body, encoding }: InventoryBody): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  // Already compressed: the compression plugin leaves an answer with a Content-Encoding alone.
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/retailer/getInventory',
    {
      schema: {
        tags: ['retailer'],
        summary: 'Catalogue with search, filters, sort, paging and facets, priced for the store',
        body: inventoryFilterBody.prefault({}),
        response: { 200: envelope(inventoryResponseSchema) },
      },
    },
    async (request, reply) =>
      sendInventory(
        reply as FastifyReply, // the typed reply only knows the schema's object; a Buffer is sent as it is
        await getInventoryJson(app.deps.db, retailerBuyer(requireActor(request)), request.body, acceptedEncoding(request)),
      ),
  );
}
