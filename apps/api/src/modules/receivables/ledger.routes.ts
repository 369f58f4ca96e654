// The office's receivables (issue 18 §1, /admin/account), under the Account Receivable module:
//   GET  /admin/receivables/ageing                    (view) the ageing list: paged, sorted, filtered
//   GET  /admin/receivables/ageing.csv                (export) the same rows as CSV
//   GET  /admin/receivables/choices                   (view) the routes and reps the filters offer
//   GET  /admin/receivables/:storeId               (view) a store's ledger with its ageing
//   POST /admin/receivables/:storeId/payments      (add) record a payment
//   POST /admin/receivables/:storeId/adjustments   (add) a credit or an adjustment with its reason
//   GET  /admin/receivables/:storeId/statement.pdf (export) the statement of a period
//   POST /admin/receivables/:storeId/send          (export) e-mail a statement or a payment reminder
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adjustmentBody,
  ageingExportQuery,
  ageingQuery,
  ageingResponse,
  storeParams,
  ledgerQuery,
  ledgerResponse,
  paymentBody,
  receivableChoicesResponse,
  RECEIVABLE_MESSAGES,
  recordedEntryResponse,
  sendBody,
  sendResponse,
  statementQuery,
} from '@portal/shared/receivables/receivables.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { nowIso } from '../../platform/clock.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  ageingCsv,
  ageingList,
  receivableChoices,
  recordAdjustment,
  recordPayment,
  sendToStore,
  statementPdf,
  storeLedger,
  type ReceivablesContext,
} from './ledger.service.ts';

const MODULE = 'Account Receivable';
const tags = ['admin'];

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): ReceivablesContext => ({ db, config, log: request.log });

  r.get(
    '/admin/receivables/ageing',
    {
      config: { access: access.module(MODULE, 'view') },
      schema: {
        tags,
        summary: 'Every store’s balance by days past due (current, 1–30, 31–60, 61–90, 90+), paged, sorted, filtered',
        querystring: ageingQuery,
        response: { 200: envelope(ageingResponse) },
      },
    },
    async (request) => ok(await ageingList(db, requireActor(request), request.query)),
  );

  r.get(
    '/admin/receivables/ageing.csv',
    {
      config: { access: access.module(MODULE, 'export') },
      schema: {
        tags,
        summary: "The ageing list's rows (its filters and order) as CSV: UTF-8 with BOM, formula cells neutralised",
        querystring: ageingExportQuery,
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ageing-${nowIso().slice(0, 10)}.csv"`)
        .send(await ageingCsv(db, requireActor(request), request.query)),
  );

  r.get(
    '/admin/receivables/choices',
    {
      config: { access: access.module(MODULE, 'view') },
      schema: {
        tags,
        summary: 'The sales reps and routes the ageing filters offer',
        response: { 200: envelope(receivableChoicesResponse) },
      },
    },
    async (request) => ok(await receivableChoices(db, requireActor(request))),
  );

  r.get(
    '/admin/receivables/:storeId',
    {
      config: { access: access.module(MODULE, 'view') },
      schema: {
        tags,
        summary: "A store's ledger: entries with running balance, due dates and open amounts, and its ageing",
        params: storeParams,
        querystring: ledgerQuery,
        response: { 200: envelope(ledgerResponse) },
      },
    },
    async (request) => ok(await storeLedger(db, requireActor(request), request.params.storeId, request.query)),
  );

  r.post(
    '/admin/receivables/:storeId/payments',
    {
      config: { access: access.module(MODULE, 'add') },
      schema: {
        tags,
        summary: 'Record a payment (amount, method, reference, date): lowers the balance',
        params: storeParams,
        body: paymentBody,
        response: { 201: envelope(recordedEntryResponse) },
      },
    },
    async (request, reply) => {
      const saved = await recordPayment(db, requireActor(request), request.params.storeId, request.body);
      return reply.status(201).send(ok(saved, RECEIVABLE_MESSAGES.recorded));
    },
  );

  r.post(
    '/admin/receivables/:storeId/adjustments',
    {
      config: { access: access.module(MODULE, 'add') },
      schema: {
        tags,
        summary: 'Record a credit (lowers the balance) or an adjustment (either way), with its reason',
        params: storeParams,
        body: adjustmentBody,
        response: { 201: envelope(recordedEntryResponse) },
      },
    },
    async (request, reply) => {
      const saved = await recordAdjustment(db, requireActor(request), request.params.storeId, request.body);
      const message = request.body.kind === 'credit' ? RECEIVABLE_MESSAGES.credited : RECEIVABLE_MESSAGES.adjusted;
      return reply.status(201).send(ok(saved, message));
    },
  );

  r.get(
    '/admin/receivables/:storeId/statement.pdf',
    {
      config: { access: access.module(MODULE, 'export') },
      schema: {
        tags,
        summary: "The store's statement of a period as a PDF (default: this month to today)",
        params: storeParams,
        querystring: statementQuery,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await statementPdf(ctx(request), requireActor(request), request.params.storeId, request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName.replace(/[^A-Za-z0-9_.-]/g, '')}"`)
        .send(pdf);
    },
  );

  r.post(
    '/admin/receivables/:storeId/send',
    {
      config: { access: access.module(MODULE, 'export') },
      schema: {
        tags,
        summary: "E-mail the store a statement or a payment reminder (the outbox), to its address and its users'",
        params: storeParams,
        body: sendBody,
        response: { 200: envelope(sendResponse) },
      },
    },
    async (request) => {
      const sent = await sendToStore(ctx(request), requireActor(request), request.params.storeId, request.body.kind);
      return ok(sent, request.body.kind === 'statement' ? RECEIVABLE_MESSAGES.statementSent : RECEIVABLE_MESSAGES.reminderSent);
    },
  );
}
