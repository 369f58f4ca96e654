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

/** The distributor's time zone (settings key time_zone, modules/settings): its documents' dates. */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';

/** Pick list settings (shape: packages/shared/src/epick/epick.schemas.ts; docs/pick-lists.md). */
export const DEMO_EPICK_CONFIG = {
  groupBy: 'route',
  sortBy: 'location',
  loadOrder: 'reverse_stop',
  printPrices: false,
};
