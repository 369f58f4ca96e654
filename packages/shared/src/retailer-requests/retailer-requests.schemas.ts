// Admin sign-up requests (/admin/retailer-requests...): the staff form, the queue's query, the approval
// and rejection bodies, and the answers. A request's applicant fields follow /auth/signup's rules.
import { z } from 'zod';
import { EMAIL_RE, isPhone } from '../auth/auth.schemas.ts';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { sortFields } from '../api/sort.schemas.ts';
import type { Sorting } from '../api/sort.ts';
import { RETAILER_MESSAGES, retailerBody } from '../retailers/retailers.schemas.ts';
import { newStoreDefaultsSchema } from '../settings/settings.schemas.ts';

export const REQUEST_STATUSES = ['unverified', 'pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** The queue's status filter: `open` is unverified and pending together. */
export const REQUEST_STATUS_FILTERS = ['open', ...REQUEST_STATUSES, 'all'] as const;
export type RequestStatusFilter = (typeof REQUEST_STATUS_FILTERS)[number];
export const DUPLICATE_FIELDS = ['phone', 'email', 'address', 'name'] as const;
export type DuplicateField = (typeof DUPLICATE_FIELDS)[number];

export const REQUEST_SORT_KEYS = ['createdAt', 'storeName', 'ownerName', 'city', 'status'] as const;
export type RequestSortKey = (typeof REQUEST_SORT_KEYS)[number];
export const REQUEST_DEFAULT_SORT: Sorting<RequestSortKey> = { sort: 'createdAt', dir: 'desc' };
export const REQUEST_LIST_DEFAULT_LIMIT = 25;
export const REQUEST_LIST_MAX_LIMIT = 100;
export const REJECT_REASON_MAX = 1000;
export const REQUEST_NOTES_MAX = 2000;

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  unverified: 'Unverified',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const REQUEST_MESSAGES = {
  notFound: 'Retailer request not found',
  created: 'Retailer request created',
  updated: 'Retailer request updated',
  approved: 'Retailer request approved',
  rejected: 'Retailer request rejected',
  fetched: 'Retailer request fetched successfully',
  listed: 'Retailer requests fetched successfully',
  alreadyDecided: (status: 'approved' | 'rejected') => `This request has already been ${status}`,
  notVerified: 'This request is waiting for the applicant to verify their email and cannot be approved yet',
  editOnlyPending: 'Only a pending request can be edited',
  accountExists: 'An account with this email or phone number already exists',
  requestOpen: 'A sign-up request with this email or phone number is already awaiting approval',
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be ${REJECT_REASON_MAX} characters or less`,
} as const;

const bodyError = { error: 'Request body must be a JSON object' };

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .nullish();

/** What staff type for a request (POST) and change while it is pending (PUT). */
export const retailerRequestBody = z.object(
  {
    storeName: z
      .string({ error: 'Store name is required' })
      .trim()
      .min(1, 'Store name is required')
      .max(120, 'Store name is too long'),
    ownerName: z
      .string({ error: 'Owner name is required' })
      .trim()
      .min(1, 'Owner name is required')
      .max(120, 'Owner name is too long'),
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .toLowerCase()
      .min(1, 'Email is required')
      .max(254, 'Email is too long')
      .regex(EMAIL_RE, 'Enter a valid email address'),
    phone: z
      .string({ error: 'Phone number is required' })
      .trim()
      .min(1, 'Phone number is required')
      .refine(isPhone, 'Enter a valid phone number'),
    address: optionalText('Address', 200),
    city: optionalText('City', 80),
    state: optionalText('State', 40),
    zip: optionalText('ZIP code', 20),
    notes: optionalText('Notes', REQUEST_NOTES_MAX),
  },
  bodyError,
);
export type RetailerRequestBody = z.input<typeof retailerRequestBody>;
export type RetailerRequestInput = z.output<typeof retailerRequestBody>;

const terms = retailerBody.shape;
/** Approval: the store's number and terms; the names, address and contact come from the request. */
export const approveRequestBody = z
  .object(
    {
      cNumber: terms.cNumber,
      routeNumber: terms.routeNumber,
      stopNumber: terms.stopNumber,
      orderDay: terms.orderDay,
      salesRepId: terms.salesRepId,
      priceClass: terms.priceClass,
      minOrderCents: terms.minOrderCents,
      itemLimit: terms.itemLimit,
      deliveryChargeRule: terms.deliveryChargeRule,
      deliveryChargeCents: terms.deliveryChargeCents,
      creditLimitCents: terms.creditLimitCents,
      creditPolicy: terms.creditPolicy,
      paymentTermsDays: terms.paymentTermsDays,
      taxExempt: terms.taxExempt,
    },
    bodyError,
  )
  .superRefine((v, ctx) => {
    if (v.deliveryChargeRule === 'flat' && v.deliveryChargeCents == null) {
      ctx.addIssue({ code: 'custom', path: ['deliveryChargeCents'], message: RETAILER_MESSAGES.flatChargeRequired });
    }
    if (v.deliveryChargeRule !== 'flat' && v.deliveryChargeCents != null) {
      ctx.addIssue({ code: 'custom', path: ['deliveryChargeCents'], message: RETAILER_MESSAGES.flatChargeOnlyWhenFlat });
    }
  });
export type ApproveRequestBody = z.input<typeof approveRequestBody>;
export type ApproveRequestInput = z.output<typeof approveRequestBody>;

export const rejectRequestBody = z.object(
  {
    reason: z
      .string({ error: REQUEST_MESSAGES.reasonRequired })
      .trim()
      .min(1, REQUEST_MESSAGES.reasonRequired)
      .max(REJECT_REASON_MAX, REQUEST_MESSAGES.reasonTooLong),
  },
  bodyError,
);
export type RejectRequestBody = z.input<typeof rejectRequestBody>;

export const requestListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(REQUEST_LIST_DEFAULT_LIMIT, REQUEST_LIST_MAX_LIMIT),
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
  status: z
    .enum(REQUEST_STATUS_FILTERS, { error: `status must be one of: ${REQUEST_STATUS_FILTERS.join(', ')}` })
    .default('open'),
  ...sortFields(REQUEST_SORT_KEYS),
});
export type RequestListQuery = z.input<typeof requestListQuery>;

const personSchema = z.object({ id: z.string(), name: z.string() });

export const requestRowSchema = z.object({
  id: z.string(),
  storeName: z.string(),
  ownerName: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  /** signup: from /auth/signup; staff: added in the office. */
  source: z.enum(['signup', 'staff']),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The fields this request shares with a store of the distributor or another open request. */
  duplicateFields: z.array(z.enum(DUPLICATE_FIELDS)),
});
export type RequestRow = z.infer<typeof requestRowSchema>;

export const requestListResponse = z.object({
  items: z.array(requestRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type RequestList = z.infer<typeof requestListResponse>;

export const duplicateSchema = z.object({
  kind: z.enum(['store', 'request']),
  id: z.string(),
  name: z.string(),
  /** The store's C_Number; null for a request. */
  C_Number: z.string().nullable(),
  /** The other request's status; null for a store. */
  status: z.enum(REQUEST_STATUSES).nullable(),
  matches: z.array(z.enum(DUPLICATE_FIELDS)),
});
export type Duplicate = z.infer<typeof duplicateSchema>;

export const requestDetailSchema = requestRowSchema.extend({
  address: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  notes: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  reviewedBy: personSchema.nullable(),
  rejectReason: z.string().nullable(),
  /** The store made on approval. */
  customer: z.object({ id: z.string(), C_Number: z.string() }).nullable(),
  /** Whether the applicant chose a password at sign-up (otherwise they sign in with a one-time code). */
  hasPassword: z.boolean(),
  duplicates: z.array(duplicateSchema),
  /** The next free numeric C_Number, for the approval form. */
  suggestedCNumber: z.string(),
  /** The terms a new store starts with (Settings): the approval form starts from them. */
  newStoreDefaults: newStoreDefaultsSchema,
  /** The distributor's active sales reps, for the approval form. */
  salesReps: z.array(personSchema),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;
