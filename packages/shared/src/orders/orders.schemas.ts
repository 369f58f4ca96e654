// Order placement, history, ordered products, delivery status and the account ledger: requests and answers.
import { z } from 'zod';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { LEDGER_SORT_KEYS, ORDER_HISTORY_SORT_KEYS, ORDERED_ITEMS_SORT_KEYS } from '../api/sort.ts';
import { sortFields } from '../api/sort.schemas.ts';
import { ORDER_STATUSES } from './order-status.ts';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => !Number.isNaN(Date.parse(DATE_RE.test(v) ? `${v}T00:00:00Z` : v));

/** A day (YYYY-MM-DD, inclusive) or an ISO-8601 time. */
export const dateFilter = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === '' || isRealDate(v), 'Enter a valid date (YYYY-MM-DD)')
  .optional()
  .transform((v) => (v ? v : undefined));

export const placeOrderBody = z
  .object({
    notes: z.string().trim().max(1000, 'Notes must be 1000 characters or less').optional(),
    poNumber: z.string().trim().max(50, 'PO number must be 50 characters or less').optional(),
    requestedDeliveryDate: z
      .string()
      .trim()
      .regex(DATE_RE, 'Requested delivery date must be YYYY-MM-DD')
      .refine(isRealDate, 'Requested delivery date must be YYYY-MM-DD')
      .optional(),
  })
  .default({});
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

/** The headers of placeOrder (retailer and sales): is-web-order, and the Idempotency-Key that makes a retry safe. */
export const placeOrderHeaders = z.object({
  'is-web-order': z.string().optional(),
  'idempotency-key': z.string().trim().max(200, 'Idempotency-Key must be 200 characters or less').optional(),
});

const money = z.number();
const orderStatus = z.enum(ORDER_STATUSES);

export const placedOrderSchema = z.object({
  orderNumber: z.string(),
  orderId: z.string(),
  status: orderStatus,
  createdAt: z.string(),
  itemCount: z.number().int(),
  totalQuantity: z.number().int(),
  subtotal: money,
  tax: money,
  crv: money,
  deliveryCharge: money,
  total: money,
  /** True when this answer repeats an order already placed with the same Idempotency-Key. */
  replayed: z.boolean(),
});

export const orderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatus,
  statusLabel: z.string(),
  createdAt: z.string(),
  itemCount: z.number().int(),
  subtotal: money,
  tax: money,
  crv: money,
  deliveryCharge: money,
  total: money,
  poNumber: z.string().nullable(),
  notes: z.string().nullable(),
  requestedDeliveryDate: z.string().nullable(),
  placedByRole: z.enum(['retailer', 'sales', 'distributor']),
  isWebOrder: z.boolean(),
  /** The office's edits of the order's lines (0: as placed). */
  revision: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderHistoryQuery = z.object({
  page: pageField.default(1),
  limit: limitField(10, 100),
  startDate: dateFilter,
  endDate: dateFilter,
  search: z.string().trim().max(100).optional(),
  ...sortFields(ORDER_HISTORY_SORT_KEYS),
});
export const orderHistoryResponse = z.object({
  orders: z.array(orderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const orderLineSchema = z.object({
  lineNo: z.number().int(),
  productId: z.string(),
  itemNumber: z.string(),
  description: z.string(),
  upc: z.string().nullable(),
  pack: z.number(),
  uom: z.string(),
  quantity: z.number().int(),
  price: money,
  taxRate: z.number(),
  tax: money,
  crv: money,
  /** quantity × price */
  subtotal: money,
  /** subtotal + tax + CRV */
  lineTotal: money,
  image: z.string(),
});

export const orderDetailResponse = z.object({
  order: orderSummarySchema,
  lines: z.array(orderLineSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const productOrderHistoryResponse = z.object({
  product: z.object({ productId: z.string(), itemNumber: z.string(), description: z.string() }),
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      orderId: z.string(),
      createdAt: z.string(),
      status: orderStatus,
      quantity: z.number().int(),
      price: money,
      lineTotal: money,
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const orderedProductsBody = z
  .object({
    page: pageField.default(1),
    limit: limitField(20, 100),
    search: z.string().trim().max(100).optional(),
    ...sortFields(ORDERED_ITEMS_SORT_KEYS),
  })
  .default({ page: 1, limit: 20 });

export const orderedProductSchema = z.object({
  productId: z.string(),
  itemNumber: z.string(),
  description: z.string(),
  upc: z.string().nullable(),
  image: z.string(),
  lastOrderedAt: z.string(),
  lastOrderNumber: z.string(),
  lastQuantity: z.number().int(),
  totalQuantity: z.number().int(),
  orderCount: z.number().int(),
  /** Current unit price for this customer; absent when prices are hidden or the product is gone. */
  price: money.optional(),
  /** Whether it can be added to the cart now (active and orderable). */
  allowToOrder: z.boolean(),
});
export const orderedProductsResponse = z.object({
  products: z.array(orderedProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const deliveryStatusResponse = z.object({
  orderNumber: z.string(),
  status: orderStatus,
  statusLabel: z.string(),
  timeline: z.array(
    z.object({ status: orderStatus, label: z.string(), reached: z.boolean(), current: z.boolean(), at: z.string().nullable() }),
  ),
});

export const orderPdfQuery = z.object({
  orderNumber: z.string({ error: 'orderNumber is required' }).trim().min(1, 'orderNumber is required').max(40),
  hasPrice: z
    .enum(['true', 'false'], { error: 'hasPrice must be true or false' })
    .optional()
    .transform((v) => v !== 'false'),
});

export const accountReceivableQuery = z.object({
  page: pageField.default(1),
  limit: limitField(20, 100),
  ...sortFields(LEDGER_SORT_KEYS),
});
export const receivableEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'payment', 'credit', 'adjustment']),
  reference: z.string(),
  orderNumber: z.string().nullable(),
  /** Positive raises what is owed (invoice), negative lowers it (payment, credit). */
  amount: money,
  /** Balance after this entry. */
  runningBalance: money,
  note: z.string().nullable(),
  createdAt: z.string(),
});
export const accountReceivableResponse = z.object({
  balance: money,
  /** Balance before the first recorded entry (carried over from the back office). */
  openingBalance: money,
  entries: z.array(receivableEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const deliveryChargeResponse = z.object({
  mode: z.enum(['flat', 'by_order_value', 'none']),
  flat: money.nullable(),
  tiers: z.array(z.object({ minSubtotal: money, charge: money })),
  freeOver: money.nullable(),
  /** The charge for the current cart. */
  deliveryCharge: money,
  cartSubtotal: money,
});
