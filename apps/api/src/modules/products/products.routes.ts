// Admin products (distributor users with the Products module: view for GET, add for create, edit for
// every other change):
//   GET  /admin/products                     paged, sorted, searched and filtered grid rows
//   GET  /admin/products/brands              the distributor's brands, for the filter
//   GET  /admin/products/:productId          every field of one product
//   POST /admin/products                     create
//   PUT  /admin/products/:productId          replace the editable record (UPCs and tiers included)
//   POST /admin/products/:productId/deactivate, /reactivate
//   POST /admin/products/bulk/preview, /bulk/apply   one change to the selected products
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkApplyResponse,
  bulkEditBody,
  bulkPreviewResponse,
  PRODUCT_MESSAGES,
  productBody,
  productBrandsResponse,
  productDetailSchema,
  productListQuery,
  productListResponse,
} from '@portal/shared/products/products.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  applyBulkEdit,
  createProduct,
  editProduct,
  getProduct,
  listProductRows,
  previewBulkEdit,
  productBrands,
  setProductActive,
} from './products.service.ts';

const MODULE = 'Products';
// Any text: an id that is not one of this distributor's products is answered 404 by the service.
const productParams = z.object({ productId: z.string() });

export async function productsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const byMethod = { access: access.module(MODULE) };
  const edit = { access: access.module(MODULE, 'edit') };

  r.get(
    '/admin/products',
    {
      config: byMethod,
      schema: {
        tags: ['admin'],
        summary: "The distributor's products: paged, sorted, searched by item number, description, brand or UPC, and filtered",
        querystring: productListQuery,
        response: { 200: envelope(productListResponse) },
      },
    },
    async (request) => ok(await listProductRows(db, requireActor(request), request.query)),
  );

  r.get(
    '/admin/products/brands',
    {
      config: byMethod,
      schema: {
        tags: ['admin'],
        summary: "The distributor's distinct brands, A to Z",
        response: { 200: envelope(productBrandsResponse) },
      },
    },
    async (request) => ok(await productBrands(db, requireActor(request))),
  );

  r.get(
    '/admin/products/:productId',
    {
      config: byMethod,
      schema: {
        tags: ['admin'],
        summary: 'Every field of one product',
        params: productParams,
        response: { 200: envelope(productDetailSchema) },
      },
    },
    async (request) => ok(await getProduct(db, requireActor(request), request.params.productId)),
  );

  r.post(
    '/admin/products',
    {
      config: byMethod,
      schema: {
        tags: ['admin'],
        summary: 'Create a product',
        body: productBody,
        response: { 201: envelope(productDetailSchema) },
      },
    },
    async (request, reply) => {
      const product = await createProduct(db, requireActor(request), request.body);
      return reply.status(201).send(ok(product, PRODUCT_MESSAGES.created));
    },
  );

  r.put(
    '/admin/products/:productId',
    {
      config: byMethod,
      schema: {
        tags: ['admin'],
        summary: "Replace a product's editable fields, UPCs and quantity discount tiers",
        params: productParams,
        body: productBody,
        response: { 200: envelope(productDetailSchema) },
      },
    },
    async (request) =>
      ok(await editProduct(db, requireActor(request), request.params.productId, request.body), PRODUCT_MESSAGES.updated),
  );

  for (const [action, active, message] of [
    ['deactivate', false, PRODUCT_MESSAGES.deactivated],
    ['reactivate', true, PRODUCT_MESSAGES.reactivated],
  ] as const) {
    r.post(
      `/admin/products/:productId/${action}`,
      {
        config: edit,
        schema: {
          tags: ['admin'],
          summary: active ? 'Reactivate a product' : 'Deactivate a product (it leaves the catalogue)',
          params: productParams,
          response: { 200: envelope(productDetailSchema) },
        },
      },
      async (request) => ok(await setProductActive(db, requireActor(request), request.params.productId, active), message),
    );
  }

  r.post(
    '/admin/products/bulk/preview',
    {
      config: edit,
      schema: {
        tags: ['admin'],
        summary: 'What one change (flags, product limit, category, price percent) would do to the selected products',
        body: bulkEditBody,
        response: { 200: envelope(bulkPreviewResponse) },
      },
    },
    async (request) => ok(await previewBulkEdit(db, requireActor(request), request.body)),
  );

  r.post(
    '/admin/products/bulk/apply',
    {
      config: edit,
      schema: {
        tags: ['admin'],
        summary: 'Apply one change to the selected products, all or nothing',
        body: bulkEditBody,
        response: { 200: envelope(bulkApplyResponse) },
      },
    },
    async (request) => {
      const result = await applyBulkEdit(db, requireActor(request), request.body);
      return ok(result, PRODUCT_MESSAGES.bulkUpdated(result.counts.changed));
    },
  );
}
