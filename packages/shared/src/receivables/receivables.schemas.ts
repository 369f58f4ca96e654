// The office's receivables (issue 18 §1, /admin/account): the ageing list and its CSV, a store's ledger,
// recording payments, credits and adjustments, the statement PDF and the e-mails. Requests and answers.
import { z } from 'zod';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { sortFields } from '../api/sort.schemas.ts';
import { LEDGER_SORT_KEYS } from '../api/sort.ts';

export const RECEIVABLE_MESSAGES = {
  amountPositive: 'Enter an amount greater than 0',
  amountNonZero: 'Enter an amount other than 0',
  amountCents: 'Amounts have at most 2 decimals',
  amountMax: 'Amounts are at most 10,000,000.00',
  methodRequired: 'Choose how it was paid',
  referenceTooLong: 'Reference must be 60 characters or less',
  reasonRequired: 'Give a reason',
  reasonTooLong: 'Reason must be 500 characters or less',
  noteTooLong: 'Note must be 500 characters or less',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  futureDate: 'The payment date cannot be in the future',
  periodOrder: 'The period must start on or before its end',
  customerNotFound: 'Customer not found',
  noEmail: 'This store has no e-mail address to send to',
  nothingPastDue: 'Nothing is past due for this store',
  recorded: 'Payment recorded',
  credited: 'Credit recorded',
  adjusted: 'Adjustment recorded',
  statementSent: 'Statement sent',
  reminderSent: 'Reminder sent',
} as const;

export const PAYMENT_METHODS = ['check', 'cash', 'card', 'transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check',
  cash: 'Cash',
  card: 'Card',
  transfer: 'Bank transfer',
  other: 'Other',
};

const MAX_AMOUNT = 10_000_000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string({ error: RECEIVABLE_MESSAGES.dateInvalid })
  .regex(DATE_RE, RECEIVABLE_MESSAGES.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: RECEIVABLE_MESSAGES.dateInvalid,
  });

const hasCents = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
const amount = z
  .number({ error: RECEIVABLE_MESSAGES.amountPositive })
  .refine(Number.isFinite, RECEIVABLE_MESSAGES.amountPositive)
  .refine(hasCents, RECEIVABLE_MESSAGES.amountCents)
  .refine((v) => Math.abs(v) <= MAX_AMOUNT, RECEIVABLE_MESSAGES.amountMax);
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST /admin/receivables/:storeId/payments (amount in dollars, lowers the balance). */
export const paymentBody = z.object({
  amount: amount.refine((v) => v > 0, RECEIVABLE_MESSAGES.amountPositive),
  method: z.enum(PAYMENT_METHODS, { error: RECEIVABLE_MESSAGES.methodRequired }),
  reference: optionalText(60, RECEIVABLE_MESSAGES.referenceTooLong),
  /** The day it was paid; today when absent; never in the future. */
  paidOn: day.optional(),
  note: optionalText(500, RECEIVABLE_MESSAGES.noteTooLong),
});
export type PaymentInput = z.input<typeof paymentBody>;

export const ADJUSTMENT_KINDS = ['credit', 'adjustment'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/**
 * POST /admin/receivables/:storeId/adjustments: a credit (amount > 0, lowers the balance) or an
 * adjustment (signed: positive raises, negative lowers), each with a reason.
 */
export const adjustmentBody = z
  .object({
    kind: z.enum(ADJUSTMENT_KINDS, { error: 'kind must be credit or adjustment' }),
    amount: amount.refine((v) => v !== 0, RECEIVABLE_MESSAGES.amountNonZero),
    reason: z
      .string({ error: RECEIVABLE_MESSAGES.reasonRequired })
      .trim()
      .min(1, RECEIVABLE_MESSAGES.reasonRequired)
      .max(500, RECEIVABLE_MESSAGES.reasonTooLong),
    reference: optionalText(60, RECEIVABLE_MESSAGES.referenceTooLong),
  })
  .refine((b) => b.kind !== 'credit' || b.amount > 0, { message: RECEIVABLE_MESSAGES.amountPositive, path: ['amount'] });
export type AdjustmentInput = z.input<typeof adjustmentBody>;

export const AGEING_SORT_KEYS = [
  'name',
  'cNumber',
  'route',
  'current',
  'days1to30',
  'days31to60',
  'days61to90',
  'days90plus',
  'carriedOver',
  'total',
] as const;
export type AgeingSortKey = (typeof AGEING_SORT_KEYS)[number];

export const AGEING_SHOW = ['owing', 'pastDue', 'all'] as const;
export type AgeingShow = (typeof AGEING_SHOW)[number];

const ageingFilters = {
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
  route: z.string().trim().max(20, 'route must be 20 characters or less').optional(),
  salesRepId: z.string().trim().max(64, 'salesRepId must be 64 characters or less').optional(),
  /** owing (default): balance above 0; pastDue: something past due; all: every store. */
  show: z.enum(AGEING_SHOW, { error: 'show must be one of: owing, pastDue, all' }).default('owing'),
  ...sortFields(AGEING_SORT_KEYS),
};

/** GET /admin/receivables/ageing */
export const ageingQuery = z.object({ page: pageField.default(1), limit: limitField(25, 100), ...ageingFilters });
export type AgeingQuery = z.input<typeof ageingQuery>;
/** GET /admin/receivables/ageing.csv: the list's filters and order, every row. */
export const ageingExportQuery = z.object(ageingFilters);

const ageingCents = z.object({
  current: z.number().int(),
  days1to30: z.number().int(),
  days31to60: z.number().int(),
  days61to90: z.number().int(),
  days90plus: z.number().int(),
  carriedOver: z.number().int(),
  total: z.number().int(),
});

const salesRep = z.object({ id: z.string(), name: z.string() }).nullable();

export const ageingRowSchema = ageingCents.extend({
  customerId: z.string(),
  C_Number: z.string(),
  companyName: z.string(),
  routeNumber: z.string().nullable(),
  salesRep,
  email: z.string().nullable(),
  termsDays: z.number().int(),
  pastDue: z.number().int(),
});
export type AgeingRow = z.infer<typeof ageingRowSchema>;

export const ageingResponse = z.object({
  /** The day the ageing is counted at (YYYY-MM-DD, UTC). */
  asOf: z.string(),
  items: z.array(ageingRowSchema),
  /** Every row matching the filters added up (not only this page). */
  totals: ageingCents.extend({ pastDue: z.number().int() }),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AgeingList = z.infer<typeof ageingResponse>;

/** GET /admin/receivables/choices: the routes and reps the list's filters offer. */
export const receivableChoicesResponse = z.object({
  salesReps: z.array(z.object({ id: z.string(), name: z.string() })),
  routes: z.array(z.string()),
});

/** A store named in an office path (a customer id). */
export const storeParams = z.object({ storeId: z.string().min(1).max(64) });

/** GET /admin/receivables/:storeId */
export const ledgerQuery = z.object({
  page: pageField.default(1),
  limit: limitField(25, 100),
  ...sortFields(LEDGER_SORT_KEYS),
});
export type LedgerQuery = z.input<typeof ledgerQuery>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'payment', 'credit', 'adjustment']),
  reference: z.string(),
  orderNumber: z.string().nullable(),
  /** Positive raises what is owed, negative lowers it. */
  amountCents: z.number().int(),
  runningBalanceCents: z.number().int(),
  note: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** Debits: the due date and what of it is still unpaid. */
  dueOn: z.string().nullable(),
  openCents: z.number().int().nullable(),
  daysPastDue: z.number().int().nullable(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerResponse = z.object({
  customer: z.object({
    id: z.string(),
    C_Number: z.string(),
    companyName: z.string(),
    contactName: z.string(),
    email: z.string().nullable(),
    routeNumber: z.string().nullable(),
    salesRep,
    termsDays: z.number().int(),
    creditLimitCents: z.number().int().nullable(),
  }),
  asOf: z.string(),
  balanceCents: z.number().int(),
  openingBalanceCents: z.number().int(),
  ageing: ageingCents,
  entries: z.array(ledgerEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type Ledger = z.infer<typeof ledgerResponse>;

/** What recording a payment, credit or adjustment answers: the entry and the new balance. */
export const recordedEntryResponse = z.object({ entryId: z.string(), balanceCents: z.number().int() });

/** GET /admin/receivables/:storeId/statement.pdf?from&to (days, inclusive; default this month to today). */
export const statementQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: RECEIVABLE_MESSAGES.periodOrder, path: ['from'] });
export type StatementQuery = z.input<typeof statementQuery>;

export const SEND_KINDS = ['statement', 'reminder'] as const;
export type SendKind = (typeof SEND_KINDS)[number];
/** POST /admin/receivables/:storeId/send */
export const sendBody = z.object({ kind: z.enum(SEND_KINDS, { error: 'kind must be statement or reminder' }) });
export const sendResponse = z.object({ recipients: z.array(z.string()), queued: z.number().int() });
