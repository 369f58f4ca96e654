// The settings form: the API's own schema (shared settingsBody and its messages) with amounts typed in
// dollars and whole numbers typed as text, converted to the API's cents and numbers on submit.
import { dollarsToCents, centsToDecimalString } from '@portal/shared/money/money';
import {
  MONEY_MAX_CENTS,
  companySchema,
  emailSenderSchema,
  formatOrderNumber,
  isTimeZone,
  newStoreDefaultsSchema,
  orderNumberFormatSchema,
  SETTINGS_MESSAGES,
  type Settings,
  type SettingsBody,
} from '@portal/shared/settings/settings.schemas';
import { z } from 'zod';

export const dollarsMessage = (label: string) => `${label} must be an amount in dollars, like 50.00`;

/** Dollars typed ("1,250.50", "$50") → cents; blank → null, or the message when the amount is required. */
const dollars = (label: string, required?: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '') {
        if (required) {
          ctx.addIssue({ code: 'custom', message: required });
          return z.NEVER;
        }
        return null;
      }
      const clean = v.replace(/[$,]/g, '');
      if (!/^\d+(\.\d{1,2})?$/.test(clean)) {
        ctx.addIssue({ code: 'custom', message: dollarsMessage(label) });
        return z.NEVER;
      }
      const cents = dollarsToCents(Number(clean));
      if (cents > MONEY_MAX_CENTS) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most $1,000,000.00` });
        return z.NEVER;
      }
      return cents;
    });

/** A whole number typed as text; blank → null. */
const whole = (message: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : /^\d+$/.test(v) ? Number(v) : NaN))
    .pipe(z.number({ error: message }).int(message).nullable());

export const settingsFormSchema = z
  .object({
    company: companySchema,
    timeZone: z.string().trim().refine(isTimeZone, SETTINGS_MESSAGES.timeZone),
    newStoreDefaults: z.object({
      minOrderCents: dollars('Minimum order amount'),
      itemLimit: whole(SETTINGS_MESSAGES.itemLimit).pipe(newStoreDefaultsSchema.shape.itemLimit),
      creditLimitCents: dollars('Credit limit'),
    }),
    deliveryCharge: z.object({
      mode: z.enum(['none', 'flat', 'by_order_value']),
      flatCents: z.string(),
      tiers: z.array(
        z.object({
          minSubtotal: dollars('Minimum order value', 'Enter the minimum order value'),
          charge: dollars('Charge', 'Enter the charge'),
        }),
      ),
      freeOverCents: dollars('Free delivery from'),
    }),
    orderNumberFormat: z.object({
      prefix: orderNumberFormatSchema.shape.prefix,
      padding: whole(SETTINGS_MESSAGES.padding).pipe(orderNumberFormatSchema.shape.padding.nullable()),
    }),
    emailSender: emailSenderSchema,
    selfRegistration: z.boolean(),
  })
  .transform((v, ctx): SettingsBody => {
    const d = v.deliveryCharge;
    let flatCents: number | null = null;
    if (d.mode === 'flat') {
      const parsed = dollars('Flat delivery charge', SETTINGS_MESSAGES.flatAmount).safeParse(d.flatCents);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', path: ['deliveryCharge', 'flatCents'], message: parsed.error.issues[0]!.message });
        return z.NEVER;
      }
      flatCents = parsed.data;
    }
    const tiers =
      d.mode === 'by_order_value'
        ? d.tiers.map((t) => ({ minSubtotalCents: t.minSubtotal ?? 0, chargeCents: t.charge ?? 0 }))
        : [];
    if (d.mode === 'by_order_value' && tiers.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['deliveryCharge', 'tiers'], message: SETTINGS_MESSAGES.tiersRequired });
      return z.NEVER;
    }
    if (new Set(tiers.map((t) => t.minSubtotalCents)).size !== tiers.length) {
      ctx.addIssue({ code: 'custom', path: ['deliveryCharge', 'tiers'], message: SETTINGS_MESSAGES.tiersDistinct });
      return z.NEVER;
    }
    return {
      ...v,
      newStoreDefaults: { ...v.newStoreDefaults, itemLimit: v.newStoreDefaults.itemLimit ?? null },
      deliveryCharge: { mode: d.mode, flatCents, tiers, freeOverCents: d.mode === 'none' ? null : d.freeOverCents },
      orderNumberFormat: { prefix: v.orderNumberFormat.prefix, padding: v.orderNumberFormat.padding ?? 0 },
    };
  });

export type SettingsFormValues = z.input<typeof settingsFormSchema>;

const money = (cents: number | null) => (cents == null ? '' : centsToDecimalString(cents));

/** The saved settings as the inputs hold them. */
export function toFormValues(s: Settings): SettingsFormValues {
  return {
    company: s.company,
    timeZone: s.timeZone,
    newStoreDefaults: {
      minOrderCents: money(s.newStoreDefaults.minOrderCents),
      itemLimit: s.newStoreDefaults.itemLimit == null ? '' : String(s.newStoreDefaults.itemLimit),
      creditLimitCents: money(s.newStoreDefaults.creditLimitCents),
    },
    deliveryCharge: {
      mode: s.deliveryCharge.mode,
      flatCents: money(s.deliveryCharge.flatCents),
      tiers: s.deliveryCharge.tiers.map((t) => ({ minSubtotal: money(t.minSubtotalCents), charge: money(t.chargeCents) })),
      freeOverCents: money(s.deliveryCharge.freeOverCents),
    },
    orderNumberFormat: { prefix: s.orderNumberFormat.prefix, padding: String(s.orderNumberFormat.padding) },
    emailSender: s.emailSender,
    selfRegistration: s.selfRegistration,
  };
}

/** What a new order's number looks like with the format being typed (the sequence value from the server's example). */
export function orderNumberPreview(
  example: string,
  saved: Settings['orderNumberFormat'],
  prefix: string,
  padding: string,
): string {
  const digits = example.slice(saved.prefix.length).replace(/^0+(?=\d)/, '');
  const n = Number(digits);
  const pad = /^\d+$/.test(padding) ? Math.min(Number(padding), 12) : 0;
  return Number.isFinite(n) ? formatOrderNumber({ prefix: prefix.trim(), padding: pad }, n) : example;
}
