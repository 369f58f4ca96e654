// Purchase orders and high demand (issue 18 §4, §5): one set of request and response shapes for the
// API (validation, OpenAPI) and the web forms.
import { z } from 'zod';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { sortFields } from '../api/sort.schemas.ts';
import type { PurchaseOrderStatus } from './purchasing-rules.ts';

export const PURCHASE_ORDER_STATUSES = [
  'draft',
  'issued',
  'partially_received',
  'received',
  'cancelled',
] as const satisfies readonly PurchaseOrderStatus[];
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  partially_received: 'Partly received',
  received: 'Received',
  cancelled: 'Cancelled',
};
export const PURCHASE_ORDER_SORT_KEYS = ['poNumber', 'vendor', 'status', 'total', 'createdAt', 'issuedAt'] as const;
export type PurchaseOrderSortKey = (typeof PURCHASE_ORDER_SORT_KEYS)[number];
export const HIGH_DEMAND_SORT_KEYS = ['daysOfCover', 'velocity', 'stockOnHand', 'suggested', 'itemNumber', 'vendor'] as const;
export type HighDemandSortKey = (typeof HIGH_DEMAND_SORT_KEYS)[number];

export const PO_LINES_MAX = 500;
export const PO_QUANTITY_MAX = 1_000_000;
export const PO_NOTES_MAX = 1000;
export const PO_UNIT_COST_MAX_CENTS = 100_000_000;

export const PURCHASE_ORDER_MESSAGES = {
  notFound: 'Purchase order not found',
  vendorRequired: 'Choose a vendor',
  vendorNotFound: 'Vendor not found',
  linesRequired: 'Add at least one product',
  duplicateProduct: 'A product can be on a purchase order only once',
  productNotFound: 'Product not found',
  productOfOtherVendor: (item: string) => `Item ${item} is not supplied by this vendor`,
  quantity: 'Quantity must be a whole number from 1',
  receiptQuantity: 'Received quantity must be a whole number from 0',
  unitCost: 'Unit cost must be a whole number of cents from 0',
  notDraft: 'Only a draft purchase order can be changed',
  notDraftDelete: 'Only a draft purchase order can be deleted',
  notReceivable: 'Only an issued purchase order can be received',
  notCancellable: 'Only an issued purchase order with nothing received can be cancelled',
  nothingReceived: 'Enter a quantity received for at least one line',
  lineNotFound: 'That line is not on this purchase order',
  overReceipt: (item: string, qty: number, left: number) => `Item ${item}: ${qty} received but only ${left} still to receive`,
  created: 'Purchase order created',
  updated: 'Purchase order updated',
  deleted: 'Purchase order deleted',
  issued: 'Purchase order issued',
  cancelled: 'Purchase order cancelled',
  received: 'Receipt recorded',
  settingsSaved: 'Purchasing settings saved',
} as const;

const idField = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const purchaseOrderLineInput = z.object(
  {
    productId: idField(PURCHASE_ORDER_MESSAGES.productNotFound),
    quantity: wholeNumber(1, PO_QUANTITY_MAX, PURCHASE_ORDER_MESSAGES.quantity),
    unitCostCents: wholeNumber(0, PO_UNIT_COST_MAX_CENTS, PURCHASE_ORDER_MESSAGES.unitCost).default(0),
  },
  { error: 'Each line must be an object' },
);

export const purchaseOrderBody = z.object(
  {
    vendorId: idField(PURCHASE_ORDER_MESSAGES.vendorRequired),
    notes: z.string().trim().max(PO_NOTES_MAX, `Notes must be ${PO_NOTES_MAX} characters or less`).nullish(),
    expectedDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected date must be a date (YYYY-MM-DD)')
      .nullish()
      .or(z.literal('').transform(() => null)),
    lines: z
      .array(purchaseOrderLineInput, { error: PURCHASE_ORDER_MESSAGES.linesRequired })
      .min(1, PURCHASE_ORDER_MESSAGES.linesRequired)
      .max(PO_LINES_MAX, `A purchase order holds at most ${PO_LINES_MAX} lines`)
      .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, PURCHASE_ORDER_MESSAGES.duplicateProduct),
  },
  { error: 'Request body must be a JSON object' },
);
export type PurchaseOrderBody = z.input<typeof purchaseOrderBody>;
export type PurchaseOrderInput = z.output<typeof purchaseOrderBody>;

export const receiptBody = z.object(
  {
    lines: z
      .array(
        z.object({
          lineId: idField(PURCHASE_ORDER_MESSAGES.lineNotFound),
          quantity: wholeNumber(0, PO_QUANTITY_MAX, PURCHASE_ORDER_MESSAGES.receiptQuantity),
        }),
        { error: PURCHASE_ORDER_MESSAGES.nothingReceived },
      )
      .min(1, PURCHASE_ORDER_MESSAGES.nothingReceived)
      .max(PO_LINES_MAX),
  },
  { error: 'Request body must be a JSON object' },
);
export type ReceiptInput = z.output<typeof receiptBody>;

export const purchaseOrderListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(25, 100),
  status: z
    .enum([...PURCHASE_ORDER_STATUSES, 'open', 'all'], {
      error: `status must be one of: ${[...PURCHASE_ORDER_STATUSES, 'open', 'all'].join(', ')}`,
    })
    .default('all'),
  vendorId: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
  ...sortFields(PURCHASE_ORDER_SORT_KEYS),
});
export type PurchaseOrderListQuery = z.input<typeof purchaseOrderListQuery>;

export const purchaseOrderRowSchema = z.object({
  id: z.string(),
  poNumber: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  lineCount: z.number().int(),
  unitsOrdered: z.number().int(),
  unitsReceived: z.number().int(),
  totalCents: z.number().int(),
  expectedDate: z.string().nullable(),
  createdAt: z.string(),
  issuedAt: z.string().nullable(),
});
export type PurchaseOrderRow = z.infer<typeof purchaseOrderRowSchema>;

export const purchaseOrderListResponse = z.object({
  items: z.array(purchaseOrderRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PurchaseOrderList = z.infer<typeof purchaseOrderListResponse>;

export const purchaseOrderLineSchema = z.object({
  id: z.string(),
  lineNo: z.number().int(),
  productId: z.string(),
  itemNumber: z.string(),
  description: z.string(),
  quantityOrdered: z.number().int(),
  quantityReceived: z.number().int(),
  unitCostCents: z.number().int(),
  lineTotalCents: z.number().int(),
  stockOnHand: z.number().int(),
});

export const receiptSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  receivedBy: z.string(),
  lines: z.array(z.object({ lineId: z.string(), itemNumber: z.string(), quantity: z.number().int() })),
});

export const purchaseOrderDetailSchema = purchaseOrderRowSchema.extend({
  notes: z.string().nullable(),
  receivedAt: z.string().nullable(),
  lines: z.array(purchaseOrderLineSchema),
  receipts: z.array(receiptSchema),
});
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetailSchema>;
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

export const purchasingSettingsSchema = z
  .object(
    {
      velocityWindowDays: wholeNumber(1, 365, 'Sales window must be 1 to 365 days'),
      coverThresholdDays: wholeNumber(1, 365, 'Cover threshold must be 1 to 365 days'),
      targetCoverDays: wholeNumber(1, 730, 'Target cover must be 1 to 730 days'),
    },
    { error: 'Request body must be a JSON object' },
  )
  .refine((s) => s.targetCoverDays >= s.coverThresholdDays, {
    message: 'Target cover must be at least the cover threshold',
    path: ['targetCoverDays'],
  });

/** One product's demand figures: what the high-demand grid and a suggested purchase order show. */
export const demandRowSchema = z.object({
  productId: z.string(),
  itemNumber: z.string(),
  description: z.string(),
  vendorId: z.string().nullable(),
  vendorName: z.string().nullable(),
  stockOnHand: z.number().int(),
  incoming: z.number().int(),
  unitsSold: z.number().int(),
  velocityPerDay: z.number(),
  daysOfCover: z.number().nullable(),
  suggestedQuantity: z.number().int(),
});
export type DemandRow = z.infer<typeof demandRowSchema>;

export const highDemandQuery = z.object({
  page: pageField.default(1),
  limit: limitField(25, 100),
  vendorId: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
  ...sortFields(HIGH_DEMAND_SORT_KEYS),
});
export type HighDemandQuery = z.input<typeof highDemandQuery>;

export const highDemandResponse = z.object({
  items: z.array(demandRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  settings: purchasingSettingsSchema,
  /** The window's first instant (ISO). */
  since: z.string(),
});
export type HighDemandList = z.infer<typeof highDemandResponse>;

export const vendorSuggestionSchema = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  productCount: z.number().int(),
  units: z.number().int(),
});
export const suggestionsResponse = z.object({
  items: z.array(vendorSuggestionSchema),
  settings: purchasingSettingsSchema,
});
export type SuggestionSummary = z.infer<typeof suggestionsResponse>;

export const vendorSuggestionResponse = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  lines: z.array(demandRowSchema),
  settings: purchasingSettingsSchema,
});
export type VendorSuggestion = z.infer<typeof vendorSuggestionResponse>;

/** GET /admin/purchase-orders/choices: the active vendors, and with vendorId that vendor's active products. */
export const PO_CHOICES_MAX = 500;
export const choicesQuery = z.object({ vendorId: z.string().trim().max(100).optional() });
export const choicesResponse = z.object({
  vendors: z.array(z.object({ id: z.string(), name: z.string() })),
  products: z.array(z.object({ id: z.string(), itemNumber: z.string(), description: z.string(), stockOnHand: z.number().int() })),
});
export type PurchaseOrderChoices = z.infer<typeof choicesResponse>;
