// GET /api/retailer/accountReceivable?page&limit: balance and ledger for the retailer's account screen.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountReceivableQuery, accountReceivableResponse } from '@portal/shared/orders/orders.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { retailerBuyer } from '../../platform/buyer-context.ts';
import { accountReceivable } from './receivables.service.ts';

export async function receivablesRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/retailer/accountReceivable',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['retailer'],
        querystring: accountReceivableQuery,
        response: { 200: envelope(accountReceivableResponse) },
      },
    },
    async (request) => ok(await accountReceivable(app.deps.db, retailerBuyer(requireActor(request)), request.query)),
  );
}
