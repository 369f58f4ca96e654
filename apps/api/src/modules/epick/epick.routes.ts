// E-pick (issue 18 §3):
//   GET  /admin/epick/settings       (E-Pick Settings view) the pick list settings
//   PUT  /admin/epick/settings       (E-Pick Settings edit) saves them, audited
//   POST /admin/epick/pick-list      (Orders view)   the pick list as data: {deliveryDate} or {orderIds}
//   POST /admin/epick/pick-list/pdf  (Orders export) the same as a PDF
//   POST /admin/epick/pick-list/csv  (Orders export) the same as CSV (UTF-8 with BOM, formula-safe)
// The pick list reads orders, so it is gated by the Orders module like the order PDFs; the settings by
// their own module.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EPICK_MESSAGES, epickSettingsSchema, pickListBody, pickListSchema } from '@portal/shared/epick/epick.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { getEpickSettings, pickList, pickListCsv, pickListFileName, pickListPdf, saveEpickSettings } from './epick.service.ts';

export async function epickRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['admin'];

  r.get(
    '/admin/epick/settings',
    {
      config: { access: access.module('E-Pick Settings', 'view') },
      schema: { tags, summary: 'The pick list settings', response: { 200: envelope(epickSettingsSchema) } },
    },
    async (req) => ok(await getEpickSettings(db, requireActor(req).distributorId)),
  );

  r.put(
    '/admin/epick/settings',
    {
      config: { access: access.module('E-Pick Settings', 'edit') },
      schema: {
        tags,
        summary: 'Saves the pick list settings',
        body: epickSettingsSchema,
        response: { 200: envelope(epickSettingsSchema) },
      },
    },
    async (req) => ok(await saveEpickSettings(db, requireActor(req), req.body), EPICK_MESSAGES.saved),
  );

  r.post(
    '/admin/epick/pick-list',
    {
      config: { access: access.module('Orders', 'view') },
      schema: {
        tags,
        summary: "The pick list of a delivery day's confirmed and picking orders, or of the chosen orders",
        body: pickListBody,
        response: { 200: envelope(pickListSchema) },
      },
    },
    async (req) => ok(await pickList(db, requireActor(req), req.body)),
  );

  r.post(
    '/admin/epick/pick-list/pdf',
    {
      config: { access: access.module('Orders', 'export') },
      schema: { tags, summary: 'The pick list as a PDF file (application/pdf)', body: pickListBody },
    },
    async (req, reply) => {
      const pdf = await pickListPdf(db, requireActor(req), req.body, { media: config });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pickListFileName(req.body, 'pdf')}"`)
        .send(pdf);
    },
  );

  r.post(
    '/admin/epick/pick-list/csv',
    {
      config: { access: access.module('Orders', 'export') },
      schema: { tags, summary: 'The pick list as CSV (UTF-8 with BOM)', body: pickListBody },
    },
    async (req, reply) => {
      const csv = await pickListCsv(db, requireActor(req), req.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${pickListFileName(req.body, 'csv')}"`)
        .send(csv);
    },
  );
}
