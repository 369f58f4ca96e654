// The distributor's settings written by the seed. Shapes are documented in docs/demo-data.md.
import type { DeliveryChargeSetting } from '@portal/shared/pricing/delivery-charge';

/** Shape and rule: packages/shared/src/pricing/delivery-charge.ts (the cart and orders use the same). */
export const DEMO_DELIVERY_CHARGE: DeliveryChargeSetting = {
  mode: 'by_order_value',
  flatCents: 1500,
  tiers: [
    { minSubtotalCents: 0, chargeCents: 1500 },
    { minSubtotalCents: 25000, chargeCents: 750 },
  ],
  freeOverCents: 50000,
};

export const DEMO_COMPANY = {
  name: 'Golden State Wholesale',
  legalName: 'Golden State Wholesale Distributors, Inc.',
  phone: '(916) 555-0100',
  email: 'office@goldenstate.demo.test',
  website: 'https://goldenstate.demo.test',
  address: { line1: '1200 Commerce Way', city: 'Sacramento', state: 'CA', zip: '95811' },
  supportHours: 'Monday to Saturday, 6:00 AM to 6:00 PM Pacific',
  orderCutoffTime: '16:00',
  timeZone: 'America/Los_Angeles',
  sellerPermit: 'SR-KH-102-345678',
  tobaccoDistributorLicense: 'CA-TD-48213',
};

export const DEMO_EPICK_CONFIG = {
  enabled: true,
  defaultWarehouseId: 'wh-1',
  pickListSort: 'aisle',
  groupBy: 'route',
  printPickTicket: true,
  showUpcOnPickTicket: true,
  showPricesOnPickTicket: false,
  autoConfirmOrders: false,
  allowShortPick: true,
  scanToConfirm: true,
};
