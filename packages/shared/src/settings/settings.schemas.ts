// The distributor's settings (GET/PUT /admin/settings): company details and logo, time zone, the terms a
// new store starts with, the delivery charge, the order number format, the e-mail sender and whether
// stores may sign up online. One schema for the API's validation and the settings form.
import { z } from 'zod';
import { EMAIL_RE } from '../auth/auth.schemas.ts';
import { isVendorPhone } from '../vendors/vendors.schemas.ts';

export const SETTINGS_SAVED_MESSAGE = 'Settings saved successfully';
export const SIGNUP_CLOSED_MESSAGE = 'Stores cannot sign up online at the moment. Please contact us to open an account.';
export const MONEY_MAX_CENTS = 100_000_000; // $1,000,000
export const ITEM_LIMIT_MAX = 100_000;
export const ORDER_NUMBER_PREFIX_MAX = 10;
export const ORDER_NUMBER_PADDING_MAX = 12;
/** The installation's sequence order numbers are drawn from (modules/orders), and its first value. */
export const ORDER_NUMBER_SEQUENCE = 'order_number';
export const FIRST_ORDER_SEQUENCE = 100001;

export const SETTINGS_MESSAGES = {
  nameRequired: 'Name is required',
  companyNameRequired: 'Company name is required',
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or less`,
  email: 'Enter a valid email address',
  phone: 'Enter a valid phone number',
  logo: 'Upload the logo here; other addresses are not accepted',
  logoMissing: 'The uploaded logo was not found. Please upload it again.',
  timeZone: 'Choose a time zone from the list, e.g. America/Los_Angeles',
  money: (label: string) => `${label} must be 0 or more, in whole cents, at most ${MONEY_MAX_CENTS}`,
  itemLimit: `Item limit must be a whole number from 1 to ${ITEM_LIMIT_MAX}`,
  flatAmount: 'Enter the flat delivery charge',
  tiersRequired: 'Add at least one tier',
  tiersDistinct: 'Each tier needs its own minimum order value',
  prefix: `Prefix may have up to ${ORDER_NUMBER_PREFIX_MAX} capital letters, digits or dashes`,
  padding: `Digits must be a whole number from 0 to ${ORDER_NUMBER_PADDING_MAX}`,
  senderName: 'Sender name may not contain line breaks, quotes or angle brackets',
} as const;

/**
 * An IANA time zone name this runtime knows (Intl throws RangeError on others). Abbreviations such as
 * "PST" are refused even where Intl accepts them: only Area/Location names and UTC.
 */
export function isTimeZone(name: string): boolean {
  if (name !== 'UTC' && !/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The time zones offered by the form: every name the runtime lists, plus UTC. */
export function timeZoneChoices(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? names : ['UTC', ...names];
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, SETTINGS_MESSAGES.tooLong(label, max));

const cents = (label: string) =>
  z
    .number({ error: SETTINGS_MESSAGES.money(label) })
    .int(SETTINGS_MESSAGES.money(label))
    .min(0, SETTINGS_MESSAGES.money(label))
    .max(MONEY_MAX_CENTS, SETTINGS_MESSAGES.money(label));

export const companySchema = z.object({
  /** The short name (e-mail sender default, titles). */
  name: z
    .string({ error: SETTINGS_MESSAGES.nameRequired })
    .trim()
    .min(1, SETTINGS_MESSAGES.nameRequired)
    .max(120, SETTINGS_MESSAGES.tooLong('Name', 120)),
  /** The legal name: sign-in's D_Name, the information strip, PDFs. */
  companyName: z
    .string({ error: SETTINGS_MESSAGES.companyNameRequired })
    .trim()
    .min(1, SETTINGS_MESSAGES.companyNameRequired)
    .max(160, SETTINGS_MESSAGES.tooLong('Company name', 160)),
  email: text('Email', 254).refine((v) => !v || EMAIL_RE.test(v), SETTINGS_MESSAGES.email),
  phone: text('Phone', 20).refine((v) => !v || isVendorPhone(v), SETTINGS_MESSAGES.phone),
  addr1: text('Address', 200),
  city: text('City', 80),
  state: text('State', 40),
  zip: text('ZIP code', 20),
  /** Null, or a URL the media upload answered (/media/<key>). */
  logoUrl: z
    .string({ error: SETTINGS_MESSAGES.logo })
    .regex(/^\/media\/[A-Za-z0-9._-]{1,200}$/, SETTINGS_MESSAGES.logo)
    .nullable(),
});

export const newStoreDefaultsSchema = z.object({
  /** Null: no minimum. */
  minOrderCents: cents('Minimum order amount').nullable(),
  /** Null: no item limit. */
  itemLimit: z
    .number({ error: SETTINGS_MESSAGES.itemLimit })
    .int(SETTINGS_MESSAGES.itemLimit)
    .min(1, SETTINGS_MESSAGES.itemLimit)
    .max(ITEM_LIMIT_MAX, SETTINGS_MESSAGES.itemLimit)
    .nullable(),
  /** Null: no credit limit. */
  creditLimitCents: cents('Credit limit').nullable(),
});
export type NewStoreDefaults = z.infer<typeof newStoreDefaultsSchema>;
export const NO_STORE_DEFAULTS: NewStoreDefaults = { minOrderCents: null, itemLimit: null, creditLimitCents: null };

/** The distributor's delivery charge as the form edits it (stored as pricing/delivery-charge's setting). */
export const deliveryChargeEditSchema = z
  .object({
    mode: z.enum(['none', 'flat', 'by_order_value'], { error: 'Choose how delivery is charged' }),
    flatCents: cents('Flat delivery charge').nullable(),
    tiers: z
      .array(z.object({ minSubtotalCents: cents('Minimum order value'), chargeCents: cents('Charge') }))
      .max(20, 'At most 20 tiers'),
    freeOverCents: cents('Free delivery from').nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'flat' && v.flatCents == null) {
      ctx.addIssue({ code: 'custom', path: ['flatCents'], message: SETTINGS_MESSAGES.flatAmount });
    }
    if (v.mode === 'by_order_value') {
      if (v.tiers.length === 0) ctx.addIssue({ code: 'custom', path: ['tiers'], message: SETTINGS_MESSAGES.tiersRequired });
      const seen = new Set(v.tiers.map((t) => t.minSubtotalCents));
      if (seen.size !== v.tiers.length) {
        ctx.addIssue({ code: 'custom', path: ['tiers'], message: SETTINGS_MESSAGES.tiersDistinct });
      }
    }
  });
export type DeliveryChargeEdit = z.infer<typeof deliveryChargeEditSchema>;

export const orderNumberFormatSchema = z.object({
  prefix: z
    .string({ error: SETTINGS_MESSAGES.prefix })
    .trim()
    .regex(new RegExp(`^[A-Z0-9-]{0,${ORDER_NUMBER_PREFIX_MAX}}$`), SETTINGS_MESSAGES.prefix),
  /** The number is padded with zeros to at least this many digits (0: as it is). */
  padding: z
    .number({ error: SETTINGS_MESSAGES.padding })
    .int(SETTINGS_MESSAGES.padding)
    .min(0, SETTINGS_MESSAGES.padding)
    .max(ORDER_NUMBER_PADDING_MAX, SETTINGS_MESSAGES.padding),
});
export type OrderNumberFormat = z.infer<typeof orderNumberFormatSchema>;
export const DEFAULT_ORDER_NUMBER_FORMAT: OrderNumberFormat = { prefix: '', padding: 0 };

/** A new order's number: the prefix, then the sequence value padded with zeros. */
export function formatOrderNumber(format: OrderNumberFormat, sequenceValue: number): string {
  return `${format.prefix}${String(sequenceValue).padStart(format.padding, '0')}`;
}

export const emailSenderSchema = z.object({
  /** Shown as the sender's name; empty: the company's short name. */
  fromName: text('Sender name', 80).refine((v) => !/[\r\n"<>]/.test(v), SETTINGS_MESSAGES.senderName),
  /** Empty: the server's default sender (SMTP_URL's from). */
  fromAddress: text('Sender address', 254).refine((v) => !v || EMAIL_RE.test(v), SETTINGS_MESSAGES.email),
});
export type EmailSender = z.infer<typeof emailSenderSchema>;

export const settingsBody = z.object({
  company: companySchema,
  timeZone: z.string({ error: SETTINGS_MESSAGES.timeZone }).trim().refine(isTimeZone, SETTINGS_MESSAGES.timeZone),
  newStoreDefaults: newStoreDefaultsSchema,
  deliveryCharge: deliveryChargeEditSchema,
  orderNumberFormat: orderNumberFormatSchema,
  emailSender: emailSenderSchema,
  selfRegistration: z.boolean({ error: 'Choose whether stores may sign up online' }),
});
export type SettingsBody = z.input<typeof settingsBody>;
export type SettingsValues = z.output<typeof settingsBody>;

export const settingsSchema = settingsBody.extend({
  /** The next new order's number with this format. */
  nextOrderNumberExample: z.string(),
  updatedAt: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;
