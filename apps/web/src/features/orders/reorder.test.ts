import { describe, expect, it } from 'vitest';
import { type ReorderLine, partialText, reorderLines } from './reorder';
import { reorderHeadline } from './reorder-result-dialog';

const line = (productId: string, quantity: number): ReorderLine => ({
  productId,
  itemNumber: `IT-${productId}`,
  description: `Product ${productId}`,
  quantity,
});

/** What `.unwrap()` throws for a refused add: status and the error envelope. */
const refused = (code: string, message: string, data?: unknown) => ({
  status: 409,
  data: { success: false, message, error: { code }, ...(data === undefined ? {} : { data }) },
});

describe('reorderLines (issue 13 §1)', () => {
  it('adds what it can: whole lines, the available part of short lines, and lists the rest with why', async () => {
    const stock: Record<string, number> = { a: 10, b: 3, c: 0 };
    const sent: [string, number][] = [];
    const add = (productId: string, quantity: number) => {
      sent.push([productId, quantity]);
      if (productId === 'gone') return Promise.reject(refused('NOT_FOUND', 'Product not found'));
      if (productId === 'c')
        return Promise.reject(refused('OUT_OF_STOCK', 'Product c (IT-c) is out of stock.', { productId, available: 0 }));
      if (quantity > stock[productId]!)
        return Promise.reject(
          refused('INSUFFICIENT_STOCK', `Only ${stock[productId]} of Product ${productId} (IT-${productId}) left in stock.`, {
            productId,
            available: stock[productId],
          }),
        );
      return Promise.resolve({});
    };
    const r = await reorderLines([line('a', 4), line('b', 5), line('c', 2), line('gone', 1), line('a', 2)], add);

    expect(r.added).toEqual([line('a', 6)]);
    expect(r.partial).toEqual([{ line: line('b', 5), added: 3, reason: 'only 3 left in stock' }]);
    expect(partialText(r.partial[0]!)).toBe('3 of 5 added: only 3 left in stock');
    expect(r.failed).toEqual([
      { line: line('c', 2), reason: 'Product c (IT-c) is out of stock.' },
      { line: line('gone', 1), reason: 'Product not found' },
    ]);
    expect(sent).toEqual([
      ['a', 6],
      ['b', 5],
      ['b', 3],
      ['c', 2],
      ['gone', 1],
    ]);
    expect(reorderHeadline(r)).toBe('2 of 4 lines added to your cart, 1 partly.');
  });

  it('counts what the cart already holds: a short line with nothing left to add is not added', async () => {
    const add = (productId: string, quantity: number) =>
      quantity > 1
        ? Promise.reject(
            refused('INSUFFICIENT_STOCK', `Only 3 of Product ${productId} (IT-${productId}) left in stock.`, { available: 3 }),
          )
        : Promise.resolve({});
    const inCart = (id: string) => (id === 'full' ? 3 : 2);
    const r = await reorderLines([line('full', 4), line('some', 4)], add, inCart);
    expect(r.failed).toEqual([{ line: line('full', 4), reason: 'Only 3 of Product full (IT-full) left in stock.' }]);
    expect(r.partial).toEqual([{ line: line('some', 4), added: 1, reason: 'only 3 left in stock' }]);
    expect(reorderHeadline({ added: [line('x', 1)], partial: [], failed: [] })).toBe('1 of 1 line added to your cart.');
  });
});
