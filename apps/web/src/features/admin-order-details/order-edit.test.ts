// The edit form's rules: what changed (for the confirmation), the request body, and validation.
import { describe, expect, it } from 'vitest';
import type { OrderDetailsLine } from '@portal/shared/orders/order-details.schemas';
import { changesOf, describeChange, draftOf, editBody, editDraftSchema, isUnchanged } from './order-edit';

const line = (productId: string, description: string, itemNumber: string, quantity: number, price: number): OrderDetailsLine => ({
  lineNo: 1,
  productId,
  itemNumber,
  description,
  upc: null,
  pack: 1,
  uom: 'EA',
  quantity,
  price,
  taxRate: 0,
  tax: 0,
  crv: 0,
  subtotal: price * quantity,
  lineTotal: price * quantity,
});

const order = [line('a', 'Apples', 'ED-A', 2, 4), line('b', 'Beans', 'ED-B', 4, 2.5)];

describe('order edit draft', () => {
  it('lists a changed quantity, a removed line and an added one, and sends only the lines kept', () => {
    const draft = draftOf(order);
    draft.lines[0]!.quantity = 5;
    draft.lines[1]!.quantity = 0;
    draft.lines.push({ productId: 'c', itemNumber: 'ED-C', description: 'Corn', price: 1, quantity: 2, added: true });
    expect(changesOf(order, draft).map(describeChange)).toEqual([
      'Apples (ED-A): 2 → 5',
      'Beans (ED-B): removed (was 4)',
      'Corn (ED-C): added, 2',
    ]);
    expect(editBody(draft)).toEqual({
      lines: [
        { productId: 'a', quantity: 5 },
        { productId: 'c', quantity: 2 },
      ],
      pricing: 'as_ordered',
    });
  });

  it('is unchanged as loaded; re-pricing alone is a change', () => {
    const draft = draftOf(order);
    expect(isUnchanged(order, draft)).toBe(true);
    expect(isUnchanged(order, { ...draft, pricing: 'current' })).toBe(false);
  });

  it('refuses an order with no line left and quantities that are not whole numbers', () => {
    const none = draftOf(order);
    none.lines.forEach((l) => (l.quantity = 0));
    const r = editDraftSchema.safeParse(none);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('An order needs at least one line. To drop every line, cancel the order instead.');
    const half = draftOf(order);
    half.lines[0]!.quantity = 1.5;
    expect(editDraftSchema.safeParse(half).error?.issues[0]?.message).toBe('Enter a whole number from 0');
    const blank = draftOf(order);
    blank.lines[0]!.quantity = Number.NaN;
    expect(editDraftSchema.safeParse(blank).success).toBe(false);
  });
});
