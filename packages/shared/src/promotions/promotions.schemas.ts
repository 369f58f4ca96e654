// Admin promotions and banners (/admin/promotions, /admin/banners): one set of field rules and
// messages for the web forms and the API, and the answers' shapes. The pricing rules themselves are in
// pricing/promotions.ts.
import { z } from 'zod';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { PROMOTION_SORT_KEYS } from '../api/sort.ts';
import { sortFields } from '../api/sort.schemas.ts';
import { AUDIENCE_TYPES } from '../pricing/promotions.ts';

export const PROMOTION_TITLE_MAX = 120;
export const PROMOTION_DESCRIPTION_MAX = 500;
export const PROMOTION_TARGETS_MAX = 500;
export const AUDIENCE_VALUES_MAX = 500;
export const URL_MAX = 500;
/** The largest fixed amount off a unit price, in dollars. */
export const PROMOTION_AMOUNT_MAX = 100_000;
export const PROMOTION_LIST_DEFAULT_LIMIT = 25;
export const PROMOTION_LIST_MAX_LIMIT = 100;
export const PREVIEW_MAX_ITEMS = 100;
export const PRICE_LEVELS = ['1', '2', '3', '4', '5'] as const;

export const PROMOTION_STATUSES = ['all', 'active', 'scheduled', 'ended', 'inactive'] as const;
export type PromotionStatusFilter = (typeof PROMOTION_STATUSES)[number];
export const DISCOUNT_TYPES = ['percent', 'amount', 'none'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const PROMOTION_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be ${PROMOTION_TITLE_MAX} characters or less`,
  descriptionTooLong: `Description must be ${PROMOTION_DESCRIPTION_MAX} characters or less`,
  discountType: 'Discount type must be percent, amount or none',
  nothingToDo: 'Choose a discount or mark the items promoted',
  percentRequired: 'Percent is required',
  percentRange: 'Percent must be more than 0 and at most 100',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be more than 0',
  amountTooLarge: `Amount must be ${PROMOTION_AMOUNT_MAX} or less`,
  twoDecimals: 'Use at most 2 decimals',
  targetRequired: 'Choose at least one product, category, brand or vendor',
  tooManyTargets: `Choose at most ${PROMOTION_TARGETS_MAX} of each target`,
  audienceType: 'Audience must be all, customers, priceLevels or routes',
  audienceRequired: {
    all: '',
    customers: 'Choose at least one customer',
    priceLevels: 'Choose at least one price level',
    routes: 'Choose at least one route',
  },
  priceLevel: 'Price levels are 1 to 5',
  tooManyAudienceValues: `Choose at most ${AUDIENCE_VALUES_MAX} values`,
  startRequired: 'Start date and time is required',
  startInvalid: 'Enter a valid start date and time',
  endInvalid: 'Enter a valid end date and time',
  endAfterStart: 'End must be after start',
  unknownProduct: (id: string) => `Unknown product: ${id}`,
  unknownCategory: (id: string) => `Unknown category: ${id}`,
  unknownVendor: (id: string) => `Unknown vendor: ${id}`,
  unknownBrand: (name: string) => `No product has the brand ${name}`,
  unknownCustomer: (id: string) => `Unknown customer: ${id}`,
  unknownRoute: (route: string) => `No customer is on route ${route}`,
  notFound: 'Promotion not found',
  created: 'Promotion created',
  updated: 'Promotion updated',
  deactivated: 'Promotion deactivated',
  reactivated: 'Promotion reactivated',
  customerRequired: 'Choose a customer',
  customerNotFound: 'Customer not found',
} as const;

export const BANNER_MESSAGES = {
  imageRequired: 'Image URL is required',
  imageInvalid: 'Enter a valid image URL (https://… or /…)',
  linkInvalid: 'Enter a valid link (https://… or /…)',
  notFound: 'Banner not found',
  created: 'Banner created',
  updated: 'Banner updated',
  deactivated: 'Banner deactivated',
  reactivated: 'Banner reactivated',
} as const;

/** A link or image: an absolute http(s) address or a path on this site (never javascript:, data: …). */
export const isSafeUrl = (v: string) => /^(https?:\/\/[^\s/]+|\/(?!\/))\S*$/i.test(v);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

const idList = z
  .array(z.string().trim().min(1).max(100), { error: 'Expected a list of ids' })
  .max(PROMOTION_TARGETS_MAX, PROMOTION_MESSAGES.tooManyTargets)
  .default([])
  .transform((l) => [...new Set(l)]);

const isoTime = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .pipe(z.iso.datetime({ offset: true, error: invalid }))
    .transform((v) => new Date(v).toISOString());

const title = z
  .string({ error: PROMOTION_MESSAGES.titleRequired })
  .trim()
  .min(1, PROMOTION_MESSAGES.titleRequired)
  .max(PROMOTION_TITLE_MAX, PROMOTION_MESSAGES.titleTooLong);

export const audienceSchema = z
  .object({
    type: z.enum(AUDIENCE_TYPES, { error: PROMOTION_MESSAGES.audienceType }),
    values: z
      .array(z.string().trim().min(1).max(100), { error: 'Expected a list of values' })
      .max(AUDIENCE_VALUES_MAX, PROMOTION_MESSAGES.tooManyAudienceValues)
      .default([])
      .transform((l) => [...new Set(l)]),
  })
  .default({ type: 'all', values: [] })
  .transform((a) => (a.type === 'all' ? { type: a.type, values: [] } : a))
  .superRefine((a, ctx) => {
    if (a.type !== 'all' && a.values.length === 0)
      ctx.addIssue({ code: 'custom', path: ['values'], message: PROMOTION_MESSAGES.audienceRequired[a.type] });
    if (a.type === 'priceLevels' && a.values.some((v) => !(PRICE_LEVELS as readonly string[]).includes(v)))
      ctx.addIssue({ code: 'custom', path: ['values'], message: PROMOTION_MESSAGES.priceLevel });
  });
export type AudienceInput = z.output<typeof audienceSchema>;

const dates = {
  startsAt: isoTime(PROMOTION_MESSAGES.startRequired, PROMOTION_MESSAGES.startInvalid),
  endsAt: z
    .union([z.literal('').transform(() => null), isoTime(PROMOTION_MESSAGES.endInvalid, PROMOTION_MESSAGES.endInvalid)], {
      error: PROMOTION_MESSAGES.endInvalid,
    })
    .nullish()
    .transform((v) => v ?? null),
};

function endAfterStart(v: { startsAt: string; endsAt: string | null }, ctx: z.RefinementCtx) {
  if (v.endsAt !== null && Date.parse(v.endsAt) <= Date.parse(v.startsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: PROMOTION_MESSAGES.endAfterStart });
}

const hasTwoDecimalsAtMost = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const promotionBody = z
  .object(
    {
      title,
      description: optionalText(PROMOTION_DESCRIPTION_MAX, PROMOTION_MESSAGES.descriptionTooLong),
      discountType: z.enum(DISCOUNT_TYPES, { error: PROMOTION_MESSAGES.discountType }),
      /** Percent (10 = 10 %) or dollars off the unit price (1.5 = $1.50); ignored for none. */
      discountValue: z.number({ error: 'Discount must be a number' }).finite().nullish(),
      promoted: z.boolean({ error: 'promoted must be true or false' }).default(false),
      targets: z
        .object({ productIds: idList, categoryIds: idList, brands: idList, vendorIds: idList })
        .default({ productIds: [], categoryIds: [], brands: [], vendorIds: [] }),
      audience: audienceSchema,
      ...dates,
    },
    { error: 'Request body must be a JSON object' },
  )
  .transform((v) => ({ ...v, discountValue: v.discountType === 'none' ? null : (v.discountValue ?? null) }))
  .superRefine((v, ctx) => {
    const at = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.discountType === 'none' && !v.promoted) at('discountType', PROMOTION_MESSAGES.nothingToDo);
    const value = v.discountValue;
    if (v.discountType === 'percent') {
      if (value === null) at('discountValue', PROMOTION_MESSAGES.percentRequired);
      else if (value <= 0 || value > 100) at('discountValue', PROMOTION_MESSAGES.percentRange);
      else if (!hasTwoDecimalsAtMost(value)) at('discountValue', PROMOTION_MESSAGES.twoDecimals);
    }
    if (v.discountType === 'amount') {
      if (value === null) at('discountValue', PROMOTION_MESSAGES.amountRequired);
      else if (value <= 0) at('discountValue', PROMOTION_MESSAGES.amountPositive);
      else if (value > PROMOTION_AMOUNT_MAX) at('discountValue', PROMOTION_MESSAGES.amountTooLarge);
      else if (!hasTwoDecimalsAtMost(value)) at('discountValue', PROMOTION_MESSAGES.twoDecimals);
    }
    const t = v.targets;
    if (t.productIds.length + t.categoryIds.length + t.brands.length + t.vendorIds.length === 0)
      at('targets', PROMOTION_MESSAGES.targetRequired);
    endAfterStart(v, ctx);
  });
export type PromotionBody = z.input<typeof promotionBody>;
export type PromotionInput = z.output<typeof promotionBody>;

export const promotionListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(PROMOTION_LIST_DEFAULT_LIMIT, PROMOTION_LIST_MAX_LIMIT),
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
  status: z.enum(PROMOTION_STATUSES, { error: 'status must be one of: all, active, scheduled, ended, inactive' }).default('all'),
  ...sortFields(PROMOTION_SORT_KEYS),
});
export type PromotionListQuery = z.input<typeof promotionListQuery>;

const statusSchema = z.enum(['active', 'scheduled', 'ended', 'inactive']);
const audienceRowSchema = z.object({ type: z.enum(AUDIENCE_TYPES), values: z.array(z.string()) });

export const promotionRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  discountType: z.enum(DISCOUNT_TYPES),
  /** Percent (10.5) or dollars (1.5); null for none. */
  discountValue: z.number().nullable(),
  promoted: z.boolean(),
  targets: z.object({
    productIds: z.array(z.string()),
    categoryIds: z.array(z.string()),
    brands: z.array(z.string()),
    vendorIds: z.array(z.string()),
  }),
  audience: audienceRowSchema,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  isActive: z.boolean(),
  status: statusSchema,
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type PromotionRow = z.infer<typeof promotionRowSchema>;

export const promotionListResponse = z.object({
  items: z.array(promotionRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PromotionList = z.infer<typeof promotionListResponse>;

export const promotionPreviewQuery = z.object({
  customerId: z
    .string({ error: PROMOTION_MESSAGES.customerRequired })
    .trim()
    .min(1, PROMOTION_MESSAGES.customerRequired)
    .max(100),
});

export const promotionPreviewResponse = z.object({
  customer: z.object({
    id: z.string(),
    cNumber: z.string(),
    name: z.string(),
    priceLevel: z.number().int(),
    route: z.string().nullable(),
  }),
  /** The moment priced: now, or the promotion's start while it is scheduled. */
  at: z.string(),
  /** The customer is in the promotion's audience. */
  appliesToCustomer: z.boolean(),
  items: z.array(
    z.object({
      productId: z.string(),
      itemNumber: z.string(),
      description: z.string(),
      /** The customer's price for one unit without this promotion (other running promotions count). */
      priceBefore: z.number(),
      /** With this promotion as if switched on, under the stacking rule. */
      priceAfter: z.number(),
      /** This promotion is the one that prices the item for the customer. */
      discounted: z.boolean(),
    }),
  ),
  /** Active products the promotion targets (items holds the first PREVIEW_MAX_ITEMS by item number). */
  total: z.number().int(),
});
export type PromotionPreview = z.infer<typeof promotionPreviewResponse>;

// ---- Banners ----

export const bannerBody = z
  .object(
    {
      title,
      description: optionalText(PROMOTION_DESCRIPTION_MAX, PROMOTION_MESSAGES.descriptionTooLong),
      imageUrl: z
        .string({ error: BANNER_MESSAGES.imageRequired })
        .trim()
        .min(1, BANNER_MESSAGES.imageRequired)
        .max(URL_MAX, BANNER_MESSAGES.imageInvalid)
        .refine((v) => v === '' || isSafeUrl(v), BANNER_MESSAGES.imageInvalid),
      linkUrl: z
        .string()
        .trim()
        .max(URL_MAX, BANNER_MESSAGES.linkInvalid)
        .refine((v) => v === '' || isSafeUrl(v), BANNER_MESSAGES.linkInvalid)
        .nullish()
        .transform((v) => v || null),
      audience: audienceSchema,
      ...dates,
    },
    { error: 'Request body must be a JSON object' },
  )
  .superRefine(endAfterStart);
export type BannerBody = z.input<typeof bannerBody>;
export type BannerInput = z.output<typeof bannerBody>;

export const bannerRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  audience: audienceRowSchema,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  isActive: z.boolean(),
  status: statusSchema,
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type BannerRow = z.infer<typeof bannerRowSchema>;

export const bannerListAdminResponse = z.object({
  items: z.array(bannerRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type BannerAdminList = z.infer<typeof bannerListAdminResponse>;
