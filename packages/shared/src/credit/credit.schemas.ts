// The boundary of credit control: the buyer's credit status (cart, account page) and the office's release.
import { z } from 'zod';
import { CREDIT_POLICIES } from './credit.ts';

export const creditPolicySchema = z.enum(CREDIT_POLICIES);

/** GET /retailer/creditStatus and GET /sales/creditStatus/:customerId (dollars, 2 decimals as numbers). */
export const creditStatusSchema = z.object({
  balance: z.number(),
  openOrders: z.number(),
  cart: z.number(),
  exposure: z.number(),
  /** null: no limit. */
  limit: z.number().nullable(),
  policy: creditPolicySchema,
  over: z.boolean(),
  action: z.enum(['none', 'warn', 'hold']),
  /** The warning to show (warn or hold, over the limit), else null. */
  message: z.string().nullable(),
});
export type CreditStatus = z.infer<typeof creditStatusSchema>;

/** POST /admin/orders/:orderId/release: why the office lets a held order through. */
export const releaseOrderBody = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be 500 characters or less'),
});
export type ReleaseOrderBody = z.infer<typeof releaseOrderBody>;
