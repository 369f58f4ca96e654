// The distributor's calendar entries, by date range (?from=YYYY-MM-DD&to=YYYY-MM-DD, both included,
// at most 93 days), sorted by start:
//   GET /sales/calendar   role sales: distributor-wide entries, the rep's own and its stores'
//   GET /admin/calendar   role distributor with view permission on Calender: every entry
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarRangeQuery, calendarResponseSchema } from '@portal/shared/calendar/calendar.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { distributorCalendar, salesCalendar } from './calendar.service.ts';

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
}
