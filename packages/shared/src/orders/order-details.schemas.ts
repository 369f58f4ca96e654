// The office's order details (issue 15 §4): the order with its lines, totals, status history and notes
// thread; the edit before picking (lines and pricing choice); the notes between staff and the store.
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';

const money = z.number();
const orderStatus = z.enum(ORDER_STATUSES);

/** An order can be edited until picking starts. */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed'];

export function isEditable(status: OrderStatus): boolean {
  return EDITABLE_STATUSES.includes(status);
}

const NOT_EDITABLE_WORDS: Record<OrderStatus, string> = {
  // A held order is released (or cancelled) first: an edit would change the total the review is about.
  on_hold: 'on hold for credit review',
  placed: 'placed',
  confirmed: 'confirmed',
  picking: 'being picked',
  out_for_delivery: 'out for delivery',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

export const NOTE_MAX_LENGTH = 2000;
export const EDIT_MAX_LINES = 500;
export const EDIT_MAX_QUANTITY = 100_000;

export const ORDER_DETAILS_MESSAGES = {
  edited: 'Order updated',
  noteAdded: 'Note added',
  notEditable: (status: OrderStatus) =>
    `This order can no longer be edited: it is ${NOT_EDITABLE_WORDS[status]}. Orders can be edited until picking starts.`,
  emptyOrder: 'An order needs at least one line. To drop every line, cancel the order instead.',
  productNotFound: (productId: string) => `Product ${productId} was not found.`,
  duplicateProduct: 'Each product may appear only once.',
  noChange: 'Nothing to save: the lines and prices are the same.',
  noteRequired: 'Note is required',
  noteTooLong: `Note must be at most ${NOTE_MAX_LENGTH} characters`,
} as const;

export const orderIdParams = z.object({ orderId: z.string().trim().min(1).max(64) });

export const orderPdfAdminQuery = z.object({
  hasPrice: z
    .enum(['true', 'false'], { error: 'hasPrice must be true or false' })
    .optional()
    .transform((v) => v !== 'false'),
});

export const orderDetailsLineSchema = z.object({
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
  subtotal: money,
  lineTotal: money,
});
export type OrderDetailsLine = z.infer<typeof orderDetailsLineSchema>;

export const orderNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  author: z.object({ name: z.string(), side: z.enum(['staff', 'store']) }),
  createdAt: z.string(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

export const orderNotesResponse = z.object({ orderNumber: z.string(), notes: z.array(orderNoteSchema) });

export const orderNoteBody = z.object({
  text: z
    .string({ error: ORDER_DETAILS_MESSAGES.noteRequired })
    .trim()
    .min(1, ORDER_DETAILS_MESSAGES.noteRequired)
    .max(NOTE_MAX_LENGTH, ORDER_DETAILS_MESSAGES.noteTooLong),
});
export type OrderNoteInput = z.infer<typeof orderNoteBody>;

export const orderDetailsSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatus,
  statusLabel: z.string(),
  revision: z.number().int(),
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  poNumber: z.string().nullable(),
  /** The note written when the order was placed. */
  orderNote: z.string().nullable(),
  requestedDeliveryDate: z.string().nullable(),
  isWebOrder: z.boolean(),
  store: z.object({
    id: z.string(),
    cNumber: z.string(),
    name: z.string(),
    contactName: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    route: z.string().nullable(),
    stop: z.string().nullable(),
    salesRep: z.string().nullable(),
  }),
  placedBy: z.object({ role: z.enum(['retailer', 'sales', 'distributor']), name: z.string().nullable() }),
  lines: z.array(orderDetailsLineSchema),
  totals: z.object({
    lines: z.number().int(),
    quantity: z.number().int(),
    subtotal: money,
    tax: money,
    crv: money,
    deliveryCharge: money,
    total: money,
  }),
  history: z.array(
    z.object({
      status: orderStatus,
      statusLabel: z.string(),
      at: z.string(),
      by: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  timeline: z.array(
    z.object({ status: orderStatus, label: z.string(), reached: z.boolean(), current: z.boolean(), at: z.string().nullable() }),
  ),
  noteThread: z.array(orderNoteSchema),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

export const ORDER_PRICING_CHOICES = ['as_ordered', 'current'] as const;
export type OrderPricingChoice = (typeof ORDER_PRICING_CHOICES)[number];

export const editOrderLinesBody = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string({ error: 'productId is required' }).trim().min(1, 'productId is required').max(64),
        quantity: z
          .number({ error: 'quantity must be a whole number from 0' })
          .int('quantity must be a whole number from 0')
          .min(0, 'quantity must be a whole number from 0')
          .max(EDIT_MAX_QUANTITY, `quantity must be at most ${EDIT_MAX_QUANTITY}`),
      }),
      { error: 'lines is required' },
    )
    .max(EDIT_MAX_LINES, `At most ${EDIT_MAX_LINES} lines`),
  pricing: z.enum(ORDER_PRICING_CHOICES, { error: 'pricing must be as_ordered or current' }).default('as_ordered'),
});
export type EditOrderLinesInput = z.input<typeof editOrderLinesBody>;

/** Products the office may add to an order, searched like the store's catalogue, priced for the store. */
export const orderProductChoicesQuery = z.object({ search: z.string().trim().max(100).optional() });
export const orderProductChoicesResponse = z.object({
  products: z.array(
    z.object({
      productId: z.string(),
      itemNumber: z.string(),
      description: z.string(),
      upc: z.string().nullable(),
      pack: z.number(),
      uom: z.string(),
      /** The store's unit price today at a quantity of 1. */
      price: money,
      stock: z.number().int(),
    }),
  ),
});
export type OrderProductChoice = z.infer<typeof orderProductChoicesResponse>['products'][number];
