// E-pick (issue 18 §3): the distributor's pick list settings (GET/PUT /admin/epick/settings), the pick
// list request and answer (/admin/epick/pick-list…), and short picks recorded per order line
// (POST /admin/orders/:orderId/short-picks). One schema for the API's validation and the web forms.
import { z } from 'zod';

export const PICK_GROUPS = ['route', 'order'] as const;
export type PickGroup = (typeof PICK_GROUPS)[number];
export const PICK_SORTS = ['category', 'location', 'itemNumber'] as const;
export type PickSort = (typeof PICK_SORTS)[number];
export const LOAD_ORDERS = ['reverse_stop', 'stop'] as const;
export type LoadOrder = (typeof LOAD_ORDERS)[number];

export const PICK_GROUP_LABELS: Record<PickGroup, string> = { route: 'By route', order: 'By order' };
export const PICK_SORT_LABELS: Record<PickSort, string> = {
  category: 'Category',
  location: 'Aisle / location',
  itemNumber: 'Item number',
};
export const LOAD_ORDER_LABELS: Record<LoadOrder, string> = {
  reverse_stop: 'Reverse stop order (last stop loaded first)',
  stop: 'Stop order (first stop loaded first)',
};

export const EPICK_MESSAGES = {
  saved: 'E-pick settings saved',
  groupBy: `groupBy must be one of: ${PICK_GROUPS.join(', ')}`,
  sortBy: `sortBy must be one of: ${PICK_SORTS.join(', ')}`,
  loadOrder: `loadOrder must be one of: ${LOAD_ORDERS.join(', ')}`,
  printPrices: 'printPrices must be true or false',
  day: 'Enter a valid date (YYYY-MM-DD)',
  chooseOne: 'Choose a delivery day or orders',
  orderIdsTooMany: (max: number) => `Choose at most ${max} orders at a time`,
  noOrders: (day: string) => `No confirmed or picking orders to deliver on ${day}`,
  noOrdersChosen: 'None of the chosen orders is confirmed or being picked',
  shortRecorded: (n: number) => (n === 1 ? 'Short pick recorded' : `${n} short picks recorded`),
  notPicking: 'Short picks can be recorded only while the order is being picked.',
  lineNotFound: (lineNo: number) => `Line ${lineNo} is not on this order.`,
  lineTwice: 'Each line may appear only once.',
  pickedTooMany: (label: string, quantity: number) =>
    `${label}: the picked quantity must be less than the ${quantity} on the order.`,
  reason: 'Choose a reason',
  linesRequired: 'Record at least one short line',
} as const;

/** The settings, with the defaults a distributor that never saved them gets. */
export const epickSettingsSchema = z.object(
  {
    groupBy: z.enum(PICK_GROUPS, { error: EPICK_MESSAGES.groupBy }),
    sortBy: z.enum(PICK_SORTS, { error: EPICK_MESSAGES.sortBy }),
    loadOrder: z.enum(LOAD_ORDERS, { error: EPICK_MESSAGES.loadOrder }),
    printPrices: z.boolean({ error: EPICK_MESSAGES.printPrices }),
  },
  { error: 'Request body must be a JSON object' },
);
export type EpickSettings = z.infer<typeof epickSettingsSchema>;
export const DEFAULT_EPICK_SETTINGS: EpickSettings = {
  groupBy: 'route',
  sortBy: 'location',
  loadOrder: 'reverse_stop',
  printPrices: false,
};

/**
 * A stored config (JSON text, `epick_settings.config`) read leniently: each field falls back to its
 * default, so a config written before a field existed, or hand-edited, still gives settings.
 */
export function settingsFromConfig(config: unknown): EpickSettings {
  const o = (config && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  const pick = <T extends string>(v: unknown, allowed: readonly T[], fallback: T): T =>
    typeof v === 'string' && (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
  return {
    groupBy: pick(o.groupBy, PICK_GROUPS, DEFAULT_EPICK_SETTINGS.groupBy),
    sortBy: pick(o.sortBy, PICK_SORTS, DEFAULT_EPICK_SETTINGS.sortBy),
    loadOrder: pick(o.loadOrder, LOAD_ORDERS, DEFAULT_EPICK_SETTINGS.loadOrder),
    printPrices: typeof o.printPrices === 'boolean' ? o.printPrices : DEFAULT_EPICK_SETTINGS.printPrices,
  };
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export function isDay(v: string): boolean {
  if (!DAY_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const PICK_LIST_MAX_ORDERS = 500;

/** Which orders: a delivery day's (confirmed or picking), or chosen ones (the order queue's selection). */
export const pickListBody = z
  .object(
    {
      deliveryDate: z
        .string({ error: `deliveryDate: ${EPICK_MESSAGES.day}` })
        .trim()
        .refine(isDay, `deliveryDate: ${EPICK_MESSAGES.day}`)
        .optional(),
      orderIds: z
        .array(z.string({ error: 'orderIds must be a list of order ids' }).trim().min(1).max(64), {
          error: 'orderIds must be a list of order ids',
        })
        .max(PICK_LIST_MAX_ORDERS, EPICK_MESSAGES.orderIdsTooMany(PICK_LIST_MAX_ORDERS))
        .transform((ids) => [...new Set(ids)])
        .optional(),
    },
    { error: 'Request body must be a JSON object' },
  )
  .refine((v) => (v.deliveryDate ? 1 : 0) + (v.orderIds?.length ? 1 : 0) === 1, {
    message: EPICK_MESSAGES.chooseOne,
    path: ['deliveryDate'],
  });
export type PickListBody = z.input<typeof pickListBody>;

const pickLineSchema = z.object({
  itemNumber: z.string(),
  description: z.string(),
  upc: z.string().nullable(),
  pack: z.number(),
  uom: z.string(),
  category: z.string().nullable(),
  location: z.string().nullable(),
  quantity: z.number().int(),
  /** Null when the settings say no prices. */
  unitPriceCents: z.number().int().nullable(),
  lineTotalCents: z.number().int().nullable(),
});
export type PickLine = z.infer<typeof pickLineSchema>;

const pickOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  cNumber: z.string(),
  storeName: z.string(),
  route: z.string().nullable(),
  stop: z.string().nullable(),
  /** 1 = loaded first onto the truck. */
  loadPosition: z.number().int(),
  totalCents: z.number().int().nullable(),
});
export type PickOrderRef = z.infer<typeof pickOrderSchema>;

export const pickSectionSchema = z.object({
  /** `Route 101`, `No route`, or `Order 100001 · Store (C_Number)`. */
  title: z.string(),
  route: z.string().nullable(),
  /** The orders of the section, in load order (a by-order section has one). */
  orders: z.array(pickOrderSchema),
  /** Route sections: each product once, quantities summed over the route's orders. */
  lines: z.array(pickLineSchema),
  totalQuantity: z.number().int(),
});
export type PickSection = z.infer<typeof pickSectionSchema>;

export const pickListSchema = z.object({
  deliveryDate: z.string().nullable(),
  settings: epickSettingsSchema,
  sections: z.array(pickSectionSchema),
  orderCount: z.number().int(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
});
export type PickList = z.infer<typeof pickListSchema>;

// Short picks.
export const SHORT_REASONS = ['out_of_stock', 'damaged', 'expired', 'not_found', 'other'] as const;
export type ShortReason = (typeof SHORT_REASONS)[number];
export const SHORT_REASON_LABELS: Record<ShortReason, string> = {
  out_of_stock: 'Out of stock',
  damaged: 'Damaged',
  expired: 'Expired',
  not_found: 'Could not find it',
  other: 'Other',
};

/** One short line: the line's number on the order, what was picked (less than ordered), why. */
export const shortPickLineSchema = z.object(
  {
    lineNo: z
      .number({ error: 'lineNo must be a line number of the order' })
      .int('lineNo must be a line number of the order')
      .min(1, 'lineNo must be a line number of the order')
      .max(100_000, 'lineNo must be a line number of the order'),
    pickedQuantity: z
      .number({ error: 'Picked quantity must be a whole number from 0' })
      .int('Picked quantity must be a whole number from 0')
      .min(0, 'Picked quantity must be a whole number from 0')
      .max(100_000, 'Picked quantity must be a whole number from 0'),
    reason: z.enum(SHORT_REASONS, { error: EPICK_MESSAGES.reason }),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(200, 'Note must be 200 characters or less')
      .optional()
      .transform((v) => (v ? v : undefined)),
  },
  { error: 'Each line must be an object' },
);
export type ShortPickLine = z.input<typeof shortPickLineSchema>;

export const shortPickBody = z.object(
  {
    lines: z
      .array(shortPickLineSchema, { error: EPICK_MESSAGES.linesRequired })
      .min(1, EPICK_MESSAGES.linesRequired)
      .max(500, 'At most 500 lines at a time'),
  },
  { error: 'Request body must be a JSON object' },
);
export type ShortPickBody = z.input<typeof shortPickBody>;

export const shortPickRecordSchema = z.object({
  id: z.string(),
  lineNo: z.number().int(),
  itemNumber: z.string(),
  description: z.string(),
  orderedQuantity: z.number().int(),
  pickedQuantity: z.number().int(),
  reason: z.enum(SHORT_REASONS),
  reasonLabel: z.string(),
  note: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});
export type ShortPickRecord = z.infer<typeof shortPickRecordSchema>;

export const shortPicksResponse = z.object({ shortPicks: z.array(shortPickRecordSchema) });
export type ShortPicksResponse = z.infer<typeof shortPicksResponse>;
