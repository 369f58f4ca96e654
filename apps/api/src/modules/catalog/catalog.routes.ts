// POST /api/retailer/getInventory: the catalogue for the retailer's own store.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryFilterBody, inventoryResponseSchema } from '@portal/shared/catalog/catalog.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope } from '../../platform/envelope.ts';
import { acceptedEncoding, sendPreparedJson } from '../../platform/compression.ts';
import { retailerBuyer } from '../../platform/buyer-context.ts';
import { getInventoryJson } from './catalog.service.ts';

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
      sendPreparedJson(
        reply as FastifyReply, // the typed reply only knows the schema's object; a Buffer is sent as it is
        await getInventoryJson(app.deps.db, retailerBuyer(requireActor(request)), request.body, acceptedEncoding(request)),
      ),
  );
}
