// Cart requests and the cart summary of spec §3/§4 (finalCartItems, totals, limits); amounts in dollars.
import { z } from 'zod';
import { STOCK_LABELS } from '../catalog/stock-label.ts';

export const MAX_LINE_QUANTITY = 99_999;

export const quantityField = z
  .number({ error: 'Quantity must be a positive whole number' })
  .int('Quantity must be a positive whole number')
  .min(1, 'Quantity must be a positive whole number')
  .max(MAX_LINE_QUANTITY, `Quantity must be ${MAX_LINE_QUANTITY} or less`);

export const cartAddBody = z.object({
  productId: z.string({ error: 'productId is required' }).trim().min(1, 'productId is required').max(100),
  quantity: quantityField,
});
export const cartUpdateBody = z.object({ quantity: quantityField });
export const cartProductParams = z.object({ productId: z.string().min(1).max(100) });

export type CartAddBody = z.infer<typeof cartAddBody>;
export type CartUpdateBody = z.infer<typeof cartUpdateBody>;

export const CART_PROBLEM_CODES = ['OUT_OF_STOCK', 'INSUFFICIENT_STOCK', 'PRODUCT_LIMIT', 'NOT_ORDERABLE'] as const;
export type CartProblemCode = (typeof CART_PROBLEM_CODES)[number];

/** What is wrong with one cart line, and the one-click fix: remove the line, or reduce it to fixQuantity. */
export const cartProblemSchema = z.object({
  code: z.enum(CART_PROBLEM_CODES),
  message: z.string(),
  fix: z.enum(['remove', 'reduce']),
  fixQuantity: z.number().int().nullable(),
});
export type CartProblem = z.infer<typeof cartProblemSchema>;

/** One entry of the data of a CART_PROBLEMS refusal of Place order. */
export const orderLineProblemSchema = cartProblemSchema.extend({
  productId: z.string(),
  itemNumber: z.string(),
  description: z.string(),
});
export type OrderLineProblem = z.infer<typeof orderLineProblemSchema>;
export type CartProblemsData = { problems: OrderLineProblem[] };

export const cartItemSchema = z.object({
  Description: z.string(),
  Product: z.object({ id: z.string(), Qty: z.number().int(), TotalPrice: z.string() }),
  /** Unit price (after promotion and reached tier). */
  price: z.number(),
  /** Only while a promotion lowers the price: the unit price before it (the catalogue's listPrice). */
  listPrice: z.number().optional(),
  /** With listPrice: the promotion's percent off (the catalogue's discountPercent; null: not known). */
  discountPercent: z.number().nullable().optional(),
  priceWithTax: z.number(),
  hasProductLimit: z.boolean(),
  productLimit: z.number().int().nullable(),
  productId: z.string(),
  itemNumber: z.string(),
  upc: z.string().nullable(),
  image: z.string(),
  pack: z.number(),
  uom: z.string(),
  /** CRV per unit and for the line. */
  crv: z.number(),
  crvTotal: z.number(),
  /** Percent, e.g. 8.25. */
  taxRate: z.number(),
  tax: z.number(),
  /** Line with tax and CRV. */
  lineTotal: z.number(),
  stockLabel: z.enum(STOCK_LABELS),
  allowToOrder: z.boolean(),
  /** Empty when the line can be ordered as it is. */
  problems: z.array(cartProblemSchema),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The totals count only lines that can be ordered (`allowToOrder`); the others are listed, marked, left out. */
export const cartSummarySchema = z.object({
  finalCartItems: z.array(cartItemSchema),
  /** Number of lines (the header badge). */
  count: z.number().int(),
  /** Sum of quantities. */
  totalItems: z.number().int(),
  /** Goods before tax, CRV and delivery. */
  totalAmount: z.number(),
  /** Goods with tax. */
  totalAmountWithTax: z.number(),
  totalTax: z.number(),
  totalCrv: z.number(),
  deliveryCharge: z.number(),
  /** Goods + tax + CRV + delivery: what the order will cost. */
  grandTotal: z.number(),
  userItemLimitQty: z.number().int().nullable(),
  userLimitMinOrderAmount: z.number().nullable(),
  /** Lines with at least one problem; Place order is refused while it is above 0. */
  problemCount: z.number().int(),
});
export type CartSummary = z.infer<typeof cartSummarySchema>;
