import { describe, expect, it } from 'vitest';
import { changedFields } from './audit.schemas.ts';

describe('changedFields', () => {
  it('lists only the fields whose value changed, before and after', () => {
    expect(changedFields({ name: 'A', route: '101', notes: null }, { name: 'B', route: '101', notes: 'x' })).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'notes', before: null, after: 'x' },
    ]);
  });

  it('lists every field of a created record with before null', () => {
    expect(changedFields(null, { name: 'A', isActive: true })).toEqual([
      { field: 'name', before: null, after: 'A' },
      { field: 'isActive', before: null, after: true },
    ]);
  });

  it('compares arrays by content, and a missing field as null', () => {
    const lines = [{ productId: 'p1', quantity: 2 }];
    expect(changedFields({ lines }, { lines: [{ productId: 'p1', quantity: 2 }] })).toEqual([]);
    expect(changedFields({ lines }, { lines: [{ productId: 'p1', quantity: 3 }] })).toHaveLength(1);
    expect(changedFields({ a: null }, {})).toEqual([]);
  });
});
