// Dashboard shelves of spec §7 (retailer and sales): newItem, discountedItems, popularItems
// (best sellers of the last 90 days among the distributor's customers), promotedItems.
// And the distributor's dashboard, POST /dashboard/distributorDashboard {from?, to?} (issue 18 §5):
// staff whose role grants Dashboard view (docs/admin-dashboard.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuery, productListResponseSchema, promotedListResponseSchema } from '@portal/shared/catalog/catalog.schemas';
import {
  DASHBOARD_MESSAGES,
  distributorDashboardBody,
  distributorDashboardSchema,
} from '@portal/shared/dashboard/distributor-dashboard.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import type { Shelf } from '../catalog/catalog.service.ts';
import { dashboardBuyer, shelf } from './dashboard.service.ts';
import { distributorDashboard } from './distributor-dashboard.service.ts';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['dashboard'];
  const lists: [string, Shelf][] = [
    ['/dashboard/newItem', 'new'],
    ['/dashboard/discountedItems', 'discounted'],
    ['/dashboard/popularItems', 'popular'],
  ];
  for (const [path, kind] of lists) {
    r.get(
      path,
      {
        config: { access: access.buyer },
        schema: { tags, querystring: dashboardQuery, response: { 200: envelope(productListResponseSchema) } },
      },
      async (req) => {
        const buyer = await dashboardBuyer(db, requireActor(req), req.query);
        const res = await shelf(db, buyer, kind, req.query.page, req.query.limit);
        return ok({ finalProductList: res.items.map((i) => i.product), total: res.total, page: res.page, limit: res.limit });
      },
    );
  }
  r.get(
    '/dashboard/promotedItems',
    {
      config: { access: access.buyer },
      schema: { tags, querystring: dashboardQuery, response: { 200: envelope(promotedListResponseSchema) } },
    },
    async (req) => {
      const buyer = await dashboardBuyer(db, requireActor(req), req.query);
      const res = await shelf(db, buyer, 'promoted', req.query.page, req.query.limit);
      return ok({
        promotedItemsList: res.items.filter((i) => i.promotion).map((i) => ({ ...i.product, promotion: i.promotion! })),
        total: res.total,
        page: res.page,
        limit: res.limit,
      });
    },
  );
  r.post(
    '/dashboard/distributorDashboard',
    {
      config: { access: access.module('Dashboard', 'view') },
      schema: { tags, body: distributorDashboardBody, response: { 200: envelope(distributorDashboardSchema) } },
    },
    async (req) => ok(await distributorDashboard(db, requireActor(req), req.body), DASHBOARD_MESSAGES.fetched),
  );
}
