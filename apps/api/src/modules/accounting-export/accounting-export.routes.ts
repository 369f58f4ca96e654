// Accounting exports for the back office (Back Office module, export action):
//   GET /admin/back-office/exports/orders.csv?from=YYYY-MM-DD&to=YYYY-MM-DD
//   GET /admin/back-office/exports/invoices.csv?from=…&to=…
//   GET /admin/back-office/exports/payments.csv?from=…&to=…
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNTING_EXPORTS, exportPeriodQuery } from '@portal/shared/webhooks/webhooks.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { accountingExportCsv, exportFileName } from './accounting-export.service.ts';

export async function accountingExportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;

  for (const kind of ACCOUNTING_EXPORTS) {
    r.get(
      `/admin/back-office/exports/${kind}.csv`,
      {
        config: { access: access.module('Back Office', 'export') },
        schema: {
          tags: ['admin'],
          summary: `The ${kind} of a period (whole UTC days, both ends included) as CSV: UTF-8 with BOM, formula cells neutralised`,
          querystring: exportPeriodQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(kind, request.query)}"`)
          .header('cache-control', 'no-store')
          .send(accountingExportCsv(db, requireActor(request), kind, request.query)),
    );
  }
}
