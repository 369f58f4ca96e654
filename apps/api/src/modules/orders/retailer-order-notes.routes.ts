// The store's side of an order's notes thread (retailer, own store's orders only; another store's order
// number answers 404 `Order not found` like an unknown one):
//   GET  /retailer/orderNotes/:orderNumber   the thread, oldest first
//   POST /retailer/orderNotes/:orderNumber   add a note from the store
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_DETAILS_MESSAGES, orderNoteBody, orderNotesResponse } from '@portal/shared/orders/order-details.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { retailerBuyer } from '../../platform/buyer-context.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { addStoreOrderNote, storeOrderNotes } from './order-details.service.ts';

const orderNumberParams = z.object({ orderNumber: z.string().trim().min(1).max(40) });

export async function retailerOrderNotesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['retailer'];

  r.get(
    '/retailer/orderNotes/:orderNumber',
    {
      config: { access: access.retailer },
      schema: { tags, params: orderNumberParams, response: { 200: envelope(orderNotesResponse) } },
    },
    async (req) => ok(await storeOrderNotes(db, retailerBuyer(requireActor(req)), req.params.orderNumber)),
  );

  r.post(
    '/retailer/orderNotes/:orderNumber',
    {
      config: { access: access.retailer },
      schema: { tags, params: orderNumberParams, body: orderNoteBody, response: { 201: envelope(orderNotesResponse) } },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      const notes = await addStoreOrderNote(db, retailerBuyer(actor), actor.name, req.params.orderNumber, req.body.text);
      return reply.status(201).send(ok(notes, ORDER_DETAILS_MESSAGES.noteAdded));
    },
  );
}
