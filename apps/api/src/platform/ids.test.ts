import { validate, version } from 'uuid';
import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('makes version 7 UUIDs that sort in the order they were made', () => {
    const ids = Array.from({ length: 1_000 }, () => newId());
    expect(ids.every((id) => validate(id) && version(id) === 7)).toBe(true);
    expect(new Set(ids).size).toBe(1_000);
    expect([...ids].sort()).toEqual(ids);
  });
});
