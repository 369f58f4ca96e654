// Product CSV/XLSX import and CSV export (distributor users with the Products module; the action follows the
// method unless named):
//   POST /admin/product-imports?fileName=           upload the file's bytes (body: the CSV or .xlsx itself)
//   GET  /admin/product-imports?page&limit          the distributor's imports, newest first
//   GET  /admin/product-imports/:importId           the import: header, mapping, status, progress, counts
//   POST /admin/product-imports/:importId/dry-run   { mapping } → counts, diffs, errors, warnings
//   POST /admin/product-imports/:importId/apply     start applying in the background
//   GET  /admin/product-imports/:importId/rejected.csv   the rejected rows with the reason per row
//   POST /admin/product-imports/:importId/rollback  (edit) undo an applied import
//   GET  /admin/products/export.csv                 (export) the product list's filters → CSV
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  dryRunBody,
  dryRunResult,
  importList,
  importListQuery,
  importRecord,
  productExportQuery,
  uploadQuery,
} from '@portal/shared/product-import/product-import.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { nowIso } from '../../platform/clock.ts';
import {
  dryRun,
  exportProductsCsv,
  getImport,
  listProductImports,
  recoverInterruptedImports,
  rejectedRowsCsv,
  rollbackImport,
  startApply,
  uploadImport,
} from './product-import.service.ts';

const MODULE = 'Products';
const importParams = z.object({ importId: z.string() });

/**
 * The uploaded file, kept out of sight of the generic input checks (which walk every key of a parsed
 * body looking for NUL characters: a Buffer would be walked byte by byte).
 */
class UploadedFile {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);

export async function productImportRoutes(app: FastifyInstance): Promise<void> {
  const db = app.deps.db;
  // Imports whose job stopped with the last server are shown as interrupted, with Rollback.
  await recoverInterruptedImports(db, { atStartOfOnlyServer: app.deps.config.database.kind === 'sqlite' });

  // The upload takes the file's bytes as the body, whatever its content type, in a scope of its own.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => {
      done(null, new UploadedFile(body as Buffer));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/admin/product-imports',
      {
        config: { access: access.module(MODULE, 'add') },
        bodyLimit: IMPORT_MAX_BYTES,
        // The spec's message for an oversized file, before any byte is read (a chunked body without a
        // length is stopped by bodyLimit with the generic 413).
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES) throw tooLarge();
        },
        schema: {
          tags: ['admin'],
          summary:
            'Upload a product CSV or Excel workbook (body: the file itself, at most 10 MB). CSV: UTF-8 or Windows-1252; comma, semicolon or tab separated. Excel: .xlsx, its first sheet',
          querystring: uploadQuery,
          response: { 201: envelope(importRecord) },
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        const file = request.body;
        if (!(file instanceof UploadedFile) || file.bytes.length === 0) {
          throw new AppError('VALIDATION_ERROR', IMPORT_MESSAGES.empty);
        }
        const record = await uploadImport(db, actor, file.bytes, request.query.fileName || 'products.csv');
        return reply.status(201).send(ok(record, IMPORT_MESSAGES.uploaded));
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/product-imports',
    {
      config: { access: access.module(MODULE) },
      schema: {
        tags: ['admin'],
        summary: "The distributor's imports, newest first: status, progress, counts, error",
        querystring: importListQuery,
        response: { 200: envelope(importList) },
      },
    },
    async (request) => ok(await listProductImports(db, requireActor(request), request.query.page, request.query.limit)),
  );

  r.get(
    '/admin/product-imports/:importId',
    {
      config: { access: access.module(MODULE) },
      schema: {
        tags: ['admin'],
        summary: 'An import: its header, mapping, status and progress (processed of total), counts',
        params: importParams,
        response: { 200: envelope(importRecord) },
      },
    },
    async (request) => ok(await getImport(db, requireActor(request), request.params.importId)),
  );

  r.post(
    '/admin/product-imports/:importId/dry-run',
    {
      config: { access: access.module(MODULE, 'add') },
      schema: {
        tags: ['admin'],
        summary: 'What the import would do with this mapping; the mapping is remembered for the file layout',
        params: importParams,
        body: dryRunBody,
        response: { 200: envelope(dryRunResult) },
      },
    },
    async (request) =>
      ok(await dryRun(db, requireActor(request), request.params.importId, request.body.mapping), IMPORT_MESSAGES.dryRunDone),
  );

  r.post(
    '/admin/product-imports/:importId/apply',
    {
      config: { access: access.module(MODULE, 'add') },
      schema: {
        tags: ['admin'],
        summary: "Apply the import with its dry run's mapping, in the background; follow it with GET",
        params: importParams,
        response: { 202: envelope(importRecord) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(ok(await startApply(db, requireActor(request), request.params.importId), IMPORT_MESSAGES.applyStarted)),
  );

  r.get(
    '/admin/product-imports/:importId/rejected.csv',
    {
      config: { access: access.module(MODULE) },
      schema: {
        tags: ['admin'],
        summary: 'The rows the import rejected (text/csv): their cells, row number and reason',
        params: importParams,
      },
    },
    async (request, reply) => {
      const csv = await rejectedRowsCsv(db, requireActor(request), request.params.importId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="rejected-rows.csv"')
        .send(csv);
    },
  );

  r.post(
    '/admin/product-imports/:importId/rollback',
    {
      config: { access: access.module(MODULE, 'edit') },
      schema: {
        tags: ['admin'],
        summary: 'Undo an applied import: changed products get their values back, created ones are removed or deactivated',
        params: importParams,
        response: { 200: envelope(importRecord) },
      },
    },
    async (request) => ok(await rollbackImport(db, requireActor(request), request.params.importId), IMPORT_MESSAGES.rolledBack),
  );

  r.get(
    '/admin/products/export.csv',
    {
      config: { access: access.module(MODULE, 'export') },
      schema: {
        tags: ['admin'],
        summary: "The products matching the list's filters as CSV (UTF-8 with BOM, formula cells neutralised)",
        querystring: productExportQuery,
      },
    },
    async (request, reply) => {
      const stream = exportProductsCsv(db, requireActor(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${nowIso().slice(0, 10)}.csv"`)
        .send(stream);
    },
  );
}
