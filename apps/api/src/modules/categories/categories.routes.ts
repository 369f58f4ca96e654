// Admin categories and subcategories (distributor users with the Products module; the action follows
// the method):
//   GET    /admin/categories               the tree, by sort order then name, with product counts
//   POST   /admin/categories               create (parentId: a top-level category, or null)
//   PUT    /admin/categories/:categoryId   rename
//   DELETE /admin/categories/:categoryId   delete when unused and without subcategories
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATEGORY_MESSAGES,
  categoryListResponse,
  categorySchema,
  createCategoryBody,
  updateCategoryBody,
} from '@portal/shared/categories/categories.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { createCategory, listCategoryTree, removeCategory, updateCategory } from './categories.service.ts';

const MODULE = 'Products';
// Any text: an id that is not one of this distributor's categories is answered 404 by the service.
const categoryParams = z.object({ categoryId: z.string() });

export async function categoriesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const config = { access: access.module(MODULE) };

  r.get(
    '/admin/categories',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "The distributor's categories, each with its subcategories and product counts",
        response: { 200: envelope(categoryListResponse) },
      },
    },
    async (request) => ok(await listCategoryTree(db, requireActor(request))),
  );

  r.post(
    '/admin/categories',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Create a category, or a subcategory of a top-level category',
        body: createCategoryBody,
        response: { 201: envelope(categorySchema) },
      },
    },
    async (request, reply) => {
      const created = await createCategory(db, requireActor(request), request.body);
      return reply.status(201).send(ok(created, CATEGORY_MESSAGES.created));
    },
  );

  r.put(
    '/admin/categories/:categoryId',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Rename a category or subcategory',
        params: categoryParams,
        body: updateCategoryBody,
        response: { 200: envelope(categorySchema) },
      },
    },
    async (request) =>
      ok(
        await updateCategory(db, requireActor(request), request.params.categoryId, request.body.name),
        CATEGORY_MESSAGES.updated,
      ),
  );

  r.delete(
    '/admin/categories/:categoryId',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Delete a category or subcategory no product uses and without subcategories',
        params: categoryParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      await removeCategory(db, requireActor(request), request.params.categoryId);
      return ok({ id: request.params.categoryId }, CATEGORY_MESSAGES.deleted);
    },
  );
}
