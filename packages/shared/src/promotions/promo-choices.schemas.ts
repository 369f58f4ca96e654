// What the promotion and banner forms choose from (GET /admin/promotions/choices): customers, routes,
// products, categories, brands and vendors of the distributor, searched by what a clerk knows (a
// C_Number or store name, an item number or description, a name), or named by value to show the
// labels of what a saved promotion holds. Price levels are the fixed 1 to 5 (PRICE_LEVELS).
import { z } from 'zod';
import { AUDIENCE_VALUES_MAX } from './promotions.schemas.ts';

export const PROMO_CHOICE_KINDS = ['customers', 'routes', 'products', 'categories', 'brands', 'vendors'] as const;
export type PromoChoiceKind = (typeof PROMO_CHOICE_KINDS)[number];
/** Search answers hold at most this many choices (the first by number or name). */
export const PROMO_CHOICES_LIMIT = 25;
const VALUES_TEXT_MAX = 20_000;

export const promoChoicesQuery = z.object({
  kind: z.enum(PROMO_CHOICE_KINDS, { error: `kind must be one of: ${PROMO_CHOICE_KINDS.join(', ')}` }),
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
  /** Comma-separated values to label instead of a search (what a saved promotion or banner holds). */
  values: z
    .string()
    .max(VALUES_TEXT_MAX, `values must be ${VALUES_TEXT_MAX} characters or less`)
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .refine((l) => l.length <= AUDIENCE_VALUES_MAX, `Name at most ${AUDIENCE_VALUES_MAX} values`),
});
export type PromoChoicesQuery = z.input<typeof promoChoicesQuery>;

export const promoChoiceSchema = z.object({
  /** What the promotion or banner stores: an id, a route number or a brand. */
  value: z.string(),
  /** What the clerk reads: "10001 · Corner Mart #1", "BEV-100 · Cola 12 oz", "Beverages › Soda". */
  label: z.string(),
  /** A second line: the route and price level of a customer, the number of customers on a route … */
  detail: z.string().nullable(),
});
export type PromoChoice = z.infer<typeof promoChoiceSchema>;

export const promoChoicesResponse = z.object({ items: z.array(promoChoiceSchema) });
export type PromoChoices = z.infer<typeof promoChoicesResponse>;
