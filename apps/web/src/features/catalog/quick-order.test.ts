import { describe, expect, it } from 'vitest';
import { matchesCode, parseQuickOrder, quickOrderSummary, sameUpc } from './quick-order';

describe('quick order parsing', () => {
  it('a code alone takes the default quantity', () => {
    expect(parseQuickOrder('10025')).toEqual({ lines: [{ code: '10025', quantity: 1 }], errors: [] });
    expect(parseQuickOrder('10025', 6).lines).toEqual([{ code: '10025', quantity: 6 }]);
  });

  it('code and quantity in the forms people type and paste', () => {
    const text = ['10025 3', 'AB-77\t12', '012345678905, 2', 'XY9 x 4', 'QQ1 x5', '7x ZZ2', '  ', 'KK1;9'].join('\n');
    expect(parseQuickOrder(text)).toEqual({
      lines: [
        { code: '10025', quantity: 3 },
        { code: 'AB-77', quantity: 12 },
        { code: '012345678905', quantity: 2 },
        { code: 'XY9', quantity: 4 },
        { code: 'QQ1', quantity: 5 },
        { code: 'ZZ2', quantity: 7 },
        { code: 'KK1', quantity: 9 },
      ],
      errors: [],
    });
  });

  it('a long second number is a second code (a UPC), not a quantity', () => {
    expect(parseQuickOrder('012345678905 036000291452').lines).toEqual([
      { code: '012345678905', quantity: 1 },
      { code: '036000291452', quantity: 1 },
    ]);
  });

  it('a list of codes on one line each take the default quantity; Windows line ends work', () => {
    expect(parseQuickOrder('A1, B2, C3\r\nD4', 2).lines.map((l) => [l.code, l.quantity])).toEqual([
      ['A1', 2],
      ['B2', 2],
      ['C3', 2],
      ['D4', 2],
    ]);
  });

  it('the same code twice is one line with the quantities summed, whatever the case', () => {
    expect(parseQuickOrder('ab1 2\nAB1 3').lines).toEqual([{ code: 'ab1', quantity: 5 }]);
  });

  it('reports bad codes and zero quantities by line and keeps the good lines', () => {
    const r = parseQuickOrder('10025 0\n$$$ 2\n"10030" 1');
    expect(r.lines).toEqual([{ code: '10030', quantity: 1 }]);
    expect(r.errors).toEqual([
      'Line 1: the quantity for 10025 must be at least 1',
      'Line 2: "$$$" is not a valid item number or UPC',
    ]);
  });

  it('empty text gives nothing', () => {
    expect(parseQuickOrder(' \n\n ')).toEqual({ lines: [], errors: [] });
  });
});

describe('matching a code to a catalogue product', () => {
  const p = { Item_Number: 'BEV-100', UPCList: [{ UPC_Number: '012345678905' }] };
  it('by item number, case-insensitive', () => {
    expect(matchesCode(p, 'bev-100')).toBe(true);
    expect(matchesCode(p, 'BEV-10')).toBe(false);
  });
  it('by UPC, with or without leading zeros (UPC-A in EAN-13)', () => {
    expect(matchesCode(p, '012345678905')).toBe(true);
    expect(matchesCode(p, '0012345678905')).toBe(true);
    expect(matchesCode(p, '12345678905')).toBe(true);
    expect(matchesCode(p, '12345678906')).toBe(false);
    expect(sameUpc('000', '0')).toBe(false);
  });
});

describe('quick-order summary', () => {
  const p = (kind: 'notFound' | 'unavailable' | 'other', n: number) =>
    Array.from({ length: n }, (_, i) => ({ kind, text: `${kind} ${i}` }));
  it('counts what was added and each kind of problem', () => {
    expect(quickOrderSummary(97, p('notFound', 3))).toBe('97 added · 3 not found');
    expect(quickOrderSummary(90, [...p('notFound', 4), ...p('unavailable', 2), ...p('other', 4)])).toBe(
      '90 added · 4 not found · 2 not available · 4 not added',
    );
    expect(quickOrderSummary(5, [])).toBe('5 added');
    expect(quickOrderSummary(0, p('notFound', 2))).toBe('2 not found');
  });
});
