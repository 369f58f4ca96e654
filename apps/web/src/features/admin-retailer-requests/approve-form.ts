// The approval form: the store's number and terms as the office types them (amounts in dollars, choices
// as text), turned into the API's approval body; the rules and messages are the store form's own.
import { RETAILER_ITEM_LIMIT_MAX, RETAILER_MESSAGES } from '@portal/shared/retailers/retailers.schemas';
import { approveRequestBody, type ApproveRequestInput } from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { z } from 'zod';

export interface ApproveFormValues {
  cNumber: string;
  routeNumber: string;
  stopNumber: string;
  orderDay: string;
  priceClass: string;
  salesRepId: string;
  minOrder: string;
  itemLimit: string;
}

const MIN_ORDER_MESSAGE = 'Minimum order amount must be a dollar amount with at most 2 decimals';

const optionalDollars = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: MIN_ORDER_MESSAGE });
      return z.NEVER;
    }
    return Math.round(Number(v) * 100);
  });

const optionalWhole = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < 1 || n > RETAILER_ITEM_LIMIT_MAX) {
      ctx.addIssue({ code: 'custom', message: RETAILER_MESSAGES.itemLimit });
      return z.NEVER;
    }
    return n;
  });

/** Typed values → the approval body, then the body's own rules (C_Number, order day, price class…). */
export const approveForm = z
  .object({
    cNumber: z.string(),
    routeNumber: z.string(),
    stopNumber: z.string(),
    orderDay: z.coerce.number(),
    priceClass: z.coerce.number(),
    salesRepId: z.string(),
    minOrder: optionalDollars,
    itemLimit: optionalWhole,
  })
  .transform((v) => ({
    cNumber: v.cNumber,
    routeNumber: v.routeNumber,
    stopNumber: v.stopNumber,
    orderDay: v.orderDay,
    priceClass: v.priceClass,
    salesRepId: v.salesRepId || null,
    minOrderCents: v.minOrder,
    itemLimit: v.itemLimit,
  }))
  // The body's input type is wider (optional fields); its output is what the dialog sends.
  .pipe(approveRequestBody as never) as unknown as z.ZodType<ApproveRequestInput, ApproveFormValues>;
