// The store form: the API's own body schema (shared `retailerBody`, its messages and its rule that a
// flat delivery charge needs its amount), with the amounts typed in dollars and converted to the API's
// cents, the item limit typed as text, and the selects' text turned into numbers.
import { dollarsToCents } from '@portal/shared/money/money';
import { DEFAULT_PAYMENT_TERMS_DAYS } from '@portal/shared/receivables/ageing';
import { RETAILER_MONEY_MAX_CENTS, retailerBody, type RetailerInput } from '@portal/shared/retailers/retailers.schemas';
import { z } from 'zod';
import type { RetailerDetail } from './admin-retailers.types';

const shape = retailerBody.shape;

export const dollarsMessage = (label: string) => `${label} must be an amount in dollars, like 50.00`;
export const dollarsMaxMessage = (label: string) => `${label} must be at most $1,000,000.00`;

/** Dollars typed ("1,250.50", "$50") → cents; blank → none. */
const optionalDollars = (label: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '') return null;
      const clean = v.replace(/[$,]/g, '');
      if (!/^\d+(\.\d{1,2})?$/.test(clean)) {
        ctx.addIssue({ code: 'custom', message: dollarsMessage(label) });
        return z.NEVER;
      }
      const cents = dollarsToCents(Number(clean));
      if (cents > RETAILER_MONEY_MAX_CENTS) {
        ctx.addIssue({ code: 'custom', message: dollarsMaxMessage(label) });
        return z.NEVER;
      }
      return cents;
    });

const formFields = {
  minOrderCents: optionalDollars('Minimum order amount').pipe(shape.minOrderCents.unwrap()),
  deliveryChargeCents: optionalDollars('Delivery charge amount').pipe(shape.deliveryChargeCents.unwrap()),
  creditLimitCents: optionalDollars('Credit limit').pipe(shape.creditLimitCents.unwrap()),
  // Blank is no limit; anything else must be the body's whole number.
  itemLimit: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : /^\d+$/.test(v) ? Number(v) : NaN))
    .pipe(shape.itemLimit.unwrap()),
  orderDay: z.coerce.number().pipe(shape.orderDay.unwrap()),
  // Whole days as typed; blank or anything else is the body's own message.
  paymentTermsDays: z
    .string()
    .trim()
    .transform((v) => (/^\d+$/.test(v) ? Number(v) : NaN))
    .pipe(shape.paymentTermsDays.unwrap()),
  priceClass: z.coerce.number().pipe(shape.priceClass.unwrap()),
};

/** What the inputs hold: text everywhere but the tax-exempt switch. */
export interface RetailerFormValues {
  cNumber: string;
  companyName: string;
  contactName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
  routeNumber: string;
  stopNumber: string;
  orderDay: string;
  salesRepId: string;
  priceClass: string;
  minOrderCents: string;
  itemLimit: string;
  deliveryChargeRule: RetailerInput['deliveryChargeRule'];
  deliveryChargeCents: string;
  creditLimitCents: string;
  creditPolicy: RetailerInput['creditPolicy'];
  paymentTermsDays: string;
  taxExempt: boolean;
  notes: string;
}

/**
 * The body schema with those fields typed as the inputs hold them. safeExtend keeps the body's
 * cross-field rule (flat charge and its amount); its types only allow narrowing, hence the cast.
 */
export const retailerForm = retailerBody.safeExtend(formFields as never) as unknown as z.ZodType<
  RetailerInput,
  RetailerFormValues
>;

/** Form fields in the order they appear: the server's field messages go to these. */
export const RETAILER_FORM_FIELDS = [
  'cNumber',
  'companyName',
  'contactName',
  'phone',
  'email',
  'address',
  'city',
  'state',
  'zip',
  'routeNumber',
  'stopNumber',
  'orderDay',
  'salesRepId',
  'priceClass',
  'minOrderCents',
  'itemLimit',
  'deliveryChargeRule',
  'deliveryChargeCents',
  'creditLimitCents',
  'creditPolicy',
  'paymentTermsDays',
  'taxExempt',
  'notes',
] as const satisfies readonly (keyof RetailerFormValues)[];

export function emptyRetailerValues(): RetailerFormValues {
  return {
    cNumber: '',
    companyName: '',
    contactName: '',
    address: '',
    city: '',
    state: '',
    zip: '',
    phone: '',
    email: '',
    routeNumber: '',
    stopNumber: '',
    orderDay: '0',
    salesRepId: '',
    priceClass: '1',
    minOrderCents: '',
    itemLimit: '',
    deliveryChargeRule: 'standard',
    deliveryChargeCents: '',
    creditLimitCents: '',
    creditPolicy: 'none',
    paymentTermsDays: String(DEFAULT_PAYMENT_TERMS_DAYS),
    taxExempt: false,
    notes: '',
  };
}

const dollars = (cents: number | null) => (cents == null ? '' : (cents / 100).toFixed(2));

/** The form's values for a stored store (amounts in dollars). */
export function retailerValuesOf(r: RetailerDetail): RetailerFormValues {
  return {
    cNumber: r.C_Number,
    companyName: r.companyName,
    contactName: r.contactName,
    address: r.address ?? '',
    city: r.city ?? '',
    state: r.state ?? '',
    zip: r.zip ?? '',
    phone: r.phone ?? '',
    email: r.email ?? '',
    routeNumber: r.routeNumber ?? '',
    stopNumber: r.stopNumber ?? '',
    orderDay: String(r.orderDay),
    salesRepId: r.salesRep?.id ?? '',
    priceClass: String(r.priceClass),
    minOrderCents: dollars(r.minOrderCents),
    itemLimit: r.itemLimit == null ? '' : String(r.itemLimit),
    deliveryChargeRule: r.deliveryChargeRule,
    deliveryChargeCents: dollars(r.deliveryChargeCents),
    creditLimitCents: dollars(r.creditLimitCents),
    creditPolicy: r.creditPolicy,
    paymentTermsDays: String(r.paymentTermsDays),
    taxExempt: r.taxExempt,
    notes: r.notes ?? '',
  };
}
