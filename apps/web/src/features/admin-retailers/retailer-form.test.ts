// The store form's schema: the API's own rules and messages, amounts typed in dollars sent in cents,
// blanks sent as none, and a stored store's terms read back into the same values.
import { describe, expect, it } from 'vitest';
import type { RetailerDetail } from './admin-retailers.types';
import { emptyRetailerValues, retailerForm, retailerValuesOf, type RetailerFormValues } from './retailer-form';

const filled = (extra: Partial<RetailerFormValues> = {}): RetailerFormValues => ({
  ...emptyRetailerValues(),
  cNumber: ' 20001 ',
  companyName: 'Alpine Grocery',
  contactName: 'Zed Young',
  ...extra,
});

const messages = (values: RetailerFormValues) => {
  const r = retailerForm.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('retailer form', () => {
  it('turns the inputs into the API body: cents, numbers, blanks as none', () => {
    const r = retailerForm.safeParse(
      filled({
        orderDay: '3',
        priceClass: '4',
        salesRepId: 'rep-2',
        minOrderCents: '1,250.5',
        itemLimit: '40',
        creditLimitCents: '$2000',
        deliveryChargeRule: 'flat',
        deliveryChargeCents: '7.25',
        taxExempt: true,
        city: '  ',
      }),
    );
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      cNumber: '20001',
      orderDay: 3,
      priceClass: 4,
      salesRepId: 'rep-2',
      minOrderCents: 125_050,
      itemLimit: 40,
      creditLimitCents: 200_000,
      deliveryChargeRule: 'flat',
      deliveryChargeCents: 725,
      taxExempt: true,
      city: '',
    });
    const blank = retailerForm.safeParse(filled());
    expect(blank.data).toMatchObject({ minOrderCents: null, itemLimit: null, creditLimitCents: null, deliveryChargeCents: null });
  });

  it("answers with the API's messages, and says amounts are in dollars", () => {
    expect(
      messages(
        filled({
          cNumber: 'no spaces',
          companyName: '',
          email: 'not-mail',
          minOrderCents: '12.345',
          itemLimit: '0',
          creditLimitCents: '2000000',
        }),
      ),
    ).toEqual({
      cNumber: 'C_Number must be 1 to 20 letters, digits or dashes',
      companyName: 'Business name is required',
      email: 'Enter a valid email address',
      minOrderCents: 'Minimum order amount must be an amount in dollars, like 50.00',
      itemLimit: 'Item limit must be a whole number from 1 to 100000',
      creditLimitCents: 'Credit limit must be at most $1,000,000.00',
    });
  });

  it('needs the amount of a flat delivery charge', () => {
    expect(messages(filled({ deliveryChargeRule: 'flat' }))).toEqual({
      deliveryChargeCents: 'A flat delivery charge needs its amount',
    });
  });

  it("reads a stored store's terms back in dollars", () => {
    const stored = {
      id: 'c1',
      C_Number: '10001',
      companyName: 'Corner Mart #1',
      contactName: 'Sam Patel',
      phone: '(916) 555-0001',
      email: null,
      address: '455 Main Street',
      city: 'Sacramento',
      state: 'CA',
      zip: '95814',
      routeNumber: '101',
      stopNumber: '1',
      orderDay: 3,
      salesRep: { id: 'rep-1', name: 'Maria Lopez' },
      priceClass: 1,
      minOrderCents: 5000,
      itemLimit: null,
      deliveryChargeRule: 'flat',
      deliveryChargeCents: 1250,
      creditLimitCents: null,
      paymentTermsDays: 14,
      taxExempt: false,
      notes: null,
    } as unknown as RetailerDetail;
    const values = retailerValuesOf(stored);
    expect(values).toMatchObject({
      orderDay: '3',
      salesRepId: 'rep-1',
      minOrderCents: '50.00',
      deliveryChargeCents: '12.50',
      itemLimit: '',
      paymentTermsDays: '14',
    });
    expect(retailerForm.safeParse(values).data).toMatchObject({
      minOrderCents: 5000,
      deliveryChargeCents: 1250,
      paymentTermsDays: 14,
      email: '',
    });
  });
});
