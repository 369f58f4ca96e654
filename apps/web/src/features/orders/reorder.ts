// Reorder (issue 3 §2): the lines of a past order added to the cart, one by one, reporting those
// that can no longer be ordered with the server's reason (gone, not orderable, over a limit).
import { errorMessage } from '../../lib/api';
import { CART_MESSAGES } from '../cart/cart.api';

export interface ReorderLine {
  productId: string;
  itemNumber: string;
  description: string;
  quantity: number;
}

export interface ReorderResult {
  added: ReorderLine[];
  failed: { line: ReorderLine; reason: string }[];
}

export async function reorderLines(
  lines: readonly ReorderLine[],
  add: (productId: string, quantity: number) => Promise<unknown>,
): Promise<ReorderResult> {
  const result: ReorderResult = { added: [], failed: [] };
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
      result.failed.push({ line, reason: errorMessage(err, CART_MESSAGES.add) });
    }
  }
  return result;
}
