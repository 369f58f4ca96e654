// Back office (/admin/back-office, issue 18 §6): webhook endpoints, their delivery history and the accounting
// exports. One set of field rules for the web form and the API (docs/webhooks.md).
import { z } from 'zod';
import { sortFields } from '../api/sort.schemas.ts';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';

export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.status_changed',
  'customer.created',
  'customer.changed',
  'payment.recorded',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.placed': 'Order placed',
  'order.status_changed': 'Order status changed',
  'customer.created': 'Customer created',
  'customer.changed': 'Customer changed',
  'payment.recorded': 'Payment recorded',
};

/** The event a test delivery carries (sent whatever events the endpoint subscribes to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_URL_MAX = 500;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_LIST_DEFAULT_LIMIT = 25;
export const WEBHOOK_LIST_MAX_LIMIT = 100;
/** Endpoints one distributor may register. */
export const WEBHOOK_MAX_ENDPOINTS = 20;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Endpoint URL is required',
  urlInvalid: 'Enter a full URL starting with https://',
  urlTooLong: `Endpoint URL must be ${WEBHOOK_URL_MAX} characters or less`,
  urlHttpsOnly: 'Endpoint URL must start with https://',
  urlPrivate: 'Endpoint URL must be a public address (not this machine or a private network)',
  urlCredentials: 'Endpoint URL must not contain a user name or password',
  descriptionTooLong: `Description must be ${WEBHOOK_DESCRIPTION_MAX} characters or less`,
  eventsRequired: 'Choose at least one event',
  notFound: 'Webhook endpoint not found',
  tooMany: `A distributor can register up to ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints`,
  created: 'Webhook endpoint added. Copy the signing secret now: it is not shown again.',
  updated: 'Webhook endpoint updated',
  deleted: 'Webhook endpoint deleted',
  secretRotated: 'New signing secret created. Copy it now: it is not shown again.',
  testQueued: 'Test delivery sent',
  inactive: 'This endpoint is paused: activate it to send a test delivery',
} as const;

const urlField = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.urlInvalid)
  .refine((v) => {
    try {
      const u = new URL(v);
      return !u.username && !u.password;
    } catch {
      return true;
    }
  }, WEBHOOK_MESSAGES.urlCredentials);

export const webhookEndpointBody = z.object(
  {
    url: urlField,
    description: z
      .string()
      .trim()
      .max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.descriptionTooLong)
      .nullish()
      .transform((v) => v || null),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: `events must be among: ${WEBHOOK_EVENTS.join(', ')}` }), {
        error: WEBHOOK_MESSAGES.eventsRequired,
      })
      .min(1, WEBHOOK_MESSAGES.eventsRequired)
      .max(WEBHOOK_EVENTS.length)
      .transform((v) => [...new Set(v)]),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  },
  { error: 'Request body must be a JSON object' },
);
export type WebhookEndpointForm = z.input<typeof webhookEndpointBody>;
export type WebhookEndpointInput = z.output<typeof webhookEndpointBody>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  isActive: z.boolean(),
  /** The secret's last 4 characters (the secret itself is shown only once). */
  secretHint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastDelivery: z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.string(), event: z.string() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to creating an endpoint or rotating its secret: the one time the secret is shown. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(WEBHOOK_LIST_DEFAULT_LIMIT, WEBHOOK_LIST_MAX_LIMIT),
});
export type WebhookListQuery = z.input<typeof webhookListQuery>;

export const webhookEndpointListResponse = z.object({
  items: z.array(webhookEndpointSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointListResponse>;

/** The delivery history's sortable columns; newest first by default. */
export const WEBHOOK_DELIVERY_SORT_KEYS = ['createdAt', 'event', 'endpointUrl', 'status', 'attempts', 'nextAttemptAt'] as const;
export type WebhookDeliverySortKey = (typeof WEBHOOK_DELIVERY_SORT_KEYS)[number];

export const webhookDeliveryQuery = z.object({
  ...sortFields(WEBHOOK_DELIVERY_SORT_KEYS),
  page: pageField.default(1),
  limit: limitField(WEBHOOK_LIST_DEFAULT_LIMIT, WEBHOOK_LIST_MAX_LIMIT),
  endpointId: z.string().trim().max(64, 'endpointId must be 64 characters or less').optional(),
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES, { error: `status must be one of: ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` })
    .optional(),
});
export type WebhookDeliveryQuery = z.input<typeof webhookDeliveryQuery>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  endpointUrl: z.string(),
  event: z.string(),
  eventId: z.string(),
  isTest: z.boolean(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListResponse = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListResponse>;

// ---- accounting exports ----

export const ACCOUNTING_EXPORTS = ['orders', 'invoices', 'payments'] as const;
export type AccountingExport = (typeof ACCOUNTING_EXPORTS)[number];
/** The longest period one export covers. */
export const EXPORT_MAX_DAYS = 366;

export const EXPORT_MESSAGES = {
  from: 'from must be a date (YYYY-MM-DD)',
  to: 'to must be a date (YYYY-MM-DD)',
  order: 'from must be on or before to',
  tooLong: `The period can be at most ${EXPORT_MAX_DAYS} days`,
} as const;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const dayField = (message: string) =>
  z
    .string({ error: message })
    .regex(DAY_RE, message)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      message,
    );

/** A period of whole UTC days, both ends included. */
export const exportPeriodQuery = z
  .object({ from: dayField(EXPORT_MESSAGES.from), to: dayField(EXPORT_MESSAGES.to) })
  .superRefine((q, ctx) => {
    const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MESSAGES.order });
    else if (days + 1 > EXPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MESSAGES.tooLong });
  });
export type ExportPeriod = z.infer<typeof exportPeriodQuery>;

/** The header row of each export (the columns' order is a contract with the accountant's import). */
export const EXPORT_COLUMNS: Record<AccountingExport, readonly string[]> = {
  orders: [
    'Order Number',
    'Placed At (UTC)',
    'Status',
    'Customer Number',
    'Customer',
    'PO Number',
    'Items',
    'Subtotal',
    'Tax',
    'CRV',
    'Delivery Charge',
    'Total',
  ],
  invoices: [
    'Invoice Number',
    'Invoice Date (UTC)',
    'Order Number',
    'Customer Number',
    'Customer',
    'Subtotal',
    'Tax',
    'CRV',
    'Delivery Charge',
    'Total',
    'Status',
  ],
  payments: ['Payment Date (UTC)', 'Reference', 'Customer Number', 'Customer', 'Amount', 'Note'],
};
