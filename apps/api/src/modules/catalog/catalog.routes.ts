// POST /api/retailer/getInventory: the catalogue for the retailer's own store.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryFilterBody, inventoryResponseSchema } from '@portal/shared/catalog/catalog.schemas';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { retailerBuyer } from './buyer-context.ts';
import { getInventory } from './catalog.service.ts';

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
      // The hot path of the catalogue: the answer is built from typed objects (CatalogProduct), so the
      // schema documents it while plain JSON.stringify serialises it (zod re-parsing 50 products
      // cost about a millisecond a request).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => ok(await getInventory(app.deps.db, retailerBuyer(requireActor(request)), request.body)),
  );
}
