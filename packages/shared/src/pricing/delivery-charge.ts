// The distributor's delivery charge (settings key `delivery_charge`): a flat amount or tiers by
// order value, with an optional free-delivery threshold. No setting means no charge.
import { z } from 'zod';

export const DELIVERY_CHARGE_SETTING_KEY = 'delivery_charge';

const cents = z.number().int().min(0);

export const deliveryChargeSettingSchema = z.object({
  mode: z.enum(['flat', 'by_order_value']),
  flatCents: cents.optional(),
  tiers: z.array(z.object({ minSubtotalCents: cents, chargeCents: cents })).optional(),
  freeOverCents: cents.nullable().optional(),
});
export type DeliveryChargeSetting = z.infer<typeof deliveryChargeSettingSchema>;

/**
 * Charge for an order whose goods subtotal (before tax and CRV) is subtotalCents.
 * Free when the subtotal reaches freeOverCents; by order value, the tier with the highest
 * threshold reached applies (none reached: no charge). An empty cart is never charged.
 */
export function deliveryChargeCents(setting: DeliveryChargeSetting | null, subtotalCents: number): number {
  if (!setting || subtotalCents <= 0) return 0;
  if (setting.freeOverCents != null && setting.freeOverCents > 0 && subtotalCents >= setting.freeOverCents) return 0;
  if (setting.mode === 'flat') return setting.flatCents ?? 0;
  let charge = 0;
  let reached = -1;
  for (const tier of setting.tiers ?? []) {
    if (tier.minSubtotalCents <= subtotalCents && tier.minSubtotalCents > reached) {
      reached = tier.minSubtotalCents;
      charge = tier.chargeCents;
    }
  }
  return charge;
}

/** A store's own delivery rule (admin retailers): the distributor's setting, none, or its own flat amount. */
export interface StoreDeliveryTerms {
  rule: 'standard' | 'waived' | 'flat';
  flatCents: number | null;
}

/**
 * The delivery charge for one store's order: `standard` follows the distributor's setting
 * (deliveryChargeCents); `waived` is never charged; `flat` is the store's own amount on any order with
 * goods, whatever the distributor's tiers or free-delivery threshold say. An empty cart is never charged.
 */
export function storeDeliveryChargeCents(
  store: StoreDeliveryTerms,
  setting: DeliveryChargeSetting | null,
  subtotalCents: number,
): number {
  if (subtotalCents <= 0 || store.rule === 'waived') return 0;
  if (store.rule === 'flat') return store.flatCents ?? 0;
  return deliveryChargeCents(setting, subtotalCents);
}
