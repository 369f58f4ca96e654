// Sales reports (issue 18 §5, docs/admin-reports.md), distributor staff with the Reports module:
//   GET /admin/reports/sales?by&from&to&page&limit&sort&dir   (view) a report page, its totals and chart
//   GET /admin/reports/sales.csv?by&from&to&sort&dir           (export) every row as CSV
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  REPORT_MESSAGES,
  salesReportCsvQuery,
  salesReportQuery,
  salesReportSchema,
} from '@portal/shared/reports/reports.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { salesReport, salesReportCsv } from './reports.service.ts';

const MODULE = 'Reports';

export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['admin'];
  r.get(
    '/admin/reports/sales',
    {
      config: { access: access.module(MODULE, 'view') },
      schema: {
        tags,
        summary: 'Sales by day, category, product, store, rep or route for a period of local days',
        querystring: salesReportQuery,
        response: { 200: envelope(salesReportSchema) },
      },
    },
    async (req) => ok(await salesReport(db, requireActor(req), req.query), REPORT_MESSAGES.fetched),
  );
  r.get(
    '/admin/reports/sales.csv',
    {
      config: { access: access.module(MODULE, 'export') },
      schema: {
        tags,
        summary: 'The sales report as CSV (UTF-8 with BOM, formula cells neutralised)',
        querystring: salesReportCsvQuery,
      },
    },
    async (req, reply) => {
      const { csv, fileName } = await salesReportCsv(db, requireActor(req), req.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
    },
  );
}
