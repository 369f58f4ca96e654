// The sales area's own calls (spec §7 Sales), under /api; the guard admits role sales only.
//   GET  /sales/customerList                 the rep's customers (data.data) and the working customer
//   GET  /sales/storeDetails/{cNumber}       one of the rep's customers by C_Number, with warehouse details
//   POST /sales/setSalesSession/{customerId} sets the working customer for all of the rep's devices
//   GET  /sales/warehouseProfile             the distributor's warehouses (no customer header)
//   GET  /sales/profile                      the rep's profile and working customer
//   POST /sales/changePassword               {currentPassword, newPassword}
//   GET  /sales/bannerList                   banners running for the customer (x-customer-id checked when sent)
// Catalogue, cart and order calls are in sales-ordering.routes.ts; the binding rules in sales.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { warehouseDetailSchema } from '@portal/shared/auth/auth.schemas';
import {
  bannerListResponseSchema,
  changePasswordBody,
  customerHeadersSchema,
  customerIdParams,
  customerListResponseSchema,
  PASSWORD_CHANGED_MESSAGE,
  salesProfileResponseSchema,
  salesSessionResponseSchema,
  storeDetailsResponseSchema,
} from '@portal/shared/sales/sales.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { createCounterStore } from '../../platform/rate-limit.ts';
import {
  bannerList,
  changePassword,
  listMyCustomers,
  salesProfile,
  setSalesSession,
  storeDetails,
  warehouseProfile,
} from './sales.service.ts';
import { bindingInput } from './binding-input.ts';

export async function salesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['sales'];

  r.get(
    '/sales/customerList',
    {
      config: { access: access.salesSelf },
      schema: { tags, summary: "The rep's customers", response: { 200: envelope(customerListResponseSchema) } },
    },
    async (request) => ok(await listMyCustomers(db, requireActor(request))),
  );

  r.get(
    '/sales/storeDetails/:cNumber',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: "Store details of one of the rep's customers, by C_Number",
        params: z.object({ cNumber: z.string().trim().min(1).max(40) }),
        response: { 200: envelope(storeDetailsResponseSchema) },
      },
    },
    async (request) => ok(await storeDetails(db, requireActor(request), request.params.cNumber)),
  );

  r.post(
    '/sales/setSalesSession/:customerId',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: "Sets the rep's working customer (shared by all of the rep's devices)",
        params: customerIdParams,
        response: { 200: envelope(salesSessionResponseSchema) },
      },
    },
    async (request) => ok(await setSalesSession(db, requireActor(request), request.params.customerId), 'Customer selected'),
  );

  r.get(
    '/sales/warehouseProfile',
    {
      config: { access: access.salesSelf },
      schema: {
        tags,
        summary: "The distributor's warehouse details",
        response: { 200: envelope(z.array(warehouseDetailSchema)) },
      },
    },
    async (request) => ok(await warehouseProfile(db, requireActor(request))),
  );

  r.get(
    '/sales/profile',
    {
      config: { access: access.salesSelf },
      schema: { tags, summary: "The rep's profile", response: { 200: envelope(salesProfileResponseSchema) } },
    },
    async (request) => ok(await salesProfile(db, requireActor(request))),
  );

  r.post(
    '/sales/changePassword',
    {
      config: { access: access.salesSelf },
      schema: {
        tags,
        summary: "Changes the rep's password; other devices are signed out",
        body: changePasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await changePassword(db, requireActor(request), request.body, { counters: createCounterStore(app), log: request.log });
      return ok(null, PASSWORD_CHANGED_MESSAGE);
    },
  );

  r.get(
    '/sales/bannerList',
    {
      config: { access: access.salesCustomer },
      schema: {
        tags,
        summary: 'Running promotion banners',
        headers: customerHeadersSchema,
        response: { 200: envelope(bannerListResponseSchema) },
      },
    },
    async (request) => {
      return ok({ bannerList: await bannerList(db, requireActor(request), bindingInput(request)) });
    },
  );
}
