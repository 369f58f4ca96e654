// Reorder (issue 3 §2, issue 13 §1): the lines of a past order added to the cart one by one. A line
// short of stock goes in with what is left ("3 of 5 added: only 3 left in stock"); lines that cannot
// be ordered at all are listed with the server's reason (out of stock, gone, not orderable, a limit).
import { callFailure } from '../../lib/call-failure';
import { CART_MESSAGES } from '../cart/cart.api';

export interface ReorderLine {
  productId: string;
  itemNumber: string;
  description: string;
  quantity: number;
}

export interface ReorderResult {
  added: ReorderLine[];
  /** Added with fewer units than ordered; `reason` reads "only 3 left in stock". */
  partial: { line: ReorderLine; added: number; reason: string }[];
  failed: { line: ReorderLine; reason: string }[];
}

/** "3 of 5 added: only 3 left in stock". */
export function partialText(p: ReorderResult['partial'][number]): string {
  return `${p.added} of ${p.line.quantity} added: ${p.reason}`;
}

/**
 * `add` adds to the quantity already in the cart and throws the server's refusal; `inCart` is the
 * quantity of a product in the cart now (the stock check of an add counts it, so a partial add is
 * what is left on hand less what the cart already holds).
 */
export async function reorderLines(
  lines: readonly ReorderLine[],
  add: (productId: string, quantity: number) => Promise<unknown>,
  inCart: (productId: string) => number = () => 0,
): Promise<ReorderResult> {
  const result: ReorderResult = { added: [], partial: [], failed: [] };
  // The same product on two lines goes in once with the quantities summed.
  const merged = new Map<string, ReorderLine>();
  for (const l of lines) {
    const m = merged.get(l.productId);
    if (m) m.quantity += l.quantity;
    else merged.set(l.productId, { ...l });
  }
  for (const line of merged.values()) {
    try {
      await add(line.productId, line.quantity);
      result.added.push(line);
    } catch (err) {
      const failure = callFailure(err, CART_MESSAGES.add);
      const available = (failure.data as { available?: unknown } | undefined)?.available;
      const room = typeof available === 'number' ? available - inCart(line.productId) : 0;
      if (failure.code !== 'INSUFFICIENT_STOCK' || room <= 0) {
        result.failed.push({ line, reason: failure.message });
        continue;
      }
      const quantity = Math.min(room, line.quantity);
      try {
        await add(line.productId, quantity);
        result.partial.push({ line, added: quantity, reason: `only ${available as number} left in stock` });
      } catch (again) {
        result.failed.push({ line, reason: callFailure(again, CART_MESSAGES.add).message });
      }
    }
  }
  return result;
}
