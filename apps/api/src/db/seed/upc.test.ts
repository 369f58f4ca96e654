import { describe, expect, it } from 'vitest';
import { isValidUpcA, makeUpcA, upcCheckDigit } from './upc.ts';

describe('UPC-A check digits', () => {
  it('computes the check digit of well-known codes', () => {
    expect(upcCheckDigit('03600029145')).toBe(2); // 036000291452
    expect(isValidUpcA('036000291452')).toBe(true);
  });

  it('rejects a wrong check digit, wrong length or non-digits', () => {
    expect(isValidUpcA('036000291453')).toBe(false);
    expect(isValidUpcA('03600029145')).toBe(false);
    expect(isValidUpcA('03600029145X')).toBe(false);
  });

  it('builds valid codes from a manufacturer and an item code', () => {
    expect(makeUpcA(36000, 29145)).toBe('036000291452');
    for (let item = 0; item < 2000; item += 7) expect(isValidUpcA(makeUpcA(12345, item))).toBe(true);
    expect(() => makeUpcA(100000, 1)).toThrow('5 digits');
  });
});
