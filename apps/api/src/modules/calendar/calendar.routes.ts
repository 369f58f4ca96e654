// The distributor's calendar entries, by date range (?from=YYYY-MM-DD&to=YYYY-MM-DD, both included,
// at most 93 days), sorted by start:
//   GET /sales/calendar   role sales: distributor-wide entries, the rep's own and its stores'
//   GET /admin/calendar   role distributor with view permission on Calender: every entry
// The delivery calendar (issue 18 §2): Calender add/edit/delete on /admin/calendar/entries, view/edit
// on /admin/calendar/cutoffs and edit on /admin/calendar/late-policy; GET /retailer/order-schedule.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarRangeQuery, calendarResponseSchema } from '@portal/shared/calendar/calendar.schemas';
import {
  datedEntryBody,
  datedEntryResultSchema,
  entryIdParams,
  latePolicyBody,
  orderScheduleSchema,
  routeCutoffBody,
  routeCutoffsResponse,
} from '@portal/shared/calendar/delivery-calendar.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { retailerBuyer } from '../../platform/buyer-context.ts';
import { distributorCalendar, salesCalendar } from './calendar.service.ts';
import {
  addDatedEntry,
  editDatedEntry,
  removeDatedEntry,
  routeCutoffs,
  saveRouteCutoff,
  setLatePolicy,
  storeSchedule,
} from './delivery-calendar.service.ts';

export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;

  r.get(
    '/sales/calendar',
    {
      config: { access: access.salesSelf },
      schema: {
        tags: ['sales'],
        summary: "Calendar entries the rep may see in a date range (the distributor's, its own, its stores')",
        querystring: calendarRangeQuery,
        response: { 200: envelope(calendarResponseSchema) },
      },
    },
    async (request) => ok(await salesCalendar(db, requireActor(request), request.query)),
  );

  r.get(
    '/admin/calendar',
    {
      config: { access: access.module('Calender') },
      schema: {
        tags: ['admin'],
        summary: "The distributor's calendar entries in a date range",
        querystring: calendarRangeQuery,
        response: { 200: envelope(calendarResponseSchema) },
      },
    },
    async (request) => ok(await distributorCalendar(db, requireActor(request), request.query)),
  );

  // ---- the delivery calendar (issue 18 §2, docs/calendar.md) ----

  r.post(
    '/admin/calendar/entries',
    {
      config: { access: access.module('Calender', 'add') },
      schema: {
        tags: ['admin'],
        summary: 'Add a delivery day, holiday, promotion or note; answers the stores whose next order or delivery day moved',
        body: datedEntryBody,
        response: { 200: envelope(datedEntryResultSchema) },
      },
    },
    async (request) => ok(await addDatedEntry(db, requireActor(request), request.body), 'Calendar entry added'),
  );

  r.put(
    '/admin/calendar/entries/:id',
    {
      config: { access: access.module('Calender', 'edit') },
      schema: {
        tags: ['admin'],
        summary: 'Change a delivery day, holiday, promotion or note',
        params: entryIdParams,
        body: datedEntryBody,
        response: { 200: envelope(datedEntryResultSchema) },
      },
    },
    async (request) =>
      ok(await editDatedEntry(db, requireActor(request), request.params.id, request.body), 'Calendar entry saved'),
  );

  r.delete(
    '/admin/calendar/entries/:id',
    {
      config: { access: access.module('Calender', 'delete') },
      schema: {
        tags: ['admin'],
        summary: 'Delete a delivery day, holiday, promotion or note',
        params: entryIdParams,
        response: { 200: envelope(datedEntryResultSchema) },
      },
    },
    async (request) => ok(await removeDatedEntry(db, requireActor(request), request.params.id), 'Calendar entry deleted'),
  );

  r.get(
    '/admin/calendar/cutoffs',
    {
      config: { access: access.module('Calender', 'view') },
      schema: {
        tags: ['admin'],
        summary: "Each route's cut-off per order day, the time zone and the late-orders rule",
        response: { 200: envelope(routeCutoffsResponse) },
      },
    },
    async (request) => ok(await routeCutoffs(db, requireActor(request))),
  );

  r.put(
    '/admin/calendar/cutoffs',
    {
      config: { access: access.module('Calender', 'edit') },
      schema: {
        tags: ['admin'],
        summary: "Set one route's cut-off time and delivery lead for one order day",
        body: routeCutoffBody,
        response: { 200: envelope(routeCutoffsResponse) },
      },
    },
    async (request) => ok(await saveRouteCutoff(db, requireActor(request), request.body), 'Cut-off saved'),
  );

  r.put(
    '/admin/calendar/late-policy',
    {
      config: { access: access.module('Calender', 'edit') },
      schema: {
        tags: ['admin'],
        summary: 'Where an order after its cut-off goes: the next delivery day or the late-orders queue',
        body: latePolicyBody,
        response: { 200: envelope(routeCutoffsResponse) },
      },
    },
    async (request) => ok(await setLatePolicy(db, requireActor(request), request.body.latePolicy), 'Late-orders rule saved'),
  );

  r.get(
    '/retailer/order-schedule',
    {
      config: { access: access.retailer },
      schema: {
        tags: ['retailer'],
        summary: "The store's next order day (holidays applied), its cut-off and the delivery date an order now gets",
        response: { 200: envelope(orderScheduleSchema) },
      },
    },
    async (request) => ok(await storeSchedule(db, retailerBuyer(requireActor(request)))),
  );
}
