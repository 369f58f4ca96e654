// The edit form's rules, kept pure: the draft made from the order's lines, what changed (for the
// confirmation before saving), and the request body (absent or 0 removes a line).
import {
  EDIT_MAX_QUANTITY,
  ORDER_DETAILS_MESSAGES,
  ORDER_PRICING_CHOICES,
  type OrderDetailsLine,
  type OrderPricingChoice,
} from '@portal/shared/orders/order-details.schemas';
import { z } from 'zod';

export const QUANTITY_MESSAGE = 'Enter a whole number from 0';

export interface DraftLine {
  productId: string;
  itemNumber: string;
  description: string;
  /** Unit price as ordered (or the store's price today for an added line). */
  price: number;
  quantity: number;
  /** Added in this edit, not on the order yet. */
  added: boolean;
}

export interface EditDraft {
  lines: DraftLine[];
  pricing: OrderPricingChoice;
}

export function draftOf(lines: readonly OrderDetailsLine[]): EditDraft {
  return {
    lines: lines.map((l) => ({
      productId: l.productId,
      itemNumber: l.itemNumber,
      description: l.description,
      price: l.price,
      quantity: l.quantity,
      added: false,
    })),
    pricing: 'as_ordered',
  };
}

export type LineChange =
  | { kind: 'changed'; line: DraftLine; from: number }
  | { kind: 'removed'; line: DraftLine; from: number }
  | { kind: 'added'; line: DraftLine };

/** The lines that differ from the order, in the order's line order, added ones last. */
export function changesOf(original: readonly OrderDetailsLine[], draft: EditDraft): LineChange[] {
  const byId = new Map(draft.lines.map((l) => [l.productId, l]));
  const out: LineChange[] = [];
  for (const o of original) {
    const d = byId.get(o.productId);
    if (!d || d.quantity <= 0) out.push({ kind: 'removed', line: d ?? { ...o, added: false }, from: o.quantity });
    else if (d.quantity !== o.quantity) out.push({ kind: 'changed', line: d, from: o.quantity });
  }
  const known = new Set(original.map((o) => o.productId));
  for (const d of draft.lines) if (!known.has(d.productId) && d.quantity > 0) out.push({ kind: 'added', line: d });
  return out;
}

export function describeChange(c: LineChange): string {
  const name = `${c.line.description} (${c.line.itemNumber})`;
  if (c.kind === 'removed') return `${name}: removed (was ${c.from})`;
  if (c.kind === 'added') return `${name}: added, ${c.line.quantity}`;
  return `${name}: ${c.from} → ${c.line.quantity}`;
}

/** Nothing to save: no line changed and the prices stay as ordered. */
export function isUnchanged(original: readonly OrderDetailsLine[], draft: EditDraft): boolean {
  return changesOf(original, draft).length === 0 && draft.pricing === 'as_ordered';
}

export function editBody(draft: EditDraft) {
  return {
    lines: draft.lines.filter((l) => l.quantity > 0).map((l) => ({ productId: l.productId, quantity: l.quantity })),
    pricing: draft.pricing,
  };
}

/** Order lines left once the draft is saved. */
export function keptLineCount(draft: EditDraft): number {
  return draft.lines.filter((l) => l.quantity > 0).length;
}

/** The edit form's validation (the server checks the same and stock besides). */
export const editDraftSchema = z
  .object({
    lines: z.array(
      z.object({
        productId: z.string(),
        itemNumber: z.string(),
        description: z.string(),
        price: z.number(),
        added: z.boolean(),
        quantity: z
          .number({ error: QUANTITY_MESSAGE })
          .int(QUANTITY_MESSAGE)
          .min(0, QUANTITY_MESSAGE)
          .max(EDIT_MAX_QUANTITY, `At most ${EDIT_MAX_QUANTITY}`),
      }),
    ),
    pricing: z.enum(ORDER_PRICING_CHOICES),
  })
  .refine((d) => d.lines.some((l) => l.quantity > 0), { message: ORDER_DETAILS_MESSAGES.emptyOrder, path: ['lines'] });
