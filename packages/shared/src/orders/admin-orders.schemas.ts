// The distributor's order work queue (GET/POST /admin/orders...): the list's filters (shared by the
// query string and saved views), its rows, saved views, status moves one at a time or in bulk, bulk PDF.
// Money is integer cents, as in the other office screens.
import { z } from 'zod';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import { sortFields } from '../api/sort.schemas.ts';
import { ORDER_STATUSES, TARGET_STATUSES } from './order-status.ts';

export const ADMIN_ORDER_LIST_DEFAULT_LIMIT = 25;
export const ADMIN_ORDER_LIST_MAX_LIMIT = 100;
export const BULK_MAX_ORDERS = 500;
export const BULK_PDF_MAX_ORDERS = 200;
export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEWS_PER_USER_MAX = 30;
const MONEY_MAX_CENTS = 100_000_000;

/** Placed by the store's own users (retailer), a sales rep, or the office. */
export const PLACED_BY = ['retailer', 'sales', 'distributor'] as const;
export type PlacedBy = (typeof PLACED_BY)[number];

/** GET /admin/orders: order number, created, delivery date, store, route, status (lifecycle order), lines, total. */
export const ADMIN_ORDER_SORT_KEYS = [
  'createdAt',
  'orderNumber',
  'deliveryDate',
  'store',
  'route',
  'status',
  'items',
  'total',
] as const;
export type AdminOrderSortKey = (typeof ADMIN_ORDER_SORT_KEYS)[number];
export const ADMIN_ORDER_DEFAULT_SORT = { sort: 'createdAt', dir: 'desc' } as const;

export const ADMIN_ORDER_MESSAGES = {
  notFound: 'Order not found',
  viewNotFound: 'Saved view not found',
  viewNameRequired: 'Name is required',
  viewNameTooLong: `Name must be ${SAVED_VIEW_NAME_MAX} characters or less`,
  viewDuplicate: (name: string) => `You already have a view named ${name}`,
  viewLimit: `You can keep at most ${SAVED_VIEWS_PER_USER_MAX} saved views`,
  viewCreated: 'View saved',
  viewUpdated: 'View updated',
  viewDeleted: 'View deleted',
  day: 'Enter a valid date (YYYY-MM-DD)',
  dateRange: (from: string, to: string) => `${from} must be on or before ${to}`,
  amountRange: 'amountMinCents must not be more than amountMaxCents',
  status: `status must be one or more of: ${ORDER_STATUSES.join(', ')}`,
  targetStatus: `status must be one of: ${TARGET_STATUSES.join(', ')}`,
  orderIdsRequired: 'Choose at least one order',
  orderIdsTooMany: (max: number) => `Choose at most ${max} orders at a time`,
  refused: (orderNumber: string, reason: string) => `Order ${orderNumber} was not moved: ${reason}`,
  moved: (orderNumber: string, label: string) => `Order ${orderNumber} moved to ${label}`,
} as const;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = (name: string) =>
  z
    .string({ error: `${name}: ${ADMIN_ORDER_MESSAGES.day}` })
    .trim()
    .refine(
      (v) => v === '' || (DAY_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
      `${name}: ${ADMIN_ORDER_MESSAGES.day}`,
    )
    .optional()
    .transform((v) => (v ? v : undefined));

const cents = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number of cents`)
    .min(0, `${name} must be 0 or more`)
    .max(MONEY_MAX_CENTS, `${name} must be at most ${MONEY_MAX_CENTS}`)
    .optional();

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, `${name} must be ${max} characters or less`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** status=placed,confirmed or status=placed&status=confirmed (query) or ["placed","confirmed"] (JSON). */
const statusList = z.preprocess(
  (v) => {
    if (v == null || v === '') return undefined;
    const list = (Array.isArray(v) ? v : [v]).flatMap((s) => (typeof s === 'string' ? s.split(',') : [s]));
    return list.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '');
  },
  z
    .array(z.enum(ORDER_STATUSES, { error: ADMIN_ORDER_MESSAGES.status }), { error: ADMIN_ORDER_MESSAGES.status })
    .max(6)
    .optional(),
);

/** The filters of the queue: the same fields in the query string and in a saved view. */
export const adminOrderFilterFields = {
  status: statusList,
  createdFrom: day('createdFrom'),
  createdTo: day('createdTo'),
  deliveryFrom: day('deliveryFrom'),
  deliveryTo: day('deliveryTo'),
  route: text('route', 20),
  orderDay: z.coerce
    .number({ error: 'orderDay must be a whole number from 0 to 8' })
    .int('orderDay must be a whole number from 0 to 8')
    .min(0, 'orderDay must be a whole number from 0 to 8')
    .max(8, 'orderDay must be a whole number from 0 to 8')
    .optional(),
  salesRepId: text('salesRepId', 64),
  placedBy: z.enum(PLACED_BY, { error: `placedBy must be one of: ${PLACED_BY.join(', ')}` }).optional(),
  customerId: text('customerId', 64),
  amountMinCents: cents('amountMinCents'),
  amountMaxCents: cents('amountMaxCents'),
  search: text('search', 100),
  /** Only orders placed after their cut-off and held for approval (docs/calendar.md). */
  late: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: 'late must be true or false' }).optional(),
  ),
};

type FilterShape = {
  createdFrom?: string;
  createdTo?: string;
  deliveryFrom?: string;
  deliveryTo?: string;
  amountMinCents?: number;
  amountMaxCents?: number;
};

/** Ranges whose start is after their end are refused, naming the field. */
function checkRanges(v: FilterShape, ctx: z.RefinementCtx): void {
  if (v.createdFrom && v.createdTo && v.createdFrom > v.createdTo)
    ctx.addIssue({ code: 'custom', path: ['createdFrom'], message: ADMIN_ORDER_MESSAGES.dateRange('createdFrom', 'createdTo') });
  if (v.deliveryFrom && v.deliveryTo && v.deliveryFrom > v.deliveryTo)
    ctx.addIssue({
      code: 'custom',
      path: ['deliveryFrom'],
      message: ADMIN_ORDER_MESSAGES.dateRange('deliveryFrom', 'deliveryTo'),
    });
  if (v.amountMinCents != null && v.amountMaxCents != null && v.amountMinCents > v.amountMaxCents)
    ctx.addIssue({ code: 'custom', path: ['amountMinCents'], message: ADMIN_ORDER_MESSAGES.amountRange });
}

export const adminOrderFilters = z
  .object(adminOrderFilterFields, { error: 'filters must be an object' })
  .strip()
  .superRefine(checkRanges);
export type AdminOrderFilters = z.output<typeof adminOrderFilters>;
export type AdminOrderFiltersInput = z.input<typeof adminOrderFilters>;

export const adminOrderListQuery = z
  .object({
    page: pageField.default(1),
    limit: limitField(ADMIN_ORDER_LIST_DEFAULT_LIMIT, ADMIN_ORDER_LIST_MAX_LIMIT),
    ...adminOrderFilterFields,
    ...sortFields(ADMIN_ORDER_SORT_KEYS),
  })
  .superRefine(checkRanges);
export type AdminOrderListQuery = z.input<typeof adminOrderListQuery>;

const orderStatus = z.enum(ORDER_STATUSES);

export const adminOrderRowSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  store: z.object({ id: z.string(), C_Number: z.string(), name: z.string(), route: z.string().nullable() }),
  placedBy: z.object({ role: z.enum(PLACED_BY), name: z.string() }),
  status: orderStatus,
  statusLabel: z.string(),
  createdAt: z.string(),
  deliveryDate: z.string().nullable(),
  /** Placed after its cut-off and held in the late-orders queue for approval. */
  late: z.boolean().optional(),
  itemCount: z.number().int(),
  totalCents: z.number().int(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListResponse = z.object({
  items: z.array(adminOrderRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminOrderList = z.infer<typeof adminOrderListResponse>;

// Saved views: a name and a filter set, per staff user.
export const savedViewBody = z.object(
  {
    name: z
      .string({ error: ADMIN_ORDER_MESSAGES.viewNameRequired })
      .trim()
      .min(1, ADMIN_ORDER_MESSAGES.viewNameRequired)
      .max(SAVED_VIEW_NAME_MAX, ADMIN_ORDER_MESSAGES.viewNameTooLong),
    filters: adminOrderFilters.prefault({}),
  },
  { error: 'Request body must be a JSON object' },
);
export type SavedViewBody = z.input<typeof savedViewBody>;

/** The filters as stored and answered (no transforms: answers are serialised, not parsed). */
export const savedViewFiltersSchema = z.object({
  status: z.array(z.enum(ORDER_STATUSES)).optional(),
  createdFrom: z.string().optional(),
  createdTo: z.string().optional(),
  deliveryFrom: z.string().optional(),
  deliveryTo: z.string().optional(),
  route: z.string().optional(),
  orderDay: z.number().int().optional(),
  salesRepId: z.string().optional(),
  placedBy: z.enum(PLACED_BY).optional(),
  customerId: z.string().optional(),
  amountMinCents: z.number().int().optional(),
  amountMaxCents: z.number().int().optional(),
  search: z.string().optional(),
  late: z.boolean().optional(),
});
export type SavedViewFilters = z.infer<typeof savedViewFiltersSchema>;

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: savedViewFiltersSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewListResponse = z.object({ views: z.array(savedViewSchema) });

export const savedViewCountsResponse = z.object({
  /** Every order of the distributor. */
  all: z.number().int(),
  views: z.array(z.object({ id: z.string(), count: z.number().int() })),
});
export type SavedViewCounts = z.infer<typeof savedViewCountsResponse>;

// Status moves.
const targetStatus = z.enum(TARGET_STATUSES, { error: ADMIN_ORDER_MESSAGES.targetStatus });
const note = z
  .string({ error: 'note must be text' })
  .trim()
  .max(500, 'note must be 500 characters or less')
  .optional()
  .transform((v) => (v ? v : undefined));

export const orderStatusBody = z.object({ status: targetStatus, note }, { error: 'Request body must be a JSON object' });
export type OrderStatusBody = z.input<typeof orderStatusBody>;

const orderIds = (max: number) =>
  z
    .array(z.string({ error: 'orderIds must be a list of order ids' }).trim().min(1).max(64), {
      error: 'orderIds must be a list of order ids',
    })
    .min(1, ADMIN_ORDER_MESSAGES.orderIdsRequired)
    .max(max, ADMIN_ORDER_MESSAGES.orderIdsTooMany(max))
    .transform((ids) => [...new Set(ids)]);

export const bulkStatusBody = z.object(
  { orderIds: orderIds(BULK_MAX_ORDERS), status: targetStatus, note },
  { error: 'Request body must be a JSON object' },
);
export type BulkStatusBody = z.input<typeof bulkStatusBody>;

export const bulkPdfBody = z.object(
  {
    orderIds: orderIds(BULK_PDF_MAX_ORDERS),
    hasPrice: z.boolean({ error: 'hasPrice must be true or false' }).default(true),
  },
  { error: 'Request body must be a JSON object' },
);
export type BulkPdfBody = z.input<typeof bulkPdfBody>;

export const statusMoveResultSchema = z.object({
  orderId: z.string(),
  /** Null when the id is not one of this distributor's orders. */
  orderNumber: z.string().nullable(),
  outcome: z.enum(['moved', 'refused']),
  /** The status before the move (null when not found). */
  from: orderStatus.nullable(),
  /** The status now. */
  status: orderStatus.nullable(),
  /** Why it was refused ("already delivered", "not found"), null when moved. */
  reason: z.string().nullable(),
});
export type StatusMoveResult = z.infer<typeof statusMoveResultSchema>;

export const bulkStatusResponse = z.object({
  results: z.array(statusMoveResultSchema),
  moved: z.number().int(),
  refused: z.number().int(),
  /** "23 moved, 2 refused: already delivered" (also the answer's message). */
  summary: z.string(),
});
export type BulkStatusResult = z.infer<typeof bulkStatusResponse>;

export const orderStatusResponse = z.object({ order: adminOrderRowSchema });

export const filterChoicesResponse = z.object({
  salesReps: z.array(z.object({ id: z.string(), name: z.string() })),
  routes: z.array(z.string()),
});
export type FilterChoices = z.infer<typeof filterChoicesResponse>;
