import { describe, expect, it } from 'vitest';
import { createCategoryBody } from '../categories/categories.schemas.ts';
import { isVendorPhone, vendorBody, vendorListQuery } from './vendors.schemas.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('vendor form rules', () => {
  it('accepts phones of digits, spaces, + ( ) - with 7 to 20 characters', () => {
    expect(['5550100', '+1 (916) 555-0199', '916 555 0100', '1'.repeat(20)].every(isVendorPhone)).toBe(true);
    expect(['555010', '1'.repeat(21), '555-0100 x4', '(916) ABC-0100', '+ ( ) - - -'].some(isVendorPhone)).toBe(false);
  });

  it('trims, keeps empty optional fields as empty, and names the failing rule', () => {
    expect(vendorBody.parse({ name: ' Acme ', email: '' })).toEqual({ name: 'Acme', email: '' });
    expect(firstMessage(vendorBody.safeParse({ name: ' ' }))).toBe('Vendor name is required');
    expect(firstMessage(vendorBody.safeParse({ name: 'A', email: 'a@b' }))).toBe('Enter a valid email address');
    expect(firstMessage(vendorBody.safeParse({ name: 'A', phone: '12' }))).toBe('Enter a valid phone number');
  });

  it('defaults the list to page 1, 25 a page, every status', () => {
    expect(vendorListQuery.parse({})).toEqual({ page: 1, limit: 25, status: 'all' });
  });
});

describe('category form rules', () => {
  it('makes an empty or missing parent a top-level category', () => {
    expect(createCategoryBody.parse({ name: 'Snacks' })).toEqual({ name: 'Snacks', parentId: null });
    expect(createCategoryBody.parse({ name: 'Chips', parentId: '' })).toEqual({ name: 'Chips', parentId: null });
    expect(firstMessage(createCategoryBody.safeParse({ name: '' }))).toBe('Category name is required');
  });
});
