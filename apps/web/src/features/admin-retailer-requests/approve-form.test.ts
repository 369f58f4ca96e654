// The approval form turns what the office types into the API's approval body, with the store form's messages.
import { describe, expect, it } from 'vitest';
import { approveForm, type ApproveFormValues } from './approve-form';

const typed = (over: Partial<ApproveFormValues> = {}): ApproveFormValues => ({
  cNumber: '10062',
  routeNumber: '101',
  stopNumber: '9',
  orderDay: '3',
  priceClass: '2',
  salesRepId: 'rep-1',
  minOrder: '150.5',
  itemLimit: '40',
  ...over,
});

const messages = (values: ApproveFormValues) => {
  const r = approveForm.safeParse(values);
  // The first message of each field, as the form shows it.
  return r.success ? {} : Object.fromEntries(r.error.issues.reverse().map((i) => [i.path.join('.'), i.message]));
};

describe('approve form', () => {
  it('sends cents, numbers and no rep as null', () => {
    expect(approveForm.parse(typed())).toMatchObject({
      cNumber: '10062',
      routeNumber: '101',
      stopNumber: '9',
      orderDay: 3,
      priceClass: 2,
      salesRepId: 'rep-1',
      minOrderCents: 15050,
      itemLimit: 40,
      deliveryChargeRule: 'standard',
      taxExempt: false,
    });
    expect(approveForm.parse(typed({ salesRepId: '', minOrder: '', itemLimit: '' }))).toMatchObject({
      salesRepId: null,
      minOrderCents: null,
      itemLimit: null,
    });
  });

  it('refuses with the store form messages', () => {
    expect(messages(typed({ cNumber: '' }))).toEqual({ cNumber: 'C_Number is required' });
    expect(messages(typed({ cNumber: 'a b' }))).toEqual({ cNumber: 'C_Number must be 1 to 20 letters, digits or dashes' });
    expect(messages(typed({ minOrder: '1.234' }))).toEqual({
      minOrder: 'Minimum order amount must be a dollar amount with at most 2 decimals',
    });
    expect(messages(typed({ itemLimit: '0' }))).toEqual({ itemLimit: 'Item limit must be a whole number from 1 to 100000' });
  });
});
