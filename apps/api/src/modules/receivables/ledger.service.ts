// The office's receivables (issue 18 §1, /admin/account): the ageing of every store (current, 1–30, 31–60,
// 61–90, 90+ days past due, and what was carried over from before the ledger), a store's ledger, payments,
// credits and adjustments, the statement and the e-mails. The ledger (receivable_entries) is the record:
// every entry moves customers.balance_cents (LastBalance) by its amount in the same transaction.
// Due dates come from the store's terms (customers.payment_terms_days, Net 30 by default), counted in UTC days.
import type { FastifyBaseLogger } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import { DEFAULT_SORTS, resolveSorting, type LedgerSortKey } from '@portal/shared/api/sort';
import { dollarsToCents, centsToDecimalString } from '@portal/shared/money/money';
import { neutraliseCell } from '@portal/shared/product-import/product-import.schemas';
import {
  ageBalance,
  ageSummedBalance,
  AGEING_BUCKETS,
  bucketStarts,
  noOpenDebits,
  AGEING_BUCKET_LABELS,
  daysPastDue,
  emptyAgeing,
  openCentsOf,
  pastDueCents,
  type AgeingCents,
} from '@portal/shared/receivables/ageing';
import {
  PAYMENT_METHOD_LABELS,
  RECEIVABLE_MESSAGES,
  type AgeingRow,
  type AgeingSortKey,
  type adjustmentBody,
  ageingExportQuery,
  type ageingQuery,
  type Ledger,
  type ledgerQuery,
  type paymentBody,
  type PaymentMethod,
  type SendKind,
  type statementQuery,
} from '@portal/shared/receivables/receivables.schemas';
import type { Config } from '../../config.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { queueMessage } from '../../platform/messaging/outbox.ts';
import { findDistributor } from '../customers/customers.service.ts';
import { imageForPdf } from '../media/media.service.ts';
import { retailerChoices } from '../retailers/retailers.service.ts';
import { emailSenderOf } from '../settings/settings.service.ts';
import {
  entriesBetween,
  findStore,
  insertEntry,
  listAgeingStores,
  sumOpenDebits,
  storeEmails,
  storeOpenDebits,
  sumSince,
  type AgeingFilter,
  type StoreRow,
} from './ledger.repository.ts';
import { ledgerSums, listLedgerEntries } from './receivables.repository.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import { queueWebhookEvent } from '../webhooks/webhooks.service.ts';

export interface ReceivablesContext {
  db: Db;
  config: Pick<Config, 'mode' | 'smtpUrl' | 'publicUrl' | 'media'>;
  log: FastifyBaseLogger;
}

/** Today as YYYY-MM-DD (UTC), from the one clock tests can move. */
const today = (): string => nowIso().slice(0, 10);
const nextDay = (d: string): string => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------- ageing

type AgeingFilters = z.output<typeof ageingExportQuery>;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const TEXT_SORTS = new Set<AgeingSortKey>(['name', 'cNumber', 'route']);

async function ageingRows(db: DbOrTrx, actor: Actor, q: AgeingFilters): Promise<AgeingRow[]> {
  const filter: AgeingFilter = {
    distributorId: actor.distributorId,
    search: q.search || undefined,
    route: q.route || undefined,
    salesRepId: q.salesRepId || undefined,
    owingOnly: q.show !== 'all',
  };
  const day = today();
  const [stores, open] = await Promise.all([listAgeingStores(db, filter), sumOpenDebits(db, filter, bucketStarts(day))]);
  const rows: AgeingRow[] = [];
  for (const s of stores) {
    const a = ageSummedBalance(s.balance_cents, s.ledger_debits_cents, open.get(s.id) ?? noOpenDebits());
    const pastDue = pastDueCents(a);
    if (q.show === 'pastDue' && pastDue <= 0) continue;
    rows.push({
      customerId: s.id,
      C_Number: s.c_number,
      companyName: s.company_name,
      routeNumber: s.route_number,
      salesRep: s.rep_id ? { id: s.rep_id, name: s.rep_name ?? '' } : null,
      email: s.email,
      termsDays: s.payment_terms_days,
      ...a,
      pastDue,
    });
  }
  // Names and numbers start A to Z, amounts largest first; by default the largest balance first.
  const sort: AgeingSortKey = q.sort ?? 'total';
  const dir = q.dir ?? (TEXT_SORTS.has(sort) ? 'asc' : 'desc');
  const sign = dir === 'asc' ? 1 : -1;
  const key = (r: AgeingRow): string | number =>
    sort === 'name' ? r.companyName : sort === 'cNumber' ? r.C_Number : sort === 'route' ? (r.routeNumber ?? '') : r[sort];
  rows.sort((x, y) => {
    const a = key(x);
    const b = key(y);
    const c = typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
    return sign * c || collator.compare(x.companyName, y.companyName) || collator.compare(x.customerId, y.customerId);
  });
  return rows;
}

export async function ageingList(db: DbOrTrx, actor: Actor, q: z.output<typeof ageingQuery>) {
  const rows = await ageingRows(db, actor, q);
  const totals = { ...emptyAgeing(), pastDue: 0 };
  for (const r of rows) {
    for (const k of [...AGEING_BUCKETS, 'carriedOver', 'total', 'pastDue'] as const) totals[k] += r[k];
  }
  const offset = (q.page - 1) * q.limit;
  return { asOf: today(), items: rows.slice(offset, offset + q.limit), totals, total: rows.length, page: q.page, limit: q.limit };
}

/**
 * What is past due now across the distributor's stores: the ageing list's Past due column summed, and how
 * many stores have some (the dashboard's tile, which opens that list filtered to them).
 */
export async function pastDueNow(db: DbOrTrx, actor: Actor): Promise<{ cents: number; stores: number }> {
  const rows = await ageingRows(db, actor, ageingExportQuery.parse({ show: 'pastDue' }));
  return { cents: rows.reduce((sum, r) => sum + r.pastDue, 0), stores: rows.length };
}

const money = (cents: number) => centsToDecimalString(cents);

/**
 * The ageing list (its filters and order, every row) as CSV: UTF-8 with a BOM so spreadsheets read it
 * as UTF-8, CRLF lines, and every text cell a spreadsheet would run as a formula neutralised (a leading
 * ' before = + - @). Amounts are plain numbers (2 decimals) and are not neutralised: -12.50 stays a number.
 */
export async function ageingCsv(db: DbOrTrx, actor: Actor, q: AgeingFilters): Promise<string> {
  const rows = await ageingRows(db, actor, q);
  const text = (v: string | null) => neutraliseCell(v ?? '');
  const lines: string[][] = [
    [
      'C_Number',
      'Store',
      'Route',
      'Sales rep',
      'Terms (days)',
      ...AGEING_BUCKETS.map((b) => AGEING_BUCKET_LABELS[b]),
      'Carried over',
      'Past due',
      'Total',
    ],
    ...rows.map((r) => [
      text(r.C_Number),
      text(r.companyName),
      text(r.routeNumber),
      text(r.salesRep?.name ?? null),
      String(r.termsDays),
      ...AGEING_BUCKETS.map((b) => money(r[b])),
      money(r.carriedOver),
      money(r.pastDue),
      money(r.total),
    ]),
  ];
  return '\uFEFF' + stringify(lines, { record_delimiter: '\r\n' });
}

export async function receivableChoices(db: Db, actor: Actor) {
  const { salesReps, routes } = await retailerChoices(db, actor);
  return { salesReps, routes };
}

// ---------------------------------------------------------------- a store's ledger

async function storeOf(db: DbOrTrx, actor: Actor, customerId: string): Promise<StoreRow> {
  const store = await findStore(db, actor.distributorId, customerId);
  if (!store) throw notFound(RECEIVABLE_MESSAGES.customerNotFound);
  return store;
}

async function storeAgeing(db: DbOrTrx, store: StoreRow, day: string): Promise<AgeingCents> {
  const open = store.balance_cents > 0 ? await storeOpenDebits(db, store) : [];
  return ageBalance(store.balance_cents, store.ledger_debits_cents, open, day);
}

export async function storeLedger(
  db: DbOrTrx,
  actor: Actor,
  customerId: string,
  q: z.output<typeof ledgerQuery>,
): Promise<Ledger> {
  const store = await storeOf(db, actor, customerId);
  const day = today();
  const offset = (q.page - 1) * q.limit;
  const sums = await ledgerSums(db, store.id);
  const sorting = resolveSorting<LedgerSortKey>(DEFAULT_SORTS.ledger, q.sort, q.dir);
  const rows = offset < sums.count ? await listLedgerEntries(db, store.id, sorting, offset, q.limit) : [];
  const settled = store.ledger_debits_cents - store.balance_cents;
  const ageing = await storeAgeing(db, store, day);
  return {
    customer: {
      id: store.id,
      C_Number: store.c_number,
      companyName: store.company_name,
      contactName: store.contact_name,
      email: store.email,
      routeNumber: store.route_number,
      salesRep: store.rep_id ? { id: store.rep_id, name: store.rep_name ?? '' } : null,
      termsDays: store.payment_terms_days,
      creditLimitCents: store.credit_limit_cents,
    },
    asOf: day,
    balanceCents: store.balance_cents,
    openingBalanceCents: store.balance_cents - sums.totalCents,
    ageing,
    entries: rows.map((r) => {
      const isDebit = r.amount_cents > 0 && r.debit_through_cents != null;
      const open =
        isDebit && store.balance_cents > 0 ? openCentsOf(r.amount_cents, r.debit_through_cents!, settled) : isDebit ? 0 : null;
      return {
        id: r.id,
        kind: r.kind,
        reference: r.reference,
        orderNumber: r.order_number ?? null,
        amountCents: r.amount_cents,
        runningBalanceCents: store.balance_cents - r.newer_cents,
        note: r.note,
        method: (r.method as PaymentMethod | null) ?? null,
        dueOn: r.due_on ?? null,
        openCents: open,
        daysPastDue: open && r.due_on ? Math.max(0, daysPastDue(r.due_on, day)) : null,
        recordedBy: r.recorded_by ?? null,
        createdAt: r.created_at,
      };
    }),
    total: sums.count,
    page: q.page,
    limit: q.limit,
  };
}

export async function recordPayment(db: Db, actor: Actor, customerId: string, body: z.output<typeof paymentBody>) {
  const day = today();
  if (body.paidOn && body.paidOn > day)
    throw badRequest(RECEIVABLE_MESSAGES.futureDate, { paidOn: RECEIVABLE_MESSAGES.futureDate });
  return db.transaction().execute(async (trx) => {
    const store = await storeOf(trx, actor, customerId);
    const saved = await insertEntry(trx, {
      customerId: store.id,
      kind: 'payment',
      reference: body.reference ?? PAYMENT_METHOD_LABELS[body.method],
      amountCents: -dollarsToCents(body.amount),
      note: body.note ?? null,
      method: body.method,
      recordedBy: actor.userId,
      // A payment of an earlier day is dated at that day's noon (UTC), so it sorts into its day.
      at: !body.paidOn || body.paidOn === day ? nowIso() : `${body.paidOn}T12:00:00.000Z`,
    });
    await queueWebhookEvent(trx, actor.distributorId, 'payment.recorded', () => ({
      entryId: saved.id,
      customerId: store.id,
      customerNumber: store.c_number,
      amount: body.amount,
      method: body.method,
      reference: body.reference ?? null,
      paidOn: body.paidOn ?? day,
      balance: saved.balanceCents / 100,
    }));
    return { entryId: saved.id, balanceCents: saved.balanceCents };
  });
}

export async function recordAdjustment(db: Db, actor: Actor, customerId: string, body: z.output<typeof adjustmentBody>) {
  return db.transaction().execute(async (trx) => {
    const store = await storeOf(trx, actor, customerId);
    const cents = dollarsToCents(body.amount);
    const saved = await insertEntry(trx, {
      customerId: store.id,
      kind: body.kind,
      reference: body.reference ?? (body.kind === 'credit' ? 'Credit' : 'Adjustment'),
      // A credit lowers the balance; an adjustment moves it by its sign.
      amountCents: body.kind === 'credit' ? -cents : cents,
      note: body.reason,
      method: null,
      recordedBy: actor.userId,
      at: nowIso(),
    });
    return { entryId: saved.id, balanceCents: saved.balanceCents };
  });
}

// ---------------------------------------------------------------- statement and e-mails

/** The period a statement covers: from the first of this month to today unless asked. */
function periodOf(q: z.output<typeof statementQuery>): { from: string; to: string } {
  const day = today();
  const to = q.to ?? day;
  const from = q.from ?? to.slice(0, 8) + '01';
  if (from > to) throw badRequest(RECEIVABLE_MESSAGES.periodOrder);
  return { from, to };
}

export async function statementPdf(
  ctx: ReceivablesContext,
  actor: Actor,
  customerId: string,
  q: z.output<typeof statementQuery>,
  compress = true,
) {
  const { db } = ctx;
  const store = await storeOf(db, actor, customerId);
  const { from, to } = periodOf(q);
  const fromIso = `${from}T00:00:00.000Z`;
  const beforeIso = `${nextDay(to)}T00:00:00.000Z`;
  const [distributor, sinceFrom, sinceEnd, entries, ageing] = await Promise.all([
    findDistributor(db, actor.distributorId),
    sumSince(db, store.id, fromIso),
    sumSince(db, store.id, beforeIso),
    entriesBetween(db, store.id, fromIso, beforeIso),
    storeAgeing(db, store, today()),
  ]);
  if (!distributor) throw notFound(RECEIVABLE_MESSAGES.customerNotFound);
  const logo = await imageForPdf(ctx.config, distributor.logo_url);
  const pdf = await renderStatementPdf({
    distributor,
    store,
    from,
    to,
    asOf: today(),
    openingCents: store.balance_cents - sinceFrom,
    closingCents: store.balance_cents - sinceEnd,
    entries: entries.map((e) => ({
      date: e.created_at.slice(0, 10),
      kind: e.kind,
      reference: e.reference,
      note: e.note,
      dueOn: e.due_on,
      amountCents: Number(e.amount_cents),
    })),
    ageing,
    logo,
    compress,
  });
  return { pdf, fileName: `statement-${store.c_number}-${to}.pdf` };
}

/** Sends a statement or a payment reminder by e-mail (the outbox) to the store's addresses. */
export async function sendToStore(ctx: ReceivablesContext, actor: Actor, customerId: string, kind: SendKind) {
  const { db } = ctx;
  const store = await storeOf(db, actor, customerId);
  const recipients = await storeEmails(db, store.id, store.email);
  if (!recipients.length) throw conflict(RECEIVABLE_MESSAGES.noEmail);
  const day = today();
  const open = store.balance_cents > 0 ? await storeOpenDebits(db, store) : [];
  const ageing = ageBalance(store.balance_cents, store.ledger_debits_cents, open, day);
  const pastDue = pastDueCents(ageing);
  if (kind === 'reminder' && pastDue <= 0) throw conflict(RECEIVABLE_MESSAGES.nothingPastDue);
  const distributor = await findDistributor(db, actor.distributorId);
  const settled = store.ledger_debits_cents - store.balance_cents;
  const lines = open
    .map((d) => ({
      ...d,
      open: openCentsOf(d.amountCents, d.debitThroughCents, settled),
      late: d.dueOn ? daysPastDue(d.dueOn, day) : 0,
    }))
    .filter((d) => d.open > 0 && (kind === 'statement' || d.late > 0))
    .slice(-50)
    .map(
      (d) =>
        `  ${d.orderNumber ?? d.reference}  dated ${d.createdAt.slice(0, 10)}  due ${d.dueOn ?? '-'}  open $${money(d.open)}${d.late > 0 ? `  (${d.late} days past due)` : ''}`,
    );
  if (ageing.carriedOver > 0) lines.unshift(`  Carried over from before the ledger: $${money(ageing.carriedOver)}`);
  const from = distributor?.company_name ?? 'Your distributor';
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/retailer/account`;
  const subject =
    kind === 'statement'
      ? `Statement for ${store.company_name} (${store.c_number}) as of ${day}`
      : `Payment reminder: $${money(pastDue)} past due for ${store.company_name} (${store.c_number})`;
  const body = [
    `Hello ${store.contact_name},`,
    '',
    kind === 'statement'
      ? `Your account with ${from} as of ${day}: balance $${money(store.balance_cents)}, of which $${money(pastDue)} is past due.`
      : `Our records show $${money(pastDue)} past due on your account with ${from} (balance $${money(store.balance_cents)}). Please arrange payment, or ignore this message if you have already paid.`,
    '',
    ...AGEING_BUCKETS.map((b) => `  ${AGEING_BUCKET_LABELS[b].padEnd(8)} $${money(ageing[b])}`),
    '',
    ...(lines.length ? [kind === 'statement' ? 'Open invoices:' : 'Past due:', ...lines, ''] : []),
    `See your account at any time: ${link}`,
  ].join('\n');
  const sender = await emailSenderOf(db, actor.distributorId);
  for (const recipient of recipients) await queueMessage(ctx, { channel: 'email', recipient, subject, body, sender });
  return { recipients, queued: recipients.length };
}
