// Admin vendors (distributor users with the Vendors module; the action follows the method):
//   GET  /admin/vendors                     paged, sorted, searched list with product counts
//   GET  /admin/vendors/:vendorId           one vendor
//   POST /admin/vendors                     create
//   PUT  /admin/vendors/:vendorId           edit
//   POST /admin/vendors/:vendorId/deactivate, /reactivate
//   GET  /admin/vendors/:vendorId/products  the vendor's products, paged
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VENDOR_MESSAGES,
  vendorBody,
  vendorListQuery,
  vendorListResponse,
  vendorProductsQuery,
  vendorProductsResponse,
  vendorRowSchema,
} from '@portal/shared/vendors/vendors.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { createVendor, editVendor, getVendor, listVendorRows, setVendorActive, vendorProducts } from './vendors.service.ts';

const MODULE = 'Vendors';
// Any text: an id that is not one of this distributor's vendors is answered 404 by the service.
const vendorParams = z.object({ vendorId: z.string() });

export async function vendorsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const config = { access: access.module(MODULE) };

  r.get(
    '/admin/vendors',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "The distributor's vendors: paged, sorted, searched by name, contact or email, filtered by status",
        querystring: vendorListQuery,
        response: { 200: envelope(vendorListResponse) },
      },
    },
    async (request) => ok(await listVendorRows(db, requireActor(request), request.query)),
  );

  r.get(
    '/admin/vendors/:vendorId',
    {
      config,
      schema: { tags: ['admin'], summary: 'One vendor', params: vendorParams, response: { 200: envelope(vendorRowSchema) } },
    },
    async (request) => ok(await getVendor(db, requireActor(request), request.params.vendorId)),
  );

  r.post(
    '/admin/vendors',
    {
      config,
      schema: { tags: ['admin'], summary: 'Create a vendor', body: vendorBody, response: { 201: envelope(vendorRowSchema) } },
    },
    async (request, reply) => {
      const vendor = await createVendor(db, requireActor(request), request.body);
      return reply.status(201).send(ok(vendor, VENDOR_MESSAGES.created));
    },
  );

  r.put(
    '/admin/vendors/:vendorId',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "Edit a vendor's name and contact details",
        params: vendorParams,
        body: vendorBody,
        response: { 200: envelope(vendorRowSchema) },
      },
    },
    async (request) =>
      ok(await editVendor(db, requireActor(request), request.params.vendorId, request.body), VENDOR_MESSAGES.updated),
  );

  for (const [action, active, message] of [
    ['deactivate', false, VENDOR_MESSAGES.deactivated],
    ['reactivate', true, VENDOR_MESSAGES.reactivated],
  ] as const) {
    r.post(
      `/admin/vendors/:vendorId/${action}`,
      {
        config,
        schema: {
          tags: ['admin'],
          summary: active ? 'Reactivate a vendor' : 'Deactivate a vendor (its products keep it)',
          params: vendorParams,
          response: { 200: envelope(vendorRowSchema) },
        },
      },
      async (request) => ok(await setVendorActive(db, requireActor(request), request.params.vendorId, active), message),
    );
  }

  r.get(
    '/admin/vendors/:vendorId/products',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "The vendor's products, by item number",
        params: vendorParams,
        querystring: vendorProductsQuery,
        response: { 200: envelope(vendorProductsResponse) },
      },
    },
    async (request) => ok(await vendorProducts(db, requireActor(request), request.params.vendorId, request.query)),
  );
}
