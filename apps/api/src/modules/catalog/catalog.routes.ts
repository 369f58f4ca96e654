// POST /api/retailer/getInventory: the catalogue for the retailer's own store.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryFilterBody, inventoryResponseSchema } from '@portal/shared/catalog/catalog.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { retailerBuyer } from '../../platform/buyer-context.ts';
import { fastSerializerCompiler } from '../../platform/fast-serializer.ts';
import { getInventory } from './catalog.service.ts';

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/retailer/getInventory',
    {
      config: { access: access.retailer },
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['retailer'],
        summary: 'Catalogue with search, filters, sort, paging and facets, priced for the store',
        body: inventoryFilterBody.prefault({}),
        response: { 200: envelope(inventoryResponseSchema) },
      },
    },
    async (request) => ok(await getInventory(app.deps.db, retailerBuyer(requireActor(request)), request.body)),
  );
}
