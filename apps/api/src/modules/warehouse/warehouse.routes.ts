// GET /api/retailer/warehouseProfile: the distributor details of spec §3 (D_Name, D_Addr1, D_City,
// D_State, D_Phone) as a list, the store's own warehouse first (the web shows the first entry).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { warehouseDetailSchema } from '@portal/shared/auth/auth.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { retailerBuyer } from '../../platform/buyer-context.ts';
import { warehouseProfile } from './warehouse.service.ts';

export async function warehouseRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/retailer/warehouseProfile',
    {
      config: { access: access.retailer },
      schema: { tags: ['retailer'], response: { 200: envelope(z.array(warehouseDetailSchema)) } },
    },
    async (request) => ok(await warehouseProfile(app.deps.db, retailerBuyer(requireActor(request)))),
  );
}
