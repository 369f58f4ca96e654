// Admin retailers (GET/POST/PUT /admin/retailers...): a store's terms, the list's query, and the answers.
// Money is integer cents, as in the product editor.
import { z } from 'zod';
import { EMAIL_RE } from '../auth/auth.schemas.ts';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { ADMIN_RETAILER_SORT_KEYS } from '../api/sort.ts';
import { sortFields } from '../api/sort.schemas.ts';
import { ORDER_STATUSES } from '../orders/order-status.ts';
import { CREDIT_POLICIES } from '../credit/credit.ts';
import { DEFAULT_PAYMENT_TERMS_DAYS } from '../receivables/ageing.ts';
import { isVendorPhone } from '../vendors/vendors.schemas.ts';
import { newStoreDefaultsSchema } from '../settings/settings.schemas.ts';

export const RETAILER_LIST_DEFAULT_LIMIT = 25;
export const RETAILER_LIST_MAX_LIMIT = 100;
export const RETAILER_NAME_MAX = 120;
export const RETAILER_NOTES_MAX = 2000;
export const RETAILER_MONEY_MAX_CENTS = 100_000_000; // $1,000,000
export const RETAILER_ITEM_LIMIT_MAX = 100_000;
export const RETAILER_STATUSES = ['active', 'inactive', 'all'] as const;
export type RetailerStatusFilter = (typeof RETAILER_STATUSES)[number];
/** standard: the distributor's delivery charge setting; waived: none; flat: this store's own amount. */
export const DELIVERY_CHARGE_RULES = ['standard', 'waived', 'flat'] as const;
export type DeliveryChargeRule = (typeof DELIVERY_CHARGE_RULES)[number];
/** Orders not yet delivered or cancelled. */
export const OPEN_ORDER_STATUSES = ORDER_STATUSES.filter((s) => s !== 'delivered' && s !== 'cancelled');
/** Letters, digits and dashes, 1 to 20 characters. */
export const C_NUMBER_RE = /^[A-Za-z0-9-]{1,20}$/;
export const RETAILER_LAST_ORDERS = 5;

/** The longest payment terms a store can have, in days after the invoice. */
export const RETAILER_PAYMENT_TERMS_MAX_DAYS = 365;

export const RETAILER_MESSAGES = {
  cNumber: 'C_Number must be 1 to 20 letters, digits or dashes',
  cNumberRequired: 'C_Number is required',
  companyNameRequired: 'Business name is required',
  companyNameTooLong: `Business name must be ${RETAILER_NAME_MAX} characters or less`,
  contactNameRequired: 'Contact name is required',
  contactNameTooLong: `Contact name must be ${RETAILER_NAME_MAX} characters or less`,
  textTooLong: (label: string, max: number) => `${label} must be ${max} characters or less`,
  email: 'Enter a valid email address',
  phone: 'Enter a valid phone number',
  orderDay: 'Order day must be a whole number from 0 (none) to 8 (other)',
  priceClass: 'Price class must be a whole number from 1 to 5',
  money: (label: string) => `${label} must be 0 or more, in whole cents, at most 100000000`,
  itemLimit: `Item limit must be a whole number from 1 to ${RETAILER_ITEM_LIMIT_MAX}`,
  deliveryChargeRule: 'Delivery charge rule must be one of: standard, waived, flat',
  flatChargeRequired: 'A flat delivery charge needs its amount',
  flatChargeOnlyWhenFlat: 'Delivery charge amount is only kept with the flat rule',
  taxExempt: 'taxExempt must be true or false',
  creditPolicy: 'Credit policy must be none, warn or hold',
  paymentTerms: `Payment terms must be a whole number of days from 0 to ${RETAILER_PAYMENT_TERMS_MAX_DAYS}`,
  notesTooLong: `Notes must be ${RETAILER_NOTES_MAX} characters or less`,
  salesRepNotFound: 'Sales rep not found',
  notFound: 'Retailer not found',
  created: 'Retailer created',
  updated: 'Retailer updated',
  deactivated: 'Retailer deactivated',
  reactivated: 'Retailer reactivated',
  duplicate: (cNumber: string) => `C_Number ${cNumber} is already in use`,
  balanceRange: 'balanceMinCents must not be more than balanceMaxCents',
} as const;

/** Optional text: missing, null and empty (after trim) all mean "none". */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .nullish()
    .refine((v) => !v || v.length <= max, RETAILER_MESSAGES.textTooLong(label, max));

const requiredText = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(RETAILER_NAME_MAX, tooLong);

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const optionalCents = (label: string) => wholeNumber(RETAILER_MESSAGES.money(label), 0, RETAILER_MONEY_MAX_CENTS).nullish();

export const retailerBody = z
  .object(
    {
      cNumber: z
        .string({ error: RETAILER_MESSAGES.cNumberRequired })
        .trim()
        .min(1, RETAILER_MESSAGES.cNumberRequired)
        .regex(C_NUMBER_RE, RETAILER_MESSAGES.cNumber),
      companyName: requiredText(RETAILER_MESSAGES.companyNameRequired, RETAILER_MESSAGES.companyNameTooLong),
      contactName: requiredText(RETAILER_MESSAGES.contactNameRequired, RETAILER_MESSAGES.contactNameTooLong),
      address: optionalText('Address', 200),
      city: optionalText('City', 80),
      state: optionalText('State', 40),
      zip: optionalText('ZIP code', 20),
      phone: optionalText('Phone', 20).refine((v) => !v || isVendorPhone(v), RETAILER_MESSAGES.phone),
      email: optionalText('Email', 254).refine((v) => !v || EMAIL_RE.test(v), RETAILER_MESSAGES.email),
      routeNumber: optionalText('Route', 20),
      stopNumber: optionalText('Stop', 20),
      orderDay: wholeNumber(RETAILER_MESSAGES.orderDay, 0, 8).default(0),
      salesRepId: z.string({ error: RETAILER_MESSAGES.salesRepNotFound }).trim().nullish(),
      priceClass: wholeNumber(RETAILER_MESSAGES.priceClass, 1, 5).default(1),
      minOrderCents: optionalCents('Minimum order amount'),
      itemLimit: wholeNumber(RETAILER_MESSAGES.itemLimit, 1, RETAILER_ITEM_LIMIT_MAX).nullish(),
      deliveryChargeRule: z.enum(DELIVERY_CHARGE_RULES, { error: RETAILER_MESSAGES.deliveryChargeRule }).default('standard'),
      deliveryChargeCents: optionalCents('Delivery charge amount'),
      creditLimitCents: optionalCents('Credit limit'),
      creditPolicy: z.enum(CREDIT_POLICIES, { error: RETAILER_MESSAGES.creditPolicy }).default('none'),
      // Days after an invoice it falls due (the ageing counts from there); 0 is due on receipt.
      paymentTermsDays: wholeNumber(RETAILER_MESSAGES.paymentTerms, 0, RETAILER_PAYMENT_TERMS_MAX_DAYS).default(
        DEFAULT_PAYMENT_TERMS_DAYS,
      ),
      taxExempt: z.boolean({ error: RETAILER_MESSAGES.taxExempt }).default(false),
      notes: z
        .string({ error: 'Notes must be text' })
        .trim()
        .nullish()
        .refine((v) => !v || v.length <= RETAILER_NOTES_MAX, RETAILER_MESSAGES.notesTooLong),
    },
    { error: 'Request body must be a JSON object' },
  )
  .superRefine((v, ctx) => {
    if (v.deliveryChargeRule === 'flat' && v.deliveryChargeCents == null) {
      ctx.addIssue({ code: 'custom', path: ['deliveryChargeCents'], message: RETAILER_MESSAGES.flatChargeRequired });
    }
    if (v.deliveryChargeRule !== 'flat' && v.deliveryChargeCents != null) {
      ctx.addIssue({ code: 'custom', path: ['deliveryChargeCents'], message: RETAILER_MESSAGES.flatChargeOnlyWhenFlat });
    }
  });
export type RetailerBody = z.input<typeof retailerBody>;
export type RetailerInput = z.output<typeof retailerBody>;

const centsQuery = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number of cents`)
    .min(-RETAILER_MONEY_MAX_CENTS, `${name} must be at least -${RETAILER_MONEY_MAX_CENTS}`)
    .max(RETAILER_MONEY_MAX_CENTS, `${name} must be at most ${RETAILER_MONEY_MAX_CENTS}`)
    .optional();

export const retailerListQuery = z
  .object({
    page: pageField.default(1),
    limit: limitField(RETAILER_LIST_DEFAULT_LIMIT, RETAILER_LIST_MAX_LIMIT),
    search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
    route: z.string().trim().max(20, 'route must be 20 characters or less').optional(),
    orderDay: z.coerce
      .number({ error: 'orderDay must be a whole number from 0 to 8' })
      .int('orderDay must be a whole number from 0 to 8')
      .min(0, 'orderDay must be a whole number from 0 to 8')
      .max(8, 'orderDay must be a whole number from 0 to 8')
      .optional(),
    salesRepId: z.string().trim().max(64, 'salesRepId must be 64 characters or less').optional(),
    priceClass: z.coerce
      .number({ error: 'priceClass must be a whole number from 1 to 5' })
      .int('priceClass must be a whole number from 1 to 5')
      .min(1, 'priceClass must be a whole number from 1 to 5')
      .max(5, 'priceClass must be a whole number from 1 to 5')
      .optional(),
    status: z.enum(RETAILER_STATUSES, { error: 'status must be one of: active, inactive, all' }).default('all'),
    balanceMinCents: centsQuery('balanceMinCents'),
    balanceMaxCents: centsQuery('balanceMaxCents'),
    hasOpenOrders: z
      .enum(['true', 'false'], { error: 'hasOpenOrders must be true or false' })
      .transform((v) => v === 'true')
      .optional(),
    ...sortFields(ADMIN_RETAILER_SORT_KEYS),
  })
  .refine((q) => q.balanceMinCents == null || q.balanceMaxCents == null || q.balanceMinCents <= q.balanceMaxCents, {
    message: RETAILER_MESSAGES.balanceRange,
    path: ['balanceMinCents'],
  });
export type RetailerListQuery = z.input<typeof retailerListQuery>;

const salesRepSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const retailerRowSchema = z.object({
  id: z.string(),
  C_Number: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  routeNumber: z.string().nullable(),
  stopNumber: z.string().nullable(),
  orderDay: z.number().int(),
  salesRep: salesRepSchema,
  priceClass: z.number().int(),
  balanceCents: z.number().int(),
  isActive: z.boolean(),
  lastOrderAt: z.string().nullable(),
  openOrderCount: z.number().int(),
});
export type RetailerRow = z.infer<typeof retailerRowSchema>;

export const retailerListResponse = z.object({
  items: z.array(retailerRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type RetailerList = z.infer<typeof retailerListResponse>;

export const retailerUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});

export const retailerOrderSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalCents: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.string(),
});

export const retailerDetailSchema = retailerRowSchema.extend({
  address: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  minOrderCents: z.number().int().nullable(),
  itemLimit: z.number().int().nullable(),
  deliveryChargeRule: z.enum(DELIVERY_CHARGE_RULES),
  deliveryChargeCents: z.number().int().nullable(),
  creditLimitCents: z.number().int().nullable(),
  creditPolicy: z.enum(CREDIT_POLICIES),
  paymentTermsDays: z.number().int(),
  taxExempt: z.boolean(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  users: z.array(retailerUserSchema),
  lastOrders: z.array(retailerOrderSchema),
});
export type RetailerDetail = z.infer<typeof retailerDetailSchema>;

/** GET /admin/retailers/choices: what the list's filters and the form's pickers offer. */
export const retailerChoicesResponse = z.object({
  /** The distributor's active sales reps, by name. */
  salesReps: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The route numbers its stores use, in natural order (2 before 10). */
  routes: z.array(z.string()),
  /** The terms a new store starts with (Settings): the add and approval forms start from them. */
  newStoreDefaults: newStoreDefaultsSchema,
});
export type RetailerChoices = z.infer<typeof retailerChoicesResponse>;
