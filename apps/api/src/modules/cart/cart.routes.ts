// Retailer cart paths of spec §7 and GET /retailer/deliveryCharge; every cart answer is the cart summary.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartAddBody, cartProductParams, cartSummarySchema, cartUpdateBody } from '@portal/shared/cart/cart.schemas';
import { deliveryChargeResponse } from '@portal/shared/orders/orders.schemas';
import { access } from '../../platform/auth/access.ts';
import { fastSerializerCompiler } from '../../platform/fast-serializer.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { retailerBuyer } from '../../platform/buyer-context.ts';
import { addToCart, clearCart, getCart, getDeliveryCharge, removeCartItem, updateCartItem } from './cart.service.ts';

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['retailer'];
  const summary = { 200: envelope(cartSummarySchema) };

  r.post(
    '/retailer/cart/add',
    { config: { access: access.retailer }, schema: { tags, body: cartAddBody, response: summary } },
    async (req) => ok(await addToCart(db, retailerBuyer(requireActor(req)), req.body), 'Item added to cart'),
  );
  r.get(
    '/retailer/cart/items',
    { config: { access: access.retailer }, serializerCompiler: fastSerializerCompiler, schema: { tags, response: summary } },
    async (req) => ok(await getCart(db, retailerBuyer(requireActor(req)))),
  );
  r.put(
    '/retailer/cart/items/:productId',
    { config: { access: access.retailer }, schema: { tags, params: cartProductParams, body: cartUpdateBody, response: summary } },
    async (req) =>
      ok(await updateCartItem(db, retailerBuyer(requireActor(req)), req.params.productId, req.body.quantity), 'Cart updated'),
  );
  r.delete(
    '/retailer/cart/items/:productId',
    { config: { access: access.retailer }, schema: { tags, params: cartProductParams, response: summary } },
    async (req) => ok(await removeCartItem(db, retailerBuyer(requireActor(req)), req.params.productId), 'Item removed from cart'),
  );
  r.delete('/retailer/cart/clear', { config: { access: access.retailer }, schema: { tags, response: summary } }, async (req) =>
    ok(await clearCart(db, retailerBuyer(requireActor(req))), 'Cart cleared'),
  );
  r.get(
    '/retailer/deliveryCharge',
    { config: { access: access.retailer }, schema: { tags, response: { 200: envelope(deliveryChargeResponse) } } },
    async (req) => ok(await getDeliveryCharge(db, retailerBuyer(requireActor(req)))),
  );
}
