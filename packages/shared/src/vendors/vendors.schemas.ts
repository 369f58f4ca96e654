// Admin vendors (GET/POST/PUT /admin/vendors...): one set of field rules for the web form and the API.
import { z } from 'zod';
import { EMAIL_RE } from '../auth/auth.schemas.ts';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { VENDOR_SORT_KEYS } from '../api/sort.ts';
import { sortFields } from '../api/sort.schemas.ts';

export const VENDOR_NAME_MAX = 120;
export const VENDOR_CONTACT_NAME_MAX = 120;
export const VENDOR_EMAIL_MAX = 254;
export const VENDOR_LIST_DEFAULT_LIMIT = 25;
export const VENDOR_LIST_MAX_LIMIT = 100;
export const VENDOR_STATUSES = ['active', 'inactive', 'all'] as const;
export type VendorStatusFilter = (typeof VENDOR_STATUSES)[number];

export const VENDOR_MESSAGES = {
  nameRequired: 'Vendor name is required',
  nameTooLong: `Vendor name must be ${VENDOR_NAME_MAX} characters or less`,
  contactNameTooLong: `Contact name must be ${VENDOR_CONTACT_NAME_MAX} characters or less`,
  email: 'Enter a valid email address',
  phone: 'Enter a valid phone number',
  notFound: 'Vendor not found',
  created: 'Vendor created',
  updated: 'Vendor updated',
  deactivated: 'Vendor deactivated',
  reactivated: 'Vendor reactivated',
  duplicate: (name: string) => `A vendor named ${name} already exists`,
} as const;

/** Digits, spaces, + ( ) - only; 7 to 20 characters. */
export const VENDOR_PHONE_RE = /^[0-9 +()-]{7,20}$/;
export const isVendorPhone = (v: string) => VENDOR_PHONE_RE.test(v) && /\d/.test(v);

/** Optional text: missing, null and empty (after trim) all mean "none". */
const optionalText = () => z.string().trim().nullish();

export const vendorBody = z.object(
  {
    name: z
      .string({ error: VENDOR_MESSAGES.nameRequired })
      .trim()
      .min(1, VENDOR_MESSAGES.nameRequired)
      .max(VENDOR_NAME_MAX, VENDOR_MESSAGES.nameTooLong),
    contactName: optionalText().refine((v) => !v || v.length <= VENDOR_CONTACT_NAME_MAX, VENDOR_MESSAGES.contactNameTooLong),
    email: optionalText().refine((v) => !v || (v.length <= VENDOR_EMAIL_MAX && EMAIL_RE.test(v)), VENDOR_MESSAGES.email),
    phone: optionalText().refine((v) => !v || isVendorPhone(v), VENDOR_MESSAGES.phone),
  },
  { error: 'Request body must be a JSON object' },
);
export type VendorBody = z.input<typeof vendorBody>;
export type VendorInput = z.output<typeof vendorBody>;

export const vendorListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(VENDOR_LIST_DEFAULT_LIMIT, VENDOR_LIST_MAX_LIMIT),
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
  status: z.enum(VENDOR_STATUSES, { error: 'status must be one of: active, inactive, all' }).default('all'),
  ...sortFields(VENDOR_SORT_KEYS),
});
export type VendorListQuery = z.input<typeof vendorListQuery>;

export const vendorRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  productCount: z.number().int(),
  createdAt: z.string(),
});
export type VendorRow = z.infer<typeof vendorRowSchema>;

export const vendorListResponse = z.object({
  items: z.array(vendorRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type VendorList = z.infer<typeof vendorListResponse>;

export const vendorProductsQuery = z.object({
  page: pageField.default(1),
  limit: limitField(VENDOR_LIST_DEFAULT_LIMIT, VENDOR_LIST_MAX_LIMIT),
});

export const vendorProductSchema = z.object({
  id: z.string(),
  itemNumber: z.string(),
  description: z.string(),
  isActive: z.boolean(),
});
export type VendorProduct = z.infer<typeof vendorProductSchema>;

export const vendorProductsResponse = z.object({
  items: z.array(vendorProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type VendorProducts = z.infer<typeof vendorProductsResponse>;
