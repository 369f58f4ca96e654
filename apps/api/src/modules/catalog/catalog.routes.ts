// POST /api/retailer/getInventory: the catalogue for the retailer's own store.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryFilterBody, inventoryResponseSchema } from '@portal/shared/catalog/catalog.schemas';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope } from '../../platform/envelope.ts';
import { acceptedEncoding } from '../../platform/compression.ts';
import { retailerBuyer } from './buyer-context.ts';
import { getInventoryJson } from './catalog.service.ts';

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
      // The hot path of the catalogue: the handler sends the envelope's JSON, kept serialised (and
      // compressed) for repeated pages, so no serializer runs; the schema documents the answer.
    },
    async (request, reply) => {
      const { body, encoding } = await getInventoryJson(
        app.deps.db,
        retailerBuyer(requireActor(request)),
        request.body,
        acceptedEncoding(request),
      );
      // A Buffer is sent as it is; the typed reply only knows the schema's object.
      const raw = (reply as FastifyReply).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      // Already compressed: the compression plugin leaves an answer with a Content-Encoding alone.
      if (encoding) raw.header('content-encoding', encoding);
      return raw.send(body);
    },
  );
}
