// Who is buying: the customer whose prices, cart and orders apply, and who acts for it.
// Services take this explicitly and never read the request, so the retailer routes (own store)
// and the sales routes (a rep's chosen customer) share the same services.
import { creditPolicyOf, type CreditPolicy } from '@portal/shared/credit/credit';
import { compiledOnce, type DbOrTrx } from '../db/database.ts';
import type { Actor } from './auth/actor.ts';
import { forbidden, notFound } from './errors.ts';

export type Audience = 'retailer' | 'sales';

export interface BuyerContext {
  distributorId: string;
  customerId: string;
  /** The signed-in user acting; carts are kept per (customer, user). */
  userId: string;
  /** Whose visibility flags apply: the retailer's or the sales rep's. */
  audience: Audience;
  placedByRole: 'retailer' | 'sales' | 'distributor';
}

/** A retailer buys for its own store. */
export function retailerBuyer(actor: Actor): BuyerContext {
  if (actor.role !== 'retailer' || !actor.customerId) throw forbidden('This account is not linked to a store');
  return {
    distributorId: actor.distributorId,
    customerId: actor.customerId,
    userId: actor.userId,
    audience: 'retailer',
    placedByRole: 'retailer',
  };
}

/** A sales rep buys for a customer the sales module has already checked belongs to the rep. */
export function salesBuyer(actor: Actor, customerId: string): BuyerContext {
  if (actor.role !== 'sales') throw forbidden();
  return { distributorId: actor.distributorId, customerId, userId: actor.userId, audience: 'sales', placedByRole: 'sales' };
}

/** The pricing terms of the buyer's customer (price level and route also choose its promotions). */
export interface BuyerTerms {
  customerId: string;
  priceLevel: number;
  minOrderCents: number | null;
  itemLimitQty: number | null;
  /** The customer's route number (promotion audiences by route), trimmed; null when none. */
  route: string | null;
}

export async function loadBuyerTerms(db: DbOrTrx, buyer: BuyerContext): Promise<BuyerTerms> {
  const row = await db
    .selectFrom('customers')
    .select(['id', 'price_level', 'min_order_cents', 'item_limit_qty', 'route_number', 'is_active'])
    .where('id', '=', buyer.customerId)
    .where('distributor_id', '=', buyer.distributorId)
    .executeTakeFirst();
  if (!row) throw notFound('Customer not found');
  return termsOf(row);
}

/** Pricing terms from a customer row (a price level outside 1..5 reads as 1). */
export function termsOf(row: {
  id: string;
  price_level: number | string | null;
  min_order_cents: number | null;
  item_limit_qty: number | null;
  route_number: string | null;
}): BuyerTerms {
  const level = Number(row.price_level);
  return {
    customerId: row.id,
    priceLevel: level >= 1 && level <= 5 ? level : 1,
    minOrderCents: row.min_order_cents,
    itemLimitQty: row.item_limit_qty,
    route: row.route_number?.trim() || null,
  };
}

/**
 * The office looking at a store's catalogue as the store sees it (admin preview): the store's terms and
 * the retailer's flags, read-only. The distributor user's own cart for the store is always empty.
 */
export function previewBuyer(actor: Actor, customerId: string): BuyerContext {
  if (actor.role !== 'distributor') throw forbidden();
  return {
    distributorId: actor.distributorId,
    customerId,
    userId: actor.userId,
    audience: 'retailer',
    placedByRole: 'distributor',
  };
}

/** What a store's own terms do to its cart and orders: delivery rule, tax exemption, credit limit. */
export interface BuyerChargeTerms {
  delivery: { rule: 'standard' | 'waived' | 'flat'; flatCents: number | null };
  taxExempt: boolean;
  creditLimitCents: number | null;
  /** What being over the credit limit does (0029): none, warn or hold. */
  creditPolicy: CreditPolicy;
  /** The receivables balance now (inside the order's transaction: as locked). */
  balanceCents: number;
}

// Every cart answer and placed order reads these: compiled once (see compiledOnce).
const chargeTerms = compiledOnce(['customerId', 'distributorId'], (db, p) =>
  db
    .selectFrom('customers')
    .select([
      'delivery_charge_rule',
      'delivery_charge_cents',
      'is_tax_exempt',
      'credit_limit_cents',
      'credit_policy',
      'balance_cents',
    ])
    .where('id', '=', p.customerId)
    .where('distributor_id', '=', p.distributorId),
);

export async function loadBuyerChargeTerms(db: DbOrTrx, buyer: BuyerContext): Promise<BuyerChargeTerms> {
  const [row] = await chargeTerms(db, buyer);
  if (!row) throw notFound('Customer not found');
  const rule = row.delivery_charge_rule;
  return {
    delivery: {
      rule: rule === 'waived' || rule === 'flat' ? rule : 'standard',
      flatCents: row.delivery_charge_cents == null ? null : Number(row.delivery_charge_cents),
    },
    taxExempt: Number(row.is_tax_exempt) === 1,
    creditLimitCents: row.credit_limit_cents == null ? null : Number(row.credit_limit_cents),
    creditPolicy: creditPolicyOf(row.credit_policy),
    balanceCents: Number(row.balance_cents),
  };
}
